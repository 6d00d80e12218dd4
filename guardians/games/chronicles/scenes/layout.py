"""Where each region of the chronicles table goes for a window size: pure rectangles, no drawing.

    ┌ top bar: title · turn and phase steps · initiative · Rules / Cards / Menu ─────────────┬───────────┐
    │ side panel: heroes (health, cards),│ the base: tiles, areas, walls, doors, figures     │ prompt    │
    │ Skarov and his villains, objectives│                                                   │ and       │
    │ the last roll (dice tray)          │ buttons for choices that name nothing on the map  ├───────────┤
    │ the prompt strip: what to do now ─────────────────────────────────────────────────────│ log       │
    └────────────────────────────────────────────────────────────────────────────────────────┴───────────┘

Everything is given for 1280×720 and scaled with the window (fonts a little less than lengths).
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from guardians.ui.table.layout import PAD, Frame, frame


@dataclass(frozen=True)
class Geometry(Frame):
    """The kit's frame and this table's own regions."""

    side: pygame.Rect
    board: pygame.Rect            # the map and, under it, the buttons band
    strip: pygame.Rect


def geometry(size: tuple[int, int]) -> Geometry:
    f = frame(size, top_h=40, right_w=280, right_min=260, log_share=0.42)
    px = lambda v: int(round(v * f.scale))  # noqa: E731
    centre = f.centre
    strip_h = px(34)
    strip = pygame.Rect(centre.x, centre.bottom - strip_h, centre.w, strip_h)
    side_w = px(250)
    side = pygame.Rect(centre.x, centre.y, side_w, strip.y - PAD - centre.y)
    board = pygame.Rect(side.right + PAD, centre.y, centre.right - side.right - PAD, side.h)
    return Geometry(**vars(f), side=side, board=board, strip=strip)


def button_band(board: pygame.Rect, count: int, row_h: int, per_row: int, gap: int = 4) -> pygame.Rect:
    """The band at the bottom of the board area holding `count` buttons, `per_row` a row. It keeps a row's
    height while there are none: the map keeps its size and place between a computer's move and a choice
    of yours (it did grow into the empty band, every space and figure jumping as it was rescaled, and the
    redraw after such a move painted a whole new map: the slowest frames of issue #16)."""
    rows = max(1, -(-count // per_row))
    h = rows * row_h + (rows - 1) * gap + 2 * gap
    return pygame.Rect(board.x, board.bottom - h, board.w, h)
