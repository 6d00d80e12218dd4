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
from guardians.ui import scaling, text, theme
from guardians.ui.cards import HOVER_NOTE, blank_card, register_renderer
from guardians.ui.widgets import draw_box

KEYS = ("generic", "skill", "item", "familiar", "super", "coward")
NEED_DISC = (28, 30, 40)


def _stat(face: CardFace, label: str) -> str:
    for key, value in face.stats:
        if key == label:
            return value
    return ""


def render(face: CardFace, size: tuple[int, int], colours: dict | None = None, badge: str = "") -> pygame.Surface:
    """The card at `size`, with `badge` (what the card carries in play: SUPER, cards under it) in its footer. No text goes below the window's smallest (`scaling.window_min_text`): a long
    name takes two lines, a type too long is shortened to its first word, and an effect that cannot be
    written at that size is left off (the card is read whole on hover)."""
    w, h = size
    least = scaling.window_min_text()
    frame = theme.card_colour(face.colour, colours)
    surf, inner, corner = blank_card((w, h), frame, max(2, w // 28))
    pad = max(2, w // 32)
    ink = theme.ink_on(frame)
    if inner.w < 4 * least:         # too small to write on (a pile's top card): its colours only, hover reads it
        pygame.draw.rect(surf, frame, pygame.Rect(inner.x, inner.y, inner.w, inner.h // 4),
                         border_top_left_radius=corner, border_top_right_radius=corner)
        return surf

    # The title band with the energy requirement disc at its left; a name too long for one line takes two.
    # On a card too narrow for the name's longest word beside the disc (a hand card at 1280×720), the name
    # takes the band's whole width and the disc moves to the start of the kind line: a word is never split.
    need = _stat(face, "NEED")
    needs = bool(need and need != "0")
    title_px = max(least, min(26, int(h * 0.075)))
    line_h = theme.font(title_px, True).get_linesize()
    disc_r = max(6, (line_h + 2 * pad) // 2 + max(1, w // 60))
    x = inner.x + pad + (2 * disc_r + pad if needs else 0)
    disc_in_band = needs and text.words_fit(face.title, theme.font(least, True), inner.right - pad - x)
    if needs and not disc_in_band:
        x = inner.x + pad
    size_px, lines = style.fit_lines(face.title, title_px, inner.right - pad - x, 2 * line_h, least, True)
    band_h = len(lines) * theme.font(size_px, True).get_linesize() + 2 * pad
    band = pygame.Rect(inner.x, inner.y, inner.w, band_h)
    pygame.draw.rect(surf, frame, band, border_top_left_radius=corner, border_top_right_radius=corner)
    if disc_in_band:
        _need_disc(surf, (inner.x + disc_r + 1, inner.y + disc_r), disc_r, need, least, w)
    style.blit_lines(surf, lines, size_px, ink, x, band.y + pad, bold=True)
    y = max(band.bottom, inner.y + 2 * disc_r if disc_in_band else 0) + pad

    # The kind, and what the card needs when the disc is too small to say it (or the disc, when the name
    # left it no room in the band).
    kind_px = max(least, int(h * 0.045))
    kind = face.kind.upper() + (f" · needs {need} energy" if needs and w >= 150 else "")
    kind_x = inner.x + pad
    if needs and not disc_in_band:
        small_r = max(6, theme.font(kind_px).get_linesize() // 2 + 1)
        _need_disc(surf, (kind_x + small_r, y + small_r - 1), small_r, need, least, w)
        kind_x += 2 * small_r + pad
    room = inner.right - pad - kind_x
    if theme.font(kind_px).size(kind)[0] > room:
        kind = face.kind.upper().split()[0]
    img = style.fitted(kind, kind_px, room, (96, 88, 76), False, least)
    surf.blit(img, (kind_x, y))
    y += max(img.get_height(), 2 * small_r if needs and not disc_in_band else 0) + pad

    # Energy and attack generated, as coloured marks: side by side in words, or by initial ("+1 E"), or one
    # a row when even the initials do not share the width (never a mark cut to "+…").
    gains = gains_of(face)
    if gains:
        mark_px = max(least, int(h * 0.06))
        mark_font = theme.font(mark_px, True)
        mark_h = mark_font.get_linesize() + 2
        full = inner.w - 2 * pad
        share = (full - pad * (len(gains) - 1)) // len(gains)
        forms = [[f"{value} {word}" for value, word, _ in gains],
                 [f"{value} {word[0].upper()}" for value, word, _ in gains]]
        words = next((form for form in forms if all(mark_font.size(t)[0] + 8 <= share for t in form)), None)
        rows = 1 if words is not None else len(gains)
        if words is None:
            words = next((form for form in forms if all(mark_font.size(t)[0] + 8 <= full for t in form)), forms[1])
        room = share if rows == 1 else full
        mx = inner.x + pad
        for (_, _, colour), label in zip(gains, words):
            img = style.fitted(label, mark_px, room - 6, theme.TEXT, True, least)
            pill = pygame.Rect(mx, y, min(room, img.get_width() + 8), mark_h)
            pygame.draw.rect(surf, colour, pill, border_radius=max(2, mark_h // 2))
            surf.blit(img, img.get_rect(center=pill.center))
            if rows == 1:
                mx = pill.right + pad
            else:
                y += mark_h + max(1, pad // 2)
        y += (mark_h + pad) if rows == 1 else pad // 2

    # The footer: class or family, Persistent, copies; a badge (SUPER, "+2 under") at its right when both fit
    # on the row, else on a row of its own at the bottom: a badge never covers the footer's words.
    bottom = inner.bottom - pad
    foot_px = max(least, int(h * 0.042))
    foot_w = inner.w - 2 * pad
    if badge:
        img = style.fitted(badge, foot_px, foot_w - 6, theme.TEXT_DARK, True, least)
        tag = img.get_rect().inflate(6, 2)
        beside = face.footer and theme.font(foot_px).size(face.footer)[0] + tag.w + 4 <= foot_w
        if beside:
            tag.bottomright = (inner.right - pad, bottom)
            foot_w -= tag.w + 4
        else:
            tag.midbottom = (inner.centerx, bottom)
        draw_box(surf, tag, style.GOLD, theme.CARD_INK, 1, radius=4)
        surf.blit(img, img.get_rect(center=tag.center))
        if not beside:
            bottom = tag.y - max(1, pad // 2)
        elif not face.footer:
            bottom = tag.y
    if face.footer:
        foot = style.fitted(face.footer, foot_px, foot_w, (96, 88, 76), False, least)
        bottom -= foot.get_height()
        surf.blit(foot, (inner.x + pad, bottom))
        bottom -= max(1, pad // 2)

    # The effect text, wrapped and shrunk to fit its box; left off when it cannot be read whole.
    box = pygame.Rect(inner.x + pad, y, inner.w - 2 * pad, bottom - y)
    if face.text and box.h > least:
        text_px = max(least, min(20, int(h * 0.058)))
        lines_at_least = style.wrapped(face.text, least, box.w - 6)
        if len(lines_at_least) * theme.font(least).get_linesize() <= box.h - 4:
            pygame.draw.rect(surf, theme.CARD_TEXT_BOX, box, border_radius=3)
            size_px, lines = style.fit_lines(face.text, text_px, box.w - 6, box.h - 4, least)
            style.blit_lines(surf, lines, size_px, theme.CARD_INK, box.x + 3, box.y + 2)
        elif theme.font(least).size(HOVER_NOTE)[0] <= box.w - 6:
            surf.blit(style.text(HOVER_NOTE, least, (120, 112, 98)), (box.x + 3, box.y + 2))
    return surf


def _need_disc(surf: pygame.Surface, centre: tuple[int, int], radius: int, need: str, least: int, w: int) -> None:
    """The energy a card needs, as a number in a dark disc ringed in the energy colour."""
    pygame.draw.circle(surf, NEED_DISC, centre, radius)
    pygame.draw.circle(surf, style.ENERGY, centre, radius, max(1, w // 80))
    style.blit_centered(surf, style.text(need, max(least, int(radius * 1.15)), theme.TEXT, True), centre)


def gains_of(face: CardFace) -> list[tuple[str, str, theme.Colour]]:
    """The energy and attack a card generates: (value, word, colour)."""
    return [(value, word, colour) for value, word, colour in
            ((_stat(face, "NRG"), "energy", style.ENERGY), (_stat(face, "ATK"), "attack", style.ATTACK)) if value]


def paint_line(surface: pygame.Surface, rect: pygame.Rect, face: CardFace, px: int) -> None:
    """A card as one line, for a stack too large to show faces that can be read (the solo draft's 36
    cards): a stripe in the card's type colour, the energy it needs, its name, its type, what it gains and
    its class, at `px`; its effect is read on hover."""
    frame = theme.card_colour(face.colour)
    draw_box(surface, rect, theme.CARD_PAPER, theme.CARD_INK, 1, radius=4)
    stripe = pygame.Rect(rect.x, rect.y, max(6, rect.h // 3), rect.h)
    pygame.draw.rect(surface, frame, stripe, border_top_left_radius=4, border_bottom_left_radius=4)
    x = stripe.right + 4
    need = _stat(face, "NEED")
    if need and need != "0":
        r = rect.h // 2 - 2
        centre = (x + r, rect.centery)
        pygame.draw.circle(surface, NEED_DISC, centre, r)
        pygame.draw.circle(surface, style.ENERGY, centre, r, 1)
        style.blit_centered(surface, style.text(need, px, theme.TEXT, True), centre)
    x += rect.h - 2
    right = rect.right - 4
    name = style.text(face.title, px, theme.CARD_INK, True)
    room = right - x - name.get_width() - 6           # what the name leaves for the marks and the class
    marks = []
    for value, word, colour in gains_of(face) + [(v, "points", style.TROPHY) for v in [_stat(face, "PTS")] if v]:
        long = style.text(f"+{value.lstrip('+')} {word}" if word != "points" else f"{value} {word}", px,
                          theme.TEXT_DARK if word == "points" else theme.TEXT, True)
        marks.append((long, colour, value, word))
    total = sum(m[0].get_width() + 12 for m in marks)
    if total > room:            # the short form: the number and the word's first letter (the hover says all)
        marks = [(style.text(f"+{v.lstrip('+')} {w[0].upper()}" if w != "points" else f"{v} P", px,
                             theme.TEXT_DARK if w == "points" else theme.TEXT, True), c, v, w)
                 for _, c, v, w in marks]
    for img, colour, _, _ in reversed(marks):
        pill = img.get_rect(midright=(right, rect.centery)).inflate(8, 2)
        if pill.x < x + name.get_width() + 4:
            break
        pygame.draw.rect(surface, colour, pill, border_radius=pill.h // 2)
        surface.blit(img, img.get_rect(center=pill.center))
        right = pill.x - 4
    foot = (face.footer or "").replace("Persistent", "").strip(" ·,") or face.kind.title()
    foot_img = style.text(foot, px, (96, 88, 76))
    if foot_img.get_width() <= right - x - name.get_width() - 10:
        surface.blit(foot_img, foot_img.get_rect(midright=(right, rect.centery)))
        right -= foot_img.get_width() + 8
    name = style.fitted(face.title, px, right - x, theme.CARD_INK, True, px)
    surface.blit(name, name.get_rect(midleft=(x, rect.centery)))


def line_px(geo_font: int) -> int:
    """The size a card line is written at: the table's, never below the window's smallest text."""
    return max(geo_font, scaling.window_min_text())


def draws(face: CardFace) -> bool:
    """Whether this module draws `face` (a Guardian card), so a badge can go into its footer."""
    return face.colour in KEYS


register_renderer(KEYS, render)
