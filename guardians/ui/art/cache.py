"""The one memory cache of generated pictures: each (what, size) is drawn once per run.

Pictures are cheap to draw (a few milliseconds) but a table redraw may ask for dozens, so every
painter goes through `cached`; `CACHE.renders` counts real draws (the tests check it stays put).
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable

import pygame


class ArtCache:
    """Surfaces by key, least recently used dropped first; counts draws and hits."""

    def __init__(self, limit: int = 1024) -> None:
        self.limit = limit
        self._surfaces: OrderedDict[Hashable, pygame.Surface] = OrderedDict()
        self.renders = 0
        self.hits = 0

    def get(self, key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
        surf = self._surfaces.get(key)
        if surf is not None:
            self.hits += 1
            self._surfaces.move_to_end(key)
            return surf
        surf = make()
        self.renders += 1
        self._surfaces[key] = surf
        if len(self._surfaces) > self.limit:
            self._surfaces.popitem(last=False)
        return surf

    def clear(self) -> None:
        self._surfaces.clear()

    def keys(self) -> list[Hashable]:
        return list(self._surfaces)

    def __len__(self) -> int:
        return len(self._surfaces)


CACHE = ArtCache()


def cached(key: Hashable, make: Callable[[], pygame.Surface]) -> pygame.Surface:
    return CACHE.get(key, make)
