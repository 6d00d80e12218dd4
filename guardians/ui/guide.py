"""The guided first game on the table (issue #18): the first time a kind of decision comes up, a short tip
says what to do now, with a link to that part of the rules reference.

The tips are content (`cards/<id>/guide.yaml`, read by `guardians.engine.guide`). They show in a guided game
(the menu's "Guided first game") or, with the setting "in every game", in any game; never with the setting
off. A tip is drawn over the log panel, so it hides neither the table nor the choices, and it never blocks a
move: the game goes on under it. "Got it" closes it (a later new kind of decision brings the next tip), "Not
again" closes it for good (kept in the settings), "Rules" opens the reference at the tip's section.
"""

from __future__ import annotations

from typing import Callable

import pygame

from guardians.engine.content import ContentErrors
from guardians.engine.guide import Guide, Tip, load_guide
from guardians.ui import theme
from guardians.ui.settings import Settings, save_settings
from guardians.ui.table.text import text, wrapped
from guardians.ui.widgets import Button, draw_box, event_pos, is_press, is_release

HEADING = "Tip for your first game"


def tips_on(settings: Settings, guided: bool) -> bool:
    """Whether a game shows tips: in a guided game or with "in every game", and never with tips off."""
    return settings.tips != "off" and (guided or settings.tips == "always")


class GuideTips:
    """The tips of one table: which were shown this game, the one showing now, its box and buttons."""

    def __init__(self, game_id: str, settings: Settings, guided: bool,
                 open_rules: Callable[[str | None], None], loader: Callable[[str], Guide] = load_guide) -> None:
        self.game_id = game_id
        self.settings = settings
        self.on = tips_on(settings, guided)
        self.open_rules = open_rules
        self.problem: str | None = None          # a broken guide file, in words (no tips then)
        self.guide = Guide(game_id, {})
        if self.on:
            try:
                self.guide = loader(game_id)
            except ContentErrors as exc:
                self.problem = f"The guide's tips cannot be shown: {exc.words()}"
        self.done: set[str] = set()              # keys shown (or skipped as seen) this game
        self.current: Tip | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)
        self.got_it = Button("Got it", size=14)
        self.never = Button("Not again", size=14)
        self.rules = Button("Rules", size=14)
        self._lines: list[str] = []
        self._size = 14
        self._pressed = False

    def seen_key(self, key: str) -> str:
        return f"{self.game_id}:{key}"

    def offer(self, phase: object, kind: str) -> bool:
        """A decision of `kind` in `phase` is shown to a player here: its tip comes up if it is new to this
        game and not put away for good. True when a new tip came up."""
        if not self.on:
            return False
        key = self.guide.key_for(phase, kind)
        if key is None or key in self.done:
            return False
        self.done.add(key)
        if self.seen_key(key) in self.settings.tips_seen:
            return False
        self.current = self.guide.tips[key]
        self.rect = pygame.Rect(0, 0, 0, 0)
        return True

    def dismiss(self) -> None:
        self.current = None

    def never_again(self) -> None:
        """Close the tip and keep it away in later games too (saved with the settings)."""
        tip = self.current
        self.current = None
        if tip is None:
            return
        key = self.seen_key(tip.key)
        if key not in self.settings.tips_seen:
            self.settings.tips_seen = (*self.settings.tips_seen, key)
            try:
                save_settings(self.settings)
            except OSError:
                pass              # kept for this session; the file could not be written

    # ----- layout and drawing ------------------------------------------------------------------------

    def layout(self, area: pygame.Rect, font_size: int) -> None:
        """Place the tip over the bottom of `area` (the log panel), growing upwards as its words need."""
        tip = self.current
        if tip is None:
            return
        self._size = font_size
        pad = max(6, font_size // 2)
        width = max(160, area.w)
        self._lines = list(wrapped(tip.say, font_size, width - 2 * pad))
        line_h = theme.font(font_size).get_linesize()
        button_h = line_h + pad
        height = pad + line_h + len(self._lines) * line_h + pad + button_h + pad
        self.rect = pygame.Rect(area.x, area.bottom - height, width, height)
        buttons = [self.got_it, self.never] + ([self.rules] if tip.rules else [])
        gap = pad
        bw = (width - 2 * pad - gap * (len(buttons) - 1)) // len(buttons)
        x, y = self.rect.x + pad, self.rect.bottom - pad - button_h
        for button in (self.got_it, self.never, self.rules):
            button.rect = pygame.Rect(0, 0, 0, 0)
            button.size = font_size
        for button in buttons:
            button.rect = pygame.Rect(x, y, bw, button_h)
            x += bw + gap

    def draw(self, surface: pygame.Surface) -> None:
        if self.current is None or self.rect.w <= 0:
            return
        size = self._size
        pad = max(6, size // 2)
        draw_box(surface, self.rect.move(3, 3), (6, 6, 10), radius=8)
        draw_box(surface, self.rect, theme.INFO_BG, theme.ACCENT, 2, radius=8)
        y = self.rect.y + pad
        surface.blit(text(HEADING, size, theme.ACCENT, True), (self.rect.x + pad, y))
        line_h = theme.font(size).get_linesize()
        y += line_h
        for line in self._lines:
            surface.blit(text(line, size, theme.TEXT), (self.rect.x + pad, y))
            y += line_h
        for button in (self.got_it, self.never, self.rules):
            button.draw(surface)

    # ----- clicks --------------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> bool:
        """The tip's share of an event: its buttons, and any click on its box (taken, so nothing under it is
        clicked by mistake). True when taken."""
        if self.current is None or self.rect.w <= 0:
            self._pressed = False
            return False
        for button in (self.got_it, self.never, self.rules):
            if button.handle(event):
                self._pressed = False
                if button is self.got_it:
                    self.dismiss()
                elif button is self.never:
                    self.never_again()
                else:
                    self.open_rules(self.current.rules)
                return True
        pos = event_pos(event)
        if pos is None:
            return False
        if is_press(event) and self.rect.collidepoint(pos):
            self._pressed = True
            return True
        if is_release(event) and self._pressed:
            self._pressed = False
            return True
        return False
