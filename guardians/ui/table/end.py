"""The end frame over a game's final table: a dimmed table, a box with "Game over", the headline and the
reason, the game's own rows, and "Play again" / "Menu" (from the shell's end screen).

A game subclasses `TableEndScene` with `headline()`, `box_size()` and `draw_body()`; `f(v)` is a size
given for 1280×720 (grown with the window when `SCALED`).
"""

from __future__ import annotations

from typing import Any, Callable

import pygame

from guardians.ui import scaling, theme
from guardians.ui.scenes.end import EndScene
from guardians.ui.table.text import fitted, text, wrapped
from guardians.ui.widgets import draw_box


def win_headline(state, name_of: Callable[[Any], str], side_of: Callable[[int], Any] = lambda seat: seat) -> str:
    """"<side> wins!" for the side of the first winner (a seat, or a team with `side_of`), with "you win" /
    "you lose" when every human sits on one side; "Game over" before a result, "A draw" without a winner."""
    result = state.result
    if result is None:
        return "Game over"
    if not result.winners:
        return "A draw"
    side = side_of(result.winners[0])
    human_sides = {side_of(s) for s in range(state.n) if not state.seat_is_ai(s)}
    if len(human_sides) == 1:
        return f"{name_of(side)} wins — you {'win' if side in human_sides else 'lose'}!"
    return f"{name_of(side)} wins!"


class TableEndScene(EndScene):
    SCALED = True            # sizes grow with the window (up to 1.3 times)
    MARGIN = (28, 18)        # the text's inset in the box
    GAPS = (24, 46, 8)       # after "Game over", after the headline, after the reason
    SIZES = (15, 32, 15)     # "Game over", the headline, the reason
    REASON = "{}"            # how the reason is worded
    BUTTON = (200, 66, 48)   # the buttons' width, distance from the box's bottom, height

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.scale = scaling.table_scale((w, h)) if self.SCALED else 1.0
        self.k = min(self.scale, 1.3)
        width, height = self.box_size(w, h)
        self.box = pygame.Rect((w - width) // 2, (h - height) // 2, width, height)
        bw = int(self.BUTTON[0] * min(self.scale, 1.2))
        bottom = self.box.bottom - self.BUTTON[1]
        self.again.rect = pygame.Rect(self.box.centerx - bw - 10, bottom, bw, self.BUTTON[2])
        self.menu.rect = pygame.Rect(self.box.centerx + 10, bottom, bw, self.BUTTON[2])

    def f(self, value: float) -> int:
        return int(round(value * (1 + (self.k - 1) * 0.8)))

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        return 600, 300

    def fitted_height(self, width: int, body_h: int) -> int:
        """The height of a box `width` wide that holds the heading, the reason as wrapped, `body_h` of the game's
        rows and the buttons, the box's top margin between the rows and the buttons (no empty band)."""
        f = self.f
        reason_px = f(self.SIZES[2])
        lines = 0
        if self.session.state.result is not None:
            lines = len(wrapped(self.reason_words(self.session.state), reason_px, width - 2 * self.MARGIN[0])[:2])
        head = self.MARGIN[1] + f(self.GAPS[0]) + f(self.GAPS[1]) + lines * theme.font(reason_px).get_linesize()
        return head + f(self.GAPS[2]) + body_h + self.MARGIN[1] + self.BUTTON[1]

    def headline(self, state) -> str:
        return "Game over"

    def headline_colour(self, state) -> tuple[int, int, int]:
        return theme.ACCENT

    def reason_words(self, state) -> str:
        """The result's reason as the player reads it (a game may put its code into words)."""
        return self.REASON.format(state.result.reason)

    def draw_body(self, surface: pygame.Surface, x: int, y: int) -> None:
        """The game's own rows, from (x, y) down to the buttons."""

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(theme.OVERLAY)
        surface.blit(dim, (0, 0))
        box = self.box
        draw_box(surface, box, theme.PANEL, theme.ACCENT, 3, radius=12)
        state = self.session.state
        f = self.f
        over_px, head_px, reason_px = (f(v) for v in self.SIZES)
        x, y = box.x + self.MARGIN[0], box.y + self.MARGIN[1]
        width = box.w - 2 * self.MARGIN[0]
        surface.blit(text("Game over", over_px, theme.TEXT_DIM, True), (x, y))
        y += f(self.GAPS[0])
        surface.blit(fitted(self.headline(state), head_px, width, self.headline_colour(state), True), (x, y))
        y += f(self.GAPS[1])
        result = state.result
        if result is not None:
            for line in wrapped(self.reason_words(state), reason_px, width)[:2]:
                surface.blit(text(line, reason_px, theme.TEXT), (x, y))
                y += theme.font(reason_px).get_linesize()
        self.draw_body(surface, x, y + self.GAPS[2])
        self.again.draw(surface)
        self.menu.draw(surface)
        self.shown = True
