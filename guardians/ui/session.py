"""A game in progress as the app runs it: the state, AI turns off the frame loop, autosave, undo and
whose eyes are on the screen (hotseat). No pygame here, so it is tested without a window.
"""

from __future__ import annotations

import threading
import time
from pathlib import Path

from guardians.ai import make_player
from guardians.engine import saves
from guardians.engine.actions import Action, IllegalAction
from guardians.engine.paths import user_dir
from guardians.engine.registry import get_game, new_game
from guardians.engine.state import GameConfig, GameState

MAX_AUTOSAVE_SLOTS = 10


# ----- autosave slots: a damaged autosave is kept as it is and never overwritten -----------------

def autosave_slots() -> list[Path]:
    """`autosave.json` first, then spare slots used only while an earlier slot holds a damaged file."""
    return [saves.autosave_path()] + [user_dir() / f"autosave-{i}.json" for i in range(1, MAX_AUTOSAVE_SLOTS)]


def find_resumable() -> tuple[GameState | None, Path | None, list[saves.SaveError]]:
    """The first autosave that loads (state and path) and the errors of the damaged ones before it."""
    errors: list[saves.SaveError] = []
    for path in autosave_slots():
        if not path.exists():
            continue
        try:
            return saves.load_save(path), path, errors
        except saves.SaveError as exc:
            errors.append(exc)
    return None, None, errors


def autosave_target() -> Path:
    """Where a new game autosaves: the first slot that is free or holds a loadable save."""
    for path in autosave_slots():
        if not path.exists():
            return path
        try:
            saves.load_save(path)
            return path
        except saves.SaveError:
            continue
    return autosave_slots()[-1]


def write_autosave(path: Path, state: GameState) -> None:
    """`saves.autosave` for any slot: atomic write, and a finished game removes its autosave."""
    if path == saves.autosave_path():
        saves.autosave(state)
    elif state.is_over:
        path.unlink(missing_ok=True)
    else:
        saves.write_save(path, state)


def has_hidden_information(game_id: str) -> bool:
    """Whether seats see different things; games may say so with `INFO.hidden_information`."""
    try:
        return bool(getattr(get_game(game_id).INFO, "hidden_information", True))
    except Exception:
        return True


# ----- the AI worker -------------------------------------------------------------------------------

class AIJob:
    """One AI choice computed on a worker thread from a clone of the state."""

    def __init__(self, player, state: GameState, generation: int) -> None:
        self.generation = generation
        self.seat = state.decision.seat if state.decision else -1
        self.started = time.monotonic()
        self.result: Action | None = None
        self.error: BaseException | None = None
        self.done = threading.Event()
        self._player = player
        self._state = state
        self.thread = threading.Thread(target=self._run, name="guardians-ai", daemon=True)
        self.thread.start()

    def _run(self) -> None:
        try:
            self.result = self._player.choose(self._state)
        except BaseException as exc:  # reported on the main thread
            self.error = exc
        finally:
            self.done.set()


# ----- the session ---------------------------------------------------------------------------------

class Session:
    """Runs one game for the UI: apply choices, autosave, AI turns, undo and hotseat hand-overs."""

    def __init__(self, state: GameState, save_path: Path | None = None, pace: float = 0.0) -> None:
        self.state = state
        self.game_id = state.game_id or state.config.game
        self.save_path = save_path if save_path is not None else autosave_target()
        self.pace = pace
        self.humans = tuple(s for s in range(state.config.players) if not state.seat_is_ai(s))
        self.hidden = has_hidden_information(self.game_id)
        self.message: str | None = None
        self.generation = 0
        self.job: AIJob | None = None
        self._players: dict[int, object] = {}
        self.last_human = self._last_human_in_history()
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        if len(self.humans) > 1 and not self.hidden:
            self.viewer = self.human_to_move if self.human_to_move is not None else self.humans[0]

    @classmethod
    def start(cls, config: GameConfig, seed: int, pace: float = 0.0) -> "Session":
        return cls(new_game(config, seed), pace=pace)

    # ----- who is who ------------------------------------------------------------------------

    @property
    def seat_to_move(self) -> int | None:
        decision = self.state.decision
        return decision.seat if decision is not None else None

    @property
    def human_to_move(self) -> int | None:
        seat = self.seat_to_move
        return seat if seat is not None and seat in self.humans else None

    @property
    def ai_to_move(self) -> int | None:
        seat = self.seat_to_move
        return seat if seat is not None and seat not in self.humans else None

    @property
    def needs_handover(self) -> bool:
        """A human other than the one watching must choose, and the game hides things between seats."""
        seat = self.human_to_move
        return seat is not None and len(self.humans) > 1 and self.hidden and seat != self.viewer

    def accept_handover(self) -> None:
        if self.human_to_move is not None:
            self.viewer = self.human_to_move

    def _follow_turn(self) -> None:
        if len(self.humans) > 1 and not self.hidden and self.human_to_move is not None:
            self.viewer = self.human_to_move

    def _last_human_in_history(self) -> int | None:
        for entry in reversed(self.state.history):
            if entry.seat in self.humans:
                return entry.seat
        return None

    # ----- choices ----------------------------------------------------------------------------

    def apply(self, action: Action) -> None:
        """Apply a choice of the seat to move (raises IllegalAction), then autosave."""
        seat = self.seat_to_move
        self.state.apply(action)
        self.generation += 1
        self.job = None
        if seat in self.humans:
            self.last_human = seat
        self._follow_turn()
        self._autosave()

    def _autosave(self) -> None:
        try:
            write_autosave(self.save_path, self.state)
        except OSError as exc:
            self.message = f"Autosave failed: {exc.strerror or exc}"

    @property
    def can_undo(self) -> bool:
        return self.last_human is not None and self.state.undoable_count(self.last_human) > 0

    def undo(self) -> bool:
        """Take back the last action of the human who acted last, if the rules allow it."""
        if not self.can_undo:
            return False
        assert self.last_human is not None
        try:
            self.state = saves.undo(self.state, self.last_human)
        except IllegalAction as exc:
            self.message = str(exc)
            return False
        self.generation += 1
        self.job = None
        self.last_human = self._last_human_in_history()
        self._follow_turn()
        self._autosave()
        return True

    def play_every_seat(self) -> None:
        """`--autoplay`: the computer plays the human seats too (as ai:greedy). The state's seats are left
        as they are, so the autosave still resumes with the humans in their places."""
        for seat in self.humans:
            self._players[seat] = make_player("ai:greedy", self.game_id, self.state.seed * 1009 + seat)
        self.humans = ()
        self.viewer = None
        self.last_human = None

    # ----- AI turns ---------------------------------------------------------------------------

    def player_for(self, seat: int):
        if seat not in self._players:
            spec = self.state.config.seats[seat]
            self._players[seat] = make_player(spec, self.game_id, self.state.seed * 1009 + seat)
        return self._players[seat]

    @property
    def thinking(self) -> int | None:
        """The AI seat whose move is being worked out, if any."""
        return self.ai_to_move

    def poll(self, now: float | None = None) -> bool:
        """Start or finish an AI turn; True when an action was applied."""
        seat = self.ai_to_move
        if seat is None:
            self.job = None
            return False
        if self.job is None or self.job.generation != self.generation:
            try:
                self.job = AIJob(self.player_for(seat), self.state.clone(), self.generation)
            except Exception as exc:
                self.message = f"The AI for {self.state.seat_name(seat)} could not start: {exc}"
                self.apply(self.state.legal_actions()[0])
                return True
            return False
        job = self.job
        now = time.monotonic() if now is None else now
        if not job.done.is_set() or now - job.started < self.pace:
            return False
        action = job.result
        if job.error is not None or action is None or self.state.find_legal(action) is None:
            reason = repr(job.error) if job.error is not None else f"an illegal choice {action!r}"
            self.message = f"The AI for {self.state.seat_name(seat)} failed ({reason}); it played the first option."
            action = self.state.legal_actions()[0]
        self.apply(action)
        return True

    def wait_for_ai(self, timeout: float = 10.0) -> None:
        """Block until the running AI job is done (tests and headless tools)."""
        if self.job is not None:
            self.job.done.wait(timeout)
