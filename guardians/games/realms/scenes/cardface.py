"""Realms card faces drawn from the YAML facts (facts.face): the frame in the border's colour (Mortal,
Elemental, External; other cards by type), the name, Vitality (or the Up-card number) in a disc, the
off-colour bonus, Shield cost and command points in boxes, marks for flying, bribery, ranged and command
cards, the rules text in our words, and size and class at the foot. Small cards keep only what a player
reads across the table (name, Vitality, cost); the hover zoom shows the whole card.

Registered with `guardians.ui.cards` for every "realms:" colour key, so hover and any viewer agree.
"""

from __future__ import annotations

import re

import pygame

from guardians.engine.table import CardFace
from guardians.games.realms.scenes.facts import KEY
from guardians.ui import art, scaling, theme
from guardians.ui.cards import HOVER_NOTE, blank_card, register_renderer
from guardians.ui.table.text import fit_lines, fitted, text
from guardians.ui.text import least, wrap

FRAMES: dict[str, tuple[int, int, int]] = {
    "mortal": (170, 120, 62), "elemental": (52, 128, 168), "external": (128, 70, 160),
    "creature": (120, 120, 120), "guardian": (196, 160, 52), "shield": (96, 110, 140), "terrain": (80, 140, 80),
    "spell": (150, 60, 120), "item": (120, 126, 136), "stronghold": (110, 100, 90), "upgrade": (90, 110, 100),
    "bribery": (200, 150, 40),
}
SMALL_H = 170            # below this height a card shows only its headline facts
MARKS = {"FLY": "Flies", "CMD": "Command", "BRIBE": "Bribe:", "RNG": "Ranged", "LAND": "Terrain:"}


def stat(face: CardFace, label: str) -> str | None:
    for key, value in face.stats:
        if key == label:
            return value
    return None


def _disc(surf: pygame.Surface, centre: tuple[int, int], radius: int, value: str, fill, size: int) -> None:
    pygame.draw.circle(surf, fill, centre, radius)
    pygame.draw.circle(surf, theme.CARD_INK, centre, radius, 1)
    img = text(value, size, theme.ink_on(fill), True)
    surf.blit(img, img.get_rect(center=centre))


def render(face: CardFace, size: tuple[int, int], colours: dict | None = None) -> pygame.Surface:
    w, h = max(8, size[0]), max(8, size[1])
    frame = FRAMES.get(face.colour[len(KEY):], theme.card_colour(face.colour))
    surf, inner, _ = blank_card((w, h), frame, max(3, w // 20))
    pad = max(2, w // 30)
    grown = scaling.font_scale(scaling.table_scale(scaling.window_size()))     # as the text grows with the window
    small = h < SMALL_H * grown
    vit = stat(face, "VIT")
    up = stat(face, "UP")
    big = vit if vit is not None else up
    disc_r = max(9, min(w // 7, int(26 * grown))) if big is not None else 0
    least = scaling.window_min_text()          # no text under the window's floor (12 px at 1280x720)
    # the name, beside the disc
    title_px = max(least, min(24, h // 13))
    name_w = inner.w - 2 * pad - (2 * disc_r + pad if disc_r else 0)
    lines_h = inner.h // 3 if small else title_px * 3
    if small and _lines_needed(face.title, least, name_w) * theme.font(least, True).get_linesize() > lines_h:
        lines_h = inner.h * 3 // 5            # a small card's long name takes more room: never cut (issue #18)
    tsize, lines = fit_lines(face.title, title_px, name_w, lines_h, least, True)
    y = inner.y + pad
    if disc_r and any(theme.font(tsize, True).size(word)[0] > name_w for word in face.title.split()):
        # beside the disc a word would split: the name goes under the disc, across the whole card
        y = inner.y + 2 * pad + 2 * disc_r
        name_w = inner.w - 2 * pad
        tsize, lines = fit_lines(face.title, title_px, name_w, lines_h, least, True)
        if any(theme.font(tsize, True).size(word)[0] > name_w for word in face.title.split()):
            lines = (face.title,)      # still too long: one line cut with "…", never a split word
    for line in lines:
        surf.blit(fitted(line, tsize, name_w, theme.CARD_INK, True, least), (inner.x + pad, y))
        y += theme.font(tsize, True).get_linesize()
    if disc_r:
        fill = (206, 60, 50) if vit is not None else (60, 90, 160)
        _disc(surf, (inner.right - pad - disc_r, inner.y + pad + disc_r), disc_r, big, fill, max(least, disc_r))
        y = max(y, inner.y + 2 * pad + 2 * disc_r)
    body_px = max(least, min(16, h // 24))
    note_px = max(least, body_px - 1)       # the smaller lines, never under the floor
    numbers = [(k, v) for k, v in face.stats if k in ("OCB", "COST", "CMP")]
    emblem = len(face.emblem) == 3
    if small and emblem:            # the Guardian's or class's emblem in the bottom right corner
        side = max(12, min(inner.w // 3, inner.h // 4))
        art.paint_emblem(surf, pygame.Rect(inner.right - pad - side, inner.bottom - pad - side, side, side),
                         *face.emblem)
    if small:
        line = " · ".join(f"{k} {v}" for k, v in numbers)
        if line:
            surf.blit(fitted(line, least, inner.w - 2 * pad, theme.CARD_INK, True, least), (inner.x + pad, y))
            y += theme.font(least, True).get_linesize()
        marks = [k for k, _ in face.stats if k in ("FLY", "BRIBE", "CMD", "RNG")]
        line_h = theme.font(least).get_linesize()
        if marks and y + line_h < inner.bottom:
            _marks_row(surf, marks, inner.x + pad, y, least)
        foot_w = inner.w - 2 * pad - (max(12, min(inner.w // 3, inner.h // 4)) + pad if emblem else 0)
        if face.footer and inner.bottom - line_h > y + line_h and theme.font(least).size(face.footer)[0] <= foot_w:
            surf.blit(text(face.footer, least, (80, 74, 66)), (inner.x + pad, inner.bottom - line_h))
            # (a size and class too long for a small card are left off: the hover card says them)
        return surf
    kind_words = face.kind if theme.font(note_px).size(face.kind)[0] <= inner.w - 2 * pad else face.kind.split(" · ")[0]
    kind = fitted(kind_words, note_px, inner.w - 2 * pad, (80, 74, 66), False, least)     # (its first part if need be)
    surf.blit(kind, (inner.x + pad, y))
    y += kind.get_height() + pad
    right = inner.right - pad                  # the numbers and marks end here (the emblem sits beyond)
    emblem_bottom = y
    if emblem:
        side = max(16, min(inner.w // 4, 64))
        art.paint_emblem(surf, pygame.Rect(inner.right - pad - side, y, side, side), *face.emblem)
        right -= side + pad
        emblem_bottom = y + side + pad
    if numbers:
        x = inner.x + pad
        for k, v in numbers:
            label = {"OCB": "Off-colour", "COST": "Shield cost", "CMP": "CMP"}[k]
            img = text(f"{label} {v}", note_px, theme.CARD_INK, True)
            box = pygame.Rect(x, y, img.get_width() + 8, img.get_height() + 4)
            if box.right > right:
                break
            pygame.draw.rect(surf, theme.CARD_TEXT_BOX, box, border_radius=4)
            pygame.draw.rect(surf, frame, box, 1, border_radius=4)
            surf.blit(img, (x + 4, y + 2))
            x = box.right + 4
        y += theme.font(note_px, True).get_linesize() + 4 + pad
    for key in ("FLY", "RNG", "CMD", "BRIBE", "LAND"):
        value = stat(face, key)
        if value is None:
            continue
        words = MARKS[key] + (f" {value}" if value else "")
        if theme.font(note_px, True).size(words)[0] > right - inner.x - 2 * pad - 20:
            words = MARKS[key].rstrip(":")      # the mark's name alone (the hover card says what follows)
        _marks_row(surf, [key], inner.x + pad, y, note_px)
        surf.blit(fitted(words, note_px, right - inner.x - 2 * pad - 20, theme.CARD_INK, True, least),
                  (inner.x + pad + 20, y))
        y += theme.font(note_px, True).get_linesize() + 2
    y = max(y, emblem_bottom - pad)
    foot_h = theme.font(note_px).get_linesize() + pad if face.footer else 0
    box = pygame.Rect(inner.x + pad, y + pad, inner.w - 2 * pad, inner.bottom - pad - foot_h - y - pad)
    if face.text and box.h > 16:
        pygame.draw.rect(surf, theme.CARD_TEXT_BOX, box, border_radius=4)
        if len(wrap(face.text, theme.font(least), max(8, box.w - 8))) * theme.font(least).get_linesize() > box.h - 6:
            surf.blit(text(HOVER_NOTE, least, (110, 100, 90)), (box.x + 4, box.y + 3))    # not whole here: on hover
            lines, size_ = (), least
        else:
            size_, lines = fit_lines(face.text, body_px, box.w - 8, box.h - 6, least)
        ty = box.y + 3
        for line in lines:
            surf.blit(text(line, size_, theme.CARD_INK), (box.x + 4, ty))
            ty += theme.font(size_).get_linesize()
    if face.footer:
        surf.blit(fitted(face.footer, note_px, inner.w - 2 * pad, (80, 74, 66), False, least),
                  (inner.x + pad, inner.bottom - foot_h))
    return surf


def _lines_needed(words: str, size: int, width: int) -> int:
    """How many lines `words` take in bold at `size` in `width`, in whole words."""
    return len(wrap(words, theme.font(size, True), max(8, width)))


MARK_COLOURS = {"FLY": (60, 110, 170), "BRIBE": (190, 140, 30), "CMD": (170, 60, 60), "RNG": theme.CARD_INK,
                "LAND": (80, 140, 80), "CHAN": (120, 70, 170)}


def _marks_row(surf: pygame.Surface, marks: list[str], x: int, y: int, size: int) -> None:
    """Small icons from the shared set (`guardians.ui.art.icons`): a wing for flying, a key for bribery, a crown
    for command, a crosshair for ranged, a mountain for terrain."""
    side = max(10, size + 2)
    for key in marks:
        name = art.icon_for_label(key)
        if name is not None:
            surf.blit(art.icon(name, side, MARK_COLOURS.get(key, theme.CARD_INK)), (x, y))
        x += side + 4


def paint_back(surface: pygame.Surface, rect: pygame.Rect, count: int | None = None, label: str = "") -> None:
    """A face-down card (or pile): the realms back, and its size in large figures when it is a pile."""
    if rect.w < 4 or rect.h < 4:
        return
    surface.blit(art.card_back("realms", rect.size), rect)
    if count is not None:
        img = text(str(count), max(scaling.window_min_text(), min(28, rect.h // 3)), theme.TEXT, True)
        box = img.get_rect(center=rect.center).inflate(8, 0)
        pygame.draw.rect(surface, (24, 18, 36), box, border_radius=6)
        surface.blit(img, img.get_rect(center=rect.center))
    if label and rect.h >= 40:
        small = scaling.window_font(12)
        img = fitted(label, small, rect.w - 4, theme.TEXT_DIM, False, small)
        surface.blit(img, img.get_rect(midbottom=(rect.centerx, rect.bottom - 2)))


register_renderer([KEY + k for k in FRAMES], render)


def headline(face: CardFace) -> str:
    """The numbers a player reads across the table: Vitality or the Up-card number, cost, CMP."""
    parts = []
    for key, word in (("VIT", "V"), ("UP", "Up"), ("COST", "cost"), ("CMP", "CMP")):
        value = stat(face, key)
        if value is not None:
            parts.append(f"{word} {value}")
    return " · ".join(parts)


def paint_tile(surface: pygame.Surface, rect: pygame.Rect, face: CardFace | None, prefix: str = "") -> None:
    """A card as one readable line where a card picture would be too small: its frame colour as a
    stripe, the name and its headline numbers (hover shows the whole card); `tile_words` keeps the name
    whole where it can."""
    frame = FRAMES.get(face.colour[len(KEY):], theme.CHIP) if face is not None else (90, 80, 120)
    pygame.draw.rect(surface, theme.CARD_PAPER if face is not None else (58, 46, 86), rect, border_radius=4)
    pygame.draw.rect(surface, frame, pygame.Rect(rect.x, rect.y, 6, rect.h), border_top_left_radius=4,
                     border_bottom_left_radius=4)
    pygame.draw.rect(surface, frame, rect, 1, border_radius=4)
    lead = 0
    if face is not None and len(face.emblem) == 3 and rect.h >= 14:    # its Guardian's or class's emblem
        lead = rect.h - 2
        art.paint_emblem(surface, pygame.Rect(rect.x + 7, rect.y + 1, lead, lead), *face.emblem)
    ink = theme.CARD_INK if face is not None else theme.TEXT
    small = scaling.window_font(12)            # given for 1280x720, grown with the window
    size = scaling.window_font(13) if rect.h >= small + 10 else small
    words, tail = tile_words(face, prefix, rect.w - lead, size)
    tail_img = text(tail, small, ink, True) if tail else None
    room = rect.w - 14 - lead - (tail_img.get_width() + 6 if tail_img else 0)
    img = fitted(words, size, room, ink, False, small)
    surface.blit(img, img.get_rect(midleft=(rect.x + 9 + lead, rect.centery)))
    if tail_img is not None:
        surface.blit(tail_img, tail_img.get_rect(midright=(rect.right - 5, rect.centery)))


def tile_words(face: CardFace | None, prefix: str, width: int, size: int = 13) -> tuple[str, str]:
    """A tile's name and numbers: the whole name with all the numbers if they fit; else the name before
    its title ("Tes let" of "Tes let, Leader with Foresight"), with all the numbers, then the first only;
    then the name alone (issue #18: a name in hand is never cut; its numbers are on its hover); only then
    the name cut with "…" beside the first number."""
    if face is None:
        return prefix + "face-down card", ""
    tail = headline(face)
    first = tail.split(" · ")[0]
    full = prefix + face.title
    short = prefix + re.split(r", |: ", face.title, maxsplit=1)[0]
    small = scaling.window_font(12)
    smallest = least(size, small)       # what `fitted` may shrink the name to in this window
    for words, numbers in ((full, tail), (short, tail), (full, first), (short, first), (full, ""), (short, "")):
        room = width - 14 - (text(numbers, small, theme.CARD_INK, True).get_width() + 6 if numbers else 0)
        if theme.font(smallest).size(words)[0] <= room:
            return words, numbers
    return full, first
