"""The explore game's own scenes (the Warm Up, the town and every battle round, the end) and its card
catalogue.

The app shell asks for them through `guardians.ui.game_scenes`; imports happen on first use so the menu
starts fast. Importing `style` registers explore's card frame colours (rulebook: generics brown, skills
purple, familiars green, items grey, SUPER gold) for the table and the card viewer alike.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from guardians.ui.app import App, Scene
    from guardians.ui.session import Session


def play_scene(app: "App", session: "Session") -> "Scene":
    from guardians.games.explore.scenes.play import ExplorePlayScene

    return ExplorePlayScene(app, session)


def card_catalogue() -> list:
    from guardians.games.explore.scenes import cardface, style  # noqa: F401  (frame colours, card layout)
    from guardians.games.explore.scenes.catalogue import catalogue

    return catalogue()


def sound_table() -> dict:
    from guardians.games.explore.scenes.sounds import SOUNDS

    return SOUNDS
