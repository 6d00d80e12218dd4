"""A game in progress as the app runs it: the state, AI turns and autosave writes off the frame loop,
undo and whose eyes are on the screen (hotseat). No pygame here, so it is tested without a window.
"""

from __future__ import annotations

import atexit
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

from guardians.ai import make_player
from guardians.engine import saves
from guardians.engine.actions import Action, IllegalAction
from guardians.engine.content import ContentErrors
from guardians.engine.options import with_defaults
from guardians.engine.registry import game_options, get_game, new_game
from guardians.engine.state import GameConfig, GameState

# ----- the autosave: a damaged one is moved aside unchanged, so the app always starts -------------

@dataclass
class Resume:
    """What the menu may offer to continue: the autosave's header (read, not yet replayed; None when
    there is none to offer) and messages for the player about one that could not be used."""

    header: saves.SaveHeader | None = None
    messages: list[str] = field(default_factory=list)


def save_problem(error: saves.SaveError) -> str:
    """The player's one-line message for a save that cannot be used. A damaged save is first moved aside
    unchanged (`autosave.damaged-<time>.json`), so it is kept and the warning does not come back at every
    start; a save this app cannot check (its own game or card files are broken) stays where it is."""
    if error.kind == saves.DAMAGED:
        try:
            moved = saves.move_aside(error.path, "damaged")
        except OSError as exc:
            return (f"Your saved game could not be loaded: it {error.reason}. It could not be moved aside "
                    f"({exc.strerror or exc}), so it was left as it is at {error.path}.")
        return f"Your saved game could not be loaded: it {error.reason}. The file was kept unchanged as {moved}."
    if error.kind == saves.APP_BROKEN:
        return f"Your saved game was kept as it is at {error.path}: it {error.reason}."
    if error.kind == saves.NO_LONGER_FITS:
        return (f"Your saved game {error.reason}. The file was kept at {error.path}: archive it to keep it "
                f"aside, or delete it.")
    return f"Your saved game could not be loaded: it {error.reason}. The file was left as it is at {error.path}."


def find_resumable() -> Resume:
    """The autosave's header, if there is an autosave, read without replaying it (so the menu shows at
    once); a damaged one is moved aside and explained."""
    flush_autosaves()
    path = saves.autosave_path()
    if not path.exists():
        return Resume()
    try:
        return Resume(saves.read_header(path))
    except saves.SaveError as exc:
        return Resume(messages=[save_problem(exc)])


def resume_session(header: saves.SaveHeader, pace: float = 0.0) -> "Session":
    """Replay and verify the save the menu offered, as a session that goes on autosaving to it. Raises
    SaveError (see `save_problem`). When the card files changed and every move still fits, the player
    is told, and the save is written again under the new cards so that it is told once."""
    changed = saves.cards_changed(header)
    session = Session(saves.verify(header), save_path=header.path, pace=pace)
    if changed:
        session.tell(f"The card files of {header.title} changed since this game was saved. All "
                     f"{header.moves} moves still fit them, so the game goes on under the new cards.")
        session._autosave()
    return session


def archive_save(path: Path) -> str:
    """Move a save aside unchanged as `<name>.archived-<time>.json`; what happened, for the player."""
    try:
        moved = saves.move_aside(path, "archived")
    except OSError as exc:
        return f"The saved game could not be archived ({exc.strerror or exc}); it is still at {path}."
    return f"Your saved game was archived, unchanged, as {moved}."


class AutosaveWriter:
    """The one thread that writes autosaves, so that a move never waits for the disk (a write with its
    fsync takes milliseconds, a frame has 16).

    It keeps only the latest snapshot per file: one still waiting when a newer one comes is replaced, so
    a file only ever moves forward, one whole atomic write at a time. `None` removes the file (a finished
    game). `flush()` waits until everything queued is on disk: the menu calls it before it reads the
    autosave, the app when it quits, and `atexit` at the very end.
    """

    def __init__(self) -> None:
        self._cond = threading.Condition()
        self._pending: dict[Path, saves.Snapshot | None] = {}
        self._writing = False
        self._errors: dict[Path, str] = {}
        self._thread: threading.Thread | None = None

    def submit(self, path: Path, snapshot: saves.Snapshot | None) -> None:
        with self._cond:
            self._pending.pop(path, None)
            self._pending[path] = snapshot
            if self._thread is None or not self._thread.is_alive():
                self._thread = threading.Thread(target=self._run, name="guardians-autosave", daemon=True)
                self._thread.start()
            self._cond.notify_all()

    def busy(self) -> bool:
        with self._cond:
            return bool(self._pending) or self._writing

    def flush(self, timeout: float = 30.0) -> bool:
        """Wait until every queued write is done; False when `timeout` ran out first."""
        with self._cond:
            return self._cond.wait_for(lambda: not self._pending and not self._writing, timeout)

    def take_error(self, path: Path) -> str | None:
        """The last write to `path` that failed, as a message for the player (once)."""
        with self._cond:
            return self._errors.pop(path, None)

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: bool(self._pending))
                path = next(iter(self._pending))
                snapshot = self._pending.pop(path)
                self._writing = True
            error = None
            try:
                if snapshot is None:
                    path.unlink(missing_ok=True)
                else:
                    saves.write_atomic(path, snapshot.text())
            except OSError as exc:
                error = f"Autosave failed: {exc.strerror or exc}"
            except Exception as exc:   # the thread must live on: the next move is saved again
                error = f"Autosave failed: {type(exc).__name__}: {exc}"
            with self._cond:
                self._writing = False
                if error is not None:
                    self._errors[path] = error
                self._cond.notify_all()


WRITER = AutosaveWriter()
atexit.register(WRITER.flush)


def flush_autosaves() -> None:
    """Wait until every autosave queued is on disk (before reading it, and when the app quits)."""
    WRITER.flush()


def write_autosave(path: Path, state: GameState) -> None:
    """Queue `state`'s autosave for the writer thread (taking its snapshot now, on the caller's thread);
    a finished game removes its autosave instead."""
    WRITER.submit(path, None if state.is_over else saves.Snapshot.of(state))


def start_problem(title: str, exc: Exception) -> str:
    """Why a game could not start, for the menu: broken card files in words (file, line, card, field),
    anything else (a bug) with its exception's name for the bug report."""
    if isinstance(exc, ContentErrors):
        return f"{title} could not start: {exc.words()}"
    return f"{title} could not start: {type(exc).__name__}: {exc}"


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

    @property
    def message(self) -> str | None:
        """What the player must read above the table, until dismissed: a problem, unless `notice`."""
        return self._message

    @message.setter
    def message(self, text: str | None) -> None:
        self._message = text
        self.notice = False

    def tell(self, text: str) -> None:
        """A message that is news, not a problem (drawn in the information colour)."""
        self._message = text
        self.notice = True

    def __init__(self, state: GameState, save_path: Path | None = None, pace: float = 0.0) -> None:
        self.state = state
        self.game_id = state.game_id or state.config.game
        self.save_path = save_path if save_path is not None else saves.autosave_path()
        self.pace = pace
        self.guided = False             # a guided first game: the table shows the guide's tips
        self.humans = tuple(s for s in range(state.config.players) if not state.seat_is_ai(s))
        self.hidden = has_hidden_information(self.game_id)
        self.message: str | None = None
        self.generation = 0
        self.job: AIJob | None = None
        self.hurrying = False           # "move now" was asked during this computer turn
        self._players: dict[int, object] = {}
        self.last_human = self._last_human_in_history()
        self.viewer: int | None = self.humans[0] if len(self.humans) == 1 else None
        if len(self.humans) > 1 and not self.hidden:
            self.viewer = self.human_to_move if self.human_to_move is not None else self.humans[0]

    @classmethod
    def start(cls, config: GameConfig, seed: int, pace: float = 0.0) -> "Session":
        """A new game, its set-up options written out in full (`with_defaults`) so that its saves name them."""
        return cls(new_game(with_defaults(config, game_options(config.game, config.players)), seed), pace=pace)

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
        if self.human_to_move is not None:
            self.hurrying = False
        self._autosave()

    def _autosave(self) -> None:
        try:
            write_autosave(self.save_path, self.state)
        except Exception as exc:   # taking the snapshot failed: say so, the game goes on
            self.message = f"Autosave failed: {type(exc).__name__}: {exc}"

    def flush(self) -> None:
        """Wait until this game's autosave is on disk."""
        WRITER.flush()
        self._autosave_problem()

    def _autosave_problem(self) -> None:
        error = WRITER.take_error(self.save_path)
        if error is not None:
            self.message = error

    @property
    def can_undo(self) -> bool:
        """Whether the last human move can be taken back: never once the game is over (its end is shown and
        its autosave gone; issue #18: the Undo button no longer stays under the end screen)."""
        return (self.last_human is not None and not self.state.is_over
                and self.state.undoable_count(self.last_human) > 0)

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

    @property
    def can_hurry(self) -> bool:
        """The computer is searching and can be told to move now (a searching AI; the others are quick)."""
        job = self.job
        return (job is not None and job.generation == self.generation and not job.done.is_set()
                and hasattr(job._player, "hurry"))

    def hurry(self) -> None:
        """"Move now": the searching AI answers with what it has, its move is shown without the pause, and
        so on for the rest of the computer's turn (until a person is to move again)."""
        self.hurrying = True
        job = self.job
        if job is None or job.generation != self.generation:
            return
        hurry = getattr(job._player, "hurry", None)
        if hurry is not None:
            hurry()
        job.started = -float("inf")

    def poll(self, now: float | None = None) -> bool:
        """Start or finish an AI turn; True when an action was applied. (Also where a failed autosave
        write is picked up.)"""
        self._autosave_problem()
        seat = self.ai_to_move
        if seat is None:
            self.job = None
            return False
        if self.job is None or self.job.generation != self.generation:
            try:
                player = self.player_for(seat)
                if self.hurrying and hasattr(player, "hurry"):
                    player.hurry()
                self.job = AIJob(player, self.state.clone(), self.generation)
                if self.hurrying:
                    self.job.started = -float("inf")
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
