"""Setup on screen: the faction choice, and the opening hand with its mulligan choice.

(The location row being dealt and the hero placement happen on the row itself: see board.py.)
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.games.heroes.rules.model import LOYALIST, RENEGADE
from guardians.games.heroes.scenes import pieces, style
from guardians.games.heroes.scenes.layout import Geometry
from guardians.ui.table.prompt import paint_button
from guardians.ui.table.view import Piece, View
from guardians.ui import theme
from guardians.ui.widgets import draw_box

FACTION_TEXT = {
    LOYALIST: "Stand with InterGov and the revived Guardian Network: hold the Hall of Unity and keep the peace.",
    RENEGADE: "Ride with the factions pushing InterGov out: break its hold on the city, location by location.",
}
SAME_RULES = ("Both factions play by the same rules. Your faction decides which end of every control "
              "track is yours: a location scores for you when its token reaches your end.")


def paint_faction_card(surface: pygame.Surface, rect: pygame.Rect, faction: str, size: int,
                       clickable: bool = False) -> None:
    colour = style.faction_colour(faction)
    draw_box(surface, rect, style.faction_dark(faction), colour, 4, radius=14)
    band = pygame.Rect(rect.x + 4, rect.y + 4, rect.w - 8, size * 3)
    pygame.draw.rect(surface, colour, band, border_top_left_radius=11, border_top_right_radius=11)
    style.blit_centered(surface, style.text(faction.upper(), size * 2, theme.TEXT, True), band.center)
    fnt, lines = theme.fit_text(FACTION_TEXT[faction], rect.w - 36, rect.bottom - band.bottom - 44, size + 2, 10)
    theme.blit_lines(surface, lines, fnt, theme.TEXT, rect.x + 18, band.bottom + 14)
    if clickable:
        hint = style.text(f"Click to play as {faction.title()}", size, theme.ACCENT, True)
        surface.blit(hint, hint.get_rect(midbottom=(rect.centerx, rect.bottom - 12)))


OVERVIEW = (
    "How a game goes",
    "Draft three heroes (or take the First Game's fixed teams); their power cards become your deck.",
    "Place your heroes at the four locations in the row.",
    "Each turn: take control where you alone have readied heroes, ready your heroes, then spend three "
    "actions to attack, move, draw or play cards.",
    "Push a location's control token to your end and it scores its points. 9 points wins.",
    "Hover anything to read it large. The Rules button explains every phase.",
)


def build_faction(state, geo: Geometry, view: View, shown: Decision | None) -> set[str]:
    """Two large faction cards; when the viewer chooses they are the option buttons. Returns the refs drawn."""
    area = geo.centre
    first = state.team_seats(state.first_team)[0]
    chooser = f"Player {first + 1}" + (" (you)" if first == view.viewer else "")
    size = geo.font(15)
    card_w, card_h = min(geo.px(340), area.w // 2 - 40), geo.px(210)
    y = area.y + geo.px(124)

    def paint_overview(surface: pygame.Surface) -> None:
        box = pygame.Rect(area.centerx - min(area.w - 60, geo.px(760)) // 2, y + card_h + geo.px(24),
                          min(area.w - 60, geo.px(760)), min(geo.px(176), area.bottom - (y + card_h + geo.px(24)) - 8))
        if box.h < 60:
            return
        draw_box(surface, box, theme.PANEL, theme.PANEL_EDGE)
        ty = box.y + 10
        surface.blit(style.text(OVERVIEW[0], geo.font(16), theme.ACCENT, True), (box.x + 14, ty))
        ty += geo.font(16) + 10
        for number, line in enumerate(OVERVIEW[1:], 1):
            for i, part in enumerate(style.wrapped(line, geo.font(14), box.w - 56)):
                if ty + geo.font(14) > box.bottom - 6:
                    return
                if i == 0:
                    surface.blit(style.text(f"{number}.", geo.font(14), theme.TEXT_DIM, True), (box.x + 16, ty))
                surface.blit(style.text(part, geo.font(14), theme.TEXT), (box.x + 40, ty))
                ty += theme.font(geo.font(14)).get_linesize()
            ty += 3

    view.statics.append(paint_overview)

    def paint(surface: pygame.Surface) -> None:
        title = style.text(f"{chooser} goes first and chooses a faction", geo.font(24), theme.TEXT, True)
        surface.blit(title, title.get_rect(midtop=(area.centerx, area.y + geo.px(16))))
        fnt, lines = theme.fit_text(SAME_RULES, min(area.w - 80, geo.px(760)), geo.px(60), geo.font(15), 10)
        theme.blit_lines(surface, lines, fnt, theme.TEXT_DIM, area.centerx - min(area.w - 80, geo.px(760)) // 2,
                         area.y + geo.px(56))

    view.statics.append(paint)
    refs: dict[str, str] = {}
    if shown is not None:
        for option in shown.options:
            if option.kind == "faction":
                refs[str(option.args[0])] = option.refs[0]
    for i, faction in enumerate((LOYALIST, RENEGADE)):
        rect = pygame.Rect(area.centerx + (i * 2 - 1) * (card_w // 2 + 20) - card_w // 2, y, card_w, card_h)
        view.overlays.append(Piece(f"faction:{faction}", rect,
                                   lambda s, r, f=faction, c=faction in refs: paint_faction_card(s, r, f, size, c),
                                   ref=refs.get(faction), tip=f"Play as {faction.title()}"))
    return set(refs.values())


def build_mulligan(state, geo: Geometry, view: View, shown: Decision, seat: int) -> set[str]:
    """The opening hand large over the row, with "Keep" and "Mulligan" under it."""
    player = state.seats[seat]
    cards = sorted(player.hand)
    box = geo.board.inflate(-geo.px(20), 0)
    box.h = geo.board.h + geo.strip.h
    size = geo.font(15)
    taken = state.seats[seat].mulligan_done

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        draw_box(surface, r, (22, 26, 36), theme.ACCENT, 2, radius=12)
        words = (f"Your opening hand: {len(cards)} cards. Keep it, or shuffle it into your deck and draw "
                 f"{len(cards)} new ones (you must keep the second hand).")
        if taken:
            words = "Your new hand."
        img = style.fitted(words, geo.font(15), r.w - 24, theme.TEXT, True)
        surface.blit(img, (r.x + 12, r.y + 10))

    view.overlays.append(Piece("ui:mulligan", box, paint))
    button_h = geo.px(40)
    card_area = pygame.Rect(box.x + 12, box.y + geo.px(38), box.w - 24, box.h - geo.px(38) - button_h - 20)
    card_h = card_area.h
    card_w = int(card_h / 1.4)
    gap = geo.px(10)
    if len(cards) * (card_w + gap) > card_area.w:
        card_w = (card_area.w - gap * len(cards)) // max(1, len(cards))
        card_h = int(card_w * 1.4)
    total = len(cards) * card_w + (len(cards) - 1) * gap
    x = card_area.centerx - total // 2
    for instance in cards:
        face = state.card_face(state.cards[instance])
        rect = pygame.Rect(x, card_area.y, card_w, card_h)
        view.overlays.append(Piece(f"mull:{instance}", rect, lambda s, r, f=face: pieces.paint_card(s, r, f), face=face))
        x += card_w + gap
    drawn: set[str] = set()
    options = [o for o in shown.options if o.kind in ("keep", "mulligan")]
    width = geo.px(300)
    bx = box.centerx - (len(options) * (width + 16) - 16) // 2
    for option in options:
        rect = pygame.Rect(bx, box.bottom - button_h - 10, width, button_h)
        label = "Keep this hand" if option.kind == "keep" else "Mulligan: draw a new hand"
        view.overlays.append(Piece(f"mullbtn:{option.kind}", rect,
                                   lambda s, r, lab=label, p=option.kind == "keep": paint_button(s, r, lab, p, size),
                                   ref=option.refs[0], tip=option.label))
        drawn.add(option.refs[0])
        bx += width + 16
    return drawn
