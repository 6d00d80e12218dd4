"""explore — The Guardians: Explore, a co-operative/competitive deck-builder for 1 to 5 players.

Rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt. Content: cards/explore/*.yaml. Rules notes:
docs/rules-notes/explore.md.
"""

from __future__ import annotations

from guardians.engine.registry import GameInfo
from guardians.engine.state import GameConfig, GameState

INFO = GameInfo(
    id="explore",
    title="The Guardians: Explore",
    min_players=1,
    max_players=5,
    variants=("standard", "apprentice", "coop", "apprentice_coop"),
)


def new_game(config: GameConfig, seed: int) -> GameState:
    from guardians.games.explore.rules import ExploreState

    return ExploreState(config, seed)


def content_hash() -> str:
    from guardians.games.explore.cards import content_hash as _hash

    return _hash()


def validate_content() -> list:
    from guardians.games.explore.cards import validate

    return validate()


def evaluate(state: GameState, seat: int) -> float:
    from guardians.games.explore.ai import evaluate as _evaluate

    return _evaluate(state, seat)
