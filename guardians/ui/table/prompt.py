"""What to do now, where the eyes are: the prompt strip (the title, a hint, and buttons for the choices
that name nothing on the table, plus Cancel while something is selected), and the box a game may open
over its table for a choice (`paint_dialog`). Sizes come from the scene's `Metrics`.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.ui import theme
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
    blit_centered(surface, fitted(label, size, rect.w - 10, theme.TEXT, True), rect.center)


def option_buttons(shown: Decision | None, drawn: set[str]) -> list[Button]:
    """(ref, label, kind) of each option button not drawn elsewhere."""
    if shown is None:
        return []
    return [(a.refs[0], a.label or a.kind, a.kind) for a in shown.options
            if len(a.refs) == 1 and a.refs[0].startswith(OPT) and a.refs[0] not in drawn]


def button_piece(ref: str, rect: pygame.Rect, label: str, primary: bool, size: int, group: str = "") -> Piece:
    return Piece(ref, rect, lambda s, rr: paint_button(s, rr, label, primary, size),
                 ref=None if ref.startswith("ui:") else ref, tip=label, group=group)


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
        line1 = fitted(title, geo.font(m.strip_title_px), text_w, theme.TEXT, True, m.strip_title_min)
        line2 = fitted(hint, geo.font(m.strip_hint_px), text_w, theme.TEXT if alert else theme.TEXT_DIM, False,
                       m.strip_hint_min)
        y = rect.centery - (line1.get_height() + line2.get_height()) // 2
        surface.blit(line1, (x, y))
        surface.blit(line2, (x, y + line1.get_height()))

    view.statics.append(paint)
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
