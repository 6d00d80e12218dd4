"""The player's settings (window size, fullscreen, UI scale, game speed, hover delay, sound volume and mute,
the guide's tips), kept as JSON in the user folder.

A missing or damaged settings file gives the defaults; it is rewritten only when the player saves.
"""

from __future__ import annotations

import json
from dataclasses import asdict, dataclass
from pathlib import Path

from guardians.engine.paths import user_dir
from guardians.engine.saves import write_atomic

MIN_SIZE = (1024, 640)       # the smallest window the tables are laid out for (scaled down from 1280×720)
WINDOW_SIZES: tuple[tuple[int, int], ...] = ((1024, 640), (1280, 720), (1366, 768), (1600, 900), (1920, 1080),
                                             (2560, 1440), (3840, 2160))
DEFAULT_SIZE = (1280, 720)
UI_SCALES = (80, 90, 100, 110, 125, 150, 175, 200)   # percent: text and chrome on top of the window's scale
# Game speed: how long a computer move stays on screen before the next one (seconds); the animations follow
# it (guardians.ui.animation.SPEED_FACTORS).
SPEEDS: dict[str, float] = {"instant": 0.0, "fast": 0.25, "normal": 0.6}
# names older settings files (and callers) may still use, and the speed they mean now
OLD_SPEEDS: dict[str, str] = {"off": "instant", "slow": "normal"}
# Hover delay: how long the pointer rests on a piece before its large card shows (seconds).
HOVER_DELAYS: dict[str, float] = {"none": 0.0, "short": 0.35, "long": 0.8}
# The guide's tips: only in a guided first game (the menu's button), in every game until seen, or never.
TIPS: tuple[str, ...] = ("guided", "always", "off")
DEFAULT_VOLUME = 70          # of 100: the sound effects' volume (guardians.ui.sound)


def speed_name(speed: str) -> str:
    """The game speed `speed` names today ("off" is "instant"); "normal" for anything unknown."""
    speed = OLD_SPEEDS.get(speed, speed)
    return speed if speed in SPEEDS else "normal"


@dataclass
class Settings:
    window_size: tuple[int, int] = DEFAULT_SIZE
    fullscreen: bool = False
    ui_scale: int = 100
    animation_speed: str = "normal"
    volume: int = DEFAULT_VOLUME
    muted: bool = False
    hover_delay: str = "short"
    tips: str = "guided"
    tips_seen: tuple[str, ...] = ()     # "game:key" of the tips the player asked never to see again

    def __post_init__(self) -> None:
        self.animation_speed = speed_name(self.animation_speed)

    @property
    def pace(self) -> float:
        return SPEEDS[speed_name(self.animation_speed)]

    @property
    def hover_seconds(self) -> float:
        return HOVER_DELAYS.get(self.hover_delay, HOVER_DELAYS["short"])

    def to_json(self) -> dict:
        data = asdict(self)
        data["window_size"] = list(self.window_size)
        data["tips_seen"] = list(self.tips_seen)
        return data

    @classmethod
    def from_json(cls, data: object) -> "Settings":
        """Settings from parsed JSON; anything unusable falls back to its default."""
        settings = cls()
        if not isinstance(data, dict):
            return settings
        size = data.get("window_size")
        if (isinstance(size, (list, tuple)) and len(size) == 2
                and all(isinstance(v, int) and not isinstance(v, bool) for v in size)):
            settings.window_size = (max(MIN_SIZE[0], min(size[0], 7680)), max(MIN_SIZE[1], min(size[1], 4320)))
        scale = data.get("ui_scale")
        if isinstance(scale, int) and not isinstance(scale, bool) and UI_SCALES[0] <= scale <= UI_SCALES[-1]:
            settings.ui_scale = scale
        if isinstance(data.get("fullscreen"), bool):
            settings.fullscreen = data["fullscreen"]
        if isinstance(data.get("animation_speed"), str):
            settings.animation_speed = speed_name(data["animation_speed"])
        if data.get("hover_delay") in HOVER_DELAYS:
            settings.hover_delay = data["hover_delay"]
        if data.get("tips") in TIPS:
            settings.tips = data["tips"]
        seen = data.get("tips_seen")
        if isinstance(seen, list) and all(isinstance(key, str) for key in seen):
            settings.tips_seen = tuple(seen)
        volume = data.get("volume")
        if isinstance(volume, int) and not isinstance(volume, bool) and 0 <= volume <= 100:
            settings.volume = volume
        if isinstance(data.get("muted"), bool):
            settings.muted = data["muted"]
        return settings


def settings_path() -> Path:
    return user_dir() / "settings.json"


def load_settings() -> Settings:
    try:
        return Settings.from_json(json.loads(settings_path().read_text(encoding="utf-8")))
    except (OSError, ValueError):
        return Settings()


def save_settings(settings: Settings) -> None:
    write_atomic(settings_path(), json.dumps(settings.to_json(), indent=2))
