"""Cached text for the tables: frames redraw the same labels over and over."""

from __future__ import annotations

from functools import lru_cache

import pygame

from guardians.ui import theme

Colour = tuple[int, int, int]


@lru_cache(maxsize=4096)
def text(value: str, size: int, colour: Colour = theme.TEXT, bold: bool = False) -> pygame.Surface:
    """A rendered line of text, cached."""
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
    while size > min_size and theme.font(size, bold).size(value)[0] > width:
        size -= 1
    return size


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
    while True:
        lines = wrapped(value, size, width, bold)
        line_h = theme.font(size, bold).get_linesize()
        if len(lines) * line_h <= height or size <= min_size:
            break
        size -= 1
    room = max(1, height // theme.font(size, bold).get_linesize())
    if len(lines) > room:
        kept = list(lines[:room])
        kept[-1] = theme.ellipsize(kept[-1] + "…", theme.font(size, bold), width)
        lines = tuple(kept)
    return size, lines


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
