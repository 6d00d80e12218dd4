"""Guardian cards drawn the way the rulebook lays them out (GUARDIAN CARD LAYOUTS): the energy requirement
in a disc at the top left (none when a card needs no energy), the name, the energy and attack the card
generates as coloured marks on the left, the effect text, and the class or family (and Persistent) at
the bottom; the frame coloured by type (generic brown, skill purple, item grey, familiar green, SUPER
gold). Registered with `guardians.ui.cards`, so the table, the hover zoom and the card viewer agree.
"""

from __future__ import annotations

import pygame

from guardians.engine.table import CardFace
from guardians.games.explore.scenes import style
from guardians.ui import theme
from guardians.ui.cards import blank_card, register_renderer

KEYS = ("generic", "skill", "item", "familiar", "super", "coward")
NEED_DISC = (28, 30, 40)


def _stat(face: CardFace, label: str) -> str:
    for key, value in face.stats:
        if key == label:
            return value
    return ""


def render(face: CardFace, size: tuple[int, int], colours: dict | None = None) -> pygame.Surface:
    w, h = size
    frame = theme.card_colour(face.colour, colours)
    surf, inner, corner = blank_card((w, h), frame, max(2, w // 28))
    pad = max(2, w // 32)
    ink = theme.ink_on(frame)

    # The title band with the energy requirement disc at its left.
    need = _stat(face, "NEED")
    title_px = max(8, min(26, int(h * 0.075)))
    band_h = theme.font(title_px, True).get_linesize() + 2 * pad
    band = pygame.Rect(inner.x, inner.y, inner.w, band_h)
    pygame.draw.rect(surf, frame, band, border_top_left_radius=corner, border_top_right_radius=corner)
    x = inner.x + pad
    if need and need != "0":
        disc_r = max(6, band_h // 2 + max(1, w // 60))
        centre = (inner.x + disc_r + 1, inner.y + disc_r)
        pygame.draw.circle(surf, NEED_DISC, centre, disc_r)
        pygame.draw.circle(surf, style.ENERGY, centre, disc_r, max(1, w // 80))
        number = style.text(need, max(8, int(disc_r * 1.15)), theme.TEXT, True)
        style.blit_centered(surf, number, centre)
        x = centre[0] + disc_r + pad
    title = style.fitted(face.title, title_px, inner.right - pad - x, ink, True, 7)
    surf.blit(title, (x, band.centery - title.get_height() // 2))
    y = band.bottom + pad

    # The kind, and what the card needs when the disc is too small to say it.
    kind_px = max(7, int(h * 0.045))
    kind = face.kind.upper() + (f" · needs {need} energy" if need and need != "0" and w >= 150 else "")
    img = style.fitted(kind, kind_px, inner.w - 2 * pad, (96, 88, 76), False, 6)
    surf.blit(img, (inner.x + pad, y))
    y += img.get_height() + pad

    # Energy and attack generated, as coloured marks.
    gains = [(value, word, colour) for value, word, colour in
             ((_stat(face, "NRG"), "energy", style.ENERGY), (_stat(face, "ATK"), "attack", style.ATTACK)) if value]
    if gains:
        mark_px = max(8, int(h * 0.06))
        mark_h = theme.font(mark_px, True).get_linesize() + 2
        mx = inner.x + pad
        room = (inner.w - 2 * pad - pad * (len(gains) - 1)) // len(gains)
        for value, word, colour in gains:
            long = f"{value} {word}"
            words = long if theme.font(mark_px, True).size(long)[0] + 8 <= room else f"{value} {word[0].upper()}"
            img = style.fitted(words, mark_px, room - 6, theme.TEXT, True, 6)
            pill = pygame.Rect(mx, y, min(room, img.get_width() + 8), mark_h)
            pygame.draw.rect(surf, colour, pill, border_radius=max(2, mark_h // 2))
            surf.blit(img, img.get_rect(center=pill.center))
            mx = pill.right + pad
        y += mark_h + pad

    # The footer: class or family, Persistent, copies.
    bottom = inner.bottom - pad
    if face.footer:
        foot_px = max(7, int(h * 0.042))
        foot = style.fitted(face.footer, foot_px, inner.w - 2 * pad, (96, 88, 76), False, 6)
        bottom -= foot.get_height()
        surf.blit(foot, (inner.x + pad, bottom))
        bottom -= max(1, pad // 2)

    # The effect text, wrapped and shrunk to fit its box.
    box = pygame.Rect(inner.x + pad, y, inner.w - 2 * pad, bottom - y)
    if face.text and box.h > 8:
        pygame.draw.rect(surf, theme.CARD_TEXT_BOX, box, border_radius=3)
        text_px = max(7, min(20, int(h * 0.058)))
        size_px, lines = style.fit_lines(face.text, text_px, box.w - 6, box.h - 4, 6)
        clip = surf.get_clip()
        surf.set_clip(box)
        style.blit_lines(surf, lines, size_px, theme.CARD_INK, box.x + 3, box.y + 2)
        surf.set_clip(clip)
    return surf


register_renderer(KEYS, render)
