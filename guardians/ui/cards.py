"""Card faces drawn with pygame: frame coloured by `CardFace.colour`, title, kind, stats (a drawn icon and
the value for the labels `art.icons` knows, else "LABEL value"), rules text wrapped (and shrunk) to fit, footer. Each (face, size) is rendered once and cached.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Iterable

import pygame

from guardians.engine.table import CardFace
from guardians.ui import theme
from guardians.ui.art.emblems import paint_emblem
from guardians.ui.art.icons import icon, icon_for_label

CARD_RATIO = 1.4     # height / width
SMALL = (96, 134)
LARGE = (260, 364)


# A game may draw its own cards' faces (keyed by `CardFace.colour`): `register_renderer`.
_RENDERERS: dict[str, Callable[..., pygame.Surface]] = {}


def register_renderer(keys: Iterable[str], renderer: Callable[..., pygame.Surface]) -> None:
    """Draw faces whose `colour` is one of `keys` with `renderer(face, size, colours)` instead of the
    generic frame (a game's own card layout; the cache, hover and card viewer use it alike)."""
    for key in keys:
        _RENDERERS[key] = renderer


def card_size(width: int) -> tuple[int, int]:
    return width, int(round(width * CARD_RATIO))


def blank_card(size: tuple[int, int], frame: theme.Colour, border: int) -> tuple[pygame.Surface, pygame.Rect, int]:
    """A card with nothing on it yet, as every card face starts: a rounded frame `border` pixels wide in
    the colour `frame`, an ink outline, paper inside. The surface, the paper's rect and the paper's corner
    radius (for a band drawn along its top)."""
    w, _ = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    radius = max(4, w // 14)
    pygame.draw.rect(surf, frame, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, theme.CARD_INK, surf.get_rect(), 1, border_radius=radius)
    inner = surf.get_rect().inflate(-2 * border, -2 * border)
    inner_radius = max(2, radius - border)
    pygame.draw.rect(surf, theme.CARD_PAPER, inner, border_radius=inner_radius)
    return surf, inner, inner_radius


def render_card(face: CardFace, size: tuple[int, int],
                colours: dict[str, theme.Colour] | None = None) -> pygame.Surface:
    """Draw `face` at `size`; nothing drawn leaves the card (text shrinks, then is cut with "…")."""
    custom = _RENDERERS.get(face.colour)
    if custom is not None:
        return custom(face, size, colours)
    w, h = size
    frame = theme.card_colour(face.colour, colours)
    surf, inner, corner = blank_card((w, h), frame, max(3, w // 22))
    pad = max(2, w // 30)
    x, width = inner.x + pad, inner.w - 2 * pad
    y = inner.y + pad

    # Title band, in the frame colour.
    title_px = max(9, h // 13)
    fnt, lines = theme.fit_text(face.title, width - 4, int(title_px * 1.25), title_px, 8, bold=True)
    band = pygame.Rect(inner.x, inner.y, inner.w, fnt.get_linesize() + 2 * pad)
    pygame.draw.rect(surf, frame, band, border_top_left_radius=corner, border_top_right_radius=corner)
    theme.blit_lines(surf, lines[:1], fnt, theme.ink_on(frame), x + 2, band.y + pad)
    y = band.bottom + pad

    # The emblem (who or what the card shows) at the right, beside the kind line and stats.
    emblem_bottom = y
    if len(face.emblem) == 3:
        side = max(12, min(inner.w // 3, h // 4))
        paint_emblem(surf, pygame.Rect(inner.right - pad - side, y, side, side), *face.emblem)
        width -= side + pad
        emblem_bottom = y + side + pad

    # Kind line.
    kind_px = max(8, h // 20)
    kind_font = theme.font(kind_px)
    kind = theme.ellipsize(face.kind.upper(), kind_font, width)
    surf.blit(kind_font.render(kind, True, (90, 84, 74)), (x, y))
    y += kind_font.get_linesize() + pad

    # Stats: a row of boxed "LABEL value" pairs, shrunk to share the width.
    if face.stats:
        y = _draw_stats(surf, face.stats, pygame.Rect(x, y, width, max(14, h // 9)), frame) + pad
    y = max(y, emblem_bottom)
    width = inner.w - 2 * pad

    # Footer at the bottom.
    bottom = inner.bottom - pad
    if face.footer:
        foot_font = theme.font(max(7, h // 24))
        foot = theme.ellipsize(face.footer, foot_font, width)
        bottom -= foot_font.get_linesize()
        surf.blit(foot_font.render(foot, True, (90, 84, 74)), (x, bottom))
        bottom -= pad

    # Rules text in its box, wrapped and shrunk to fit.
    if face.text and bottom - y > 10:
        box = pygame.Rect(x, y, width, bottom - y)
        pygame.draw.rect(surf, theme.CARD_TEXT_BOX, box, border_radius=3)
        text_px = max(8, h // 17)
        body_font, body = theme.fit_text(face.text, box.w - 6, box.h - 4, text_px, 8)
        clip = surf.get_clip()
        surf.set_clip(box)
        theme.blit_lines(surf, body, body_font, theme.CARD_INK, box.x + 3, box.y + 2)
        surf.set_clip(clip)
    return surf


def _draw_stats(surf: pygame.Surface, stats: tuple[tuple[str, str], ...], area: pygame.Rect,
                frame: theme.Colour) -> int:
    count = len(stats)
    rows = 1 if count <= 3 else 2
    per_row = -(-count // rows)
    gap = 3
    cell_w = (area.w - gap * (per_row - 1)) // per_row
    cell_h = area.h
    for i, (label, value) in enumerate(stats):
        row, col = divmod(i, per_row)
        cell = pygame.Rect(area.x + col * (cell_w + gap), area.y + row * (cell_h + gap), cell_w, cell_h)
        pygame.draw.rect(surf, frame, cell, border_radius=3)
        ink = theme.ink_on(frame)
        name = icon_for_label(label)
        if name is not None:             # the stat's icon and its value, read without the label
            _icon_stat(surf, cell, name, value, ink)
            continue
        text = f"{label} {value}"
        size = max(8, cell_h - 4)
        while size > 7 and theme.font(size, True).size(text)[0] > cell.w - 4:
            size -= 1
        fnt = theme.font(size, True)
        img = fnt.render(theme.ellipsize(text, fnt, cell.w - 4), True, ink)
        surf.blit(img, img.get_rect(center=cell.center))
    return area.y + rows * (cell_h + gap) - gap


def _icon_stat(surf: pygame.Surface, cell: pygame.Rect, name: str, value: str, ink: theme.Colour) -> None:
    side = max(6, cell.h - 4)
    size = max(8, cell.h - 4)
    while size > 7 and theme.font(size, True).size(value)[0] > cell.w - side - 6:
        size -= 1
    fnt = theme.font(size, True)
    img = fnt.render(theme.ellipsize(value, fnt, max(4, cell.w - side - 6)), True, ink)
    pic = icon(name, side, ink)
    left = cell.centerx - (side + 2 + img.get_width()) // 2
    surf.blit(pic, pic.get_rect(midleft=(left, cell.centery)))
    surf.blit(img, img.get_rect(midleft=(left + side + 2, cell.centery)))


class CardCache:
    """Rendered card surfaces by (face, size), least recently used dropped first."""

    def __init__(self, limit: int = 512, colours: dict[str, theme.Colour] | None = None) -> None:
        self.limit = limit
        self.colours = colours
        self._cache: OrderedDict[tuple[CardFace, tuple[int, int]], pygame.Surface] = OrderedDict()
        self.renders = 0

    def get(self, face: CardFace, size: tuple[int, int]) -> pygame.Surface:
        key = (face, (int(size[0]), int(size[1])))
        surf = self._cache.get(key)
        if surf is not None:
            self._cache.move_to_end(key)
            return surf
        surf = render_card(face, key[1], self.colours)
        self.renders += 1
        self._cache[key] = surf
        if len(self._cache) > self.limit:
            self._cache.popitem(last=False)
        return surf


_default_cache: CardCache | None = None


def card_surface(face: CardFace, size: tuple[int, int]) -> pygame.Surface:
    """A cached rendering of `face` at `size` from the shared cache."""
    global _default_cache
    if _default_cache is None:
        _default_cache = CardCache()
    return _default_cache.get(face, size)
