"""Hotseat hand-over: an opaque "Pass to <seat>" screen that hides the table until clicked."""

from __future__ import annotations

import pygame

from guardians.ui import theme
from guardians.ui.app import App, Scene
from guardians.ui.session import Session
from guardians.ui.widgets import Button


class HandoverScene(Scene):
    overlay = False     # opaque: nothing of the table shows through

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        seat = session.human_to_move
        self.name = session.state.seat_name(seat) if seat is not None else "the next player"
        self.ready = Button(f"I am {self.name}: show my cards", primary=True, size=20)
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        self.ready.rect = pygame.Rect(w // 2 - 220, h // 2 + 30, 440, 64)

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if self.ready.handle(event):
            self.session.accept_handover()
            self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        surface.fill(theme.BG)
        big = theme.render(f"Pass to {self.name}", 44, theme.ACCENT, bold=True)
        surface.blit(big, big.get_rect(center=(w // 2, h // 2 - 80)))
        note = theme.render("Everyone else, please look away: this player's hidden cards are next.",
                            17, theme.TEXT_DIM)
        surface.blit(note, note.get_rect(center=(w // 2, h // 2 - 20)))
        self.ready.draw(surface)
