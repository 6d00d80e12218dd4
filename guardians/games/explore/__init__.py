"""explore — The Guardians: Explore, a co-operative/competitive deck-builder for 1 to 5 players.

Rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt. Content: cards/explore/*.yaml. Rules notes:
docs/rules-notes/explore.md.
"""

from __future__ import annotations

from guardians.engine.options import OptionChoice
from guardians.engine.registry import GameInfo, lazy_game

INFO = GameInfo(
    id="explore",
    title="The Guardians: Explore",
    min_players=1,
    max_players=5,
    variants=("standard", "apprentice", "coop", "apprentice_coop"),
    variant_words=(
        OptionChoice("standard", "Guardian",
                     "the full game: eight rounds, two bosses, a draft; the most points wins"),
        OptionChoice("apprentice", "Apprentice",
                     "a shorter game for new players: four rounds, one boss, ready-made decks"),
        OptionChoice("coop", "Guardian, co-operative",
                     "the full game played together against the bosses: you all win or lose as one"),
        OptionChoice("apprentice_coop", "Apprentice, co-operative",
                     "a shorter game for new players, together against the bosses"),
    ),
)


new_game, content_hash, validate_content, evaluate = lazy_game(__name__, "ExploreState")
