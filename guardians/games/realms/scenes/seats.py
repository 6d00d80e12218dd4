"""Each seat's area: the Guardian card, Power Stones, deck and discard, the Up-card, the piles hidden from
others shown by their size, and how close the seat is to each way of winning. The other seats get a bar
above the board; the seat watching gets its mat and its cards (hand, Combat Hand, Depot, Pen) below.
"""

from __future__ import annotations

import pygame

from guardians.games.realms.scenes import cardface, facts, style
from guardians.games.realms.scenes.facts import card_id, ids
from guardians.games.realms.scenes.layout import Geometry
from guardians.ui import theme
from guardians.ui.cards import card_surface
from guardians.ui.table.kept import Kept, keep
from guardians.ui.table.pictures import looks
from guardians.ui.table.view import Piece, View, still
from guardians.ui.widgets import draw_box

RATIO = 1.4


def card_piece(seen, inst: int, rect: pygame.Rect, tags: tuple[str, ...] = (), hit: pygame.Rect | None = None,
               key: str | None = None, ref: bool = True, tile: str | None = None) -> Piece:
    """A card of the table: its face when the viewer may know it, else its back; `card:<instance>` is
    both its key (animations follow it) and the ref the rules' options name. `tile` (a prefix, maybe
    "") draws it as one readable line instead of a picture."""
    face = facts.face(seen, inst)

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        if r.w < 8 or r.h < 8:
            return                  # squeezed out of sight (a crowded panel): nothing to draw
        if tile is not None:
            cardface.paint_tile(surface, r, face, tile)
        elif face is None:
            cardface.paint_back(surface, r)
        else:
            surface.blit(card_surface(face, r.size), r.topleft)     # rendered once per face and size
    looks(paint, "card", face, tile)
    if tile is None and face is not None:
        tags = tags + disc_words(face)
    return Piece(key or f"card:{inst}", rect, paint, ref=f"card:{inst}" if ref else None, face=face, tags=tags,
                 hit=hit, ident=seen.cards[inst], tip="" if face is not None else "A face-down card")


def disc_words(face) -> tuple[str, ...]:
    """What the number in a card's corner disc is (issue #18: every badge explained on hover): red its Vitality,
    blue its Up-card number."""
    vit, up = cardface.stat(face, "VIT"), cardface.stat(face, "UP")
    if vit is not None:
        return (f"red disc: Vitality {vit}",)
    if up is not None:
        return (f"blue disc: Up-card number {up}",)
    return ()


def pile_piece(key: str, rect: pygame.Rect, count: int, label: str, tip: str) -> Piece:
    return Piece(key, rect, lambda s, r: cardface.paint_back(s, r, count, label), tip=tip, count=count)


def _progress_lines(seen, seat: int, lands: list[int] | None = None) -> list[tuple[str, bool]]:
    """How close the seat is to each way of winning, a line each (near: one short); `lands`: every seat's
    disputed lands, when counted already."""
    return [(label if label.startswith("Victory Card") else f"{label} {have}/{need}", have >= need - 1 and need > 1)
            for label, have, need in facts.progress(seen, seat, lands[seat] if lands else None).rows]


def _seat_title(seen, seat: int, you: bool) -> str:
    return f"{seen.seat_name(seat)}{' (you)' if you else ''}"


def build_foes(seen, geo: Geometry, view: View, others: list[int], kept: Kept | None = None,
               lands: list[int] | None = None) -> None:
    """A bar per other seat across the top (with `kept`, a bar whose inputs are unchanged is reused);
    `lands`: every seat's disputed lands (`land_counts`), when counted already."""
    if not others:
        return
    gap = geo.px(6)
    width = (geo.foes.w - gap * (len(others) - 1)) // len(others)
    compact = len(others) > 1
    for i, seat in enumerate(others):
        rect = pygame.Rect(geo.foes.x + i * (width + gap), geo.foes.y, width, geo.foes.h)
        prog = _progress_lines(seen, seat, lands)
        pieces, statics = keep(kept, ("bar", seat), lambda: _bar_inputs(seen, geo, seat, rect, compact, prog),
                                lambda: _build_bar(seen, geo, seat, rect, compact, prog))
        view.pieces.extend(pieces)
        view.statics.extend(statics)


def _bar_inputs(seen, geo: Geometry, seat: int, rect: pygame.Rect, compact: bool,
                prog: list[tuple[str, bool]]) -> tuple:
    """Everything a seat's bar is made of: its rect, the window's scale, the seat's name, counters and
    piles' sizes, its Guardian and Up-card as the view names them, how close it is to winning."""
    pl = seen.seats[seat]
    cards = seen.cards
    return ((rect.x, rect.y, rect.w, rect.h), geo.scale, compact, seen.seat_name(seat), pl.guardian,
            cards[pl.guardian], pl.g_alive, pl.upcard, card_id(cards, pl.upcard), pl.up_number, pl.stones,
            len(pl.deck), len(pl.discard), len(pl.hand), len(pl.pen), len(pl.depot), tuple(prog))


def _build_bar(seen, geo: Geometry, seat: int, rect: pygame.Rect, compact: bool, prog: list[tuple[str, bool]]
               ) -> tuple[list[Piece], list]:
    """Words at the left (name, counters, winning), the Guardian and Up-card as tiles at the right: the
    bar's pieces and its still."""
    pl = seen.seats[seat]
    colour = style.seat_colour(seat)
    tile_w = min(geo.px(230), int(rect.w * (0.445 if compact else 0.34)))
    tile_h = (rect.h - 12) // 3
    tx = rect.right - tile_w - 5
    rows = [pygame.Rect(tx, rect.y + 4 + i * (tile_h + 2), tile_w, tile_h) for i in range(3)]
    pieces = [card_piece(seen, pl.guardian, rows[0], ("Guardian", "beaten" if not pl.g_alive else "standing"),
                         key=f"guardian:{seat}", tile="")]
    pieces[-1].ref = f"guardian:{seat}"
    if pl.upcard is not None:
        pieces.append(card_piece(seen, pl.upcard, rows[1], (f"Up-card ({pl.up_number})",), key=f"up:{seat}",
                                 ref=False, tile="Up: "))
    pieces.append(Piece(f"deck:{seat}", rows[2], _pile_line(f"Deck {len(pl.deck)} · Discard {len(pl.discard)}", geo),
                        tip=f"{seen.seat_name(seat)}'s deck {len(pl.deck)}, discard pile {len(pl.discard)}",
                        count=len(pl.deck)))
    x = rect.x + 8
    size = geo.font(12 if compact else 13)
    least = geo.min_text
    lines: list[tuple[str, tuple[int, int, int], bool]] = [
        (_seat_title(seen, seat, False) + (f" · {pl.stones} stones" if compact else f" · {pl.stones} Power Stones"),
         colour, True),
        (("" if compact else "Hidden: ") + f"hand {len(pl.hand)} · Pen {len(pl.pen)} · Depot {len(pl.depot)}",
         theme.TEXT_DIM, False),
    ]
    tip = f"{seen.seat_name(seat)}: " + "; ".join(p for p, _ in prog) + "."
    text_w = tx - x - 6

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        draw_box(surface, r, style.tint(colour, theme.PANEL, 0.15), colour, 2, radius=6)
        y = r.y + 4
        line_h = theme.font(size).get_linesize()
        for words, col, bold in lines:
            surface.blit(style.fitted(words, size, text_w, col, bold, least), (r.x + 8, y))
            y += line_h
        rows = _item_lines(prog, size, text_w, max(1, (r.bottom - 2 - y) // line_h))
        for words, near in rows:
            surface.blit(style.fitted(words, size, text_w, theme.ACCENT if near else theme.TEXT, near, least),
                         (r.x + 8, y))
            y += line_h

    statics = [still(rect, paint, "bar", colour, tuple(lines), tuple(prog), size, text_w, least)]
    pieces.append(Piece(f"bar:{seat}", pygame.Rect(x, rect.y, max(4, text_w), rect.h), lambda s, r: None, tip=tip))
    return pieces, statics


def _item_lines(items: list[tuple[str, bool]], size: int, width: int, most: int) -> list[tuple[str, bool]]:
    """(words, near) items joined with " · " into at most `most` lines of `width`, whole items to a line
    while they fit (the last line takes the rest, cut if it must); a line is "near" if one of its items is."""
    lines: list[tuple[str, bool]] = []
    for words, near in items:
        if lines and len(lines) <= most:
            joined = f"{lines[-1][0]} · {words}"
            if theme.font(size, lines[-1][1] or near).size(joined)[0] <= width or len(lines) == most:
                lines[-1] = (joined, lines[-1][1] or near)
                continue
        lines.append((words, near))
    return lines


def _pile_line(words: str, geo: Geometry):
    size = geo.font(12)

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        draw_box(surface, r, style.FACE_DOWN, style.FACE_DOWN_EDGE, 1, radius=4)
        line = style.first_fit([words, words.replace("Discard", "Disc.")], size, r.w - 10, True)
        img = style.fitted(line, size, r.w - 10, theme.TEXT, True, size)
        surface.blit(img, img.get_rect(midleft=(r.x + 6, r.centery)))
    return looks(paint, "pile line", words, size)


def build_own(seen, geo: Geometry, view: View, seat: int, you: bool, kept: Kept | None = None,
              lands: list[int] | None = None) -> None:
    """The watching seat's mat (Guardian, Up-card, counters, winning) and its cards (with `kept`, each
    reused while its inputs are unchanged); `lands` as `build_foes` takes it."""
    prog = _progress_lines(seen, seat, lands)
    pieces, statics = keep(kept, ("mat", seat), lambda: _mat_inputs(seen, geo, seat, you, prog),
                            lambda: _build_mat(seen, geo, seat, you, prog))
    view.pieces.extend(pieces)
    view.statics.extend(statics)
    groups = own_groups(seen, seat)
    going = {inst: facts.COL_WORDS.get(where[-1], where) for _, inst, where in facts.planned(seen, seat)}
    cards = seen.cards
    pieces, statics = keep(kept, ("cards", seat),
                            lambda: ((geo.hand.x, geo.hand.y, geo.hand.w, geo.hand.h), geo.scale,
                                     tuple((label, ids(cards, insts)) for label, insts in groups),
                                     tuple(going.items())),
                            lambda: _build_cards(seen, geo, groups, going))
    view.pieces.extend(pieces)
    view.statics.extend(statics)


def _mat_inputs(seen, geo: Geometry, seat: int, you: bool, prog: list[tuple[str, bool]]) -> tuple:
    """Everything the mat is made of: its rect, the window's scale, the seat's name, Guardian, Up-card,
    counters and how close it is to winning."""
    pl = seen.seats[seat]
    cards = seen.cards
    return ((geo.mat.x, geo.mat.y, geo.mat.w, geo.mat.h), geo.scale, seat, you, seen.seat_name(seat), pl.guardian,
            cards[pl.guardian], pl.upcard, card_id(cards, pl.upcard), pl.up_number, pl.stones, len(pl.deck),
            len(pl.discard), tuple(prog))


def _build_mat(seen, geo: Geometry, seat: int, you: bool, prog: list[tuple[str, bool]]) -> tuple[list[Piece], list]:
    """The mat's tiles (Guardian, Up-card, deck) and its still."""
    pl = seen.seats[seat]
    mat = geo.mat
    colour = style.seat_colour(seat)
    size = geo.font(13)
    line_h = theme.font(size, True).get_linesize()
    tile_h = geo.px(24)
    x, w = mat.x + 6, mat.w - 12
    y = mat.y + 4 + line_h + 2
    g = pygame.Rect(x, y, w, tile_h)
    pieces = [card_piece(seen, pl.guardian, g, ("your Guardian" if you else "Guardian",), key=f"guardian:{seat}",
                         tile="")]
    pieces[-1].ref = f"guardian:{seat}"
    y = g.bottom + 3
    if pl.upcard is not None:
        pieces.append(card_piece(seen, pl.upcard, pygame.Rect(x, y, w, tile_h), (f"Up-card ({pl.up_number})",),
                                 key=f"up:{seat}", ref=False, tile="Up: "))
        y += tile_h + 3
    deck = pygame.Rect(x, y, w, tile_h)
    pieces.append(Piece(f"deck:{seat}", deck, _pile_line(f"Deck {len(pl.deck)} · Discard {len(pl.discard)}", geo),
                        tip=f"Deck {len(pl.deck)}, discard pile {len(pl.discard)}", count=len(pl.deck)))
    text_y = deck.bottom + 4
    title = _seat_title(seen, seat, you) + f" · {pl.stones} Power Stones"
    small = geo.font(12)

    below = text_y - mat.y                       # the winning lines start under the tiles

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        draw_box(surface, r, style.tint(colour, theme.PANEL, 0.15), colour, 2, radius=6)
        surface.blit(style.fitted(title, size, w, colour, True, small), (r.x + 6, r.y + 4))
        ty = r.y + below
        line = theme.font(small).get_linesize()
        for words, near in prog:
            if ty + line > r.bottom:
                break
            surface.blit(style.fitted(words, small, w, theme.ACCENT if near else theme.TEXT, near, small), (r.x + 6, ty))
            ty += line

    # the mat under its tiles: drawn first, as the box was
    return pieces, [still(mat, paint, "mat", colour, title, tuple(prog), size, w, below, small)]


def own_groups(seen, seat: int) -> list[tuple[str, list[int]]]:
    """The seat's own cards by pile, in the order drawn."""
    pl = seen.seats[seat]
    groups = [("Storage hand", list(pl.hand))]
    c = seen.combat
    if c is not None and seat in c.hands:
        groups.append(("Combat Hand", list(c.hands[seat])))
    groups += [("Storage Depot", list(pl.depot)), ("Creature Pen", list(pl.pen))]
    if pl.victory is not None:
        groups.append(("Victory Card", [pl.victory]))
    return [(label, insts) for label, insts in groups if insts]


def _build_cards(seen, geo: Geometry, groups: list[tuple[str, list[int]]], going: dict[int, str]
                 ) -> tuple[list[Piece], list]:
    """The seat's cards by pile (`own_groups`; `going`: where a planned card goes): as cards while they fit
    side by side, else as readable one-line tiles in columns (each large on hover). Pieces and statics."""
    area = geo.hand
    pieces: list[Piece] = []
    statics: list = [lambda s: draw_box(s, area, theme.PANEL, theme.PANEL_EDGE, 1, radius=6)]
    if not groups:
        return pieces, statics
    head_px = geo.font(12)
    label_h = theme.font(head_px, True).get_linesize() + 6      # clear of a selected card's outline
    gap = geo.px(10)
    inner = area.inflate(-12, -8)
    card_h = min(inner.h - label_h, geo.px(150))
    card_w = int(card_h / RATIO)
    heads = sum(max(len(i) * (card_w + 4), style.text(f"{g} ({len(i)})", head_px, theme.TEXT_DIM, True).get_width() + 4)
                for g, i in groups)
    if heads + gap * (len(groups) - 1) <= inner.w:
        x = inner.x
        for label, insts in groups:
            words = f"{label} ({len(insts)})"
            width = max(len(insts) * (card_w + 4), style.text(words, head_px, theme.TEXT_DIM, True).get_width() + 4)
            statics.append(lambda s, w=words, bx=x, bw=max(width, geo.px(110)):
                           s.blit(style.fitted(w, head_px, bw, theme.TEXT_DIM, True, head_px), (bx, inner.y)))
            for i, inst in enumerate(insts):
                rect = pygame.Rect(x + i * (card_w + 4), inner.y + label_h, card_w, card_h)
                where = going.get(inst)
                pieces.append(card_piece(seen, inst, rect, (label, f"to be placed on {where}") if where else (label,)))
            x += width + gap
        return pieces, statics
    tile_h = geo.px(24)
    rows = max(1, (inner.h + 3) // (tile_h + 3))
    slots = sum(len(insts) + 1 for _, insts in groups)       # a heading row per pile
    cols = max(1, -(-slots // rows))
    col_w = (inner.w - 6 * (cols - 1)) // cols
    slot = 0
    for label, insts in groups:
        for k in range(-1, len(insts)):
            c, r = divmod(slot, rows)
            rect = pygame.Rect(inner.x + c * (col_w + 6), inner.y + r * (tile_h + 3), col_w, tile_h)
            if k < 0:
                words = f"{label} ({len(insts)})"
                statics.append(lambda s, w=words, rr=rect: _pile_heading(s, w, rr, head_px))
            else:
                where = going.get(insts[k])
                tags = (label, f"to be placed on {where}") if where else (label,)
                pieces.append(card_piece(seen, insts[k], rect, tags, tile=f"[{where}] " if where else ""))
            slot += 1
    return pieces, statics


def _pile_heading(surface: pygame.Surface, words: str, rect: pygame.Rect, size: int) -> None:
    """A pile's heading in a column of tiles, sitting on the row's foot."""
    img = style.fitted(words, size, rect.w, theme.TEXT_DIM, True, size)
    surface.blit(img, (rect.x, rect.bottom - img.get_height()))
