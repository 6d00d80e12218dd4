"""The choice list shows whole rows only (issue #18: nothing clipped), and scrolls a row at a time."""

from __future__ import annotations

import pygame

from guardians.ui import text
from guardians.ui.widgets import ScrollList


def drawn_rows(rows: ScrollList) -> list[pygame.Rect]:
    return [r for r in (rows.row_rect(i) for i in range(len(rows.labels))) if r is not None]


def test_only_whole_rows_are_shown_and_every_row_can_be_reached(app):
    rows = ScrollList(15)
    rows.set_items([f"Option {i}" + (" with a longer label that wraps onto a second line" if i % 3 == 0 else "")
                    for i in range(12)])
    rows.layout(pygame.Rect(10, 10, 220, 260))
    assert rows.overflow
    seen: set[int] = set()
    for _ in range(30):
        view = rows.view
        shown = [i for i in range(len(rows.labels)) if rows.row_rect(i) is not None]
        assert shown and all(view.contains(rows.row_rect(i)) for i in shown)
        assert rows.offset in [r.y for r in rows._rows]          # the list starts on a row's top
        seen.update(shown)
        rows.scroll(rows.STEP)
    assert seen == set(range(12))
    surface = text.RecordingSurface((300, 300))
    with text.recording() as rec:
        rows.draw(surface)
    window = id(surface)
    placed = [d for d in rec.drawn if d.target == window and d.rect is not None]
    assert placed and all(d.rect.h == d.size[1] for d in placed)  # no line drawn in part
    rows.scroll(-10 * rows.STEP)
    assert rows.offset == 0 and rows.row_rect(0) is not None


def test_rows_are_laid_out_again_only_when_labels_place_or_size_change(app, monkeypatch):
    """The table sets the list after every move: the same labels in the same place keep their rows (nothing
    wrapped again); other labels, another rect or another text size lay them out anew."""
    from guardians.ui import theme

    wraps = []
    real_wrap = theme.wrap
    monkeypatch.setattr(theme, "wrap", lambda *a, **k: wraps.append(a[0]) or real_wrap(*a, **k))
    rows = ScrollList(15)
    rows.layout(pygame.Rect(10, 10, 220, 260))
    rows.set_items(["Move to the hall", "Attack the robot with a long description that wraps"])
    first = [pygame.Rect(r) for r in rows._rows]
    assert len(wraps) == 2
    rows.set_items(["Move to the hall", "Attack the robot with a long description that wraps"])
    rows.layout(pygame.Rect(10, 10, 220, 260))
    assert len(wraps) == 2 and rows._rows == first
    rows.layout(pygame.Rect(10, 10, 120, 260))           # narrower: more lines, taller rows
    assert len(wraps) == 4 and rows._rows[1].h > first[1].h
    rows.size = 22
    rows.layout(pygame.Rect(10, 10, 120, 260))           # larger words: taller again
    assert len(wraps) == 6 and rows._rows[0].h > first[0].h
    rows.set_items(["Pass"])
    assert len(wraps) == 7 and len(rows._rows) == 1
