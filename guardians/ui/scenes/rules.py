"""A game's rules summary (`guardians/games/<id>/rules_summary.md`), scrollable; "not written yet"
when the file does not exist. Markdown is shown simply: `#` headings in bold, `-` lists as bullets.
"""

from __future__ import annotations

from pathlib import Path

import pygame

import guardians.games
from guardians.ui import theme
from guardians.ui.app import App, Scene
from guardians.ui.widgets import Button, draw_box, wheel_steps

Line = tuple[str, int, bool, int]     # text, size, bold, indent


def rules_path(game_id: str) -> Path:
    return Path(guardians.games.__file__).parent / game_id / "rules_summary.md"


def rules_text(game_id: str, title: str) -> str:
    try:
        return rules_path(game_id).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return f"# {title}\n\nThe rules summary for {title} is not written yet."


def markdown_lines(text: str, width: int) -> list[Line]:
    """Wrap simple markdown into drawable lines."""
    out: list[Line] = []
    for raw in text.splitlines():
        stripped = raw.strip()
        if not stripped:
            out.append(("", 10, False, 0))
            continue
        if stripped.startswith("#"):
            level = len(stripped) - len(stripped.lstrip("#"))
            size = {1: 26, 2: 21}.get(level, 18)
            for line in theme.wrap(stripped.lstrip("#").strip(), theme.font(size, True), width):
                out.append((line, size, True, 0))
            continue
        indent, bullet = 0, ""
        if stripped[:2] in ("- ", "* "):
            indent, bullet, stripped = 22, "• ", stripped[2:]
        text_line = stripped.replace("**", "").replace("`", "")
        for i, line in enumerate(theme.wrap(text_line, theme.font(16), width - indent - 14)):
            out.append(((bullet if i == 0 else "") + line, 16, False, indent if i == 0 else indent + 14))
    return out


class RulesScene(Scene):
    def __init__(self, app: App, game_id: str, title: str) -> None:
        super().__init__(app)
        self.title = title
        self.text = rules_text(game_id, title)
        self.back = Button("Back", size=18)
        self.up = Button("▲")
        self.down = Button("▼")
        self.offset = 0
        self.lines: list[Line] = []
        self.view = pygame.Rect(0, 0, 0, 0)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.view = pygame.Rect(w // 2 - 460, 90, 880, h - 170)
        self.lines = markdown_lines(self.text, self.view.w - 30)
        self.up.rect = pygame.Rect(self.view.right + 8, self.view.y, 40, 40)
        self.down.rect = pygame.Rect(self.view.right + 8, self.view.bottom - 40, 40, 40)
        self.back.rect = pygame.Rect(w // 2 - 100, h - 64, 200, 46)
        self._scroll(0)

    def _content_height(self) -> int:
        return sum(theme.font(size, bold).get_linesize() if text else size for text, size, bold, _ in self.lines)

    def _scroll(self, pixels: int) -> None:
        limit = max(0, self._content_height() - self.view.h + 20)
        self.offset = max(0, min(self.offset + pixels, limit))
        self.up.enabled = self.offset > 0
        self.down.enabled = self.offset < limit
        self.up.visible = self.down.visible = limit > 0

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if self.back.handle(event) or (event.type == pygame.KEYDOWN
                                       and getattr(event, "key", None) == pygame.K_ESCAPE):
            self.app.pop()
        elif self.up.handle(event):
            self._scroll(-80)
        elif self.down.handle(event):
            self._scroll(80)
        elif event.type == pygame.MOUSEWHEEL:
            self._scroll(wheel_steps(event) * 48)

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        heading = theme.render(f"Rules — {self.title}", 30, theme.TEXT, bold=True)
        surface.blit(heading, heading.get_rect(midtop=(w // 2, 30)))
        draw_box(surface, self.view, theme.PANEL, theme.PANEL_EDGE)
        clip = surface.get_clip()
        surface.set_clip(self.view.inflate(-4, -4))
        y = self.view.y + 12 - self.offset
        for text, size, bold, indent in self.lines:
            if not text:
                y += size
                continue
            fnt = theme.font(size, bold)
            if y + fnt.get_linesize() > self.view.y and y < self.view.bottom:
                surface.blit(fnt.render(text, True, theme.TEXT), (self.view.x + 16 + indent, y))
            y += fnt.get_linesize()
        surface.set_clip(clip)
        for button in (self.back, self.up, self.down):
            button.draw(surface)
