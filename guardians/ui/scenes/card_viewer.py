"""The card viewer: every card a game ships, by section, large enough to read; hover for the full card.

Generic: a game lists its cards as `(section title, [CardFace, ...])` through
`guardians.games.<id>.scenes.card_catalogue()`. Reached from the menu and from a game's play scene;
`section` opens it at one section (a hero's deck during the draft, say).
"""

from __future__ import annotations

import pygame

from guardians.engine.table import CardFace
from guardians.ui import theme
from guardians.ui.app import App, Scene
from guardians.ui.cards import LARGE, card_size, card_surface
from guardians.ui.widgets import Button, ScrollList, draw_box, event_pos, wheel_steps

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


class CardViewerScene(Scene):
    def __init__(self, app: App, title: str, sections: list[Section], section: str | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.sections = [(name, list(faces)) for name, faces in sections]
        self.index = 0
        for i, (name, _) in enumerate(self.sections):
            if name == section:
                self.index = i
        self.tabs = ScrollList(size=15)
        self.tabs.set_items([name for name, _ in self.sections])
        self.back = Button("Back  (Esc)", size=17)
        self.up = Button("▲")
        self.down = Button("▼")
        self.offset = 0
        self.mouse = (-1, -1)
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.card = (180, 252)
        self.cells: list[tuple[pygame.Rect, CardFace]] = []
        self.resize(app.size)

    @property
    def faces(self) -> list[CardFace]:
        return self.sections[self.index][1] if self.sections else []

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        scale = max(1.0, min(w / 1280, h / 720))
        side = int(230 * min(scale, 1.3))
        self.tabs.layout(pygame.Rect(16, 84, side, h - 100))
        self.tabs.marked = {self.index}
        self.back.rect = pygame.Rect(w - 176, 18, 160, 40)
        self.grid = pygame.Rect(side + 32, 84, w - side - 32 - 64, h - 100)
        self.up.rect = pygame.Rect(self.grid.right + 8, self.grid.y, 40, 40)
        self.down.rect = pygame.Rect(self.grid.right + 8, self.grid.bottom - 40, 40, 40)
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
        self.up.visible = self.down.visible = limit > 0
        self.up.enabled = self.offset > 0
        self.down.enabled = self.offset < limit

    def _scroll(self, pixels: int) -> None:
        self.offset = max(0, self.offset + pixels)
        self._layout()

    def select(self, index: int) -> None:
        self.index = index
        self.offset = 0
        self.tabs.marked = {index}
        self._layout()

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        pos = event_pos(event)
        if pos is not None:
            self.mouse = pos
        if self.back.handle(event) or (event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE):
            self.app.pop()
            return
        if self.up.handle(event):
            self._scroll(-(self.card[1] + GAP))
            return
        if self.down.handle(event):
            self._scroll(self.card[1] + GAP)
            return
        if event.type == pygame.MOUSEWHEEL and self.grid.collidepoint(self.mouse):
            self._scroll(wheel_steps(event) * 60)
            return
        picked = self.tabs.handle(event)
        if picked is not None:
            self.select(picked)
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
        w, h = surface.get_size()
        name = self.sections[self.index][0] if self.sections else ""
        heading = theme.render(f"Cards — {self.title}", 26, theme.TEXT, bold=True)
        surface.blit(heading, (16, 22))
        sub = theme.render(f"{name} — {len(self.faces)} cards. Hover a card to read it large; ▲ ▼ or the wheel scroll.",
                           15, theme.TEXT_DIM)
        surface.blit(sub, (self.grid.x, 58))
        self.tabs.draw(surface)
        clip = surface.get_clip()
        surface.set_clip(self.grid)
        for rect, face in self.cells:
            if rect.bottom >= self.grid.y and rect.y <= self.grid.bottom:
                surface.blit(card_surface(face, self.card), rect)
        surface.set_clip(clip)
        for button in (self.back, self.up, self.down):
            button.draw(surface)
        hover = self.hovered()
        if hover is not None:
            rect, face = hover
            big = card_surface(face, LARGE)
            spot = big.get_rect(midleft=(rect.right + 12, rect.centery))
            if spot.right > w - 4:
                spot.midright = (rect.x - 12, rect.centery)
            spot.clamp_ip(pygame.Rect(0, 0, w, h))
            draw_box(surface, spot.move(5, 5), (6, 6, 10), radius=14)
            surface.blit(big, spot)
