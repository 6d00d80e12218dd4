"""Parts of a table kept between builds while what they show is unchanged (issues #15 and #16).

After a move most of a table shows what it showed before: the same spaces and stacks, the same seat bars
and panel blocks, the same doors and buttons. Building their pieces again (fitting titles, wording notes,
making painters) was most of a redraw's `build`. A game's scene holds a `Kept` and asks it for a part by
what the part is made of; an equal part is handed back as it was, pieces and all.

What a part is made of is the builder's promise, as a look is a painter's: a hashable of exactly the values
its pieces are made of (numbers, words, card ids, rects, the window's scale: `scale_key`), never the
identity of an observation (a view is a new copy at every move). A kept piece is never changed after it is
built (the kit only reads pieces; whoever wants another tag or place makes a copy: `moved`,
`view.replace`). A part whose tip or face is worded when hovered must word it from the view it is shown in.

Two ways to keep, one store:

- **by slot** (`keep`, `Kept.last`): one part per slot (a space, a seat's bar, a combat column) with the
  values it was last built from: the store never holds more than the table's parts (realms);
- **by key** (`Kept.get`, `find` and `put`): every part under the values it is made of, for parts that come
  back (a door open, shut, open again; a hero's block as it was two moves ago), up to `limit` entries, then
  afresh (chronicles).

The store is emptied with the text caches (`register_cache`: the text audit starts from nothing).
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, TypeVar

from guardians.ui import scaling
from guardians.ui.table.view import Piece
from guardians.ui.text import register_cache

T = TypeVar("T")
LIMIT = 2048                     # entries kept at most; the store starts afresh past it (a long game, resizes)
_MISSING = object()


class Kept:
    """One table's kept parts; `hits` and `misses` count its use."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._store: dict[Hashable, Any] = {}
        self.hits = 0
        self.misses = 0
        register_cache(self.clear)

    def __len__(self) -> int:
        return len(self._store)

    def clear(self) -> None:
        self._store.clear()

    def last(self, slot: Hashable, inputs: Hashable, make: Callable[[], T]) -> T:
        """What `make()` built for `slot` from equal `inputs` last time; else built now and kept (in place of
        what the slot held)."""
        found = self._store.get(slot)
        if found is not None and found[0] == inputs:
            self.hits += 1
            return found[1]
        self.misses += 1
        value = make()
        self.put(slot, (inputs, value))
        return value

    def get(self, key: Hashable, make: Callable[[], T]) -> T:
        """The part kept under `key`, made now (and kept) if there is none."""
        found = self._store.get(key, _MISSING)
        if found is _MISSING:
            self.misses += 1
            return self.put(key, make())
        self.hits += 1
        return found

    def find(self, key: Hashable) -> Any:
        """The part kept under `key`, or None (counted as a miss: the caller makes it and `put`s it)."""
        found = self._store.get(key)
        if found is None:
            self.misses += 1
        else:
            self.hits += 1
        return found

    def put(self, key: Hashable, value: T) -> T:
        """Keep `value` under `key`; returns it."""
        if key not in self._store and len(self._store) >= self.limit:
            self._store.clear()
        self._store[key] = value
        return value


def keep(kept: Kept | None, slot: Hashable, inputs: Callable[[], Hashable], make: Callable[[], T]) -> T:
    """`kept.last(slot, inputs(), make)`, or `make()` when nothing is kept (a table built once, a test)."""
    if kept is None:
        return make()
    return kept.last(slot, inputs(), make)


def moved(piece: Piece, dy: int) -> Piece:
    """A copy of `piece` drawn `dy` lower (its tip and face as they are, called or not)."""
    other = object.__new__(type(piece))        # a plain copy of its fields (`copy.copy` is several times slower)
    other.__dict__.update(piece.__dict__)
    other.rect = piece.rect.move(0, dy)
    if piece.hit is not None:
        other.hit = piece.hit.move(0, dy)
    return other


def scale_key() -> tuple:
    """What every size on a table follows: the window and the player's UI scale (a part's key holds it)."""
    return scaling.window_size(), scaling.ui_scale()
