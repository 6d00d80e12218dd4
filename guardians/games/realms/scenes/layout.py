"""Where each region of the realms table goes for a window size: pure rectangles, no drawing.

    ┌ top bar: title · round and phase · Rules / Cards / Menu ───────────────────┬─────────────┐
    │ the other seats: Guardian, stones, deck, discard, Up-card, hidden piles,   │ prompt and  │
    │                  how close each is to winning                              │ choices     │
    │ the board: realms, Strongholds, disputed lands │ the side: combat, or the │             │
    │                                                │ round and the cards a    ├─────────────┤
    │                                                │ choice names             │ log         │
    │ the prompt strip: what to do now, buttons                                  │             │
    │ your seat: Guardian and counters │ your hand, Combat Hand, Depot, Pen      │             │
    └────────────────────────────────────────────────────────────────────────────┴─────────────┘
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from guardians.ui.table.layout import PAD, Frame, frame


@dataclass(frozen=True)
class Geometry(Frame):
    """The kit's frame and the realms table's own regions."""

    foes: pygame.Rect
    board: pygame.Rect
    side: pygame.Rect
    strip: pygame.Rect
    own: pygame.Rect
    mat: pygame.Rect          # your Guardian and counters
    hand: pygame.Rect         # your cards


def geometry(size: tuple[int, int], players: int) -> Geometry:
    f = frame(size, top_h=40, right_w=300, right_min=280, log_share=0.38)
    px = lambda v: int(round(v * f.scale))  # noqa: E731
    c = f.centre
    foes_h = px(76 if players == 2 else 80)
    own_h = px(178)
    strip_h = px(42)
    foes = pygame.Rect(c.x, c.y, c.w, foes_h)
    own = pygame.Rect(c.x, c.bottom - own_h, c.w, own_h)
    strip = pygame.Rect(c.x, own.y - PAD - strip_h, c.w, strip_h)
    middle = pygame.Rect(c.x, foes.bottom + PAD, c.w, strip.y - PAD - foes.bottom - PAD)
    board_w = int(middle.w * (0.56 if players == 2 else 0.72))
    board = pygame.Rect(middle.x, middle.y, board_w, middle.h)
    side = pygame.Rect(board.right + PAD, middle.y, middle.right - board.right - PAD, middle.h)
    mat = pygame.Rect(own.x, own.y, px(250), own.h)
    hand = pygame.Rect(mat.right + PAD, own.y, own.right - mat.right - PAD, own.h)
    return Geometry(**vars(f), foes=foes, board=board, side=side, strip=strip, own=own, mat=mat, hand=hand)


def board_cells(board: pygame.Rect, players: int, bottom: int, gap: int) -> dict[str, pygame.Rect]:
    """Each space's rect. Two players: four rows of three, `bottom`'s Strongholds at the foot (the board
    turned round for seat 1, so its left stays on its left). Four players: each seat's realm as a block
    of two rows (lands toward the centre), the blocks clockwise around the centre land, each seat's
    right land beside the next seat's left land as the board joins them."""
    cells: dict[str, pygame.Rect] = {}
    if players == 2:
        top = 1 - bottom
        rows = [("S", top), ("D", top), ("D", bottom), ("S", bottom)]
        cols = ("L", "C", "R") if bottom == 0 else ("R", "C", "L")
        cw = (board.w - 2 * gap) // 3
        ch = (board.h - 3 * gap) // 4
        for r, (k, seat) in enumerate(rows):
            for i, col in enumerate(cols):
                cells[f"{k}{seat}{col}"] = pygame.Rect(board.x + i * (cw + gap), board.y + r * (ch + gap), cw, ch)
        return cells
    # four players: blocks at the corners, in seat order clockwise from the viewer's (bottom left)
    centre_w = max(60, board.w // 9)
    bw = (board.w - centre_w - 2 * gap) // 2
    bh = (board.h - gap) // 2
    cw = (bw - 2 * gap) // 3
    ch = (bh - gap) // 2
    corners = [(board.x, board.y + bh + gap, False), (board.x, board.y, True),
               (board.right - bw, board.y, True), (board.right - bw, board.y + bh + gap, False)]
    for k in range(4):
        seat = (bottom + k) % 4
        x, y, flipped = corners[k]
        land_row, hold_row = (y + ch + gap, y) if flipped else (y, y + ch + gap)
        cols = ("L", "C", "R") if k in (1, 2) else ("R", "C", "L")   # each right land beside the next left
        for i, col in enumerate(cols):
            cells[f"D{seat}{col}"] = pygame.Rect(x + i * (cw + gap), land_row, cw, ch)
            cells[f"S{seat}{col}"] = pygame.Rect(x + i * (cw + gap), hold_row, cw, ch)
    cells["X"] = pygame.Rect(board.centerx - centre_w // 2, board.centery - ch // 2, centre_w, ch)
    return cells
