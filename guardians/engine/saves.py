"""Saves: a game is its config, its seed and the actions applied to it.

A save is JSON. Loading replays the actions and checks the digest stored beside them. A save that
cannot be used raises SaveError with a message for a person, and the file is never modified.
Writes are atomic (temp file, flush, fsync, rename) so a crash leaves the previous save intact.
"""

from __future__ import annotations

import json
import os
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from guardians import __version__
from guardians.engine.actions import Action, IllegalAction
from guardians.engine.content import ContentErrors
from guardians.engine.paths import user_dir
from guardians.engine.registry import get_game
from guardians.engine.state import SEAT_SPECS, GameConfig, GameState, is_seat_spec

FORMAT = "guardians-save"
FORMAT_VERSION = 1


# What kind of problem a SaveError is, so the app can treat it right: a damaged save is moved aside
# and the menu opens; a save the app cannot check because its own game or card files are broken is left
# where it is (the save is not at fault); a save one of whose moves is no longer legal under changed
# card files is kept for the player to archive or delete.
DAMAGED = "damaged"
UNREADABLE = "unreadable"
APP_BROKEN = "app-broken"
NO_LONGER_FITS = "no-longer-fits"

MAX_SHOWN = 40      # characters of a bad value quoted in a message
MAX_OPTION_ITEMS = 16  # values in one list-valued game option (a deck per seat)
MAX_REASON = 300    # characters of a whole reason


class SaveError(Exception):
    """A save that cannot be loaded. The file is left as it was. `reason` is one line for a person,
    to follow "the save ..."; `kind` is DAMAGED, UNREADABLE, APP_BROKEN or NO_LONGER_FITS."""

    def __init__(self, path: Path | str, reason: str, kind: str = DAMAGED) -> None:
        self.path = Path(path)
        reason = " ".join(reason.split())     # one line, whatever an exception's text held
        self.reason = reason if len(reason) <= MAX_REASON else reason[:MAX_REASON] + "…"
        self.kind = kind
        super().__init__(f"{self.path}: {reason}")


@dataclass(frozen=True)
class Snapshot:
    """What a save holds, taken from a state cheaply (the actions and the digest; the card-set hash is
    computed once per process): immutable, so a writer thread can serialise and write it while the
    game goes on."""

    game: str
    content_hash: str
    config: GameConfig
    seed: int
    actions: tuple[Action, ...]
    digest: str
    over: bool

    @classmethod
    def of(cls, state: GameState) -> "Snapshot":
        return cls(state.game_id, get_game(state.game_id).content_hash(), state.config, state.seed,
                   tuple(entry.action for entry in state.history), state.digest(), state.is_over)

    def data(self) -> dict[str, Any]:
        return {
            "format": FORMAT,
            "version": FORMAT_VERSION,
            "app_version": __version__,
            "game": self.game,
            "content_hash": self.content_hash,
            "config": self.config.to_json(),
            "seed": self.seed,
            "actions": [[action.kind, list(action.args)] for action in self.actions],
            "labels": [action.label for action in self.actions],    # to name a move that no longer fits
            "digest": self.digest,
        }

    def text(self) -> str:
        return json.dumps(self.data(), separators=(",", ":"))


def save_data(state: GameState) -> dict[str, Any]:
    return Snapshot.of(state).data()


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
    write_atomic(path, Snapshot.of(state).text())


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


def _shown(value: Any) -> str:
    """A value from a save, quoted for a message: short, one line, never a huge or nested repr."""
    if isinstance(value, str):
        text = value if len(value) <= MAX_SHOWN else value[:MAX_SHOWN] + "…"
        return repr(text.replace("\n", " "))
    if isinstance(value, bool) or value is None:
        return repr(value)
    if isinstance(value, int) and abs(value) < 10**12:
        return repr(value)
    return f"a {type(value).__name__}"


def _is_int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _is_arg(value: Any) -> bool:
    """An action argument as saves write them (str, int, bool or None)."""
    return value is None or isinstance(value, (str, bool)) or _is_int(value)


def _is_option(value: Any) -> bool:
    """A game option as saves write them: an action argument, or a short list of them (realms' decks)."""
    if isinstance(value, list):
        return len(value) <= MAX_OPTION_ITEMS and all(_is_arg(v) for v in value)
    return _is_arg(value)


def _parse(path: Path, raw: bytes) -> Any:
    """The JSON in `raw`; SaveError for anything that is not (bad bytes, too deep, numbers too long)."""
    try:
        return json.loads(raw.decode("utf-8"))
    except RecursionError:
        raise SaveError(path, "is damaged (its data is nested too deeply to be a save)") from None
    except ValueError as exc:   # JSONDecodeError, UnicodeDecodeError, an integer past Python's digit limit
        if "digits" in str(exc) and not isinstance(exc, (json.JSONDecodeError, UnicodeDecodeError)):
            raise SaveError(path, "is damaged (it holds a number too long to be a save's)") from None
        raise SaveError(path, "is damaged or truncated (not valid JSON)") from None


def _config(path: Path, data: dict[str, Any], game_id: str, info: Any) -> GameConfig:
    """The save's settings, checked field by field against what the game offers."""
    raw = data.get("config")
    if not isinstance(raw, dict):
        raise SaveError(path, "is damaged (its settings are missing)")
    if raw.get("game") != game_id:
        raise SaveError(path, f"is damaged: its settings are for {_shown(raw.get('game'))}, not {game_id!r}")
    players, seats = raw.get("players"), raw.get("seats", [])
    if not _is_int(players) or players not in info.allowed_counts():
        raise SaveError(path, f"is damaged: {info.title} is not played by {_shown(players)} players")
    if not isinstance(seats, list) or len(seats) != players or not all(isinstance(s, str) for s in seats):
        raise SaveError(path, f"is damaged: its seats do not match its {players} players")
    for number, spec in enumerate(seats, 1):
        if not is_seat_spec(spec):
            kind = "a computer player" if spec.startswith("ai") else "a kind of player"
            raise SaveError(path, f"has {kind} this app does not have for Player {number} "
                                  f"({_shown(spec)}; this app has {', '.join(SEAT_SPECS)})")
    variant = raw.get("variant", "standard")
    if not isinstance(variant, str) or variant not in info.variants:
        raise SaveError(path, f"is for a variant of {info.title} this app does not have ({_shown(variant)})")
    options = raw.get("options", {})
    if not isinstance(options, dict) or not all(_is_option(v) for v in options.values()):
        raise SaveError(path, "is damaged (its game options are malformed)")
    return GameConfig(game=game_id, players=players, seats=tuple(seats), variant=variant,
                      options=tuple(sorted(options.items())))


def _actions(path: Path, raw: Any) -> list[Action]:
    if not isinstance(raw, list):
        raise SaveError(path, "is damaged (missing or malformed fields: its moves are not a list)")
    actions = []
    for number, entry in enumerate(raw, 1):
        if not (isinstance(entry, list) and len(entry) == 2 and isinstance(entry[0], str)
                and isinstance(entry[1], list) and all(_is_arg(arg) for arg in entry[1])):
            raise SaveError(path, f"is damaged (missing or malformed fields: move {number} is malformed)")
        actions.append(Action(entry[0], tuple(entry[1])))
    return actions


@dataclass(frozen=True)
class SaveHeader:
    """A save read and checked without replaying it: enough for the menu to offer it (game, players,
    moves, when) in a millisecond; `verify` replays it."""

    path: Path
    game: str
    title: str
    config: GameConfig
    seed: int
    actions: tuple[Action, ...]
    labels: tuple[str, ...]  # the moves' labels as the save recorded them (older saves: none)
    content_hash: Any
    digest: Any
    saved_at: float          # the file's modification time

    @property
    def moves(self) -> int:
        return len(self.actions)

    def move_words(self, number: int) -> str:
        """Move `number` (1-based) for a message: its recorded label, or its kind and arguments."""
        action = self.actions[number - 1]
        if len(self.labels) == len(self.actions) and self.labels[number - 1]:
            return f"move {number} ({self.labels[number - 1]!r})"
        return f"move {number} ({' '.join([action.kind, *map(str, action.args)])})"


def read_header(path: Path | str) -> SaveHeader:
    """Read a save and check every field, without replaying it. Raises SaveError and nothing else,
    whatever the file holds; never modifies the file."""
    path = Path(path)
    try:
        raw = path.read_bytes()
        saved_at = path.stat().st_mtime
    except OSError as exc:
        raise SaveError(path, f"cannot be read ({exc.strerror or exc})", UNREADABLE) from exc
    data = _parse(path, raw)
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveError(path, "is not a Guardians Tabletop save")
    if data.get("version") != FORMAT_VERSION:
        raise SaveError(path, f"was written by a different version of the save format "
                              f"({_shown(data.get('version'))}; this app reads {FORMAT_VERSION})")
    game_id = data.get("game")
    try:
        game = get_game(game_id) if isinstance(game_id, str) else None
    except (KeyError, ImportError):
        game = None
    except Exception as exc:   # the game's package itself fails: the app is broken, not the save
        raise SaveError(path, f"cannot be checked: this app's game {game_id!r} fails to load "
                              f"({type(exc).__name__}: {exc})", APP_BROKEN) from None
    if game is None:
        raise SaveError(path, f"is for a game this app does not have ({_shown(game_id)})")
    assert isinstance(game_id, str)
    config = _config(path, data, game_id, game.INFO)
    seed = data.get("seed")
    if not _is_int(seed):
        raise SaveError(path, "is damaged (missing or malformed fields: its seed is not a whole number)")
    actions = _actions(path, data.get("actions"))
    labels = data.get("labels")
    if not (isinstance(labels, list) and len(labels) == len(actions) and all(isinstance(x, str) for x in labels)):
        labels = []      # only words for messages: a save without them is still whole
    return SaveHeader(path, game_id, game.INFO.title, config, seed, tuple(actions), tuple(labels),
                      data.get("content_hash"), data.get("digest"), saved_at)


def _current_hash(header: SaveHeader) -> str:
    try:
        return get_game(header.game).content_hash()
    except Exception as exc:  # broken content must not crash loading either
        raise SaveError(header.path, f"cannot be checked: this app's card files for {header.title} fail to "
                                     f"load ({type(exc).__name__}: {exc})", APP_BROKEN) from None


def cards_changed(header: SaveHeader) -> bool:
    """Whether the game's card files changed since the save was written (a balance patch, say)."""
    try:
        return header.content_hash != get_game(header.game).content_hash()
    except Exception:
        return False      # verify says what is wrong with the card files


def _broken_cards(header: SaveHeader, exc: ContentErrors) -> SaveError:
    """The card files are at fault, not the save: say so, with the first of their problems."""
    first = exc.errors[0].words() if exc.errors else str(exc)
    more = f"; and {len(exc.errors) - 1} more problems" if len(exc.errors) > 1 else ""
    return SaveError(header.path, f"cannot be replayed because this app's card files for {header.title} are "
                                  f"broken ({first}{more})", APP_BROKEN)


def verify(header: SaveHeader) -> GameState:
    """Replay a save read by `read_header`. Under the card files it was made with it must arrive where
    it was saved (the digest); after the card files changed, every move must still be legal (the
    position it leads to may differ: that is what a balance patch does). Raises SaveError and nothing
    else; never modifies the file."""
    path = header.path
    changed = header.content_hash != _current_hash(header)
    try:
        state = get_game(header.game).new_game(header.config, header.seed)
    except ContentErrors as exc:
        raise _broken_cards(header, exc) from None
    except Exception as exc:  # a save must never crash the app
        raise SaveError(path, f"is damaged: replay failed ({type(exc).__name__}: {exc})") from None
    for number, action in enumerate(header.actions, 1):
        try:
            state.apply(action)
        except ContentErrors as exc:
            raise _broken_cards(header, exc) from None
        except IllegalAction as exc:
            if changed:
                raise SaveError(path, f"no longer fits the changed card files of {header.title}: "
                                      f"{header.move_words(number)} is not allowed under them", NO_LONGER_FITS) from None
            raise SaveError(path, f"is damaged: its actions do not replay ({header.move_words(number)}: {exc})") from None
        except Exception as exc:  # a save must never crash the app
            if changed:
                raise SaveError(path, f"no longer fits the changed card files of {header.title}: "
                                      f"{header.move_words(number)} fails under them ({type(exc).__name__}: {exc})",
                                NO_LONGER_FITS) from None
            raise SaveError(path, f"is damaged: replay failed at {header.move_words(number)} "
                                  f"({type(exc).__name__}: {exc})") from None
    if not changed and header.digest != state.digest():
        raise SaveError(path, "replayed to a different position than was saved (digest mismatch)")
    return state


def load_save(path: Path | str) -> GameState:
    """Read, replay and verify a save. Raises SaveError and nothing else, whatever the file holds;
    never modifies the file."""
    return verify(read_header(path))


def move_aside(path: Path, tag: str) -> Path:
    """Rename `path` to `<stem>.<tag>-<time><suffix>` beside it (bytes untouched, nothing overwritten);
    the new path. Raises OSError when the file cannot be moved."""
    stamp = time.strftime("%Y%m%d-%H%M%S")
    target = path.with_name(f"{path.stem}.{tag}-{stamp}{path.suffix}")
    number = 1
    while target.exists():
        number += 1
        target = path.with_name(f"{path.stem}.{tag}-{stamp}-{number}{path.suffix}")
    os.rename(path, target)
    return target


def autosave_path() -> Path:
    return user_dir() / "autosave.json"


def autosave(state: GameState) -> None:
    """Called after every applied action; a finished game removes the autosave."""
    path = autosave_path()
    if state.is_over:
        path.unlink(missing_ok=True)
    else:
        write_save(path, state)
