"""Cached text for the tables: frames redraw the same labels over and over.

Only the caching lives here; the fitting itself (wrap, cut with "…", shrink to a box) is
`guardians/ui/text.py`, the one place text is fitted."""

from __future__ import annotations

from functools import lru_cache

import pygame

from guardians.ui import text as text_fit
from guardians.ui import theme

Colour = tuple[int, int, int]


@lru_cache(maxsize=4096)
def text(value: str, size: int, colour: Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached."""
    return theme.font(max(6, size), bold).render(value, True, colour)


def fitted(value: str, size: int, width: int, colour: Colour = theme.TEXT, bold: bool = False,
           min_size: int = 8) -> pygame.Surface:
    """One line shrunk (down to `min_size`), in regular weight when bold would have to be cut, and only then
    cut with "…" so it fits in `width`."""
    return _fitted(value, size, max(1, width), colour, bold, text_fit.least(size, min_size))


@lru_cache(maxsize=4096)
def _fitted(value: str, size: int, width: int, colour: Colour, bold: bool, least: int) -> pygame.Surface:
    size = _fit_size(value, size, bold, least, width)
    if bold and theme.font(size, True).size(value)[0] > width and theme.font(size).size(value)[0] <= width:
        bold = False
    return text(_ellipsized(value, size, bold, width), size, colour, bold)


def fit_size(value: str, size: int, width: int, bold: bool = False, min_size: int = 8) -> int:
    """The size (down to `min_size`) at which one line of `value` fits in `width`."""
    return _fit_size(value, size, bold, text_fit.least(size, min_size), max(1, width))


@lru_cache(maxsize=4096)
def _fit_size(value: str, size: int, bold: bool, min_size: int, width: int) -> int:
    return text_fit.fit_size(value, size, width, bold, min_size)


@lru_cache(maxsize=4096)
def _ellipsized(value: str, size: int, bold: bool, width: int) -> str:
    return text_fit.ellipsize(value, text_fit.font(size, bold), width)


@lru_cache(maxsize=1024)
def wrapped(value: str, size: int, width: int, bold: bool = False, split: bool = False) -> tuple[str, ...]:
    """`text.wrap` at `size`, cached (`split`: a word wider than the line goes on over two, see `text.wrap`)."""
    return tuple(text_fit.wrap(value, text_fit.font(size, bold), max(8, width), split=split))


def fit_lines(value: str, size: int, width: int, height: int, min_size: int = 8,
              bold: bool = False) -> tuple[int, tuple[str, ...]]:
    """The largest size (down to `min_size`) at which `value` wraps into `height`; lines that still do
    not fit are dropped and the last kept one ends with "…"."""
    return _fit_lines(value, size, max(8, width), max(1, height), text_fit.least(size, min_size), bold)


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


for _cached in (text, _fitted, _fit_size, _ellipsized, wrapped, _fit_lines):
    text_fit.register_cache(_cached.cache_clear)


def blit_centered(surface: pygame.Surface, image: pygame.Surface, center: tuple[int, int]) -> None:
    surface.blit(image, image.get_rect(center=center))
