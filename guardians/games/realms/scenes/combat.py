"""The combat beside the board while one is fought: who attacks whom where, each side's Command Card,
the creatures played (beaten, destroyed, bribed marked in words), each match-up with its strengths and
result, a secondary attack's running sum, and the victor with both totals once decided. Strengths are the
rules' own numbers (`strength`, `secondary_value`) read from the seat's view; what the view hides stays
"?"; the other side's Combat Hand is a size.
"""

from __future__ import annotations

import pygame

from guardians.games.realms.scenes import facts, style
from guardians.games.realms.scenes.layout import Geometry
from guardians.games.realms.scenes.seats import RATIO, card_piece, pile_piece
from guardians.ui import theme
from guardians.ui.table.layout import card_row
from guardians.ui.table.view import View
from guardians.ui.widgets import draw_box

RESULTS = {"a": "attacker wins", "d": "defender wins", "push": "push", "none": "no result", "": "being fought"}
STAGES = {"start": "starting", "declare": "declaring Command Cards", "cmdpick": "choosing Command Cards",
          "pick": "choosing creatures (revealed together)", "primary": "primary match-ups",
          "modify": "modifying the match-up", "secondary": "secondary attacks", "victor": "deciding the victor",
          "retreat": "retreat", "heal": "healing"}


def _safe(call, default="?"):
    """A number the view may not allow (a hidden card in the sum): "?" instead."""
    try:
        return call()
    except Exception:
        return default


def _name(seen, inst) -> str:
    return facts.name(seen, inst, "?") if inst is not None else "nobody"


def matchup_line(seen, m) -> str:
    """One match-up in words with its strengths: "Axeman 7 vs Horse 5: attacker wins"."""
    c = seen.combat
    if m.secondary is not None:
        sec, value, target = _safe(lambda: seen.secondary_value(m), (m.a, "?", m.d))
        base = facts.card_of(seen, target).vitality if facts.known(seen, target) else "?"
        return f"Secondary: {_name(seen, sec)} sum {value} vs {_name(seen, target)} {base}: {RESULTS.get(m.result, m.result)}"
    left = f"{_name(seen, m.a)} {_safe(lambda: seen.strength(m.a, m))}" if m.a is not None else "unchallenged"
    right = f"{_name(seen, m.d)} {_safe(lambda: seen.strength(m.d, m))}" if m.d is not None else "unchallenged"
    extra = ""
    ranged = sum(len(v) for v in m.ranged.values())
    if ranged:
        extra += f" · {ranged} ranged"
    if m.channel:
        extra += " · channelled"
    del c
    return f"{left} vs {right}: {RESULTS.get(m.result, m.result)}{extra}"


def victor_line(seen) -> str:
    for event in reversed(seen.log[-60:]):
        if event.kind == "victor":
            return event.text_for(None)
        if event.kind in ("combat", "guardian_fight"):
            break
    return ""


def build_combat(seen, geo: Geometry, view: View, area: pygame.Rect, viewer: int | None) -> None:
    c = seen.combat
    view.statics.append(lambda s: draw_box(s, area, (46, 36, 40), theme.ACCENT, 2, radius=8))
    size = geo.font(14)
    line = theme.font(size).get_linesize()
    head = f"{seen.seat_name(c.att)} attacks {seen.seat_name(c.dfn)}: {facts.space_title(seen, c.space)}"
    if c.guardian:
        head = f"{seen.seat_name(c.att)} attacks {seen.seat_name(c.dfn)}'s Guardian"
    sub = f"Combat: {STAGES.get(c.stage, c.stage)}"
    types = _safe(lambda: seen.terrain_types(c.space), ())
    if types:
        sub += " · terrain " + ", ".join(t.title() for t in types)
    x, y = area.x + 8, area.y + 6

    def paint_head(surface: pygame.Surface) -> None:
        surface.blit(style.fitted(head, size, area.w - 16, theme.TEXT, True, 12), (x, y))
        surface.blit(style.fitted(sub, 12, area.w - 16, theme.TEXT_DIM, False, 12), (x, y + line))

    view.statics.append(paint_head)
    top = y + line + theme.font(12).get_linesize() + 4
    rows = [matchup_line(seen, m) for m in c.matchups]
    verdict = victor_line(seen)
    if c.winner is not None and not verdict:
        verdict = f"Victor: {seen.seat_name(c.winner)}"
    room = max(1, (area.h - 150) // theme.font(12).get_linesize())      # keep the creatures in sight
    foot_lines = min(len(rows), 4, room) + (1 if verdict else 0)
    foot_h = foot_lines * theme.font(12).get_linesize() + 6
    half = (area.w - 24) // 2
    col_h = area.bottom - 6 - foot_h - top
    for i, seat in enumerate((c.att, c.dfn)):
        col = pygame.Rect(area.x + 8 + i * (half + 8), top, half, col_h)
        _build_side(seen, geo, view, seat, col, "Attacker" if seat == c.att else "Defender", viewer)
    shown_rows = rows[-min(len(rows), 4, room):] if rows else []

    def paint_foot(surface: pygame.Surface) -> None:
        fy = area.bottom - foot_h
        for words in shown_rows:
            surface.blit(style.fitted(words, 12, area.w - 16, theme.TEXT, False, 12), (x, fy))
            fy += theme.font(12).get_linesize()
        if verdict:
            surface.blit(style.fitted(verdict, 12, area.w - 16, theme.ACCENT, True, 12), (x, fy))

    view.statics.append(paint_foot)


def _build_side(seen, geo: Geometry, view: View, seat: int, col: pygame.Rect, role: str, viewer: int | None) -> None:
    c = seen.combat
    colour = style.seat_colour(seat)
    hand = len(c.hands.get(seat, []))
    declared = c.declared.get(seat)
    title = f"{role}: {seen.seat_name(seat)}"
    note = f"Hand {hand}" + ("" if declared is None else (" · Command yes" if declared else " · Command no"))
    if seat == viewer:
        note += " (below)"

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, col, style.tint(colour, theme.PANEL, 0.2), colour, 1, radius=6)
        surface.blit(style.fitted(title, 13, col.w - 10, colour, True, 12), (col.x + 5, col.y + 3))
        surface.blit(style.fitted(note, 12, col.w - 10, theme.TEXT_DIM, False, 12), (col.x + 5, col.y + 20))

    view.statics.append(paint)
    band = pygame.Rect(col.x + 4, col.y + 38, col.w - 8, max(20, col.h - 42))
    cards = list(c.inplay.get(seat, []))
    command = c.command.get(seat)
    entries: list[tuple[int, tuple[str, ...], str]] = []
    if command is not None:
        tags = ("Command Card",) + (("dispelled",) if command in c.dispelled else ())
        entries.append((command, tags, f"cmd:{command}"))
    for inst in cards:
        tags = []
        if inst in c.beaten:
            tags.append("beaten")
        if inst in c.destroyed:
            tags.append("destroyed")
        if inst in c.bribed:
            tags.append("bribed: to the Pen")
        if inst in c.turned:
            tags.append("turned around")
        entries.append((inst, tuple(tags) or ("in play",), f"card:{inst}"))
    if not entries:
        if seat != viewer and hand:
            h = min(band.h, 110)
            view.add(pile_piece(f"chand:{seat}", pygame.Rect(band.x, band.y, int(h / RATIO), h), hand,
                                "hand", f"{seen.seat_name(seat)}'s Combat Hand: {hand} cards, face down"))
        return
    card_w = int(min(band.h, 150) / RATIO)
    rects = [r.move(0, band.y - r.y) for r in  # from the top of the column, under its title
             card_row(band, len(entries), card_w, 4, int(card_w * 0.6), align="left", min_step=14)]
    for k, ((inst, tags, key), rect) in enumerate(zip(entries, rects)):
        hit = None
        if k + 1 < len(rects) and rects[k + 1].x < rect.right:
            hit = pygame.Rect(rect.x, rect.y, max(4, rects[k + 1].x - rect.x), rect.h)
        power = _current_strength(seen, inst) if key.startswith("card:") else None
        if power is not None:
            tags = tags + (f"in this match-up: {power}",)
        piece = card_piece(seen, inst, rect, tags, hit=hit, key=key)
        marks = [t for t in tags if t in ("beaten", "destroyed", "dispelled") or t.startswith("bribed")]
        if marks:
            piece.paint = _marked(piece.paint, marks[0].split(":")[0])
        elif power is not None:
            piece.paint = _strength(piece.paint, power)
        view.add(piece)


def _current_strength(seen, inst: int):
    """The card's strength in the match-up being fought (None when it is not in it)."""
    m = seen.combat.cur
    if m is None or inst not in (m.a, m.d):
        return None
    if m.secondary is not None:
        sec, value, target = _safe(lambda: seen.secondary_value(m), (None, "?", None))
        return value if inst == sec else _safe(lambda: facts.card_of(seen, inst).vitality)
    return _safe(lambda: seen.strength(inst, m))


def _strength(paint, power):
    """The card in the match-up being fought, with its strength written large at its foot."""
    def wrapped(surface: pygame.Surface, r: pygame.Rect) -> None:
        paint(surface, r)
        pygame.draw.rect(surface, theme.ACCENT, r, 3, border_radius=6)
        img = style.text(f"now {power}", 14, theme.TEXT_DARK, True)
        box = img.get_rect(midbottom=(r.centerx, r.bottom - 3)).inflate(8, 2)
        pygame.draw.rect(surface, theme.ACCENT, box, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))
    return wrapped


def _marked(paint, word: str):
    """A card with its fate written across it (never colour alone)."""
    def wrapped(surface: pygame.Surface, r: pygame.Rect) -> None:
        paint(surface, r)
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, r.topleft)
        img = style.text(word, 12, theme.TEXT, True)
        box = img.get_rect(center=r.center).inflate(6, 2)
        pygame.draw.rect(surface, (120, 30, 30), box, border_radius=3)
        surface.blit(img, img.get_rect(center=box.center))
    return wrapped


