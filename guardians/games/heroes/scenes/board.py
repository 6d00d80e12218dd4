"""The row: each location card with its control track, and the heroes at it on either side.

The viewer's faction sits below the row and the other faction above it, as across a real table. A
control track runs between the two faction spaces: the end nearest a faction's heroes is that
faction's space, marked with its initial and name.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from guardians.games.heroes.rules.model import CONDITION_NAMES, IMMOBILIZE, LOYALIST, POWERLOCK, SHIELD
from guardians.games.heroes.scenes import pieces, style
from guardians.games.heroes.scenes.layout import Column, Geometry, columns, fit_row
from guardians.ui.table.view import Piece, View
from guardians.ui import theme
from guardians.ui.text import RecordingSurface
from guardians.engine.words import counted

HERO_SIZE = (72, 82)     # wide enough for the longest name (Harbinger) at the window's smallest text


@dataclass(frozen=True)
class LocationLook:
    name: str
    points: int
    track: int
    text: str
    ignored: bool               # First Game: location text is ignored
    token: int                  # -track (Loyalist space) .. +track (Renegade space)
    top: str | None             # the faction above the row
    bottom: str | None          # the faction below it


def location_look(state, slot: int, bottom_team: int) -> LocationLook:
    loc_id, token = state.row[slot]
    location = state.content.locations[loc_id]
    return LocationLook(location.name, location.points, location.track, location.text, state.first_game,
                        token, state.faction[1 - bottom_team], state.faction[bottom_team])


def token_status(look: LocationLook) -> str:
    """Where the control token stands, in words (the track shows it too)."""
    k, t = look.track, look.token
    if t == 0:
        return "Token in the centre"
    leader = "Loyalist" if t < 0 else "Renegade"
    if abs(t) == k:
        return f"On the {leader} space"
    left = k - abs(t)
    return f"{leader} side, {left} to go"


def points_px(font_px: int) -> int:
    """The size of a location card's small lines (its points, the token's place)."""
    return max(style.least(), font_px - 3)


def points_line(card: pygame.Rect, font_px: int) -> pygame.Rect:
    """Where a location card drawn in `card` writes "n points": the line under its title band, whose right part
    is free (a target's word goes there, off the card's other words)."""
    top = card.y + 3 + font_px + 10 + 3
    return pygame.Rect(card.x + 8, top, card.w - 16, theme.font(points_px(font_px)).get_height())


@lru_cache(maxsize=128)
def _location_card(look: LocationLook, size: tuple[int, int], font_px: int) -> pygame.Surface:
    w, h = size
    surf = RecordingSurface(size, pygame.SRCALPHA)    # (a plain surface unless text is being recorded)
    pygame.draw.rect(surf, style.LOCATION_BAND, surf.get_rect(), border_radius=8)
    inner = surf.get_rect().inflate(-6, -6)
    pygame.draw.rect(surf, style.LOCATION_PAPER, inner, border_radius=6)
    band = pygame.Rect(inner.x, inner.y, inner.w, font_px + 10)
    pygame.draw.rect(surf, style.LOCATION_BAND, band, border_top_left_radius=6, border_top_right_radius=6)
    badge_r = (font_px + 10) // 2 + 2
    badge_c = (band.right - badge_r - 2, band.centery + 1)
    title = style.fitted(look.name, font_px, band.w - 2 * badge_r - 12, theme.TEXT, True, style.least())
    surf.blit(title, title.get_rect(midleft=(band.x + 6, band.centery)))
    pygame.draw.circle(surf, style.TOKEN, badge_c, badge_r)
    pygame.draw.circle(surf, style.LOCATION_INK, badge_c, badge_r, 1)
    style.blit_centered(surf, style.text(str(look.points), font_px, style.LOCATION_INK, True), badge_c)
    status_px = points_px(font_px)
    status = pygame.Rect(inner.x, inner.bottom - status_px - 8, inner.w, status_px + 8)
    pygame.draw.rect(surf, (214, 206, 182), status, border_bottom_left_radius=6, border_bottom_right_radius=6)
    words = style.fitted(token_status(look), status_px, status.w - 8, style.LOCATION_INK, True, style.least())
    surf.blit(words, words.get_rect(midleft=(status.x + 5, status.centery)))
    points = style.text(counted(look.points, 'point'), status_px, (90, 84, 70))
    body = pygame.Rect(inner.x + 5, band.bottom + 3, inner.w - 10, status.y - band.bottom - 5)
    surf.blit(points, (body.x, body.y))
    body.y += points.get_height() + 1
    body.h -= points.get_height() + 1
    text = look.text
    colour = style.LOCATION_INK
    if look.ignored:
        text, colour = "First Game: location text is ignored.", (120, 114, 100)
    if body.h > 8:
        fnt, lines = theme.fit_text(text, body.w, body.h, max(style.least(), font_px - 2), style.least())
        theme.blit_lines(surf, lines, fnt, colour, body.x, body.y)
    return surf


def paint_location(surface: pygame.Surface, rect: pygame.Rect, look: LocationLook, font_px: int) -> None:
    surface.blit(_location_card(look, (rect.w, rect.h), font_px), rect)


def track_values(look: LocationLook) -> list[int]:
    """Token positions from the top cell down: the top faction's space first."""
    top_is_loyalist = look.top == LOYALIST or (look.top is None and look.bottom != LOYALIST)
    values = list(range(-look.track, look.track + 1))
    return values if top_is_loyalist else values[::-1]


def track_cells(rect: pygame.Rect, look: LocationLook) -> list[tuple[int, pygame.Rect]]:
    values = track_values(look)
    step = rect.h / len(values)
    size = int(min(rect.w, step) - 2)
    return [(v, pygame.Rect(rect.centerx - size // 2, int(rect.y + i * step + (step - size) / 2), size, size))
            for i, v in enumerate(values)]


def faction_of_value(look: LocationLook, value: int) -> str | None:
    if abs(value) != look.track or value == 0:
        return None
    return "loyalist" if value < 0 else "renegade"


def paint_track(surface: pygame.Surface, rect: pygame.Rect, look: LocationLook) -> None:
    """The control track: faction spaces at both ends (initial on the faction colour), spaces between."""
    pygame.draw.rect(surface, (52, 60, 76), rect, border_radius=6)
    pygame.draw.rect(surface, theme.PANEL_EDGE, rect, 1, border_radius=6)
    cells = track_cells(rect, look)
    pygame.draw.line(surface, style.TRACK_CELL, cells[0][1].center, cells[-1][1].center, 2)
    for value, cell in cells:
        faction = faction_of_value(look, value)
        if faction is not None:
            pygame.draw.rect(surface, style.faction_colour(faction), cell, border_radius=4)
            pygame.draw.rect(surface, theme.TEXT, cell, 1, border_radius=4)
            style.blit_centered(surface, style.text(faction[0].upper(), max(style.least(), cell.h - 5), theme.TEXT, True),
                                cell.center)
        else:
            r = max(3, cell.w // 3 if value else cell.w // 2 - 1)
            pygame.draw.circle(surface, style.TRACK_CELL, cell.center, r)
            if value == 0:
                pygame.draw.circle(surface, theme.TEXT_DARK, cell.center, r, 1)


def token_rect(rect: pygame.Rect, look: LocationLook) -> pygame.Rect:
    for value, cell in track_cells(rect, look):
        if value == look.token:
            return cell.inflate(2, 2)
    return pygame.Rect(rect.center, (0, 0))


def paint_token(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """The control token: a gold disc with a dark ring and a diamond, over whatever space it is on."""
    radius = max(5, min(rect.w, rect.h) // 2)
    pygame.draw.circle(surface, theme.TEXT_DARK, rect.center, radius)
    pygame.draw.circle(surface, style.TOKEN, rect.center, radius - 2)
    d = max(2, radius // 2)
    cx, cy = rect.center
    pygame.draw.polygon(surface, theme.TEXT_DARK, [(cx, cy - d), (cx + d, cy), (cx, cy + d), (cx - d, cy)])


# ----- heroes -----------------------------------------------------------------------------------

def hero_look(state, hero) -> pieces.HeroLook:
    conditions = tuple(CONDITION_NAMES[bit] for bit in (SHIELD, IMMOBILIZE, POWERLOCK) if hero.conds & bit)
    owner = f"P{hero.owner + 1}" if state.n == 4 else ""
    faction = state.faction[state.team_of(hero.owner)]
    attack = state.attack_of(hero.id) if hero.in_play else state.content.heroes[hero.id].attack
    return pieces.HeroLook(hero.id, state.hero_name(hero.id), attack, state.life_of(hero.id), hero.damage,
                           conditions, hero.exhausted and hero.in_play, faction, owner, hero.ko)


def hero_tags(state, hero) -> tuple[str, ...]:
    tags = list(state.hero_tags(hero)) if hero.in_play else ["knocked out" if hero.ko else "not placed yet"]
    life = state.life_of(hero.id)
    if hero.in_play:
        tags.append(f"{life - hero.damage} of {life} life left")
        if state.attack_of(hero.id) != state.content.heroes[hero.id].attack:
            tags.append(f"attacks for {state.attack_of(hero.id)} now")
    tags.append(f"controlled by {state.seat_name(hero.owner)}")
    return tuple(tags)


def hero_piece(state, hero, rect: pygame.Rect) -> Piece:
    look = hero_look(state, hero)
    return Piece(f"hero:{hero.id}", rect, lambda s, r, look=look: pieces.paint_hero(s, r, look),
                 look=("hero", look), ref=f"hero:{hero.id}", face=state.hero_face(hero.id), tags=hero_tags(state, hero), ident=hero.id)


def hero_sizes(heroes: list, unit: tuple[int, int]) -> list[tuple[int, int]]:
    w, h = unit
    return [(h, w) if hero.exhausted else (w, h) for hero in heroes]


def build_row(state, geo: Geometry, bottom_team: int, view: View) -> list[Column]:
    """Location pieces, tracks and tokens, and the heroes at each location."""
    cols = columns(geo.board, max(1, len(state.row)), geo.scale)
    font_px = geo.font(14)
    # A short zone (the 4-player table) makes standees shorter, not narrower: the name band keeps its width.
    zone_h = min((c.own_zone.h for c in cols), default=geo.px(HERO_SIZE[1]) + 8) - 8
    unit = (geo.px(HERO_SIZE[0]), max(geo.px(HERO_SIZE[0]), min(geo.px(HERO_SIZE[1]), zone_h)))
    board_area = geo.board

    occupied = {(h.slot, state.team_of(h.owner) == bottom_team) for h in state.heroes.values() if h.in_play}

    def paint_zones(surface: pygame.Surface) -> None:
        top_faction, bottom_faction = state.faction[1 - bottom_team], state.faction[bottom_team]
        for slot, col in enumerate(cols):
            for zone, faction, own in ((col.enemy_zone, top_faction, False), (col.own_zone, bottom_faction, True)):
                inner = zone.inflate(-2, -4)
                pygame.draw.rect(surface, style.ZONE, inner, border_radius=8)
                edge = style.faction_dark(faction)
                pygame.draw.rect(surface, edge, inner, 2, border_radius=8)
                if (slot, own) not in occupied and faction:
                    words = f"{style.faction_title(faction)} heroes here"
                    style.blit_centered(surface, style.text(words, geo.font(12), (78, 86, 104)), inner.center)
        if not state.row:
            img = style.text("The locations are dealt after the draft.", geo.font(16), theme.TEXT_DIM)
            style.blit_centered(surface, img, board_area.center)

    view.statics.append(paint_zones)
    for slot, col in enumerate(cols[: len(state.row)]):
        look = location_look(state, slot, bottom_team)
        loc_id = state.row[slot][0]
        view.add(Piece(f"loc:{slot}", pygame.Rect(col.card),
                       lambda s, r, look=look: paint_location(s, r, look, font_px), look=("location", look, font_px),
                       ref=f"loc:{slot}", face=state.location_face(slot),
                       tags=(token_status(look),), ident=loc_id, origin="locdeck", exit="scored"))
        view.add(Piece(f"track:{slot}", pygame.Rect(col.track), lambda s, r, look=look: paint_track(s, r, look),
                       look=("track", look), ident=loc_id, origin="locdeck",
                       tip=f"Control track: L the Loyalist end, R the Renegade end. {token_status(look)}"))
        view.add(Piece(f"token:{slot}", token_rect(col.track, look), lambda s, r: paint_token(s, r),
                       ident=loc_id, origin="locdeck", tip=token_status(look)))
        for zone, team_test in ((col.own_zone, True), (col.enemy_zone, False)):
            here = [h for h in state.heroes.values()
                    if h.slot == slot and (state.team_of(h.owner) == bottom_team) == team_test]
            rects = fit_row(hero_sizes(here, unit), zone.inflate(-8, -8), geo.px(5))
            for hero, rect in zip(here, rects):
                view.add(hero_piece(state, hero, rect))
    return cols
