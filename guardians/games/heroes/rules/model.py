"""Plain mutable records of a heroes game, cheap to copy (the AI clones states constantly)."""

from __future__ import annotations

from guardians.engine.flow import Frame, Resolution  # noqa: F401  (Frame: re-exported for the effects and tests)

# Condition tokens, as bits so a hero's conditions copy as one int.
SHIELD, IMMOBILIZE, POWERLOCK = 1, 2, 4
CONDITIONS = {"shield": SHIELD, "immobilize": IMMOBILIZE, "powerlock": POWERLOCK}
CONDITION_NAMES = {bit: name for name, bit in CONDITIONS.items()}

LOYALIST, RENEGADE = "loyalist", "renegade"
HIDDEN = "?"                 # the card id a masked card instance shows in a view


class Hero:
    """A drafted hero. `slot` is its location in the row; None while not in play (unplaced or knocked out)."""

    __slots__ = ("id", "owner", "slot", "damage", "exhausted", "conds", "attack_mod", "ko", "placed")

    def __init__(self, hero_id: str, owner: int) -> None:
        self.id = hero_id
        self.owner = owner
        self.slot: int | None = None
        self.damage = 0
        self.exhausted = False
        self.conds = 0
        self.attack_mod = 0
        self.ko = False
        self.placed = False

    def copy(self) -> "Hero":
        other = Hero.__new__(Hero)
        other.id = self.id
        other.owner = self.owner
        other.slot = self.slot
        other.damage = self.damage
        other.exhausted = self.exhausted
        other.conds = self.conds
        other.attack_mod = self.attack_mod
        other.ko = self.ko
        other.placed = self.placed
        return other

    @property
    def in_play(self) -> bool:
        return self.slot is not None

    def data(self) -> list:
        return [self.id, self.owner, self.slot, self.damage, self.exhausted, self.conds, self.attack_mod,
                self.ko, self.placed]


class Seat:
    """One player's cards. Card instances are ints indexing `HeroesState.cards`."""

    __slots__ = ("hand", "deck", "discard", "ultimates", "actions", "can_hand_over", "done", "mulligan_done")

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.deck: list[int] = []
        self.discard: list[int] = []
        self.ultimates: dict[str, list] = {}     # hero id -> [charges, face_up]
        self.actions = 0                         # actions left this Action Phase
        # 4 players: may hand the turn to her teammate (she did something since she got it, or it is the
        # start of the team's Action Phase, where either teammate may go first)
        self.can_hand_over = False
        self.done = False                        # finished this Action Phase
        self.mulligan_done = False

    def copy(self) -> "Seat":
        other = Seat.__new__(Seat)
        other.hand = self.hand[:]
        other.deck = self.deck[:]
        other.discard = self.discard[:]
        ultimates = other.ultimates = self.ultimates.copy()
        for key, value in ultimates.items():        # (a loop, not a comprehension: no call of its own)
            ultimates[key] = value[:]
        other.actions = self.actions
        other.can_hand_over = self.can_hand_over
        other.done = self.done
        other.mulligan_done = self.mulligan_done
        return other

    def data(self) -> list:
        return [self.hand, self.deck, self.discard, sorted(self.ultimates.items()), self.actions, self.can_hand_over,
                self.done, self.mulligan_done]


class Finish(Resolution):
    """What to do once a card, ability or action has fully resolved (discard it, open reactions).

    A kernel `Resolution`: effects the card triggers (a location's "when a hero moves here") wait in
    `triggered` until it is done."""

    __slots__ = ("kind", "seat", "instance", "hero", "label", "record")

    def __init__(self, kind: str, seat: int, instance: int | None = None, hero: str | None = None,
                 label: str = "", record: dict | None = None) -> None:
        self.triggered = []     # Resolution.__init__, written out (one is made per action, card, ability)
        self.kind = kind        # "card", "ultimate", "ability", "attack", "move", "draw", "location", "reaction", "score"
        self.seat = seat
        self.instance = instance
        self.hero = hero
        self.label = label
        self.record = record

    def copy(self, record: dict | None = None) -> "Finish":
        """A copy; `record` is the copied record to share (default: a fresh copy of this one's)."""
        other = Finish(self.kind, self.seat, self.instance, self.hero, self.label,
                       _copy_record(self.record) if record is None else record)
        self.copy_base(other)
        return other

    def data(self) -> tuple:
        return (self.kind, self.seat, self.instance, self.hero, self.label, [f.data() for f in self.triggered])

    def __repr__(self) -> str:
        return f"Finish{self.data()!r}"


def new_record(kind: str, seat: int, label: str) -> dict:
    """What happened during one action, card or ability, for reaction triggers."""
    return {"kind": kind, "by": seat, "label": label, "damaged": [], "moved": [], "attack": None,
            "card": kind in ("card", "ultimate", "reaction")}


def _copy_record(record: dict | None) -> dict | None:
    if record is None:
        return None
    out = dict(record)
    out["damaged"] = list(record["damaged"])
    out["moved"] = list(record["moved"])
    return out


copy_record = _copy_record
