"""chronicles — Guardians' Chronicles: up to four heroes against Doktor Skarov in his base (tiles, figures, dice).

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt. Content: cards/chronicles/*.yaml. Seat 0 plays Doktor
Skarov; seats 1..4 one hero each (2 to 5 players).
"""

from __future__ import annotations

from guardians.engine.options import OptionChoice
from guardians.engine.registry import GameInfo, lazy_game, lazy_hook

INFO = GameInfo(
    id="chronicles",
    title="Guardians' Chronicles",
    min_players=2,
    max_players=5,
    variants=("standard", "rookie", "veteran", "open_strategy"),
    variant_words=(
        OptionChoice("standard", "Standard", "every hero plays at Normal rank; plans are hidden until revealed"),
        OptionChoice("rookie", "Rookie heroes",
                     "every hero swaps two Power cards for Rookie ones: harder for the heroes"),
        OptionChoice("veteran", "Veteran heroes",
                     "every hero adds the two Veteran cards to the hand: easier for the heroes"),
        OptionChoice("open_strategy", "Open planning",
                     "the Strategy phase is played face up, so the heroes can plan together"),
    ),
)


new_game, content_hash, validate_content, evaluate = lazy_game(__name__, "ChroniclesState")
config_options = lazy_hook(__name__, "options", "config_options")   # scenario
