"""Colours, sizes and cached text for the explore table.

Colour is never the only cue: a seat's colour always comes with its number or name, a monster family's
with its name or initial, a location row's with the location's number and name.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from guardians.ui import text as text_fit
from guardians.ui import theme

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
FAMILY_LETTERS = {"zombie": "Z", "orc": "O", "robot": "R", "warlock": "W", "spider": "S", "fiend": "F"}
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
BACK = (48, 58, 96)
BACK_EDGE = (150, 160, 210)
MONSTER_BACK = (70, 40, 48)
MONSTER_BACK_EDGE = (200, 150, 150)
QUEST_BACK = (30, 70, 90)
OK = (96, 200, 120)
NOT_OK = (236, 120, 100)
GOLD = (240, 200, 80)


def seat_colour(colour: str) -> Colour:
    return SEAT_COLOURS.get(colour, SEAT_COLOURS[""])


def family_colour(family: str) -> Colour:
    return CARD_COLOURS.get(family, (110, 110, 120))


@lru_cache(maxsize=4096)
def text(value: str, size: int, colour: Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached (frames redraw the same labels over and over)."""
    return theme.font(max(6, size), bold).render(value, True, colour)


def fitted(value: str, size: int, width: int, colour: Colour = theme.TEXT, bold: bool = False,
           min_size: int = 8) -> pygame.Surface:
    """One line shrunk (down to `min_size`) and then cut with "…" so it fits in `width`."""
    size = _fit_size(value, size, bold, min_size, max(1, width))
    return text(_ellipsized(value, size, bold, max(1, width)), size, colour, bold)


def fit_size(value: str, size: int, width: int, bold: bool = False, min_size: int = 8) -> int:
    """The size (down to `min_size`) at which one line of `value` fits in `width`."""
    return _fit_size(value, size, bold, min_size, max(1, width))


@lru_cache(maxsize=4096)
def _fit_size(value: str, size: int, bold: bool, min_size: int, width: int) -> int:
    return text_fit.fit_size(value, size, width, bold, min_size)


@lru_cache(maxsize=4096)
def _ellipsized(value: str, size: int, bold: bool, width: int) -> str:
    return theme.ellipsize(value, theme.font(size, bold), width)


@lru_cache(maxsize=1024)
def wrapped(value: str, size: int, width: int, bold: bool = False) -> tuple[str, ...]:
    return tuple(theme.wrap(value, theme.font(size, bold), max(8, width)))


def fit_lines(value: str, size: int, width: int, height: int, min_size: int = 8,
              bold: bool = False) -> tuple[int, tuple[str, ...]]:
    """The largest size (down to `min_size`) at which `value` wraps into `height`; lines that still do
    not fit are dropped and the last kept one ends with "…"."""
    return _fit_lines(value, size, max(8, width), max(1, height), min_size, bold)


@lru_cache(maxsize=1024)
def _fit_lines(value: str, size: int, width: int, height: int, min_size: int, bold: bool) -> tuple[int, tuple[str, ...]]:
    size, lines = text_fit.fit_lines(value, size, width, height, min_size, bold)
    return size, tuple(lines)


def blit_lines(surface: pygame.Surface, lines: tuple[str, ...], size: int, colour: Colour, x: int, y: int,
               bold: bool = False, centre_width: int | None = None) -> int:
    line_h = theme.font(size, bold).get_linesize()
    for line in lines:
        img = text(line, size, colour, bold)
        dx = (centre_width - img.get_width()) // 2 if centre_width else 0
        surface.blit(img, (x + dx, y))
        y += line_h
    return y


def blit_centered(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=center))
