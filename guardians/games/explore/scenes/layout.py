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

from guardians.ui.table.layout import (  # noqa: F401  (the kit's rows, for the scenes)
    PAD, Frame, card_row, fit_row, fit_rows, frame, overlap_hits,
)

GRID_ROWS, GRID_COLS = 3, 4


@dataclass(frozen=True)
class Geometry(Frame):
    """The kit's frame and this table's own regions."""

    upper: pygame.Rect
    town: pygame.Rect
    board: pygame.Rect
    strip: pygame.Rect
    own: pygame.Rect


def geometry(size: tuple[int, int]) -> Geometry:
    f = frame(size, top_h=40, right_w=290, right_min=270, log_share=0.42)
    px = lambda v: int(round(v * f.scale))  # noqa: E731
    centre = f.centre
    own_h = px(252)
    strip_h = px(32)
    own = pygame.Rect(centre.x, centre.bottom - own_h, centre.w, own_h)
    strip = pygame.Rect(centre.x, own.y - 4 - strip_h, centre.w, strip_h)
    upper = pygame.Rect(centre.x, centre.y, centre.w, strip.y - PAD - centre.y)
    town_w = int(upper.w * 0.6)
    town = pygame.Rect(upper.x, upper.y, town_w, upper.h)
    board = pygame.Rect(town.right + PAD, upper.y, upper.right - town.right - PAD, upper.h)
    return Geometry(**vars(f), upper=upper, town=town, board=board, strip=strip, own=own)


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
