"""The Guardian Adventure board beside the town: the Timekeeper track, the Blue and Red bosses with
their reward cards (and, in a boss battle, the fighters' summed attack against the boss's), and the
other players' mats collapsed to one line each.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from guardians.engine.flow import BUILDING, COMMITTED
from guardians.engine.words import counted
from guardians.games.explore.rules.model import BOSS, NONE
from guardians.games.explore.scenes import pieces, style
from guardians.games.explore.scenes.facts import TRACK_LABELS, Ctx
from guardians.games.explore.scenes.layout import Geometry
from guardians.games.explore.scenes.town import figure_piece
from guardians.ui.table.view import Piece, View
from guardians.ui import theme
from guardians.ui.widgets import draw_box


def track_cells(track: tuple | list) -> list[tuple[str, str, str]]:
    """(short label, long label, colour key) of each Timekeeper space."""
    cells = []
    rnd = 0
    for space in track:
        if space in ("round", "blue_boss", "red_boss"):
            rnd += 1
            short = f"R{rnd}"
            long = f"Round {rnd}" + {"blue_boss": " — Blue Boss", "red_boss": " — Red Boss"}.get(space, "")
        else:
            short = {"setup": "Set", "deck_creation": "Dk", "third_wave": "3W", "end": "End"}.get(space, space[:3])
            long = TRACK_LABELS.get(space, space)
        colour = {"blue_boss": "blue", "red_boss": "red", "third_wave": "third"}.get(space, "")
        cells.append((short, long, colour))
    return cells


def boss_round(track: tuple | list, colour: str) -> int:
    rnd = 0
    for space in track:
        if space in ("round", "blue_boss", "red_boss"):
            rnd += 1
            if space == f"{colour}_boss":
                return rnd
    return 0


def build_board(ctx: Ctx, geo: Geometry, view: View) -> None:
    rect = geo.board
    others = [s for s in range(ctx.vs.n) if s != ctx.focus]
    row_h = geo.px(38)
    others_h = len(others) * (row_h + 3)
    track_h = geo.px(44)
    boss_h = min(geo.px(230), rect.h - track_h - others_h - 2 * geo.px(6))
    track = pygame.Rect(rect.x, rect.y, rect.w, track_h)
    bosses = pygame.Rect(rect.x, track.bottom + geo.px(6), rect.w, boss_h)
    build_track(ctx, geo, view, track)
    build_bosses(ctx, geo, view, bosses)
    y = bosses.bottom + geo.px(6)
    for seat in others:
        compact_mat(ctx, geo, view, seat, pygame.Rect(rect.x, y, rect.w, row_h))
        y += row_h + 3
    if ctx.vs.n == 1 and rect.bottom - y > geo.px(40):
        solo_rating(ctx, geo, view, pygame.Rect(rect.x, y, rect.w, min(geo.px(80), rect.bottom - y)))


def solo_rating(ctx: Ctx, geo: Geometry, view: View, rect: pygame.Rect) -> None:
    """One player: the trophy points so far against the rating thresholds (quests add at the end)."""
    vs = ctx.vs
    points = vs.trophy_points(0)
    ratings = sorted((t, name) for t, name in vs.content.setup.solo_ratings if t > 0)
    top = max(t for t, _ in ratings) + 5

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, rect, style.ZONE, theme.PANEL_EDGE, 1)
        words = f"Solo rating · {points}★ from trophies so far (a met quest adds its points at the end)"
        surface.blit(style.fitted(words, geo.font(12), rect.w - 10, theme.PANEL_TITLE, True), (rect.x + 5, rect.y + 3))
        bar = pygame.Rect(rect.x + 8, rect.y + geo.px(22), rect.w - 16, geo.px(12))
        pygame.draw.rect(surface, (50, 56, 72), bar, border_radius=4)
        filled = pygame.Rect(bar.x, bar.y, int(bar.w * min(points, top) / top), bar.h)
        pygame.draw.rect(surface, style.TROPHY, filled, border_radius=4)
        for threshold, name in ratings:
            x = bar.x + int(bar.w * threshold / top)
            pygame.draw.line(surface, theme.TEXT, (x, bar.y - 2), (x, bar.bottom + 2), 2)
            label = style.text(str(threshold), geo.font(12), theme.TEXT if points >= threshold else theme.TEXT_DIM, True)
            surface.blit(label, label.get_rect(midtop=(x, bar.bottom + 2)))
        reached = [name for t, name in ratings if points >= t]
        legend = " · ".join(f"{t} {name}" for t, name in ratings) + (f" — reached: {reached[-1]}" if reached else "")
        img = style.fitted(legend, geo.font(12), rect.w - 10, theme.TEXT_DIM)
        surface.blit(img, (rect.x + 5, bar.bottom + 4 + theme.font(geo.font(12), True).get_linesize()))

    view.statics.append(paint)


def build_track(ctx: Ctx, geo: Geometry, view: View, rect: pygame.Rect) -> None:
    vs = ctx.vs
    cells = track_cells(vs.track)
    total_rounds = sum(1 for s in vs.track if s in ("round", "blue_boss", "red_boss"))
    tk = min(vs.tk, len(cells) - 1)
    head = geo.px(16)
    gap = 2
    cell_w = (rect.w - 8 - gap * (len(cells) - 1)) // len(cells)
    row = pygame.Rect(rect.x + 4, rect.y + head + 2, rect.w - 8, rect.h - head - 6)

    words = f"Timekeeper · {cells[tk][1]}" + (f" of {total_rounds}" if cells[tk][1].startswith("Round") and
                                              "Boss" not in cells[tk][1] else "")
    image = _track(tuple(cells), tk, words, (rect.w, rect.h), head, cell_w, gap, geo.font(12), geo.font(12))

    def paint(surface: pygame.Surface) -> None:
        surface.blit(image, rect)

    view.statics.append(paint)
    tk_rect = pygame.Rect(row.x + tk * (cell_w + gap), row.y, cell_w, row.h)
    view.add(Piece("timekeeper", tk_rect, lambda s, r: None, tip=f"The Timekeeper is on {cells[tk][1]}",
                   ident=tk, group="track"))


@lru_cache(maxsize=64)
def _track(cells: tuple, tk: int, words: str, size: tuple[int, int], head: int, cell_w: int, gap: int,
           title_px: int, cell_px: int) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    row = pygame.Rect(4, head + 2, rect.w - 8, rect.h - head - 6)
    draw_box(surface, rect, style.ZONE, theme.PANEL_EDGE, 1)
    surface.blit(style.fitted(words, title_px, rect.w - 8, theme.PANEL_TITLE, True), (4, 2))
    for i, (short, _, colour) in enumerate(cells):
        cell = pygame.Rect(row.x + i * (cell_w + gap), row.y, cell_w, row.h)
        fill = {"blue": style.ROW_COLOURS["blue"], "red": style.ROW_COLOURS["red"],
                "third": (90, 70, 110)}.get(colour, (52, 58, 72))
        if i < tk:
            fill = tuple(c // 2 for c in fill)
        pygame.draw.rect(surface, fill, cell, border_radius=3)
        if i == tk:
            pygame.draw.rect(surface, style.GOLD, cell.inflate(2, 2), 3, border_radius=4)
        ink = theme.TEXT if i >= tk else theme.TEXT_DIM
        style.blit_centered(surface, style.fitted(short, cell_px, cell.w - 2, ink, i == tk, 7), cell.center)
    return surface


def build_bosses(ctx: Ctx, geo: Geometry, view: View, rect: pygame.Rect) -> None:
    vs = ctx.vs
    colours = [c for c in ("blue", "red") if c in vs.bosses]
    if not colours:
        return
    gap = geo.px(6)
    width = (rect.w - gap * (len(colours) - 1)) // len(colours)
    for i, colour in enumerate(colours):
        build_boss(ctx, geo, view, colour, pygame.Rect(rect.x + i * (width + gap), rect.y, width, rect.h))


def boss_status(ctx: Ctx, colour: str) -> tuple[str, style.Colour]:
    vs = ctx.vs
    if colour in vs.boss_done:
        return ("Defeated!" if vs.boss_done[colour] else "Not defeated"), (style.OK if vs.boss_done[colour] else style.NOT_OK)
    if vs.boss == colour:
        need = vs.boss_attack(colour)
        fighters = [s for s in vs.order() if vs.p[s].fights_boss]
        total = sum(vs.p[s].boss_contrib for s in fighters)
        return f"Party {total} of {need}", (style.OK if total >= need else style.GOLD)
    return f"Attacks in Round {boss_round(vs.track, colour)}", theme.TEXT_DIM


def build_boss(ctx: Ctx, geo: Geometry, view: View, colour: str, rect: pygame.Rect) -> None:
    vs = ctx.vs
    up = vs.boss_revealed(colour)
    head = geo.px(17)
    foot = geo.px(18)
    active = vs.boss == colour
    fighting = active and ctx.in_battle_phase()
    fighters = [s for s in vs.order() if vs.p[s].fights_boss] if active else []
    fight_h = geo.px(16) * min(len(fighters), 2) if fighting and fighters else 0
    status, status_colour = boss_status(ctx, colour)
    final = colour == vs.final_colour

    def paint(surface: pygame.Surface) -> None:
        band = style.ROW_COLOURS[colour]
        draw_box(surface, rect, style.ROW_DARK[colour], band if not active else style.GOLD, 2 if not active else 3)
        title = f"{colour.title()} Boss" + (" — the final boss" if final else "")
        img = style.fitted(title, geo.font(12), rect.w - 8, theme.TEXT, True)
        surface.blit(img, (rect.x + 5, rect.y + 3))
        img = style.fitted(status, geo.font(12), rect.w - 8, status_colour, True)
        surface.blit(img, (rect.x + 5, rect.bottom - foot - fight_h + (foot - img.get_height()) // 2))
        y = rect.bottom - fight_h
        if fight_h:
            line = " + ".join(f"P{s + 1} {vs.p[s].boss_contrib}" for s in fighters)
            for text_line in style.wrapped(line, geo.font(12), rect.w - 10)[:2]:
                surface.blit(style.text(text_line, geo.font(12), theme.TEXT), (rect.x + 5, y))
                y += geo.px(16)

    view.statics.append(paint)
    body = pygame.Rect(rect.x + 5, rect.y + head + 2, rect.w - 10, rect.h - head - foot - fight_h - 4)
    card_h = body.h
    card_w = min(int(card_h / 1.4), body.w * 2 // 5 if vs.boss_cards[colour] else body.w // 2)   # room for the rewards
    card_h = int(card_w * 1.4)
    card = pygame.Rect(body.x, body.y + (body.h - card_h) // 2, card_w, card_h)
    tags = []
    if up:
        tags.append(f"attack {vs.boss_def(colour).per_player} per player × {vs.n} = {vs.boss_attack(colour)}")
    if active and ctx.viewer is not None and ctx.levels_known(ctx.viewer):
        attack = ctx.attack_at(ctx.viewer, BOSS)
        tags.append(f"your attack against it: {attack}" + (f" + {vs.p[ctx.viewer].dc} damage counters"
                                                           if vs.p[ctx.viewer].dc else ""))
    if fighters:
        tags.append("fighting: " + ", ".join(f"{ctx.seat_label(s, True)} {vs.p[s].boss_contrib}" for s in fighters))
    face = ctx.boss_face(colour) if up else None
    view.add(Piece(f"boss:{colour}", card, lambda s, r, f=face, c=colour: pieces.paint_card(s, r, f, "boss", c),
                   ref="boss" if active else None, face=face, tags=tuple(tags),
                   tip="" if up else f"The {colour.title()} Boss, face down until Round {boss_round(vs.track, colour)}",
                   ident=f"boss:{colour}:{up}", group="boss"))
    rewards = list(vs.boss_cards[colour])
    zone = pygame.Rect(card.right + geo.px(6), body.y, body.right - card.right - geo.px(6), body.h)
    if not rewards:
        def paint_none(surface: pygame.Surface) -> None:
            words = "No reward cards" if vs.apprentice or up else "Reward cards come at the final choice"
            for i, line in enumerate(style.wrapped(words, geo.font(12), zone.w)[:3]):
                surface.blit(style.text(line, geo.font(12), theme.TEXT_DIM), (zone.x, zone.y + i * geo.px(14)))

        view.statics.append(paint_none)
        return
    # the rewards as a list of name chips (hover one for the card)
    gap = 2
    size = style.least()
    line_h = theme.font(size, True).get_linesize()
    y = zone.y
    kind_word = "SUPER card" if colour == "blue" else "quest"
    fill = style.CARD_COLOURS["super"] if colour == "blue" else style.CARD_COLOURS["quest"]
    chips = []
    for inst in rewards:
        if colour == "blue":
            rface, key = ctx.card_face(inst), f"card:{inst}"
        else:
            rface, key = ctx.quest_face(inst), f"quest:{inst}"
        chips.append((key, rface, rface.title if rface is not None else f"face-down {kind_word}"))
    two = any(theme.font(size).size(label)[0] > zone.w - 8 for _, _, label in chips)     # a name on two lines
    chip_h = min((2 if two else 1) * line_h + 4, (zone.h - gap * (len(rewards) - 1)) // len(rewards))
    for key, rface, label in chips:
        if y + chip_h > zone.bottom + 1:
            break
        r = pygame.Rect(zone.x, y, zone.w, chip_h)
        view.add(Piece(key, r, lambda s, rr, lab=label, up=rface is not None: reward_chip(s, rr, lab, fill, up, size),
                       face=rface, tags=(f"a reward on the {colour.title()} Boss",), ident=key,
                       tip=f"A face-down {kind_word}: a reward for defeating the {colour.title()} Boss", group="boss"))
        y += chip_h + gap


def reward_chip(surface: pygame.Surface, rect: pygame.Rect, label: str, fill: style.Colour, up: bool,
                size: int) -> None:
    surface.blit(_chip(label, fill, up, size, (rect.w, rect.h)), rect)


@lru_cache(maxsize=256)
def _chip(label: str, fill: style.Colour, up: bool, size: int, dims: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(dims, pygame.SRCALPHA)
    rect = surface.get_rect()
    colour = fill if up else (60, 64, 80)
    draw_box(surface, rect, colour, theme.CARD_INK, 1, radius=4)
    ink = theme.ink_on(colour) if up else theme.TEXT_DIM
    line_h = theme.font(size, up).get_linesize()
    lines = style.wrapped(label, size, rect.w - 8, up)
    if theme.font(size).size(label)[0] <= rect.w - 8 or len(lines) * line_h > rect.h or \
            " ".join(lines) != " ".join(label.split()):
        lines = (label,)               # one line (regular before a cut), when two whole lines do not fit
    y = rect.centery - len(lines) * line_h // 2
    for line in lines:
        img = style.fitted(line, size, rect.w - 8, ink, up, 7)
        surface.blit(img, (rect.x + 4, y))
        y += line_h
    return surface


@lru_cache(maxsize=128)
def _compact_row(head: str, line2: str, line3: str, colour: str, number: int, acting: bool, size: tuple[int, int],
                 chip_box: tuple[int, int, int, int], text_x: int, text_w: int, head_w: int, line_px: int,
                 small_px: int) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    draw_box(surface, rect, theme.PANEL if not acting else (58, 54, 36), style.GOLD if acting else theme.PANEL_EDGE,
             2 if acting else 1)
    pieces.seat_chip(surface, pygame.Rect(chip_box), colour, number)
    top = 2
    surface.blit(style.fitted(head, line_px, head_w, theme.TEXT, True), (text_x, top))
    y = top + theme.font(line_px, True).get_linesize()
    surface.blit(style.fitted(line2, small_px, text_w, theme.TEXT_DIM), (text_x, y))
    y2 = y + theme.font(small_px).get_linesize() - 1
    if y2 + theme.font(small_px).get_linesize() <= rect.bottom + 1:
        surface.blit(style.fitted(line3, small_px, text_w, theme.TEXT_DIM), (text_x, y2))
    return surface


def seat_status(ctx: Ctx, seat: int) -> str:
    vs = ctx.vs
    player = vs.p[seat]
    if vs.phase in ("powerup", "end_pu"):
        status = vs.power_up_status(seat)
        if status == BUILDING:
            return "powering up"
        if status == COMMITTED:
            return "done powering up"
    if ctx.in_battle_phase():
        if player.battled == BOSS:
            return f"fought the boss ({player.boss_contrib})"
        if player.battled not in (NONE, BOSS):
            return f"battled at {vs.loc_name(player.battled)}"
    if player.loc != NONE:
        return f"at {vs.loc_name(player.loc)}"
    return ""


def mat_tip(ctx: Ctx, seat: int) -> str:
    """Everything public about a seat, for hovering its collapsed mat."""
    vs = ctx.vs
    player = vs.p[seat]
    lines = [ctx.seat_label(seat) + (" — Trailblazer" if seat == vs.trail else "")
             + (" · click to go back to your cards" if seat == ctx.viewer else " · click to open their mat")]
    if ctx.levels_known(seat):
        lines.append(f"Energy {player.energy} · Attack {player.attack} · Damage counters {player.dc}")
    else:
        lines.append("Powering up in secret: shown at the reveal")
    if player.bonus_energy or player.bonus_attack:
        lines.append(f"Every Power Up: +{player.bonus_energy} energy, +{player.bonus_attack} attack (trophies)")
    persist = [ctx.card_name(i) for i in player.persist]
    chain = [ctx.card_name(i) for i in player.chain] if ctx.levels_known(seat) else []
    if persist:
        lines.append("Persistent: " + ", ".join(persist))
    if chain:
        lines.append("Played this round: " + ", ".join(chain))
    elif not ctx.levels_known(seat) and player.chain:
        lines.append(f"Played this round: {counted(len(player.chain), 'hidden card')}")
    trophies = [f"{vs.mon_name(m)} {vs.content.monsters[vs.mons[m]].trophy}★" for m in player.trophies]
    lines.append(f"Trophies ({vs.trophy_points(seat)}★): " + (", ".join(trophies) if trophies else "none"))
    quests = player.quests + player.quest_hand
    if quests:
        lines.append("Quests: " + ", ".join(ctx.quest_name(q) for q in quests))
    top = player.discard[-1] if player.discard else None
    lines.append(f"Hand {len(player.hand)} · deck {len(player.deck)} · discard {len(player.discard)}"
                 + (f" (top: {ctx.card_name(top)})" if top is not None else ""))
    if player.fort != NONE:
        lines.append(f"Blanket Fort at {vs.loc_name(player.fort)}")
    return "\n".join(lines)


def compact_mat(ctx: Ctx, geo: Geometry, view: View, seat: int, rect: pygame.Rect) -> None:
    """Another player's mat on one line: who, levels (or "secret"), cards, trophies, quests, fort."""
    vs = ctx.vs
    player = vs.p[seat]
    acting = ctx.acting == seat
    chip = pygame.Rect(rect.x + 4, rect.y + 4, geo.px(30), rect.h - 8)
    fig_w = rect.h - 12
    line_px = geo.font(12)
    status = seat_status(ctx, seat)
    known = ctx.levels_known(seat)
    levels = f"energy {player.energy} · attack {player.attack} · damage {player.dc}" if known else "levels secret"
    if known and theme.font(geo.font(12)).size(f"{levels} · hand {len(player.hand)}")[0] > \
            rect.w - geo.px(30) - geo.px(62) - rect.h - 12:       # a narrow bar: the levels as on the mat's boxes
        levels = f"E {player.energy} · A {player.attack} · D {player.dc}"
    trophy_w = geo.px(62)
    trophies = pygame.Rect(rect.right - trophy_w - fig_w - 10, rect.y + rect.h // 2, trophy_w, rect.h // 2 - 3)
    text_x = chip.right + 6
    text_w = trophies.x - text_x - 4
    name = ctx.seat_label(seat, True) + (" · Trailblazer" if seat == vs.trail else "")
    quests = len(player.quests) + len(player.quest_hand)
    fort = f" · fort {vs.loc_name(player.fort)}" if player.fort != NONE else ""
    line2 = f"{levels} · hand {len(player.hand)}"
    line3 = f"deck {len(player.deck)} · discard {len(player.discard)} · " \
            f"in play {len(player.persist) + (len(player.chain) if known else 0)}" + \
            (f" · {counted(quests, 'quest')}" if quests else "") + fort

    head = name + (f" · {status}" if status else "")
    image = _compact_row(head, line2, line3, ctx.seat_colour(seat), seat + 1, acting, (rect.w, rect.h),
                         (chip.x - rect.x, chip.y - rect.y, chip.w, chip.h), text_x - rect.x, text_w,
                         trophies.right - text_x, line_px, geo.font(12))

    def paint(surface: pygame.Surface) -> None:
        surface.blit(image, rect)

    view.statics.append(paint)
    tip = mat_tip(ctx, seat)
    view.add(Piece(f"mat:{seat}", rect, lambda s, r: None, tip=tip, ident=seat, group="mat"))
    families = tuple(vs.mon_family(m) for m in player.trophies)
    points = vs.trophy_points(seat)
    view.add(Piece(f"trophies:{seat}", trophies, lambda s, r, f=families, p=points: pieces.paint_trophies(s, r, f, p),
                   tip=tip, ident=f"trophies:{seat}", group="mat"))
    if player.loc == NONE:
        fig = pygame.Rect(rect.right - fig_w - 6, rect.centery - fig_w // 2, fig_w, fig_w)
        view.add(figure_piece(ctx, seat, fig))
