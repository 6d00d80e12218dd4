"""When and where the hovered piece's large card (or tooltip) shows, and the card pinned in place.

Issue #18: a card that pops up at once over what is about to be clicked gets in the way. So the card waits
until the pointer has rested `HOVER_DELAY` seconds on one piece (time given by the scene's `update(dt)`,
so tests drive it without sleeping), and goes beside the pointer, outside the hovered piece, clear of the
prompt strip and boxes, preferring spots that cover no clickable target (`place`). A right-click the game
does not use, or P, pins it: a pinned card stays put until the next right-click, Esc, or click (a click on
it is taken; a click elsewhere still does what it does).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Iterator

import pygame

from guardians.ui.table.pictures import Pictures

HOVER_DELAY = 0.35          # seconds the pointer rests on a piece before its card shows
GAP = 12                    # between the hovered piece and its card
KEPT = 6                    # hover blocks (cards with their tags, tips) kept as pictures, the latest used


@dataclass
class Pinned:
    piece: object           # the view.Piece whose card is pinned
    rect: pygame.Rect       # where it stays
    paint: object           # paint(surface, topleft): the card as it was drawn when pinned


class Hover:
    """The hover timer and the pinned card of one table scene."""

    def __init__(self, delay: float = HOVER_DELAY) -> None:
        self.delay = delay
        self.key: str | None = None       # the piece the pointer rests on
        self.rested = 0.0                 # how long it has rested there
        self.pinned: Pinned | None = None
        self.shown: pygame.Rect | None = None   # where the card or tip was drawn last frame (None: nothing)
        self.swallow_release = False      # the press that unpinned was taken: so is its release
        # A block once shown is shown for many frames (the pointer rests; pieces slide and the table is redrawn
        # under it): it is kept as a picture (`overlay.show_block`), a few hundred kilobytes each.
        self.pictures = Pictures(limit=KEPT)

    def tick(self, piece, dt: float) -> bool:
        """Time passes with `piece` (or nothing) under the pointer; True when its card is due just now."""
        key = piece.key if piece is not None else None
        if key != self.key:
            self.key, self.rested = key, 0.0
            return False
        was = self.ready(piece)
        self.rested += dt
        return not was and self.ready(piece)

    def ready(self, piece) -> bool:
        """Whether `piece`'s card shows now (it has rested long enough, or there is no delay)."""
        if piece is None:
            return False
        return self.delay <= 0 or (piece.key == self.key and self.rested >= self.delay)

    def waiting(self, piece) -> bool:
        return piece is not None and self.pinned is None and not self.ready(piece)


def _overlap(rect: pygame.Rect, others: list[pygame.Rect]) -> int:
    """How many pixels of `rect` the `others` cover (counted once per other): only those that collide are
    clipped (`collidelistall` finds them in C; a table has a hundred targets, a card touches a few)."""
    total = 0
    for index in rect.collidelistall(others):
        clip = rect.clip(others[index])
        total += clip.w * clip.h
    return total


def candidates(pointer: tuple[int, int], anchor: pygame.Rect, size: tuple[int, int], sides: tuple[str, ...],
               clear: list[pygame.Rect] = ()) -> Iterator[pygame.Rect]:
    """Spots of `size` just outside `anchor` on each of `sides` ("left", "right", "above", "below"), lined up
    with the pointer first, then with the anchor's edges, then stepped past each rect of `clear` (so a card
    can go above the prompt strip rather than on it). Made one by one: `place` stops at the first spot that
    covers nothing."""
    w, h = size
    px, py = pointer
    for side in sides:
        if side == "right":
            outward = [anchor.right + GAP] + [r.right + GAP for r in clear if r.right > anchor.right]
        elif side == "left":
            outward = [anchor.x - GAP - w] + [r.x - GAP - w for r in clear if r.x < anchor.x]
        elif side == "below":
            outward = [anchor.bottom + GAP] + [r.bottom + GAP for r in clear if r.bottom > anchor.bottom]
        else:
            outward = [anchor.y - GAP - h] + [r.y - GAP - h for r in clear if r.y < anchor.y]
        sideways = side in ("left", "right")
        if sideways:
            across = [py - h // 2, anchor.y, anchor.bottom - h]
            for r in clear:
                across += (r.y - GAP - h, r.bottom + GAP)
        else:
            across = [px - w // 2, anchor.x, anchor.right - w]
            for r in clear:
                across += (r.x - GAP - w, r.right + GAP)
        for out, along in _offsets(outward, across):
            yield pygame.Rect(out, along, w, h) if sideways else pygame.Rect(along, out, w, h)


def _offsets(outward: list[int], across: list[int]) -> Iterator[tuple[int, int]]:
    """(outward, across) of each spot on one side: just outside the anchor at every offset across, then past
    each rect to keep clear at the first three (the pointer's and the anchor's edges)."""
    for along in across:
        yield outward[0], along
    for out in outward[1:]:
        for along in across[:3]:
            yield out, along


def card_sides(pointer: tuple[int, int], anchor: pygame.Rect) -> tuple[str, ...]:
    """Left or right first (the side of the anchor the pointer is nearer), then above or below."""
    across = ("right", "left") if pointer[0] >= anchor.centerx else ("left", "right")
    down = ("above", "below") if pointer[1] < anchor.centery else ("below", "above")
    return across + down


def tip_sides(pointer: tuple[int, int], anchor: pygame.Rect) -> tuple[str, ...]:
    """A tooltip reads best above what it names, else below, else beside it."""
    return ("above", "below") + (("right", "left") if pointer[0] >= anchor.centerx else ("left", "right"))


def place(pointer: tuple[int, int], anchor: pygame.Rect, size: tuple[int, int], room: pygame.Rect,
          keep_clear: list[pygame.Rect], rather_clear: list[pygame.Rect] = (), tip: bool = False
          ) -> tuple[pygame.Rect, int]:
    """Where a card (or tip, `tip=True`) of `size` goes for a pointer on `anchor`: the first spot beside it,
    moved into `room`, that covers none of `keep_clear` (the anchor itself, the prompt...) and the least of
    `rather_clear` (what else can be clicked); when every spot covers some of `keep_clear`, the one covering
    least of it. Returns the spot and how much of `keep_clear` it covers (0: none)."""
    sides = tip_sides(pointer, anchor) if tip else card_sides(pointer, anchor)
    clear = [anchor] + list(keep_clear)
    best: tuple[int, int, int] | None = None
    spot = pygame.Rect(anchor.right + GAP, anchor.y, *size).clamp(room)
    rather = list(rather_clear)
    for i, rect in enumerate(candidates(pointer, anchor, size, sides, list(keep_clear))):
        rect = rect.clamp(room)
        covered = _overlap(rect, clear)
        if best is not None and covered > best[0]:
            continue                    # worse whatever it covers of the rest
        score = (covered, _overlap(rect, rather), i)
        if best is None or score < best:
            best, spot = score, rect
            if not covered and not score[1]:
                break           # it covers nothing: no later spot does better (a tie goes to the earlier)
    return spot, best[0] if best else 0
