"""The State protocol shared by all four games.

A game's state is the single source of truth: it lists every legal choice as a `Decision`, applies
one with `apply` (refusing anything it did not list), and knows how to copy, hash, mask and
re-sample itself. Subclasses implement the underscored hooks.
"""

from __future__ import annotations

import hashlib
import json
import re
from abc import ABC, abstractmethod
from dataclasses import dataclass, field
from functools import partial
from typing import Any, ClassVar, NamedTuple

from guardians.engine.actions import Action, Decision, Event, IllegalAction, Result, _render
from guardians.engine.rng import SEALED, Rng
from guardians.engine.table import Panel


AI_LEVELS = ("random", "greedy", "ismcts", "tactical")  # the computer players `guardians.ai.make_player` builds
# "tactical" is a game's own fast planner (its `ai.make_player` hook); a game without one plays it as greedy
SEAT_SPECS = ("human",) + tuple(f"ai:{level}" for level in AI_LEVELS)
# ismcts may name its search budget: "ai:ismcts:2000ms", "ai:ismcts:1s", "ai:ismcts:500it"
_BUDGETED = re.compile(r"ai:ismcts:\d{1,7}(\.\d{1,3})?(ms|s|it)?")


def is_seat_spec(spec: str) -> bool:
    """A seat spec this app can play: one of SEAT_SPECS, or ismcts with a search budget."""
    return spec in SEAT_SPECS or _BUDGETED.fullmatch(spec) is not None


@dataclass(frozen=True)
class GameConfig:
    """What a game was started with. `seats` are seat specs: "human", "ai:random", "ai:greedy"."""

    game: str
    players: int
    seats: tuple[str, ...] = ()
    variant: str = "standard"
    options: tuple[tuple[str, Any], ...] = ()

    def __post_init__(self) -> None:
        # Normalised so a config equals itself after a JSON round trip and stays hashable.
        object.__setattr__(self, "seats", tuple(self.seats))
        object.__setattr__(self, "options", tuple(sorted((k, tuple(v) if isinstance(v, list) else v)
                                                         for k, v in dict(self.options).items())))
        if not self.seats:
            object.__setattr__(self, "seats", ("ai:random",) * self.players)
        if len(self.seats) != self.players:
            raise ValueError(f"{self.players} players need {self.players} seats, got {len(self.seats)}")

    def option(self, name: str, default: Any = None) -> Any:
        return dict(self.options).get(name, default)

    def to_json(self) -> dict[str, Any]:
        return {
            "game": self.game,
            "players": self.players,
            "seats": list(self.seats),
            "variant": self.variant,
            "options": {k: list(v) if isinstance(v, tuple) else v for k, v in self.options},
        }

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "GameConfig":
        return cls(
            game=str(data["game"]),
            players=int(data["players"]),
            seats=tuple(str(s) for s in data.get("seats", ())),
            variant=str(data.get("variant", "standard")),
            options=tuple(sorted(dict(data.get("options", {})).items())),
        )


class HistoryEntry(NamedTuple):
    seat: int
    action: Action


def _observed_entry(event: Event) -> str:
    """An event's entry in `GameState.observation`, kept on the event (which never changes) once made."""
    entry = getattr(event, "_json", None)
    if entry is None:
        entry = event._json = json.dumps([event.kind, event.text, list(event.refs), sorted(event.data,
                                          key=lambda kv: kv[0])], sort_keys=True, separators=(",", ":"),
                                         default=str)
    return entry


_history_entry = partial(tuple.__new__, HistoryEntry)    # HistoryEntry(seat, action) without a Python call
_new_event = object.__new__                               # an Event whose fields `make_event` sets itself


def make_event(kind: str, words: str | tuple[str, str], data: dict[str, Any], refs: tuple[str, ...] = (),
               seats: tuple[int, ...] = (), secret: dict[str, Any] | None = None) -> Event:
    """The typed event every game's `say` records: `words` is its `EVENT_TEXT` entry (the public words, or
    (public words, secret words)), rendered from `data` (and `secret`, for `seats`) when first read, so an
    AI's world never formats the log. `data` is the event's own dict from then on: nobody may change it.

    The fields are set here rather than through the class call and its __init__ (cheaper; hundreds of events a
    game); `GameState.say` and a game's own `say` (realms) both build their events with it."""
    event = _new_event(Event)
    event.kind = kind
    if words.__class__ is str:
        event._text = (_render, words, data, None)
        event._secret = None
    else:
        event._text = (_render, words[0], data, None)
        event._secret = (_render, words[1], data, secret) if seats else None
    event.refs = refs
    event.seats = seats
    event._data = data
    event._secret_data = secret or ()
    return event


class GameState(ABC):
    """Base of every game's state. See DESIGN.md, "The State API"."""

    game_id: ClassVar[str] = ""
    _history_shared = False             # see clone: True while `history` is shared with another state

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.rng = Rng(seed)
        self.history: list[HistoryEntry] = []
        self._history_shared = False      # `history` is shared with a clone: copy it before appending
        self.log: list[Event] = []
        self.events: list[Event] = []
        self.undo_floor = 0
        self._revealed = False
        self._decision: Decision | None = None
        self._decision_valid = False

    # ----- what subclasses provide -------------------------------------------------------------

    @abstractmethod
    def _decide(self) -> Decision | None:
        """The current decision, or None when the game is over."""

    @abstractmethod
    def _apply(self, action: Action) -> None:
        """Mutate the state for a legal action (already checked)."""

    @abstractmethod
    def _copy(self) -> "GameState":
        """A copy of the game-specific part; `clone` copies the shared part."""

    @abstractmethod
    def _digest_data(self) -> Any:
        """Everything that defines the position, as JSON-able data in a stable order."""

    @property
    @abstractmethod
    def result(self) -> Result | None:
        """How the game ended, or None while it goes on."""

    def table(self, seat: int | None) -> list[Panel]:
        """What `seat` sees on the table, as panels (see engine/table.py). None = a spectator."""
        return []

    def seat_name(self, seat: int) -> str:
        return f"Player {seat + 1}"

    # How much the game's evaluation changes for about one step towards winning: the AI squashes
    # evaluation differences by it into a chance of winning (see ai/ismcts.py).
    EVAL_SCALE: float = 10.0

    def teammates(self, seat: int) -> tuple[int, ...]:
        """The seats that win or lose with `seat`, itself included (a team game, a co-operative one)."""
        return (seat,)

    # ----- what a seat may see ------------------------------------------------------------------
    #
    # `view(seat)` is an observation: a masked copy holding only what `seat` may see. It has no seed, no
    # usable RNG and no history; its log holds the words and facts that seat was told; another seat's
    # pending choice is reduced to who is choosing and what kind of choice it is; and hidden cards are
    # unnamed and renumbered so that their numbers carry nothing. Games mask in `_observe`.
    # `observation(seat)` serialises the view: two states that differ only in what `seat` may not see
    # give the same bytes (the conformance harness checks this with `hidden_variant`).
    # `determinize(seat, rng)` is built from the view alone (`_fill_hidden` re-samples what is hidden).

    viewer: int | None = None          # set on an observation: the seat it was made for

    def view(self, seat: int | None, with_log: bool = True) -> "GameState":
        """What `seat` may see (None: a spectator, who sees only what is public). `with_log=False` leaves the
        log out (a computer player reading the position needs no words, and copying the log is slow)."""
        observed = self._observe(seat)
        observed._seal(seat, self, with_log=with_log)
        return observed

    def _observe(self, seat: int | None) -> "GameState":
        """A copy with everything `seat` may not see masked. Perfect-information games return a clone."""
        return self.clone()

    def _seal(self, seat: int | None, source: "GameState", with_log: bool) -> None:
        self.seed = None  # type: ignore[assignment]
        self.rng = SEALED
        self.history = []
        self.undo_floor = 0
        self.viewer = seat
        self.log = source._sealed_log(seat) if with_log else []
        decision = source.decision
        if decision is not None and decision.seat != seat:
            decision = Decision(decision.seat, f"{source.seat_name(decision.seat)} is choosing", (), decision.kind)
        self._decision = decision
        self._decision_valid = True

    def _sealed_log(self, seat: int | None) -> list[Event]:
        """The log as `seat` reads it, in a list of its own. The sealed events are kept per seat and only
        those added since are sealed (the table takes a view at every redraw, and sealing a long log afresh
        was a tenth of the redraw after a move). The log only grows or is cut back (undo), so the kept list
        still fits while the last event it sealed is, as the same object, at the same place."""
        log = self.log
        kept = getattr(self, "_sealed", None)
        if kept is None:
            kept = self._sealed = {}
        entry = kept.get(seat)
        if entry is not None:
            n, last, sealed = entry
            if n > len(log) or (n and log[n - 1] is not last):
                entry = None
        if entry is None:
            n, sealed = 0, []
        if n < len(log):
            sealed.extend(e.seen_by(seat) for e in log[n:])
        kept[seat] = (len(log), log[-1] if log else None, sealed)
        return list(sealed)

    def _observation_data(self) -> Any:
        """The position data of an observation (default: the masked copy's digest data)."""
        return self._digest_data()

    def observation(self, seat: int | None) -> bytes:
        """`view(seat)` as canonical bytes: the test that a view hides what it should compares these."""
        view = self.view(seat)
        decision = view.decision
        shown = None if decision is None else [decision.seat, decision.kind, decision.prompt,
                                               [o.to_json() for o in decision.options]]
        head = json.dumps([self.game_id, seat, view._observation_data(), shown],
                          sort_keys=True, separators=(",", ":"), default=str)
        # the log last, each entry serialised once per event (views share the public ones): the same bytes
        # as the whole list given to one `json.dumps`, without re-encoding a long game's log at every call
        log = ",".join([_observed_entry(event) for event in view.log])
        return f"{head[:-1]},[{log}]]".encode()

    def hidden_variant(self, seat: int, rng: Rng) -> "GameState":
        """For tests: this state with what `seat` may not see changed (other hands and decks shuffled,
        hidden commitments changed), built from the full state. Its observation must be the same."""
        variant = self.clone()
        variant.log = list(self.log)
        self._vary_hidden(variant, seat, rng)
        variant.invalidate()
        return variant

    def _vary_hidden(self, variant: "GameState", seat: int, rng: Rng) -> None:
        """Change, in `variant`, what `seat` may not see. Perfect-information games change nothing."""

    def determinize(self, seat: int, rng: Rng) -> "GameState":
        """A full state consistent with `view(seat)`, built from it alone: hidden information is re-sampled
        with `rng`, and the world gets an RNG of its own (its future is re-sampled too)."""
        world = self._observe(seat)
        world._seal(seat, self, with_log=False)     # the log is words: an AI's world needs none
        world.viewer = None
        world.seed = 0
        world.rng = Rng(rng.getrandbits(64))
        world._fill_hidden(seat, rng)
        world.invalidate()
        return world

    def _fill_hidden(self, seat: int, rng: Rng) -> None:
        """On a copy of an observation: give every hidden thing an identity consistent with what `seat`
        saw, sampled with `rng`. Perfect-information games have nothing to fill."""

    # ----- the shared API ----------------------------------------------------------------------

    @property
    def decision(self) -> Decision | None:
        if not self._decision_valid:
            self._decision = self._decide()
            self._decision_valid = True
        return self._decision

    @property
    def is_over(self) -> bool:
        return self.result is not None

    def legal_actions(self) -> tuple[Action, ...]:
        decision = self.decision
        return decision.options if decision else ()

    def find_legal(self, action: Action) -> Action | None:
        """The listed option equal to `action` (same kind and args), with its label and refs."""
        options = self.legal_actions()
        for option in options:        # players usually hand back the listed object itself
            if option is action:
                return option
        for option in options:
            if option == action:
                return option
        return None

    def apply(self, action: Action) -> None:
        decision = self._decision if self._decision_valid else self.decision
        if decision is None:
            raise IllegalAction("the game is over")
        for option in decision.options:     # players usually hand back the listed object itself
            if option is action:
                break
        else:
            option = self.find_legal(action)
            if option is None:
                raise IllegalAction(f"{action.label or action.kind} {list(action.args)} is not a legal choice now")
        uses_before = self.rng.uses
        self._revealed = False
        self.events = []
        self._apply(option)
        self._decision_valid = False
        history = self.history
        if self._history_shared:          # copy-on-write: a clone shares the list until one of them appends
            history = self.history = history[:]
            self._history_shared = False
        history.append(_history_entry((decision.seat, option)))
        if self.rng.uses != uses_before or self._revealed:
            self.undo_floor = len(history)

    def emit(self, kind: str, text: str, refs: tuple[str, ...] = (), secret: str | None = None,
             seats: tuple[int, ...] = (), data: dict[str, Any] | None = None,
             secret_data: dict[str, Any] | None = None) -> Event:
        event = Event(kind, text, refs, secret, seats, tuple((data or {}).items()),
                      tuple((secret_data or {}).items()))
        self.events.append(event)
        self.log.append(event)
        return event

    # Event templates: kind -> the public words, or (public words, secret words). Rendered with
    # `str.format` from the event's data (public and secret), e.g. "{hero_name} takes {amount} damage".
    EVENT_TEXT: ClassVar[dict[str, str | tuple[str, str]]] = {}

    def say(self, kind: str, refs: tuple[str, ...] = (), seats: tuple[int, ...] = (),
            secret: dict[str, Any] | None = None, template: str | None = None, **data: Any) -> Event:
        """Emit a typed event whose words are rendered from its data by `EVENT_TEXT[template or kind]`.

        `secret` holds the facts only `seats` may know (the card drawn); the secret words are rendered
        from the public and secret facts together."""
        event = make_event(kind, self.EVENT_TEXT[template or kind], data, refs, seats, secret)
        self.events.append(event)
        self.log.append(event)
        return event

    def mark_revealed(self) -> None:
        """Hidden information became known to someone: actions before this can no longer be undone."""
        self._revealed = True

    def invalidate(self) -> None:
        self._decision_valid = False

    def undoable_count(self, seat: int) -> int:
        """How many of `seat`'s latest actions it may take back now (none if another seat acted since)."""
        count = 0
        for entry in reversed(self.history[self.undo_floor:]):
            if entry.seat != seat:
                break
            count += 1
        return count

    def clone(self) -> "GameState":
        other = self._copy()
        other.config = self.config
        other.seed = self.seed
        other.rng = self.rng.clone()
        other.history = self.history       # shared, copied by whichever of the two appends first (apply)
        self._history_shared = other._history_shared = True
        other.log = []
        other.events = []
        other._sealed = None               # the source's sealed logs (`_sealed_log`) are its own
        other.undo_floor = self.undo_floor
        other.viewer = self.viewer
        other._revealed = False
        other._decision = self._decision
        other._decision_valid = self._decision_valid
        return other

    def digest(self) -> str:
        payload = json.dumps(
            [self.game_id, self._digest_data(), repr(self.rng.getstate())],
            sort_keys=True, separators=(",", ":"), default=str,
        )
        return hashlib.sha256(payload.encode()).hexdigest()[:32]

    def actions_json(self) -> list[dict[str, Any]]:
        return [entry.action.to_json() for entry in self.history]

    def seat_is_ai(self, seat: int) -> bool:
        return self.config.seats[seat].startswith("ai")


def blank_state(cls: type[GameState]) -> GameState:
    """An uninitialised instance for `_copy` implementations (skips __init__ for speed)."""
    return cls.__new__(cls)
