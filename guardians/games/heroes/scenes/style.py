"""Colours, sizes and cached text for the heroes table.

Faction colours are never the only cue: every faction mark also carries its name or initial, and
every token its letter or number.
"""

from __future__ import annotations


import pygame

from guardians.ui.scaling import window_min_text
from guardians.ui.table.text import blit_centered, fitted, text, wrapped  # noqa: F401  (the kit's cached text)

Colour = tuple[int, int, int]

FACTION_COLOURS: dict[str, Colour] = {"loyalist": (58, 118, 196), "renegade": (190, 66, 56)}
FACTION_DARK: dict[str, Colour] = {"loyalist": (30, 52, 88), "renegade": (84, 34, 32)}
NO_FACTION: Colour = (110, 110, 120)
BOARD = (30, 36, 48)
ZONE = (36, 43, 57)
LOCATION_PAPER = (232, 226, 206)
LOCATION_BAND = (54, 122, 110)
LOCATION_INK = (28, 30, 30)
TRACK_CELL = (196, 188, 166)
TOKEN = (250, 214, 80)
DAMAGE = (176, 30, 36)
HEAL = (60, 160, 90)
CHARGE = (90, 190, 230)
CARD_BACK_EDGE = (150, 158, 200)
SHIELD_COLOUR = (70, 140, 220)
IMMOBILIZE_COLOUR = (210, 150, 40)
POWERLOCK_COLOUR = (150, 80, 190)
PHASE_NAMES = ("Control", "Ready", "Action", "Score", "Draw")


def faction_colour(faction: str | None) -> Colour:
    return FACTION_COLOURS.get(faction or "", NO_FACTION)


def faction_dark(faction: str | None) -> Colour:
    return FACTION_DARK.get(faction or "", (44, 46, 54))


def faction_title(faction: str | None) -> str:
    return faction.title() if faction else "No faction yet"


def least() -> int:
    """The smallest text this window allows (12 px at 1280×720, 10 px at 1024×640): no label goes below it."""
    return window_min_text()
