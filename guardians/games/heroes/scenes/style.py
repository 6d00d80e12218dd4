"""Colours, sizes and cached text for the heroes table.

Faction colours are never the only cue: every faction mark also carries its name or initial, and
every token its letter or number.
"""

from __future__ import annotations

import hashlib
from functools import lru_cache

import pygame

from guardians.ui import theme

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
CARD_BACK = (52, 58, 92)
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


def hero_hue(hero_id: str) -> Colour:
    """A stable portrait colour per hero, so each one is recognisable at a glance (names say it too)."""
    digest = hashlib.sha256(hero_id.encode()).digest()
    colour = pygame.Color(0)
    colour.hsla = (digest[0] * 360 / 256, 45, 42, 100)
    return colour.r, colour.g, colour.b


@lru_cache(maxsize=2048)
def text(value: str, size: int, colour: Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (frames redraw the same labels over and over)."""
    return theme.font(max(6, size), bold).render(value, True, colour)


def fitted(value: str, size: int, width: int, colour: Colour = theme.TEXT, bold: bool = False,
           min_size: int = 8) -> pygame.Surface:
    """One line shrunk (down to `min_size`) and then cut with "…" so it fits in `width`."""
    while size > min_size and theme.font(size, bold).size(value)[0] > width:
        size -= 1
    return text(_ellipsized(value, size, bold, max(1, width)), size, colour, bold)


@lru_cache(maxsize=2048)
def _ellipsized(value: str, size: int, bold: bool, width: int) -> str:
    return theme.ellipsize(value, theme.font(size, bold), width)


@lru_cache(maxsize=512)
def wrapped(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    return tuple(theme.wrap(value, theme.font(size, bold), max(8, width)))


def blit_centered(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=center))
