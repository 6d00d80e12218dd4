"""Settings: window size, fullscreen, UI scale, game speed, hover delay, sound and the guide's tips, saved to
`settings.json` in the user folder."""

from __future__ import annotations

import pygame

from guardians.ui import scaling
from guardians.ui.app import App
from guardians.ui.gui import GuiScene, Stepper, button, label, problem_box
from guardians.ui.settings import HOVER_DELAYS, SPEEDS, TIPS, UI_SCALES, WINDOW_SIZES, Settings, save_settings
from guardians.engine.words import counted

SPEED_LABELS = {"instant": "Instant (no animations)", "fast": "Fast", "normal": "Normal"}
HOVER_LABELS = {"none": "At once", "short": "After a short rest", "long": "After a longer rest"}
TIPS_LABELS = {"guided": "In a guided first game", "always": "In every game, until seen", "off": "Off"}
VOLUMES = tuple(range(0, 101, 10))


class SettingsScene(GuiScene):
    def __init__(self, app: App) -> None:
        super().__init__(app)
        current = app.settings
        sizes = list(WINDOW_SIZES)
        if current.window_size not in sizes:
            sizes.append(current.window_size)
        self.size = Stepper("Window size", [(s, f"{s[0]} × {s[1]}") for s in sizes])
        self.size.select(current.window_size)
        self.fullscreen = Stepper("Fullscreen", [(False, "Off"), (True, "On (F11 toggles)")])
        self.fullscreen.select(current.fullscreen)
        scales = sorted(set(UI_SCALES) | {current.ui_scale})
        self.ui_scale = Stepper("Text and UI size", [(v, f"{v}%") for v in scales])
        self.ui_scale.select(current.ui_scale)
        self.speed = Stepper("Game speed", [(k, SPEED_LABELS[k]) for k in SPEEDS])
        self.speed.select(current.animation_speed)
        self.hover = Stepper("Card on hover", [(k, HOVER_LABELS[k]) for k in HOVER_DELAYS])
        self.hover.select(current.hover_delay)
        self.tips = Stepper("Guide tips", [(k, TIPS_LABELS[k]) for k in TIPS])
        self.tips.select(current.tips)
        self.tips_seen = current.tips_seen     # tips put away with "Not again"; a button brings them back
        volumes = sorted(set(VOLUMES) | {current.volume})
        self.volume = Stepper("Sound volume", [(v, f"{v}%") for v in volumes])
        self.volume.select(current.volume)
        self.muted = Stepper("Sound", [(False, "On (M mutes at the table)"), (True, "Muted")])
        self.muted.select(current.muted)
        self.error: str | None = None

    @property
    def steppers(self) -> tuple[Stepper, ...]:
        return (self.size, self.fullscreen, self.ui_scale, self.speed, self.hover, self.volume, self.muted, self.tips)

    def forget(self) -> None:
        for stepper in self.steppers:
            stepper.forget()

    def build(self, size: tuple[int, int]) -> None:
        w, _ = size
        px = self.px
        label(self, pygame.Rect(0, px(36), w, px(44)), "Settings", object_id="#heading")
        label(self, pygame.Rect(0, px(92), w, px(24)),
              "Game speed sets how long each computer move stays on screen and how long animations take.",
              object_id="#subtitle")
        x, y, width = w // 2 - px(300), px(130), px(600)
        for stepper in self.steppers:
            stepper.build(self, pygame.Rect(x, y, width, px(40)), px(170))
            y += px(50)
        count = len(self.tips_seen)
        self.forget_tips = button(self, pygame.Rect(x + px(170), y - px(6), width - px(170), px(30)),
                                  f"Show the {counted(count, 'tip')} put away again", self._forget_tips,
                                  visible=bool(count))
        y += px(30) if count else 0
        self.save = button(self, pygame.Rect(w // 2 - px(210), y + px(20), px(200), px(48)), "Save", self._save,
                           primary=True)
        self.cancel = button(self, pygame.Rect(w // 2 + px(10), y + px(20), px(200), px(48)), "Cancel",
                             lambda: self.app.pop())
        if self.error:
            problem_box(self, pygame.Rect(x, y + px(90), width, 0), self.error)

    def escape(self) -> None:
        self.app.pop()

    def chosen(self) -> Settings:
        return Settings(window_size=self.size.value, fullscreen=self.fullscreen.value, ui_scale=self.ui_scale.value,
                        animation_speed=self.speed.value, volume=self.volume.value, muted=self.muted.value,
                        hover_delay=self.hover.value, tips=self.tips.value, tips_seen=self.tips_seen)

    def _forget_tips(self) -> None:
        """Every tip put away with "Not again" shows again (once saved)."""
        self.tips_seen = ()
        self.rebuild_soon()

    def _fail(self, message: str) -> None:
        self.error = message
        self.rebuild_soon()

    def _save(self) -> None:
        settings = self.chosen()
        try:
            save_settings(settings)
        except OSError as exc:
            self._fail(f"Settings could not be saved: {exc.strerror or exc}")
            return
        self.app.settings = settings
        self.app.sound.volume = settings.volume
        self.app.sound.set_muted(settings.muted)
        try:
            scaling.set_ui_scale(settings.ui_scale)       # before the window, which lays every scene out again
            self.app.set_window(settings.window_size, settings.fullscreen)
        except pygame.error as exc:
            self._fail(f"The window could not be changed: {exc}")
            return
        self.app.pop()
