"""Layout helpers shared by the tables: the frame every table has (top bar, the table in the middle,
choices and log on the right), lengths scaled from 1280×720, rows of cards. Pure rectangles.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from guardians.ui import scaling

PAD = 6
CARD_RATIO = 1.4


class Scaled:
    """Mixed into a game's Geometry dataclass (which has a `scale` field)."""

    scale: float

    def px(self, value: float) -> int:
        """A length given for 1280×720, scaled to this window."""
        return int(round(value * self.scale))

    def font(self, value: float) -> int:
        """A font size given for 1280×720; grows more slowly than lengths so text stays in its boxes, and
        with the player's UI scale (`guardians.ui.scaling`)."""
        return scaling.font_px(value, self.scale)

    @property
    def min_text(self) -> int:
        """The smallest text this window allows (12 px at 1280×720)."""
        return self.font(scaling.MIN_TEXT_PX)


@dataclass(frozen=True)
class Frame(Scaled):
    """The regions every table has; a game's Geometry extends it with its own."""

    size: tuple[int, int]
    scale: float
    top: pygame.Rect
    right: pygame.Rect
    choices: pygame.Rect
    log: pygame.Rect
    centre: pygame.Rect


def frame(size: tuple[int, int], top_h: int, right_w: int, right_min: int, log_share: float) -> Frame:
    """The top bar (`top_h` high), the right column (`right_w` wide, at least `right_min` or a quarter of
    the window) split into choices and a log (`log_share` of it), and the table in the middle; lengths
    given for 1280×720, at the window's scale and the player's UI scale (`scaling.table_scale`; the column
    at most 40 % of the window)."""
    w, h = size
    scale = scaling.table_scale(size)
    px = lambda v: int(round(v * scale))  # noqa: E731
    top = pygame.Rect(0, 0, w, px(top_h))
    width = min(px(right_w), max(px(right_min), w // 4), int(w * 0.4))
    right = pygame.Rect(w - width, top.bottom + PAD, width - PAD, h - top.bottom - 2 * PAD)
    log_h = int(right.h * log_share)
    choices = pygame.Rect(right.x, right.y, right.w, right.h - log_h - PAD)
    log = pygame.Rect(right.x, choices.bottom + PAD, right.w, log_h)
    centre = pygame.Rect(PAD, top.bottom + PAD, right.x - 2 * PAD, h - top.bottom - 2 * PAD)
    return Frame(size, scale, top, right, choices, log, centre)


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


def fit_rows(count: int, size: tuple[int, int], area: pygame.Rect, gap: int, max_rows: int = 3,
             min_scale: float = 0.8) -> list[pygame.Rect]:
    """`count` items of one `size` in up to `max_rows` centred rows, in reading order: the fewest rows
    whose items are not overlapped, else the arrangement whose items show the largest size (a crowded
    row overlaps its items; a row shows its items no smaller than `min_scale` of the row's height)."""
    if count <= 0:
        return []
    w, h = size
    best: tuple[float, list[pygame.Rect]] | None = None
    for rows in range(1, max(1, max_rows) + 1):
        per_row = -(-count // rows)
        row_h = (area.h - gap * (rows - 1)) // rows
        if row_h < 8:
            break
        item_h = min(h, row_h)
        item_w = max(4, int(w * item_h / h))
        rects: list[pygame.Rect] = []
        for r in range(rows):
            n = min(per_row, count - r * per_row)
            band = pygame.Rect(area.x, area.y + r * (row_h + gap), area.w, row_h)
            rects += fit_row([(item_w, item_h)] * n, band, gap, min_scale=min_scale)
        shown = min(rects[0].w, min((b.x - a.x for a, b in zip(rects, rects[1:]) if b.y == a.y), default=w))
        if shown >= rects[0].w:
            return rects            # nothing overlaps: the fewest rows that fit
        score = shown * rects[0].h
        if best is None or score > best[0]:
            best = (score, rects)
    return best[1] if best else []


def overlap_hits(rects: list[pygame.Rect]) -> list[pygame.Rect]:
    """The visible part of each rect of left-to-right rows (`fit_rows`) where later items cover earlier ones."""
    hits = []
    for i, rect in enumerate(rects):
        if i + 1 < len(rects) and rects[i + 1].y == rect.y and rects[i + 1].x < rect.right:
            hits.append(pygame.Rect(rect.x, rect.y, max(4, rects[i + 1].x - rect.x), rect.h))
        else:
            hits.append(pygame.Rect(rect))
    return hits


def card_row(area: pygame.Rect, count: int, card_w: int, gap: int, min_w: int,
             align: str = "left", min_step: int = 6) -> list[pygame.Rect]:
    """`count` cards of width `card_w` (ratio 1.4, at most the area's height) in a row: shrunk down to
    `min_w` to show every card whole, then overlapped (each showing at least `min_step`)."""
    if count <= 0:
        return []
    card_h = min(area.h, int(card_w * CARD_RATIO))
    card_w = int(card_h / CARD_RATIO)
    fit_w = (area.w - gap * (count - 1)) // count
    if fit_w < card_w:
        card_w = max(min_w, fit_w)
        card_h = int(card_w * CARD_RATIO)
    total = count * card_w + (count - 1) * gap
    if total <= area.w:
        step = card_w + gap
        x = area.x if align == "left" else area.x + (area.w - total) // 2
    else:
        step = max(min_step, (area.w - card_w) // max(1, count - 1))
        x = area.x
    y = area.bottom - card_h if align == "left" else area.centery - card_h // 2
    return [pygame.Rect(x + i * step, y, card_w, card_h) for i in range(count)]
