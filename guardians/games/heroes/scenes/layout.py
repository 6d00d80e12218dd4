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

PAD = 6


@dataclass(frozen=True)
class Geometry:
    size: tuple[int, int]
    scale: float
    top: pygame.Rect
    right: pygame.Rect
    choices: pygame.Rect
    log: pygame.Rect
    centre: pygame.Rect
    enemy: pygame.Rect
    board: pygame.Rect
    strip: pygame.Rect
    own: pygame.Rect

    def px(self, value: float) -> int:
        """A length given for 1280×720, scaled to this window."""
        return int(round(value * self.scale))

    def font(self, value: float) -> int:
        """A font size given for 1280×720; grows more slowly than lengths so text stays in its boxes."""
        return int(round(value * (1 + (self.scale - 1) * 0.8)))


def geometry(size: tuple[int, int], players: int) -> Geometry:
    w, h = size
    scale = max(1.0, min(w / 1280, h / 720))
    px = lambda v: int(round(v * scale))  # noqa: E731
    top = pygame.Rect(0, 0, w, px(44))
    right_w = min(px(300), max(280, w // 4))
    right = pygame.Rect(w - right_w, top.bottom + PAD, right_w - PAD, h - top.bottom - 2 * PAD)
    log_h = int(right.h * 0.40)
    choices = pygame.Rect(right.x, right.y, right.w, right.h - log_h - PAD)
    log = pygame.Rect(right.x, choices.bottom + PAD, right.w, log_h)
    centre = pygame.Rect(PAD, top.bottom + PAD, right.x - 2 * PAD, h - top.bottom - 2 * PAD)
    enemy_h = px(96 if players == 4 else 84)
    own_h = px(232 if players == 4 else 216)
    strip_h = px(42)
    enemy = pygame.Rect(centre.x, centre.y, centre.w, enemy_h)
    own = pygame.Rect(centre.x, centre.bottom - own_h, centre.w, own_h)
    strip = pygame.Rect(centre.x, own.y - PAD - strip_h, centre.w, strip_h)
    board = pygame.Rect(centre.x, enemy.bottom + PAD, centre.w, strip.y - PAD - enemy.bottom - PAD)
    return Geometry(size, scale, top, right, choices, log, centre, enemy, board, strip, own)


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


def fit_row(sizes: list[tuple[int, int]], area: pygame.Rect, gap: int, min_scale: float = 0.5) -> list[pygame.Rect]:
    """Place items left to right, centred in `area`, shrunk together (down to `min_scale`) to fit;
    a row that still does not fit overlaps its items evenly."""
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
    x = area.x + (area.w - total) / 2
    rects = []
    for w, h in scaled:
        rects.append(pygame.Rect(int(x), area.centery - h // 2, w, h))
        x += w + gap + step_extra
    return rects
