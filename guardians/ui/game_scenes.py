"""Asks a game package for its own scenes, falling back to the generic ones.

A game may ship `guardians.games.<id>.scenes` exposing any of:

- `play_scene(app, session) -> Scene` — its dedicated table (draft, setup, play);
- `card_catalogue() -> list[tuple[str, list[CardFace]]]` — every card, by section, for the card viewer;
- `deck_builder(app) -> Scene` — a scene where the player builds decks (the menu's "Build decks");
- `sound_table() -> dict` — which of its log events make which sound (`guardians.ui.sound_cues`).

Games without that package (or without one of those names) get the generic play scene, no card
viewer and the default sounds. A package that exists but fails to import is a bug to see, not to hide: it is raised.
"""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from guardians.ui.app import App, Scene
    from guardians.ui.session import Session


def scenes_module(game_id: str) -> ModuleType | None:
    """`guardians.games.<game_id>.scenes` if the game has one."""
    name = f"guardians.games.{game_id}.scenes"
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and (name == exc.name or name.startswith(exc.name + ".")):
            return None           # the game (or its scenes package) does not exist: generic path
        raise


def game_hook(game_id: str, name: str) -> Any:
    module = scenes_module(game_id)
    return getattr(module, name, None) if module is not None else None


def make_play_scene(app: "App", session: "Session") -> "Scene":
    """The game's own play scene, or the generic table for games without one. Every game shown goes
    through here (launch, menu, play again), so `--autoplay` (`app.autoplay`) is applied here."""
    if getattr(app, "autoplay", False):
        session.play_every_seat()
    factory = game_hook(session.game_id, "play_scene")
    if factory is not None:
        return factory(app, session)
    from guardians.ui.scenes.play import PlayScene

    return PlayScene(app, session)


def card_catalogue(game_id: str) -> list | None:
    """The game's cards by section for the card viewer, or None when it offers no viewer."""
    catalogue = game_hook(game_id, "card_catalogue")
    return catalogue() if catalogue is not None else None


def has_card_viewer(game_id: str) -> bool:
    try:
        return game_hook(game_id, "card_catalogue") is not None
    except Exception:
        return False


def has_deck_builder(game_id: str) -> bool:
    try:
        return game_hook(game_id, "deck_builder") is not None
    except Exception:
        return False


def sound_table(game_id: str) -> dict:
    """The game's own event sounds over the defaults (`guardians.ui.sound_cues`); {} for none."""
    table = game_hook(game_id, "sound_table")
    return dict(table()) if table is not None else {}
