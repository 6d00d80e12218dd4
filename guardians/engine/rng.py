"""The one seeded random source of a game state.

It counts how often it was used, so the state knows when something random happened since an
action (which ends what a player may undo).
"""

from __future__ import annotations

import random
from typing import Any, Sequence, TypeVar

T = TypeVar("T")
_getrandbits = random.Random.getrandbits


class Rng(random.Random):
    """`random.Random` that counts its uses. Always shuffle lists in a canonical order."""

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.uses = 0

    def random(self) -> float:  # every other method of random.Random draws through here or getrandbits
        self.uses += 1
        return super().random()

    def getrandbits(self, k: int) -> int:
        self.uses += 1
        return _getrandbits(self, k)

    def _randbelow(self, n: int) -> int:
        """`random.Random._randbelow_with_getrandbits`, the same draws, without a Python call per draw
        (randrange, choice and shuffle all come through here)."""
        k = n.bit_length()
        r = _getrandbits(self, k)
        uses = 1
        while r >= n:
            r = _getrandbits(self, k)
            uses += 1
        self.uses += uses
        return r

    def clone(self) -> "Rng":
        other = Rng.__new__(Rng)          # no __init__: seeding from OS entropy would be wasted work
        other.setstate(self.getstate())
        other.uses = self.uses
        return other

    def pick(self, items: Sequence[T]) -> T:
        return items[self.randrange(len(items))]

    def state_token(self) -> Any:
        return self.getstate()


class SealedRng(Rng):
    """The RNG of an observation: a seat's view holds no randomness to read the future from."""

    def __init__(self) -> None:
        super().__init__(0)

    def random(self) -> float:
        raise RuntimeError("an observation has no RNG: determinize it first")

    def getrandbits(self, k: int) -> int:
        raise RuntimeError("an observation has no RNG: determinize it first")

    def _randbelow(self, n: int) -> int:
        raise RuntimeError("an observation has no RNG: determinize it first")

    def getstate(self) -> Any:
        return "sealed"

    def setstate(self, state: Any) -> None:
        if state != "sealed":
            raise RuntimeError("an observation has no RNG")

    def clone(self) -> "SealedRng":
        return self


SEALED = SealedRng()      # it holds nothing and never changes: every observation shares it
