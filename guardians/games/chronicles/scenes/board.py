"""The base as a map, drawn from the tile geometry the rules hold (`seen.base`): floors by area, machinery
on solid cells, walls, special spaces (green start, orange check, lights, reinforcement spaces), room names;
then the pieces that change: doors and airlocks open or closed, and the figures with their damage.

The still map of a scenario is drawn once per cell size and cached; spaces, doors, room plaques and
figures are pieces, so a click on them picks the option that names them (see selection.py).
"""

from __future__ import annotations

import hashlib
from dataclasses import dataclass, replace
from functools import lru_cache
from typing import Callable
from weakref import WeakKeyDictionary

import pygame

from guardians.engine.table import CardFace
from guardians.games.chronicles.rules.geometry import SIZE
from guardians.games.chronicles.scenes import style
from guardians.games.chronicles.scenes.camera import Camera, place
from guardians.games.chronicles.scenes.selection import cell_ref
from guardians.ui import scaling, theme
from guardians.ui.art import paint_emblem
from guardians.ui.table.kept import Kept, scale_key
from guardians.ui.table.pictures import looks
from guardians.ui.table.text import blit_centered, fitted, text, wrapped
from guardians.ui.table.view import Piece, View

MIN_TEXT = 12                    # no text on the map smaller than this at 1280x720 (grown: `min_text`)


def min_text() -> int:
    """The map's smallest text in the app's window (`MIN_TEXT` grown as every font is)."""
    return scaling.window_font(MIN_TEXT)


GAP = 21                         # between tiles, and above each row of tiles: room names sit there


@dataclass(frozen=True)
class MapGeo:
    """Where the map lies: its top-left pixel, a cell's side and the gap between tiles (the tiles are drawn
    apart, as on a table, so that their names sit between them and cover no space)."""

    x: int
    y: int
    cell: int
    cols: int                    # in cells
    rows: int
    gap: int = GAP

    def rect(self, c: tuple[int, int]) -> pygame.Rect:
        return pygame.Rect(self.x + c[0] * self.cell + (c[0] // SIZE) * self.gap,
                           self.y + self.gap + c[1] * self.cell + (c[1] // SIZE) * self.gap, self.cell, self.cell)

    def tile(self, origin: tuple[int, int]) -> pygame.Rect:
        """The tile whose north-west cell is `origin`."""
        return pygame.Rect(self.rect(origin).topleft, (SIZE * self.cell, SIZE * self.cell))

    @property
    def key(self) -> tuple[int, ...]:
        """Its fields as a plain tuple: a key part that hashes and compares quickly."""
        return self.x, self.y, self.cell, self.cols, self.rows, self.gap

    @property
    def outline(self) -> pygame.Rect:
        tiles_x, tiles_y = self.cols // SIZE, self.rows // SIZE
        return pygame.Rect(self.x, self.y, self.cols * self.cell + (tiles_x - 1) * self.gap,
                           tiles_y * (SIZE * self.cell + self.gap))


MAX_CELL = 96                    # the largest cell drawn, fitted or zoomed


_TILES: "WeakKeyDictionary[object, tuple[int, int]]" = WeakKeyDictionary()


def tiles(base) -> tuple[int, int]:
    """How many tiles the base is wide and tall (kept per base: it never changes)."""
    found = _TILES.get(base)
    if found is None:
        found = _TILES[base] = (1 + max(p.at[0] for p in base.faces.values()),
                                1 + max(p.at[1] for p in base.faces.values()))
    return found


def fit_cell(base, area: pygame.Rect) -> int:
    """The largest whole-pixel cell at which the base and its gaps fit in `area`."""
    tiles_x, tiles_y = tiles(base)
    cols, rows = SIZE * tiles_x, SIZE * tiles_y
    return max(8, min((area.w - 4 - (tiles_x - 1) * GAP) // cols, (area.h - 4 - tiles_y * GAP) // rows, MAX_CELL))


def max_zoom(base, area: pygame.Rect) -> float:
    """How far the camera may zoom in: up to the largest cell drawn."""
    return max(1.0, MAX_CELL / fit_cell(base, area))


def map_geo(base, area: pygame.Rect, cam: Camera | None = None) -> MapGeo:
    """The map in `area`: the cells that fit, times the camera's zoom; centred when it fits, else placed where the
    camera looks (see camera.py)."""
    tiles_x, tiles_y = tiles(base)
    cols, rows = SIZE * tiles_x, SIZE * tiles_y
    cell = fit_cell(base, area)
    if cam is not None and not cam.fitted:
        cell = max(cell, min(MAX_CELL, round(cell * cam.zoom)))
    out = MapGeo(0, 0, cell, cols, rows).outline
    fx, fy = (cam.fx, cam.fy) if cam is not None else (0.5, 0.5)
    return MapGeo(place(out.w, area.w, area.x, fx), place(out.h, area.h, area.y, fy), cell, cols, rows)


# ----- the still map ---------------------------------------------------------------------------------

def _floor(area_id: str) -> style.Colour:
    digest = hashlib.md5(area_id.encode()).digest()
    return style.FLOORS[digest[0] % len(style.FLOORS)]


def _machine(surface: pygame.Surface, r: pygame.Rect, art: str | None) -> None:
    """A solid cell: machinery (hatched steel) or rock, with the scenery the tile names."""
    rocky = art in ("boulders", "stalagmites", "rock")
    pygame.draw.rect(surface, style.ROCK if rocky else style.MACHINE, r)
    if rocky:
        for i, (dx, dy, k) in enumerate(((0.3, 0.35, 0.22), (0.65, 0.4, 0.18), (0.45, 0.7, 0.2))):
            pygame.draw.circle(surface, (92, 82, 70) if i % 2 else (80, 72, 62),
                               (r.x + int(r.w * dx), r.y + int(r.h * dy)), max(2, int(r.w * k)))
        return
    step = max(4, r.w // 5)
    clip = surface.get_clip()
    surface.set_clip(r)
    for k in range(-r.h, r.w, step):
        pygame.draw.line(surface, style.MACHINE_HATCH, (r.x + k, r.bottom), (r.x + k + r.h, r.y), 1)
    surface.set_clip(clip)
    inner = r.inflate(-r.w // 3, -r.h // 3)
    if art in ("crates",):
        pygame.draw.rect(surface, (120, 92, 56), inner)
        pygame.draw.line(surface, (80, 60, 36), inner.topleft, inner.bottomright, 2)
    elif art in ("conveyor", "pipes"):
        for k in range(3):
            y = inner.y + k * inner.h // 3
            pygame.draw.line(surface, style.MACHINE_RIVET, (inner.x, y), (inner.right, y), 2)
    elif art:
        pygame.draw.rect(surface, style.MACHINE_RIVET, inner, 2, border_radius=3)
    for cx, cy in ((r.x + 3, r.y + 3), (r.right - 4, r.y + 3), (r.x + 3, r.bottom - 4), (r.right - 4, r.bottom - 4)):
        pygame.draw.circle(surface, style.MACHINE_RIVET, (cx, cy), 1)


def _mark(surface: pygame.Surface, r: pygame.Rect, mark, heroes: int) -> None:
    """A special space: green start, orange check, a numbered light, a reinforcement space."""
    kind = mark.kind
    inset = r.inflate(-max(4, r.w // 6), -max(4, r.h // 6))
    size = max(min_text(), r.w // 3)
    if kind == "start":
        pygame.draw.rect(surface, style.START, inset, 3, border_radius=4)
    elif kind == "check":
        pygame.draw.rect(surface, style.CHECK, inset, 3, border_radius=4)
        blit_centered(surface, text("!", size, style.CHECK, True), r.center)
    elif kind == "light":
        pygame.draw.circle(surface, style.LIGHT, r.center, inset.w // 2, 3)
        blit_centered(surface, text(str(mark.number), size, style.LIGHT, True), r.center)
    elif kind == "reinforcement" and mark.heroes is not None:
        used = mark.heroes <= heroes
        colour = style.REINFORCE if used else (90, 96, 110)
        pygame.draw.rect(surface, colour, inset, 2 if used else 1, border_radius=2)
        blit_centered(surface, text(f"{mark.heroes}+", size, colour, True), r.center)


def _wall(surface: pygame.Surface, tile: pygame.Rect, cell: int, local: tuple[int, int], width: int, colour) -> None:
    """A wall on the edge whose doubled midpoint is `local` in the tile's own coordinates."""
    ex, ey = local
    point = lambda px2, py2: (tile.x + px2 * cell // 2, tile.y + py2 * cell // 2)  # noqa: E731
    if ex % 2 == 0:
        a, b = point(ex, ey - 1), point(ex, ey + 1)
    else:
        a, b = point(ex - 1, ey), point(ex + 1, ey)
    pygame.draw.line(surface, colour, a, b, width)


_MAPS: dict[tuple, pygame.Surface] = {}


def still_map(seen, g: MapGeo) -> pygame.Surface:
    """The map without doors and figures, cached per scenario, content and cell size."""
    key = (seen.scenario.id, seen.content.hash, g.cell, g.gap, seen.n_heroes, min_text())
    found = _MAPS.get(key)
    if found is not None:
        return found
    if len(_MAPS) > 16:
        _MAPS.clear()
    base = seen.base
    cell = g.cell
    local = MapGeo(0, 0, cell, g.cols, g.rows, g.gap)
    surface = pygame.Surface(local.outline.size, pygame.SRCALPHA)
    for c, face in base.face_of.items():
        r = local.rect(c)
        if c in base.solid:
            art = next((m.name for m in base.marks_at(c) if m.kind == "scenery"), None)
            _machine(surface, r, art)
            continue
        pygame.draw.rect(surface, _floor(base.area_of[c]), r)
        pygame.draw.rect(surface, (0, 0, 0), r, 1)
        pygame.draw.line(surface, (255, 255, 255, 30), r.topleft, (r.right - 2, r.y), 1)
    width = max(3, cell // 9)
    for placed in base.faces.values():
        ox, oy = placed.origin
        tile = local.tile(placed.origin)
        x0, y0 = 2 * ox, 2 * oy
        for c in placed.spaces:                    # thin lines between areas where no wall stands
            x, y = c
            for nb, edge in (((x + 1, y), (2 * x + 2, 2 * y + 1)), ((x, y + 1), (2 * x + 1, 2 * y + 2))):
                other = base.area_of.get(nb)
                if other is not None and base.face_of.get(nb) == placed.face.id and other != base.area_of[c] \
                        and edge not in base.walls:
                    _wall(surface, tile, cell, (edge[0] - x0, edge[1] - y0), 2, style.AREA_LINE)
        for ex, ey in base.walls:                  # its own walls and borders (a shared border on both tiles)
            if x0 <= ex <= x0 + 2 * SIZE and y0 <= ey <= y0 + 2 * SIZE:
                _wall(surface, tile, cell, (ex - x0, ey - y0), width, style.WALL)
    for c, marks in base.marks.items():
        for mark in marks:
            if c in base.area_of:
                _mark(surface, local.rect(c), mark, seen.n_heroes)
    return _MAPS.setdefault(key, surface)


# ----- pieces ----------------------------------------------------------------------------------------

def cell_tip(seen, c: tuple[int, int]) -> str:
    base = seen.base
    area = base.area(c)
    words = [f"{area.name} — {seen.face_name(area.face)}"]
    for mark in base.marks_at(c):         # each mark the map draws, said in words (issue #18: badges explained)
        if mark.kind == "start":
            words.append("green start space: a hero may begin here")
        elif mark.kind == "check":
            room = seen.box.rooms.get(area.face)
            check = room.checks.get(mark.check) if room is not None and mark.check else None
            what = f" ({check.name})" if check is not None and hasattr(check, "name") else ""
            words.append(f"\"!\" orange check space{what}: a hero standing here may try the room's check")
        elif mark.kind == "light":
            words.append(f"light {mark.number}: where Skarov stands when he lights a room; no other figure "
                         "may stop here until the Control Room is open")
        elif mark.kind == "reinforcement" and mark.heroes is not None:
            used = "used in this game" if mark.heroes <= seen.n_heroes else "not used in this game"
            words.append(f"\"{mark.heroes}+\" reinforcement space: a minion starts here when {mark.heroes} or more "
                         f"heroes play ({used})")
    return " · ".join(words)


def door_piece(seen, g: MapGeo, door) -> Piece:
    is_open = bool(seen.doors & door.bit)
    locked = not is_open and seen.door_locked(door)
    ex, ey = door.edge
    long, thick = int(g.cell * 0.9), max(10, g.gap - 6)
    first, second = (g.rect(c) for c in door.cells)          # west and east, or north and south
    vertical = ex % 2 == 0
    cx, cy = ((first.right + second.x) // 2, first.centery) if vertical else (first.centerx, (first.bottom + second.y) // 2)
    rect = pygame.Rect(0, 0, thick, long) if vertical else pygame.Rect(0, 0, long, thick)
    rect.center = (cx, cy)
    state = "open" if is_open else "locked" if locked else "closed"
    colour = style.AIRLOCK if door.kind == "airlock" else style.DOOR

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        if is_open:
            pygame.draw.rect(surface, style.DOOR_OPEN, r, 2, border_radius=3)
            stub = (r.w, max(3, r.h // 5)) if vertical else (max(3, r.w // 5), r.h)
            for corner in ((r.x, r.y), (r.right - stub[0], r.bottom - stub[1])):
                pygame.draw.rect(surface, colour, pygame.Rect(corner, stub))
            return
        pygame.draw.rect(surface, colour, r, border_radius=3)
        pygame.draw.rect(surface, style.LOCKED if locked else style.WALL, r, 2, border_radius=3)
        if door.kind == "airlock":
            if vertical:
                pygame.draw.line(surface, style.WALL, (r.centerx, r.y + 3), (r.centerx, r.bottom - 4), 1)
            else:
                pygame.draw.line(surface, style.WALL, (r.x + 3, r.centery), (r.right - 4, r.centery), 1)

    looks(paint, "door", is_open, locked, vertical, door.kind == "airlock", colour)
    return Piece(f"door:{door.id}", rect, paint, ref=f"door:{door.id}", ident=(door.id, state),
                 tip=f"{seen.door_name(door.id).capitalize()}: {state}", group="door")


def figure_colour(seen, fig) -> style.Colour:
    heroes = fig.side == "heroes"
    return _colour(seen, fig, _hero_seats(seen) if heroes else {}, [] if heroes else _minions(seen))


def figure_colours(seen) -> dict[str, style.Colour]:
    """`figure_colour` of every figure on the board, the heroes' seats and the minions' order worked out once."""
    seats, minions = _hero_seats(seen), _minions(seen)
    return {fid: _colour(seen, fig, seats, minions) for fid, fig in seen.figures.items() if fig.cell is not None}


def _hero_seats(seen) -> dict[str, int]:
    """Each hero's seat (the first seat that plays it)."""
    seats: dict[str, int] = {}
    for s in sorted(s for s, h in seen.heroes.items() if h.hero):
        seats.setdefault(seen.heroes[s].hero, s)
    return seats


def _minions(seen) -> list[str]:
    return [vid for vid in seen.villain_order if seen.box.villains[vid].role != "lieutenant" and vid != "skarov"]


def _colour(seen, fig, seats: dict[str, int], minions: list[str]) -> style.Colour:
    if fig.side == "heroes":
        return style.HERO_COLOURS[(seats.get(fig.card, 1) - 1) % len(style.HERO_COLOURS)]
    if fig.side == "neutral":
        return style.HOSTAGE
    if fig.card == "skarov":
        return style.SKAROV
    role = seen.box.villains[fig.card].role
    if role == "lieutenant":
        return style.LIEUTENANT
    index = minions.index(fig.card) if fig.card in minions else 0
    return style.MINIONS[index % len(style.MINIONS)]


def emblem_key(fig) -> str:
    """The emblem a figure shows (`assets/art/chronicles.yaml` figures): its hero's or villain's, or the hostage's."""
    return "hostage" if fig.side == "neutral" else fig.card


def minion_number(fig) -> str:
    """A minion's number among its kind ("" for every other figure): the emblem says the kind."""
    if fig.side == "villains" and "." in fig.id:
        return fig.id.rsplit(".", 1)[1].lstrip("0") or "0"
    return ""


def health_of(seen, fig) -> int:
    if fig.side == "neutral":
        return 0
    try:
        return seen.health(fig.id)
    except (KeyError, AttributeError):
        return 0


def figure_face(seen, fig) -> CardFace:
    """What hovering a figure shows: its name, side, health and damage, its stats and power."""
    hp = health_of(seen, fig)
    stats: list[tuple[str, str]] = []
    if fig.side == "neutral":
        return CardFace("Hostage", "Prisoner", "Free the hostage and escort them out of the base.", (), "neutral",
                        emblem=("chronicles", "figures", "hostage"))
    for key, short in (("speed", "SPD"), ("combat", "CMB"), ("defense", "DEF"), ("mental", "MNT")):
        if fig.side == "villains" and key not in seen.box.villains[fig.card].stats:
            continue                                   # villains have no Mental value
        try:
            stats.append((short, str(seen.stat(fig.id, key))))
        except (KeyError, AttributeError):
            continue
    stats.insert(0, ("HP", f"{max(0, hp - fig.damage)}/{hp}"))
    if fig.side == "heroes":
        hero = seen.box.heroes[fig.card]
        return CardFace(hero.name, "Hero", f"{hero.power_name}: {hero.power_text}", tuple(stats[:5]), "hero",
                        emblem=("chronicles", "figures", fig.card))
    v = seen.box.villains[fig.card]
    words = f"{v.power_name}: {v.power_text}" if v.power_name else ""
    return CardFace(seen.fig_name(fig.id), v.role.title(), words, tuple(stats[:5]), "villain",
                    emblem=("chronicles", "figures", fig.card))


class FigurePiece(Piece):
    """A figure on the map, its hover card worked out from the view it was built from when something first reads
    it (the mouse on it), not at every redraw: its statistics go through every modifier in play, and most redraws
    show no figure's card. The card is the one `figure_face` gives for that view, so it is never stale."""

    _make_face: Callable[[], CardFace | None] | None = None
    _face: CardFace | None = None

    @property                                   # type: ignore[override]
    def face(self) -> CardFace | None:
        if self._make_face is not None:
            self._face, self._make_face = self._make_face(), None
        return self._face

    @face.setter
    def face(self, value: CardFace | None) -> None:
        self._face, self._make_face = value, None


def is_big(fig) -> bool:
    """The boss's figure: a larger disc with a gold ring."""
    return fig.card == "skarov"


def figure_rect(g: MapGeo, fig) -> pygame.Rect:
    """A figure's disc on its space: inset so that area names may reach a little into a neighbour space (the
    boss's larger disc reaches further: names keep off it, `area_spots`)."""
    inset = max(4, g.cell // (6 if is_big(fig) else 4))
    return g.rect(fig.cell).inflate(-inset, -inset)


def figure_piece(seen, g: MapGeo, fig, kept: Kept | None = None, colour: style.Colour | None = None,
                 scale: tuple | None = None) -> Piece:
    """A figure on the map: a fresh piece (its hover card is worked out from this view when read, see `FigurePiece`),
    a plain copy of one kept in `kept` while what it is made of is unchanged: its place, damage, health and colour
    (`figure_look`), on this map at this size (`scale`: the content, the map's geometry and the window's scale, as
    `build_board` gives it)."""
    colour = figure_colour(seen, fig) if colour is None else colour
    hp = health_of(seen, fig) if fig.damage else 0          # its health shows only beside its damage (its tags)
    if kept is None:
        piece = figure_template(seen, g, fig, colour, hp)
    else:                                       # a copy of the kept piece, its card not worked out
        key = ("figure", scale or (seen.content.hash, g.key, scale_key()), fig.id, fig.card, fig.side, fig.cell,
               fig.damage, colour, hp)
        template = kept.find(key)
        if template is None:
            template = kept.put(key, figure_template(seen, g, fig, colour, hp))
        piece = object.__new__(FigurePiece)
        piece.__dict__.update(template.__dict__)
        piece.rect = pygame.Rect(template.rect)
    piece._make_face = lambda: figure_face(seen, fig)
    return piece


def figure_template(seen, g: MapGeo, fig, colour: style.Colour, hp: int) -> "FigurePiece":
    """A figure's piece without its card (`figure_piece` gives each build a copy with the card of its own view)."""
    rect, paint, tags = figure_look(seen, g, fig, colour, hp)
    return FigurePiece(f"fig:{fig.id}", rect, paint, ref=f"fig:{fig.id}", tags=tags, ident=fig.id, damage=fig.damage,
                       group="figure")


def figure_look(seen, g: MapGeo, fig, colour: style.Colour, hp: int) -> tuple[pygame.Rect, Callable, tuple[str, ...]]:
    """A figure's rect, painter (with its look) and hover tags, made of its place, id, damage, health and colour."""
    big = is_big(fig)
    minion = fig.side == "villains" and not big and "." in fig.id
    rect = figure_rect(g, fig)
    key = emblem_key(fig)
    number = minion_number(fig)
    damage = fig.damage

    def paint(surface: pygame.Surface, rr: pygame.Rect) -> None:
        radius = rr.w // 2
        pygame.draw.circle(surface, (0, 0, 0), (rr.centerx + 2, rr.centery + 2), radius)
        if minion:
            pygame.draw.rect(surface, colour, rr.inflate(-2, -2), border_radius=4)     # minions: square tokens
            pygame.draw.rect(surface, (20, 20, 24), rr.inflate(-2, -2), 2, border_radius=4)
        else:
            pygame.draw.circle(surface, colour, rr.center, radius)
            pygame.draw.circle(surface, style.GOLD if big else (20, 20, 24), rr.center, radius, 3 if big else 2)
        ring = max(2, rr.w // 9)
        paint_emblem(surface, rr.inflate(-2 * ring, -2 * ring), "chronicles", "figures", key)
        if number:                                         # which minion of its kind: a tag at the foot
            img = text(number, least, (250, 250, 250), True)
            tag = pygame.Rect(0, 0, max(img.get_width() + 4, img.get_height()), img.get_height())
            tag.midbottom = (rr.x + tag.w // 2, rr.bottom + 2)
            pygame.draw.rect(surface, (20, 20, 24), tag, border_radius=tag.h // 2)
            blit_centered(surface, img, tag.center)
        if damage:
            size = least
            img = text(str(damage), size, (255, 255, 255), True)
            box = pygame.Rect(0, 0, max(img.get_width() + 6, img.get_height()), img.get_height())
            box.center = (rr.right - 2, rr.y + 2)
            pygame.draw.rect(surface, style.DAMAGE, box, border_radius=box.h // 2)
            pygame.draw.rect(surface, (255, 230, 230), box, 1, border_radius=box.h // 2)
            blit_centered(surface, img, box.center)

    least = min_text()
    looks(paint, "figure", minion, big, colour, key, number, damage, least)
    tags = (f"{damage} damage of {hp}",) if damage and hp else ()
    if number:
        tags += (f"the number at its foot: {seen.fig_name(fig.id)}, which of its kind it is",)
    return rect, paint, tags


def plaque_piece(seen, g: MapGeo, face_id: str, placed) -> Piece:
    """A room's name above its tile; a click on it picks a choice naming the room."""
    name = seen.face_name(face_id)
    least = min_text()
    size = max(least, min(scaling.window_font(14), g.cell // 3))
    img_w = text(name, size, style.PLAQUE_EDGE, True).get_width()
    tile = g.tile(placed.origin)
    rect = pygame.Rect(0, 0, min(tile.w - 8, img_w + 12), min(size + 6, g.gap - 2))
    rect.midleft = (tile.x + 2, tile.y - g.gap // 2)           # in the gap above the tile: over no space
    room = seen.box.rooms.get(face_id)
    role = seen.content.faces[face_id].role
    face = CardFace(room.title if room else name, role.title(), room.text if room else "", (), "room")

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        pygame.draw.rect(surface, style.PLAQUE, r, border_radius=4)
        pygame.draw.rect(surface, style.PLAQUE_EDGE, r, 1, border_radius=4)
        blit_centered(surface, fitted(name, size, r.w - 8, (236, 236, 240), True, least), r.center)

    looks(paint, "plaque", name, size)
    return Piece(f"tile:{face_id}", rect, paint, ref=f"tile:{face_id}", face=face, group="plaque")


_PLAQUES: dict[tuple, tuple[Piece, ...]] = {}


def plaque_pieces(seen, g: MapGeo) -> tuple[Piece, ...]:
    """The room plaques, made once per map and geometry as the spaces are (`cell_pieces`): they read the content
    only."""
    key = (seen.scenario.id, seen.content.hash, seen.n_heroes, g)
    found = _PLAQUES.get(key)
    if found is None:
        if len(_PLAQUES) > 16:
            _PLAQUES.clear()
        found = _PLAQUES[key] = tuple(plaque_piece(seen, g, face_id, placed)
                                      for face_id, placed in seen.base.faces.items())
    return found


def _no_paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
    """A space is drawn by the still map; its piece is only for clicks and its tip."""


_CELLS: dict[tuple, tuple[Piece, ...]] = {}


def cell_pieces(seen, g: MapGeo) -> tuple[Piece, ...]:
    """The spaces as pieces (a click and a tip each), made once per map and geometry like the still map: the same
    for every position of a game (pieces are never changed once made)."""
    key = (seen.scenario.id, seen.content.hash, seen.n_heroes, g)
    found = _CELLS.get(key)
    if found is None:
        if len(_CELLS) > 16:
            _CELLS.clear()
        found = _CELLS[key] = tuple(Piece(cell_ref(*c), g.rect(c), _no_paint, ref=cell_ref(*c),
                                          tip=cell_tip(seen, c), group="cell") for c in seen.base.cells)
    return found


def board_refs(seen) -> set[str]:
    """The refs `build_board` draws (spaces, doors, figures on the map, room plaques), without building it: the
    scene needs them to know which options get a button before it knows how much room the map has."""
    base = seen.base
    still = _STILL_REFS.get(base)
    if still is None:                           # spaces, doors and plaques: the same for every position of a base
        still = _STILL_REFS[base] = frozenset({cell_ref(*c) for c in base.cells} | {f"door:{d.id}" for d in base.doors}
                                              | {f"tile:{face_id}" for face_id in base.faces})
    return set(still) | {f"fig:{fig.id}" for fig in seen.figures.values() if fig.cell is not None}


_STILL_REFS: "WeakKeyDictionary[object, frozenset[str]]" = WeakKeyDictionary()


AREA_PX = 12                     # area names: the smallest text the map allows, bold on a dark tab (`area_px`)
AREA_INK = (232, 232, 236)
AREA_TAB = (16, 18, 24, 190)
LAYER_KEY = (255, 0, 254)        # the board layer's transparent corners


def area_px() -> int:
    """`AREA_PX` in the app's window: area names grow with the window as every text does."""
    return scaling.window_font(AREA_PX)


def _label_lines(name: str, width: int) -> tuple[str, ...] | None:
    """`name` in at most two lines of `area_px()` inside `width`, or None when it does not fit."""
    px = area_px()
    if text(name, px, AREA_INK, True).get_width() <= width:
        return (name,)
    lines = wrapped(name, px, width, True)
    if len(lines) <= 2 and " ".join(lines) == " ".join(name.split()) and \
            all(text(line, px, AREA_INK, True).get_width() <= width for line in lines):
        return tuple(lines)                           # whole words only: a name is never cut inside a word
    return None


Spot = tuple[tuple[int, int, int, int], tuple[str, ...], tuple[int, int, int, int]]     # rect, lines, room
_SPOTS: dict[tuple, dict[tuple, Spot | None]] = {}       # per map: (area id, its free spaces) -> its spot
_NO_SPOT = object()
_PLAIN: dict[tuple, dict[str, frozenset]] = {}       # each area's spaces without a mark (or a start only)


def area_spots(seen, g: MapGeo, taken: frozenset,
               blocked: tuple = ()) -> list[tuple[str, pygame.Rect, tuple[str, ...]]]:
    """Where each area's name goes: on a block of its own plain spaces (no figure, no special space but a green
    start, whose outline stays visible around the tab), the
    smallest block the name fits in, on one line or on two (whole words), in reading order. An area with no such
    room (small areas on a large base in a small window) keeps its name in its spaces' tips only.
    A name keeps off the `blocked` rects (the boss's disc, larger than the others) as off another name.
    (area id, rect, lines). Each area's spot is kept per map, geometry and its free spaces, as `cell_pieces`: a
    move changes the free spaces of an area or two, and searching every area costs about a millisecond."""
    base = seen.base
    map_key = (seen.scenario.id, seen.content.hash, seen.n_heroes, g, area_px())
    spots = _SPOTS.get(map_key)
    if spots is None or len(spots) > 4096:
        if len(_SPOTS) > 16:
            _SPOTS.clear()
        spots = _SPOTS[map_key] = {}
    plain = _PLAIN.get(map_key)
    if plain is None:
        if len(_PLAIN) > 16:
            _PLAIN.clear()
        plain = _PLAIN[map_key] = {area.id: frozenset(c for c in area.spaces
                                                      if all(m.kind == "start" for m in base.marks_at(c)))
                                   for area in base.areas.values()}
    out = []
    placed = [pygame.Rect(r) for r in blocked]          # discs that reach further than a tab's spill, then tabs
    touched: dict[str, list] = {}                       # the taken spaces of each area that has any
    for c in taken:
        if c in base.area_of:
            touched.setdefault(base.area_of[c], []).append(c)
    for name, area in base.areas.items():
        free = plain[area.id]
        if name in touched:
            free = free.difference(touched[name])
        if not free:
            continue
        key = (area.id, free)
        spot = spots.get(key, _NO_SPOT)
        if spot is _NO_SPOT:
            spot = spots[key] = _area_spot(seen, g, area, free)
        if spot is not None:
            rect = _clear_of(placed, pygame.Rect(spot[0]), pygame.Rect(spot[2]))
            if rect is not None:
                out.append((area.id, rect, spot[1]))
                placed.append(rect)
    return out


def _clear_of(placed: list[pygame.Rect], rect: pygame.Rect, room: pygame.Rect) -> pygame.Rect | None:
    """`rect` moved sideways off a neighbour's tab it overlaps (two tabs may each reach a little past their
    blocks, toward each other), kept in its room (`_area_spot`); None if it still overlaps one (its spaces' tips
    name it)."""
    if rect.collidelist(placed) == -1:          # clear of every tab and disc already placed (most names)
        return rect
    for other in placed:
        if rect.colliderect(other):
            shift = other.right - rect.x if rect.centerx >= other.centerx else other.x - rect.right
            rect = rect.move(shift, 0).clamp(room)
    return None if any(rect.colliderect(other) for other in placed) else rect


def _area_spot(seen, g: MapGeo, area, free: frozenset) -> Spot | None:
    """The smallest block of `free` (reading order) that holds the area's name: (rect, lines, room), or None. The
    room is the block and a spill on either side, but never past the tile's edge: a tab at the edge of its tile is
    not pushed back over the next space (where a figure would cover its end)."""
    base = seen.base
    line_h = theme.font(area_px(), True).get_linesize()
    spill = max(2, g.cell // 8) - 1           # a tab may reach a little past its block: short of a figure's disc
    blocks = sorted((h, w, y, x) for (x, y) in free for h in (1, 2) for w in (1, 2, 3, 4)
                    if all((x + i, y + j) in free for i in range(w) for j in range(h)))
    tile = g.tile(base.faces[area.face].origin)
    for h, w, y, x in blocks:
        cells = pygame.Rect(g.rect((x, y)).topleft, (w * g.cell, h * g.cell))
        room = cells.inflate(2 * spill, 0).clip(tile)            # a spill stays on the area's own tile
        lines = _label_lines(area.name, room.w - 6)
        if lines is not None and len(lines) * line_h + 2 <= cells.h:
            width = max(text(line, area_px(), AREA_INK, True).get_width() for line in lines) + 6
            rect = pygame.Rect(0, 0, min(width, room.w), len(lines) * line_h + 2)
            rect.center = cells.center
            rect.clamp_ip(room)
            return tuple(rect), lines, tuple(room)
    return None


@lru_cache(maxsize=256)
def _area_tab(size: tuple[int, int], lines: tuple[str, ...], px: int) -> pygame.Surface:
    """An area name's translucent tab with its words on it (`px` tall), kept per size and words: one blend onto the
    map at every redraw (it has no picture of its own, which would blend it twice)."""
    tab = pygame.Surface(size, pygame.SRCALPHA)
    pygame.draw.rect(tab, AREA_TAB, tab.get_rect(), border_radius=4)
    line_h = theme.font(px, True).get_linesize()
    for i, line in enumerate(lines):
        img = text(line, px, AREA_INK, True)
        tab.blit(img, (size[0] // 2 - img.get_width() // 2, 1 + i * line_h))
    return tab


_AREA_PIECES: dict[tuple, Piece] = {}


def area_piece(ident: str, rect: pygame.Rect, lines: tuple[str, ...]) -> Piece:
    """An area's name on the map: drawn only, no click and no tip of its own (hover reads the space under it). Kept
    per area, place, words and size (what it is made of): a move that moves one figure moves one or two names."""
    px = area_px()
    key = (ident, tuple(rect), lines, px)
    found = _AREA_PIECES.get(key)
    if found is None:
        if len(_AREA_PIECES) > 4096:
            _AREA_PIECES.clear()
        found = _AREA_PIECES[key] = _area_piece(ident, rect, lines, px)
    return found


def _area_piece(ident: str, rect: pygame.Rect, lines: tuple[str, ...], px: int) -> Piece:

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        surface.blit(_area_tab(r.size, lines, px), r.topleft)

    return Piece(f"area:{ident}", rect, paint, ident=(ident, lines, px), group="area")


_AREAS: dict[tuple, tuple[Piece, ...]] = {}


def area_pieces(seen, g: MapGeo, taken: frozenset, blocked: tuple = ()) -> tuple[Piece, ...]:
    """The area names as pieces, kept per map, geometry, occupied spaces and the boss's disc (`area_spots`): a move
    that moves no figure (an attack, a card, a door) shows the same names in the same places."""
    key = (seen.scenario.id, seen.content.hash, seen.n_heroes, g, taken, blocked)
    found = _AREAS.get(key)
    if found is None:
        if len(_AREAS) > 256:
            _AREAS.clear()
        spots = area_spots(seen, g, taken, blocked)
        found = _AREAS[key] = tuple(area_piece(ident, rect, lines) for ident, rect, lines in spots)
    return found


def clipped(piece: Piece, area: pygame.Rect) -> Piece | None:
    """`piece` as seen through the map `area` while zoomed: None when it lies outside; when it crosses the edge,
    drawn only inside and hit only there (a click beside the map never lands on a space hidden under the panel)."""
    if area.contains(piece.area):
        return piece
    if not area.colliderect(piece.area):
        return None
    paint = piece.paint

    def inside(surface: pygame.Surface, r: pygame.Rect) -> None:
        old = surface.get_clip()
        surface.set_clip(area.clip(old))
        try:
            paint(surface, r)
        finally:
            surface.set_clip(old)

    return replace(piece, paint=inside, hit=piece.area.clip(area), look=None)    # a kept picture is not clipped


def board_layer(seen, g: MapGeo, area: pygame.Rect) -> pygame.Surface:
    """The board's background and the still map on it as one opaque surface, its rounded corners a run-length
    encoded colour key: one fast blit per redraw instead of a rounded box and a large per-pixel-alpha blit (the
    map's tints are blended onto the background once, as they were at every redraw)."""
    key = ("layer", seen.scenario.id, seen.content.hash, seen.n_heroes, g.key, tuple(area), min_text())
    found = _MAPS.get(key)
    if found is not None:
        return found
    layer = pygame.Surface(area.size)
    if pygame.display.get_surface() is not None:
        layer = layer.convert()
    layer.fill(LAYER_KEY)
    local = pygame.Rect((0, 0), area.size)
    pygame.draw.rect(layer, style.BOARD_BG, local, border_radius=6)
    layer.blit(still_map(seen, g), g.outline.move(-area.x, -area.y).topleft)
    layer.set_colorkey(LAYER_KEY, pygame.RLEACCEL)
    return _MAPS.setdefault(key, layer)


def build_board(seen, area: pygame.Rect, view: View, cam: Camera | None = None, kept: Kept | None = None) -> MapGeo:
    """The map in `area`, zoomed and scrolled by `cam`: the still picture (one cached layer per view of it),
    then spaces, doors, figures and room plaques as pieces; what lies outside the area is left out. Doors and
    figures are kept in `kept` (the scene's) while what they show is unchanged."""
    g = map_geo(seen.base, area, cam)
    picture = board_layer(seen, g, area)
    outline = g.outline

    def paint_map(surface: pygame.Surface) -> None:
        surface.blit(picture, area.topleft)

    view.statics.append(paint_map)
    base = seen.base
    pieces: list[Piece] = list(cell_pieces(seen, g))
    scale = (seen.scenario.id, seen.content.hash, seen.n_heroes, g.key, scale_key())     # this map at this size
    taken = frozenset(fig.cell for fig in seen.figures.values() if fig.cell is not None)
    blocked = tuple(tuple(figure_rect(g, fig)) for fig in seen.figures.values()
                    if fig.cell is not None and is_big(fig))
    pieces += area_pieces(seen, g, taken, blocked)
    if kept is None:
        pieces += [door_piece(seen, g, door) for door in base.doors]
    else:                                       # a door's piece is made of its place and state only
        same = ("door", scale)
        pieces += [kept.get((same, door.id, bool(seen.doors & door.bit), seen.door_locked(door)),
                            lambda: door_piece(seen, g, door)) for door in base.doors]
    colours = figure_colours(seen)
    pieces += [figure_piece(seen, g, fig, kept, colours[fig.id], scale)
               for fig in sorted(seen.figures.values(), key=lambda f: f.id) if fig.cell is not None]
    pieces += plaque_pieces(seen, g)
    if area.contains(outline):
        view.pieces.extend(pieces)
    else:
        view.pieces.extend(p for p in (clipped(piece, area) for piece in pieces) if p is not None)
    return g
