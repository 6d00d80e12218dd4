"""Where the app's bundled files and the user's files live, from source and when frozen."""

from __future__ import annotations

import os
import sys
from pathlib import Path

from platformdirs import user_data_path

APP_NAME = "GuardiansTabletop"


def resource_root() -> Path:
    """The folder holding `cards/` and `assets/`: the repo top from source, `_MEIPASS` when frozen."""
    frozen = getattr(sys, "_MEIPASS", None)
    if frozen:
        return Path(frozen)
    return Path(__file__).resolve().parents[2]


def cards_dir(game_id: str) -> Path:
    return resource_root() / "cards" / game_id


def assets_dir() -> Path:
    return resource_root() / "assets"


def user_dir() -> Path:
    """Saves and settings. `GUARDIANS_HOME` overrides it (tests, portable installs)."""
    override = os.environ.get("GUARDIANS_HOME")
    path = Path(override) if override else user_data_path(APP_NAME, appauthor=False)
    path.mkdir(parents=True, exist_ok=True)
    return path
