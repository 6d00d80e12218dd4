"""realms — Guardians: the Mid Realms, the 1995 collectible card game (FPG), for 2 or 4 players.

Spec: ../shared/specs/realms.md. Rulebook: ../shared/seeds/001_7eb27caf5825ab9d.txt. Content:
cards/realms/*.yaml and cards/realms/decks/*.yaml; contract: docs/rules-notes/realms-content.md; rulings:
docs/rules-notes/realms.md. The rules are `rules/` (RealmsState on the flow kernel); the entry points
import them only when called.
"""

from __future__ import annotations

from typing import Any

from guardians.engine.options import OptionChoice
from guardians.engine.registry import GameInfo, lazy_game, lazy_hook

INFO = GameInfo(
    id="realms",
    title="Guardians: The Mid Realms",
    min_players=2,
    max_players=4,
    player_counts=(2, 4),
    variants=("standard", "quick_start"),      # RB-QS: base Vitality only (rules/quick_start.py)
    variant_words=(
        OptionChoice("standard", "Standard", "every card does what its text says"),
        OptionChoice("quick_start", "Quick start",
                     "a first game: creatures fight with their base strength only, no card texts"),
    ),
)

_new_game, content_hash, validate_content, evaluate = lazy_game(__name__, "RealmsState")
config_options = lazy_hook(__name__, "options", "config_options")   # a deck per seat


def new_game(config: Any, seed: int) -> Any:
    """A new game; a seat playing one of the player's own decks (the deck builder's files in the user
    folder) gets the content with those decks added, the others the shipped content as before. The own
    decks are copied into the game's config (decks.KEPT_DECKS_OPTION) when the game starts, so a save
    replays them as they were, whatever later happens to their files."""
    import dataclasses

    from guardians.games.realms.cards import load_content as _load
    from guardians.games.realms.decks import KEPT_DECKS_OPTION, content_for_decks, keep_decks

    names = tuple(config.option("decks") or ())
    content = _load()
    kept = tuple(config.option(KEPT_DECKS_OPTION) or ())
    if names and not kept:
        kept = keep_decks(names, content)
        if kept:        # the decks go into the config, and so into every save of this game
            config = dataclasses.replace(config, options=(*config.options, (KEPT_DECKS_OPTION, kept)))
    return _new_game(config, seed, content_for_decks(names or None, content, kept))


def content_report() -> list[str]:
    """Per-set progress lines (cards, playable, texted) for `guardians cards validate`."""
    from guardians.games.realms.cards import content_report as _report

    return _report()


def load_content() -> Any:
    from guardians.games.realms.cards import load_content as _load

    return _load()
