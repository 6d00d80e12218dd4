"""The heroes game's own scenes (draft, setup, the row, the end) and its card catalogue.

The app shell asks for them through `guardians.ui.game_scenes`; imports happen on first use so the
menu starts fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from guardians.ui.app import App, Scene
    from guardians.ui.session import Session


def play_scene(app: "App", session: "Session") -> "Scene":
    from guardians.games.heroes.scenes.play import HeroesPlayScene

    return HeroesPlayScene(app, session)


def card_catalogue() -> list:
    from guardians.games.heroes.scenes.catalogue import catalogue

    return catalogue()


def sound_table() -> dict:
    from guardians.games.heroes.scenes.sounds import SOUNDS

    return SOUNDS
