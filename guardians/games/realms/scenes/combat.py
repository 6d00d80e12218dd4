"""The combat beside the board while one is fought: who attacks whom where, each side's Command Card,
the creatures played (beaten, destroyed, bribed marked in words), each match-up with its strengths and
result, a secondary attack's running sum, and the victor with both totals once decided. Strengths are the
rules' own numbers (`strength`, `secondary_value`) read from the seat's view; what the view hides stays
"?"; the other side's Combat Hand is a size. Under each fighter of the match-up being fought, its strength
part by part (`breakdown`: the rules' `strength_parts`, which sum to the number they compare), so a player
sees why 14 beats 12; the picks' reveal turns both cards over at once (`reveal_tweens`).
"""

from __future__ import annotations

import pygame

from guardians.games.realms.scenes import cardface, facts, style
from guardians.games.realms.scenes.facts import card_id
from guardians.games.realms.scenes.layout import Geometry
from guardians.games.realms.scenes.seats import RATIO, card_piece, pile_piece
from guardians.ui import theme
from guardians.ui.animation import Animator
from guardians.ui.table.kept import Kept, keep
from guardians.ui.table.layout import card_row
from guardians.ui.table.pictures import looks
from guardians.ui.table.view import Piece, View, still
from guardians.ui.widgets import draw_box

PART_PX = 12               # the breakdown's lines: readable at 1280x720, never smaller
FLIP = 0.16                # seconds for each half of the reveal's turn (the animator scales it)
RESULTS = {"a": "attacker wins", "d": "defender wins", "push": "push", "none": "no result", "": "being fought"}
STAGES = {"start": "starting", "declare": "declaring Command Cards", "cmdpick": "choosing Command Cards",
          "pick": "choosing creatures (revealed together)", "primary": "primary match-ups",
          "modify": "modifying the match-up", "secondary": "secondary attacks", "victor": "deciding the victor",
          "retreat": "retreat", "heal": "healing", "m_react": "creatures revealed: bribes and reactions",
          "m_modify_start": "modifying the match-up", "resolve": "resolving the match-up",
          "cmd_react": "Command Cards revealed", "cmd_resolve": "Command Cards take effect",
          "sec_react": "secondary attack: reactions", "withdraw": "withdrawing", "returns": "returning lost cards"}


def _safe(call, default="?"):
    """A number the view may not allow (a hidden card in the sum): "?" instead."""
    try:
        return call()
    except Exception:
        return default


def _name(seen, inst) -> str:
    return facts.name(seen, inst, "?") if inst is not None else "nobody"


class Sums:
    """The rules' numbers for one build, each read once: a fighter's strength is written in its match-up's
    line, on its card ("now 7") and part by part under it (`strength` is the sum of `strength_parts`, so all
    three come from one reading). What the view does not allow is "?", as `_safe` says."""

    def __init__(self, seen) -> None:
        self.seen = seen
        self._parts: dict[tuple[int, int], list[tuple[str, int]] | None] = {}
        self._secondary: dict[int, tuple] = {}

    def parts(self, inst: int, m) -> list[tuple[str, int]] | None:
        """`strength_parts(inst, m)`, or None when the view does not allow it."""
        key = (inst, id(m))
        if key not in self._parts:
            self._parts[key] = _safe(lambda: list(self.seen.strength_parts(inst, m)), None)
        return self._parts[key]

    def strength(self, inst: int, m):
        parts = self.parts(inst, m)
        return "?" if parts is None else sum(amount for _, amount in parts)

    def secondary(self, m, default: tuple) -> tuple:
        """`secondary_value(m)`, or `default` when the view does not allow it."""
        if id(m) not in self._secondary:
            self._secondary[id(m)] = _safe(lambda: self.seen.secondary_value(m), None)
        found = self._secondary[id(m)]
        return default if found is None else found


def matchup_line(seen, m, sums: Sums | None = None) -> str:
    """One match-up in words with its strengths: "Axeman 7 vs Horse 5: attacker wins"."""
    sums = sums or Sums(seen)
    if m.secondary is not None:
        sec, value, target = sums.secondary(m, (m.a, "?", m.d))
        base = facts.card_of(seen, target).vitality if facts.known(seen, target) else "?"
        return f"Secondary: {_name(seen, sec)} sum {value} vs {_name(seen, target)} {base}: {RESULTS.get(m.result, m.result)}"
    left = f"{_name(seen, m.a)} {sums.strength(m.a, m)}" if m.a is not None else "unchallenged"
    right = f"{_name(seen, m.d)} {sums.strength(m.d, m)}" if m.d is not None else "unchallenged"
    extra = ""
    ranged = sum(len(v) for v in m.ranged.values())
    if ranged:
        extra += f" · {ranged} ranged"
    if m.channel:
        extra += " · channelled"
    return f"{left} vs {right}: {RESULTS.get(m.result, m.result)}{extra}"


def victor_line(seen) -> str:
    for event in reversed(seen.log[-60:]):
        if event.kind == "victor":
            return event.text_for(None)
        if event.kind in ("combat", "guardian_fight"):
            break
    return ""


def build_combat(seen, geo: Geometry, view: View, area: pygame.Rect, viewer: int | None,
                 kept: Kept | None = None) -> None:
    """The panel: its frame (who attacks whom, the stage, the match-ups' lines, the verdict) and a column
    per side; with `kept`, the frame and each column are reused while their inputs are unchanged. The
    rules' numbers are read first (`Sums`, once each): they are inputs, as the words are."""
    c = seen.combat
    sums = Sums(seen)
    head = f"{seen.seat_name(c.att)} attacks {seen.seat_name(c.dfn)}: {facts.space_title(seen, c.space)}"
    if c.guardian:
        head = f"{seen.seat_name(c.att)} attacks {seen.seat_name(c.dfn)}'s Guardian"
    sub = f"Combat: {STAGES.get(c.stage, c.stage)}"
    types = _safe(lambda: seen.terrain_types(c.space), ())
    if types:
        sub += " · terrain " + ", ".join(t.title() for t in types)
    lines = tuple(matchup_line(seen, m, sums) for m in c.matchups)
    verdict = victor_line(seen)
    if c.winner is not None and not verdict:
        verdict = f"Victor: {seen.seat_name(c.winner)}"
    # slots by the panel's height: a choice's tray shortens it, and `build_view` builds the table without the
    # tray first, so each height keeps its own parts instead of the two builds replacing each other's
    frame = keep(kept, ("combat", area.h), lambda: ((area.x, area.y, area.w, area.h), geo.scale, head, sub, lines, verdict),
                  lambda: _frame(geo, area, head, sub, lines, verdict))
    statics, top, col_h = frame
    view.statics.append(statics[0])
    view.statics.append(statics[1])
    half = (area.w - 24) // 2
    for i, seat in enumerate((c.att, c.dfn)):
        col = pygame.Rect(area.x + 8 + i * (half + 8), top, half, col_h)
        role = "Attacker" if seat == c.att else "Defender"
        side = _side_facts(seen, seat, viewer, sums)
        pieces, still_ = keep(kept, ("combat side", i, area.h),
                               lambda: ((col.x, col.y, col.w, col.h), geo.scale, seat, role, viewer,
                                        seen.seat_name(seat)) + side,
                               lambda: _build_side(seen, geo, seat, col, role, viewer, side))
        view.statics.append(still_)
        view.pieces.extend(pieces)
    view.statics.append(statics[2])


def _frame(geo: Geometry, area: pygame.Rect, head: str, sub: str, lines: tuple[str, ...], verdict: str):
    """The panel's box and heading, its foot (the last match-ups' lines and the verdict) as three statics,
    and where the columns go between them (top, height)."""
    size, px = geo.font(14), geo.font(PART_PX)
    line = theme.font(size).get_linesize()
    x, y = area.x + 8, area.y + 6
    heads = list(style.wrapped(head, size, area.w - 16, True))[:2]       # a narrow panel: two lines

    def paint_head(surface: pygame.Surface) -> None:
        hy = y
        for words in heads:
            surface.blit(style.fitted(words, size, area.w - 16, theme.TEXT, True, px), (x, hy))
            hy += line
        surface.blit(style.fitted(sub, px, area.w - 16, theme.TEXT_DIM, False, px), (x, hy))

    top = y + len(heads) * line + theme.font(px).get_linesize() + 4
    small = theme.font(px).get_linesize()
    room = max(1, (area.h - geo.px(150)) // small)      # keep the creatures in sight
    rows = [ln for words in lines for ln in style.wrapped(words, px, area.w - 16)]
    verdicts = list(style.wrapped(verdict, px, area.w - 16, True))[:2] if verdict else []
    foot_lines = min(len(rows), 4, room) + len(verdicts)
    foot_h = foot_lines * small + 6
    col_h = area.bottom - 6 - foot_h - top
    shown_rows = rows[-min(len(rows), 4, room):] if rows else []

    def paint_foot(surface: pygame.Surface) -> None:
        fy = area.bottom - foot_h
        for words in shown_rows:
            surface.blit(style.fitted(words, px, area.w - 16, theme.TEXT, False, px), (x, fy))
            fy += small
        for words in verdicts:
            surface.blit(style.fitted(words, px, area.w - 16, theme.ACCENT, True, px), (x, fy))
            fy += small

    box = lambda s: draw_box(s, area, (46, 36, 40), theme.ACCENT, 2, radius=8)  # noqa: E731
    return (box, paint_head, paint_foot), top, col_h


def _side_facts(seen, seat: int, viewer: int | None, sums: Sums) -> tuple:
    """What a side's column shows besides its place and title: its Combat Hand's size, its declaration,
    its fighter's breakdown, and each card in play (Command Card first) as the view names it, with its
    tags and its strength in the match-up being fought. A hashable: the column's inputs."""
    c = seen.combat
    cards = seen.cards
    fighter = _fighter(seen, seat)
    rows = tuple(breakdown(seen, fighter, sums)) if fighter is not None else ()
    entries = []
    command = c.command.get(seat)
    if command is not None:
        tags = ("Command Card",) + (("dispelled",) if command in c.dispelled else ())
        entries.append((command, cards[command], tags, f"cmd:{command}", None))
    for inst in c.inplay.get(seat, []):
        tags = []
        if inst in c.beaten:
            tags += ["beaten", f"lies under {_name(seen, c.beaten[inst])}, its victor"]
        under = [_name(seen, loser) for loser, victor in c.beaten.items() if victor == inst]
        if under:
            tags.append("beat " + ", ".join(under))
        if inst in c.destroyed:
            tags.append("destroyed")
        if inst in c.bribed:
            tags.append("bribed: to the Pen")
        if inst in c.turned:
            tags.append("turned around")
        entries.append((inst, cards[inst], tuple(tags) or ("in play",), f"card:{inst}",
                        _current_strength(seen, inst, sums)))
    return (len(c.hands.get(seat, [])), c.declared.get(seat), fighter, card_id(cards, fighter), rows,
            tuple(entries))


def _build_side(seen, geo: Geometry, seat: int, col: pygame.Rect, role: str, viewer: int | None, side: tuple
                ) -> tuple[list[Piece], Piece]:
    """A side's column from its facts (`_side_facts`): its pieces (the breakdown, the cards in play or the
    Combat Hand face down) and its still (the box, the title and the note)."""
    hand, declared, fighter, _, rows, entries = side
    colour = style.seat_colour(seat)
    head, px = geo.font(13), geo.font(PART_PX)
    title = style.first_fit([f"{role}: {seen.seat_name(seat)}", f"{role}: {style.seat_short(seat)}"], head,
                            col.w - 10, True)
    command = "" if declared is None else (" · a Command Card" if declared else " · no Command Card")
    below = " (below)" if seat == viewer else ""
    note = style.first_fit([f"Hand {hand}{command}{below}", f"Hand {hand}{command}",
                            f"Hand {hand}{command.replace(' Card', '')}", f"Hand {hand}"], px, col.w - 10)
    title_h = theme.font(head, True).get_linesize()
    top = title_h + theme.font(px).get_linesize() + 5        # the title and the note above the cards

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        draw_box(surface, r, style.tint(colour, theme.PANEL, 0.2), colour, 1, radius=6)
        surface.blit(style.fitted(title, head, r.w - 10, colour, True, px), (r.x + 5, r.y + 3))
        surface.blit(style.fitted(note, px, r.w - 10, theme.TEXT_DIM, False, px), (r.x + 5, r.y + 3 + title_h))

    frame = still(col, paint, "side", colour, title, note, head, px)
    pieces: list[Piece] = []
    rows = list(rows)
    line_h = theme.font(px).get_linesize()
    lines = _part_lines(rows, col.w - 14, px)
    room = max(0, col.h - top - 4 - geo.px(72)) // line_h              # keep a card row at least 72 px high
    lines = lines[:room] if len(lines) <= room else lines[:max(0, room - 1)] + [("… more: hover", "")]
    parts_h = len(lines) * line_h + 6 if lines else 0
    band = pygame.Rect(col.x + 4, col.y + top, col.w - 8, max(20, col.h - top - 4 - parts_h))
    if lines and fighter is not None:
        under = band.y + min(band.h, geo.px(150)) + 4                 # just under the card row
        box = pygame.Rect(col.x + 4, min(col.bottom - parts_h - 2, under), col.w - 8, parts_h)
        pieces.append(_parts_piece(seen, fighter, box, lines, rows, px))
    if not entries:
        if seat != viewer and hand:
            h = min(band.h, geo.px(110))
            pieces.append(pile_piece(f"chand:{seat}", pygame.Rect(band.x, band.y, int(h / RATIO), h), hand,
                                     "hand", f"{seen.seat_name(seat)}'s Combat Hand: {hand} cards, face down"))
        return pieces, frame
    card_w = int(min(band.h, geo.px(150)) / RATIO)
    rects = [r.move(0, band.y - r.y) for r in  # from the top of the column, under its title
             card_row(band, len(entries), card_w, 4, int(card_w * 0.6), align="left", min_step=14)]
    for k, ((inst, _, tags, key, power), rect) in enumerate(zip(entries, rects)):
        hit = None
        if k + 1 < len(rects) and rects[k + 1].x < rect.right:
            hit = pygame.Rect(rect.x, rect.y, max(4, rects[k + 1].x - rect.x), rect.h)
        if power is not None:
            tags = tags + (f"in this match-up: {power}",)
        piece = card_piece(seen, inst, rect, tags, hit=hit, key=key)
        marks = [t for t in tags if t in ("beaten", "destroyed", "dispelled") or t.startswith("bribed")]
        if marks:
            piece.paint = _marked(piece.paint, marks[0].split(":")[0], px)
        elif power is not None:
            piece.paint = _strength(piece.paint, power, geo.font(14))
        piece.look = getattr(piece.paint, "look", None)     # the card's look and what is written over it
        pieces.append(piece)
    return pieces, frame


def _fighter(seen, seat: int) -> int | None:
    """The seat's creature in the match-up being fought (None between match-ups)."""
    m = seen.combat.cur
    if m is None:
        return None
    return m.a if seat == seen.combat.att else m.d if seat == seen.combat.dfn else None


def breakdown(seen, inst: int, sums: Sums | None = None) -> list[tuple[str, int]]:
    """Where the fighter's strength comes from, as the rules add it (`strength_parts` on the seat's view:
    what the view hides adds nothing). A secondary attacker adds the base Vitality of its side's creatures
    that fought the target before (R69); its target counts its base only."""
    m = seen.combat.cur
    if m is None:
        return []
    sums = sums or Sums(seen)
    parts = list(sums.parts(inst, m) or [])
    if m.secondary is not None and parts:
        sec, value, _ = sums.secondary(m, (None, None, None))
        if sec == inst and isinstance(value, int) and value != sum(v for _, v in parts):
            parts.append(("fought it before", value - sum(v for _, v in parts)))
    return parts


def _part_lines(parts: list[tuple[str, int]], width: int, px: int = PART_PX) -> list[tuple[str, str]]:
    """(number, words) lines: the total first, then each part signed, its words wrapped to `width`."""
    if not parts:
        return []
    out = [(str(sum(v for _, v in parts)), "total")]
    number_w = theme.font(px, True).size("+00")[0] + 6
    for k, (words, amount) in enumerate(parts):
        sign = str(amount) if k == 0 else f"{amount:+d}"
        for i, line in enumerate(style.wrapped(words, px, width - number_w)):
            out.append((sign if i == 0 else "", line))
    return out


def _parts_piece(seen, inst: int, box: pygame.Rect, lines: list[tuple[str, str]],
                 parts: list[tuple[str, int]], px: int = PART_PX) -> Piece:
    """The breakdown under a fighter's card: the total in bold, then a line per part; hovering it tells
    the whole sum in one sentence."""
    number_w = theme.font(px, True).size("+00")[0] + 6
    line_h = theme.font(px).get_linesize()

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        draw_box(surface, r, (30, 26, 30), theme.ACCENT, 1, radius=4)
        y = r.y + 3
        for k, (number, words) in enumerate(lines):
            colour = theme.ACCENT if k == 0 else theme.TEXT
            if number:
                img = style.text(number, px, colour, True)
                surface.blit(img, (r.x + 4 + number_w - 6 - img.get_width(), y))
            surface.blit(style.fitted(words, px, r.right - 4 - (r.x + 4 + number_w),
                                      colour if k == 0 else theme.TEXT_DIM, k == 0, px), (r.x + 4 + number_w, y))
            y += line_h

    total = sum(v for _, v in parts)
    sentence = f"{_name(seen, inst)}: {total} = " + " ".join(
        (f"{v} {w}" if k == 0 else f"{'+' if v >= 0 else '-'} {abs(v)} {w}") for k, (w, v) in enumerate(parts))
    return Piece(f"parts:{inst}", box, paint, tip=sentence)


def reveal_tweens(animator: Animator, new: View, events) -> None:
    """The match-up picks turned over together (RB-MR: both creatures are revealed at once): each picked
    card's back narrows to its edge, then its face widens from it, both cards in step, then a flash. The
    tweens replace any slide of those cards (the turn happens where they now lie)."""
    picks = [e for e in events if e.kind == "pick"]
    if not picks or not animator.enabled:
        return
    pieces = new.by_key()
    keys = [ref for ref in picks[-1].refs if ref in pieces]
    animator.tweens = [t for t in animator.tweens if t.key not in keys]
    for key in keys:
        piece = pieces[key]
        edge = pygame.Rect(piece.rect.centerx, piece.rect.y, 0, piece.rect.h)
        animator.add(key, "slide", piece.rect, edge, FLIP, payload=_scaled(piece, back=True))
        animator.add(key, "slide", edge, piece.rect, FLIP, delay=FLIP, payload=_scaled(piece, back=False))
        animator.add(f"{key}#revealed", "flash", piece.rect, piece.rect, 0.6, delay=2 * FLIP, payload=theme.ACCENT)


def _scaled(piece: Piece, back: bool) -> Piece:
    """`piece` drawn once at its own size (its face, or a card back) and squeezed to the tween's width.
    It is drawn when first shown, not when the tween is made: the face's half waits for the back's, so the
    frame of the pick itself does not paint it."""
    drawn: list[pygame.Surface] = []

    def full() -> pygame.Surface:
        if not drawn:
            picture = pygame.Surface(piece.rect.size, pygame.SRCALPHA)
            local = pygame.Rect((0, 0), piece.rect.size)
            if back:
                cardface.paint_back(picture, local)
            else:
                piece.paint(picture, local)
            drawn.append(picture)
        return drawn[0]

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        if r.w >= 2 and r.h >= 2:
            surface.blit(pygame.transform.smoothscale(full(), r.size), r.topleft)
    return Piece(piece.key, piece.rect, paint)


def _current_strength(seen, inst: int, sums: Sums | None = None):
    """The card's strength in the match-up being fought (None when it is not in it)."""
    m = seen.combat.cur
    if m is None or inst not in (m.a, m.d):
        return None
    sums = sums or Sums(seen)
    if m.secondary is not None:
        sec, value, target = sums.secondary(m, (None, "?", None))
        return value if inst == sec else _safe(lambda: facts.card_of(seen, inst).vitality)
    return sums.strength(inst, m)


def _strength(paint, power, size: int = 14):
    """The card in the match-up being fought, with its strength written large at its foot (its look: the
    card's, the number and its size)."""
    def wrapped(surface: pygame.Surface, r: pygame.Rect) -> None:
        paint(surface, r)
        pygame.draw.rect(surface, theme.ACCENT, r, 3, border_radius=6)
        img = style.text(f"now {power}", size, theme.TEXT_DARK, True)
        box = img.get_rect(midbottom=(r.centerx, r.bottom - 3)).inflate(8, 2)
        pygame.draw.rect(surface, theme.ACCENT, box, border_radius=4)
        surface.blit(img, img.get_rect(center=box.center))
    return _looks_over(wrapped, paint, "now", power, size)


def _marked(paint, word: str, size: int = PART_PX):
    """A card with its fate written across it (never colour alone)."""
    def wrapped(surface: pygame.Surface, r: pygame.Rect) -> None:
        paint(surface, r)
        shade = pygame.Surface(r.size, pygame.SRCALPHA)
        shade.fill((0, 0, 0, 110))
        surface.blit(shade, r.topleft)
        img = style.text(word, size, theme.TEXT, True)
        box = img.get_rect(center=r.center).inflate(6, 2)
        pygame.draw.rect(surface, (120, 30, 30), box, border_radius=3)
        surface.blit(img, img.get_rect(center=box.center))
    return _looks_over(wrapped, paint, "marked", word, size)


def _looks_over(wrapped, paint, *more):
    """`wrapped` (drawing over `paint`) with a look of its own: `paint`'s and what it adds; none when
    `paint` has none (then neither is kept)."""
    inner = getattr(paint, "look", None)
    return looks(wrapped, inner, *more) if inner is not None else wrapped


