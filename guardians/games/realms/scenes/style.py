"""The realms table's colours and words shared by its painters: a colour per seat (always paired with
the seat's name or number, never colour alone), land and Stronghold tints, and short labels.
"""

from __future__ import annotations

from guardians.ui import theme
from guardians.ui.table.text import blit_centered, fit_lines, fitted, text, wrapped  # noqa: F401  (for painters)

Colour = tuple[int, int, int]

SEAT_COLOURS: tuple[Colour, ...] = ((70, 130, 210), (200, 80, 70), (80, 170, 100), (200, 160, 60))
LAND = (52, 64, 56)
HOLD = (62, 58, 70)
RUBBLE = (74, 66, 60)
CENTRE = (60, 60, 76)
FACE_DOWN = (58, 46, 86)          # a card back
FACE_DOWN_EDGE = (150, 130, 200)
TURNED = (236, 170, 70)

# Control marks (spec 5.1): a letter as well as the seat's colour.
REASON = {"shield": "S", "terrain": "T", "realm": "R"}
REASON_WORDS = {"shield": "a Shield stands there", "terrain": "their Terrain lies there",
                "realm": "it is their own realm"}


def seat_colour(seat: int | None) -> Colour:
    return SEAT_COLOURS[seat % len(SEAT_COLOURS)] if seat is not None else theme.CHIP


def tint(colour: Colour, base: Colour, share: float = 0.28) -> Colour:
    """`base` mixed with a little of `colour` (a realm's land in its seat's colour)."""
    return tuple(int(b + (c - b) * share) for c, b in zip(colour, base))  # type: ignore[return-value]


def seat_short(seat: int) -> str:
    return f"P{seat + 1}"


def first_fit(choices: list[str], size: int, width: int, bold: bool = False) -> str:
    """The first of `choices` (longest first) that fits `width` whole; else the last (cut by the caller's
    `fitted`)."""
    for words in choices:
        if theme.font(size, bold).size(words)[0] <= width:
            return words
    return choices[-1]
