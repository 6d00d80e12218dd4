"""The board's pieces: every space (Stronghold card or Rubble, disputed land with its Terrain and its
control mark) and on it each seat's stack: the Shield (public face, shown large on hover) with the
stack's size, "turned" in words, or a shieldless pile. Card contents under a Shield are never drawn here:
a size is all the board tells, for every seat (the owner sees its own cards in a choice's tray).
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from guardians.games.realms.scenes import facts, style
from guardians.games.realms.scenes.layout import Geometry, board_cells
from guardians.ui import theme
from guardians.ui.table.kept import Kept, keep
from guardians.ui.table.pictures import looks
from guardians.ui.table.view import Piece, View
from guardians.ui.text import ellipsize, register_cache
from guardians.ui.widgets import draw_box
from guardians.engine.words import counted

CHIP_H = 20
INSET = 4          # the title's and notes' margin inside a space


def build_board(seen, geo: Geometry, view: View, bottom: int, viewer: int | None,
                kept: Kept | None = None) -> dict[str, pygame.Rect]:
    """Add a piece per space and per stack; the cells by space id. With `kept`, a space whose inputs
    (`space_inputs`) are unchanged gets its pieces of the last build back."""
    gap = geo.px(5)
    b = geo.board
    cells = keep(kept, "cells", lambda: ((b.x, b.y, b.w, b.h), seen.n, bottom, gap),
                  lambda: board_cells(b, seen.n, bottom, gap))
    moving = facts.moving_stack(seen)
    pending = getattr(seen, "pending", None)
    doing = facts.FOCUS_WORDS.get(pending.kind, "now") if pending is not None else "now"
    placing = facts.planned(seen, viewer)
    for sid, rect in cells.items():
        pieces = keep(kept, ("space", sid),
                       lambda: space_inputs(seen, sid, rect, geo, viewer, moving, doing, placing),
                       lambda: _space_pieces(seen, sid, rect, geo, viewer, moving))
        bind(seen, sid, pieces)
        view.pieces.extend(pieces)
    return cells


def space_inputs(seen, sid: str, rect: pygame.Rect, geo: Geometry, viewer: int | None, moving, doing: str,
                 placing: list) -> tuple:
    """Everything a space's pieces (its own and its stacks' chips) are made of, but the tip worded when
    hovered (`bind`): the cell, the window's scale (every size), the space's fields, its stacks in the
    rules' order (who controls the space follows from them: `facts.control`) with their cards as the view
    names them, the viewer's placements there (notes and load), and whether the choice is about one of its
    stacks (and in what words)."""
    sp = seen.spaces[sid]
    cards = seen.cards
    at = cards.__getitem__
    stacks = tuple((seat, st.shield, None if st.shield is None else cards[st.shield], tuple(st.cards),
                    tuple(map(at, st.cards)), st.turned) for seat, st in sp.stacks.items())
    here = moving[0] if moving is not None and moving[1] == sid else None
    hold = seen.hold_cards.get(sid)
    return ((rect.x, rect.y, rect.w, rect.h), geo.scale, viewer, sp.kind, sp.realm, sp.rubble, sp.rubble_ctrl,
            sp.terrain, None if sp.terrain is None else cards[sp.terrain], sp.terrain_owner, sp.face_down,
            None if hold is None else cards[hold], len(sp.under), sp.upgrade,
            None if sp.upgrade is None else cards[sp.upgrade], stacks,
            tuple((mode, inst, cards[inst]) for mode, inst, where in placing if where == sid) if placing else (),
            here, doing if here is not None else "")


def bind(seen, sid: str, pieces: list[Piece]) -> None:
    """The space's tip, worded from `seen` when hovered (a kept piece's from the view it is shown in, not
    the one it was built in: the tip reads more than its inputs, the terrain a Command Card imposes, say)."""
    pieces[0].tip = lambda: facts.space_tip(seen, sid)


def _space_pieces(seen, sid: str, rect: pygame.Rect, geo: Geometry, viewer: int | None, moving) -> list[Piece]:
    """A space's piece (its tip bound by `bind`) and a chip per stack on it."""
    label = space_label(seen, sid, rect.w, geo)
    notes = space_notes(seen, sid, viewer, label)
    pieces = [Piece(f"space:{sid}", rect, _space_painter(seen, sid, label, notes, geo), ref=f"space:{sid}")]
    sp = seen.spaces[sid]
    stacks = [seat for seat in sorted(sp.stacks) if sp.stacks[seat].cards or sp.stacks[seat].shield is not None]
    top = rect.y + _header_height(seen, sid, label, notes, geo) + 2
    room = rect.bottom - 2 - top
    two_lines = 2 * theme.font(geo.font(12), True).get_linesize() + 6
    chip_h = two_lines if stacks and len(stacks) * (two_lines + 3) <= room else max(CHIP_H, geo.font(CHIP_H))
    y = top
    for seat in stacks:
        st = sp.stacks[seat]
        chip = pygame.Rect(rect.x + 4, y, rect.w - 8, chip_h)
        if chip.bottom > rect.bottom - 2:
            break
        here = moving == (seat, sid)
        words = facts.stack_words(seen, sid, seat)
        inside = facts.contents(seen, st.cards)
        tags = (words,) + (("the choice is about this Shield",) if here else ()) + ((inside,) if inside else ())
        key = f"shield:{st.shield}" if st.shield is not None else f"pile:{sid}:{seat}"
        pieces.append(Piece(key, chip, _chip_painter(seen, sid, seat, here, geo), tags=tags,
                            face=facts.face(seen, st.shield) if st.shield is not None else None,
                            tip=f"{words}. {inside}" if inside else words, ident=(seat, st.shield),
                            count=len(st.cards)))
        y += chip_h + 3
    return pieces


@dataclass(frozen=True)
class Label:
    """A space's title as drawn: its lines, at one size and weight, never cut; `badge_top`: the control
    badge sits at the top right beside it (else on the bottom line, with the notes)."""

    lines: tuple[str, ...]
    size: int
    bold: bool
    badge_top: bool = False


TITLE_SIZES = (13, 12)      # bold at each, then thin at the last; 12 px is the least a title gets (at 1280x720)


def space_label(seen, sid: str, width: int, geo: Geometry | None = None) -> Label:
    """The space's title (`facts.title_forms`: the full words or a shorter form) in the cell's width, laid
    out by `fit_title`."""
    who, why = facts.control(seen, sid) if seen.spaces[sid].kind == "land" else (None, "")
    badge_w = badge_size(who, why, note_px(geo))[0] if who is not None else 0
    sizes = tuple(geo.font(s) for s in TITLE_SIZES) if geo is not None else TITLE_SIZES
    return fit_title(facts.title_forms(seen, sid), width, badge_w, sizes)


@lru_cache(maxsize=2048)
def fit_title(forms: tuple[str, ...], width: int, badge_w: int = 0, sizes: tuple[int, ...] = TITLE_SIZES) -> Label:
    """A title (its forms, longest first) in a space `width` wide: beside the control badge (`badge_w`
    wide, 0 for none) if one of the first two forms fits there on two lines, else under it on two lines of
    the full width, else on three; then any further form so; else the last form with a word broken over
    two lines. A line is never cut with "…"
    (the last resort, which a test sees never happens for any card): the cell says a whole name."""
    room = width - 2 * INSET
    styles = [(size, True) for size in sizes] + [(sizes[-1], False)]
    if badge_w:
        found = _wrap_whole([(form, 2) for form in forms[:2]], room - badge_w - 4, styles)
        if found is not None:
            return Label(*found, badge_top=True)
    for chosen in (forms[:2], forms[2:]):                       # a third form only when the first two fail
        for most, among in ((2, styles), (3, styles[-2:])):     # three lines only at the least size
            found = _wrap_whole([(form, most) for form in chosen], room, among) if chosen else None
            if found is not None:
                return Label(*found)
    found = _wrap_whole(((forms[-1], 3),), room, styles[-1:], split=True)     # a word wider than the space
    if found is not None:
        return Label(*found)
    size, bold = styles[-1]
    return Label((ellipsize(forms[-1], theme.font(size, bold), room),), size, bold)


def _wrap_whole(tries, room: int, styles, split: bool = False) -> tuple[tuple[str, ...], int, bool] | None:
    """The first title of `tries` (title, most lines) that wraps into `room` in whole words (with `split`,
    a word may go on over two lines, nothing left out), in the first title style that one does (a bold
    short name before a thin full one: neighbours look alike)."""
    for size, bold in styles:
        for title, most in tries:
            lines = style.wrapped(title, size, room, bold, split)
            whole = "".join(lines).replace(" ", "") == title.replace(" ", "") if split else \
                " ".join(lines) == " ".join(title.split())
            if len(lines) <= most and whole and \
                    all(theme.font(size, bold).size(line)[0] <= room for line in lines):
                return lines, size, bold
    return None


register_cache(fit_title.cache_clear)       # the fonts' measures changed: titles are fitted again


def label_height(label: Label) -> int:
    return 3 + len(label.lines) * line_height(label.size)


def line_height(size: int) -> int:
    return size + 2


NOTE_PX = 12               # notes and the control badge, at 1280x720 (grown with the window: `note_px`)


def note_px(geo: Geometry | None) -> int:
    return geo.font(NOTE_PX) if geo is not None else NOTE_PX


def space_notes(seen, sid: str, viewer: int | None, label: Label | None = None) -> list[str]:
    """What else a space says under its title: the viewer's cards still to place there and its
    Stronghold's load against the 30-point limit, channelers under it, its Upgrade, a card face down (when
    the `label` drawn leaves it out)."""
    sp = seen.spaces[sid]
    said = " ".join(label.lines).lower() if label is not None else ""
    short = label is not None and "face down" not in said and "face-down" not in said
    load = facts.hold_load(seen, sid, viewer) if (sp.kind == "hold" and viewer is not None and sp.realm == viewer
                                                  and not sp.rubble) else None
    coming = sum(1 for _, _, where in facts.planned(seen, viewer) if where == sid)
    notes = []
    if short and sp.kind == "land" and sp.face_down and sp.terrain is not None and facts.known(seen, sp.terrain):
        notes.append("face down")      # the short title names the card only
    if load:
        notes.append(f"{load}/30")     # the limit first: a narrow space may cut the rest
    if coming:
        notes.append(f"{coming} to place")
    if sp.under:
        notes.append(f"{len(sp.under)} under")
    if sp.upgrade is not None:
        notes.append(facts.name(seen, sp.upgrade, "Upgrade"))
    return notes


def header_height(seen, sid: str, width: int, geo: Geometry | None, viewer: int | None) -> int:
    """The title's height, and the notes' line's when there is one (notes, or the control badge when the
    title took its place). Stacks go under it: the notes stay in sight when a target's word ("Put here")
    is drawn over a space's foot."""
    label = space_label(seen, sid, width, geo)
    return _header_height(seen, sid, label, space_notes(seen, sid, viewer, label), geo)


def _header_height(seen, sid: str, label: Label, notes: list[str], geo: Geometry | None) -> int:
    below = bool(notes) or (seen.spaces[sid].kind == "land" and not label.badge_top
                            and facts.control(seen, sid)[0] is not None)
    return label_height(label) + (line_height(note_px(geo)) + 2 if below else 0)


def _space_painter(seen, sid: str, label: Label, notes: list[str], geo: Geometry | None):
    """The space's box, title, control badge and notes; its look is every value it reads (the title as
    laid out for the cell's width and the notes come from the builder), so a kept picture is never stale."""
    sp = seen.spaces[sid]
    who, why = facts.control(seen, sid) if sp.kind == "land" else (sp.realm, "")
    kind, rubble, realm, centre = sp.kind, sp.rubble, sp.realm, sid == "X"
    notes = tuple(notes)
    small = note_px(geo)

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        if centre:
            fill = style.CENTRE
        elif kind == "hold":
            fill = style.RUBBLE if rubble else style.tint(style.seat_colour(realm), style.HOLD, 0.18)
        else:
            fill = style.tint(style.seat_colour(realm), style.LAND, 0.22)
        edge = style.seat_colour(who) if (kind == "land" and who is not None) else theme.PANEL_EDGE
        draw_box(surface, r, fill, edge, 2 if kind == "land" else 1, radius=6)
        y = r.y + 3
        for line in label.lines:
            surface.blit(style.text(line, label.size, theme.TEXT, label.bold), (r.x + INSET, y))
            y += line_height(label.size)
        badge_w = 0
        if kind == "land" and who is not None:
            badge = _badge(surface, r, who, why, r.y + 3 if label.badge_top else y, small)
            badge_w = 0 if label.badge_top else badge.w + 4
        if notes:
            room = r.w - 2 * INSET - badge_w
            compact = [f"+{n.split()[0]}" if n.endswith(" to place") and any(m.endswith("/30") for m in notes)
                       else n for n in notes]          # "8/30 · +1": the load counts the cards to place
            words = style.first_fit([" · ".join(notes), " · ".join(compact)], small, room)
            img = style.fitted(words, small, room, theme.TEXT_DIM, False, small)
            surface.blit(img, (r.x + INSET, y + 1))
    return looks(paint, "space", centre, kind, rubble, realm, who, why, label, notes, small)


def badge_size(who: int, why: str, size: int = NOTE_PX) -> tuple[int, int]:
    img = style.text(_badge_words(who, why), size, theme.TEXT_DARK, True)
    return img.get_width() + 8, img.get_height() + 2


def _badge_words(who: int, why: str) -> str:
    return f"P{who + 1} {style.REASON.get(why, '')}"


def _badge(surface: pygame.Surface, r: pygame.Rect, who: int, why: str, y: int, size: int) -> pygame.Rect:
    """The control mark: the seat's colour, its number and the reason's letter (S, T or R), at the right
    at `y`: beside the title, or under it when the title needs the width."""
    img = style.text(_badge_words(who, why), size, theme.TEXT_DARK, True)
    box = pygame.Rect((0, 0), badge_size(who, why, size))
    box.topright = (r.right - 4, y)
    pygame.draw.rect(surface, style.seat_colour(who), box, border_radius=8)
    pygame.draw.rect(surface, theme.TEXT, box, 1, border_radius=8)
    surface.blit(img, img.get_rect(center=box.center))
    return box


def _chip_painter(seen, sid: str, seat: int, here: bool, geo: Geometry):
    st = seen.spaces[sid].stacks[seat]
    count = len(st.cards)
    shield = facts.name(seen, st.shield, "Shield") if st.shield is not None else ""
    turned = st.turned
    pending = getattr(seen, "pending", None)
    doing = facts.FOCUS_WORDS.get(pending.kind, "now") if pending is not None else "now"
    has_shield, small, least = st.shield is not None, geo.font(12), geo.min_text
    line_h = theme.font(small, True).get_linesize()

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        colour = style.seat_colour(seat)
        fill = style.tint(colour, theme.PANEL, 0.45)
        draw_box(surface, r, fill, theme.ACCENT if here else colour, 2 if here else 1, radius=4)
        if r.h >= 2 * line_h + 4:    # room for two lines: the Shield's name, then its cards and state
            label, bold = _stack_label(seat, shield if has_shield else None, small, r.w - 10)
            surface.blit(style.fitted(label, small, r.w - 10, theme.TEXT, bold, small), (r.x + 5, r.y + 2))
            cards = counted(count, 'card')
            tail = (f" · {doing}" if here else "") + (" · turned" if turned else "")
            words = style.first_fit([cards + tail, f"{count}{tail}", f"{count}" + (" · turned" if turned else "")],
                                    small, r.w - 10, turned)     # what the choice is about, its outline says
            surface.blit(style.fitted(words, small, r.w - 10, style.TURNED if turned else theme.TEXT, turned, small),
                         (r.x + 5, r.y + 2 + line_h))
            return
        size = max(least, min(small, r.h - 6))
        right = f"{count}"
        if turned:
            right = "turned · " + right
        tail = style.text(right, size, style.TURNED if turned else theme.TEXT, True)
        surface.blit(tail, tail.get_rect(midright=(r.right - 5, r.centery)))
        room = r.w - tail.get_width() - 16
        label, bold = _stack_label(seat, shield if has_shield else None, size, room, bold=False)
        img = style.fitted(label, size, room, theme.TEXT, bold, least)
        surface.blit(img, img.get_rect(midleft=(r.x + 5, r.centery)))
    return looks(paint, "chip", seat, here, count, has_shield, shield, turned, doing if here else "", small, least)


def _stack_label(seat: int, shield: str | None, size: int, room: int, bold: bool = True) -> tuple[str, bool]:
    """A stack's first words: its seat and its Shield's name when they fit (bold, else thin), else "Shield"
    or "no Shield" for the name (the chip's hover names it), else the seat alone."""
    words = [f"P{seat + 1} {shield}" if shield is not None else f"P{seat + 1} no Shield"]
    if shield is not None:
        words.append(f"P{seat + 1} Shield")
    words.append(f"P{seat + 1}")
    for label in words:
        for weight in ((True, False) if bold else (False,)):
            if theme.font(size, weight).size(label)[0] <= room:
                return label, weight
    return words[-1], bold
