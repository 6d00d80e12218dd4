"""What to do now, where the eyes are: the prompt strip (the title, a hint, and buttons for the choices
that name nothing on the table, plus Cancel while something is selected), and the box a game may open
over its table for a choice (`paint_dialog`). Sizes come from the scene's `Metrics`. `waiting_title` is the
title a game may give while a seat chooses out of this table's sight, from its own words for each phase.
"""

from __future__ import annotations

from typing import Mapping

import pygame

from guardians.engine.actions import Decision
from guardians.ui import scaling, theme
from guardians.ui.table.selection import OPT
from guardians.ui.table.text import blit_centered, fitted, text, wrapped
from guardians.ui.table.view import Piece, View
from guardians.ui.widgets import draw_box

CANCEL = "ui:cancel"
ALERT_FILL = (84, 64, 30)

Button = tuple[str, str, str]           # (ref, label, kind)


def paint_button(surface: pygame.Surface, rect: pygame.Rect, label: str, primary: bool = False,
                 size: int = 14) -> None:
    fill = theme.BUTTON_PRIMARY if primary else theme.BUTTON
    draw_box(surface, rect, fill, theme.PANEL_EDGE, 1)
    lines = wrapped(label, size, rect.w - 12, True)
    fnt = theme.font(size, True)
    if len(lines) > 1 and len(lines) * fnt.get_linesize() <= rect.h - 4:
        y = rect.centery - len(lines) * fnt.get_linesize() // 2
        for line in lines:
            img = text(line, size, theme.TEXT, True)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += fnt.get_linesize()
        return
    blit_centered(surface, fitted(label, size, rect.w - 10, theme.TEXT, True, min(size, scaling.window_min_text())),
                  rect.center)


def option_buttons(shown: Decision | None, drawn: set[str]) -> list[Button]:
    """(ref, label, kind) of each option button not drawn elsewhere."""
    if shown is None:
        return []
    return [(a.refs[0], a.label or a.kind, a.kind) for a in shown.options
            if len(a.refs) == 1 and a.refs[0].startswith(OPT) and a.refs[0] not in drawn]


def button_piece(ref: str, rect: pygame.Rect, label: str, primary: bool, size: int, group: str = "") -> Piece:
    return Piece(ref, rect, lambda s, rr: paint_button(s, rr, label, primary, size),
                 ref=None if ref.startswith("ui:") else ref, tip=label, group=group)


def waiting_title(scene, seat: int, phase_words: Mapping[str, str]) -> str:
    """The prompt strip's title for a game that names what `seat` is doing while nobody here may choose (a
    computer's turn, or a hand-over screen still to pass): "<seat> is <the phase's words>…", "choosing" for a
    phase without words; "" once a human here chooses. A scene's `waiting_title` returns it with its words."""
    session = scene.session
    if session.human_to_move is None or session.needs_handover:
        return f"{scene.state.seat_name(seat)} is {phase_words.get(scene.state.phase, 'choosing')}…"
    return ""


def build_strip(scene, view: View, rect: pygame.Rect, title: str, hint: str, buttons: list[Button],
                cancel: bool, alert: bool, x: int | None = None, group: str = "") -> None:
    """The strip in `rect`: two lines of text from `x` on, the buttons right-aligned (primary ones, of
    the scene's `PRIMARY_KINDS`, stand out), and Cancel last when `cancel`."""
    geo, m = scene.geo, scene.metrics
    size = geo.font(m.strip_button_px)
    fnt = theme.font(size, True)
    widths = [min(geo.px(m.strip_button_max), max(geo.px(96), fnt.size(label)[0] + 24)) for _, label, _ in buttons]
    if cancel:
        widths.append(geo.px(90))
    room = rect.w // 2
    if widths and sum(widths) + 6 * len(widths) > room:
        each = (room - 6 * len(widths)) // len(widths)
        widths = [max(geo.px(70), each)] * len(widths)
    right = rect.right - m.strip_right
    button_rects: list[pygame.Rect] = []
    for w in reversed(widths):
        button_rects.insert(0, pygame.Rect(right - w, rect.y + m.strip_inset, w, rect.h - 2 * m.strip_inset))
        right -= w + 6
    x = rect.x + m.strip_text_x if x is None else x
    text_w = (button_rects[0].x if button_rects else rect.right) - x - 8

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, rect, ALERT_FILL if alert else theme.PANEL, theme.ACCENT if alert else theme.PANEL_EDGE,
                 2 if alert else 1)
        line1 = fitted(title, geo.font(m.strip_title_px), text_w, theme.TEXT, True,
                       min(m.strip_title_min, scaling.window_min_text()))
        line2 = fitted(hint, geo.font(m.strip_hint_px), text_w, theme.TEXT if alert else theme.TEXT_DIM, False,
                       min(m.strip_hint_min, scaling.window_min_text()))
        y = rect.centery - (line1.get_height() + line2.get_height()) // 2
        surface.blit(line1, (x, y))
        surface.blit(line2, (x, y + line1.get_height()))

    view.statics.append(paint)
    view.keep_clear.append(pygame.Rect(rect))
    for (ref, label, kind), r in zip(buttons, button_rects):
        view.overlays.append(button_piece(ref, r, label, kind in scene.PRIMARY_KINDS, size, group))
    if cancel:
        piece = button_piece(CANCEL, button_rects[-1], "Cancel", False, size, group)
        piece.tip = "Cancel the selection"
        view.overlays.append(piece)


def paint_dialog(surface: pygame.Surface, rect: pygame.Rect, prompt: str, context: str, title_px: int, sub_px: int,
                 x: int, cut: int, top: int, sub_gap: int = 0) -> None:
    """A box raised over the table: its shadow, an accent frame, the prompt (at `x`, `top` inside, `cut`
    narrower than the box) and a line of context `sub_gap` below it."""
    draw_box(surface, rect.move(5, 5), (8, 8, 12), radius=10)
    draw_box(surface, rect, theme.PANEL, theme.ACCENT, 3, radius=10)
    img = fitted(prompt, title_px, rect.w - cut, theme.TEXT, True)
    surface.blit(img, (rect.x + x, rect.y + top))
    if context:
        sub = fitted(context, sub_px, rect.w - cut, theme.TEXT_DIM)
        surface.blit(sub, (rect.x + x, rect.y + top + sub_gap + img.get_height()))


def unplaced_buttons(shown: Decision | None, drawn: set[str], label_of=None) -> list[Button]:
    """(ref, label, kind) of a button for each thing the choice names that the table does not draw (a card
    kept in no panel, an option naming nothing): one button a ref, labelled by its option, or by
    `label_of(ref)` when several options name it (its click then opens the chooser)."""
    if shown is None:
        return []
    named: dict[str, list] = {}
    for action in shown.options:
        if not action.refs or any(r in drawn for r in action.refs):
            continue
        named.setdefault(action.refs[0], []).append(action)
    buttons: list[Button] = []
    for ref, actions in named.items():
        first = actions[0]
        label = first.label or first.kind
        if len(actions) > 1 and label_of is not None:
            label = label_of(ref) or label
        buttons.append((ref, label, first.kind))
    return buttons


def grid_rows(count: int, width: int, min_w: int) -> int:
    """How many buttons of at least `min_w` fit a row `width` wide."""
    return max(1, min(count, width // max(1, min_w)))


def build_button_grid(scene, view: View, rect: pygame.Rect, buttons: list[Button], per_row: int, row_h: int,
                      gap: int = 4, group: str = "button") -> None:
    """`buttons` in rows of `per_row` filling `rect` (the scene's `PRIMARY_KINDS` stand out), for a choice
    with more buttons than the prompt strip holds."""
    if not buttons:
        return
    size = scene.geo.font(scene.metrics.strip_button_px)
    each = min(scene.geo.px(scene.metrics.strip_button_max) + 60, (rect.w - gap * (per_row + 1)) // per_row)
    x0 = rect.centerx - (per_row * each + (per_row - 1) * gap) // 2
    view.keep_clear.append(pygame.Rect(rect))
    for i, (ref, label, kind) in enumerate(buttons):
        row, col = divmod(i, per_row)
        r = pygame.Rect(x0 + col * (each + gap), rect.y + gap + row * (row_h + gap), each, row_h)
        view.overlays.append(button_piece(ref, r, label, kind in scene.PRIMARY_KINDS, size, group))
