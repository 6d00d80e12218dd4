"""explore — The Guardians: Explore, a co-operative/competitive deck-builder for 1 to 5 players.

Rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt. Content: cards/explore/*.yaml. Rules notes:
docs/rules-notes/explore.md.
"""

from __future__ import annotations

from guardians.engine.registry import GameInfo, lazy_game

INFO = GameInfo(
    id="explore",
    title="The Guardians: Explore",
    min_players=1,
    max_players=5,
    variants=("standard", "apprentice", "coop", "apprentice_coop"),
)


new_game, content_hash, validate_content, evaluate = lazy_game(__name__, "ExploreState")
