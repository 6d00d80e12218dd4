"""Each seat's area: the Guardian card, Power Stones, deck and discard, the Up-card, the piles hidden from
others shown by their size, and how close the seat is to each way of winning. The other seats get a bar
above the board; the seat watching gets its mat and its cards (hand, Combat Hand, Depot, Pen) below.
"""

from __future__ import annotations

import pygame

from guardians.games.realms.scenes import cardface, facts, style
from guardians.games.realms.scenes.layout import Geometry
from guardians.ui import theme
from guardians.ui.cards import render_card
from guardians.ui.table.layout import card_row
from guardians.ui.table.view import Piece, View
from guardians.ui.widgets import draw_box

RATIO = 1.4


def card_piece(seen, inst: int, rect: pygame.Rect, tags: tuple[str, ...] = (), hit: pygame.Rect | None = None,
               key: str | None = None, ref: bool = True) -> Piece:
    """A card of the table: its face when the viewer may know it, else its back; `card:<instance>` is
    both its key (animations follow it) and the ref the rules' options name."""
    face = facts.face(seen, inst)

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        if r.w < 8 or r.h < 8:
            return                  # squeezed out of sight (a crowded panel): nothing to draw
        if face is None:
            cardface.paint_back(surface, r)
        else:
            surface.blit(render_card(face, r.size), r.topleft)
    return Piece(key or f"card:{inst}", rect, paint, ref=f"card:{inst}" if ref else None, face=face, tags=tags,
                 hit=hit, ident=seen.cards[inst], tip="" if face is not None else "A face-down card")


def pile_piece(key: str, rect: pygame.Rect, count: int, label: str, tip: str) -> Piece:
    return Piece(key, rect, lambda s, r: cardface.paint_back(s, r, count, label), tip=tip, count=count)


def _progress_lines(seen, seat: int) -> list[tuple[str, bool]]:
    return [(f"{label} {have}/{need}", have >= need - 1 and need > 1)
            for label, have, need in facts.progress(seen, seat).rows]


def _seat_title(seen, seat: int, you: bool) -> str:
    return f"{seen.seat_name(seat)}{' (you)' if you else ''}"


def build_foes(seen, geo: Geometry, view: View, others: list[int]) -> None:
    """A bar per other seat across the top."""
    if not others:
        return
    gap = geo.px(6)
    width = (geo.foes.w - gap * (len(others) - 1)) // len(others)
    for i, seat in enumerate(others):
        rect = pygame.Rect(geo.foes.x + i * (width + gap), geo.foes.y, width, geo.foes.h)
        _build_bar(seen, geo, view, seat, rect, compact=len(others) > 1)


def _build_bar(seen, geo: Geometry, view: View, seat: int, rect: pygame.Rect, compact: bool) -> None:
    pl = seen.seats[seat]
    colour = style.seat_colour(seat)
    view.statics.append(lambda s, r=rect: draw_box(s, r, style.tint(colour, theme.PANEL, 0.15), colour, 2, radius=6))
    ch = rect.h - 8
    cw = int(ch / RATIO)
    x = rect.x + 4
    g = pygame.Rect(x, rect.y + 4, cw, ch)
    view.add(card_piece(seen, pl.guardian, g, ("Guardian", "beaten" if not pl.g_alive else "standing"),
                        key=f"guardian:{seat}"))
    view.pieces[-1].ref = f"guardian:{seat}"
    x = g.right + 4
    if pl.upcard is not None:
        up = pygame.Rect(x, rect.y + 4, cw, ch)
        view.add(card_piece(seen, pl.upcard, up, (f"Up-card ({pl.up_number})",), key=f"up:{seat}", ref=False))
        x = up.right + 4
    deck = pygame.Rect(x, rect.y + 4, cw, ch)
    view.add(pile_piece(f"deck:{seat}", deck, len(pl.deck), "deck", f"{seen.seat_name(seat)}'s deck: {len(pl.deck)}"))
    x = deck.right + 6
    size = 12 if compact else geo.font(13)
    lines: list[tuple[str, tuple[int, int, int], bool]] = [
        (_seat_title(seen, seat, False), colour, True),
        (f"Stones {pl.stones} · Discard {len(pl.discard)}", theme.TEXT, False),
        (f"Hand {len(pl.hand)} · Pen {len(pl.pen)} · Depot {len(pl.depot)}", theme.TEXT_DIM, False),
    ]
    prog = _progress_lines(seen, seat)
    tip = f"{seen.seat_name(seat)}: " + "; ".join(p for p, _ in prog) + "."
    text_w = rect.right - x - 4

    def paint(surface: pygame.Surface) -> None:
        y = rect.y + 3
        line_h = theme.font(size).get_linesize()
        for words, col, bold in lines:
            surface.blit(style.fitted(words, size, text_w, col, bold, 12), (x, y))
            y += line_h
        words = " · ".join(p for p, _ in prog)
        near = any(n for _, n in prog)
        surface.blit(style.fitted(words, size, text_w, theme.ACCENT if near else theme.TEXT, near, 12), (x, y))

    view.statics.append(paint)
    view.add(Piece(f"bar:{seat}", pygame.Rect(x, rect.y, max(4, text_w), rect.h), lambda s, r: None, tip=tip))


def build_own(seen, geo: Geometry, view: View, seat: int, you: bool) -> None:
    """The watching seat's mat (Guardian, counters, winning) and its cards."""
    pl = seen.seats[seat]
    mat = geo.mat
    colour = style.seat_colour(seat)
    view.statics.append(lambda s: draw_box(s, mat, style.tint(colour, theme.PANEL, 0.15), colour, 2, radius=6))
    size = geo.font(13)
    line_h = theme.font(size).get_linesize()
    head_h = line_h + 6
    cw = int((mat.h - head_h - 8) / RATIO * 0.72)
    chh = int(cw * RATIO)
    g = pygame.Rect(mat.x + 6, mat.y + head_h, cw, chh)
    view.add(card_piece(seen, pl.guardian, g, ("your Guardian" if you else "Guardian",), key=f"guardian:{seat}"))
    view.pieces[-1].ref = f"guardian:{seat}"
    small = int(cw * 0.62)
    deck = pygame.Rect(g.right + 6, g.y, small, int(small * RATIO))
    view.add(pile_piece(f"deck:{seat}", deck, len(pl.deck), "deck", f"Your deck: {len(pl.deck)} cards"))
    if pl.upcard is not None:
        up = pygame.Rect(deck.right + 4, g.y, small, int(small * RATIO))
        view.add(card_piece(seen, pl.upcard, up, (f"Up-card ({pl.up_number})",), key=f"up:{seat}", ref=False))
    x = mat.x + 8
    prog = _progress_lines(seen, seat)
    counters = [f"Stones {pl.stones} · Discard {len(pl.discard)}"]
    text_y = deck.bottom + 4

    def paint(surface: pygame.Surface) -> None:
        surface.blit(style.fitted(_seat_title(seen, seat, you), size, mat.w - 16, colour, True, 12), (x, mat.y + 3))
        y = text_y
        for words in counters:
            surface.blit(style.fitted(words, 12, mat.right - g.right - 12, theme.TEXT, True, 12), (g.right + 6, y))
            y += theme.font(12).get_linesize()
        y = max(y, g.bottom + 3)
        for words, near in prog:
            if y + 14 > mat.bottom:
                break
            surface.blit(style.fitted(words, 12, mat.w - 16, theme.ACCENT if near else theme.TEXT, near, 12), (x, y))
            y += theme.font(12).get_linesize()

    view.statics.append(paint)
    _build_cards(seen, geo, view, seat, you)


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


def _build_cards(seen, geo: Geometry, view: View, seat: int, you: bool) -> None:
    area = geo.hand
    view.statics.append(lambda s: draw_box(s, area, theme.PANEL, theme.PANEL_EDGE, 1, radius=6))
    groups = own_groups(seen, seat)
    if not groups:
        return
    label_h = theme.font(12, True).get_linesize() + 2
    gap = geo.px(10)
    total = sum(len(insts) for _, insts in groups)
    inner = area.inflate(-12, -8)
    card_h = inner.h - label_h
    card_w = int(card_h / RATIO)
    x = inner.x
    room = inner.w - gap * (len(groups) - 1)
    crowded = sum(len(insts) * (card_w + 4) for _, insts in groups) > room
    for label, insts in groups:
        natural = len(insts) * (card_w + 4)
        width = max(min(natural, card_w + 4), int(room * len(insts) / total)) if crowded else natural
        band = pygame.Rect(x, inner.y + label_h, width, card_h)
        rects = card_row(band, len(insts), card_w, 4, int(card_w * 0.7), align="left", min_step=14)
        count = len(insts)
        view.statics.append(lambda s, w=f"{label} ({count})", bx=x, bw=max(width, 40):
                            s.blit(style.fitted(w, 12, bw, theme.TEXT_DIM, True, 12), (bx, inner.y)))
        for i, (inst, rect) in enumerate(zip(insts, rects)):
            hit = None
            if i + 1 < len(rects) and rects[i + 1].x < rect.right:
                hit = pygame.Rect(rect.x, rect.y, max(4, rects[i + 1].x - rect.x), rect.h)
            view.add(card_piece(seen, inst, rect, (label,), hit=hit))
        x += width + gap
