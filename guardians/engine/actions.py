"""The value types every game, the AI and the UI exchange: actions, decisions, events, results.

They are plain frozen dataclasses so they are cheap to compare, hash and send through JSON.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any


class IllegalAction(Exception):
    """Raised by `State.apply` for an action the state does not list; the state is left untouched."""


ArgValue = str | int | bool | None


@dataclass(frozen=True, slots=True)
class Action:
    """One choice a seat can make.

    Equality and hashing use only `kind` and `args`: the label and refs are presentation. `refs` are
    the ids of the things on the table the action names (a card instance, hero, location, space) so
    the UI can make those things clickable.
    """

    kind: str
    args: tuple[ArgValue, ...] = ()
    label: str = field(default="", compare=False)
    refs: tuple[str, ...] = field(default=(), compare=False)

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


@dataclass(frozen=True, slots=True)
class Decision:
    """Who must choose now, and among what.

    Exactly one seat decides at any moment: simultaneous choices (a draft pick, a hidden commitment)
    are collected seat by seat, and the rules keep committed choices out of other seats' views until
    they are revealed. `kind` tells presenters and AIs what sort of choice this is ("main",
    "target", "reaction", "mulligan", ...). `options` are in a deterministic order.
    """

    seat: int
    prompt: str
    options: tuple[Action, ...]
    kind: str = "main"

    @property
    def seats(self) -> tuple[int, ...]:
        return (self.seat,)


@dataclass(frozen=True, slots=True)
class Event:
    """Something that happened, as data (for animations, scenes and tests) and as words (for the log).

    `kind` names what happened and `data` holds its facts as (key, value) pairs: seats, entity ids,
    amounts. Readers use `event["amount"]` / `event.get(...)`, never the words. `text` is what every
    seat may read, rendered from the data by the game's event templates (`GameState.say`). When an
    event holds a secret (the card a player drew), `secret` is the fuller text and `seats` the seats
    allowed to read it; data that only those seats may know is kept in `secret_data`.
    """

    kind: str
    text: str
    refs: tuple[str, ...] = ()
    secret: str | None = None
    seats: tuple[int, ...] = ()
    data: tuple[tuple[str, Any], ...] = ()
    secret_data: tuple[tuple[str, Any], ...] = ()

    def text_for(self, seat: int | None) -> str:
        if self.secret is not None and seat is not None and seat in self.seats:
            return self.secret
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

    def data_for(self, seat: int | None) -> dict[str, Any]:
        """The facts `seat` may read: the public data, plus the secret data for the seats told."""
        facts = dict(self.data)
        if self.secret_data and seat is not None and seat in self.seats:
            facts.update(self.secret_data)
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
