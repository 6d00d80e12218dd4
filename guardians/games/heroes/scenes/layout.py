"""Where each region of the heroes table goes for a window size: pure rectangles, no drawing.

    ┌ top bar: title · turn and phase · Rules / Cards / Menu ───────────────┬──────────────┐
    │ the other faction: its players' hands, decks, Ultimates, score area   │ prompt and   │
    │ the row: per location, the enemy heroes · the location and its track  │ choices      │
    │          · your heroes                                                │              │
    │ the prompt strip: what to do now, buttons for choices without a place ├──────────────┤
    │ your faction: your hand, Ultimates, deck and discard, score area      │ log          │
    └───────────────────────────────────────────────────────────────────────┴──────────────┘
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from guardians.ui.table.layout import PAD, Frame, fit_row, frame  # noqa: F401  (fit_row: for the scenes)


@dataclass(frozen=True)
class Geometry(Frame):
    """The kit's frame and this table's own regions."""

    enemy: pygame.Rect
    board: pygame.Rect
    strip: pygame.Rect
    own: pygame.Rect


def geometry(size: tuple[int, int], players: int) -> Geometry:
    f = frame(size, top_h=44, right_w=300, right_min=280, log_share=0.40)
    px = lambda v: int(round(v * f.scale))  # noqa: E731
    centre = f.centre
    enemy_h = px(96 if players == 4 else 84)
    own_h = px(232 if players == 4 else 216)
    strip_h = px(42)
    enemy = pygame.Rect(centre.x, centre.y, centre.w, enemy_h)
    own = pygame.Rect(centre.x, centre.bottom - own_h, centre.w, own_h)
    strip = pygame.Rect(centre.x, own.y - PAD - strip_h, centre.w, strip_h)
    board = pygame.Rect(centre.x, enemy.bottom + PAD, centre.w, strip.y - PAD - enemy.bottom - PAD)
    return Geometry(**vars(f), enemy=enemy, board=board, strip=strip, own=own)


@dataclass(frozen=True)
class Column:
    """One location's column of the row: the enemy zone, the location with its track, your zone."""

    rect: pygame.Rect
    enemy_zone: pygame.Rect
    location: pygame.Rect
    card: pygame.Rect          # the location card (name, points, text)
    track: pygame.Rect         # the control track beside it
    own_zone: pygame.Rect


def columns(board: pygame.Rect, count: int, scale: float) -> list[Column]:
    gap = int(10 * scale)
    width = (board.w - gap * (count - 1)) // max(1, count)
    loc_h = max(int(112 * scale), int(board.h * 0.40))
    zone_h = (board.h - loc_h) // 2
    track_w = int(30 * scale)
    result = []
    for i in range(count):
        x = board.x + i * (width + gap)
        rect = pygame.Rect(x, board.y, width, board.h)
        enemy_zone = pygame.Rect(x, board.y, width, zone_h)
        location = pygame.Rect(x, enemy_zone.bottom, width, loc_h)
        card = pygame.Rect(x, location.y, width - track_w - 4, loc_h)
        track = pygame.Rect(card.right + 4, location.y, track_w, loc_h)
        own_zone = pygame.Rect(x, location.bottom, width, board.bottom - location.bottom)
        result.append(Column(rect, enemy_zone, location, card, track, own_zone))
    return result
