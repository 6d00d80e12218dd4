"""The window, the frame loop and the scene stack.

The loop redraws only when a scene says something changed. When no scene is busy (no AI thinking,
nothing animating) it sleeps in `pygame.event.wait` until an event comes, so an idle table costs
almost nothing. pygame is initialised by `App()`, never at import.
"""

from __future__ import annotations

import os
import time
import warnings
from pathlib import Path

import pygame

from guardians.ui import art, scaling, theme
from guardians.ui.settings import MIN_SIZE, Settings
from guardians.ui.sound import SoundBoard

FPS = 60
IDLE_WAIT_MS = 500


def report_first_frame() -> None:
    """Start-up measurement: with GUARDIANS_FIRST_FRAME_FILE set, write the wall-clock time of the first
    frame shown, so a benchmark that noted the time before starting the process (source or frozen
    build alike) gets process start to first frame."""
    target = os.environ.get("GUARDIANS_FIRST_FRAME_FILE")
    if target:
        Path(target).write_text(repr(time.time()), encoding="utf-8")


class Scene:
    """One screen. Set `dirty` when the picture must change; `busy()` asks for frames at full rate."""

    overlay = False    # drawn over the scene below it instead of hiding it
    covers = False     # its draw paints every pixel of the window, so the window need not be cleared first

    def __init__(self, app: "App") -> None:
        self.app = app
        self.dirty = True

    def enter(self) -> None:
        """Called when the scene becomes the top of the stack (pushed, or uncovered by a pop)."""
        self.dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        self.dirty = True

    def handle(self, event: pygame.event.Event) -> None: ...

    def update(self, dt: float) -> None: ...

    def draw(self, surface: pygame.Surface) -> None: ...

    def busy(self) -> bool:
        return False

    def idle(self) -> bool:
        """A moment with nothing to draw: do a little of the work put off from the frames a player waits for
        (the table's kept pictures); True while some is left (the window loop then does not sleep)."""
        return False


class App:
    """Window, clock and scene stack (`push`, `pop`, `replace`, `reset`)."""

    def __init__(self, settings: Settings | None = None, size: tuple[int, int] | None = None,
                 quit_when_over: bool = False, fps: int = FPS, autoplay: bool = False) -> None:
        self._first_frame_reported = False
        self._idle_work = False           # the top scene has work left for idle moments (`Scene.idle`)
        self.settings = settings or Settings()
        scaling.set_ui_scale(self.settings.ui_scale)
        self.quit_when_over = quit_when_over
        self.autoplay = autoplay   # the computer plays every seat of every game shown, humans' too
        self.fps = fps     # the frame cap while a scene is busy (headless runs use a high one)
        pygame.display.init()
        pygame.font.init()
        pygame.display.set_caption("Guardians Tabletop")
        pygame.display.set_icon(art.window_icon())
        self.windowed_size = tuple(size or self.settings.window_size)
        self.fullscreen = False
        self.screen = self._set_mode(self.windowed_size, self.settings.fullscreen)
        scaling.set_window_size(self.screen.get_size())
        pygame.key.set_repeat(400, 40)
        self.clock = pygame.time.Clock()
        self.scenes: list[Scene] = []
        self.running = True
        self.exit_code = 0
        self.frames = 0
        self.last_config = None     # the last game started, so the menu can offer it again
        self._needs_redraw = True
        # The effects: the device is opened when a table is first shown (`SoundBoard.start`), not here.
        self.sound = SoundBoard(self.settings.volume, self.settings.muted)

    # ----- window ------------------------------------------------------------------------------

    def _set_mode(self, size: tuple[int, int], fullscreen: bool) -> pygame.Surface:
        if fullscreen:
            try:
                screen = pygame.display.set_mode((0, 0), pygame.FULLSCREEN)
                self.fullscreen = True
                return screen
            except pygame.error:
                pass
        size = (max(MIN_SIZE[0], size[0]), max(MIN_SIZE[1], size[1]))
        screen = pygame.display.set_mode(size, pygame.RESIZABLE)
        self.fullscreen = False
        self._set_minimum_size()
        return screen

    @staticmethod
    def _set_minimum_size() -> None:
        try:
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                window = pygame.Window.from_display_module()
            window.minimum_size = MIN_SIZE
        except Exception:   # older/newer pygame-ce: the resize handler clamps instead
            pass

    def set_window(self, size: tuple[int, int], fullscreen: bool) -> None:
        self.windowed_size = size
        self.screen = self._set_mode(size, fullscreen)
        self._resized()

    def set_ui_scale(self, percent: int) -> None:
        """Draw text and chrome at `percent` of their size for the window; every scene lays out again."""
        scaling.set_ui_scale(percent)
        self._resized()

    def toggle_fullscreen(self) -> None:
        self.screen = self._set_mode(self.windowed_size, not self.fullscreen)
        self._resized()

    def _resized(self) -> None:
        self.screen = pygame.display.get_surface()
        scaling.set_window_size(self.screen.get_size())
        for scene in self.scenes:
            scene.resize(self.screen.get_size())
        self._needs_redraw = True

    @property
    def size(self) -> tuple[int, int]:
        return self.screen.get_size()

    # ----- scenes ------------------------------------------------------------------------------

    @property
    def top(self) -> Scene | None:
        return self.scenes[-1] if self.scenes else None

    def push(self, scene: Scene) -> None:
        self.scenes.append(scene)
        scene.resize(self.size)
        scene.enter()
        self._needs_redraw = True

    def pop(self) -> Scene | None:
        scene = self.scenes.pop() if self.scenes else None
        if self.top is not None:
            self.top.enter()
        else:
            self.stop()
        self._needs_redraw = True
        return scene

    def replace(self, scene: Scene) -> None:
        if self.scenes:
            self.scenes.pop()
        self.push(scene)

    def reset(self, scene: Scene) -> None:
        """Clear the stack and show `scene` alone."""
        self.scenes.clear()
        self.push(scene)

    def stop(self, code: int = 0) -> None:
        self.running = False
        self.exit_code = code

    # ----- the loop ----------------------------------------------------------------------------

    def _events(self, wait: bool) -> list[pygame.event.Event]:
        top = self.top
        if wait and top is not None and not top.busy() and not self._needs_redraw and not top.dirty and \
                not self._idle_work:
            first = pygame.event.wait(IDLE_WAIT_MS)
            events = [] if first.type == pygame.NOEVENT else [first]
            return events + pygame.event.get()
        return pygame.event.get()

    def _global(self, event: pygame.event.Event) -> bool:
        """Window-level events; True when consumed."""
        if event.type == pygame.QUIT:
            self.stop()
            return True
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_F11:
            try:
                self.toggle_fullscreen()
            except pygame.error:
                pass
            return True
        if event.type in (pygame.VIDEORESIZE, pygame.WINDOWSIZECHANGED):
            current = pygame.display.get_surface()
            if current is not None and not self.fullscreen:
                w, h = current.get_size()
                if w < MIN_SIZE[0] or h < MIN_SIZE[1]:
                    pygame.display.set_mode((max(w, MIN_SIZE[0]), max(h, MIN_SIZE[1])), pygame.RESIZABLE)
                self.windowed_size = pygame.display.get_surface().get_size()
            self._resized()
            return True
        if event.type in (pygame.WINDOWEXPOSED, pygame.WINDOWRESTORED, pygame.WINDOWSHOWN):
            self._needs_redraw = True
        return False

    def step(self, wait: bool = True) -> None:
        """One frame: events, update, and a redraw if anything changed."""
        busy = self.top is not None and self.top.busy()
        dt = self.clock.tick(self.fps if busy and wait else 0) / 1000.0   # no frame cap when told not to wait
        for event in self._events(wait):
            if not self.running:
                break
            if self._global(event):
                continue
            if self.top is not None:
                self.top.handle(event)
        if self.running and self.top is not None:
            self.top.update(min(dt, 0.25))
        if self.running:
            drew = self.draw()
            top = self.top
            self._idle_work = not drew and top is not None and top.idle()
        self.frames += 1

    def visible_scenes(self) -> list[Scene]:
        start = len(self.scenes) - 1
        while start > 0 and self.scenes[start].overlay:
            start -= 1
        return self.scenes[max(0, start):]

    def draw(self, force: bool = False) -> bool:
        """Redraw when a visible scene is dirty; True when the screen changed."""
        visible = self.visible_scenes()
        if not (force or self._needs_redraw or any(s.dirty for s in visible)):
            return False
        if not visible or not visible[0].covers:
            self.screen.fill(theme.BG)
        for scene in visible:
            scene.draw(self.screen)
            scene.dirty = False
        pygame.display.flip()
        self._needs_redraw = False
        if not self._first_frame_reported:
            self._first_frame_reported = True
            report_first_frame()
        return True

    def run(self, max_frames: int | None = None) -> int:
        while self.running and self.top is not None:
            self.step(wait=True)
            if max_frames is not None and self.frames >= max_frames:
                break
        return self.exit_code

    def screenshot(self, path: Path | str) -> None:
        self.draw(force=True)
        path = Path(path)
        path.parent.mkdir(parents=True, exist_ok=True)
        pygame.image.save(self.screen, str(path))

    def close(self) -> None:
        pygame.display.quit()
