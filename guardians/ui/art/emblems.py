"""Emblems: a badge outline, a glyph and two colours per hero, monster family, creature class or figure.

What each one looks like comes from `assets/art/<game>.yaml` (group -> id -> shape, motif, colour), so the
look is data; an id the file does not name gets a stable pick from its own name, away from the motifs
the file already gives its group. The hints live under `assets/`, not `cards/`, because they change no
rule: a new look must not change a game's content hash (saves, tournament keys).

Emblems are drawn four times larger and smoothed down, and cached per (spec, size).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass
from functools import lru_cache

import pygame
import yaml

from guardians.engine.paths import assets_dir
from guardians.ui.art.cache import cached
from guardians.ui.art.motifs import MOTIFS, SHAPES, Pen, shape_points

Colour = tuple[int, int, int]

PALETTE: dict[str, Colour] = {
    "red": (196, 48, 48), "crimson": (140, 20, 44), "orange": (224, 120, 32), "amber": (232, 170, 40),
    "gold": (212, 180, 70), "lime": (150, 200, 60), "green": (48, 140, 70), "forest": (30, 90, 50),
    "teal": (30, 140, 140), "cyan": (60, 190, 220), "sky": (100, 160, 236), "blue": (40, 80, 190),
    "navy": (28, 40, 100), "indigo": (80, 60, 170), "violet": (140, 70, 200), "magenta": (196, 50, 150),
    "pink": (236, 120, 170), "brown": (130, 84, 46), "slate": (90, 100, 120), "steel": (150, 160, 176),
    "bone": (226, 216, 190), "black": (36, 36, 42), "white": (240, 240, 244), "olive": (120, 124, 40),
}
LIGHT_INK: Colour = (250, 246, 236)
DARK_INK: Colour = (24, 22, 28)
SUPERSAMPLE = 4


@dataclass(frozen=True)
class EmblemSpec:
    """One emblem: the badge outline, the glyph, the badge colour and the glyph's colour."""

    shape: str
    motif: str
    colour: Colour
    ink: Colour


def luminance(c: Colour) -> float:
    return 0.299 * c[0] + 0.587 * c[1] + 0.114 * c[2]


def ink_for(fill: Colour) -> Colour:
    return DARK_INK if luminance(fill) > 150 else LIGHT_INK


def _mix(a: Colour, b: Colour, t: float) -> Colour:
    return tuple(round(x + (y - x) * t) for x, y in zip(a, b))  # type: ignore[return-value]


def _colour(value: object) -> Colour:
    if isinstance(value, str):
        return PALETTE[value]
    r, g, b = value  # type: ignore[misc]
    return int(r), int(g), int(b)


# ----- the hints ---------------------------------------------------------------------------------

@lru_cache(maxsize=None)
def hints(game: str) -> dict[str, dict[str, dict]]:
    """`assets/art/<game>.yaml`: group -> id -> {shape, motif, colour, ink}; {} when the game has none."""
    path = assets_dir() / "art" / f"{game}.yaml"
    if not path.is_file():
        return {}
    data = yaml.safe_load(path.read_text(encoding="utf-8")) or {}
    return {group: dict(entries or {}) for group, entries in data.items()}


def _pick(seed: bytes, choices: list[str], offset: int) -> str:
    return choices[seed[offset] % len(choices)]


@lru_cache(maxsize=4096)
def spec_for(game: str, group: str, key: str) -> EmblemSpec:
    """The emblem of `key` in `game`'s `group` ("heroes", "families", "classes", ...)."""
    entries = hints(game).get(group, {})
    hint = entries.get(key)
    seed = hashlib.sha256(f"{game}/{group}/{key}".encode()).digest()
    if hint is None:
        used = {h.get("motif") for h in entries.values() if isinstance(h, dict)}
        free = [m for m in MOTIFS if m not in used] or list(MOTIFS)
        hint = {"shape": _pick(seed, list(SHAPES), 0), "motif": _pick(seed, free, 1),
                "colour": _pick(seed, list(PALETTE), 2)}
    colour = _colour(hint.get("colour", _pick(seed, list(PALETTE), 2)))
    ink = _colour(hint["ink"]) if "ink" in hint else ink_for(colour)
    return EmblemSpec(hint.get("shape", "round"), hint.get("motif", "star"), colour, ink)


def group_keys(game: str, group: str) -> list[str]:
    """The ids the hint file names in a group (the tests' and the contact sheet's list)."""
    return sorted(hints(game).get(group, {}))


# ----- drawing -----------------------------------------------------------------------------------

def draw_badge(surface: pygame.Surface, rect: pygame.Rect, shape: str, fill: Colour, edge: Colour) -> None:
    """The badge outline `shape` filled in `fill` with an `edge` rim and a lighter upper half."""
    pts = shape_points(shape)
    light = _mix(fill, (255, 255, 255), 0.18)
    rim = max(2, rect.w // 14)
    inner = rect.inflate(-2 * rim, -2 * rim)
    for box, colour in ((rect, edge), (inner, fill)):
        pen = Pen(surface, box, colour, colour)
        if pts is None:
            pen.circle(0, 0, 1.0)
        else:
            pen.poly(pts)
    clip = surface.get_clip()
    surface.set_clip(pygame.Rect(inner.x, inner.y, inner.w, inner.h * 2 // 5))
    pen = Pen(surface, inner, light, light)
    if pts is None:
        pen.circle(0, 0, 1.0)
    else:
        pen.poly(pts)
    surface.set_clip(clip)


def draw_motif(surface: pygame.Surface, rect: pygame.Rect, motif: str, ink: Colour, hole: Colour,
               shadow: Colour | None = None) -> None:
    """The glyph `motif` in `rect`, cut-outs in `hole`, with a small drop shadow when `shadow` is given."""
    paint = MOTIFS[motif]
    if shadow is not None:
        d = max(1, rect.w // 24)
        paint(Pen(surface, rect.move(d, d), shadow, shadow))
    paint(Pen(surface, rect, ink, hole))


def _render(spec: EmblemSpec, size: int) -> pygame.Surface:
    big = size * SUPERSAMPLE
    surf = pygame.Surface((big, big), pygame.SRCALPHA)
    rect = surf.get_rect()
    edge = _mix(spec.colour, (0, 0, 0), 0.55)
    draw_badge(surf, rect, spec.shape, spec.colour, edge)
    glyph = rect.inflate(-int(big * 0.46), -int(big * 0.46))
    if spec.shape in ("triangle", "banner", "shield"):
        glyph = glyph.move(0, -big // 14 if spec.shape != "triangle" else big // 10)
    draw_motif(surf, glyph, spec.motif, spec.ink, spec.colour, _mix(spec.colour, (0, 0, 0), 0.5))
    return pygame.transform.smoothscale(surf, (size, size))


def emblem_surface(spec: EmblemSpec, size: int) -> pygame.Surface:
    """`spec` drawn `size` pixels square (transparent outside the badge), cached."""
    size = max(4, int(size))
    return cached(("emblem", spec, size), lambda: _render(spec, size))


def emblem(game: str, group: str, key: str, size: int) -> pygame.Surface:
    """The emblem of `key` in `game`'s `group`, `size` pixels square, cached."""
    return emblem_surface(spec_for(game, group, key), size)


def paint_emblem(surface: pygame.Surface, rect: pygame.Rect, game: str, group: str, key: str) -> None:
    """The emblem centred in `rect` at the largest square that fits."""
    side = min(rect.w, rect.h)
    if side < 4:
        return
    img = emblem(game, group, key, side)
    surface.blit(img, img.get_rect(center=rect.center))
