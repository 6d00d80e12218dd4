"""A cover picture per game for the menu (its crest amid the emblems of its heroes, families or
Guardians, on the colours of its card backs) and the window icon."""

from __future__ import annotations

import math

import pygame

from guardians.ui.art.backs import BACKS, _pattern
from guardians.ui.art.cache import cached
from guardians.ui.art.emblems import PALETTE, EmblemSpec, _mix, emblem, emblem_surface, group_keys

# The emblems ringed around a game's crest on its cover.
COVER_GROUPS: dict[str, tuple[str, ...]] = {
    "heroes": ("heroes",), "explore": ("families", "bosses"), "realms": ("guardians",),
    "chronicles": ("figures",),
}
APP_ICON = EmblemSpec("shield", "star", PALETTE["amber"], (34, 28, 22))


def _render(game: str, size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    fill, line, pattern, crest = BACKS.get(game, BACKS["heroes"])
    surf = pygame.Surface(size, pygame.SRCALPHA)
    for y in range(h):                                  # a soft vertical gradient, darker at the foot
        pygame.draw.line(surf, _mix(_mix(fill, (255, 255, 255), 0.12), (0, 0, 0), y / max(1, h) * 0.5),
                         (0, y), (w, y))
    _pattern(surf, surf.get_rect(), pattern, _mix(fill, line, 0.5))
    keys = [(g, k) for g in COVER_GROUPS.get(game, ()) for k in group_keys(game, g)]
    centre = (w // 2, h // 2)
    side = int(min(w, h) * 0.46)
    if keys:
        ring_r = min(w, h) * 0.36
        small = max(8, int(min(w, h) * 0.2))
        rx, ry = max(ring_r, w * 0.36), ring_r
        for i, (group, key) in enumerate(keys):
            a = -math.pi / 2 + 2 * math.pi * i / len(keys)
            img = emblem(game, group, key, small)
            surf.blit(img, img.get_rect(center=(centre[0] + rx * math.cos(a), centre[1] + ry * math.sin(a))))
    glow = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.circle(glow, (*_mix(crest.colour, (255, 255, 255), 0.3), 60), centre, int(side * 0.62))
    surf.blit(glow, (0, 0))
    img = emblem_surface(crest, side)
    surf.blit(img, img.get_rect(center=centre))
    pygame.draw.rect(surf, _mix(crest.colour, (255, 255, 255), 0.2), surf.get_rect(), max(1, w // 160))
    return surf


def cover(game: str, size: tuple[int, int]) -> pygame.Surface:
    """The cover of `game` at `size`, cached."""
    size = (max(8, int(size[0])), max(8, int(size[1])))
    return cached(("cover", game, size), lambda: _render(game, size))


def window_icon(size: int = 64) -> pygame.Surface:
    """The app's window icon: its shield and star."""
    return emblem_surface(APP_ICON, size)
