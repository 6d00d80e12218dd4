"""The realms game's own scenes (the board, the combat, the end) on the table kit, its card catalogue and
its deck builder.

The app shell asks for them through `guardians.ui.game_scenes`; imports happen on first use so the menu
starts fast. Importing `cardface` registers the realms card layout (borders Mortal, Elemental, External)
for the table's hover zoom.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from guardians.ui.app import App, Scene
    from guardians.ui.session import Session


def play_scene(app: "App", session: "Session") -> "Scene":
    from guardians.games.realms.scenes.play import RealmsPlayScene

    return RealmsPlayScene(app, session)


def deck_builder(app: "App") -> "Scene":
    from guardians.games.realms.scenes.deckbuilder import DeckBuilderScene

    return DeckBuilderScene(app)


def card_catalogue() -> list:
    from guardians.games.realms.scenes import cardface  # noqa: F401  (the realms card layout)
    from guardians.games.realms.scenes.catalogue import catalogue

    return catalogue()


def sound_table() -> dict:
    from guardians.games.realms.scenes.sounds import SOUNDS

    return SOUNDS
