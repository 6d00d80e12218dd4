"""Pieces kept between builds of one chronicles table (issue #16): after a move most of the side panel and the
map show what they showed before, and building their pieces again (closures, words measured, tips worded) was
most of the redraw's `build`.

A `Kept` is a store per scene, keyed by a hashable made of exactly the values a part's pieces are made of (the
same values its painters and `look`s read: numbers, names, rects, sizes), never by the identity of an
observation (every redraw has a fresh one). A part whose key is unchanged gets its very pieces back, so a kept
piece must never be changed after it is built: who wants another tag or place makes a copy (`tag_sight`, `moved`).
`tests/chronicles_ui/test_chronicles_kept.py` compares kept parts with freshly built ones after many moves.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

from guardians.ui import scaling
from guardians.ui.table.view import Piece, View

LIMIT = 2048                     # entries kept at most; the store starts afresh past it (a long game, resizes)

_MISSING = object()


class Kept:
    """A bounded store of built parts, keyed by what they are made of; `hits` and `misses` count its use."""

    def __init__(self, limit: int = LIMIT) -> None:
        self.limit = limit
        self._store: dict[Hashable, Any] = {}
        self.hits = 0
        self.misses = 0

    def __len__(self) -> int:
        return len(self._store)

    def get(self, key: Hashable, make: Callable[[], Any]) -> Any:
        """The part kept under `key`, made now (and kept) if there is none."""
        found = self._store.get(key, _MISSING)
        if found is _MISSING:
            self.misses += 1
            if len(self._store) >= self.limit:
                self._store.clear()
            found = self._store[key] = make()
        else:
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

    def put(self, key: Hashable, value: Any) -> Any:
        """Keep `value` under `key`; returns it."""
        if key not in self._store and len(self._store) >= self.limit:
            self._store.clear()
        self._store[key] = value
        return value


Part = tuple[tuple[Piece, ...], int, int]      # a block's pieces, the row it starts on, the rows it takes


def part(kept: Kept | None, key: Hashable, view: View | None, cursor: Any,
         build: Callable[[View | None], None]) -> None:
    """A block of the side panel, built by `build(view)` at the cursor (which it moves down), or its pieces as kept
    under `key` and the cursor moved as building moved it. A block is all pieces (no statics) that paint where
    they are drawn, so a kept block found higher or lower (a block above it grew) is moved, not built again.
    `view` None: a layout pass (`build(None)` only moves the cursor), its rows kept too."""
    if kept is None:
        build(view)
        return
    start = cursor.y
    if view is None:                            # a layout pass: the rows the block takes, measured once per key
        rows = kept.find(("rows", key))
        if rows is None:
            build(None)
            rows = kept.put(("rows", key), cursor.y - start)
        cursor.y = start + rows
        return
    found = kept.find(key)
    if found is None:
        scratch = View()
        build(scratch)
        assert not scratch.statics, "a kept block is pieces only"
        found = kept.put(key, (tuple(scratch.pieces), start, cursor.y - start))
    pieces, top, rows = found
    if top != start:
        pieces = tuple(moved(piece, start - top) for piece in pieces)
        kept.put(key, (pieces, start, rows))
    cursor.y = start + rows
    view.pieces.extend(pieces)


def moved(piece: Piece, dy: int) -> Piece:
    """A copy of `piece` drawn `dy` lower (its tip and face as they are, called or not)."""
    other = object.__new__(type(piece))        # a plain copy of its fields (`copy.copy` is several times slower)
    other.__dict__.update(piece.__dict__)
    other.rect = piece.rect.move(0, dy)
    if piece.hit is not None:
        other.hit = piece.hit.move(0, dy)
    return other


def scale_key() -> tuple:
    """What every size on the table follows: the window and the player's UI scale (a part's key holds it)."""
    return scaling.window_size(), scaling.ui_scale()
