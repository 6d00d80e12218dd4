"""Colours shared by every scene, and the shipped fonts and text helpers (from `guardians.ui.text`)."""

from __future__ import annotations

import hashlib

import pygame

# Text fitting lives in `guardians.ui.text`; these names stay here for the scenes that use `theme.…`.
from guardians.ui.text import blit_lines, ellipsize, fit_text, font, wrap  # noqa: F401

Colour = tuple[int, int, int]

BG = (24, 28, 38)
PANEL = (38, 44, 58)
PANEL_EDGE = (70, 80, 100)
PANEL_TITLE = (200, 208, 224)
TEXT = (232, 236, 244)
TEXT_DIM = (150, 160, 180)
TEXT_DARK = (20, 22, 28)
ACCENT = (240, 196, 64)          # highlights: always drawn thick, never colour alone
ACCENT_SOFT = (120, 100, 40)
BUTTON = (58, 72, 100)
BUTTON_HOVER = (78, 98, 138)
BUTTON_PRESS = (40, 52, 74)
BUTTON_DISABLED = (46, 50, 60)
BUTTON_PRIMARY = (46, 120, 84)
BUTTON_PRIMARY_HOVER = (60, 150, 104)
ERROR_BG = (110, 34, 40)
ERROR_EDGE = (220, 90, 90)
INFO_BG = (34, 70, 100)
INFO_EDGE = (96, 156, 214)
CHIP = (88, 96, 116)
BADGE = (236, 226, 190)
CARD_PAPER = (246, 241, 228)
CARD_TEXT_BOX = (232, 226, 210)
CARD_INK = (26, 24, 22)
OVERLAY = (10, 12, 18, 190)

# Card frame colours by `CardFace.colour`; unknown keys get a stable colour derived from the key.
CARD_COLOURS: dict[str, Colour] = {
    "neutral": (128, 128, 136),
    "red": (186, 52, 52),
    "blue": (52, 96, 186),
    "green": (52, 140, 76),
    "yellow": (206, 168, 40),
    "purple": (126, 70, 170),
    "black": (44, 44, 50),
    "white": (200, 200, 206),
    "orange": (214, 120, 40),
    "action": (70, 110, 170),
    "reaction": (170, 80, 60),
    "hero": (150, 120, 50),
    "location": (70, 140, 120),
}


def add_card_colours(colours: dict[str, Colour]) -> None:
    """A game's own frame colours for `CardFace.colour` keys no table has yet (existing keys are kept,
    so one game never recolours another's cards); the card viewer and every cache then use them."""
    for key, colour in colours.items():
        CARD_COLOURS.setdefault(key, colour)


def card_colour(key: str, theme: dict[str, Colour] | None = None) -> Colour:
    """The frame colour for a `CardFace.colour` key."""
    table = theme if theme is not None else CARD_COLOURS
    if key in table:
        return table[key]
    digest = hashlib.sha256(key.encode()).digest()
    return (60 + digest[0] % 150, 60 + digest[1] % 150, 60 + digest[2] % 150)


def ink_on(colour: Colour) -> Colour:
    """Dark or light text, whichever reads better on `colour`."""
    r, g, b = colour[:3]
    return TEXT_DARK if (0.299 * r + 0.587 * g + 0.114 * b) > 150 else TEXT


def render(text: str, size: int, colour: Colour = TEXT, bold: bool = False) -> pygame.Surface:
    return font(size, bold).render(text, True, colour)
