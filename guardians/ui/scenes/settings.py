"""Settings: window size, fullscreen and animation speed, saved to `settings.json` in the user folder."""

from __future__ import annotations

import pygame

from guardians.ui import theme
from guardians.ui.app import App, Scene
from guardians.ui.settings import SPEEDS, WINDOW_SIZES, Settings, save_settings
from guardians.ui.widgets import Button, Selector, draw_message

SPEED_LABELS = {"off": "Off (instant)", "fast": "Fast", "normal": "Normal", "slow": "Slow"}


class SettingsScene(Scene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        current = app.settings
        sizes = list(WINDOW_SIZES)
        if current.window_size not in sizes:
            sizes.append(current.window_size)
        self.size = Selector("Window size", [(s, f"{s[0]} × {s[1]}") for s in sizes])
        self.size.select(current.window_size)
        self.fullscreen = Selector("Fullscreen", [(False, "Off"), (True, "On (F11 toggles)")])
        self.fullscreen.select(current.fullscreen)
        self.speed = Selector("Animation", [(k, SPEED_LABELS[k]) for k in SPEEDS])
        self.speed.select(current.animation_speed)
        self.save = Button("Save", primary=True, size=18)
        self.cancel = Button("Cancel", size=18)
        self.error: str | None = None
        self.resize(app.size)

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, _ = size
        x, y = w // 2 - 300, 140
        for selector in (self.size, self.fullscreen, self.speed):
            selector.layout(pygame.Rect(x, y, 600, 42), label_width=170)
            y += 56
        self.save.rect = pygame.Rect(w // 2 - 210, y + 20, 200, 48)
        self.cancel.rect = pygame.Rect(w // 2 + 10, y + 20, 200, 48)
        self.message_y = y + 90

    def chosen(self) -> Settings:
        return Settings(window_size=self.size.value, fullscreen=self.fullscreen.value,
                        animation_speed=self.speed.value)

    def handle(self, event: pygame.event.Event) -> None:
        self.dirty = True
        for selector in (self.size, self.fullscreen, self.speed):
            selector.handle(event)
        if self.save.handle(event):
            self._save()
        elif self.cancel.handle(event) or (event.type == pygame.KEYDOWN
                                           and getattr(event, "key", None) == pygame.K_ESCAPE):
            self.app.pop()

    def _save(self) -> None:
        settings = self.chosen()
        try:
            save_settings(settings)
        except OSError as exc:
            self.error = f"Settings could not be saved: {exc.strerror or exc}"
            return
        self.app.settings = settings
        try:
            self.app.set_window(settings.window_size, settings.fullscreen)
        except pygame.error as exc:
            self.error = f"The window could not be changed: {exc}"
            return
        self.app.pop()

    def draw(self, surface: pygame.Surface) -> None:
        w, _ = surface.get_size()
        heading = theme.render("Settings", 30, theme.TEXT, bold=True)
        surface.blit(heading, heading.get_rect(midtop=(w // 2, 40)))
        note = theme.render("Animation sets how long each computer move stays on screen.", 14, theme.TEXT_DIM)
        surface.blit(note, note.get_rect(midtop=(w // 2, 92)))
        for widget in (self.size, self.fullscreen, self.speed, self.save, self.cancel):
            widget.draw(surface)
        if self.error:
            draw_message(surface, pygame.Rect(w // 2 - 300, self.message_y, 600, 0), self.error)
