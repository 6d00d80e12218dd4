"""The flow kernel every game runs on: pending decisions, phases, one effect stack, reaction windows and
simultaneous hidden commitments. No game re-implements these (DESIGN.md, "The State API").

How a game uses it:

- Its state subclasses `FlowState`. `self.pending` is a `Pending(kind, seat, data)` while a seat must
  choose; `_options_<kind>(seat, data)` lists the choice and `_do_<kind>(seat, data, action)` applies
  the answer. `advance()` runs everything automatic until a seat must choose or the game is over.
- Phases are data: the game names them in `PHASES`; the phase in `self.phase` runs `_phase_<name>()`
  whenever nothing is pending, stacked or in a window. A phase handler either sets `pending`, pushes
  frames, or moves `self.phase` on. A missing handler is an error at class creation, not mid-game.
- Effects: the game's YAML steps run from `self.stack`, a list of `Frame`s (and markers, see
  `Resolution`), through the game's `StepRegistry`. A step returns DONE (go to the next step), WAIT (it
  asked a question with `ask`; it runs again with `frame.answer` set) or PUSHED (it pushed steps that
  run first, see `push`). Frames are plain records, never generators, so a state stopped in the middle
  of a card can be cloned for the AI.
- The rule all four rulebooks share: an effect triggered while a card (ability, action) resolves waits
  until that card has finished. `trigger(frame)` queues it on the innermost `Resolution` on the stack;
  it runs when that resolution finishes, before anything the game does on finishing.
- Reaction windows (`ReactionWindow`): which seats are asked, in order; one response per seat per kind
  per trigger; a pass ends a seat's turn in that window; responses stay hidden until all were asked.
- Simultaneous hidden commitments (`Commitments`): each seat commits in turn out of the others' sight
  (one choice, or built up over several actions: begin, add, finish); `reveal()` shows them all at once;
  `visible(seat)` / `hidden_from(seat)` say what a seat may know meanwhile. An open form (`hidden=False`)
  and an open round of amendments after the reveal (`amend`, `reopen`, `skip`) cover the variants.
  Explore's Power Up uses it; realms' match-ups and chronicles' strategy phase will.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import partial
from typing import Any, Callable, ClassVar, Iterable, NamedTuple

from guardians.engine.actions import Action, Decision, Option, new_decision
from guardians.engine.state import GameState

DONE, WAIT, PUSHED = 0, 1, 2
_new = object.__new__


class Pending(NamedTuple):
    """A seat must choose: `kind` names the game's `_options_<kind>` / `_do_<kind>` pair."""

    kind: str
    seat: int
    data: Any = None

    def data_repr(self) -> str:
        """The repr of the plain tuple, so digests do not depend on this class's name."""
        return repr(tuple(self))


new_pending = partial(tuple.__new__, Pending)
"""`new_pending((kind, seat, data))`: a `Pending` without the Python call of the named tuple's `__new__` (one
per decision of every game: the hot paths use it)."""


def pending_repr(pending: Pending | None) -> str:
    return pending.data_repr() if pending is not None else repr(None)


class Frame:
    """Effect steps being resolved: which step is next, the names bound so far, who resolves them."""

    __slots__ = ("steps", "seat", "env", "index", "answer")

    def __init__(self, steps: tuple, seat: int, env: dict, index: int = 0, answer: object = None) -> None:
        self.steps = steps
        self.seat = seat
        self.env = env
        self.index = index
        self.answer = answer

    def copy(self) -> "Frame":
        env = self.env
        if env:
            env = {k: (list(v) if isinstance(v, list) else v) for k, v in env.items()}
        return Frame(self.steps, self.seat, env, self.index, self.answer)

    def data(self) -> list:
        return [repr(self.steps), self.seat, sorted(self.env.items(), key=str), self.index, self.answer]

    def __repr__(self) -> str:
        return f"Frame({self.steps!r}, seat={self.seat}, index={self.index})"


class Resolution:
    """A marker under a card's (ability's, action's) frames: popped when the card has fully resolved.

    Effects that the card's resolution triggers (`FlowState.trigger`) wait in `triggered` and run once the
    card is done. Games subclass it to carry what finishing means for them (discard the card, open a
    reaction window) and handle it in `FlowState._resolved`.
    """

    __slots__ = ("triggered",)

    def __init__(self) -> None:
        self.triggered: list[Frame] = []

    def copy_base(self, other: "Resolution") -> None:
        other.triggered = [f.copy() for f in self.triggered]


# ----- the step registry ----------------------------------------------------------------------

StepRun = Callable[..., int]
StepValue = Callable[..., float]


@dataclass(frozen=True)
class Step:
    """One word of a game's effect vocabulary: how it runs, what parameters YAML may give it, and what
    the AI thinks it is worth. Declared together so none of the three can be forgotten."""

    name: str
    run: StepRun
    params: dict[str, Any]
    value: StepValue | None
    internal: bool = False        # used by the rules themselves, never written in YAML


class StepRegistry:
    """A game's effect vocabulary. `@steps.step("draw", params={...}, value=...)` on the executor.

    `params` is the schema the content loader checks (the game's loader decides its form: field name ->
    a type or a spec). `value(state, seat, params) -> float` is the AI's estimate of the step's worth;
    every YAML step must have one (`check()` says which do not), so a new step never silently scores 0.
    """

    def __init__(self, game: str) -> None:
        self.game = game
        self._steps: dict[str, Step] = {}
        self.runs: dict[str, StepRun] = {}        # name -> its run, for the kernel's hot loop

    def step(self, name: str, params: dict[str, Any] | None = None, value: StepValue | None = None,
             internal: bool = False) -> Callable[[StepRun], StepRun]:
        def register(run: StepRun) -> StepRun:
            if name in self._steps:
                raise ValueError(f"{self.game}: step {name!r} is registered twice")
            self._steps[name] = Step(name, run, dict(params or {}), value, internal)
            self.runs[name] = run
            return run
        return register

    def add(self, name: str, run: StepRun, params: dict[str, Any] | None = None, value: StepValue | None = None,
            internal: bool = False) -> None:
        self.step(name, params, value, internal)(run)

    def __contains__(self, name: object) -> bool:
        return name in self._steps

    def __getitem__(self, name: str) -> Step:
        return self._steps[name]

    def names(self, include_internal: bool = False) -> list[str]:
        return [n for n, s in self._steps.items() if include_internal or not s.internal]

    def runner(self, name: str) -> StepRun:
        return self._steps[name].run

    def params(self, name: str) -> dict[str, Any]:
        return self._steps[name].params

    def value(self, name: str) -> StepValue | None:
        return self._steps[name].value

    def check(self) -> list[str]:
        """Problems with the vocabulary itself: YAML steps without an AI value."""
        return [f"{self.game}: step {n!r} has no AI value" for n, s in self._steps.items()
                if not s.internal and s.value is None]


# ----- reaction windows and hidden commitments ------------------------------------------------

@dataclass
class ReactionWindow:
    """After a trigger: the seats still to be asked (in order) and what each committed.

    One response of each kind per seat per trigger (`used`); a seat that passes is not asked again.
    `committed` entries are game data whose first two items are (seat, kind). They stay hidden from the
    other seats until `stage` leaves "ask" (every seat has been asked).
    """

    record: Any
    ask: list[int]
    committed: list[tuple] = field(default_factory=list)
    stage: str = "ask"
    ordered: bool | None = None

    def asking(self) -> int | None:
        return self.ask[0] if self.ask else None

    def pass_turn(self) -> None:
        self.ask.pop(0)

    def used(self, seat: int) -> set[str]:
        return {entry[1] for entry in self.committed if entry[0] == seat}

    def commit(self, entry: tuple) -> None:
        seat, kind = entry[0], entry[1]
        if kind in self.used(seat):
            raise ValueError(f"seat {seat} already responded with a {kind} to this trigger")
        self.committed.append(entry)

    def hidden_from(self, seat: int | None) -> list[tuple]:
        """Committed responses `seat` may not see yet."""
        if self.stage != "ask":
            return []
        return [entry for entry in self.committed if entry[0] != seat]

    def copy(self, record: Any = None) -> "ReactionWindow":
        return ReactionWindow(self.record if record is None else record, list(self.ask), list(self.committed),
                              self.stage, self.ordered)

    def data(self) -> tuple:
        return (self.ask, self.committed, self.stage)


WAITING, BUILDING, COMMITTED = "waiting", "building", "committed"


@dataclass
class Commitments:
    """A simultaneous hidden choice: each seat in `order` commits in turn out of the others' sight;
    `reveal()` makes every commitment public at once, after every seat has committed. Until then
    `visible(seat)` holds only that seat's own (and who has committed or is committing).

    A commitment is one choice (`commit(seat, choice)`) or is built up over several actions: `begin(seat)`,
    then `add(seat, part)` as often as needed (a chain of cards, the cards it moved), then `finish(seat)`.
    A seat's `status` is WAITING (not begun), BUILDING or COMMITTED.

    `hidden=False` is the open form of the same choice (a variant where it is played in sight of all):
    the seats still commit in turn and are revealed together, but nothing is ever hidden.

    After the reveal, `amend()` opens an open round: `next_seat()` offers each seat in turn, which either
    `reopen`s its commitment (it is BUILDING again, in sight of all, until `finish`) or `skip`s.
    """

    order: list[int]
    hidden: bool = True
    committed: dict[int, Any] = field(default_factory=dict)     # begun seats -> their commitment so far
    done: list[int] = field(default_factory=list)               # seats that have finished (in that order)
    revealed: bool = False
    amending: list[int] = field(default_factory=list)           # after the reveal: seats still to be offered

    def status(self, seat: int) -> str:
        if seat in self.done:
            return COMMITTED
        return BUILDING if seat in self.committed else WAITING

    def next_seat(self) -> int | None:
        """Whose turn it is: before the reveal the first seat in order not yet committed; during an open
        round after it, the seat being offered."""
        if self.revealed:
            return self.amending[0] if self.amending else None
        for seat in self.order:
            if seat not in self.done:
                return seat
        return None

    @property
    def complete(self) -> bool:
        return len(self.done) == len(self.order)

    @property
    def sealed(self) -> bool:
        """Are commitments being kept from the other seats now (hidden, not yet revealed)?"""
        return self.hidden and not self.revealed

    def begin(self, seat: int, start: Any = None) -> None:
        """`seat` starts building its commitment (a list unless `start` says otherwise)."""
        if self.revealed or seat not in self.order or seat in self.committed:
            raise ValueError(f"seat {seat} may not begin a commitment now")
        self.committed[seat] = [] if start is None else start

    def add(self, seat: int, part: Any) -> None:
        """A part joins a begun commitment (before the reveal; a finished one may still grow from what
        others do to that seat)."""
        if self.revealed or seat not in self.committed:
            raise ValueError(f"seat {seat} has no commitment to add to")
        self.committed[seat].append(part)

    def finish(self, seat: int) -> None:
        """`seat` has finished building (or, after the reveal, amending) its commitment."""
        if self.status(seat) != BUILDING:
            raise ValueError(f"seat {seat} is not building a commitment")
        self.done.append(seat)
        if self.amending and self.amending[0] == seat:
            self.amending.pop(0)

    def commit(self, seat: int, choice: Any) -> None:
        """A commitment of one choice: begun and finished at once."""
        self.begin(seat, choice)
        self.done.append(seat)

    def reveal(self) -> dict[int, Any]:
        if not self.complete:
            raise ValueError("not every seat has committed")
        if self.revealed:
            raise ValueError("commitments were already revealed")
        self.revealed = True
        return dict(self.committed)

    # ----- after the reveal: an open round of amendments -------------------------------------------

    def amend(self) -> None:
        """Offer every seat, in order, to amend its revealed commitment in sight of all."""
        if not self.revealed:
            raise ValueError("commitments are amended only after the reveal")
        self.amending = list(self.order)

    def reopen(self, seat: int) -> None:
        if not self.amending or self.amending[0] != seat or seat not in self.done:
            raise ValueError(f"seat {seat} may not amend now")
        self.done.remove(seat)

    def skip(self, seat: int) -> None:
        if not self.amending or self.amending[0] != seat or seat not in self.done:
            raise ValueError(f"seat {seat} is not being offered an amendment")
        self.amending.pop(0)

    # ----- what a seat may know ----------------------------------------------------------------------

    def is_hidden(self, seat: int) -> bool:
        """Is `seat`'s commitment (begun, not yet revealed) kept from the other seats now?"""
        return self.sealed and seat in self.committed

    def hidden_from(self, viewer: int | None) -> list[int]:
        """The seats whose commitment `viewer` may not see (None: a spectator)."""
        return [s for s in self.committed if s != viewer] if self.sealed else []

    def visible(self, seat: int | None) -> dict[int, Any]:
        """What `seat` may know: everything once revealed (or when nothing is hidden); before, its own
        commitment and who has begun one (None for theirs)."""
        hidden = self.hidden_from(seat)
        return {s: (None if s in hidden else c) for s, c in self.committed.items()}

    def copy(self) -> "Commitments":
        return Commitments(list(self.order), self.hidden,
                           {s: (list(c) if isinstance(c, list) else c) for s, c in self.committed.items()},
                           list(self.done), self.revealed, list(self.amending))

    def data(self) -> list:
        return [self.order, self.hidden, sorted(self.committed.items()), self.done, self.revealed, self.amending]


# ----- the flow state ---------------------------------------------------------------------------

class FlowState(GameState):
    """A GameState driven by the kernel: pending decisions, phases, the effect stack, windows.

    Subclasses set `PHASES` (names; `_phase_<name>` handlers) and `STEPS` (their `StepRegistry`), keep
    `self.phase`, `self.pending` and `self.stack`, and override `_game_over`, `_resolved` (a `Resolution`
    finished) and `_run_windows` (open reaction windows; return True if it did something).
    """

    PHASES: ClassVar[tuple[str, ...]] = ()
    STEPS: ClassVar[StepRegistry | None] = None
    # Optional shortcuts for the kernel's hot loop (a game sets them when they say exactly what its hooks
    # say): the game is over (`_game_over`, and `result` is not None) exactly when this attribute is not
    # None, and `_run_windows` has something to do only while this list attribute is not empty.
    OVER_ATTR: ClassVar[str | None] = None
    WINDOWS_ATTR: ClassVar[str | None] = None
    _advance_plan: ClassVar[tuple] = (None, False, None, False)
    _fast_plan: ClassVar[tuple | None] = None
    _phase_handlers: ClassVar[dict[str, Callable]] = {}
    _handlers: ClassVar[dict[str, Callable]] = {}

    def __init_subclass__(cls, **kwargs: Any) -> None:
        super().__init_subclass__(**kwargs)
        missing = [p for p in cls.PHASES if not callable(getattr(cls, f"_phase_{p}", None))]
        if missing:
            raise TypeError(f"{cls.__name__}: phases without a handler: {missing}")
        # The handlers by name, looked up once per class rather than with getattr at every step.
        cls._phase_handlers = {p: getattr(cls, f"_phase_{p}") for p in cls.PHASES}
        cls._handlers: dict[str, Callable] = {}
        # What advance() does for this class, decided once: the kernel's own (empty) window hook and phase
        # dispatch are skipped or written out there.
        cls._advance_plan = (cls.OVER_ATTR, cls._run_windows is not FlowState._run_windows, cls.WINDOWS_ATTR,
                             cls._run_phase is not FlowState._run_phase)
        # The hot loop's plan (see advance): (game-over attribute, windows attribute or None, step runs), for a
        # game that names its game-over attribute (and its windows list, if it runs windows) and dispatches
        # phases through the kernel; None for any other.
        over_attr, own_windows, windows_attr, own_phase = cls._advance_plan
        cls._fast_plan = None
        if over_attr is not None and not own_phase and (windows_attr is not None or not own_windows):
            cls._fast_plan = (over_attr, windows_attr if own_windows else None,
                              cls.STEPS.runs if cls.STEPS is not None else {})
        over_attr = cls.OVER_ATTR
        if over_attr is not None and "is_over" not in cls.__dict__:   # `result is not None`, without building it
            cls.is_over = property(lambda self: getattr(self, over_attr) is not None)  # type: ignore[assignment]
        cls._option_handlers: dict[str, Callable] = {}    # kind -> `_options_<kind>`, filled as kinds come
        cls._do_handlers: dict[str, Callable] = {}        # kind -> `_do_<kind>`

    def _handler(self, prefix: str, kind: str) -> Callable:
        """The class's `_options_<kind>` / `_do_<kind>` (as a plain function: call it with self)."""
        handlers = type(self)._handlers
        key = prefix + kind
        handler = handlers.get(key)
        if handler is None:
            handler = handlers[key] = getattr(type(self), key)
        return handler

    def init_flow(self, phase: str) -> None:
        self.phase = phase
        self.pending: Pending | None = None
        self.stack: list[Any] = []

    # ----- running -------------------------------------------------------------------------------

    def _game_over(self) -> bool:
        """True once the game has ended (advance stops)."""
        raise NotImplementedError

    def advance(self) -> None:
        """Run everything automatic until a seat must choose or the game is over."""
        plan = self._fast_plan
        if plan is not None:
            # The hot loop (see `_fast_plan`): the frame's step is run in place.
            over_attr, windows_attr, runs = plan
            phases = self._phase_handlers
            while self.pending is None and getattr(self, over_attr) is None:
                stack = self.stack
                if stack:
                    top = stack[-1]
                    if top.__class__ is Frame:                  # _run_frame, written out
                        steps = top.steps
                        index = top.index
                        if index >= len(steps):
                            stack.pop()
                        else:
                            name, params = steps[index]
                            if runs[name](self, top, params) == DONE:
                                top.index += 1
                                top.answer = None
                    else:
                        self._finish_marker(top)
                elif windows_attr is not None and getattr(self, windows_attr) and self._run_windows():
                    continue
                else:
                    handler = phases.get(self.phase)
                    if handler is None:
                        raise AssertionError(f"{type(self).__name__}: unknown phase {self.phase!r}")
                    handler(self)
            return
        cls = type(self)
        over_attr, own_windows, windows_attr, own_phase = cls._advance_plan
        game_over = self._game_over
        run_frame = self._run_frame
        run_windows = self._run_windows if own_windows else None
        run_phase = self._run_phase if own_phase else None
        phases = self._phase_handlers
        while self.pending is None:
            if over_attr is not None:
                if getattr(self, over_attr) is not None:
                    return
            elif game_over():
                return
            stack = self.stack
            if stack:
                top = stack[-1]
                if top.__class__ is Frame:
                    run_frame(top)
                else:
                    self._finish_marker(top)
            elif run_windows is None or (windows_attr is not None and not getattr(self, windows_attr)) \
                    or not run_windows():
                if run_phase is not None:
                    run_phase()
                    continue
                handler = phases.get(self.phase)
                if handler is None:
                    raise AssertionError(f"{cls.__name__}: unknown phase {self.phase!r}")
                handler(self)

    def _run_phase(self) -> None:
        handler = self._phase_handlers.get(self.phase)
        if handler is None:
            raise AssertionError(f"{type(self).__name__}: unknown phase {self.phase!r}")
        handler(self)

    def _run_windows(self) -> bool:
        return False

    def _finish_marker(self, marker: Any) -> None:
        """A marker reached the top: its card is done. Triggered effects run first, then the game's part."""
        if isinstance(marker, Resolution) and marker.triggered:
            waiting = marker.triggered
            marker.triggered = []
            self.stack.extend(reversed(waiting))
            return
        self.stack.pop()
        self._resolved(marker)

    def _resolved(self, marker: Any) -> None:
        """What finishing a card means for the game (discard it, open a reaction window ...)."""

    def _run_frame(self, frame: Frame) -> None:
        steps = frame.steps
        index = frame.index
        if index >= len(steps):
            self.stack.pop()
            return
        name, params = steps[index]
        if self.STEPS.runs[name](self, frame, params) == DONE:  # type: ignore[union-attr]
            frame.index += 1
            frame.answer = None

    # ----- what steps call ------------------------------------------------------------------------

    def ask(self, seat: int, kind: str, prompt: str, options: Iterable[tuple]) -> int:
        """Stop for an effect choice; `options` are (action kind, args, label, refs) tuples or `Option`s."""
        self.pending = new_pending(("effect", seat, (kind, prompt, tuple(options))))
        return WAIT

    def push(self, frame: Frame, steps: tuple, env: dict, seat: int | None = None) -> int:
        """Run `steps` now (with `env`), then carry on with the step after the current one."""
        frame.index += 1
        frame.answer = None
        if steps:
            self.stack.append(Frame(steps, frame.seat if seat is None else seat, env))
        return PUSHED

    def trigger(self, frame: Frame) -> None:
        """An effect triggered now: it waits for the innermost card being resolved to finish (or runs next
        if nothing is resolving)."""
        for item in reversed(self.stack):
            if isinstance(item, Resolution):
                item.triggered.append(frame)
                return
        self.stack.append(frame)

    # ----- decisions ------------------------------------------------------------------------------

    def _decide(self) -> Decision | None:
        pending = self.pending
        if pending is None:
            return None
        over_attr = self.OVER_ATTR
        if (getattr(self, over_attr) is not None) if over_attr is not None else self._game_over():
            return None
        kind, seat, data = pending
        handler = self._option_handlers.get(kind)
        if handler is None:
            handler = type(self)._option_handlers[kind] = self._handler("_options_", kind)
        prompt, options, decision_kind = handler(self, seat, data)
        first = options[0].__class__ if options else None
        if first is Action:                                 # a game may list Actions (all of them) ...
            decision = _new(Decision)                       # (new_decision, written out: once per action)
            decision.seat = seat
            decision._prompt = prompt
            decision.options = tuple(options)
            decision.kind = decision_kind
            return decision
        if first is Option:                                 # ... an effect's Options (most often all of them) ...
            for option in options:
                if not isinstance(option, Action):
                    break
            else:
                return new_decision(seat, prompt, tuple(options), decision_kind)
        else:                                               # ... or (kind, args, label, refs) tuples ...
            try:
                return new_decision(seat, prompt, tuple([
                    Action(k, a if a.__class__ is tuple else tuple(a), label,
                           refs if refs.__class__ is tuple else tuple(refs))
                    for k, a, label, refs in options]), decision_kind)
            except TypeError:                               # (an Option among them)
                pass
        listed = []                                         # ... or both
        for option in options:
            if isinstance(option, Action):
                listed.append(option)
            else:
                k, a, label, refs = option
                listed.append(Action(k, a if a.__class__ is tuple else tuple(a), label,
                                     refs if refs.__class__ is tuple else tuple(refs)))
        return new_decision(seat, prompt, tuple(listed), decision_kind)

    def _apply(self, action: Action) -> None:
        pending = self.pending
        assert pending is not None
        kind, seat, data = pending
        self.pending = None
        handler = self._do_handlers.get(kind)
        if handler is None:
            handler = type(self)._do_handlers[kind] = self._handler("_do_", kind)
        handler(self, seat, data, action)
        self.advance()
