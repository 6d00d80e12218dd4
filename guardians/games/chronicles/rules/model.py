"""Plain records of a chronicles game: figures on the board and each hero's cards. Copied by hand in
`ChroniclesState._copy` (no deepcopy), listed in `_digest_data`."""

from __future__ import annotations

from typing import Any

Cell = tuple[int, int]
HIDDEN = "?"                 # a card a seat may not identify, in an observation
_new = object.__new__


class Fig:
    """A figure: a hero, Doktor Skarov, a lieutenant, one minion figure or the hostage.

    `card` is the hero id or villain ID card id; `cell` None means off the board (supply, eliminated, not yet
    placed). Damage is per figure (ruling Q17); `actions` is what is left of its current activation."""

    __slots__ = ("id", "card", "side", "cell", "damage", "actions")

    def __init__(self, fid: str, card: str, side: str, cell: Cell | None = None, damage: int = 0,
                 actions: int = 0) -> None:
        self.id = fid
        self.card = card
        self.side = side
        self.cell = cell
        self.damage = damage
        self.actions = actions

    def copy(self) -> "Fig":
        other = _new(Fig)               # the fields set here, without a call of __init__ (a clone copies ~25)
        other.id = self.id
        other.card = self.card
        other.side = self.side
        other.cell = self.cell
        other.damage = self.damage
        other.actions = self.actions
        return other

    def data(self) -> list:
        return [self.id, self.card, self.side, self.cell, self.damage, self.actions]


class HeroSeat:
    """One hero player's hero and cards. Hands are kept sorted (their order means nothing); the discard pile
    keeps its order (face up, L268)."""

    __slots__ = ("hero", "rank", "hand", "discard", "played", "uniques", "in_play", "mission", "counters",
                 "activated")

    def __init__(self, hero: str = "", rank: str = "normal") -> None:
        self.hero = hero
        self.rank = rank
        self.hand: list[str] = []
        self.discard: list[str] = []
        self.played: list[tuple[str, str]] = []     # (card id, "left" | "right") this turn
        self.uniques: list[str] = []                # Unique Action cards used this turn (L233)
        self.in_play = True
        self.mission: str | None = None
        self.counters: dict[str, int] = {}
        self.activated = False                      # activated this turn

    def copy(self) -> "HeroSeat":
        other = HeroSeat(self.hero, self.rank)
        other.hand = list(self.hand)
        other.discard = list(self.discard)
        other.played = list(self.played)
        other.uniques = list(self.uniques)
        other.in_play = self.in_play
        other.mission = self.mission
        other.counters = dict(self.counters)
        other.activated = self.activated
        return other

    def data(self) -> list[Any]:
        return [self.hero, self.rank, self.hand, self.discard, self.played, self.uniques, self.in_play,
                self.mission, sorted(self.counters.items()), self.activated]

    def bump(self, key: str, by: int = 1) -> None:
        self.counters[key] = self.counters.get(key, 0) + by
