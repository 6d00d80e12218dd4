"""Card backs per game: the game's colours, a pattern of its own and its crest in the middle, so a face-down
card says which game (and which deck, for explore's monster, quest and boss decks) and nothing else."""

from __future__ import annotations

import pygame

from guardians.ui.art.cache import cached
from guardians.ui.art.emblems import PALETTE, Colour, EmblemSpec, _mix, emblem_surface


# game -> (fill, pattern colour, pattern, crest); a deck of a game may have its own ("explore:monster").
BACKS: dict[str, tuple[Colour, Colour, str, EmblemSpec]] = {
    "heroes": ((44, 50, 92), (70, 80, 140), "stripes", EmblemSpec("shield", "star", PALETTE["gold"], (40, 36, 30))),
    "explore": ((36, 70, 64), (54, 100, 90), "lattice", EmblemSpec("hex", "tower", PALETTE["amber"], (40, 30, 20))),
    "explore:monster": ((70, 30, 46), (100, 46, 66), "lattice", EmblemSpec("burst", "claw", PALETTE["crimson"],
                                                                             (250, 230, 220))),
    "explore:quest": ((28, 62, 84), (44, 92, 120), "lattice", EmblemSpec("round", "key", PALETTE["cyan"],
                                                                         (20, 30, 40))),
    "explore:boss": ((50, 30, 30), (80, 50, 50), "lattice", EmblemSpec("octagon", "horns", PALETTE["red"],
                                                                      (250, 240, 230))),
    "realms": ((58, 46, 86), (84, 68, 120), "rings", EmblemSpec("octagon", "crown", PALETTE["violet"],
                                                                (250, 236, 200))),
    "chronicles": ((30, 34, 44), (52, 58, 76), "dots", EmblemSpec("burst", "bolt", PALETTE["amber"], (30, 24, 20))),
}


def _pattern(surf: pygame.Surface, rect: pygame.Rect, kind: str, colour: Colour) -> None:
    clip = surf.get_clip()
    surf.set_clip(rect)
    step = max(4, rect.w // 8)
    if kind == "stripes":
        for x in range(rect.x - rect.h, rect.right, step):
            pygame.draw.line(surf, colour, (x, rect.bottom), (x + rect.h, rect.y), max(1, step // 3))
    elif kind == "lattice":
        for x in range(rect.x - rect.h, rect.right + rect.h, step):
            pygame.draw.line(surf, colour, (x, rect.y), (x + rect.h, rect.bottom), 1)
            pygame.draw.line(surf, colour, (x, rect.bottom), (x + rect.h, rect.y), 1)
    elif kind == "rings":
        for r in range(step, max(rect.w, rect.h), step):
            pygame.draw.circle(surf, colour, rect.center, r, max(1, step // 4))
    else:
        for y in range(rect.y, rect.bottom, step):
            for x in range(rect.x + (step // 2 if (y // step) % 2 else 0), rect.right, step):
                pygame.draw.circle(surf, colour, (x, y), max(1, step // 4))
    surf.set_clip(clip)


def _render(deck: str, size: tuple[int, int]) -> pygame.Surface:
    fill, line, pattern, crest = BACKS.get(deck) or BACKS[deck.split(":")[0]]
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(3, w // 10)
    edge = _mix(crest.colour, (255, 255, 255), 0.25)
    pygame.draw.rect(surf, fill, surf.get_rect(), border_radius=radius)
    inner = surf.get_rect().inflate(-max(4, w // 7), -max(4, w // 7))
    if inner.w > 4 and inner.h > 4:
        _pattern(surf, inner, pattern, line)
        pygame.draw.rect(surf, edge, inner, 1, border_radius=max(2, radius - 2))
        side = int(min(inner.w, inner.h) * 0.7)
        if side >= 6:
            img = emblem_surface(crest, side)
            surf.blit(img, img.get_rect(center=inner.center))
    pygame.draw.rect(surf, edge, surf.get_rect(), max(1, w // 30), border_radius=radius)
    return surf


def card_back(deck: str, size: tuple[int, int]) -> pygame.Surface:
    """The back of a card of `deck` ("heroes", "explore:monster" ...) at `size`, cached."""
    size = (max(4, int(size[0])), max(4, int(size[1])))
    return cached(("back", deck, size), lambda: _render(deck, size))


def crest(game: str) -> EmblemSpec:
    """The game's crest (its backs' middle, its cover, the window icon for the whole app)."""
    return BACKS[game][3]
