"""Drawing the explore table's pieces: cards and their backs, monsters, location tiles, figures, Blanket
Forts, level trackers, piles and buttons.

Each piece is drawn from a small frozen "look" at a given size; the expensive part is cached per
(look, size), so redrawing the table is mostly blits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from guardians.engine.table import CardFace
from guardians.games.explore.scenes import cardface, style  # noqa: F401  (cardface: the card layout)
from guardians.ui import art, theme
from guardians.ui.cards import card_surface
from guardians.ui.table.prompt import paint_button  # noqa: F401  (option buttons drawn by the scenes)
from guardians.ui.widgets import draw_box
from guardians.ui.text import may_cut, wrap

# ----- cards -------------------------------------------------------------------------------------


BACK_DECKS = {"guardian": "explore", "monster": "explore:monster", "quest": "explore:quest", "boss": "explore:boss"}


@lru_cache(maxsize=128)
def card_back(size: tuple[int, int], kind: str = "guardian", label: str = "") -> pygame.Surface:
    """The back of a card: the same for every card of a kind, so a hidden card tells nothing.
    Kinds: "guardian", "monster" (label: the wave), "quest", "boss" (label: its colour)."""
    w, h = size
    base = art.card_back(BACK_DECKS.get(kind, "explore"), size)
    if not label:
        return base
    surf = base.copy()
    edge = style.ROW_COLOURS.get(label, (220, 200, 200)) if kind == "boss" else (236, 226, 220)
    if kind == "boss":
        pygame.draw.rect(surf, edge, surf.get_rect(), max(2, w // 20), border_radius=max(3, w // 10))
    words = f"{label.title()} Boss" if kind == "boss" else label
    img = style.fitted(words, max(style.least(), w // 6), w - 8, edge, True)
    box = img.get_rect(midbottom=(w // 2, h - max(3, h // 14))).inflate(6, 2)
    pygame.draw.rect(surf, (16, 16, 22), box, border_radius=4)
    surf.blit(img, img.get_rect(center=box.center))
    return surf


def paint_card(surface: pygame.Surface, rect: pygame.Rect, face: CardFace | None, kind: str = "guardian",
               label: str = "") -> None:
    if face is None:
        surface.blit(card_back((rect.w, rect.h), kind, label), rect)
    else:
        surface.blit(card_surface(face, (rect.w, rect.h)), rect)


def paint_tagged_card(surface: pygame.Surface, rect: pygame.Rect, face: CardFace | None, badge: str,
                      colour: style.Colour = style.GOLD) -> None:
    """A card with a small badge at its bottom (SUPER, ×2 under it, borrowed …): a Guardian card's in its
    footer row, beside or under the footer's words (never over them)."""
    if badge and face is not None and cardface.draws(face):
        surface.blit(cardface.render(face, (rect.w, rect.h), badge=badge), rect)
        return
    paint_card(surface, rect, face)
    if badge:
        img = style.fitted(badge, max(style.least(), rect.w // 8), rect.w - 6, theme.TEXT_DARK, True)
        box = img.get_rect(midbottom=(rect.centerx, rect.bottom - 2)).inflate(6, 2)
        draw_box(surface, box, colour, theme.CARD_INK, 1, radius=4)
        surface.blit(img, img.get_rect(center=box.center))


def paint_dim(surface: pygame.Surface, rect: pygame.Rect, words: tuple[str, ...], alpha: int = 160) -> None:
    """Darken a drawn card and write a few words over it (taken, lost, chosen elsewhere)."""
    dim = pygame.Surface(rect.size, pygame.SRCALPHA)
    dim.fill((12, 14, 20, alpha))
    surface.blit(dim, rect)
    y = rect.centery - len(words) * max(style.least(), rect.w // 8) // 2
    for line in words:
        img = style.fitted(line, max(style.least(), rect.w // 8), rect.w - 8, theme.TEXT, True)
        back = img.get_rect(midtop=(rect.centerx, y)).inflate(6, 2)
        pygame.draw.rect(surface, theme.PANEL, back, border_radius=4)
        surface.blit(img, img.get_rect(center=back.center))
        y += back.h + 2


# ----- monsters ----------------------------------------------------------------------------------


@dataclass(frozen=True)
class MonsterLook:
    name: str
    family: str
    family_name: str
    attack: int
    trophy: int
    damage: int = 0
    hidden: bool = False
    wave: int = 0
    immune: bool = False
    shielded: bool = False       # Purify-A1's round shield


def _monster_name(surf: pygame.Surface, name: str, size: int, inner: pygame.Rect, ink) -> int:
    """The name at the top, whole: on one line (bold, else regular), else on two lines of whole words; only a
    word wider than the card is cut. Its height."""
    room = inner.w - 2
    lines = [name]
    if theme.font(size, True).size(name)[0] > room and theme.font(size).size(name)[0] > room:
        two = style.wrapped(name, size, room, True)
        if len(two) == 2 and " ".join(two) == " ".join(name.split()) and inner.h >= 5 * theme.font(size).get_linesize():
            lines = list(two)           # whole words, and the card keeps room for its emblem and attack
    y = inner.y
    with may_cut():      # a name too long for a narrow card: its family emblem, attack and trophies stay, hover names it
        for line in lines:
            img = style.fitted(line, size, room, ink, True, 7)
            surf.blit(img, img.get_rect(midtop=(inner.centerx, y)))
            y += img.get_height()
    return y - inner.y


@lru_cache(maxsize=512)
def _monster_body(name: str, family: str, family_name: str, attack: int, trophy: int, immune: bool,
                  size: tuple[int, int]) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    frame = style.family_colour(family)
    radius = max(3, w // 9)
    pygame.draw.rect(surf, frame, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, theme.CARD_INK, surf.get_rect(), 1, border_radius=radius)
    border = max(2, w // 20)
    inner = surf.get_rect().inflate(-2 * border, -2 * border)
    name_px = max(style.least(), min(13, h // 7))
    name_h = _monster_name(surf, name, name_px, inner, theme.ink_on(frame))
    body = pygame.Rect(inner.x, inner.y + name_h + 1, inner.w, inner.h - name_h - 1)
    pygame.draw.rect(surf, style.TILE_PAPER, body, border_radius=max(2, radius - 2))
    foot_px = max(style.least(), min(12, h // 8))
    foot_h = theme.font(foot_px, True).get_linesize()
    # The family's emblem at the left, the attack large at the right.
    room = body.h - foot_h - 2
    side = max(8, min(room, body.w // 2 - 2))
    mark = art.emblem("explore", "families", family, side)
    surf.blit(mark, mark.get_rect(midleft=(body.x + 2, body.y + 1 + room // 2)))
    number = style.fitted(str(attack), max(10, min(room, int(body.w * 0.42))), body.w - side - 6, theme.CARD_INK,
                          True, 8)
    style.blit_centered(surf, number, (body.x + side + 2 + (body.w - side - 2) // 2, body.y + 1 + room // 2))
    foot = f"{trophy}★"
    img = style.fitted(foot, foot_px, body.w - 4, (70, 60, 50), True, 7)
    surf.blit(img, img.get_rect(midbottom=(body.centerx, body.bottom - 1)))
    if immune:
        pygame.draw.rect(surf, (140, 200, 255), surf.get_rect(), 2, border_radius=radius)
    return surf


def disc_words(face: CardFace) -> tuple[str, ...]:
    """What the number in the dark disc at a card's top left is, for its hover (issue #18: badges explained)."""
    need = dict(face.stats).get("NEED", "")
    return (f"dark disc: needs {need} energy to play",) if need and need != "0" else ()


def paint_monster(surface: pygame.Surface, rect: pygame.Rect, look: MonsterLook) -> None:
    if look.hidden:
        surface.blit(card_back((rect.w, rect.h), "monster", f"Wave {look.wave}" if look.wave else ""), rect)
        return
    surface.blit(_monster_body(look.name, look.family, look.family_name, look.attack, look.trophy, look.immune,
                               (rect.w, rect.h)), rect)
    if look.damage:
        damage_badge(surface, (rect.right - 2, rect.y + rect.h // 3), look.damage, max(9, rect.w // 5))
    if look.shielded:
        img = style.text("shield", max(style.least(), rect.w // 7), (20, 30, 50), True)
        box = img.get_rect(midbottom=(rect.centerx, rect.bottom + 2)).inflate(6, 0)
        draw_box(surface, box, (150, 200, 255), radius=4)
        surface.blit(img, img.get_rect(center=box.center))


def damage_badge(surface: pygame.Surface, topright: tuple[int, int], count: int, radius: int) -> None:
    """Damage counters as a red disc with their number."""
    centre = (topright[0] - radius, topright[1] + radius)
    pygame.draw.circle(surface, style.COUNTER, centre, radius)
    pygame.draw.circle(surface, (255, 230, 230), centre, radius, 1)
    style.blit_centered(surface, style.text(str(count), max(style.least(), int(radius * 1.2)), theme.TEXT, True), centre)


# ----- locations ---------------------------------------------------------------------------------


@dataclass(frozen=True)
class TileLook:
    number: int
    name: str
    colour: str
    text: str
    lost: bool = False          # Home flipped by the Blue boss
    safe: bool = False          # no monster: may be visited
    short: str = ""             # the text in a few words, when the tile has no room for it whole


@lru_cache(maxsize=128)
def _tile(look: TileLook, size: tuple[int, int], head_h: int, text_h: int, name_px: int, text_px: int) -> pygame.Surface:
    w, h = size
    surf = pygame.Surface(size, pygame.SRCALPHA)
    band = style.ROW_COLOURS.get(look.colour, (90, 90, 100))
    dark = style.ROW_DARK.get(look.colour, theme.PANEL)
    pygame.draw.rect(surf, dark, surf.get_rect(), border_radius=6)
    pygame.draw.rect(surf, band, surf.get_rect(), 2, border_radius=6)
    head = pygame.Rect(0, 0, w, head_h)
    pygame.draw.rect(surf, band, head, border_top_left_radius=6, border_top_right_radius=6)
    title = style.fitted(f"{look.number}. {look.name}", name_px, w - 10, theme.ink_on(band), True)
    surf.blit(title, (5, (head_h - title.get_height()) // 2))
    paper = pygame.Rect(3, head_h + 2, w - 6, text_h)
    pygame.draw.rect(surf, style.TILE_PAPER if not look.lost else (120, 116, 108), paper, border_radius=3)
    words = "Lost to the Blue boss: nobody can visit Home any more." if look.lost else look.text
    least = style.least()
    if look.short and not look.lost and len(wrap(words, theme.font(least), paper.w - 6)) * \
            theme.font(least).get_linesize() > paper.h - 2:
        words = look.short              # the whole text does not fit: its short form (the hover has it whole)
    size_px, lines = style.fit_lines(words, text_px, paper.w - 6, paper.h - 2, least)
    style.blit_lines(surf, lines, size_px, style.TILE_INK, paper.x + 3, paper.y + 1)
    if look.lost:
        pygame.draw.line(surf, (200, 60, 60), (4, head_h + 2), (w - 4, h - 4), 3)
    return surf


def paint_tile(surface: pygame.Surface, rect: pygame.Rect, look: TileLook, head_h: int, text_h: int,
               name_px: int, text_px: int, slots: tuple[pygame.Rect, ...]) -> None:
    surface.blit(_tile(look, (rect.w, rect.h), head_h, text_h, name_px, text_px), rect)
    for slot in slots:              # a visible monster symbol with nothing on it
        r = slot.move(rect.x, rect.y)
        pygame.draw.rect(surface, (90, 96, 110), r, 1, border_radius=5)
        style.blit_centered(surface, style.text("☠", max(style.least(), r.w // 3), (90, 96, 110)), r.center)


def paint_fort(surface: pygame.Surface, rect: pygame.Rect, colour: str, number: int) -> None:
    """A Blanket Fort: a tent of the owner's colour with their seat number, covering the symbols."""
    surface.blit(_fort(colour, number, (rect.w, rect.h)), rect)


@lru_cache(maxsize=64)
def _fort(colour: str, number: int, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    fill = style.seat_colour(colour)
    points = [(rect.x + 4, rect.bottom - 4), (rect.centerx, rect.y + 4), (rect.right - 4, rect.bottom - 4)]
    pygame.draw.polygon(surface, fill, points)
    pygame.draw.polygon(surface, theme.TEXT, points, 2)
    door = [(rect.centerx - rect.w // 8, rect.bottom - 4), (rect.centerx, rect.centery),
            (rect.centerx + rect.w // 8, rect.bottom - 4)]
    pygame.draw.polygon(surface, (20, 20, 26), door)
    label = style.fitted(f"Fort P{number}", max(style.least(), rect.h // 5), rect.w - 4, theme.TEXT, True)
    box = label.get_rect(midtop=(rect.centerx, rect.y + rect.h // 2 - 4)).inflate(6, 2)
    draw_box(surface, box, (20, 22, 30), fill, 1, radius=4)
    surface.blit(label, label.get_rect(center=box.center))
    return surface


def paint_figure(surface: pygame.Surface, rect: pygame.Rect, colour: str, number: int) -> None:
    """A Guardian figure: a pawn in the seat's colour with its number."""
    fill = style.seat_colour(colour)
    r = min(rect.w, rect.h) // 2
    centre = rect.center
    pygame.draw.circle(surface, (10, 10, 14), (centre[0] + 1, centre[1] + 2), r)
    pygame.draw.circle(surface, fill, centre, r)
    pygame.draw.circle(surface, theme.TEXT, centre, r, 2)
    style.blit_centered(surface, style.text(str(number), max(style.least(), int(r * 1.2)), theme.ink_on(fill), True), centre)


# ----- mats and piles ----------------------------------------------------------------------------


def level_box(surface: pygame.Surface, rect: pygame.Rect, label: str, value: str, colour: style.Colour) -> None:
    """One of the mat's trackers: a coloured box with its label and a big value."""
    draw_box(surface, rect, (24, 28, 38), colour, 2, radius=6)
    lab = style.fitted(label, max(style.least(), rect.h // 4), rect.w - 6, colour, True)
    surface.blit(lab, lab.get_rect(midtop=(rect.centerx, rect.y + 2)))
    val = style.fitted(value, max(10, rect.h - lab.get_height() - 6), rect.w - 6, theme.TEXT, True)
    surface.blit(val, val.get_rect(midtop=(rect.centerx, rect.y + lab.get_height() + 1)))


def paint_pile(surface: pygame.Surface, rect: pygame.Rect, label: str, count: int,
               face: CardFace | None = None, kind: str = "guardian", back_label: str = "") -> None:
    """A pile: a few stacked edges, its top card (or a back) and "label count" under it."""
    caption_h = max(12, rect.h // 6)
    card = pygame.Rect(rect.x, rect.y, rect.w - 4, rect.h - caption_h - 2)
    depth = min(3, count)
    for i in range(depth, 0, -1):
        pygame.draw.rect(surface, (20, 22, 30), card.move(i * 1, i * 1), border_radius=4)
    if count == 0:
        pygame.draw.rect(surface, style.ZONE, card, border_radius=4)
        pygame.draw.rect(surface, theme.PANEL_EDGE, card, 1, border_radius=4)
        style.blit_centered(surface, style.text("empty", max(style.least(), card.w // 6), theme.TEXT_DIM), card.center)
    else:
        paint_card(surface, card, face, kind, back_label)
    caption = style.fitted(f"{label} {count}", max(style.least(), caption_h - 1), rect.w + 6, theme.TEXT, True)
    surface.blit(caption, caption.get_rect(midtop=(rect.centerx, card.bottom + 2)))


def paint_trophies(surface: pygame.Surface, rect: pygame.Rect, families: tuple[str, ...], points: int) -> None:
    """A trophy shelf: one small emblem per trophy (the monster's family) and the points."""
    surface.blit(_trophies(families, points, (rect.w, rect.h)), rect)


@lru_cache(maxsize=256)
def _trophies(families: tuple[str, ...], points: int, size: tuple[int, int]) -> pygame.Surface:
    surface = pygame.Surface(size, pygame.SRCALPHA)
    rect = surface.get_rect()
    draw_box(surface, rect, (28, 32, 42), style.TROPHY, 1, radius=5)
    label = style.text(f"★ {points}", max(style.least(), rect.h - 8), style.TROPHY, True)
    surface.blit(label, (rect.x + 5, rect.centery - label.get_height() // 2))
    x = rect.x + label.get_width() + 10
    side = max(8, rect.h - 8)
    room = rect.right - 4 - x
    step = side + 2 if len(families) * (side + 2) <= room else max(3, (room - side) // max(1, len(families) - 1))
    for family in families:
        box = pygame.Rect(x, rect.centery - side // 2, side, side)
        if box.right > rect.right - 2:
            break
        surface.blit(art.emblem("explore", "families", family, side), box)
        x += step
    return surface


def seat_chip(surface: pygame.Surface, rect: pygame.Rect, colour: str, number: int, label: str | None = None) -> None:
    """A seat's colour with its number (the number is the cue; the colour only helps)."""
    fill = style.seat_colour(colour)
    pygame.draw.rect(surface, fill, rect, border_radius=5)
    pygame.draw.rect(surface, theme.TEXT if colour == "Black" else theme.CARD_INK, rect, 1, border_radius=5)
    words = label if label is not None else f"P{number}"
    style.blit_centered(surface, style.fitted(words, max(style.least(), rect.h - 8), rect.w - 6, theme.ink_on(fill), True),
                        rect.center)
