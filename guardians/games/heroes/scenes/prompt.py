"""What to do now on the heroes table: the kit's prompt strip under the row (with the location deck at
its left), and a centred box over the row for pure choices ("move or powerlock", the order of
reactions), beside the card that asks it.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.engine.table import CardFace
from guardians.games.heroes.rules.model import HIDDEN
from guardians.games.heroes.scenes import style
from guardians.games.heroes.scenes.layout import Geometry
from guardians.games.heroes.scenes.pieces import paint_card
from guardians.ui import theme
from guardians.ui.table import prompt
from guardians.ui.table.prompt import Button, button_piece, option_buttons, paint_dialog  # noqa: F401
from guardians.ui.table.view import Piece, View

PRIMARY_KINDS = frozenset({"end", "pass", "keep", "continue"})


def wants_box(shown: Decision | None, buttons: list[Button]) -> bool:
    """A pure choice (every option is a button) with more than a Pass: shown in a box over the row."""
    if shown is None or shown.kind in ("main", "faction", "mulligan"):
        return False
    every = len(buttons) == len(shown.options)
    return (every and len(buttons) >= 2) or len(buttons) > 4


def build_strip(scene, geo: Geometry, view: View, title: str, hint: str, buttons: list[Button],
                cancel: bool, alert: bool, locations_left: int | None) -> None:
    rect = geo.strip
    x = None
    if locations_left is not None:
        pile = pygame.Rect(rect.x + 6, rect.y + 3, int((rect.h - 6) / 1.4), rect.h - 6)

        def paint_locdeck(surface: pygame.Surface, r: pygame.Rect) -> None:
            pygame.draw.rect(surface, style.LOCATION_BAND, r, border_radius=3)
            pygame.draw.rect(surface, style.LOCATION_PAPER, r, 1, border_radius=3)
            style.blit_centered(surface, style.text(str(locations_left), max(9, r.w // 2), theme.TEXT, True), r.center)

        view.add(Piece("locdeck", pile, paint_locdeck, tip=f"Location deck: {locations_left} left"))
        x = pile.right + 10
    prompt.build_strip(scene, view, rect, title, hint, buttons, cancel, alert, x)


def context_of(state, viewer: int | None) -> tuple[str, CardFace | None]:
    """What is being resolved, in the log's words, and its card when it is one: the latest card,
    ability or location used this turn."""
    for event in reversed(state.log[-40:]):
        if event.kind in ("play", "react", "ability", "location"):
            face = None
            for ref in event.refs:
                kind, _, ident = ref.partition(":")
                if kind == "card" and ident.isdigit() and state.cards[int(ident)] != HIDDEN:
                    face = state.card_face(state.cards[int(ident)])
                elif kind == "ult" and ident in state.content.heroes:
                    face = state.card_face(state.content.heroes[ident].ultimate.id)
            return event.text_for(viewer), face
        if event.kind == "turn":
            break
    return "", None


def build_box(geo: Geometry, view: View, words: str, buttons: list[tuple[str, str, str]], context: str = "",
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
        paint_dialog(surface, r, words, context, geo.font(17), geo.font(13), 14, 24, 12, 4)

    view.overlays.append(Piece("ui:box", box, paint))
    view.keep_clear.append(box)                 # no hover card over the choice
    if face is not None:
        rect = pygame.Rect(box.right - 12 - card[0], box.y + 12, *card)
        view.overlays.append(Piece("ui:boxcard", rect, lambda s, r: paint_card(s, r, face), face=face,
                                   tags=("the card being resolved",)))
    y = box.y + top - geo.px(6)
    for ref, label, kind in buttons:
        rect = pygame.Rect(box.x + 14, y, box.w - 28 - (card[0] + 12 if face is not None else 0), row_h)
        view.overlays.append(button_piece(ref, rect, label, kind in PRIMARY_KINDS, size))
        y += row_h + 8
