"""The one seeded random source of a game state.

It counts how often it was used, so the state knows when something random happened since an
action (which ends what a player may undo).
"""

from __future__ import annotations

import random
from typing import Any, Sequence, TypeVar

T = TypeVar("T")
_getrandbits = random.Random.getrandbits
_random = random.Random.random
_ONE = 1
_getstate = random.Random.getstate
_setstate = random.Random.setstate


class Rng(random.Random):
    """`random.Random` that counts its uses. Always shuffle lists in a canonical order.

    A clone is copy-on-write: it holds the state it was cloned from (`_snap`, the tuple `getstate` gives,
    shared and immutable) and sets its generator from it only at its first draw. A state cloned for the
    AI that never draws (most of them) never pays for the 625-word Mersenne state. `_snap` is also kept
    while nothing has been drawn since `getstate`, so cloning one state many times reads its state once.
    Every draw comes through `random`, `getrandbits` or `_randbelow`, which wake a lazy clone.
    """

    _snap: Any = None        # getstate() while it still holds (nothing drawn since)
    _lazy = False            # the generator is not set yet: `_snap` is the state to start from

    def __init__(self, seed: int | None = None) -> None:
        super().__init__(seed)
        self.uses = 0

    def _wake(self) -> None:
        """Something is about to be drawn: set the generator of a lazy clone, forget the snapshot."""
        if self._lazy:
            self._lazy = False
            _setstate(self, self._snap)
        self._snap = None

    def seed(self, *args: Any, **kwargs: Any) -> None:
        self._snap = None
        self._lazy = False
        super().seed(*args, **kwargs)

    def getstate(self) -> Any:
        snap = self._snap
        if snap is None:
            snap = self._snap = _getstate(self)
        return snap

    def setstate(self, state: Any) -> None:
        self._snap = None
        self._lazy = False
        _setstate(self, state)

    def random(self) -> float:  # every other method of random.Random draws through here or getrandbits
        if self._snap is not None:
            self._wake()
        self.uses += 1
        return _random(self)

    def getrandbits(self, k: int) -> int:
        if self._snap is not None:
            self._wake()
        self.uses += 1
        return _getrandbits(self, k)

    def _randbelow(self, n: int) -> int:
        """`random.Random._randbelow_with_getrandbits`, the same draws, without a Python call per draw
        (randrange, choice and shuffle all come through here)."""
        if self._snap is not None:
            self._wake()
        k = n.bit_length()
        r = _getrandbits(self, k)
        uses = 1
        while r >= n:
            r = _getrandbits(self, k)
            uses += 1
        self.uses += uses
        return r

    def randrange(self, start: int, stop: int | None = None, step: int = _ONE) -> int:
        """`random.Random.randrange`; `randrange(n)` goes straight to `_randbelow`, as random's does."""
        if stop is None and step is _ONE and start.__class__ is int and start > 0:
            return self._randbelow(start)
        return super().randrange(start, stop, step)

    def shuffle(self, x: list) -> None:
        """`random.Random.shuffle` (the same draws, the same order), with `_randbelow` written out: a
        shuffle of a deck costs one Python call, not one per card."""
        if self._snap is not None:
            self._wake()
        getrandbits = _getrandbits
        uses = 0
        for i in reversed(range(1, len(x))):
            n = i + 1
            k = n.bit_length()
            j = getrandbits(self, k)
            uses += 1
            while j >= n:
                j = getrandbits(self, k)
                uses += 1
            x[i], x[j] = x[j], x[i]
        self.uses += uses

    def clone(self) -> "Rng":
        snap = self.getstate()
        other = Rng.__new__(Rng)          # no __init__: seeding from OS entropy would be wasted work
        other._snap = snap
        other._lazy = True
        other.gauss_next = snap[2]
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

    def shuffle(self, x: list) -> None:
        raise RuntimeError("an observation has no RNG: determinize it first")

    def getstate(self) -> Any:
        return "sealed"

    def setstate(self, state: Any) -> None:
        if state != "sealed":
            raise RuntimeError("an observation has no RNG")

    def clone(self) -> "SealedRng":
        return self


SEALED = SealedRng()      # it holds nothing and never changes: every observation shares it
