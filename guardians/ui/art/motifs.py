"""The glyphs drawn in an emblem's middle and the badge outlines around them, as plain geometry.

Every motif and shape is drawn through a `Pen` in unit coordinates (-1..1 across the box it is given),
so one description serves every size. Each glyph is a distinct silhouette (a bolt, a skull, a spider),
which is what lets a player tell two emblems apart without reading.
"""

from __future__ import annotations

import math
from typing import Callable

import pygame

Colour = tuple[int, int, int]
Point = tuple[float, float]


class Pen:
    """Draws in unit coordinates inside `rect`: `fg` for the glyph, `hole` for cut-outs (eyes, windows)."""

    def __init__(self, surface: pygame.Surface, rect: pygame.Rect, fg: Colour, hole: Colour) -> None:
        self.surface, self.rect, self.fg, self.hole = surface, rect, fg, hole

    def at(self, x: float, y: float) -> tuple[int, int]:
        return (round(self.rect.centerx + x * self.rect.w / 2), round(self.rect.centery + y * self.rect.h / 2))

    def size(self, r: float) -> int:
        return max(1, round(r * self.rect.w / 2))

    def poly(self, points: list[Point], cut: bool = False) -> None:
        pygame.draw.polygon(self.surface, self.hole if cut else self.fg, [self.at(*p) for p in points])

    def circle(self, x: float, y: float, r: float, cut: bool = False) -> None:
        pygame.draw.circle(self.surface, self.hole if cut else self.fg, self.at(x, y), self.size(r))

    def ring(self, x: float, y: float, r: float, width: float, cut: bool = False) -> None:
        pygame.draw.circle(self.surface, self.hole if cut else self.fg, self.at(x, y), self.size(r),
                           max(1, self.size(width)))

    def line(self, points: list[Point], width: float, cut: bool = False) -> None:
        colour = self.hole if cut else self.fg
        pts = [self.at(*p) for p in points]
        w = max(1, self.size(width))
        pygame.draw.lines(self.surface, colour, False, pts, w)
        for p in pts:                                    # round the joints and ends
            pygame.draw.circle(self.surface, colour, p, w // 2)

    def ellipse(self, x: float, y: float, rx: float, ry: float, cut: bool = False) -> None:
        cx, cy = self.at(x, y)
        box = pygame.Rect(0, 0, self.size(rx) * 2, self.size(ry) * 2)
        box.center = (cx, cy)
        pygame.draw.ellipse(self.surface, self.hole if cut else self.fg, box)


def star_points(n: int, outer: float, inner: float, turn: float = -math.pi / 2,
                cx: float = 0.0, cy: float = 0.0) -> list[Point]:
    pts = []
    for i in range(2 * n):
        r = outer if i % 2 == 0 else inner
        a = turn + i * math.pi / n
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    return pts


def regular(n: int, r: float, turn: float = -math.pi / 2) -> list[Point]:
    return [(r * math.cos(turn + 2 * math.pi * i / n), r * math.sin(turn + 2 * math.pi * i / n)) for i in range(n)]


# ----- glyphs ------------------------------------------------------------------------------------

def _star(p: Pen) -> None:
    p.poly(star_points(5, 0.95, 0.4))


def _bolt(p: Pen) -> None:
    p.poly([(0.2, -1), (-0.6, 0.15), (-0.05, 0.15), (-0.25, 1), (0.6, -0.2), (0.05, -0.2), (0.35, -1)])


def _flame(p: Pen) -> None:
    p.poly([(0, -1), (0.35, -0.45), (0.3, -0.7), (0.7, -0.1), (0.75, 0.4), (0.45, 0.85), (0, 1),
            (-0.45, 0.85), (-0.75, 0.4), (-0.6, -0.2), (-0.35, 0.1), (-0.3, -0.5)])
    p.poly([(0, -0.1), (0.3, 0.4), (0.2, 0.8), (0, 0.9), (-0.2, 0.8), (-0.3, 0.45)], cut=True)


def _skull(p: Pen) -> None:
    p.ellipse(0, -0.2, 0.8, 0.72)
    p.poly([(-0.45, 0.3), (0.45, 0.3), (0.4, 0.95), (-0.4, 0.95)])
    p.circle(-0.32, -0.15, 0.22, cut=True)
    p.circle(0.32, -0.15, 0.22, cut=True)
    p.poly([(0, 0.15), (0.12, 0.4), (-0.12, 0.4)], cut=True)
    for x in (-0.2, 0.0, 0.2):
        p.line([(x, 0.62), (x, 0.95)], 0.07, cut=True)


def _eye(p: Pen) -> None:
    p.poly([(-1, 0), (-0.6, -0.45), (0, -0.62), (0.6, -0.45), (1, 0), (0.6, 0.45), (0, 0.62), (-0.6, 0.45)])
    p.circle(0, 0, 0.4, cut=True)
    p.circle(0, 0, 0.2)


def _wing(p: Pen) -> None:
    p.poly([(-0.9, 0.8), (-0.7, -0.2), (-0.2, -0.8), (0.95, -0.95), (0.6, -0.55), (0.85, -0.5),
            (0.45, -0.15), (0.7, -0.1), (0.25, 0.25), (0.45, 0.3), (-0.1, 0.6)])


def _crosshair(p: Pen) -> None:
    p.ring(0, 0, 0.7, 0.16)
    for a, b in (((0, -1), (0, -0.35)), ((0, 1), (0, 0.35)), ((-1, 0), (-0.35, 0)), ((1, 0), (0.35, 0))):
        p.line([a, b], 0.14)
    p.circle(0, 0, 0.12)


def _crescent(p: Pen) -> None:
    p.circle(0, 0, 0.9)
    p.circle(0.38, -0.2, 0.72, cut=True)


def _leaf(p: Pen) -> None:
    p.poly([(0.85, -0.85), (0.7, 0.0), (0.3, 0.55), (-0.3, 0.75), (-0.7, 0.7), (-0.75, 0.3), (-0.55, -0.3),
            (0.0, -0.7)])
    p.line([(-0.95, 0.95), (0.45, -0.45)], 0.09, cut=True)


def _wave(p: Pen) -> None:
    for y in (-0.5, 0.05, 0.6):
        pts = [(-0.95 + i * 0.1, y + 0.22 * math.sin(i * 0.1 * math.pi * 2.2)) for i in range(20)]
        p.line(pts, 0.2)


def _gear(p: Pen) -> None:
    teeth = []
    for i in range(8):
        a = i * math.pi / 4
        for da, r in ((-0.22, 0.68), (-0.14, 0.95), (0.14, 0.95), (0.22, 0.68)):
            teeth.append((r * math.cos(a + da), r * math.sin(a + da)))
    p.poly(teeth)
    p.circle(0, 0, 0.7)
    p.circle(0, 0, 0.3, cut=True)


def _spider(p: Pen) -> None:
    for side in (-1, 1):
        for i, (ky, fy) in enumerate(((-0.5, -0.95), (-0.15, -0.4), (0.2, 0.35), (0.45, 0.95))):
            p.line([(0, -0.05 + i * 0.1), (side * 0.6, ky), (side * 0.95, fy)], 0.09)
    p.ellipse(0, 0.35, 0.36, 0.45)
    p.circle(0, -0.3, 0.26)


def _sword(p: Pen) -> None:
    p.poly([(0, -1), (0.16, -0.75), (0.16, 0.35), (-0.16, 0.35), (-0.16, -0.75)])
    p.poly([(-0.55, 0.35), (0.55, 0.35), (0.55, 0.5), (-0.55, 0.5)])
    p.poly([(-0.09, 0.5), (0.09, 0.5), (0.09, 0.85), (-0.09, 0.85)])
    p.circle(0, 0.92, 0.13)


def _crown(p: Pen) -> None:
    p.poly([(-0.9, 0.6), (-0.95, -0.55), (-0.45, 0.0), (0, -0.8), (0.45, 0.0), (0.95, -0.55), (0.9, 0.6)])
    p.poly([(-0.9, 0.68), (0.9, 0.68), (0.9, 0.88), (-0.9, 0.88)])
    for x, y in ((-0.95, -0.62), (0, -0.88), (0.95, -0.62)):
        p.circle(x, y, 0.12)


def _claw(p: Pen) -> None:
    for dx in (-0.55, 0.0, 0.55):
        p.poly([(dx + 0.35, -0.95), (dx + 0.12, 0.1), (dx - 0.25, 0.95), (dx - 0.05, 0.05)])


def _drop(p: Pen) -> None:
    p.poly([(0, -1), (0.45, -0.25), (-0.45, -0.25)])
    p.circle(0, 0.3, 0.62)
    p.circle(-0.22, 0.25, 0.16, cut=True)


def _hammer(p: Pen) -> None:
    """A war hammer held slanting: a handle and a heavy head across its top."""
    p.line([(-0.8, 0.85), (0.25, -0.2)], 0.17)
    c, d, q = (0.35, -0.35), (0.7071, -0.7071), (0.7071, 0.7071)
    corners = [(-0.75, -0.3), (0.75, -0.3), (0.75, 0.3), (-0.75, 0.3)]
    p.poly([(c[0] + a * q[0] + b * d[0], c[1] + a * q[1] + b * d[1]) for a, b in corners])


def _mask(p: Pen) -> None:
    p.poly([(-1, -0.35), (-0.5, -0.55), (0, -0.35), (0.5, -0.55), (1, -0.35), (0.9, 0.25), (0.45, 0.45),
            (0.1, 0.2), (-0.1, 0.2), (-0.45, 0.45), (-0.9, 0.25)])
    p.ellipse(-0.45, -0.05, 0.24, 0.16, cut=True)
    p.ellipse(0.45, -0.05, 0.24, 0.16, cut=True)


def _tower(p: Pen) -> None:
    p.poly([(-0.6, 1), (-0.5, -0.45), (0.5, -0.45), (0.6, 1)])
    for x in (-0.6, -0.1, 0.4):
        p.poly([(x, -0.45), (x, -0.9), (x + 0.22, -0.9), (x + 0.22, -0.45)])
    p.poly([(-0.18, 1), (-0.18, 0.5), (0, 0.32), (0.18, 0.5), (0.18, 1)], cut=True)


def _heart(p: Pen) -> None:
    p.circle(-0.42, -0.3, 0.47)
    p.circle(0.42, -0.3, 0.47)
    p.poly([(-0.88, -0.15), (0.88, -0.15), (0, 0.95)])


def _anchor(p: Pen) -> None:
    p.ring(0, -0.75, 0.2, 0.09)
    p.line([(0, -0.55), (0, 0.85)], 0.14)
    p.line([(-0.45, -0.3), (0.45, -0.3)], 0.12)
    p.line([(-0.8, 0.3), (-0.6, 0.7), (0, 0.9), (0.6, 0.7), (0.8, 0.3)], 0.13)
    p.poly([(-0.95, 0.2), (-0.6, 0.35), (-0.85, 0.5)])
    p.poly([(0.95, 0.2), (0.6, 0.35), (0.85, 0.5)])


def _arrow(p: Pen) -> None:
    p.poly([(0, -1), (0.7, -0.2), (0.22, -0.2), (0.22, 1), (-0.22, 1), (-0.22, -0.2), (-0.7, -0.2)])


def _sun(p: Pen) -> None:
    p.poly(star_points(12, 0.98, 0.62, 0))
    p.circle(0, 0, 0.5)
    p.circle(0, 0, 0.32, cut=True)


def _cross(p: Pen) -> None:
    p.poly([(-0.25, -0.95), (0.25, -0.95), (0.25, -0.25), (0.95, -0.25), (0.95, 0.25), (0.25, 0.25),
            (0.25, 0.95), (-0.25, 0.95), (-0.25, 0.25), (-0.95, 0.25), (-0.95, -0.25), (-0.25, -0.25)])


def _horns(p: Pen) -> None:
    p.poly([(-0.3, 0.1), (-0.75, -0.2), (-0.95, -0.95), (-0.5, -0.45), (-0.05, -0.3)])
    p.poly([(0.3, 0.1), (0.75, -0.2), (0.95, -0.95), (0.5, -0.45), (0.05, -0.3)])
    p.ellipse(0, 0.3, 0.55, 0.62)
    p.poly([(-0.35, 0.15), (-0.1, 0.3), (-0.35, 0.35)], cut=True)
    p.poly([(0.35, 0.15), (0.1, 0.3), (0.35, 0.35)], cut=True)


def _fang(p: Pen) -> None:
    p.poly([(-0.95, -0.7), (0.95, -0.7), (0.95, -0.35), (-0.95, -0.35)])
    p.poly([(-0.7, -0.35), (-0.3, -0.35), (-0.5, 0.95)])
    p.poly([(0.3, -0.35), (0.7, -0.35), (0.5, 0.95)])
    p.poly([(-0.15, -0.35), (0.15, -0.35), (0, 0.1)])


def _chain(p: Pen) -> None:
    p.ring(-0.38, -0.3, 0.45, 0.15)
    p.ring(0.38, 0.3, 0.45, 0.15)


def _tree(p: Pen) -> None:
    p.poly([(0, -1), (0.5, -0.35), (0.25, -0.35), (0.7, 0.3), (0.35, 0.3), (0.85, 0.75), (-0.85, 0.75),
            (-0.35, 0.3), (-0.7, 0.3), (-0.25, -0.35), (-0.5, -0.35)])
    p.poly([(-0.13, 0.75), (0.13, 0.75), (0.13, 1), (-0.13, 1)])


def _mountain(p: Pen) -> None:
    p.poly([(-1, 0.8), (-0.35, -0.5), (-0.05, 0.0), (0.35, -0.85), (1, 0.8)])
    p.poly([(0.35, -0.85), (0.55, -0.45), (0.4, -0.5), (0.3, -0.35), (0.18, -0.5)], cut=True)


def _hourglass(p: Pen) -> None:
    p.poly([(-0.7, -0.95), (0.7, -0.95), (0.7, -0.8), (0.08, 0), (0.7, 0.8), (0.7, 0.95), (-0.7, 0.95),
            (-0.7, 0.8), (-0.08, 0), (-0.7, -0.8)])
    p.poly([(-0.4, 0.8), (0.4, 0.8), (0, 0.35)], cut=True)


def _gem(p: Pen) -> None:
    p.poly([(-0.9, -0.3), (-0.45, -0.85), (0.45, -0.85), (0.9, -0.3), (0, 0.95)])
    p.line([(-0.9, -0.3), (0.9, -0.3)], 0.06, cut=True)
    p.line([(-0.3, -0.3), (0, 0.85), (0.3, -0.3)], 0.06, cut=True)


def _trident(p: Pen) -> None:
    p.line([(0, -0.8), (0, 1)], 0.14)
    p.line([(-0.6, -0.8), (-0.6, -0.25), (0.6, -0.25), (0.6, -0.8)], 0.13)
    for x in (-0.6, 0, 0.6):
        p.poly([(x - 0.15, -0.72), (x, -1), (x + 0.15, -0.72)])


def _ghost(p: Pen) -> None:
    p.circle(0, -0.3, 0.65)
    pts = [(-0.65, -0.3), (0.65, -0.3), (0.65, 0.95)]
    for i in range(6):
        x = 0.65 - (i + 1) * 1.3 / 6
        pts.append((x + 1.3 / 12, 0.7 if i % 2 == 0 else 0.95))
        pts.append((x, 0.95 if i % 2 == 0 else 0.7))
    p.poly(pts)
    p.ellipse(-0.25, -0.35, 0.12, 0.2, cut=True)
    p.ellipse(0.25, -0.35, 0.12, 0.2, cut=True)


def _robot(p: Pen) -> None:
    p.poly([(-0.75, -0.55), (0.75, -0.55), (0.75, 0.65), (-0.75, 0.65)])
    p.line([(0, -0.55), (0, -0.85)], 0.1)
    p.circle(0, -0.9, 0.12)
    p.poly([(-0.95, -0.15), (-0.75, -0.15), (-0.75, 0.25), (-0.95, 0.25)])
    p.poly([(0.95, -0.15), (0.75, -0.15), (0.75, 0.25), (0.95, 0.25)])
    p.poly([(-0.5, -0.3), (-0.15, -0.3), (-0.15, 0.0), (-0.5, 0.0)], cut=True)
    p.poly([(0.15, -0.3), (0.5, -0.3), (0.5, 0.0), (0.15, 0.0)], cut=True)
    p.poly([(-0.45, 0.25), (0.45, 0.25), (0.45, 0.4), (-0.45, 0.4)], cut=True)


def _helmet(p: Pen) -> None:
    p.poly([(-0.75, 0.95), (-0.8, -0.2), (-0.5, -0.75), (0, -0.95), (0.5, -0.75), (0.8, -0.2), (0.75, 0.95)])
    p.poly([(-0.6, -0.2), (0.6, -0.2), (0.6, -0.05), (-0.6, -0.05)], cut=True)
    p.poly([(-0.08, -0.05), (0.08, -0.05), (0.08, 0.7), (-0.08, 0.7)], cut=True)


def _bat(p: Pen) -> None:
    p.poly([(0, -0.2), (-0.3, -0.45), (-0.55, -0.3), (-1, -0.55), (-0.8, 0.35), (-0.55, 0.15), (-0.35, 0.45),
            (0, 0.35), (0.35, 0.45), (0.55, 0.15), (0.8, 0.35), (1, -0.55), (0.55, -0.3), (0.3, -0.45)])
    p.poly([(-0.18, -0.15), (-0.2, -0.5), (-0.05, -0.3), (0.05, -0.3), (0.2, -0.5), (0.18, -0.15)])


def _web(p: Pen) -> None:
    for i in range(8):
        a = i * math.pi / 4
        p.line([(0, 0), (0.95 * math.cos(a), 0.95 * math.sin(a))], 0.07)
    for r in (0.35, 0.65, 0.92):
        pts = [(r * math.cos(i * math.pi / 4), r * math.sin(i * math.pi / 4)) for i in range(9)]
        p.line(pts, 0.07)


def _flask(p: Pen) -> None:
    p.poly([(-0.2, -0.95), (0.2, -0.95), (0.2, -0.35), (0.75, 0.75), (0.6, 0.95), (-0.6, 0.95), (-0.75, 0.75),
            (-0.2, -0.35)])
    p.poly([(-0.15, -0.2), (0.15, -0.2), (0.35, 0.2), (-0.35, 0.2)], cut=True)


def _orb(p: Pen) -> None:
    p.circle(0, 0, 0.9)
    p.ring(0, 0, 0.62, 0.08, cut=True)
    p.circle(-0.3, -0.3, 0.18, cut=True)


def _shield(p: Pen) -> None:
    p.poly([(-0.8, -0.9), (0.8, -0.9), (0.8, 0.1), (0, 0.98), (-0.8, 0.1)])
    p.poly([(-0.1, -0.9), (0.1, -0.9), (0.1, 0.85), (-0.1, 0.85)], cut=True)
    p.poly([(-0.8, -0.25), (0.8, -0.25), (0.8, -0.05), (-0.8, -0.05)], cut=True)


def _fist(p: Pen) -> None:
    for i in range(4):
        x = -0.7 + i * 0.36
        p.ellipse(x + 0.16, -0.45, 0.19, 0.3)
    p.poly([(-0.72, -0.4), (0.72, -0.4), (0.72, 0.55), (0.35, 0.95), (-0.5, 0.95), (-0.72, 0.55)])
    p.poly([(-0.95, -0.05), (-0.55, -0.25), (-0.2, 0.15), (-0.55, 0.35)])


def _tentacle(p: Pen) -> None:
    pts = [(0.5 * math.sin(t / 5) * (1 - t / 24) - 0.1, 0.95 - t * 0.08) for t in range(24)]
    p.line(pts, 0.28)
    p.line([(0.35, 0.95), (0.6, 0.5), (0.45, 0.1)], 0.14)


def _atom(p: Pen) -> None:
    for a in (0, math.pi / 3, 2 * math.pi / 3):
        pts = [(0.95 * math.cos(t) * math.cos(a) - 0.35 * math.sin(t) * math.sin(a),
                0.95 * math.cos(t) * math.sin(a) + 0.35 * math.sin(t) * math.cos(a))
               for t in [i * math.pi / 12 for i in range(25)]]
        p.line(pts, 0.08)
    p.circle(0, 0, 0.2)


def _feather(p: Pen) -> None:
    p.poly([(0.75, -0.95), (0.55, -0.2), (0.1, 0.45), (-0.55, 0.7), (-0.45, 0.1), (0.0, -0.5)])
    p.line([(-0.9, 0.95), (0.6, -0.75)], 0.07, cut=True)
    p.line([(-0.9, 0.95), (-0.5, 0.55)], 0.09)


def _scythe(p: Pen) -> None:
    p.line([(0.35, -0.9), (-0.35, 1)], 0.12)
    p.poly([(0.35, -0.9), (-0.2, -0.95), (-0.8, -0.6), (-0.95, -0.2), (-0.55, -0.5), (0.0, -0.65), (0.3, -0.6)])


def _paw(p: Pen) -> None:
    p.ellipse(0, 0.4, 0.5, 0.42)
    for x, y in ((-0.62, -0.15), (-0.25, -0.6), (0.25, -0.6), (0.62, -0.15)):
        p.ellipse(x, y, 0.2, 0.26)


def _key(p: Pen) -> None:
    p.ring(0, -0.55, 0.38, 0.14)
    p.line([(0, -0.18), (0, 0.95)], 0.15)
    p.line([(0, 0.5), (0.35, 0.5)], 0.13)
    p.line([(0, 0.8), (0.3, 0.8)], 0.13)


def _mushroom(p: Pen) -> None:
    p.poly([(-0.95, 0.1)] + [(0.95 * math.cos(math.pi + t * math.pi / 12), -0.85 * math.sin(t * math.pi / 12) + 0.1)
                             for t in range(13)])
    p.poly([(-0.25, 0.1), (0.25, 0.1), (0.32, 0.95), (-0.32, 0.95)])
    p.circle(-0.4, -0.3, 0.14, cut=True)
    p.circle(0.3, -0.45, 0.12, cut=True)


def _dragon(p: Pen) -> None:
    p.poly([(-0.95, -0.2), (-0.3, -0.55), (0.2, -0.95), (0.1, -0.5), (0.55, -0.55), (0.95, -0.25),
            (0.6, -0.05), (0.95, 0.3), (0.3, 0.15), (0.1, 0.55), (-0.3, 0.95), (-0.25, 0.35), (-0.6, 0.1)])
    p.circle(0.45, -0.35, 0.08, cut=True)


def _bone(p: Pen) -> None:
    for sign in (-1, 1):
        p.line([(-0.7, -0.7 * sign), (0.7, 0.7 * sign)], 0.16)
        for end in (-1, 1):
            x, y = 0.72 * end, 0.72 * end * sign
            p.circle(x + 0.14 * end, y - 0.1 * end * sign, 0.15)
            p.circle(x - 0.1 * end, y + 0.14 * end * sign, 0.15)


def _spiral(p: Pen) -> None:
    pts = [(0.07 * t / 2.6 * math.cos(t), 0.07 * t / 2.6 * math.sin(t)) for t in [i * 0.3 for i in range(60)]]
    p.line(pts, 0.13)


def _pick(p: Pen) -> None:
    p.line([(-0.55, 0.95), (0.4, -0.4)], 0.14)
    p.poly([(-0.6, -0.85), (0.1, -0.75), (0.95, 0.05), (0.5, -0.35), (-0.1, -0.55)])


def _boot(p: Pen) -> None:
    p.poly([(-0.45, -0.95), (0.2, -0.95), (0.2, 0.3), (0.9, 0.5), (0.95, 0.95), (-0.45, 0.95)])
    p.line([(-0.45, -0.5), (0.2, -0.5)], 0.08, cut=True)


MOTIFS: dict[str, Callable[[Pen], None]] = {
    "star": _star, "bolt": _bolt, "flame": _flame, "skull": _skull, "eye": _eye, "wing": _wing,
    "crosshair": _crosshair, "crescent": _crescent, "leaf": _leaf, "wave": _wave, "gear": _gear,
    "spider": _spider, "sword": _sword, "crown": _crown, "claw": _claw, "drop": _drop, "hammer": _hammer,
    "mask": _mask, "tower": _tower, "heart": _heart, "anchor": _anchor, "arrow": _arrow, "sun": _sun,
    "cross": _cross, "horns": _horns, "fang": _fang, "chain": _chain, "tree": _tree, "mountain": _mountain,
    "hourglass": _hourglass, "gem": _gem, "trident": _trident, "ghost": _ghost, "robot": _robot,
    "helmet": _helmet, "bat": _bat, "web": _web, "flask": _flask, "orb": _orb, "shield": _shield,
    "fist": _fist, "tentacle": _tentacle, "atom": _atom, "feather": _feather, "scythe": _scythe,
    "paw": _paw, "key": _key, "mushroom": _mushroom, "dragon": _dragon, "bone": _bone, "spiral": _spiral,
    "pick": _pick, "boot": _boot,
}


# ----- badge outlines -----------------------------------------------------------------------------

def shape_points(shape: str) -> list[Point] | None:
    """The badge outline in unit coordinates; None for the round badge (drawn as a circle)."""
    if shape == "round":
        return None
    if shape == "shield":
        return [(-0.9, -0.92), (0.9, -0.92), (0.9, 0.05), (0.55, 0.6), (0, 0.98), (-0.55, 0.6), (-0.9, 0.05)]
    if shape == "hex":
        return regular(6, 0.98, 0)
    if shape == "diamond":
        return [(0, -0.99), (0.99, 0), (0, 0.99), (-0.99, 0)]
    if shape == "square":
        return [(-0.88, -0.88), (0.88, -0.88), (0.88, 0.88), (-0.88, 0.88)]
    if shape == "octagon":
        return regular(8, 0.98, math.pi / 8)
    if shape == "burst":
        return star_points(10, 0.99, 0.8)
    if shape == "banner":
        return [(-0.85, -0.95), (0.85, -0.95), (0.85, 0.95), (0, 0.55), (-0.85, 0.95)]
    if shape == "triangle":
        return [(0, -0.98), (0.99, 0.85), (-0.99, 0.85)]
    if shape == "kite":
        return [(0, -0.99), (0.8, -0.2), (0, 0.99), (-0.8, -0.2)]
    raise KeyError(shape)


SHAPES = ("round", "shield", "hex", "diamond", "square", "octagon", "burst", "banner", "triangle", "kite")


def _coin(p: Pen) -> None:
    p.circle(0, 0, 0.9)
    p.ring(0, 0, 0.68, 0.08, cut=True)
    p.poly([(-0.12, -0.45), (0.12, -0.45), (0.12, 0.45), (-0.12, 0.45)], cut=True)


def _boot_speed(p: Pen) -> None:
    _boot(p)
    for y in (-0.6, -0.2, 0.2):
        p.line([(-0.95, y), (-0.65, y)], 0.09)


def _brain(p: Pen) -> None:
    p.ellipse(0, 0, 0.9, 0.7)
    p.line([(0, -0.7), (0, 0.7)], 0.07, cut=True)
    p.line([(-0.6, -0.25), (-0.3, -0.05), (-0.55, 0.3)], 0.07, cut=True)
    p.line([(0.6, -0.25), (0.3, -0.05), (0.55, 0.3)], 0.07, cut=True)


def _castle(p: Pen) -> None:
    p.poly([(-0.95, 0.95), (-0.95, -0.3), (0.95, -0.3), (0.95, 0.95)])
    for x in (-0.95, -0.45, 0.05, 0.55):
        p.poly([(x, -0.3), (x, -0.65), (x + 0.3, -0.65), (x + 0.3, -0.3)])
    p.poly([(-0.25, 0.95), (-0.25, 0.35), (0, 0.1), (0.25, 0.35), (0.25, 0.95)], cut=True)


MOTIFS.update({"coin": _coin, "speed": _boot_speed, "brain": _brain, "castle": _castle})
