"""The realms `build_view`: from what the seat may see (`state.view(viewer)`, the rules' masked copy) to
the table's pieces for one moment: the other seats' bars, the board, the side panel (the combat, or the
round), the seat's own mat and cards, the tray of cards a choice names that are drawn nowhere else, and
the prompt strip with a button for each option that names nothing.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.games.realms.scenes import board, combat, preview, seats, side
from guardians.games.realms.scenes.layout import Geometry
from guardians.ui import theme
from guardians.ui.table import prompt
from guardians.ui.table.kept import Kept
from guardians.ui.table.layout import PAD
from guardians.ui.table.view import Piece, View, replace, unread
from guardians.ui.widgets import draw_box

STRIP_BUTTONS = 4          # more than this many buttons go in a box beside the board


def bottom_seat(seen, viewer: int | None, humans: tuple[int, ...]) -> int:
    """The seat drawn at the foot: the viewer, else the first human, else seat 0."""
    if viewer is not None:
        return viewer
    return humans[0] if humans else 0


def _build(seen, geo: Geometry, viewer: int | None, bottom: int, tray_h: int, kept: Kept | None) -> View:
    view = View(viewer=viewer, mode="combat" if seen.combat is not None else "board")
    others = [(bottom + k) % seen.n for k in range(1, seen.n)]
    lands = seen.land_counts()                  # every seat's disputed lands, in one pass
    seats.build_foes(seen, geo, view, others, kept, lands)
    board.build_board(seen, geo, view, bottom, viewer, kept)
    seats.build_own(seen, geo, view, bottom, viewer is not None, kept, lands)
    area = pygame.Rect(geo.side.x, geo.side.y, geo.side.w, geo.side.h - (tray_h + PAD if tray_h else 0))
    if seen.combat is not None:
        combat.build_combat(seen, geo, view, area, viewer, kept)
    else:
        side.build_round(seen, geo, view, area)
    return view


def build_view(scene, seen, geo: Geometry, viewer: int | None, humans: tuple[int, ...], shown: Decision | None,
               title: str, hint: str, selected: str | None) -> View:
    """`seen` is `state.view(viewer)`: hidden cards have no id in it, so nothing secret can be drawn."""
    bottom = bottom_seat(seen, viewer, humans)
    kept = getattr(scene, "kept", None)         # the scene's parts kept between builds (kept.py)
    view = _build(seen, geo, viewer, bottom, 0, kept)
    drawn = drawn_refs(view)
    tray = side.tray_refs(shown, drawn)
    if tray and shown is not None:
        tray_h = side.tray_height(geo.side, len(tray), seen.combat is not None)
        view = _build(seen, geo, viewer, bottom, tray_h, kept)
        area = pygame.Rect(geo.side.x, geo.side.bottom - tray_h, geo.side.w, tray_h)
        side.build_tray(seen, geo, view, area, tray, shown)
        drawn = drawn_refs(view)
    tell_reach(seen, view, scene, viewer)
    buttons = prompt.option_buttons(shown, drawn)
    strip_buttons = buttons if len(buttons) <= STRIP_BUTTONS else []
    prompt.build_strip(scene, view, geo.strip, title, hint, strip_buttons, selected is not None, False)
    if buttons and not strip_buttons and shown is not None:
        build_box(scene, geo, view, shown.prompt, buttons)
    return view


def drawn_refs(view: View) -> set[str]:
    """The refs some piece of the view stands for (`set(view.rects())` without copying a rect each)."""
    return {piece.ref for piece in view.all() if piece.ref is not None}


def tell_reach(seen, view: View, scene, viewer: int | None) -> None:
    """In the viewer's movement option, each destination's tooltip says it is one, and why a walk into it
    stops the Shield (R47)."""
    presented = getattr(scene, "presented_decision", None)
    found = preview.reach(seen, presented() if presented is not None else None, viewer)
    if found is None:
        return
    for i, piece in enumerate(view.pieces):
        sid = piece.key[6:] if piece.key.startswith("space:") else None
        if sid in found.ends:
            view.pieces[i] = replace(piece, tip=_before(preview.end_words(found, sid), unread(piece, "tip")))


def _before(words: str, tip) -> object:
    """`words` put before a tip that may still be a function (then so is the result: worded when hovered)."""
    if callable(tip):
        return lambda: f"{words} {tip()}"
    return f"{words} {tip}"


def build_box(scene, geo: Geometry, view: View, words: str, buttons: list[prompt.Button]) -> None:
    """A box over the side panel with a button per option, for a choice of many words."""
    size = geo.font(14)
    row_h = geo.px(34)
    head = geo.px(34)
    box = pygame.Rect(geo.side.x, geo.side.y, geo.side.w, min(geo.side.h, head + len(buttons) * (row_h + 6) + 8))
    view.overlays.append(Piece("ui:box", box, lambda s, r: (draw_box(s, r, theme.PANEL, theme.ACCENT, 2, radius=8),
                                                          prompt.paint_dialog(s, r, words, "", geo.font(15),
                                                                              geo.font(12), 10, 20, 8)),
                               solid=True))
    view.keep_clear.append(box)                 # no hover card over the choice
    rows = max(1, (box.h - head - 8) // (row_h + 6))
    cols = -(-len(buttons) // rows)
    width = (box.w - 16 - 6 * (cols - 1)) // cols
    for i, (ref, label, kind) in enumerate(buttons):
        c, r = divmod(i, rows)
        rect = pygame.Rect(box.x + 8 + c * (width + 6), box.y + head + r * (row_h + 6), width, row_h)
        view.overlays.append(prompt.button_piece(ref, rect, label, kind in scene.PRIMARY_KINDS, size, "button"))
