"""Where each region of the explore table goes for a window size: pure rectangles, no drawing.

    ┌ top bar: title · round and phase steps · Trailblazer · Rules / Cards / Menu ──────────┬───────────┐
    │ the town: ten locations in rows by colour,  │ Timekeeper track                         │ prompt    │
    │ Home first; the Monster Aid and the Guardian│ Blue boss · Red boss, their reward cards │ and       │
    │ Supply in the spare cells                   │ the other players' mats (one line each)  │ choices   │
    │ the prompt strip: what to do now, buttons for choices without a place on the table  ├───────────┤
    │ your mat (levels, trophies, quests) · your hand · in play: persistent | chain · piles│ log       │
    └──────────────────────────────────────────────────────────────────────────────────────┴───────────┘

Everything is given for 1280×720 and scaled with the window (fonts a little less than lengths).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import pygame

PAD = 6
GRID_ROWS, GRID_COLS = 3, 4


@dataclass(frozen=True)
class Geometry:
    size: tuple[int, int]
    scale: float
    top: pygame.Rect
    right: pygame.Rect
    choices: pygame.Rect
    log: pygame.Rect
    centre: pygame.Rect
    upper: pygame.Rect
    town: pygame.Rect
    board: pygame.Rect
    strip: pygame.Rect
    own: pygame.Rect

    def px(self, value: float) -> int:
        """A length given for 1280×720, scaled to this window."""
        return int(round(value * self.scale))

    def font(self, value: float) -> int:
        """A font size given for 1280×720; grows more slowly than lengths so text stays in its boxes."""
        return int(round(value * (1 + (self.scale - 1) * 0.8)))


def geometry(size: tuple[int, int]) -> Geometry:
    w, h = size
    scale = max(1.0, min(w / 1280, h / 720))
    px = lambda v: int(round(v * scale))  # noqa: E731
    top = pygame.Rect(0, 0, w, px(40))
    right_w = min(px(290), max(270, w // 4))
    right = pygame.Rect(w - right_w, top.bottom + PAD, right_w - PAD, h - top.bottom - 2 * PAD)
    log_h = int(right.h * 0.42)
    choices = pygame.Rect(right.x, right.y, right.w, right.h - log_h - PAD)
    log = pygame.Rect(right.x, choices.bottom + PAD, right.w, log_h)
    centre = pygame.Rect(PAD, top.bottom + PAD, right.x - 2 * PAD, h - top.bottom - 2 * PAD)
    own_h = px(252)
    strip_h = px(32)
    own = pygame.Rect(centre.x, centre.bottom - own_h, centre.w, own_h)
    strip = pygame.Rect(centre.x, own.y - 4 - strip_h, centre.w, strip_h)
    upper = pygame.Rect(centre.x, centre.y, centre.w, strip.y - PAD - centre.y)
    town_w = int(upper.w * 0.6)
    town = pygame.Rect(upper.x, upper.y, town_w, upper.h)
    board = pygame.Rect(town.right + PAD, upper.y, upper.right - town.right - PAD, upper.h)
    return Geometry(size, scale, top, right, choices, log, centre, upper, town, board, strip, own)


def full_height(geo: Geometry) -> Geometry:
    """The same window with no mat area: the upper region runs down to the prompt strip at the bottom
    (the Apprentice deck choice, which needs the room)."""
    strip = pygame.Rect(geo.centre.x, geo.centre.bottom - geo.strip.h, geo.centre.w, geo.strip.h)
    upper = pygame.Rect(geo.centre.x, geo.centre.y, geo.centre.w, strip.y - PAD - geo.centre.y)
    return replace(geo, upper=upper, strip=strip, own=pygame.Rect(geo.own.x, geo.own.bottom, geo.own.w, 0))


def with_own_height(geo: Geometry, own_h: int) -> Geometry:
    """The same window with the mat area `own_h` high (the draft gives its stack more room)."""
    own = pygame.Rect(geo.centre.x, geo.centre.bottom - own_h, geo.centre.w, own_h)
    strip = pygame.Rect(geo.centre.x, own.y - 4 - geo.strip.h, geo.centre.w, geo.strip.h)
    upper = pygame.Rect(geo.centre.x, geo.centre.y, geo.centre.w, strip.y - PAD - geo.centre.y)
    return replace(geo, upper=upper, strip=strip, own=own)


def grid_cells(town: pygame.Rect, gap: int) -> dict[tuple[int, int], pygame.Rect]:
    """The town's cells by (row, column): three rows of four."""
    cell_w = (town.w - gap * (GRID_COLS - 1)) // GRID_COLS
    cell_h = (town.h - gap * (GRID_ROWS - 1)) // GRID_ROWS
    return {(r, c): pygame.Rect(town.x + c * (cell_w + gap), town.y + r * (cell_h + gap), cell_w, cell_h)
            for r in range(GRID_ROWS) for c in range(GRID_COLS)}


def fit_row(sizes: list[tuple[int, int]], area: pygame.Rect, gap: int, min_scale: float = 0.5,
            align: str = "center") -> list[pygame.Rect]:
    """Place items left to right in `area`, shrunk together (down to `min_scale`) to fit; a row that
    still does not fit overlaps its items evenly. `align` is "center" or "left"."""
    if not sizes:
        return []
    total = sum(w for w, _ in sizes) + gap * (len(sizes) - 1)
    tallest = max(h for _, h in sizes)
    scale = min(1.0, area.w / total if total else 1.0, area.h / tallest if tallest else 1.0)
    scale = max(scale, min_scale)
    scaled = [(max(4, int(w * scale)), max(4, int(h * scale))) for w, h in sizes]
    total = sum(w for w, _ in scaled) + gap * (len(scaled) - 1)
    step_extra = 0.0
    if total > area.w and len(scaled) > 1:
        step_extra = (area.w - total) / (len(scaled) - 1)
        total = area.w
    x = area.x + ((area.w - total) / 2 if align == "center" else 0)
    rects = []
    for w, h in scaled:
        rects.append(pygame.Rect(int(x), area.centery - h // 2, w, h))
        x += w + gap + step_extra
    return rects


def overlap_hits(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The visible part of each rect of a left-to-right row where later items cover earlier ones."""
    hits = []
    for i, rect in enumerate(rects):
        if i + 1 < len(rects) and rects[i + 1].x < rect.right:
            hits.append(pygame.Rect(rect.x, rect.y, max(4, rects[i + 1].x - rect.x), rect.h))
        else:
            hits.append(pygame.Rect(rect))
    return hits


def card_row(area: pygame.Rect, count: int, card_w: int, gap: int, min_w: int,
             align: str = "left") -> list[pygame.Rect]:
    """`count` cards of width `card_w` (ratio 1.4, at most the area's height) in a row: shrunk down to
    `min_w` to show every card whole, then overlapped."""
    if count <= 0:
        return []
    card_h = min(area.h, int(card_w * 1.4))
    card_w = int(card_h / 1.4)
    fit_w = (area.w - gap * (count - 1)) // count
    if fit_w < card_w:
        card_w = max(min_w, fit_w)
        card_h = int(card_w * 1.4)
    total = count * card_w + (count - 1) * gap
    if total <= area.w:
        step = card_w + gap
        x = area.x if align == "left" else area.x + (area.w - total) // 2
    else:
        step = max(6, (area.w - card_w) // max(1, count - 1))
        x = area.x
    y = area.bottom - card_h if align == "left" else area.centery - card_h // 2
    return [pygame.Rect(x + i * step, y, card_w, card_h) for i in range(count)]
