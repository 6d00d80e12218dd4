"""A game's rules summary (`guardians/games/<id>/rules_summary.md`) in a scrolling pygame_gui text box;
"not written yet" when the file does not exist. Markdown is shown simply: `#` headings large and bold,
`-` lists as bullets, `**bold**` bold.
"""

from __future__ import annotations

import re
from pathlib import Path

import pygame
from pygame_gui.elements import UITextBox

from guardians.engine.guide import headings, rules_summary_path
from guardians.ui.app import App
from guardians.ui.gui import GuiScene, button, html_escape, label

HEADING_SIZES = {1: 26, 2: 21}
SUBHEADING_SIZE = 18


def rules_path(game_id: str) -> Path:
    return rules_summary_path(game_id)


def section_share(markdown: str, section: str) -> float | None:
    """Roughly how far down the text the heading `section` starts (0 at the top, by characters: wrapped
    lines follow them closely enough to bring the section into view); None when there is no such heading."""
    offset = 0
    for line in markdown.splitlines(keepends=True):
        if line.strip().startswith("#") and headings(line) == [section]:
            return offset / max(1, len(markdown))
        offset += len(line)
    return None


def rules_text(game_id: str, title: str) -> str:
    try:
        return rules_path(game_id).read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError):
        return f"# {title}\n\nThe rules summary for {title} is not written yet."


def _inline(text: str) -> str:
    text = html_escape(text.replace("`", ""))
    return re.sub(r"\*\*(.+?)\*\*", r"<b>\1</b>", text)


def markdown_html(text: str, scale: float = 1.0) -> str:
    """Simple markdown as the HTML subset a pygame_gui text box reads."""
    out: list[str] = []
    for raw in text.splitlines():
        stripped = raw.strip()
        if not stripped:
            out.append("")
            continue
        if stripped.startswith("#"):
            level = len(stripped) - len(stripped.lstrip("#"))
            size = round(HEADING_SIZES.get(level, SUBHEADING_SIZE) * scale)
            out.append(f"<font pixel_size={size}><b>{_inline(stripped.lstrip('#').strip())}</b></font>")
            continue
        if stripped[:2] in ("- ", "* "):
            out.append("    •  " + _inline(stripped[2:]))
            continue
        out.append(_inline(stripped))
    while out and not out[-1]:
        out.pop()
    return "<br>".join(out)


class RulesScene(GuiScene):
    def __init__(self, app: App, game_id: str, title: str, section: str | None = None) -> None:
        super().__init__(app)
        self.title = title
        self.text = rules_text(game_id, title)
        self.section = section          # a heading to open at (a guide tip's link), or None: the top

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.px
        label(self, pygame.Rect(0, px(28), w, px(44)), f"Rules — {self.title}", object_id="#heading")
        width = min(w - px(80), px(920))
        self.box = UITextBox(markdown_html(self.text, self.scale),
                             pygame.Rect(w // 2 - width // 2, px(90), width, h - px(90) - px(84)), self.ui)
        share = section_share(self.text, self.section) if self.section else None
        if share is not None and self.box.scroll_bar is not None:
            self.box.scroll_bar.set_scroll_from_start_percentage(max(0.0, share - 0.01))
        self.back = button(self, pygame.Rect(w // 2 - px(100), h - px(66), px(200), px(46)), "Back  (Esc)",
                           lambda: self.app.pop())

    def escape(self) -> None:
        self.app.pop()
