"""The chronicles side panel's blocks kept between builds (issue #16): a block found again under the values it
is made of is handed back, and moved when a block above it grew (`part`). The store is the kit's
(`guardians/ui/table/kept.py`, by key); `tests/chronicles_ui/test_chronicles_kept.py` compares kept parts with
freshly built ones after many moves.
"""

from __future__ import annotations

from typing import Any, Callable, Hashable

from guardians.ui.table.kept import Kept, moved
from guardians.ui.table.view import Piece, View

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
