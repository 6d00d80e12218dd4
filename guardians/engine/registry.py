"""Which games the app hosts, imported lazily by id so start-up stays fast."""

from __future__ import annotations

import importlib
from dataclasses import dataclass
from types import ModuleType
from typing import Callable, NamedTuple, Protocol

from guardians.engine.options import OptionChoice
from guardians.engine.state import GameConfig, GameState


@dataclass(frozen=True)
class GameInfo:
    id: str
    title: str
    min_players: int
    max_players: int
    variants: tuple[str, ...] = ("standard",)
    player_counts: tuple[int, ...] = ()
    # each variant in words for the menu (label and a one-line explanation), so that a player never reads
    # "apprentice_coop"; a variant without words is shown as its id made readable
    variant_words: tuple[OptionChoice, ...] = ()

    def allowed_counts(self) -> tuple[int, ...]:
        return self.player_counts or tuple(range(self.min_players, self.max_players + 1))

    def variant_choice(self, variant: str) -> OptionChoice:
        """The variant's label and explanation (its id with spaces for underscores when not given)."""
        for choice in self.variant_words:
            if choice.value == variant:
                return choice
        return OptionChoice(variant, variant.replace("_", " ").capitalize())


class GameModule(Protocol):
    """What a game package (`guardians.games.<id>`) exposes."""

    INFO: GameInfo

    def new_game(self, config: GameConfig, seed: int) -> GameState: ...
    def content_hash(self) -> str: ...
    def validate_content(self) -> list: ...
    def evaluate(self, state: GameState, seat: int) -> float: ...
    # Optional: `config_options(players) -> list[OptionSpec]`, the set-up options the menu and the
    # command line offer (see guardians/engine/options.py); `game_options` asks for them.


class GameEntries(NamedTuple):
    """A game package's entry points besides INFO (see `lazy_game`)."""

    new_game: Callable[[GameConfig, int], GameState]
    content_hash: Callable[[], str]
    validate_content: Callable[[], list]
    evaluate: Callable[[GameState, int], float]


def _lazy(module: str, name: str) -> Callable:
    """`module.name`, imported when first called."""

    def call(*args, **kwargs):  # type: ignore[no-untyped-def]
        return getattr(importlib.import_module(module), name)(*args, **kwargs)

    call.__name__ = call.__qualname__ = name
    call.__doc__ = f"{module}.{name}, imported when called."
    return call


def lazy_game(package: str, state_class: str) -> GameEntries:
    """The entry points of the game package `package` for its `__init__.py`, each importing its module
    only when called, so that importing the package (the registry does, at start-up) loads no rules:
    `new_game` builds `<package>.rules.<state_class>`, `content_hash` and `validate_content` are
    `<package>.cards`' `content_hash` and `validate`, `evaluate` is `<package>.ai.evaluate`.

        new_game, content_hash, validate_content, evaluate = lazy_game(__name__, "HeroesState")
    """
    return GameEntries(_lazy(f"{package}.rules", state_class), _lazy(f"{package}.cards", "content_hash"),
                       _lazy(f"{package}.cards", "validate"), _lazy(f"{package}.ai", "evaluate"))


def lazy_hook(package: str, module: str, name: str) -> Callable:
    """`<package>.<module>.<name>` for a game package's `__init__.py`, imported when first called (as
    `lazy_game`'s entries), e.g. `config_options = lazy_hook(__name__, "options", "config_options")`."""
    return _lazy(f"{package}.{module}", name)


GAME_MODULES: dict[str, str] = {
    "heroes": "guardians.games.heroes",
    "explore": "guardians.games.explore",
    "realms": "guardians.games.realms",
    "chronicles": "guardians.games.chronicles",
}

_extra: dict[str, ModuleType] = {}


def register(game_id: str, module: ModuleType) -> None:
    """Add a game at run time (tests use this for a toy game)."""
    _extra[game_id] = module


def game_ids() -> list[str]:
    return list(GAME_MODULES) + [g for g in _extra if g not in GAME_MODULES]


def get_game(game_id: str) -> GameModule:
    if game_id in _extra:
        return _extra[game_id]  # type: ignore[return-value]
    if game_id not in GAME_MODULES:
        raise KeyError(f"unknown game {game_id!r}; known: {', '.join(game_ids())}")
    return importlib.import_module(GAME_MODULES[game_id])  # type: ignore[return-value]


def game_options(game_id: str, players: int) -> list:
    """The set-up options (`OptionSpec`s) the game declares for `players` players; [] without the hook."""
    from guardians.engine.options import game_option_specs

    return game_option_specs(get_game(game_id), players)


def new_game(config: GameConfig, seed: int) -> GameState:
    return get_game(config.game).new_game(config, seed)


Factory = Callable[[GameConfig, int], GameState]
