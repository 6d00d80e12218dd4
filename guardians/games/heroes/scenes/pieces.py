"""Drawing the heroes table's pieces: hero standees, condition and damage tokens, card backs, chips.

Each piece is drawn from a small frozen "look" (what it shows) at a given size, and the expensive
part is cached per (look, size), so redrawing the table is a handful of blits.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from guardians.engine.table import CardFace
from guardians.games.heroes.scenes import style
from guardians.ui import art, text, theme
from guardians.ui.cards import card_surface

CONDITION_LETTERS = {"shield": "S", "immobilize": "I", "powerlock": "P"}
CONDITION_COLOURS = {"shield": style.SHIELD_COLOUR, "immobilize": style.IMMOBILIZE_COLOUR,
                     "powerlock": style.POWERLOCK_COLOUR}


@dataclass(frozen=True)
class HeroLook:
    """What a hero standee shows."""

    hero_id: str
    name: str
    attack: int
    life: int
    damage: int = 0
    conditions: tuple[str, ...] = ()
    exhausted: bool = False
    faction: str | None = None
    owner: str = ""            # "P1".."P4" in the 4-player game, else ""
    knocked_out: bool = False


# ----- hero standees ----------------------------------------------------------------------------

def portrait_hue(hero_id: str) -> tuple[int, int, int]:
    """The portrait's ground: the hero's emblem colour, darkened, so the emblem stands out on it."""
    r, g, b = art.spec_for("heroes", "heroes", hero_id).colour
    return (r // 3 + 16, g // 3 + 16, b // 3 + 20)


@lru_cache(maxsize=128)
def _grey_emblem(hero_id: str, side: int) -> pygame.Surface:
    return pygame.transform.grayscale(art.emblem("heroes", "heroes", hero_id, side))


def paint_emblem(surface: pygame.Surface, rect: pygame.Rect, hero_id: str, knocked_out: bool = False) -> None:
    """The hero's emblem centred in `rect` (greyed when knocked out)."""
    side = min(rect.w, rect.h)
    if side < 8:
        return
    mark = _grey_emblem(hero_id, side) if knocked_out else art.emblem("heroes", "heroes", hero_id, side)
    surface.blit(mark, mark.get_rect(center=rect.center))


def stat_band_height(size: tuple[int, int]) -> int:
    """How far from an upright standee's bottom its portrait ends (the frame and the attack and health band)."""
    w, h = size
    return max(2, w // 22) + max(style.least() + 4, h // 5)


@lru_cache(maxsize=256)
def _hero_body(hero_id: str, name: str, attack: int, life: int, faction: str | None, owner: str,
               knocked_out: bool, size: tuple[int, int]) -> pygame.Surface:
    """The upright standee without tokens: frame in the faction colour, name, emblem portrait, stats."""
    w, h = size
    surf = text.RecordingSurface(size, pygame.SRCALPHA)    # (a plain surface unless text is being recorded)
    frame = style.faction_colour(faction)
    radius = max(4, w // 9)
    pygame.draw.rect(surf, frame, surf.get_rect(), border_radius=radius)
    pygame.draw.rect(surf, theme.CARD_INK, surf.get_rect(), 1, border_radius=radius)
    border = max(2, w // 22)
    inner = surf.get_rect().inflate(-2 * border, -2 * border)
    band_h = max(style.least() + 4, h // 5)
    portrait = pygame.Rect(inner.x, inner.y + band_h, inner.w, inner.h - 2 * band_h)
    hue = portrait_hue(hero_id)
    if knocked_out:
        hue = (70, 70, 76)
    pygame.draw.rect(surf, hue, portrait)
    # The hero's emblem (its own outline, glyph and colours) large on the portrait.
    paint_emblem(surf, portrait.inflate(-4, -4), hero_id, knocked_out)
    name_band = pygame.Rect(inner.x, inner.y, inner.w, band_h)
    pygame.draw.rect(surf, style.faction_dark(faction), name_band, border_top_left_radius=radius - border,
                     border_top_right_radius=radius - border)
    name_px = max(style.least(), int(band_h * 0.72))
    if theme.font(style.least()).size(name)[0] <= name_band.w - 4:    # else the initials say it (hover: the name)
        label = style.fitted(name, name_px, name_band.w - 4, theme.TEXT, True, style.least())
        style.blit_centered(surf, label, name_band.center)
    stat_band = pygame.Rect(inner.x, inner.bottom - band_h, inner.w, band_h)
    pygame.draw.rect(surf, theme.CARD_PAPER, stat_band, border_bottom_left_radius=radius - border,
                     border_bottom_right_radius=radius - border)
    px = max(style.least(), int(band_h * 0.72))
    atk = style.text(f"⚔{attack}", px, theme.CARD_INK, True)
    hp = style.text(f"♥{life}", px, theme.CARD_INK, True)
    surf.blit(atk, atk.get_rect(midleft=(stat_band.x + 2, stat_band.centery)))
    surf.blit(hp, hp.get_rect(midright=(stat_band.right - 2, stat_band.centery)))
    if owner:
        tag = style.text(owner, style.least(), (245, 240, 230), True)
        box = tag.get_rect(midtop=(portrait.centerx, portrait.y + 2)).inflate(6, 2)
        pygame.draw.rect(surf, theme.CARD_INK, box, border_radius=4)
        style.blit_centered(surf, tag, box.center)
    return surf


@lru_cache(maxsize=256)
def _rotated(surface_key: tuple, size: tuple[int, int]) -> pygame.Surface:
    return pygame.transform.rotate(_hero_body(*surface_key, size), -90)


def upright_size(rect: pygame.Rect, exhausted: bool) -> tuple[int, int]:
    return (rect.h, rect.w) if exhausted else (rect.w, rect.h)


def paint_hero(surface: pygame.Surface, rect: pygame.Rect, look: HeroLook) -> None:
    """A standee in `rect`: upright when readied, turned sideways when exhausted (then `rect` is wide)."""
    key = (look.hero_id, look.name, look.attack, look.life, look.faction, look.owner, look.knocked_out)
    size = upright_size(rect, look.exhausted)
    if size[0] < 8 or size[1] < 8:
        return
    body = _rotated(key, size) if look.exhausted else _hero_body(*key, size)
    surface.blit(body, rect)
    # Tokens sit on the portrait, below the name band (upright even when the hero is turned).
    unit = max(12, min(rect.w, rect.h) // 3)
    band = max(style.least() + 4, max(size) // 5) if not look.exhausted else 0
    top = rect.y + band + 1
    if look.damage:
        paint_damage(surface, pygame.Rect(rect.right - unit - 1, top, unit, unit), look.damage)
    y = top
    for kind in look.conditions:
        paint_condition(surface, pygame.Rect(rect.x + 1, y, unit, unit), kind)
        y += unit + 1
    if look.knocked_out:
        tag = style.text("KO", max(style.least(), unit - 2), theme.TEXT, True)
        box = tag.get_rect(center=rect.center).inflate(8, 4)
        pygame.draw.rect(surface, style.DAMAGE, box, border_radius=4)
        style.blit_centered(surface, tag, box.center)


def paint_damage(surface: pygame.Surface, rect: pygame.Rect, amount: int) -> None:
    """A damage token: a dark red disc with the number of damage."""
    radius = rect.w // 2
    pygame.draw.circle(surface, style.DAMAGE, rect.center, radius)
    pygame.draw.circle(surface, (250, 230, 230), rect.center, radius, 1)
    style.blit_centered(surface, style.text(str(amount), max(style.least(), int(rect.h * 0.7)), theme.TEXT, True),
                        rect.center)


def paint_condition(surface: pygame.Surface, rect: pygame.Rect, kind: str) -> None:
    """A condition token told apart by shape and letter: shield S (shield shape), immobilize I (octagon),
    powerlock P (round)."""
    colour = CONDITION_COLOURS.get(kind, theme.CHIP)
    x, y, w, h = rect
    if kind == "shield":
        points = [(x, y), (x + w - 1, y), (x + w - 1, y + h // 2), (x + w // 2, y + h - 1), (x, y + h // 2)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, (240, 240, 250), points, 1)
    elif kind == "immobilize":
        c = max(2, w // 3)
        points = [(x + c, y), (x + w - 1 - c, y), (x + w - 1, y + c), (x + w - 1, y + h - 1 - c),
                  (x + w - 1 - c, y + h - 1), (x + c, y + h - 1), (x, y + h - 1 - c), (x, y + c)]
        pygame.draw.polygon(surface, colour, points)
        pygame.draw.polygon(surface, (240, 240, 250), points, 1)
    else:
        pygame.draw.circle(surface, colour, rect.center, w // 2)
        pygame.draw.circle(surface, (240, 240, 250), rect.center, w // 2, 1)
    letter = style.text(CONDITION_LETTERS.get(kind, "?"), max(style.least(), int(h * 0.62)), theme.TEXT, True)
    style.blit_centered(surface, letter, (rect.centerx, rect.centery - (1 if kind == "shield" else 0)))


# ----- cards ------------------------------------------------------------------------------------

def card_back(size: tuple[int, int]) -> pygame.Surface:
    """The back of a power card: the same for every card, so a hidden hand tells nothing."""
    return art.card_back("heroes", size)


def paint_card(surface: pygame.Surface, rect: pygame.Rect, face: CardFace | None) -> None:
    if face is None:
        surface.blit(card_back((rect.w, rect.h)), rect)
    else:
        surface.blit(card_surface(face, (rect.w, rect.h)), rect)


PILE_SPILL = 16     # a pile's piece is wider than its card by this on either side: room for its caption


def pile_card(rect: pygame.Rect) -> pygame.Rect:
    """The card of a pile whose piece is `rect` (`paint_pile`): the rect less the caption's room on either side
    and under it (as tall as its words, which grow with the window)."""
    caption_px = max(12, style.least())
    return pygame.Rect(rect.x + PILE_SPILL, rect.y, rect.w - 2 * PILE_SPILL,
                       rect.h - theme.font(caption_px, True).get_linesize() - 3)


def paint_pile(surface: pygame.Surface, rect: pygame.Rect, label: str, count: int,
               face: CardFace | None = None) -> None:
    """A deck or discard pile: a few stacked edges, the top card (or a back), and "label count" under it, all
    inside `rect` (a kept picture keeps only a few pixels around a piece: a caption wider than the card is
    given room by the piece, see `pile_card`)."""
    caption_px = max(12, style.least())
    card = pile_card(rect)
    depth = min(3, count)
    for i in range(depth, 0, -1):
        pygame.draw.rect(surface, (20, 22, 30), card.move(i * 2, i * 2), border_radius=4)
        pygame.draw.rect(surface, style.CARD_BACK_EDGE, card.move(i * 2, i * 2), 1, border_radius=4)
    if count == 0:
        pygame.draw.rect(surface, style.ZONE, card, border_radius=4)
        pygame.draw.rect(surface, theme.PANEL_EDGE, card, 1, border_radius=4)
        style.blit_centered(surface, style.text("empty", style.least(), theme.TEXT_DIM), card.center)
    else:
        paint_card(surface, card, face)
    caption = style.fitted(f"{label} {count}", caption_px, rect.w, theme.TEXT, True)
    surface.blit(caption, caption.get_rect(midtop=(rect.centerx, card.bottom + 2)))


def paint_backs(surface: pygame.Surface, rect: pygame.Rect, count: int, label: str = "Hand") -> None:
    """A hidden hand as a small fan of card backs with its size written beside it."""
    caption = style.text(f"{label} {count}", style.least(), theme.TEXT, True)     # 12 px at 1280x720, grown
    card_h = rect.h
    card_w = int(card_h / 1.4)
    room = rect.w - caption.get_width() - 8 - card_w
    step = max(3, min(card_w // 2, room // max(1, count - 1))) if count > 1 else 0
    x = rect.x
    for _ in range(count):
        surface.blit(card_back((card_w, card_h)), (x, rect.y))
        x += step
    x = rect.x + (card_w + step * (count - 1) if count else 0) + 6
    surface.blit(caption, (x, rect.centery - caption.get_height() // 2))


def charge_pips(surface: pygame.Surface, x: int, centery: int, have: int, need: int, size: int) -> int:
    """Charge tokens as filled / empty discs; returns the x after them."""
    shown = max(need, have)
    for i in range(shown):
        centre = (x + size // 2, centery)
        if i < have:
            pygame.draw.circle(surface, style.CHARGE, centre, size // 2)
            pygame.draw.circle(surface, theme.TEXT, centre, size // 2, 1)
        else:
            pygame.draw.circle(surface, (140, 150, 170), centre, size // 2, 2)
        x += size + 2
    return x


def paint_ultimate(surface: pygame.Surface, rect: pygame.Rect, name: str, charges: int, need: int,
                   face_up: bool, ready: bool = True) -> None:
    """An Ultimate as a chip: its name, charge tokens (filled / needed) and "USED" once face down."""
    fill = (66, 56, 96) if face_up else (44, 44, 52)
    pygame.draw.rect(surface, fill, rect, border_radius=5)
    pygame.draw.rect(surface, (160, 140, 210) if face_up else theme.PANEL_EDGE, rect, 1, border_radius=5)
    px = max(style.least(), min(14, rect.h // 2))
    pip = max(7, min(12, rect.h // 2 - 2))
    shown = max(need, charges)
    pips_w = shown * (pip + 2)
    status = f"{charges}/{need}" if face_up else "USED"
    status_img = style.text(status, px, theme.TEXT if face_up else theme.TEXT_DIM, True)
    name_w = rect.w - pips_w - status_img.get_width() - 16
    if theme.font(px).size(name)[0] > name_w:       # the name first: the count says what the pips say
        shown, pips_w = 0, 0
        name_w = rect.w - status_img.get_width() - 16
    label = style.fitted(name, px, max(20, name_w), theme.TEXT if face_up else theme.TEXT_DIM, True, px)
    surface.blit(label, (rect.x + 5, rect.centery - label.get_height() // 2))
    x = rect.right - pips_w - status_img.get_width() - 6
    if shown:
        x = charge_pips(surface, x, rect.centery, charges, need, pip)
    surface.blit(status_img, (x + 2, rect.centery - status_img.get_height() // 2))


def paint_faction_chip(surface: pygame.Surface, rect: pygame.Rect, faction: str | None, label: str | None = None) -> None:
    """A faction's name on its colour (the name is the cue; the colour only helps)."""
    pygame.draw.rect(surface, style.faction_colour(faction), rect, border_radius=5)
    pygame.draw.rect(surface, theme.CARD_INK, rect, 1, border_radius=5)
    words = label if label is not None else style.faction_title(faction).upper()
    style.blit_centered(surface, style.fitted(words, max(10, rect.h - 8), rect.w - 6, theme.TEXT, True), rect.center)


def points_meter(surface: pygame.Surface, x: int, centery: int, points: int, goal: int, size: int) -> int:
    """Points toward the win as `goal` boxes, filled per point, then "n/goal"; returns the x after."""
    for i in range(goal):
        box = pygame.Rect(x, centery - size // 2, size, size)
        if i < points:
            pygame.draw.rect(surface, style.TOKEN, box, border_radius=2)
        pygame.draw.rect(surface, (200, 200, 210), box, 1, border_radius=2)
        x += size + 2
    label = style.text(f"{points}/{goal} pts", size + 2, theme.TEXT, True)
    surface.blit(label, (x + 4, centery - label.get_height() // 2))
    return x + 8 + label.get_width()
