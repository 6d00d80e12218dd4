"""The table kit's small mouse-first widgets, drawn with plain pygame: Button and ScrollList (the play
scenes' prompt buttons and option list). The menu, settings, rules reader and card viewer use
pygame_gui instead (`guardians.ui.gui`).

Each widget has a `rect` the owning scene sets when it lays itself out, `handle(event)` that
returns what the event did, and `draw(surface)`. A click is a left press and release on the same
widget. Tests click them by posting mouse events at their rects.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Sequence

import pygame

from guardians.ui import text, theme

LEFT = 1
WHEEL_UP, WHEEL_DOWN = 4, 5


BOX_KEY = (255, 0, 253)      # the colour key of kept boxes (a box in this very colour is drawn directly)
BOX_MIN_AREA = 1200          # smaller boxes are drawn directly: as quick as blitting them
BOX_MAX_AREA = 250_000       # and so are the largest (a board's background): little faster, a megabyte each


def draw_box(surface: pygame.Surface, rect: pygame.Rect, fill: tuple, edge: tuple | None = None,
             width: int = 1, radius: int = 6) -> None:
    """A rounded box with an optional edge. Panels, spaces and chips are the same few boxes frame after
    frame, and a large rounded box is slow to draw: opaque boxes of some size are drawn once, kept with
    their corners as a run-length encoded colour key, and blitted (the same pixels)."""
    rect = pygame.Rect(rect)
    if BOX_MIN_AREA <= rect.w * rect.h <= BOX_MAX_AREA and _opaque(fill) and (edge is None or _opaque(edge)):
        fill, edge = tuple(fill)[:3], tuple(edge)[:3] if edge is not None else None
        if BOX_KEY not in (fill, edge):
            surface.blit(_box(rect.w, rect.h, fill, edge, width, radius), rect.topleft)
            return
    pygame.draw.rect(surface, fill, rect, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(surface, edge, rect, width, border_radius=radius)


def _opaque(colour) -> bool:
    return len(colour) == 3 or colour[3] == 255


@lru_cache(maxsize=256)
def _box(w: int, h: int, fill: tuple, edge: tuple | None, width: int, radius: int) -> pygame.Surface:
    box = pygame.Surface((w, h))
    if pygame.display.get_surface() is not None:
        box = box.convert()
    box.fill(BOX_KEY)
    local = pygame.Rect(0, 0, w, h)
    pygame.draw.rect(box, fill, local, border_radius=radius)
    if edge is not None:
        pygame.draw.rect(box, edge, local, width, border_radius=radius)
    box.set_colorkey(BOX_KEY, pygame.RLEACCEL)
    return box


def event_pos(event: pygame.event.Event) -> tuple[int, int] | None:
    pos = getattr(event, "pos", None)
    if isinstance(pos, tuple) and len(pos) == 2:
        return int(pos[0]), int(pos[1])
    return None


def is_press(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == LEFT


def is_release(event: pygame.event.Event) -> bool:
    return event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == LEFT


def wheel_steps(event: pygame.event.Event) -> int:
    """+1 per notch scrolled down, -1 per notch up (MOUSEWHEEL only; buttons 4/5 are ignored)."""
    if event.type == pygame.MOUSEWHEEL:
        return -int(getattr(event, "y", 0))
    return 0


@lru_cache(maxsize=512)
def _label(label: str, size: int, bold: bool, width: int, ink: tuple) -> pygame.Surface:
    """A button's words, cut to its width: buttons are drawn every frame, their words rarely change."""
    fnt = theme.font(size, bold=bold)
    return fnt.render(theme.ellipsize(label, fnt, width), True, ink)


class Button:
    """A labelled button; `handle` returns True when it was clicked."""

    def __init__(self, label: str, primary: bool = False, enabled: bool = True, size: int = 16) -> None:
        self.label = label
        self.primary = primary
        self.enabled = enabled
        self.visible = True
        self.size = size
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.hover = False
        self._armed = False

    @property
    def active(self) -> bool:
        return self.visible and self.enabled and self.rect.w > 0

    def handle(self, event: pygame.event.Event) -> bool:
        pos = event_pos(event)
        if event.type == pygame.MOUSEMOTION and pos is not None:
            self.hover = self.rect.collidepoint(pos)
            return False
        if not self.active or pos is None:
            self._armed = False
            return False
        if is_press(event):
            self._armed = self.rect.collidepoint(pos)
        elif is_release(event):
            clicked = self._armed and self.rect.collidepoint(pos)
            self._armed = False
            return clicked
        return False

    def draw(self, surface: pygame.Surface) -> None:
        if not self.visible or self.rect.w <= 0:
            return
        if not self.enabled:
            fill, ink = theme.BUTTON_DISABLED, theme.TEXT_DIM
        elif self._armed:
            fill, ink = theme.BUTTON_PRESS, theme.TEXT
        elif self.primary:
            fill = theme.BUTTON_PRIMARY_HOVER if self.hover else theme.BUTTON_PRIMARY
            ink = theme.TEXT
        else:
            fill, ink = (theme.BUTTON_HOVER if self.hover else theme.BUTTON), theme.TEXT
        edge = theme.ACCENT if self.hover and self.enabled else theme.PANEL_EDGE
        draw_box(surface, self.rect, fill, edge, 2 if self.hover and self.enabled else 1)
        img = _label(self.label, self.size, self.primary, self.rect.w - 12, ink)
        surface.blit(img, img.get_rect(center=self.rect.center))


class ScrollList:
    """A vertical list of clickable rows (one to four lines each) that scrolls by wheel or ▲ / ▼, a whole row
    at a time (only whole rows are shown)."""

    ROW_GAP = 4
    STEP = 40
    MAX_LINES = 4

    def __init__(self, size: int = 15) -> None:
        self.size = size
        self.labels: list[str] = []
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.offset = 0
        self.hover: int | None = None
        self.marked: set[int] = set()
        self.up = Button("▲")
        self.down = Button("▼")
        self._rows: list[pygame.Rect] = []   # content coordinates (y from 0)
        self._lines: list[list[str]] = []
        self._armed: int | None = None
        self._mouse = (-1, -1)
        self._laid: tuple | None = None     # (labels, rect, size, font) the rows were laid out for

    # ----- layout ------------------------------------------------------------------------------

    def set_items(self, labels: Sequence[str]) -> None:
        if list(labels) != self.labels:
            self.labels = list(labels)
            self.offset = 0
        self._relayout()

    def layout(self, rect: pygame.Rect) -> None:
        self.rect = pygame.Rect(rect)
        self._relayout()

    @property
    def overflow(self) -> bool:
        return bool(self._rows) and self._rows[-1].bottom > self.rect.h

    @property
    def view(self) -> pygame.Rect:
        """Where rows are shown: the list rect less the arrow strip when the rows overflow."""
        if self.overflow:
            room = self._arrow_h() + 4
            return pygame.Rect(self.rect.x, self.rect.y + room, self.rect.w, self.rect.h - 2 * room)
        return pygame.Rect(self.rect)

    def _arrow_h(self) -> int:
        """The ▲ / ▼ strips: their arrows as large as the rows' words (they grow with the window too)."""
        return max(26, theme.font(self.size).get_linesize() + 8)

    def _relayout(self) -> None:
        fnt = theme.font(self.size)
        laid = (tuple(self.labels), tuple(self.rect), self.size, id(fnt))
        if laid == self._laid:              # the table is rebuilt after every move; its list often is not
            return
        self._laid = laid
        width = max(10, self.rect.w - 16)
        self._rows, self._lines, y = [], [], 0
        for label in self.labels:
            lines = theme.wrap(label, fnt, width)
            if len(lines) > self.MAX_LINES:     # an option's words are read whole: a row takes up to four lines
                lines = lines[:self.MAX_LINES - 1] + [theme.ellipsize(" ".join(lines[self.MAX_LINES - 1:]), fnt, width)]
            height = 12 + fnt.get_linesize() * len(lines)
            self._rows.append(pygame.Rect(0, y, self.rect.w, max(34, height)))
            self._lines.append(lines)
            y += self._rows[-1].h + self.ROW_GAP
        arrow_h = self._arrow_h()
        self.up.size = self.down.size = max(16, self.size)
        self.up.rect = pygame.Rect(self.rect.x, self.rect.y, self.rect.w, arrow_h)
        self.down.rect = pygame.Rect(self.rect.x, self.rect.bottom - arrow_h, self.rect.w, arrow_h)
        self.up.visible = self.down.visible = self.overflow
        self._clamp()

    def _max_offset(self) -> int:
        """The top of the first row from which every row below fits in the view (rows are shown whole)."""
        if not self._rows:
            return 0
        view_h, last = self.view.h, self._rows[-1].bottom
        return next((row.y for row in self._rows if last - row.y <= view_h), self._rows[-1].y)

    def _clamp(self) -> None:
        """The offset is the top of a row, within the rows: the list never starts on half a row."""
        self.offset = max(0, min(self.offset, self._max_offset()))
        self.offset = max((row.y for row in self._rows if row.y <= self.offset), default=0)
        self.up.enabled = self.offset > 0
        self.down.enabled = self.offset < self._max_offset()

    def scroll(self, pixels: int) -> None:
        """Down (positive) or up by whole rows: one per `STEP` pixels asked, at least one."""
        if not pixels or not self._rows:
            return
        tops = [row.y for row in self._rows]
        here = max((i for i, top in enumerate(tops) if top <= self.offset), default=0)
        steps = max(1, round(abs(pixels) / self.STEP))
        self.offset = tops[max(0, min(len(tops) - 1, here + (steps if pixels > 0 else -steps)))]
        self._clamp()

    def _shown(self, row: pygame.Rect, view: pygame.Rect) -> bool:
        """Whether a row (on screen) is drawn: only whole rows, but a row taller than the view is shown from its
        top when it comes first (it could never be read otherwise)."""
        return view.contains(row) or (row.y == view.y and row.h > view.h)

    def row_rect(self, index: int) -> pygame.Rect | None:
        """The on-screen rect of row `index` if it is wholly visible, else None."""
        if not 0 <= index < len(self._rows):
            return None
        view = self.view
        row = self._rows[index].move(view.x, view.y - self.offset)
        return row if self._shown(row, view) else None

    def index_at(self, pos: tuple[int, int]) -> int | None:
        """The row under `pos`, counting only rows shown in the view."""
        view = self.view
        if not view.collidepoint(pos):
            return None
        for i, row in enumerate(self._rows):
            rect = row.move(view.x, view.y - self.offset)
            if rect.collidepoint(pos) and self._shown(rect, view):
                return i
        return None

    # ----- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> int | None:
        """The index of a clicked row, else None (scrolling and hover are handled here)."""
        if self.up.handle(event):
            self.scroll(-self.STEP)
            return None
        if self.down.handle(event):
            self.scroll(self.STEP)
            return None
        pos = event_pos(event)
        if pos is not None:
            self._mouse = pos
        if event.type == pygame.MOUSEWHEEL:
            if self.rect.collidepoint(self._mouse):
                self.scroll(wheel_steps(event) * self.STEP)
            return None
        if pos is None:
            return None
        if event.type == pygame.MOUSEMOTION:
            self.hover = self.index_at(pos)
        elif is_press(event):
            self._armed = self.index_at(pos)
        elif is_release(event):
            index = self.index_at(pos)
            clicked = index if index is not None and index == self._armed else None
            self._armed = None
            return clicked
        return None

    def draw(self, surface: pygame.Surface) -> None:
        if self.rect.w <= 0:
            return
        view = self.view
        fnt = theme.font(self.size)
        clip = surface.get_clip()
        surface.set_clip(view)
        for i, row in enumerate(self._rows):
            rect = row.move(view.x, view.y - self.offset)
            if not self._shown(rect, view):              # whole rows only: never half a row at an edge
                continue
            hot = i == self.hover
            marked = i in self.marked
            fill = theme.BUTTON_HOVER if hot or marked else theme.BUTTON
            edge = theme.ACCENT if hot or marked else theme.PANEL_EDGE
            draw_box(surface, rect, fill, edge, 2 if hot or marked else 1)
            theme.blit_lines(surface, self._lines[i], fnt, theme.TEXT, rect.x + 8, rect.y + 6)
        surface.set_clip(clip)
        if self.overflow:
            self.up.draw(surface)
            self.down.draw(surface)


def draw_message(surface: pygame.Surface, rect: pygame.Rect, message: str, error: bool = True,
                 size: int = 15) -> int:
    """A wrapped message box at the top of `rect`, sized to its text; returns its height."""
    prefix = "Problem: " if error else ""
    img = text.render_wrapped(prefix + message, theme.font(size), theme.TEXT, rect.w - 20)
    box = pygame.Rect(rect.x, rect.y, rect.w, img.get_height() + 14)
    draw_box(surface, box, theme.ERROR_BG if error else theme.INFO_BG,
             theme.ERROR_EDGE if error else theme.PANEL_EDGE, 2)
    surface.blit(img, (box.x + 10, box.y + 7))
    return box.h
