"""The card viewer: every card a game ships, by section, large enough to read; hover for the full card.
The section list, Back and the scroll arrows are pygame_gui widgets; the cards are drawn under them.

Generic: a game lists its cards as `(section title, [CardFace, ...])` through
`guardians.games.<id>.scenes.card_catalogue()`. Reached from the menu and from a game's play scene;
`section` opens it at one section (a hero's deck during the draft, say).
"""

from __future__ import annotations

import pygame

from guardians.engine.table import CardFace
from guardians.ui import scaling
from guardians.ui.app import App
from guardians.ui.cards import LARGE, card_size, card_surface
from guardians.ui.gui import ButtonList, GuiScene, button, fit_label, label
from guardians.ui.widgets import draw_box, event_pos, wheel_steps

Section = tuple[str, list[CardFace]]
GAP = 14


def open_card_viewer(app: App, game_id: str, title: str, section: str | None = None) -> bool:
    """Push the viewer for `game_id`; False when the game has no catalogue."""
    from guardians.ui.game_scenes import card_catalogue

    sections = card_catalogue(game_id)
    if not sections:
        return False
    app.push(CardViewerScene(app, title, sections, section))
    return True


class CardViewerScene(GuiScene):
    """Sections in a pygame_gui button list on the left; the cards of the chosen one in a grid drawn
    under the widgets, scrolled by the wheel or the ▲ / ▼ buttons; the hovered card large on top."""

    def __init__(self, app: App, title: str, sections: list[Section], section: str | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.sections = [(name, list(faces)) for name, faces in sections]
        self.index = 0
        for i, (name, _) in enumerate(self.sections):
            if name == section:
                self.index = i
        self.tabs = ButtonList([name for name, _ in self.sections], self.select)
        self.tabs.marked = self.index
        self.offset = 0
        self.mouse = (-1, -1)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.card = (180, 252)
        self.cells: list[tuple[pygame.Rect, CardFace]] = []

    @property
    def faces(self) -> list[CardFace]:
        return self.sections[self.index][1] if self.sections else []

    def forget(self) -> None:
        self.tabs.forget()

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.px
        scale = scaling.table_scale((w, h))
        side = int(230 * min(scale, 1.3))
        label(self, pygame.Rect(16, px(18), w - px(220), px(36)), f"Cards — {self.title}", object_id="#page_title")
        self.tabs.build(self, pygame.Rect(16, px(84), side, h - px(100)), px(36))
        self.back = button(self, pygame.Rect(w - px(176), px(18), px(160), px(40)), "Back  (Esc)",
                           lambda: self.app.pop())
        self.grid = pygame.Rect(side + 32, px(84), w - side - 32 - px(64), h - px(100))
        self.sub = label(self, pygame.Rect(self.grid.x, px(56), self.grid.w, px(24)), "")
        self.up = button(self, pygame.Rect(self.grid.right + px(8), self.grid.y, px(40), px(40)), "▲",
                         lambda: self._scroll(-(self.card[1] + GAP)))
        self.down = button(self, pygame.Rect(self.grid.right + px(8), self.grid.bottom - px(40), px(40), px(40)),
                           "▼", lambda: self._scroll(self.card[1] + GAP))
        width = int(min(220, max(150, 170 * scale)))
        self.card = card_size(width)
        self._layout()

    def _layout(self) -> None:
        cw, ch = self.card
        columns = max(1, (self.grid.w + GAP) // (cw + GAP))
        self.cells = []
        for i, face in enumerate(self.faces):
            row, col = divmod(i, columns)
            rect = pygame.Rect(self.grid.x + col * (cw + GAP), self.grid.y + row * (ch + GAP) - self.offset, cw, ch)
            self.cells.append((rect, face))
        rows = -(-len(self.faces) // columns)
        limit = max(0, rows * (ch + GAP) - GAP - self.grid.h)
        if self.offset > limit:
            self.offset = limit
            self._layout()
            return
        for arrow, usable in ((self.up, self.offset > 0), (self.down, self.offset < limit)):
            arrow.show() if limit > 0 else arrow.hide()
            arrow.enable() if usable else arrow.disable()
        name = self.sections[self.index][0] if self.sections else ""
        self.sub.set_text(f"{name} — {len(self.faces)} cards. Hover a card to read it large; "
                          f"▲ ▼ or the wheel scroll.")
        fit_label(self.sub)
        self.changed()

    def _scroll(self, pixels: int) -> None:
        self.offset = max(0, self.offset + pixels)
        self._layout()

    def select(self, index: int) -> None:
        self.index = index
        self.offset = 0
        self.tabs.mark(index)
        self._layout()

    def escape(self) -> None:
        self.app.pop()

    def handle(self, event: pygame.event.Event) -> None:
        pos = event_pos(event)
        if pos is not None:
            self.mouse = pos
        super().handle(event)
        if self.app.top is not self:
            return
        if event.type == pygame.MOUSEWHEEL and self.grid.collidepoint(self.mouse):
            self._scroll(wheel_steps(event) * 60)
        elif event.type == pygame.KEYDOWN and getattr(event, "key", None) in (pygame.K_DOWN, pygame.K_UP):
            step = 1 if event.key == pygame.K_DOWN else -1
            self.select((self.index + step) % max(1, len(self.sections)))

    def hovered(self) -> tuple[pygame.Rect, CardFace] | None:
        if not self.grid.collidepoint(self.mouse):
            return None
        for rect, face in self.cells:
            if rect.collidepoint(self.mouse):
                return rect, face
        return None

    def draw(self, surface: pygame.Surface) -> None:
        clip = surface.get_clip()
        surface.set_clip(self.grid)
        for rect, face in self.cells:
            if rect.bottom >= self.grid.y and rect.y <= self.grid.bottom:
                surface.blit(card_surface(face, self.card), rect)
        surface.set_clip(clip)
        self.ui.draw_ui(surface)
        hover = self.hovered()
        if hover is not None:
            draw_zoom(surface, *hover)


def draw_zoom(surface: pygame.Surface, anchor: pygame.Rect, face: CardFace) -> None:
    """The card large beside `anchor` (right of it, else left), kept inside the window, with a shadow:
    the viewer's hover, shared with the scenes that list cards (the realms deck builder)."""
    w, h = surface.get_size()
    big = card_surface(face, LARGE)
    spot = big.get_rect(midleft=(anchor.right + 12, anchor.centery))
    if spot.right > w - 4:
        spot.midright = (anchor.x - 12, anchor.centery)
    spot.clamp_ip(pygame.Rect(0, 0, w, h))
    draw_box(surface, spot.move(5, 5), (6, 6, 10), radius=14)
    surface.blit(big, spot)
