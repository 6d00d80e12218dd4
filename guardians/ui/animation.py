"""Short tweens for showing what just happened: slides, floating numbers, a card shown while played.

Animations only decorate: the rules state has already changed when they start, and the scene draws
the final position of anything not animating. They never hold input back — the scene skips them all
on a click or key — and a speed of "instant" (headless runs, tests) adds none at all.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import pygame

from guardians.ui.settings import speed_name

# Duration multipliers by `Settings.animation_speed` (older names through `speed_name`).
SPEED_FACTORS: dict[str, float] = {"instant": 0.0, "fast": 0.55, "normal": 1.0}


def ease_out(t: float) -> float:
    return 1 - (1 - t) ** 3


def lerp_rect(a: pygame.Rect, b: pygame.Rect, t: float) -> pygame.Rect:
    return pygame.Rect(round(a.x + (b.x - a.x) * t), round(a.y + (b.y - a.y) * t),
                       round(a.w + (b.w - a.w) * t), round(a.h + (b.h - a.h) * t))


@dataclass
class Tween:
    """One thing moving from `start` to `end` (or staying put while it fades) for `duration` seconds.

    `key` names what moves (a ref like "hero:astra") so the scene can draw it here instead of at its
    final place; `kind` and `payload` tell the scene how to draw it.
    """

    key: str
    kind: str
    start: pygame.Rect
    end: pygame.Rect
    duration: float
    delay: float = 0.0
    payload: Any = None
    elapsed: float = field(default=0.0)

    @property
    def started(self) -> bool:
        return self.elapsed >= self.delay

    @property
    def progress(self) -> float:
        if self.duration <= 0:
            return 1.0
        return max(0.0, min(1.0, (self.elapsed - self.delay) / self.duration))

    @property
    def done(self) -> bool:
        return self.elapsed >= self.delay + self.duration

    def rect(self) -> pygame.Rect:
        return lerp_rect(self.start, self.end, ease_out(self.progress))


class Animator:
    """The running tweens. `factor` scales every duration; 0 turns animation off."""

    def __init__(self, factor: float = 1.0) -> None:
        self.factor = factor
        self.tweens: list[Tween] = []

    @classmethod
    def for_speed(cls, speed: str) -> "Animator":
        return cls(SPEED_FACTORS[speed_name(speed)])

    @property
    def enabled(self) -> bool:
        return self.factor > 0

    @property
    def active(self) -> bool:
        return bool(self.tweens)

    def add(self, key: str, kind: str, start: pygame.Rect, end: pygame.Rect, duration: float,
            delay: float = 0.0, payload: Any = None) -> Tween | None:
        if not self.enabled:
            return None
        tween = Tween(key, kind, pygame.Rect(start), pygame.Rect(end), duration * self.factor,
                      delay * self.factor, payload)
        self.tweens.append(tween)
        return tween

    def update(self, dt: float) -> bool:
        """Advance time; True while anything is (or just stopped) animating, so the scene redraws."""
        if not self.tweens:
            return False
        for tween in self.tweens:
            tween.elapsed += dt
        self.tweens = [t for t in self.tweens if not t.done]
        return True

    def skip(self) -> bool:
        """Finish everything at once; True when something was running."""
        running = bool(self.tweens)
        self.tweens = []
        return running

    def keys(self) -> set[str]:
        """What is being animated: the scene leaves these out of its still picture."""
        return {t.key for t in self.tweens}

    def of(self, kind: str) -> list[Tween]:
        return [t for t in self.tweens if t.kind == kind]

    def end_time(self) -> float:
        """Seconds until the last tween ends (unscaled by further updates)."""
        return max((t.delay + t.duration - t.elapsed for t in self.tweens), default=0.0)
