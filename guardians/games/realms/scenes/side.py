"""The panel beside the board when no combat is fought: the round, the phase and its step, who moves
first, Shields still to turn; and under it (always) the tray: the cards a choice names that the table
does not show elsewhere (the seat's own creatures under its Shields, a card to target), so every option
is a click on a card.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.games.realms.scenes import style
from guardians.games.realms.scenes.layout import Geometry
from guardians.games.realms.scenes.seats import RATIO, card_piece
from guardians.games.realms.scenes.selection import CLICKS
from guardians.ui import theme
from guardians.ui.table.layout import fit_rows, overlap_hits
from guardians.ui.table.selection import OPT
from guardians.ui.table.view import Piece, View
from guardians.ui.widgets import draw_box
from guardians.engine.words import counted

PHASES = {"setup": "Set-up", "dno": "Draw and Organize", "movement": "Movement and Combat",
          "terrain": "Terrain Settlement"}


def round_lines(seen) -> list[str]:
    lines = [f"Round {seen.round} of at most {seen.max_rounds}", f"{PHASES.get(seen.phase, seen.phase)}"]
    if seen.phase == "movement":
        first = seen.order[0] if seen.order else None
        if first is not None:
            lines.append(f"{seen.seat_name(first)} moves first (Up-cards)")
        for seat in range(seen.n):
            left = len(seen.unturned(seat))
            flew = seen.seats[seat].flew
            lines.append(f"{seen.seat_name(seat)}: {counted(left, 'Shield')} to turn"
                         + (" · flight used" if flew else ""))
    else:
        for seat in range(seen.n):
            lines.append(f"{seen.seat_name(seat)}: {len(seen.shields_of(seat))} Shields on the board")
    lines.append("Land marks: S Shield, T Terrain, R own realm.")
    lines.append("Card discs: red Vitality, blue Up-card number.")
    return lines


def build_round(seen, geo: Geometry, view: View, area: pygame.Rect) -> None:
    lines = round_lines(seen)
    size, small = geo.font(13), geo.font(12)

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, area, theme.PANEL, theme.PANEL_EDGE, 1, radius=8)
        y = area.y + 6
        for i, words in enumerate(lines):
            px, bold = (size, True) if i < 2 else (small, False)
            for line in style.wrapped(words, px, area.w - 16, bold):      # a narrow panel wraps, never cuts
                if y + theme.font(px).get_linesize() > area.bottom:
                    return
                img = style.fitted(line, px, area.w - 16, theme.TEXT if i < 2 else theme.TEXT_DIM, bold, small)
                surface.blit(img, (area.x + 8, y))
                y += img.get_height() + 2

    view.statics.append(paint)


def tray_refs(shown: Decision | None, drawn: set[str]) -> list[str]:
    """Refs where an option's first click goes (its anchors) that no piece shows: one per option."""
    if shown is None:
        return []
    placed: list[str] = []
    for action in shown.options:
        refs = [r for r in CLICKS.anchors(action) if not r.startswith(OPT)]
        if not refs or any(r in drawn or r in placed for r in refs):
            continue
        cards = [r for r in refs if r.startswith("card:")]
        placed.append(cards[0] if cards else refs[0])
    return placed


def build_tray(seen, geo: Geometry, view: View, area: pygame.Rect, refs: list[str], shown: Decision) -> None:
    """The named cards, large enough to read, each tagged with the first option naming it."""
    small = geo.font(12)
    head_h = theme.font(small, True).get_linesize() + 6
    view.overlays.append(Piece("ui:tray", area, lambda s, r: (draw_box(s, r, (40, 48, 64), theme.ACCENT, 2,
                                                                       radius=8),
                                                              s.blit(style.fitted("Cards this choice names",
                                                                                  small, r.w - 16, theme.ACCENT,
                                                                                  True, small), (r.x + 8, r.y + 4))),
                               solid=True))
    inner = pygame.Rect(area.x + 6, area.y + head_h, area.w - 12, area.h - head_h - 6)
    card_h = min(inner.h, 150)
    rects = fit_rows(len(refs), (int(card_h / RATIO), card_h), inner, 4, max_rows=2, min_scale=0.5)
    hits = overlap_hits(rects)
    for ref, rect, hit in zip(refs, rects, hits):
        label = next((a.label for a in shown.options if ref in a.refs), "")
        kind, _, ident = ref.partition(":")
        if kind == "card" and ident.isdigit():
            piece = card_piece(seen, int(ident), rect, (label,) if label else (), hit=hit, key=f"tray:{ref}")
        else:
            words = label or ref
            piece = Piece(f"tray:{ref}", rect, lambda s, r, w=words: _word_card(s, r, w, geo), ref=ref, tip=words,
                          hit=hit)
        view.overlays.append(piece)


def _word_card(surface: pygame.Surface, r: pygame.Rect, words: str, geo: Geometry) -> None:
    draw_box(surface, r, theme.BUTTON, theme.PANEL_EDGE, 1, radius=6)
    size, lines = style.fit_lines(words, geo.font(13), r.w - 8, r.h - 8, geo.min_text, True)
    y = r.y + 4
    for line in lines:
        surface.blit(style.text(line, size, theme.TEXT, True), (r.x + 4, y))
        y += theme.font(size, True).get_linesize()


def tray_height(side: pygame.Rect, count: int, fighting: bool = False) -> int:
    """The tray's height: one row of cards beside a combat (which needs the rest), else up to two."""
    if not count:
        return 0
    if fighting:
        return min(side.h // 3, 130)
    return min(side.h // 2 + 20, 40 + 150 * (1 if count <= 4 else 2))


