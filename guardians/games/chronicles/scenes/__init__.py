"""The chronicles game's own table: Doktor Skarov's base drawn as a map from the tile geometry, the figures
on it, the heroes' and the villain's panels, the last roll and the end of the game with its newspaper front
page (newspaper.py: Pillow, no pygame).

The app shell asks for it through `guardians.ui.game_scenes`; imports happen on first use so the menu starts
fast.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from guardians.ui.app import App, Scene
    from guardians.ui.session import Session


def play_scene(app: "App", session: "Session") -> "Scene":
    from guardians.games.chronicles.scenes.play import ChroniclesPlayScene

    return ChroniclesPlayScene(app, session)


def card_catalogue() -> list:
    from guardians.games.chronicles.scenes.catalogue import catalogue

    return catalogue()


def sound_table() -> dict:
    from guardians.games.chronicles.scenes.sounds import SOUNDS

    return SOUNDS
