"""Saves: a game is its config, its seed and the actions applied to it.

A save is JSON. Loading replays the actions and checks the digest stored beside them. A save that
cannot be used raises SaveError with a message for a person, and the file is never modified.
Writes are atomic (temp file, flush, fsync, rename) so a crash leaves the previous save intact.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from guardians import __version__
from guardians.engine.actions import Action, IllegalAction
from guardians.engine.paths import user_dir
from guardians.engine.registry import get_game
from guardians.engine.state import GameConfig, GameState

FORMAT = "guardians-save"
FORMAT_VERSION = 1


class SaveError(Exception):
    """A save that cannot be loaded. The file is left as it was."""

    def __init__(self, path: Path | str, reason: str) -> None:
        self.path = Path(path)
        self.reason = reason
        super().__init__(f"{self.path}: {reason}")


def save_data(state: GameState) -> dict[str, Any]:
    game = get_game(state.game_id)
    return {
        "format": FORMAT,
        "version": FORMAT_VERSION,
        "app_version": __version__,
        "game": state.game_id,
        "content_hash": game.content_hash(),
        "config": state.config.to_json(),
        "seed": state.seed,
        "actions": [[entry.action.kind, list(entry.action.args)] for entry in state.history],
        "digest": state.digest(),
    }


def write_atomic(path: Path, text: str) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    fd, tmp = tempfile.mkstemp(prefix=path.name + ".", suffix=".tmp", dir=path.parent)
    try:
        with os.fdopen(fd, "w", encoding="utf-8") as handle:
            handle.write(text)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(tmp, path)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise


def write_save(path: Path, state: GameState) -> None:
    write_atomic(path, json.dumps(save_data(state), separators=(",", ":")))


def replay(config: GameConfig, seed: int, actions: list[Action]) -> GameState:
    """Rebuild a state from its config, seed and actions (raises IllegalAction on a bad action)."""
    state = get_game(config.game).new_game(config, seed)
    for action in actions:
        state.apply(action)
    return state


def undo(state: GameState, seat: int, count: int = 1) -> GameState:
    """The state before `seat`'s last `count` actions, if the rules of undo allow it."""
    if count < 1 or count > state.undoable_count(seat):
        raise IllegalAction("nothing of yours can be taken back now")
    actions = [entry.action for entry in state.history[:-count]]
    return replay(state.config, state.seed, actions)


def load_save(path: Path | str) -> GameState:
    """Load and verify a save. Raises SaveError (never modifies the file)."""
    path = Path(path)
    try:
        raw = path.read_bytes()
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})") from exc
    try:
        data = json.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise SaveError(path, "is damaged or truncated (not valid JSON)") from None
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, "is not a Guardians Tabletop save")
    if data.get("version") != FORMAT_VERSION:
        raise SaveError(path, f"was written by a different version of the save format "
                              f"({data.get('version')!r}; this app reads {FORMAT_VERSION})")
    try:
        game = get_game(str(data["game"]))
    except (KeyError, ImportError):
        raise SaveError(path, f"is for a game this app does not have ({data.get('game')!r})") from None
    try:
        current_hash = game.content_hash()
    except Exception as exc:  # broken content must not crash loading either
        raise SaveError(path, f"cannot be checked: this app's card set fails to load ({exc})") from None
    if data.get("content_hash") != current_hash:
        raise SaveError(path, "was made with a different card set than this app's; it cannot be replayed")
    try:
        config = GameConfig.from_json(data["config"])
        seed = int(data["seed"])
        actions = [Action(str(kind), tuple(args)) for kind, args in data["actions"]]
    except (KeyError, TypeError, ValueError, AttributeError):
        raise SaveError(path, "is damaged (missing or malformed fields)") from None
    if config.game != data["game"]:
        raise SaveError(path, f"is damaged: its settings are for {config.game!r}, not {data['game']!r}")
    try:
        state = replay(config, seed, actions)
    except IllegalAction as exc:
        raise SaveError(path, f"is damaged: its actions do not replay ({exc})") from None
    except Exception as exc:  # a save must never crash the app
        raise SaveError(path, f"is damaged: replay failed ({type(exc).__name__}: {exc})") from None
    if data.get("digest") != state.digest():
        raise SaveError(path, "replayed to a different position than was saved (digest mismatch)")
    return state


def autosave_path() -> Path:
    return user_dir() / "autosave.json"


def autosave(state: GameState) -> None:
    """Called after every applied action; a finished game removes the autosave."""
    path = autosave_path()
    if state.is_over:
        path.unlink(missing_ok=True)
    else:
        write_save(path, state)
