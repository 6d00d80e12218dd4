"""Arthursburg: the ten locations in rows by colour (Home first), their effects, monster symbols, the
monsters on them (attack, family, reward, damage counters), Blanket Forts and the figures visiting;
the Monster Aid (wave piles, Retreat pile) and the Guardian Supply in the grid's spare cells.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from guardians.engine.table import CardFace
from guardians.games.explore.rules.model import NONE
from guardians.games.explore.scenes import pieces, style
from guardians.games.explore.scenes.facts import Ctx
from guardians.games.explore.scenes.layout import Geometry, fit_row, fit_rows, grid_cells, overlap_hits
from guardians.ui.table.view import Piece, View
from guardians.ui import theme
from guardians.ui.widgets import draw_box
from guardians.engine.words import counted

WAVE_NAMES = ("First", "Second", "Third")


def tile_metrics(geo: Geometry, cell: pygame.Rect) -> tuple[int, int, int, int]:
    """(header height, effect-text height, name font, text font) of a location tile."""
    head_h = max(geo.px(17), cell.h // 7)
    text_px = geo.font(12)
    text_h = max(geo.px(22), int(cell.h * 0.25), 2 * theme.font(text_px).get_linesize() + 3)     # two whole lines
    return head_h, text_h, geo.font(12), text_px


def location_tags(ctx: Ctx, loc: int) -> tuple[str, ...]:
    """What hovering a location says: its value, whether the viewer's attack is enough, who is there."""
    vs = ctx.vs
    tags: list[str] = []
    monsters = vs.mloc[loc]
    if vs.L[loc].base:
        tags.append("lost: nobody can visit it" if vs.home_flipped else "Home: always safe to visit")
    elif monsters:
        value = ctx.location_value(loc)
        tags.append(f"{counted(len(monsters), 'monster')} · value "
                    + ("unknown (face down)" if value is None else str(value)))
        verdict = attack_verdict(ctx, loc)
        if verdict:
            tags.append(verdict)
    else:
        owner = ctx.fort_owner(loc)
        tags.append(f"safe: Blanket Fort of {ctx.seat_label(owner, True)}" if owner != NONE
                    else "safe: no monster on it")
    visitors = [ctx.seat_label(s, True) for s, pl in enumerate(vs.p) if pl.loc == loc]
    if visitors:
        tags.append("visited by " + ", ".join(visitors))
    return tuple(tags)


def attack_verdict(ctx: Ctx, loc: int) -> str:
    """"Your attack here 12 ≥ 9: enough" for the viewer in the Power Up and Battle phases."""
    viewer = ctx.viewer
    vs = ctx.vs
    if viewer is None or vs.phase not in ("powerup", "end_pu", "battle_start", "battle"):
        return ""
    value = ctx.location_value(loc)
    attack = ctx.attack_at(viewer, loc)
    if value is None or attack is None:
        return ""
    if attack >= value:
        return f"your attack here {attack} ≥ {value}: enough to battle"
    return f"your attack here {attack} < {value}: {value - attack} short"


def verdict_badge(ctx: Ctx, loc: int) -> tuple[str, bool] | None:
    """A short mark on the tile while the viewer battles: (words, enough?)."""
    vs = ctx.vs
    viewer = ctx.viewer
    if viewer is None or not vs.mloc[loc] or vs.phase != "battle" or ctx.shown is None:
        return None
    if ctx.shown.seat != viewer or vs.p[viewer].battled != NONE:
        return None
    value = ctx.location_value(loc)
    attack = ctx.attack_at(viewer, loc)
    if value is None or attack is None:
        return None
    return (f"value {value}, attack {attack}"), attack >= value


def build_town(ctx: Ctx, geo: Geometry, view: View) -> None:
    vs = ctx.vs
    gap = geo.px(5)
    cells = grid_cells(geo.town, gap)
    used: set[tuple[int, int]] = set()
    for loc, location in enumerate(vs.L):
        cell = cells.get((location.row, location.col))
        if cell is None:
            continue
        used.add((location.row, location.col))
        build_location(ctx, geo, view, loc, cell)
    spare = [cells[key] for key in sorted(cells) if key not in used]
    if spare:
        build_monster_aid(ctx, geo, view, spare[0])
    if len(spare) > 1:
        build_supply(ctx, geo, view, spare[1])


def build_location(ctx: Ctx, geo: Geometry, view: View, loc: int, cell: pygame.Rect) -> None:
    vs = ctx.vs
    location = vs.L[loc]
    head_h, text_h, name_px, text_px = tile_metrics(geo, cell)
    monsters = list(vs.mloc[loc])
    owner = ctx.fort_owner(loc)
    look = pieces.TileLook(location.number, location.name, location.colour, location.text,
                           location.base and vs.home_flipped, not monsters, location.short)
    area = pygame.Rect(cell.x + 4, cell.y + head_h + text_h + 5, cell.w - 8, cell.bottom - (cell.y + head_h + text_h + 5) - 3)
    mon_h = area.h
    slot_count = location.symbols
    across = max(slot_count, len(monsters), 1)
    gap = geo.px(4)
    mon_w = max(int(mon_h / 1.35), min(int(mon_h * 1.4), (area.w - gap * (across - 1)) // across))   # wide: a name
    empty_slots: tuple[pygame.Rect, ...] = ()
    if not monsters and owner == NONE and slot_count:
        rects = fit_row([(mon_w, mon_h)] * slot_count, area, gap)
        empty_slots = tuple(r.move(-cell.x, -cell.y) for r in rects)

    def paint(surface: pygame.Surface, rect: pygame.Rect, look=look, slots=empty_slots) -> None:
        pieces.paint_tile(surface, rect, look, head_h, text_h, name_px, text_px, slots)

    view.add(Piece(f"loc:{loc}", cell, paint, look=("tile", look, head_h, text_h, name_px, text_px,
                                                  tuple(tuple(r) for r in empty_slots)),
                   ref=f"loc:{loc}", face=ctx.location_face(loc),
                   tags=location_tags(ctx, loc), ident=loc, group="town"))
    # the monsters
    if monsters:
        rects = fit_rows(len(monsters), (mon_w, mon_h), area, gap)
        hits = overlap_hits(rects)
        for m, rect, hit in zip(monsters, rects, hits):
            mlook = ctx.monster_look(m)
            view.add(Piece(f"mon:{m}", rect, lambda s, r, lk=mlook: pieces.paint_monster(s, r, lk), look=("monster", mlook),
                           ref=f"mon:{m}",
                           face=ctx.monster_face(m), tags=ctx.monster_tags(m), hit=hit, ident=m,
                           origin=f"pile:wave{vs.mwave[m]}", damage=mlook.damage, group="town"))
    elif owner != NONE:
        fort = pygame.Rect(0, 0, min(area.w, int(area.h * 1.5)), area.h)
        fort.center = area.center
        colour, number = ctx.seat_colour(owner), owner + 1
        view.add(Piece(f"fort:{owner}", fort, lambda s, r, c=colour, n=number: pieces.paint_fort(s, r, c, n),
                       tip=f"Blanket Fort of {ctx.seat_label(owner)}: no monster invades here", ident=owner,
                       group="town"))
    # the figures visiting, at the header's right
    visitors = [s for s, pl in enumerate(vs.p) if pl.loc == loc]
    size = head_h - 2
    x = cell.right - 3 - size
    for seat in reversed(visitors):
        rect = pygame.Rect(x, cell.y + 1, size, size)
        view.add(figure_piece(ctx, seat, rect))
        x -= size - 2
    badge = verdict_badge(ctx, loc)
    if badge is not None:                  # in your battle the effect text gives way to the verdict
        words, ok = badge
        paper = pygame.Rect(cell.x + 3, cell.y + head_h + 2, cell.w - 6, text_h)
        view.add(Piece(f"verdict:{loc}", paper, lambda s, r, w=words, ok=ok: paint_verdict(s, r, w, ok, geo),
                       tip=attack_verdict(ctx, loc), group="badge"))


def paint_verdict(surface: pygame.Surface, rect: pygame.Rect, words: str, ok: bool, geo: Geometry) -> None:
    fill = (44, 110, 64) if ok else (120, 52, 44)
    draw_box(surface, rect, fill, style.OK if ok else style.NOT_OK, 1, radius=3)
    first = style.fitted(words, geo.font(12), rect.w - 6, theme.TEXT, True)
    second = style.fitted("enough" if ok else "not enough", geo.font(12), rect.w - 6, theme.TEXT, False)
    total = first.get_height() + second.get_height()
    if total <= rect.h:
        y = rect.centery - total // 2
        surface.blit(first, first.get_rect(midtop=(rect.centerx, y)))
        surface.blit(second, second.get_rect(midtop=(rect.centerx, y + first.get_height())))
    else:
        surface.blit(first, first.get_rect(center=rect.center))


def figure_piece(ctx: Ctx, seat: int, rect: pygame.Rect) -> Piece:
    colour = ctx.seat_colour(seat)
    vs = ctx.vs
    where = vs.loc_name(vs.p[seat].loc) if vs.p[seat].loc != NONE else "their mat"
    return Piece(f"fig:{seat}", rect, lambda s, r, c=colour, n=seat + 1: pieces.paint_figure(s, r, c, n),
                 tip=f"{ctx.seat_label(seat)}'s figure: at {where}", ident=seat, group="figure")


def pile_row(surface: pygame.Surface, rect: pygame.Rect, label: str, count: int, face: CardFace | None,
             kind: str, font_px: int, back_label: str = "") -> None:
    """One pile on a line: a small card (its top face, or a back), its name and how many cards it holds. `label` may
    give shorter forms after "|": the first that fits is written (the pile's tip says it whole)."""
    surface.blit(_pile_row(label, count, face, kind, font_px, back_label, (rect.w, rect.h)), rect)


@lru_cache(maxsize=256)
def _pile_row(label: str, count: int, face: CardFace | None, kind: str, font_px: int, back_label: str,
              size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    card = pygame.Rect(rect.x, rect.y, max(6, int(rect.h / 1.4)), rect.h)
    if count:
        pieces.paint_card(surface, card, face, kind, back_label)
    else:
        pygame.draw.rect(surface, style.ZONE, card, border_radius=3)
        pygame.draw.rect(surface, theme.PANEL_EDGE, card, 1, border_radius=3)
    number = style.text(str(count), font_px, theme.TEXT, True)
    surface.blit(number, number.get_rect(midright=(rect.right - 2, rect.centery)))
    room = rect.right - number.get_width() - card.right - 12
    label = next((form for form in label.split("|") if theme.font(font_px).size(form)[0] <= room), label.split("|")[-1])
    words = style.fitted(label, font_px, room, theme.TEXT_DIM, False, 7)
    surface.blit(words, (card.right + 5, rect.centery - words.get_height() // 2))
    return surface


def aid_rows(geo: Geometry, cell: pygame.Rect, count: int) -> tuple[int, list[pygame.Rect]]:
    head = geo.px(17)
    room = cell.h - head - 4
    row_h = min(geo.px(24), (room - 2 * (count - 1)) // count)
    y = cell.y + head + max(0, (room - count * row_h - 2 * (count - 1)) // 2)
    return head, [pygame.Rect(cell.x + 5, y + i * (row_h + 2), cell.w - 10, row_h) for i in range(count)]


def build_monster_aid(ctx: Ctx, geo: Geometry, view: View, cell: pygame.Rect) -> None:
    """The Monster Aid: the three wave piles (face down) and the Retreat pile (face up)."""
    vs = ctx.vs
    _, rows = aid_rows(geo, cell, 4)
    px = geo.font(12)

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, cell, style.ZONE, theme.PANEL_EDGE, 1)
        img = style.fitted("Monster Aid", geo.font(12), cell.w - 8, theme.PANEL_TITLE, True)
        surface.blit(img, (cell.x + 4, cell.y + 2))

    view.statics.append(paint)
    # the Field's "invade from which wave?" is answered by clicking the wave's pile
    wave_refs = {int(a.args[0]): a.refs[0] for a in (ctx.shown.options if ctx.shown else ())
                 if a.kind == "wave" and a.refs}
    for w in range(3):
        count = len(vs.wave_decks[w])
        now = " ◀" if w == vs.cur_wave - 1 else ""
        label = f"{WAVE_NAMES[w]} Wave{now}|Wave {w + 1}{now}"      # a long form, then a short one
        view.add(Piece(f"pile:wave{w + 1}", rows[w],
                       lambda s, r, n=count, lab=label, w=w: pile_row(s, r, lab, n, None, "monster", px, ""),
                       ref=wave_refs.get(w),
                       tip=f"{WAVE_NAMES[w]} Wave: {count} monsters face down"
                           + (" (invasions come from here now)" if w == vs.cur_wave - 1 else "")
                           + (" — click to invade the empty spots from it" if w in wave_refs else ""),
                       ident=f"wave{w}", group="aid"))
    pile = vs.retreat_pile
    top = pile[-1] if pile else None
    face = ctx.monster_face(top) if top is not None else None
    view.add(Piece("pile:retreat", rows[3], lambda s, r, n=len(pile), f=face: pile_row(s, r, "Retreat pile", n, f,
                                                                                     "monster", px),
                   face=face, tags=(f"top of the Retreat pile ({len(pile)} monsters, face up)",) if face else (),
                   tip=f"Retreat pile: {len(pile)} monsters, face up", ident="retreat", group="aid"))


def build_supply(ctx: Ctx, geo: Geometry, view: View, cell: pygame.Rect) -> None:
    """The Guardian Supply (face down), its trash pile (face up) and what is left in the box."""
    vs = ctx.vs
    _, rows = aid_rows(geo, cell, 4)
    px = geo.font(12)

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, cell, style.ZONE, theme.PANEL_EDGE, 1)
        img = style.fitted("Guardian Supply", geo.font(12), cell.w - 8, theme.PANEL_TITLE, True)
        surface.blit(img, (cell.x + 4, cell.y + 2))

    view.statics.append(paint)
    view.add(Piece("pile:supply", rows[0], lambda s, r, n=len(vs.supply): pile_row(s, r, "Supply", n, None, "guardian", px),
                   tip=f"Guardian Supply: {len(vs.supply)} cards face down (the trash is shuffled into it when it "
                       "runs out)", ident="supply", group="aid"))
    top = vs.trash[-1] if vs.trash else None
    face: CardFace | None = ctx.card_face(top) if top is not None else None
    view.add(Piece("pile:trash", rows[1], lambda s, r, n=len(vs.trash), f=face: pile_row(s, r, "Trash pile", n, f,
                                                                                        "guardian", px),
                   face=face, tags=(f"top of the trash pile ({len(vs.trash)} cards, face up)",) if face else (),
                   tip=f"Trash pile: {len(vs.trash)} cards", ident="trash", group="aid"))
    view.add(Piece("pile:swings", rows[2], lambda s, r, n=len(vs.ps_pool): pile_row(s, r, "Practice Swings|Swings", n, None,
                                                                                   "guardian", px),
                   tip=f"{len(vs.ps_pool)} Practice Swings left in the box (Orc Final Acts and Kiara give them)",
                   ident="swings", group="aid"))
    view.add(Piece("pile:cowards", rows[3], lambda s, r, n=len(vs.coward_pile): pile_row(s, r, "COWARD! cards|COWARD!", n,
                                                                                        None, "guardian", px),
                   tip=f"{len(vs.coward_pile)} COWARD! cards left (for those who do not fight a Blue Boss that wins)",
                   ident="cowards", group="aid"))
