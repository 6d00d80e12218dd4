"""Colours, sizes and cached text for the explore table.

Colour is never the only cue: a seat's colour always comes with its number or name, a monster family's
with its name or initial, a location row's with the location's number and name.
"""

from __future__ import annotations

from guardians.ui import theme
from guardians.ui.scaling import window_min_text
from guardians.ui.table.text import (  # noqa: F401  (the kit's cached text, for the scenes)
    blit_centered, blit_lines, fit_lines, fit_size, fitted, text, wrapped,
)

Colour = tuple[int, int, int]

# Card frames as the rulebook describes them (GUARDIAN CARD LAYOUTS): generics brown, skills purple,
# familiars green, items grey, SUPER cards gold; then monster families, quests and bosses.
CARD_COLOURS: dict[str, Colour] = {
    "generic": (140, 96, 58),
    "skill": (118, 72, 168),
    "item": (118, 124, 136),
    "familiar": (52, 136, 76),
    "super": (214, 170, 44),
    "coward": (86, 86, 94),
    "zombie": (104, 138, 78),
    "orc": (172, 92, 52),
    "robot": (86, 118, 150),
    "warlock": (112, 62, 150),
    "spider": (150, 44, 66),
    "fiend": (120, 30, 30),
    "quest": (44, 112, 140),
    "boss": (150, 40, 40),
}
theme.add_card_colours(CARD_COLOURS)

SEAT_COLOURS: dict[str, Colour] = {
    "Red": (200, 62, 58), "Black": (46, 46, 52), "Green": (58, 150, 82), "Blue": (60, 110, 204),
    "Yellow": (226, 186, 52), "": (120, 124, 136),
}
ROW_COLOURS: dict[str, Colour] = {"blue": (54, 98, 176), "yellow": (196, 156, 40), "red": (176, 56, 52)}
ROW_DARK: dict[str, Colour] = {"blue": (30, 44, 70), "yellow": (64, 54, 26), "red": (66, 32, 32)}
REWARD_WORDS = {"robot": "+1 energy", "warlock": "+1 attack", "spider": "Supply card", "orc": "Final Act",
                "zombie": ""}

BOARD = (30, 36, 48)
ZONE = (36, 43, 57)
TILE_PAPER = (234, 228, 210)
TILE_INK = (28, 28, 30)
ENERGY = (70, 170, 230)
ATTACK = (226, 96, 70)
COUNTER = (200, 40, 48)
TROPHY = (244, 204, 76)
OK = (96, 200, 120)
NOT_OK = (236, 120, 100)
GOLD = (240, 200, 80)


def seat_colour(colour: str) -> Colour:
    return SEAT_COLOURS.get(colour, SEAT_COLOURS[""])


def family_colour(family: str) -> Colour:
    return CARD_COLOURS.get(family, (110, 110, 120))


def least() -> int:
    """The smallest text this window allows (12 px at 1280×720, 10 px at 1024×640): no label goes below it."""
    return window_min_text()
