"""The small icon set for card stats, drawn in code from the emblem glyphs (a heart for health, a coin for
cost, a wing for flying ...), so a stat reads by its picture and the number beside it."""

from __future__ import annotations

import pygame

from guardians.ui.art.cache import cached
from guardians.ui.art.emblems import SUPERSAMPLE, Colour, draw_motif

# Icon name -> the glyph it is drawn with.
ICONS: dict[str, str] = {
    "strength": "sword", "attack": "sword", "health": "heart", "life": "heart", "cost": "coin",
    "flying": "wing", "bribery": "key", "channelling": "bolt", "energy": "bolt", "points": "star",
    "trophy": "star", "speed": "speed", "combat": "fist", "defense": "shield", "mental": "brain",
    "command": "crown", "ranged": "crosshair", "terrain": "mountain", "offcolour": "orb", "wave": "wave",
    "need": "hourglass", "track": "arrow", "upcard": "arrow", "stronghold": "castle",
}

# The stat labels the games write on their card faces -> icon names.
LABELS: dict[str, str] = {
    "ATK": "attack", "STR": "strength", "HP": "health", "LIFE": "life", "VIT": "health", "COST": "cost",
    "FLY": "flying", "BRIBE": "bribery", "CHAN": "channelling", "NRG": "energy", "PTS": "points",
    "SPD": "speed", "CMB": "combat", "DEF": "defense", "MNT": "mental", "CMP": "command", "CMD": "command",
    "RNG": "ranged", "LAND": "terrain", "OCB": "offcolour", "WAVE": "wave", "NEED": "need",
    "TRACK": "track", "UP": "upcard",
}

SHADOW: Colour = (0, 0, 0)


def icon_for_label(label: str) -> str | None:
    """The icon for a card stat label ("HP", "ATK" ...), or None when the label has none."""
    return LABELS.get(label.upper())


def _render(name: str, size: int, colour: Colour) -> pygame.Surface:
    big = size * SUPERSAMPLE
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = surf.get_rect().inflate(-big // 10, -big // 10)
    draw_motif(surf, rect, ICONS[name], colour, (0, 0, 0, 0))
    return pygame.transform.smoothscale(surf, (size, size))


def icon(name: str, size: int, colour: Colour) -> pygame.Surface:
    """The icon `name` (a key of `ICONS`) `size` pixels square in `colour`, cut-outs transparent, cached."""
    size = max(4, int(size))
    return cached(("icon", name, size, tuple(colour)), lambda: _render(name, size, tuple(colour)))
