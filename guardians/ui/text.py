"""Text fitting, in one place: the shipped fonts, wrapping, cutting with "…" and shrinking to a box.

Every scene that wraps, cuts or fits text calls this module (`theme` re-exports its names for the
game scenes that reach them through `theme`). A paragraph drawn as one block is wrapped by pygame-ce
itself (`Font.render(..., wraplength)`); `wrap` gives the lines when a caller needs to count, limit or
place them one by one.

Only the DejaVu fonts in `assets/fonts/` are loaded; never a system font.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from guardians.engine.paths import assets_dir

Colour = tuple[int, int, int]
ELLIPSIS = "…"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


def font_path(bold: bool = False) -> str:
    return str(assets_dir() / "fonts" / FONT_FILES[bool(bold)])


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A shipped DejaVu font at `size` pixels (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return pygame.font.Font(font_path(bold), max(6, int(size)))


def render_wrapped(text: str, fnt: pygame.font.Font, colour: Colour, width: int) -> pygame.Surface:
    """A paragraph (newlines kept) wrapped to `width` pixels by pygame-ce, as one surface."""
    return fnt.render(text, True, colour, None, max(1, int(width)))


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    """`text` cut with "…" so it fits in `width` pixels ("" when not even "…" fits)."""
    if fnt.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)            # the longest prefix that fits with "…" after it
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(text[:mid].rstrip() + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        return ELLIPSIS if fnt.size(ELLIPSIS)[0] <= width else ""
    return text[:lo].rstrip() + ELLIPSIS


def _split_word(word: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """A word longer than a line, in pieces that each fit (at least one character a piece)."""
    pieces: list[str] = []
    while len(word) > 1 and fnt.size(word)[0] > width:
        lo, hi = 1, len(word) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fnt.size(word[:mid])[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        pieces.append(word[:lo])
        word = word[lo:]
    pieces.append(word)
    return pieces


def wrap(text: str, fnt: pygame.font.Font, width: int, max_lines: int | None = None) -> list[str]:
    """Lines of `text` that each fit in `width` pixels (newlines kept; words longer than a line are
    split). With `max_lines`, the lines past it are dropped and the last kept one ends with "…".
    Kept per text, font and width: frames wrap the same prompts and options again and again."""
    return list(_wrapped(text, fnt, width, max_lines))


@lru_cache(maxsize=2048)
def _wrapped(text: str, fnt: pygame.font.Font, width: int, max_lines: int | None) -> tuple[str, ...]:
    return tuple(_wrap(text, fnt, width, max_lines))


def _wrap(text: str, fnt: pygame.font.Font, width: int, max_lines: int | None = None) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if fnt.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            *whole, line = _split_word(word, fnt, width)
            lines.extend(whole)
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max(1, max_lines)]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, fnt, width)
    return lines


def fit_size(text: str, size: int, width: int, bold: bool = False, min_size: int = 8) -> int:
    """The largest size from `size` down to `min_size` at which one line of `text` fits in `width`."""
    while size > min_size and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def fit_lines(text: str, size: int, width: int, height: int, min_size: int = 8,
              bold: bool = False) -> tuple[int, list[str]]:
    """The largest size (from `size` down to `min_size`) at which wrapped `text` fits `width` × `height`,
    and its lines. At `min_size`, lines that still do not fit are dropped and the last kept one ends
    with "…"."""
    width, height = max(1, width), max(1, height)
    while True:
        fnt = font(size, bold)
        lines = wrap(text, fnt, width)
        if len(lines) * fnt.get_linesize() <= height or size <= min_size:
            break
        size -= 1
    room = max(1, height // font(size, bold).get_linesize())
    if len(lines) > room:
        lines = wrap(text, font(size, bold), width, max_lines=room)
    return size, lines


def fit_text(text: str, width: int, height: int, max_size: int, min_size: int,
             bold: bool = False) -> tuple[pygame.font.Font, list[str]]:
    """`fit_lines` giving the font itself."""
    size, lines = fit_lines(text, max_size, width, height, min_size, bold)
    return font(size, bold), lines


def blit_lines(surface: pygame.Surface, lines: list[str], fnt: pygame.font.Font, colour: Colour,
               x: int, y: int, centre_width: int | None = None) -> int:
    """Draw lines top-down from (x, y); returns the y below the last line (each line's picture kept)."""
    for line in lines:
        img = rendered(line, fnt, tuple(colour))
        dx = (centre_width - img.get_width()) // 2 if centre_width else 0
        surface.blit(img, (x + dx, y))
        y += fnt.get_linesize()
    return y


@lru_cache(maxsize=2048)
def rendered(line: str, fnt: pygame.font.Font, colour: tuple) -> pygame.Surface:
    """One antialiased line in `fnt`, kept: the "thinking" lines and prompts are drawn at every frame."""
    return fnt.render(line, True, colour)
