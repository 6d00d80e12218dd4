"""The hero draft: the eight dealt heroes as readable cards, whose pick it is, each side's picks so far
(and in the 4-player game which teammate each hero went to), and a link to every hero's power cards.
"""

from __future__ import annotations

import pygame

from guardians.games.heroes.scenes import pieces, style
from guardians.games.heroes.scenes.bars import seat_label
from guardians.games.heroes.scenes.board import HERO_SIZE, hero_piece
from guardians.games.heroes.scenes.layout import Geometry, fit_row
from guardians.ui.table.prompt import paint_button
from guardians.ui.table.view import Piece, View
from guardians.ui import theme
from guardians.ui.widgets import draw_box

VIEW = "view:"           # key prefix of the "power cards" links (handled by the scene, not the rules)


def pool_order(state) -> list[str]:
    """The dealt heroes in a fixed order, drafted or not, so cards keep their places as picks are made."""
    return sorted(set(state.pool) | set(state.heroes))


def picks_needed(state) -> int:
    return 6 if state.n == 2 else 8


def build_draft(state, geo: Geometry, view: View) -> None:
    area = geo.centre
    title_h = geo.px(70)
    picks_h = geo.px(132)
    grid = pygame.Rect(area.x, area.y + title_h, area.w, area.h - title_h - picks_h - 8)
    heroes = pool_order(state)
    deciding = state.pending[1] if state.pending and state.pending[0] == "draft" else None
    picker = state.seat_name(deciding) if deciding is not None else ""
    total = picks_needed(state)

    def paint_title(surface: pygame.Surface) -> None:
        words = f"Hero draft — {picker} picks  (pick {min(state.picks + 1, total)} of {total})" if picker else "Hero draft"
        img = style.fitted(words, geo.font(20), area.w - 20, theme.TEXT, True)
        surface.blit(img, (area.x + 6, area.y + 4))
        sub = ("The sides take one hero at a time"
               + ("; the two heroes left over sit out. " if state.n == 2 else
                  ", and each pick names the teammate who gets the hero (two each). ")
               + "Hover a hero to read it; right-click it, or use its link, to see its power cards and Ultimate.")
        y = area.y + 10 + geo.font(24)
        for line in style.wrapped(sub, geo.font(13), area.w - 20)[:2]:
            surface.blit(style.text(line, geo.font(13), theme.TEXT_DIM), (area.x + 6, y))
            y += theme.font(geo.font(13)).get_linesize()

    view.statics.append(paint_title)
    columns, rows = 4, max(1, -(-len(heroes) // 4))
    link_h = geo.px(24)
    cell_w = (grid.w - 12 * (columns - 1)) // columns
    cell_h = (grid.h - 10 * (rows - 1)) // rows
    card_h = min(cell_h - link_h - 6, int(cell_w * 1.4))
    card_w = min(cell_w - 8, int(card_h * 0.9))     # wider than a card in hand: the power reads at 12 px
    for i, hero_id in enumerate(heroes):
        row, col = divmod(i, columns)
        cell = pygame.Rect(grid.x + col * (cell_w + 12), grid.y + row * (cell_h + 10), cell_w, cell_h)
        rect = pygame.Rect(cell.centerx - card_w // 2, cell.y, card_w, card_h)
        face = state.hero_face(hero_id)
        if hero_id in state.pool:
            view.add(Piece(f"hero:{hero_id}", rect, lambda s, r, f=face: pieces.paint_card(s, r, f),
                           ref=f"hero:{hero_id}", face=face, ident=hero_id,
                           tags=("in the draft pool",)))
        else:
            owner = state.seat_name(state.heroes[hero_id].owner)

            def paint_taken(surface: pygame.Surface, r: pygame.Rect, f=face, who=owner) -> None:
                pieces.paint_card(surface, r, f)
                dim = pygame.Surface(r.size, pygame.SRCALPHA)
                dim.fill((12, 14, 20, 170))
                surface.blit(dim, r)
                lines = ["Drafted by", who]
                y = r.centery - geo.font(15)
                for line in lines:
                    img = style.fitted(line, geo.font(14), r.w - 12, theme.TEXT, True)
                    back = img.get_rect(midtop=(r.centerx, y)).inflate(8, 2)
                    pygame.draw.rect(surface, theme.PANEL, back, border_radius=4)
                    surface.blit(img, img.get_rect(center=back.center))
                    y += back.h

            view.add(Piece(f"pool:{hero_id}", rect, paint_taken, face=face, tags=(f"drafted by {owner}",)))
        link = pygame.Rect(rect.x, rect.bottom + 4, rect.w, link_h)
        name = state.hero_name(hero_id)
        view.add(Piece(f"{VIEW}{hero_id}", link,
                       lambda s, r, n=name: paint_button(s, r, f"{n}'s cards", False, geo.font(12)),
                       tip=f"See {name}'s six power cards and Ultimate"))
    build_picks(state, geo, pygame.Rect(area.x, area.bottom - picks_h, area.w, picks_h), view)


def build_picks(state, geo: Geometry, rect: pygame.Rect, view: View) -> None:
    """Each faction's picks so far, as standees (with the teammate's seat in the 4-player game)."""
    half = (rect.w - 8) // 2
    for team in (0, 1):
        box = pygame.Rect(rect.x + team * (half + 8), rect.y, half, rect.h)
        faction = state.faction[team]
        seats = " & ".join(seat_label(state, s, view.viewer, level=False) for s in state.team_seats(team))
        picked = [h for h in state.heroes.values() if state.team_of(h.owner) == team]
        turn = state.pending is not None and state.pending[0] == "draft" and state.team_of(state.pending[1]) == team

        def paint(surface: pygame.Surface, box=box, faction=faction, seats=seats, turn=turn, count=len(picked)) -> None:
            draw_box(surface, box, theme.PANEL, theme.ACCENT if turn else theme.PANEL_EDGE, 3 if turn else 1)
            chip = pygame.Rect(box.x + 6, box.y + 6, geo.px(100), geo.px(22))
            pieces.paint_faction_chip(surface, chip, faction)
            words = seats + (" — picking now" if turn else "") + ("" if count else " — no picks yet")
            img = style.fitted(words, geo.font(13), box.w - chip.w - 24, theme.TEXT, True)
            surface.blit(img, (chip.right + 8, chip.centery - img.get_height() // 2))

        view.statics.append(paint)
        zone = pygame.Rect(box.x + 8, box.y + geo.px(34), box.w - 16, box.h - geo.px(40))
        unit = (geo.px(HERO_SIZE[0]), geo.px(HERO_SIZE[1]))
        for hero, r in zip(picked, fit_row([unit] * len(picked), zone, geo.px(10))):
            view.add(hero_piece(state, hero, r))
