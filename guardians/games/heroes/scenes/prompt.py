"""What to do now, where the eyes are: the prompt strip under the row, buttons for the choices that
name nothing on the table ("Pass", "End the Action Phase"), and a centred box for pure choices
("move or powerlock", the order of reactions).
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.engine.table import CardFace
from guardians.games.heroes.scenes import style
from guardians.games.heroes.scenes.layout import Geometry
from guardians.games.heroes.scenes.pieces import paint_card
from guardians.games.heroes.scenes.selection import OPT
from guardians.games.heroes.scenes.view import Piece, View
from guardians.ui import theme
from guardians.ui.widgets import draw_box

CANCEL = "ui:cancel"
PRIMARY_KINDS = frozenset({"end", "pass", "keep", "continue"})


def paint_button(surface: pygame.Surface, rect: pygame.Rect, label: str, primary: bool = False,
                 size: int = 14) -> None:
    fill = theme.BUTTON_PRIMARY if primary else theme.BUTTON
    draw_box(surface, rect, fill, theme.PANEL_EDGE, 1)
    lines = style.wrapped(label, size, rect.w - 12, True)
    if len(lines) > 1 and len(lines) * theme.font(size, True).get_linesize() <= rect.h - 4:
        fnt = theme.font(size, True)
        y = rect.centery - len(lines) * fnt.get_linesize() // 2
        for line in lines:
            img = style.text(line, size, theme.TEXT, True)
            surface.blit(img, img.get_rect(midtop=(rect.centerx, y)))
            y += fnt.get_linesize()
        return
    style.blit_centered(surface, style.fitted(label, size, rect.w - 10, theme.TEXT, True), rect.center)


def option_pieces(shown: Decision | None, drawn: set[str]) -> list[tuple[str, str, str]]:
    """(ref, label, kind) of each option button not drawn elsewhere."""
    if shown is None:
        return []
    return [(a.refs[0], a.label or a.kind, a.kind) for a in shown.options
            if len(a.refs) == 1 and a.refs[0].startswith(OPT) and a.refs[0] not in drawn]


def wants_box(shown: Decision | None, buttons: list[tuple[str, str, str]]) -> bool:
    """A pure choice (every option is a button) with more than a Pass: shown in a box over the row."""
    if shown is None or shown.kind in ("main", "faction", "mulligan"):
        return False
    every = len(buttons) == len(shown.options)
    return (every and len(buttons) >= 2) or len(buttons) > 4


def build_strip(geo: Geometry, view: View, title: str, hint: str, buttons: list[tuple[str, str, str]],
                cancel: bool, alert: bool, locations_left: int | None) -> None:
    rect = geo.strip
    x = rect.x + 8
    if locations_left is not None:
        pile = pygame.Rect(rect.x + 6, rect.y + 3, int((rect.h - 6) / 1.4), rect.h - 6)

        def paint_locdeck(surface: pygame.Surface, r: pygame.Rect) -> None:
            pygame.draw.rect(surface, style.LOCATION_BAND, r, border_radius=3)
            pygame.draw.rect(surface, style.LOCATION_PAPER, r, 1, border_radius=3)
            style.blit_centered(surface, style.text(str(locations_left), max(9, r.w // 2), theme.TEXT, True), r.center)

        view.add(Piece("locdeck", pile, paint_locdeck, tip=f"Location deck: {locations_left} left"))
        x = pile.right + 10
    widths = []
    size = geo.font(14)
    for _, label, _ in buttons:
        widths.append(min(geo.px(260), max(geo.px(96), theme.font(size, True).size(label)[0] + 24)))
    if cancel:
        widths.append(geo.px(90))
    room = rect.w // 2
    if sum(widths) + 6 * len(widths) > room and widths:
        each = (room - 6 * len(widths)) // len(widths)
        widths = [max(geo.px(70), each)] * len(widths)
    right = rect.right - 6
    button_rects = []
    for w in reversed(widths):
        button_rects.insert(0, pygame.Rect(right - w, rect.y + 4, w, rect.h - 8))
        right -= w + 6
    text_w = (button_rects[0].x if button_rects else rect.right) - x - 8

    def paint(surface: pygame.Surface) -> None:
        fill = (84, 64, 30) if alert else theme.PANEL
        draw_box(surface, rect, fill, theme.ACCENT if alert else theme.PANEL_EDGE, 2 if alert else 1)
        line1 = style.fitted(title, geo.font(15), text_w, theme.TEXT, True, 10)
        line2 = style.fitted(hint, geo.font(12), text_w, theme.TEXT_DIM if not alert else theme.TEXT, False, 9)
        total = line1.get_height() + line2.get_height()
        y = rect.centery - total // 2
        surface.blit(line1, (x, y))
        surface.blit(line2, (x, y + line1.get_height()))

    view.statics.append(paint)
    for (ref, label, kind), r in zip(buttons, button_rects):
        view.overlays.append(Piece(ref, r, lambda s, rr, lab=label, p=kind in PRIMARY_KINDS: paint_button(s, rr, lab, p, size),
                                   ref=ref, tip=label))
    if cancel:
        view.overlays.append(Piece(CANCEL, button_rects[-1],
                                   lambda s, rr: paint_button(s, rr, "Cancel", False, size), ref=None, tip="Cancel the selection"))


def context_of(state) -> tuple[str, CardFace | None]:
    """What is being resolved, in the log's words, and its card when it is one: the latest card,
    ability or location used this turn."""
    for event in reversed(state.log[-40:]):
        if event.kind in ("play", "react", "ability", "location"):
            face = None
            for ref in event.refs:
                kind, _, ident = ref.partition(":")
                if kind == "card" and ident.isdigit():
                    face = state.card_face(state.cards[int(ident)])
                elif kind == "ult" and ident in state.content.heroes:
                    face = state.card_face(state.content.heroes[ident].ultimate.id)
            return event.text, face
        if event.kind == "turn":
            break
    return "", None


def build_box(geo: Geometry, view: View, prompt: str, buttons: list[tuple[str, str, str]], context: str = "",
              face: CardFace | None = None) -> None:
    """A centred box over the row for a choice between buttons, beside the card that asks it."""
    size = geo.font(15)
    card = (geo.px(96), int(geo.px(96) * 1.4)) if face is not None else (0, 0)
    width = min(geo.board.w - 40, max(geo.px(380), max(theme.font(size, True).size(b[1])[0] for b in buttons) + 60,
                                      theme.font(geo.font(13)).size(context)[0] + 40) + card[0])
    row_h = geo.px(40)
    top = geo.px(72) if context else geo.px(52)
    height = max(top + len(buttons) * (row_h + 8), card[1] + 24)
    box = pygame.Rect(0, 0, width, min(height, geo.board.h + geo.strip.h))
    box.center = geo.board.center

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        draw_box(surface, r.move(5, 5), (8, 8, 12), radius=10)
        draw_box(surface, r, theme.PANEL, theme.ACCENT, 3, radius=10)
        img = style.fitted(prompt, geo.font(17), r.w - 24, theme.TEXT, True)
        surface.blit(img, (r.x + 14, r.y + 12))
        if context:
            sub = style.fitted(context, geo.font(13), r.w - 24, theme.TEXT_DIM)
            surface.blit(sub, (r.x + 14, r.y + 16 + img.get_height()))

    view.overlays.append(Piece("ui:box", box, paint))
    if face is not None:
        rect = pygame.Rect(box.right - 12 - card[0], box.y + 12, *card)
        view.overlays.append(Piece("ui:boxcard", rect, lambda s, r: paint_card(s, r, face), face=face,
                                   tags=("the card being resolved",)))
    y = box.y + top - geo.px(6)
    for ref, label, kind in buttons:
        rect = pygame.Rect(box.x + 14, y, box.w - 28 - (card[0] + 12 if face is not None else 0), row_h)
        view.overlays.append(Piece(ref, rect, lambda s, rr, lab=label, p=kind in PRIMARY_KINDS: paint_button(s, rr, lab, p, size),
                                   ref=ref, tip=label))
        y += row_h + 8
