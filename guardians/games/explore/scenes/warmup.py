"""The Warm Up on screen: the Apprentice decks to choose from, the 13-card draft (the stack you hold, who
holds which stack and where it goes next, the Ghost's pile in a two-player game, your picks so far, the
SUPER cards and quests dealt to you in secret) and the final SUPER/quest choice.

Only the viewer's own dealt cards and picks are drawn face up; other seats' are counts.
"""

from __future__ import annotations

import math

import pygame

from guardians.engine.actions import Decision
from guardians.games.explore.scenes import cardface, pieces, style
from guardians.games.explore.scenes.facts import Ctx
from guardians.games.explore.scenes.layout import Geometry
from guardians.ui.table.view import Piece, View
from guardians.ui import theme
from guardians.ui.widgets import draw_box
from guardians.engine.words import counted


def grid(area: pygame.Rect, count: int, gap: int, max_w: int) -> list[pygame.Rect]:
    """`count` cards (ratio 1.4) in the grid of columns that makes them largest, centred."""
    if count <= 0:
        return []
    best = (0, 1, 1)
    for cols in range(1, count + 1):
        rows = math.ceil(count / cols)
        w = min((area.w - gap * (cols - 1)) / cols, ((area.h - gap * (rows - 1)) / rows) / 1.4, max_w)
        if w > best[0]:
            best = (w, cols, rows)
    w, cols, rows = best
    w = int(w)
    h = int(w * 1.4)
    total_w = cols * w + (cols - 1) * gap
    total_h = rows * h + (rows - 1) * gap
    x0 = area.x + (area.w - total_w) // 2
    y0 = area.y + (area.h - total_h) // 2
    rects = []
    for i in range(count):
        r, c = divmod(i, cols)
        rects.append(pygame.Rect(x0 + c * (w + gap), y0 + r * (h + gap), w, h))
    return rects


def paint_title(view: View, geo: Geometry, rect: pygame.Rect, title: str, sub: str) -> int:
    """A heading and a line under it at the top of `rect`; returns the height used."""
    title_px, sub_px = geo.font(17), geo.font(12)
    height = theme.font(title_px, True).get_linesize() + theme.font(sub_px).get_linesize() + geo.px(4)

    def paint(surface: pygame.Surface) -> None:
        img = style.fitted(title, title_px, rect.w - 12, theme.TEXT, True)
        surface.blit(img, (rect.x + 6, rect.y))
        sub_img = style.fitted(sub, sub_px, rect.w - 12, theme.TEXT_DIM)
        surface.blit(sub_img, (rect.x + 6, rect.y + img.get_height()))

    view.statics.append(paint)
    return height


def card_piece(ctx: Ctx, inst: int, rect: pygame.Rect, ref: bool, tags: tuple[str, ...] = (),
               hit: pygame.Rect | None = None, group: str = "warmup") -> Piece:
    face = ctx.card_face(inst)
    return Piece(f"card:{inst}", rect, lambda s, r, f=face: pieces.paint_card(s, r, f), ref=f"card:{inst}" if ref else None,
                 face=face, tags=tags + (pieces.disc_words(face) if face else ()), hit=hit, ident=inst,
                 tip="" if face else "A hidden card", group=group)


def quest_piece(ctx: Ctx, q: int, rect: pygame.Rect, ref: bool, tags: tuple[str, ...] = ()) -> Piece:
    face = ctx.quest_face(q)
    return Piece(f"quest:{q}", rect, lambda s, r, f=face: pieces.paint_card(s, r, f, "quest"),
                 ref=f"quest:{q}" if ref else None, face=face, tags=tags, ident=f"quest:{q}",
                 tip="" if face else "A secret quest", group="warmup")


# ----- the draft ---------------------------------------------------------------------------------

def build_draft(ctx: Ctx, geo: Geometry, view: View) -> None:
    vs = ctx.vs
    area = geo.upper
    viewer = ctx.viewer
    solo = vs.n == 1
    held = [k for k, pack in enumerate(vs.packs) if vs.holder[k] == viewer and pack] if viewer is not None else []
    active_refs = {r for a in ctx.shown.options for r in a.refs} if ctx.shown is not None else set()
    picking = [k for k in held if any(f"card:{i}" in active_refs for i in vs.packs[k])]
    me = vs.p[viewer] if viewer is not None else None
    if solo:
        keep = vs.content.setup.solo_keep
        title = f"Draft — pick {min(len(me.drafted) + 1, keep) if me else '?'} of {keep}"
        sub = (f"{vs.content.setup.solo_deal} cards were dealt to you: keep {keep}, one at a time; the rest go to the "
               "trash face up. Pick cards that suit one of your SUPER cards.")
    else:
        total = vs.content.setup.draft_size * (2 if vs.n == 2 else 1)
        picked = len(me.drafted) if me else 0
        title = f"Draft — you have picked {counted(picked, 'card')}" + \
            (f" of {total}" if vs.n > 2 else "")
        sub = ("Pick one card from the stack you hold; then every stack passes to the left. "
               + ("With two players the Ghost's stack passes too: whoever holds it first puts a random card "
                  "into the Ghost's deck, then picks." if vs.n == 2 else "Cards picked are kept secret."))
    top = paint_title(view, geo, area, title, sub)
    y = area.y + top
    if not solo:
        ring = pygame.Rect(area.x, y, area.w, geo.px(50))
        build_passing(ctx, geo, view, ring)
        y = ring.bottom + geo.px(6)
    stack_area = pygame.Rect(area.x, y, area.w, area.bottom - y)
    if not held:
        waiting = [k for k, pack in enumerate(vs.packs) if pack]
        words = "The draft is over." if not waiting else \
            "Waiting for the stacks: the other players are picking."

        def paint_wait(surface: pygame.Surface) -> None:
            draw_box(surface, stack_area, style.ZONE, theme.PANEL_EDGE, 1)
            style.blit_centered(surface, style.text(words, geo.font(15), theme.TEXT_DIM, True), stack_area.center)

        view.statics.append(paint_wait)
    else:
        order = picking + [k for k in held if k not in picking]
        widths = [len(vs.packs[k]) for k in order]
        total = sum(widths)
        x = stack_area.x
        for k, count in zip(order, widths):
            w = stack_area.w * count // total if len(order) > 1 else stack_area.w
            box = pygame.Rect(x, stack_area.y, w - (geo.px(6) if len(order) > 1 else 0), stack_area.h)
            x += w
            build_stack(ctx, geo, view, k, box, k in picking)
    build_picks(ctx, geo, view, geo.own)


def build_stack(ctx: Ctx, geo: Geometry, view: View, k: int, box: pygame.Rect, active: bool) -> None:
    vs = ctx.vs
    ghost = k == vs.ghost_pack
    pack = sorted(vs.packs[k], key=lambda i: (ctx.card_id(i), i))
    label = ("The Ghost's stack" if ghost else "The stack you hold") + f" — {len(pack)} cards" + \
        (" — pick one" if active else " — waiting")
    head = geo.px(20)

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, box, style.ZONE, theme.ACCENT if active else theme.PANEL_EDGE, 2 if active else 1)
        img = style.fitted(label, geo.font(12), box.w - 12, theme.TEXT if active else theme.TEXT_DIM, True)
        surface.blit(img, (box.x + 6, box.y + 3))

    view.statics.append(paint)
    inner = pygame.Rect(box.x + 6, box.y + head + 2, box.w - 12, box.h - head - 6)
    tags = ("from the Ghost's stack",) if ghost else ("in the stack you hold",)
    add_cards(ctx, geo, view, inner, [("card", i) for i in pack], active, tags, geo.px(6))


READABLE_CARD_W = 110     # a face narrower than this (at 1280×720) cannot show its text at 12 px


def add_cards(ctx: Ctx, geo: Geometry, view: View, zone: pygame.Rect, items: list[tuple[str, int]], ref: bool,
              tags: tuple[str, ...], gap: int) -> None:
    """Cards (and quests) in `zone`: as faces when they can be drawn wide enough to read, else one line a
    card (the solo draft's 36 cards, a full row of picks), each read whole on hover."""
    if not items:
        return
    rects = grid(zone, len(items), gap, geo.px(120))
    faces = [ctx.card_face(i) if kind == "card" else ctx.quest_face(i) for kind, i in items]
    if rects and (rects[0].w >= geo.px(READABLE_CARD_W) or None in faces):     # (a hidden card: its back)
        for (kind, i), r in zip(items, rects):
            view.add(card_piece(ctx, i, r, ref, tags) if kind == "card" else quest_piece(ctx, i, r, ref, tags))
        return
    px = cardface.line_px(geo.font(12))
    for (kind, i), face, r in zip(items, faces, line_grid(zone, len(items), px, geo.px(4))):
        key = f"{kind}:{i}"
        view.add(Piece(key, r, lambda s, r, f=face: cardface.paint_line(s, r, f, px), ref=key if ref else None,
                       face=face, tags=tags + (pieces.disc_words(face) if face else ()),
                       ident=i if kind == "card" else key, group="warmup"))


def line_grid(area: pygame.Rect, count: int, px: int, gap: int) -> list[pygame.Rect]:
    """`count` card lines in the fewest columns whose rows fit `area` (one line high each), filled
    column by column, so the stack reads top to bottom like a list."""
    line_h = theme.font(px, True).get_linesize() + 8
    rows_fit = max(1, (area.h + gap) // (line_h + gap))
    cols = max(1, math.ceil(count / rows_fit))
    rows = math.ceil(count / cols)
    h = min(line_h + 6, (area.h - gap * (rows - 1)) // rows)
    w = (area.w - gap * (cols - 1)) // cols
    return [pygame.Rect(area.x + (i // rows) * (w + gap), area.y + (i % rows) * (h + gap), w, h)
            for i in range(count)]


def build_passing(ctx: Ctx, geo: Geometry, view: View, rect: pygame.Rect) -> None:
    """Every seat in passing order with the stacks it holds; arrows show where stacks go next."""
    vs = ctx.vs
    seats = list(range(vs.n))
    boxes = len(seats) + (1 if vs.n == 2 else 0)
    arrow_w = geo.px(22)
    width = (rect.w - arrow_w * (boxes - 1)) // boxes
    deciding = ctx.acting

    def paint(surface: pygame.Surface) -> None:
        for i, seat in enumerate(seats):
            box = pygame.Rect(rect.x + i * (width + arrow_w), rect.y, width, rect.h)
            turn = seat == deciding
            draw_box(surface, box, theme.PANEL, theme.ACCENT if turn else theme.PANEL_EDGE, 2 if turn else 1)
            chip = pygame.Rect(box.x + 4, box.y + 4, geo.px(30), geo.px(20))
            pieces.seat_chip(surface, chip, ctx.seat_colour(seat), seat + 1)
            name = ctx.seat_label(seat, True) + (" — picking" if turn else "")
            surface.blit(style.fitted(name, geo.font(12), box.right - chip.right - 8, theme.TEXT, True),
                         (chip.right + 4, chip.y + 2))
            picks = len(vs.p[seat].drafted)
            stacks = [k for k, pack in enumerate(vs.packs) if vs.holder[k] == seat and pack]
            words = f"{picks} picked · holds " + (", ".join(
                ("Ghost's " if k == vs.ghost_pack else "") + f"stack ({len(vs.packs[k])})" for k in stacks)
                if stacks else "nothing")
            surface.blit(style.fitted(words, geo.font(12), box.w - 8, theme.TEXT_DIM), (box.x + 4, chip.bottom + 3))
            if i + 1 < len(seats):
                mid = (box.right + arrow_w // 2, box.centery)
                style.blit_centered(surface, style.text("→", geo.font(16), theme.ACCENT, True), mid)
        if vs.n == 2:
            box = pygame.Rect(rect.x + 2 * (width + arrow_w), rect.y, width, rect.h)
            draw_box(surface, box, (44, 40, 56), theme.PANEL_EDGE, 1)
            surface.blit(style.fitted("Ghost", geo.font(12), box.w - 8, (200, 190, 230), True), (box.x + 6, box.y + 4))
            words = f"Ghost's deck: {len(vs.ghost)} random cards (trashed face up after the draft)"
            for j, line in enumerate(style.wrapped(words, geo.font(12), box.w - 10)[:2]):
                surface.blit(style.text(line, geo.font(12), theme.TEXT_DIM),
                             (box.x + 6, box.y + 6 + geo.px(14) + j * theme.font(geo.font(12)).get_linesize()))

    view.statics.append(paint)


def build_picks(ctx: Ctx, geo: Geometry, view: View, rect: pygame.Rect, dealt_too: bool = True) -> None:
    """Your picks so far, and (during the draft) the SUPER cards and quests dealt to you in secret."""
    vs = ctx.vs
    viewer = ctx.viewer
    me = vs.p[viewer] if viewer is not None else None
    secret_w = int(rect.w * 0.36) if dealt_too else 0
    picks = pygame.Rect(rect.x, rect.y, rect.w - (secret_w + geo.px(8) if dealt_too else 0), rect.h)
    secret = pygame.Rect(picks.right + geo.px(8), rect.y, secret_w, rect.h)
    drafted = sorted(me.drafted, key=lambda i: (ctx.card_id(i), i)) if me else []
    head = geo.px(22)

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, picks, theme.PANEL, theme.PANEL_EDGE, 1)
        if dealt_too:
            draw_box(surface, secret, theme.PANEL, theme.PANEL_EDGE, 1)
        starting = ", ".join(f"{n} {vs.content.cards[c].name}" for c, n in vs.content.setup.starting_generics)
        words = f"Your picks so far ({len(drafted)}) — your deck also holds {starting}"
        surface.blit(style.fitted(words, geo.font(12), picks.w - 12, theme.PANEL_TITLE, True), (picks.x + 6, picks.y + 4))
        if dealt_too:
            words = "Dealt in secret: keep one of each"
            surface.blit(style.fitted(words, geo.font(12), secret.w - 12, theme.PANEL_TITLE, True),
                         (secret.x + 6, secret.y + 4))
        if not drafted:
            style.blit_centered(surface, style.text("No picks yet.", geo.font(12), theme.TEXT_DIM), picks.center)

    view.statics.append(paint)
    zone = pygame.Rect(picks.x + 6, picks.y + head + 2, picks.w - 12, picks.h - head - 8)
    add_cards(ctx, geo, view, zone, [("card", i) for i in drafted], False, ("picked: it joins your deck",),
              geo.px(5))
    if me is None or not dealt_too:
        return
    zone = pygame.Rect(secret.x + 6, secret.y + head + 2, secret.w - 12, secret.h - head - 8)
    dealt = [("card", i) for i in me.super_hand] + [("quest", q) for q in me.quest_hand]
    add_cards(ctx, geo, view, zone, dealt, False, ("dealt to you in secret",), geo.px(5))


# ----- the final choice --------------------------------------------------------------------------

def build_final(ctx: Ctx, geo: Geometry, view: View) -> None:
    vs = ctx.vs
    area = geo.upper
    viewer = ctx.viewer
    me = vs.p[viewer] if viewer is not None else None
    choosing = ctx.shown is not None and any(a.kind == "keep" for a in ctx.shown.options)
    title = "Final choice: keep one SUPER card and one secret quest"
    sub = ("The SUPER card you keep joins your deck; the other goes face down on the Blue Boss. The quest you keep "
           "scores at the end; the other goes face down on the Red Boss.")
    top = paint_title(view, geo, area, title, sub)
    body = pygame.Rect(area.x, area.y + top, area.w, area.h - top)
    if me is None or not (me.super_hand or me.quest_hand):
        kept = ""
        if me is not None:
            sup = [i for i in me.drafted if ctx.card_known(i) and vs.cdef(i).super]
            quests = [ctx.quest_name(q) for q in me.quests]
            if sup or quests:
                kept = "You kept " + " and ".join([ctx.card_name(i) for i in sup] + [f"the quest {q}" for q in quests]) \
                       + ". The others are choosing."
        words = kept or "The other players are making their final choice."

        def paint_wait(surface: pygame.Surface) -> None:
            draw_box(surface, body, style.ZONE, theme.PANEL_EDGE, 1)
            style.blit_centered(surface, style.fitted(words, geo.font(14), body.w - 20, theme.TEXT_DIM, True), body.center)

        view.statics.append(paint_wait)
    else:
        half = (body.w - geo.px(10)) // 2
        for i, (label, items, kind) in enumerate((("SUPER cards dealt to you", me.super_hand, "card"),
                                                  ("Secret quests dealt to you", me.quest_hand, "quest"))):
            box = pygame.Rect(body.x + i * (half + geo.px(10)), body.y, half, body.h)

            def paint(surface: pygame.Surface, box=box, label=label) -> None:
                draw_box(surface, box, style.ZONE, theme.PANEL_EDGE, 1)
                surface.blit(style.fitted(label + (" — click one" if choosing else ""), geo.font(12), box.w - 12,
                                          theme.PANEL_TITLE, True), (box.x + 6, box.y + 4))

            view.statics.append(paint)
            zone = pygame.Rect(box.x + 8, box.y + geo.px(24), box.w - 16, box.h - geo.px(30))
            for item, r in zip(items, grid(zone, len(items), geo.px(14), geo.px(170))):
                if kind == "card":
                    view.add(card_piece(ctx, item, r, choosing, ("a SUPER card dealt to you",)))
                else:
                    view.add(quest_piece(ctx, item, r, choosing, ("a secret quest dealt to you",)))
    build_picks(ctx, geo, view, geo.own, dealt_too=False)


# ----- the Apprentice decks ----------------------------------------------------------------------

def build_colours(ctx: Ctx, geo: Geometry, view: View, shown: Decision | None) -> None:
    """The five preconstructed decks side by side; a free deck is clicked to take it."""
    vs = ctx.vs
    area = geo.upper
    title = "Apprentice: choose your colour and its preconstructed deck"
    sub = ("In turn order from the Trailblazer each player takes a free deck. Every deck also holds "
           + ", ".join(f"{n} {vs.content.cards[c].name}" for c, n in vs.content.setup.starting_generics)
           + ". Hover a card to read it.")
    top = paint_title(view, geo, area, title, sub)
    body = pygame.Rect(area.x, area.y + top, area.w, area.h - top)
    decks = list(vs.content.decks.values())
    gap = geo.px(6)
    width = (body.w - gap * (len(decks) - 1)) // len(decks)
    owners = {vs.p[s].colour: s for s in range(vs.n) if vs.p[s].colour}
    offered = {}
    if shown is not None:
        for action in shown.options:
            if action.kind == "colour" and action.refs:
                offered[str(action.args[0])] = action.refs[0]
    for i, deck in enumerate(decks):
        col = pygame.Rect(body.x + i * (width + gap), body.y, width, body.h)
        ref = offered.get(deck.id)
        owner = owners.get(deck.colour)
        head_h = geo.px(30)
        super_face = vs.card_face(deck.super)
        label = f"{deck.colour} — {super_face.title}"

        def paint(surface: pygame.Surface, r: pygame.Rect, col=col, deck=deck, label=label, owner=owner,
                  live=ref is not None) -> None:
            fill = style.seat_colour(deck.colour)
            draw_box(surface, r, theme.PANEL, theme.ACCENT if live else theme.PANEL_EDGE, 2 if live else 1)
            head = pygame.Rect(r.x + 2, r.y + 2, r.w - 4, head_h)
            pygame.draw.rect(surface, fill, head, border_radius=5)
            img = style.fitted(label, geo.font(13), head.w - 8, theme.ink_on(fill), True)
            style.blit_centered(surface, img, head.center)
            if owner is not None:
                words = f"taken by {ctx.seat_label(owner, True)}"
                img = style.fitted(words, geo.font(12), r.w - 8, style.GOLD, True)
                surface.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - 4)))
            elif live:
                img = style.fitted("Click to play this deck", geo.font(12), r.w - 8, theme.ACCENT, True)
                surface.blit(img, img.get_rect(midbottom=(r.centerx, r.bottom - 4)))

        view.add(Piece(ref or f"deck-choice:{deck.id}", col, paint, ref=ref,
                       tip=(f"Play {deck.colour}: the {super_face.title} deck" if ref else
                            f"The {deck.colour} deck" + (" (taken)" if owner is not None else "")),
                       ident=deck.id, group="warmup"))
        names = [(deck.super, 1)] + list(deck.cards)
        zone = pygame.Rect(col.x + 6, col.y + head_h + 8, col.w - 12, col.h - head_h - geo.px(34))
        rects = grid(zone, len(names), geo.px(4), geo.px(96))
        for (cid, count), r in zip(names, rects):
            face = vs.card_face(cid)
            badge = f"×{count}" if count > 1 else ""
            view.add(Piece(f"deckcard:{deck.id}:{cid}", r,
                           lambda s, rr, f=face, b=badge: pieces.paint_tagged_card(s, rr, f, b),
                           face=face, tags=(f"{count} in the {deck.colour} deck",), group="warmup"))

