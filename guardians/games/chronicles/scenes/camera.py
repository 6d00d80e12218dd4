"""The map's zoom and scroll (issue #16: a base of nine tiles must stay readable in a small window).

A `Camera` is only numbers: how much larger than "fit" the cells are, and which point of the map (as a fraction
of its outline, 0.5 the middle) sits at the middle of the map area. Fractions survive a resize and a zoom; the
map geometry (`board.map_geo`) clamps them, so the map never leaves an empty band where there is more map to show.
Nothing here draws: the scene turns the wheel, the arrow keys and a drag into these calls and rebuilds the map.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

ZOOM_STEP = 1.25                 # one wheel notch or one key press
MAX_ZOOM = 4.0                   # also bounded by the largest cell the map draws (board.MAX_CELL)
SCROLL_SHARE = 0.2               # an arrow key scrolls this share of the visible map
DRAG_START = 6                   # pixels the pointer moves, button held, before a press becomes a drag


@dataclass
class Camera:
    zoom: float = 1.0
    fx: float = 0.5
    fy: float = 0.5

    @property
    def fitted(self) -> bool:
        return self.zoom <= 1.0

    def fit(self) -> bool:
        """Back to the whole base in view; True when that changed anything."""
        changed = not self.fitted or (self.fx, self.fy) != (0.5, 0.5)
        self.zoom, self.fx, self.fy = 1.0, 0.5, 0.5
        return changed

    def settle(self, outline: pygame.Rect, area: pygame.Rect) -> None:
        """Keep the fractions the map geometry actually used (it clamps them at the map's edges), so a scroll
        past an edge is not remembered and the way back starts at once."""
        if outline.w > 0 and outline.h > 0:
            self.fx = (area.centerx - outline.x) / outline.w
            self.fy = (area.centery - outline.y) / outline.h

    def zoom_by(self, steps: int, pointer: tuple[int, int], outline: pygame.Rect, area: pygame.Rect,
                max_zoom: float) -> bool:
        """Zoom `steps` notches (positive: in) about `pointer`: the map point under it stays under it. `outline` is
        the map as drawn now; True when the zoom changed."""
        new = max(1.0, min(max_zoom, MAX_ZOOM, self.zoom * ZOOM_STEP ** steps))
        if abs(new - self.zoom) < 1e-6:
            return False
        if new <= 1.0 + 1e-6:
            return self.fit()
        px = (pointer[0] - outline.x) / max(1, outline.w)         # the map point under the pointer
        py = (pointer[1] - outline.y) / max(1, outline.h)
        ratio = new / self.zoom
        w, h = outline.w * ratio, outline.h * ratio               # about: the gaps between tiles do not grow
        self.fx = (area.centerx - (pointer[0] - px * w)) / w
        self.fy = (area.centery - (pointer[1] - py * h)) / h
        self.zoom = new
        return True

    def scroll(self, dx: float, dy: float, outline: pygame.Rect) -> bool:
        """Move the view by (dx, dy) pixels of the map (positive: to see more of the east / south)."""
        if self.fitted or (not dx and not dy):
            return False
        self.fx += dx / max(1, outline.w)
        self.fy += dy / max(1, outline.h)
        return True


def place(length: int, room: int, start: int, fraction: float) -> int:
    """Where a map `length` long starts in an area `room` long from `start`: centred when it fits, else with the
    point `fraction` of the way along it at the middle, clamped so no empty band shows on either side."""
    if length <= room:
        return start + (room - length) // 2
    at = round(start + room / 2 - fraction * length)
    return max(start + room - length, min(start, at))
