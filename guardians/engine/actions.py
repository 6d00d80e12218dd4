"""The value types every game, the AI and the UI exchange: actions, decisions, events, results.

Cheap to compare, hash and send through JSON. Action, Decision and Event are plain slotted classes treated
as immutable (the rules build many thousands a second for the AI), whose words may be rendered lazily;
Result is a frozen dataclass.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


class IllegalAction(Exception):
    """Raised by `State.apply` for an action the state does not list; the state is left untouched."""


ArgValue = str | int | bool | None


def _resolve(spec: tuple) -> Any:
    """A lazy value: `(function, *arguments)` called once, when first read."""
    return spec[0](*spec[1:])


class Action:
    """One choice a seat can make.

    Equality and hashing use only `kind` and `args`: the label and refs are presentation. `refs` are
    the ids of the things on the table the action names (a card instance, hero, location, space) so
    the UI can make those things clickable.

    Treated as immutable (a plain slotted class, not a frozen dataclass: the rules build thousands a
    second for the AI). The label and refs may be given lazily, as a tuple `(function, *arguments)`
    called the first time they are read: an AI that never reads them never pays for their words. The
    arguments must be a snapshot (strings, numbers, content definitions, a list nobody changes), never
    the state, so the words are those of the moment the option was listed.
    """

    __slots__ = ("kind", "args", "_label", "_refs")
    __match_args__ = ("kind", "args", "label", "refs")

    def __init__(self, kind: str, args: tuple[ArgValue, ...] = (), label: Any = "", refs: Any = ()) -> None:
        self.kind = kind
        self.args = args
        self._label = label
        self._refs = refs

    @property
    def label(self) -> str:
        label = self._label
        if label.__class__ is not str:
            label = self._label = _resolve(label)
        return label

    @property
    def refs(self) -> tuple[str, ...]:
        refs = self._refs
        if refs and refs[0].__class__ is not str:
            refs = self._refs = _resolve(refs)
        return refs

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Action or isinstance(other, Action):
            return self.kind == other.kind and self.args == other.args  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash((self.kind, self.args))

    def __repr__(self) -> str:
        return f"Action(kind={self.kind!r}, args={self.args!r}, label={self.label!r}, refs={self.refs!r})"

    def __reduce__(self) -> tuple:
        return (Action, (self.kind, self.args, self.label, self.refs))

    def to_json(self) -> dict[str, Any]:
        return {"kind": self.kind, "args": list(self.args), "label": self.label, "refs": list(self.refs)}

    @classmethod
    def from_json(cls, data: dict[str, Any]) -> "Action":
        return cls(
            kind=str(data["kind"]),
            args=tuple(data.get("args", ())),
            label=str(data.get("label", "")),
            refs=tuple(data.get("refs", ())),
        )

    @property
    def key(self) -> tuple[str, tuple[ArgValue, ...]]:
        return (self.kind, self.args)


class Option(Action):
    """An effect's choice as `ask` keeps it in the pending data (instead of a (kind, args, label, refs)
    tuple): an Action, so its words can be lazy and the decision lists it as it is. Its repr is that tuple's,
    because a state's digest holds the repr of its pending data."""

    __slots__ = ()

    def __repr__(self) -> str:
        return repr((self.kind, self.args, self.label, self.refs))

    def __reduce__(self) -> tuple:
        return (Option, (self.kind, self.args, self.label, self.refs))


ACTS_LIMIT = 20_000
"""How many options a state's cache of built options (`_acts`, shared by its clones) may hold before it is
emptied: a search's determinized worlds renumber hidden cards, so without a bound it would keep growing."""

_SHARED_ACTS: dict[int, tuple[Any, dict]] = {}


def shared_acts(content: Any) -> dict:
    """The cache of built options (`_acts`) for every state on this content, across games: an option's key
    holds everything its arguments and words are made of besides the content, and an Action never changes,
    so the next game (or a tournament's next thousand) finds the options the last one built. Kept per content
    object (held here, so its id is never reused); bounded by `ACTS_LIMIT` where it is filled."""
    entry = _SHARED_ACTS.get(id(content))
    if entry is None or entry[0] is not content:
        entry = _SHARED_ACTS[id(content)] = (content, {})
    return entry[1]


class Decision:
    """Who must choose now, and among what.

    Exactly one seat decides at any moment: simultaneous choices (a draft pick, a hidden commitment)
    are collected seat by seat, and the rules keep committed choices out of other seats' views until
    they are revealed. `kind` tells presenters and AIs what sort of choice this is ("main",
    "target", "reaction", "mulligan", ...). `options` are in a deterministic order.

    Treated as immutable (a plain slotted class for speed); the prompt may be lazy like an action's label.
    """

    # `new_decision` and `FlowState._decide` build decisions without __init__ (setting every slot themselves): a new
    # slot is set there too.
    __slots__ = ("seat", "_prompt", "options", "kind")
    __match_args__ = ("seat", "prompt", "options", "kind")

    def __init__(self, seat: int, prompt: Any, options: tuple[Action, ...], kind: str = "main") -> None:
        self.seat = seat
        self._prompt = prompt
        self.options = options
        self.kind = kind

    @property
    def prompt(self) -> str:
        prompt = self._prompt
        if prompt.__class__ is not str:
            prompt = self._prompt = _resolve(prompt)
        return prompt

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)

    def _fields(self) -> tuple:
        return (self.seat, self.prompt, self.options, self.kind)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Decision:
            return self._fields() == other._fields()  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return f"Decision(seat={self.seat!r}, prompt={self.prompt!r}, options={self.options!r}, kind={self.kind!r})"


def new_decision(seat: int, prompt: Any, options: tuple[Action, ...], kind: str = "main") -> Decision:
    """`Decision(...)` for the kernel's hot path: the fields set directly, without the class call and its
    __init__ (about a quarter cheaper in a micro-benchmark; one per action of every game)."""
    decision = _new(Decision)
    decision.seat = seat
    decision._prompt = prompt
    decision.options = options
    decision.kind = kind
    return decision


_new = object.__new__


def _render(template: str, data: dict[str, Any], secret: dict[str, Any] | None) -> str:
    return template.format(**data, **secret) if secret else template.format(**data)


class Event:
    """Something that happened, as data (for animations, scenes and tests) and as words (for the log).

    `kind` names what happened and `data` holds its facts as (key, value) pairs: seats, entity ids,
    amounts. Readers use `event["amount"]` / `event.get(...)`, never the words. `text` is what every
    seat may read, rendered from the data by the game's event templates (`GameState.say`). When an
    event holds a secret (the card a player drew), `secret` is the fuller text and `seats` the seats
    allowed to read it; data that only those seats may know is kept in `secret_data`.

    Treated as immutable (a plain slotted class for speed). `text` and `secret` may be given lazily as
    `(function, *arguments)` (`GameState.say` passes its template and data): they are rendered the first
    time they are read, so a search that never reads the log never renders it. `data` and `secret_data`
    may be given as a dict (never modified afterwards): they become (key, value) pairs when first read.
    """

    # `GameState.say` builds events without __init__ (setting every slot itself): a new slot is set there too.
    # `_json` is left unset until `GameState.observation` keeps the event's serialised entry in it.
    __slots__ = ("kind", "_text", "refs", "_secret", "seats", "_data", "_secret_data", "_json")
    __match_args__ = ("kind", "text", "refs", "secret", "seats", "data", "secret_data")

    def __init__(self, kind: str, text: Any, refs: tuple[str, ...] = (), secret: Any = None,
                 seats: tuple[int, ...] = (), data: tuple[tuple[str, Any], ...] = (),
                 secret_data: tuple[tuple[str, Any], ...] = ()) -> None:
        self.kind = kind
        self._text = text
        self.refs = refs
        self._secret = secret
        self.seats = seats
        self._data = data
        self._secret_data = secret_data

    @property
    def data(self) -> tuple[tuple[str, Any], ...]:
        data = self._data
        if data.__class__ is dict:
            data = self._data = tuple(data.items())
        return data

    @property
    def secret_data(self) -> tuple[tuple[str, Any], ...]:
        data = self._secret_data
        if data.__class__ is dict:
            data = self._secret_data = tuple(data.items())
        return data

    @property
    def text(self) -> str:
        text = self._text
        if text.__class__ is not str:
            text = self._text = _resolve(text)
        return text

    @property
    def secret(self) -> str | None:
        secret = self._secret
        if secret is not None and secret.__class__ is not str:
            secret = self._secret = _resolve(secret)
        return secret

    def _fields(self) -> tuple:
        return (self.kind, self.text, self.refs, self.secret, self.seats, self.data, self.secret_data)

    def __eq__(self, other: object) -> bool:
        if other.__class__ is Event:
            return self._fields() == other._fields()  # type: ignore[attr-defined]
        return NotImplemented

    def __hash__(self) -> int:
        return hash(self._fields())

    def __repr__(self) -> str:
        return ("Event(kind={!r}, text={!r}, refs={!r}, secret={!r}, seats={!r}, data={!r}, secret_data={!r})"
                .format(*self._fields()))

    def __reduce__(self) -> tuple:
        return (Event, self._fields())

    def text_for(self, seat: int | None) -> str:
        if self._secret is not None and seat is not None and seat in self.seats:
            return self.secret  # type: ignore[return-value]
        return self.text

    def get(self, key: str, default: Any = None) -> Any:
        for name, value in self.data:
            if name == key:
                return value
        return default

    def __getitem__(self, key: str) -> Any:
        for name, value in self.data:
            if name == key:
                return value
        raise KeyError(key)

    def seen_by(self, seat: int | None) -> "Event":
        """The event as `seat` reads it: no secret and no seats, the secret text and data folded in for the
        seats told. A public event is already that, and is shared rather than copied (a view copies the
        whole log, so this keeps views of a long game cheap)."""
        if self._secret is None and not self._secret_data and not self.seats:
            return self
        return Event(self.kind, self.text_for(seat), self.refs, data=tuple(self.data_for(seat).items()))

    def data_for(self, seat: int | None) -> dict[str, Any]:
        """The facts `seat` may read: the public data, plus the secret data for the seats told."""
        facts = dict(self._data)
        if self._secret_data and seat is not None and seat in self.seats:
            facts.update(self._secret_data)
        return facts


@dataclass(frozen=True, slots=True)
class Result:
    """How a finished game ended. `winners` is empty on a draw or a co-operative loss."""

    winners: tuple[int, ...]
    reason: str
    scores: tuple[int, ...] = ()
    coop_loss: bool = False

    @property
    def is_draw(self) -> bool:
        return not self.winners and not self.coop_loss
