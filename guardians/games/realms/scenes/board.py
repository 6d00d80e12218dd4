"""The board's pieces: every space (Stronghold card or Rubble, disputed land with its Terrain and its
control mark) and on it each seat's stack: the Shield (public face, shown large on hover) with the
stack's size, "turned" in words, or a shieldless pile. Card contents under a Shield are never drawn here:
a size is all the board tells, for every seat (the owner sees its own cards in a choice's tray).
"""

from __future__ import annotations

import pygame

from guardians.games.realms.scenes import facts, style
from guardians.games.realms.scenes.layout import Geometry, board_cells
from guardians.ui import theme
from guardians.ui.table.pictures import looks
from guardians.ui.table.view import Piece, View
from guardians.ui.widgets import draw_box

CHIP_H = 20


def build_board(seen, geo: Geometry, view: View, bottom: int, viewer: int | None) -> dict[str, pygame.Rect]:
    """Add a piece per space and per stack; the cells by space id."""
    gap = geo.px(5)
    cells = board_cells(geo.board, seen.n, bottom, gap)
    moving = facts.moving_stack(seen)
    for sid, rect in cells.items():
        view.add(Piece(f"space:{sid}", rect, _space_painter(seen, sid, geo, viewer), ref=f"space:{sid}",
                       tip=facts.space_tip(seen, sid)))
        sp = seen.spaces[sid]
        stacks = [seat for seat in sorted(sp.stacks) if sp.stacks[seat].cards or sp.stacks[seat].shield is not None]
        top = rect.y + geo.font(18) + 4
        room = rect.bottom - 18 - top
        two_lines = 2 * 15 + 6
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
            view.add(Piece(key, chip, _chip_painter(seen, sid, seat, here, geo),
                           face=facts.face(seen, st.shield) if st.shield is not None else None, tags=tags,
                           tip=f"{words}. {inside}" if inside else words, ident=(seat, st.shield),
                           count=len(st.cards)))
            y += chip_h + 3
    return cells


def _space_painter(seen, sid: str, geo: Geometry, viewer: int | None):
    sp = seen.spaces[sid]
    load = facts.hold_load(seen, sid, viewer) if (sp.kind == "hold" and viewer is not None and sp.realm == viewer
                                                  and not sp.rubble) else None
    coming = sum(1 for _, _, where in facts.planned(seen, viewer) if where == sid)
    who, why = facts.control(seen, sid) if sp.kind == "land" else (sp.realm, "")
    title = facts.terrain_words(seen, sid)
    under = len(sp.under)
    upgrade = facts.name(seen, sp.upgrade, "Upgrade") if sp.upgrade is not None else ""

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        if sid == "X":
            fill = style.CENTRE
        elif sp.kind == "hold":
            fill = style.RUBBLE if sp.rubble else style.tint(style.seat_colour(sp.realm), style.HOLD, 0.18)
        else:
            fill = style.tint(style.seat_colour(sp.realm), style.LAND, 0.22)
        edge = style.seat_colour(who) if (sp.kind == "land" and who is not None) else theme.PANEL_EDGE
        draw_box(surface, r, fill, edge, 2 if sp.kind == "land" else 1, radius=6)
        size = geo.font(13)
        badge_w = 0
        if sp.kind == "land" and who is not None:
            badge = _badge(surface, r, who, why, geo)
            badge_w = badge.w + 4
        head = style.fitted(title, size, r.w - 10 - badge_w, theme.TEXT, True, 12)
        surface.blit(head, (r.x + 5, r.y + 3))
        notes = []
        if coming:
            notes.append(f"{coming} to place")
        if load:
            notes.append(f"{load}/30")
        if under:
            notes.append(f"{under} under")
        if upgrade:
            notes.append(upgrade)
        if notes:
            img = style.fitted(" · ".join(notes), 12, r.w - 10, theme.TEXT_DIM, False, 12)
            surface.blit(img, (r.x + 5, r.bottom - img.get_height() - 2))
    return looks(paint, "space", sid == "X", sp.kind, sp.rubble, sp.realm, who, why, title, coming, load, under,
                 upgrade, geo.font(13))


def _badge(surface: pygame.Surface, r: pygame.Rect, who: int, why: str, geo: Geometry) -> pygame.Rect:
    """The control mark: the seat's colour, its number and the reason's letter (S, T or R)."""
    words = f"P{who + 1} {style.REASON.get(why, '')}"
    img = style.text(words, 12, theme.TEXT_DARK, True)
    box = pygame.Rect(0, 0, img.get_width() + 8, img.get_height() + 2)
    box.topright = (r.right - 4, r.y + 3)
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

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        colour = style.seat_colour(seat)
        fill = style.tint(colour, theme.PANEL, 0.45)
        draw_box(surface, r, fill, theme.ACCENT if here else colour, 2 if here else 1, radius=4)
        if r.h >= 34:                # room for two lines: the Shield's name, then its cards and state
            label = f"P{seat + 1} " + (shield if st.shield is not None else "no Shield")
            surface.blit(style.fitted(label, 12, r.w - 10, theme.TEXT, True, 12), (r.x + 5, r.y + 2))
            words = f"{count} card{'s' if count != 1 else ''}" + (f" · {doing}" if here else "") + \
                (" · turned" if turned else "")
            surface.blit(style.fitted(words, 12, r.w - 10, style.TURNED if turned else theme.TEXT, turned, 12),
                         (r.x + 5, r.y + 17))
            return
        size = max(12, min(geo.font(12), r.h - 6))
        right = f"{count}"
        if turned:
            right = "turned · " + right
        tail = style.text(right, size, style.TURNED if turned else theme.TEXT, True)
        surface.blit(tail, tail.get_rect(midright=(r.right - 5, r.centery)))
        label = f"P{seat + 1} " + (shield if st.shield is not None else "no Shield")
        img = style.fitted(label, size, r.w - tail.get_width() - 16, theme.TEXT, False, 12)
        surface.blit(img, img.get_rect(midleft=(r.x + 5, r.centery)))
    return looks(paint, "chip", seat, here, count, st.shield is not None, shield, turned, doing, geo.font(12))
