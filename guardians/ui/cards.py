"""Card faces drawn with pygame: frame coloured by `CardFace.colour`, title, kind, stats (a drawn icon and
the value for the labels `art.icons` knows, else "LABEL value"), rules text wrapped (and shrunk) to fit, footer. Each (face, size) is rendered once and cached.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Iterable

import pygame

from guardians.engine.table import CardFace
from guardians.ui import scaling, text, theme
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
    surf = text.RecordingSurface(size, pygame.SRCALPHA)   # (a plain surface unless text is being recorded)
    radius = max(4, w // 14)
    pygame.draw.rect(surf, frame, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, theme.CARD_INK, surf.get_rect(), 1, border_radius=radius)
    inner = surf.get_rect().inflate(-2 * border, -2 * border)
    inner_radius = max(2, radius - border)
    pygame.draw.rect(surf, theme.CARD_PAPER, inner, border_radius=inner_radius)
    return surf, inner, inner_radius


HOVER_NOTE = "Hover to read"     # where a face has no room for its effect


def render_card(face: CardFace, size: tuple[int, int],
                colours: dict[str, theme.Colour] | None = None) -> pygame.Surface:
    """Draw `face` at `size`; nothing drawn leaves the card (text shrinks, down to the window's smallest
    text, then is cut with "…": the whole card is read on hover)."""
    custom = _RENDERERS.get(face.colour)
    if custom is not None:
        return custom(face, size, colours)
    FACE_MIN_PX = scaling.window_min_text()     # noqa: N806  (12 px at 1280×720, 10 px at 1024×640)
    w, h = size
    frame = theme.card_colour(face.colour, colours)
    surf, inner, corner = blank_card((w, h), frame, max(3, w // 22))
    pad = max(2, w // 30)
    x, width = inner.x + pad, inner.w - 2 * pad
    y = inner.y + pad
    if width < 4 * FACE_MIN_PX:         # too small to write on (a pile's top card): its colours only
        pygame.draw.rect(surf, frame, pygame.Rect(inner.x, inner.y, inner.w, inner.h // 4),
                         border_top_left_radius=corner, border_top_right_radius=corner)
        return surf

    # Title band, in the frame colour: a name too long for one line takes two.
    title_px = max(FACE_MIN_PX, h // 13)
    # bold, unless a word is too wide in bold even at the smallest size (it would be cut): regular keeps it whole
    bold = text.words_fit(face.title, theme.font(text.least(title_px, FACE_MIN_PX), True), width - 4)
    size_px, lines = text.fit_lines(face.title, title_px, width - 4, 2 * theme.font(title_px, bold).get_linesize(),
                                    FACE_MIN_PX, bold)
    fnt = theme.font(size_px, bold)
    band = pygame.Rect(inner.x, inner.y, inner.w, len(lines) * fnt.get_linesize() + 2 * pad)
    pygame.draw.rect(surf, frame, band, border_top_left_radius=corner, border_top_right_radius=corner)
    theme.blit_lines(surf, lines, fnt, theme.ink_on(frame), x + 2, band.y + pad)
    y = band.bottom + pad

    # The emblem (who or what the card shows) at the right, beside the kind line and stats.
    emblem_bottom = y
    if len(face.emblem) == 3:
        side = max(12, min(inner.w // 3, h // 4))
        paint_emblem(surf, pygame.Rect(inner.right - pad - side, y, side, side), *face.emblem)
        width -= side + pad
        emblem_bottom = y + side + pad

    # Kind line (its first word when the whole does not fit).
    kind_px = max(FACE_MIN_PX, h // 16)
    kind_font = theme.font(kind_px)
    kind = face.kind.upper()
    if kind_font.size(kind)[0] > width and kind.split():
        kind = kind.split()[0]
    kind = theme.ellipsize(kind, kind_font, width)
    surf.blit(kind_font.render(kind, True, (90, 84, 74)), (x, y))
    y += kind_font.get_linesize() + pad // 2

    # Stats: a row of boxed "LABEL value" pairs, shrunk to share the width.
    if face.stats:
        y = _draw_stats(surf, face.stats, pygame.Rect(x, y, width, max(FACE_MIN_PX + 4, h // 10)), frame) + pad // 2
    y = max(y, emblem_bottom)
    width = inner.w - 2 * pad

    # Footer at the bottom.
    bottom = inner.bottom - pad
    if face.footer:
        foot_font = theme.font(max(FACE_MIN_PX, h // 18))
        parts = face.footer.split(" · ")           # two lines rather than a cut; then its last parts left off
        while len(parts) > 1 and len(theme.wrap(" · ".join(parts), foot_font, width)) > 2:
            parts.pop()                            # (the hover card says them)
        feet = theme.wrap(" · ".join(parts), foot_font, width, max_lines=2)
        bottom -= len(feet) * foot_font.get_linesize()
        theme.blit_lines(surf, feet, foot_font, (90, 84, 74), x, bottom)
        bottom -= pad // 2

    # Rules text in its box, wrapped and shrunk to fit; left off when it cannot be read whole (the card is
    # read on hover).
    if face.text and bottom - y > FACE_MIN_PX:
        box = pygame.Rect(x, y, width, bottom - y)
        least = theme.font(FACE_MIN_PX)
        if len(theme.wrap(face.text, least, box.w - 6)) * least.get_linesize() <= box.h - 4:
            pygame.draw.rect(surf, theme.CARD_TEXT_BOX, box, border_radius=3)
            text_px = max(FACE_MIN_PX, h // 15)
            body_font, body = theme.fit_text(face.text, box.w - 6, box.h - 4, text_px, FACE_MIN_PX)
            theme.blit_lines(surf, body, body_font, theme.CARD_INK, box.x + 3, box.y + 2)
        elif least.size(HOVER_NOTE)[0] <= box.w - 6 and least.get_linesize() <= box.h:
            surf.blit(least.render(HOVER_NOTE, True, (120, 112, 98)), (box.x + 3, box.y + 2))
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
        if theme.font(scaling.window_min_text(), True).size(text)[0] > cell.w - 4:
            text = value                 # a narrow cell: the value alone (the hover card says the rest)
        least = scaling.window_min_text()
        size = max(least, cell_h - 4)
        while size > least and theme.font(size, True).size(text)[0] > cell.w - 4:
            size -= 1
        fnt = theme.font(size, True)
        img = fnt.render(theme.ellipsize(text, fnt, cell.w - 4), True, ink)
        surf.blit(img, img.get_rect(center=cell.center))
    return area.y + rows * (cell_h + gap) - gap


def _icon_stat(surf: pygame.Surface, cell: pygame.Rect, name: str, value: str, ink: theme.Colour) -> None:
    side = max(6, cell.h - 4)
    least = scaling.window_min_text()    # no value below the window's smallest text (issue #18)
    size = max(least, cell.h - 4)
    while size > least and theme.font(size, True).size(value)[0] > cell.w - side - 6:
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
        text.register_cache(self.clear)
        self.renders = 0

    def clear(self) -> None:
        self._cache.clear()

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
