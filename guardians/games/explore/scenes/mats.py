"""The focused player's area under the town: the player mat (energy, attack and damage-counter trackers,
trophies, quests, Blanket Fort, figure, a Museum monster), the hand, the play area (persistent cards
apart, then this round's chain left to right) and the deck and discard piles.
"""

from __future__ import annotations

import pygame

from guardians.games.explore.rules.model import NONE
from guardians.games.explore.scenes import pieces, style
from guardians.games.explore.scenes.board import seat_status
from guardians.games.explore.scenes.facts import Ctx
from guardians.games.explore.scenes.layout import Geometry, card_row, overlap_hits
from guardians.games.explore.scenes.town import figure_piece
from guardians.ui.table.view import Piece, View
from guardians.ui import theme
from guardians.ui.widgets import draw_box
from guardians.engine.words import counted


def build_own(ctx: Ctx, geo: Geometry, view: View, rect: pygame.Rect | None = None) -> None:
    rect = rect or geo.own
    seat = ctx.focus

    def paint_back(surface: pygame.Surface) -> None:
        edge = style.seat_colour(ctx.seat_colour(seat))
        draw_box(surface, rect, theme.PANEL, edge if ctx.seat_colour(seat) != "Black" else (150, 150, 160), 2)

    view.statics.append(paint_back)
    mat_w = geo.px(206)
    piles_w = geo.px(78)
    mat = pygame.Rect(rect.x + 6, rect.y + 6, mat_w, rect.h - 12)
    piles = pygame.Rect(rect.right - piles_w - 6, rect.y + 6, piles_w, rect.h - 12)
    middle = pygame.Rect(mat.right + 8, rect.y + 6, piles.x - mat.right - 16, rect.h - 12)
    build_mat(ctx, geo, view, seat, mat)
    build_piles(ctx, geo, view, seat, piles)
    player = ctx.vs.p[seat]
    in_play = len(player.persist) + (len(player.chain) if ctx.levels_known(seat) else 0)
    hand_h = int(middle.h * 0.52)          # an empty row gives its room to the other
    if not player.hand and in_play:
        hand_h = geo.px(34)
    elif player.hand and not in_play:
        hand_h = middle.h - geo.px(38)
    hand = pygame.Rect(middle.x, middle.y, middle.w, hand_h)
    play = pygame.Rect(middle.x, hand.bottom + 4, middle.w, middle.bottom - hand.bottom - 4)
    build_hand(ctx, geo, view, seat, hand)
    build_play(ctx, geo, view, seat, play)


def build_mat(ctx: Ctx, geo: Geometry, view: View, seat: int, rect: pygame.Rect) -> None:
    vs = ctx.vs
    player = vs.p[seat]
    chip = pygame.Rect(rect.x, rect.y, geo.px(34), geo.px(22))
    known = ctx.levels_known(seat)
    status = seat_status(ctx, seat)
    name_px = geo.font(13)
    box_y = chip.bottom + geo.px(4)
    box_h = geo.px(40)
    box_w = (rect.w - 2 * geo.px(4)) // 3
    boxes = [pygame.Rect(rect.x + i * (box_w + geo.px(4)), box_y, box_w, box_h) for i in range(3)]
    bonus = player.bonus_energy or player.bonus_attack
    line_px = geo.font(12)
    line_h = theme.font(line_px).get_linesize()
    y_after = boxes[0].bottom + geo.px(3)
    bonus_lines = style.wrapped(f"Every Power Up: +{player.bonus_energy} energy, +{player.bonus_attack} attack",
                                line_px, rect.w) if bonus else ()          # whole, on two lines if need be

    def paint(surface: pygame.Surface) -> None:
        pieces.seat_chip(surface, chip, ctx.seat_colour(seat), seat + 1)
        name = ctx.seat_label(seat) + (" · Trailblazer" if seat == vs.trail else "")
        surface.blit(style.fitted(name, name_px, rect.right - chip.right - 6, theme.TEXT, True),
                     (chip.right + 6, chip.y + (chip.h - theme.font(name_px, True).get_linesize()) // 2))
        values = (str(player.energy), str(player.attack), str(player.dc)) if known else ("?", "?", "?")
        for box, label, value, colour in zip(boxes, ("Energy", "Attack", "Damage"), values,
                                             (style.ENERGY, style.ATTACK, style.COUNTER)):
            pieces.level_box(surface, box, label, value, colour)
        y = y_after
        for words in bonus_lines:
            surface.blit(style.fitted(words, line_px, rect.w, style.GOLD), (rect.x, y))
            y += line_h
        if status:
            surface.blit(style.fitted(status.capitalize(), line_px, rect.w, theme.TEXT_DIM, True), (rect.x, y))

    view.statics.append(paint)
    y = y_after + len(bonus_lines) * line_h + (line_h if status else 0) + geo.px(2)
    # the trophy shelf
    shelf = pygame.Rect(rect.x, y, rect.w, geo.px(22))
    families = tuple(vs.mon_family(m) for m in player.trophies)
    points = vs.trophy_points(seat)
    view.add(Piece(f"trophies:{seat}", shelf, lambda s, r, f=families, p=points: pieces.paint_trophies(s, r, f, p),
                   tip=trophy_tip(ctx, seat), ident=f"trophies:{seat}", group="mat"))
    y = shelf.bottom + geo.px(4)
    # quests (own: face up; another seat's: backs)
    quests = player.quests + player.quest_hand
    chip_h = geo.px(20)
    for q in quests:
        if y + chip_h > rect.bottom:
            break
        qrect = pygame.Rect(rect.x, y, rect.w, chip_h)
        face = ctx.quest_face(q)
        label = f"Quest: {face.title} ({face.stats[0][1]}★)" if face is not None else "Secret quest"
        view.add(Piece(f"quest:{q}", qrect, lambda s, r, lab=label: paint_chip(s, r, lab, style.CARD_COLOURS["quest"]),
                       face=face, tags=("your secret quest: scored at the end",) if face else (),
                       tip="A secret quest, revealed at the end", ident=f"quest:{q}", group="mat"))
        y += chip_h + 3
    # fort, figure and a Museum monster on the last line
    line = pygame.Rect(rect.x, y, rect.w, max(chip_h, rect.bottom - y))
    if line.h < chip_h - 2:
        return
    fort = f"Fort: {vs.loc_name(player.fort)}" if player.fort != NONE else "Fort: not placed"
    fig_side = chip_h

    def paint_line(surface: pygame.Surface) -> None:
        surface.blit(style.fitted(fort, line_px, rect.w - 2 * fig_side - 12, theme.TEXT_DIM),
                     (rect.x, line.y + (chip_h - line_h) // 2))

    view.statics.append(paint_line)
    x = rect.right - fig_side
    if player.loc == NONE:
        view.add(figure_piece(ctx, seat, pygame.Rect(x, line.y, fig_side, fig_side)))
        x -= fig_side + 6
    if player.museum != NONE:
        m = player.museum
        mon = pygame.Rect(0, 0, int(min(line.h, geo.px(44)) / 1.3), min(line.h, geo.px(44)))
        mon.topright = (x, line.y)
        look = ctx.monster_look(m)
        view.add(Piece(f"mon:{m}", mon, lambda s, r, lk=look: pieces.paint_monster(s, r, lk), ref=f"mon:{m}",
                       face=ctx.monster_face(m),
                       tags=("your secret Museum monster: placed when your Battle turn starts",),
                       tip="A secret monster from the Museum", ident=m, group="mat"))


def paint_chip(surface: pygame.Surface, rect: pygame.Rect, label: str, colour: style.Colour) -> None:
    draw_box(surface, rect, colour, theme.CARD_INK, 1, radius=4)
    img = style.fitted(label, max(style.least(), rect.h - 8), rect.w - 8, theme.ink_on(colour), True)
    surface.blit(img, (rect.x + 4, rect.centery - img.get_height() // 2))


def trophy_tip(ctx: Ctx, seat: int) -> str:
    vs = ctx.vs
    player = vs.p[seat]
    if not player.trophies:
        return f"{ctx.seat_label(seat)}: no trophies yet"
    names = [f"{vs.mon_name(m)} ({vs.content.monsters[vs.mons[m]].trophy}★)" for m in player.trophies]
    return f"Trophies of {ctx.seat_label(seat)}: {vs.trophy_points(seat)}★\n" + ", ".join(names)


def build_piles(ctx: Ctx, geo: Geometry, view: View, seat: int, rect: pygame.Rect) -> None:
    vs = ctx.vs
    player = vs.p[seat]
    half = (rect.h - geo.px(6)) // 2
    width = min(rect.w, int((half - geo.px(14)) / 1.4) + 4)
    deck = pygame.Rect(rect.x + (rect.w - width) // 2, rect.y, width, half)
    discard = deck.move(0, half + geo.px(6))
    view.add(Piece(f"deck:{seat}", deck, lambda s, r, n=len(player.deck): pieces.paint_pile(s, r, "Deck", n),
                   tip=f"{ctx.seat_label(seat)}'s deck: {len(player.deck)} cards face down", ident=f"deck:{seat}",
                   group="pile"))
    top = player.discard[-1] if player.discard else None
    face = ctx.card_face(top) if top is not None else None
    view.add(Piece(f"discard:{seat}", discard,
                   lambda s, r, n=len(player.discard), f=face: pieces.paint_pile(s, r, "Discard", n, f),
                   face=face, tags=(f"top of the discard pile ({len(player.discard)} cards)",) if face else (),
                   tip=f"{ctx.seat_label(seat)}'s discard pile: {len(player.discard)} cards",
                   ident=f"discard:{seat}", group="pile"))


def side_label(view: View, geo: Geometry, rect: pygame.Rect, title: str, sub: str) -> None:
    """A row's title with its counts under it: each " · " part on one line of its own ("0 persistent", never
    "0" alone), as many as fit in the row, and all of them on hover (issue #18: "In play / 0 persistent" ran
    out of its row)."""
    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        img = style.fitted(title, geo.font(12), r.w, theme.PANEL_TITLE, True)
        surface.blit(img, (r.x, r.y + 2))
        y = r.y + 4 + img.get_height()
        for part in sub.split(" · "):
            line = style.fitted(part, geo.font(12), r.w, theme.TEXT_DIM)
            if y + line.get_height() > r.bottom:
                break
            surface.blit(line, (r.x, y))
            y += theme.font(geo.font(12)).get_linesize()

    view.add(Piece(f"side:{title}", pygame.Rect(rect), paint, tip=f"{title}: {sub}"))


def build_hand(ctx: Ctx, geo: Geometry, view: View, seat: int, rect: pygame.Rect) -> None:
    vs = ctx.vs
    player = vs.p[seat]
    label_w = geo.px(60)
    area = pygame.Rect(rect.x + label_w, rect.y, rect.w - label_w, rect.h)
    cards = sorted(player.hand, key=lambda i: (ctx.card_id(i), i))
    side_label(view, geo, pygame.Rect(rect.x, rect.y, label_w - 6, rect.h), "Hand", counted(len(cards), "card"))
    if not cards:
        def paint_empty(surface: pygame.Surface) -> None:
            style.blit_centered(surface, style.text("No cards in hand.", geo.font(12), theme.TEXT_DIM), area.center)

        view.statics.append(paint_empty)
        return
    rects = card_row(area, len(cards), geo.px(110), geo.px(6), geo.px(62))
    hits = overlap_hits(rects)
    playable: set[str] | None = None           # during your Power Up: the cards your energy lets you play
    shown = ctx.shown
    if shown is not None and shown.kind == "main" and seat == ctx.viewer and any(a.kind == "done" for a in shown.options):
        playable = {r for a in shown.options if a.kind == "play" for r in a.refs}
    for inst, r, hit in zip(cards, rects, hits):
        face = ctx.card_face(inst)
        if face is not None:
            held = playable is not None and f"card:{inst}" not in playable
            need = dict(face.stats).get("NEED", "")
            tags = (("in your hand",) if seat == ctx.viewer else ()) + pieces.disc_words(face)
            if held:
                tags += (f"needs {need} energy: stays in hand unless your energy gets there",)
            view.add(Piece(f"card:{inst}", r, lambda s, rr, f=face, held=held, need=need: paint_hand_card(s, rr, f, held, need),
                           look=("hand card", face, held, need),
                           ref=f"card:{inst}", face=face, tags=tags, hit=hit, ident=inst,
                           origin=f"deck:{seat}", exit=f"discard:{seat}", group="hand"))
        else:
            view.add(Piece(f"back:{seat}:{inst}", r, lambda s, rr: pieces.paint_card(s, rr, None), hit=hit,
                           tip="A hidden card", group="hand"))


def paint_hand_card(surface: pygame.Surface, rect: pygame.Rect, face, held: bool, need: str) -> None:
    pieces.paint_card(surface, rect, face)
    if held:
        dim = pygame.Surface(rect.size, pygame.SRCALPHA)
        dim.fill((12, 14, 20, 120))
        surface.blit(dim, rect)
        img = style.fitted(f"needs {need}", max(style.least(), rect.w // 7), rect.w - 8, theme.TEXT, True)
        box = img.get_rect(midbottom=(rect.centerx, rect.bottom - 4)).inflate(8, 2)
        pygame.draw.rect(surface, theme.PANEL, box, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))


def build_play(ctx: Ctx, geo: Geometry, view: View, seat: int, rect: pygame.Rect) -> None:
    """Persistent cards apart on the left, then this round's chain laid left to right."""
    vs = ctx.vs
    player = vs.p[seat]
    known = ctx.levels_known(seat)
    chain = list(player.chain) if known else []
    persist = list(player.persist)
    sub = f"{len(persist)} persistent · {len(player.chain)} played" if known else \
        f"{len(persist)} persistent · chain secret"
    label_w = max(geo.px(60), max(theme.font(geo.font(12)).size(part)[0] for part in sub.split(" · ")) + 8)
    side_label(view, geo, pygame.Rect(rect.x, rect.y, label_w - 6, rect.h), "In play", sub)
    area = pygame.Rect(rect.x + label_w, rect.y, rect.w - label_w, rect.h)
    card_w = int(area.h / 1.4)
    gap = geo.px(5)
    total = len(persist) + len(chain)
    if not total:
        def paint_empty(surface: pygame.Surface) -> None:
            words = "Nothing in play yet: cards played in the Power Up Phase form a chain here, left to right." \
                if known else "Powering up in secret: the chain is shown at the reveal."
            img = style.fitted(words, geo.font(12), area.w - 10, theme.TEXT_DIM)
            surface.blit(img, (area.x + 4, area.centery - img.get_height() // 2))

        view.statics.append(paint_empty)
        return
    divider = geo.px(18) if persist and chain else 0
    room_each = (area.w - divider) / max(1, total)
    width = int(min(card_w, max(geo.px(40), room_each - gap)))
    persist_w = min(len(persist) * (width + gap), int((area.w - divider) * len(persist) / total)) if chain else area.w
    left = pygame.Rect(area.x, area.y, persist_w, area.h)
    right = pygame.Rect(left.right + divider, area.y, area.right - left.right - divider, area.h)
    placed: list[tuple[int, pygame.Rect, pygame.Rect, bool]] = []
    if persist:
        rects = card_row(left, len(persist), width, gap, geo.px(34))
        placed += [(i, r, h, True) for i, r, h in zip(persist, rects, overlap_hits(rects))]
    if chain:
        rects = card_row(right if persist else area, len(chain), width, gap, geo.px(34))
        placed += [(i, r, h, False) for i, r, h in zip(chain, rects, overlap_hits(rects))]
    if divider:
        top = min(r.y for _, r, _, _ in placed)

        def paint_divider(surface: pygame.Surface) -> None:
            x = left.right + divider // 2
            pygame.draw.line(surface, style.GOLD, (x, top + 4), (x, area.bottom - 4), 2)
            img = style.text("→", geo.font(14), style.GOLD, True)
            style.blit_centered(surface, img, (x, top + img.get_height() // 2))

        view.statics.append(paint_divider)
    for inst, r, hit, persistent in placed:
        face = ctx.card_face(inst)
        tags = ctx.card_tags(seat, inst, persistent) + (pieces.disc_words(face) if face is not None else ())
        badge = "SUPER" if face is not None and any(t.startswith(("SUPER", "made SUPER")) for t in tags) else ""
        under = player.under.get(inst)
        if under:
            badge = f"+{len(under)} under"
        view.add(Piece(f"card:{inst}", r, lambda s, rr, f=face, b=badge: pieces.paint_tagged_card(s, rr, f, b),
                       look=("tagged card", face, badge),
                       ref=f"card:{inst}", face=face, tags=tags, hit=hit, ident=inst,
                       origin=f"deck:{seat}", exit=f"discard:{seat}", group="play"))
    if not known and player.chain:
        def paint_secret(surface: pygame.Surface, n=len(player.chain)) -> None:
            img = style.fitted(f"+ {n} cards played in secret", geo.font(12), right.w, theme.TEXT_DIM, True)
            surface.blit(img, (right.x, right.centery))

        view.statics.append(paint_secret)
