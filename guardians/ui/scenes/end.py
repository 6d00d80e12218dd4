"""The end screen over the final table: winners by seat name, scores, the reason; Play again / Menu."""

from __future__ import annotations

import random

import pygame

from guardians.engine.actions import Result
from guardians.ui import theme
from guardians.ui.app import App, Scene
from guardians.ui.session import Session
from guardians.ui.widgets import Button, draw_box

MAX_SEED = 2**31 - 1


def headline(result: Result, names: list[str]) -> str:
    if result.coop_loss:
        return "The game beat you all"
    if not result.winners:
        return "A draw"
    winners = [names[s] for s in result.winners if 0 <= s < len(names)]
    if len(winners) == 1:
        return f"{winners[0]} wins!"
    return " and ".join(winners) + " win!"


class EndScene(Scene):
    overlay = True

    def __init__(self, app: App, play) -> None:
        super().__init__(app)
        self.play = play
        self.session: Session = play.session
        self.again = Button("Play again", primary=True, size=18)
        self.menu = Button("Menu", size=18)
        self.shown = False
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        result = self.session.state.result
        rows = len(result.scores) if result is not None else 0
        height = 250 + 26 * rows
        self.box = pygame.Rect(w // 2 - 300, (h - height) // 2, 600, height)
        self.again.rect = pygame.Rect(self.box.centerx - 210, self.box.bottom - 70, 200, 50)
        self.menu.rect = pygame.Rect(self.box.centerx + 10, self.box.bottom - 70, 200, 50)

    def busy(self) -> bool:
        return self.app.quit_when_over      # keep frames coming until the quit below

    def update(self, dt: float) -> None:
        if self.shown and self.app.quit_when_over:
            self.app.stop()

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        if self.again.handle(event):
            self.play_again()
        elif self.menu.handle(event):
            from guardians.ui.scenes.menu import MenuScene
            self.app.reset(MenuScene(self.app))

    def play_again(self) -> None:
        from guardians.ui.game_scenes import make_play_scene
        config = self.session.state.config
        session = Session.start(config, random.randrange(1, MAX_SEED), pace=self.app.settings.pace)
        self.app.reset(make_play_scene(self.app, session))

    def draw(self, surface: pygame.Surface) -> None:
        dim = pygame.Surface(surface.get_size(), pygame.SRCALPHA)
        dim.fill(theme.OVERLAY)
        surface.blit(dim, (0, 0))
        draw_box(surface, self.box, theme.PANEL, theme.ACCENT, 3, radius=12)
        state = self.session.state
        result = state.result
        names = [state.seat_name(s) for s in range(state.config.players)]
        x, y = self.box.x + 30, self.box.y + 24
        surface.blit(theme.render("Game over", 16, theme.TEXT_DIM, bold=True), (x, y))
        y += 28
        if result is None:
            self.shown = True
            return
        big = theme.render(headline(result, names), 34, theme.ACCENT, bold=True)
        surface.blit(big, (x, y))
        y += 52
        fnt = theme.font(16)
        for line in theme.wrap(f"Why: {result.reason}", fnt, self.box.w - 60)[:2]:
            surface.blit(fnt.render(line, True, theme.TEXT), (x, y))
            y += fnt.get_linesize()
        y += 12
        if result.scores:
            surface.blit(theme.render("Scores", 16, theme.TEXT_DIM, bold=True), (x, y))
            y += 26
            for seat, score in enumerate(result.scores):
                name = names[seat] if seat < len(names) else f"Seat {seat + 1}"
                mark = "  (winner)" if seat in result.winners else ""
                surface.blit(theme.render(f"{name}: {score}{mark}", 17, theme.TEXT,
                                          bold=seat in result.winners), (x + 12, y))
                y += 26
        self.again.draw(surface)
        self.menu.draw(surface)
        self.shown = True
