"""heroes — Guardians, the hero tactics card game for 2 or 4 players.

Rulebook: ../shared/seeds/000_04d8657756ecac85.txt. Content: cards/heroes/*.yaml.
"""

from __future__ import annotations

from guardians.engine.registry import GameInfo
from guardians.engine.state import GameConfig, GameState

INFO = GameInfo(
    id="heroes",
    title="Guardians: Hero Tactics",
    min_players=2,
    max_players=4,
    variants=("standard", "first_game"),
    player_counts=(2, 4),
)


def new_game(config: GameConfig, seed: int) -> GameState:
    from guardians.games.heroes.rules import HeroesState

    return HeroesState(config, seed)


def content_hash() -> str:
    from guardians.games.heroes.cards import content_hash as _hash

    return _hash()


def validate_content() -> list:
    from guardians.games.heroes.cards import validate

    return validate()


def evaluate(state: GameState, seat: int) -> float:
    from guardians.games.heroes.ai import evaluate as _evaluate

    return _evaluate(state, seat)
