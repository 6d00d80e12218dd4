"""heroes — Guardians, the hero tactics card game for 2 or 4 players.

Rulebook: ../shared/seeds/000_04d8657756ecac85.txt. Content: cards/heroes/*.yaml.
"""

from __future__ import annotations

from guardians.engine.options import OptionChoice
from guardians.engine.registry import GameInfo, lazy_game

INFO = GameInfo(
    id="heroes",
    title="Guardians: Hero Tactics",
    min_players=2,
    max_players=4,
    variants=("standard", "first_game"),
    variant_words=(
        OptionChoice("standard", "Standard", "draft your team of three heroes; locations do what they say"),
        OptionChoice("first_game", "First game",
                     "a learning game: set teams of three, no draft, and the locations' texts are ignored"),
    ),
    player_counts=(2, 4),
)


new_game, content_hash, validate_content, evaluate = lazy_game(__name__, "HeroesState")
