"""The base: tile faces laid out on a grid, door tokens between them, and the geometry the rules ask about.

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt. Movement is counted in *areas* (L161 "the number of Areas
a character can cross during a move", L372-L414); melee needs *adjacent spaces* joined by a straight line with no
wall or closed door on it (L424); a ranged attack needs a line of sight with no wall, closed door or enemy on it
(L430). Doors stop heroes but open and close by themselves for villains (L406, L500). The model and the rulings
behind it are in docs/rules-notes/chronicles.md ("Board, movement, line of sight").

A `Base` is immutable and built once per game (clones share it). What changes during play is passed in:
`doors` is an int whose bit `door.bit` is set when that door or airlock is open, and `occupants` maps each
occupied space to the side of the figure on it (HEROES, VILLAINS or NEUTRAL for the hostage). Lines of sight are
traced once per pair of cells and cached; a query is then a dict lookup and a few bit operations. No pygame.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass, replace
from typing import Any, Iterable, Mapping

from guardians.games.chronicles.cards import FaceDef, Mark
from guardians.games.chronicles.rules.geometry import (DELTA, ROTATIONS, SIZE, Cell, Edge, border_edges,
                                                       edge_cells, rotate_cell, rotate_point)

HEROES = "heroes"
VILLAINS = "villains"
NEUTRAL = "neutral"              # the hostage: takes a space, blocks nobody (ruling Q58)
SIDES = (HEROES, VILLAINS, NEUTRAL)

DOOR_KINDS = ("door", "airlock")
LOCKS = ("showdown", "never")    # an airlock's locked_until, besides "objective:<face id>"
MAX_DOORS = 9                    # L75 "9 door tokens and 5 airlock tokens"
MAX_AIRLOCKS = 5
BLOCKED = 1 << 62                # in a cached line's "needs open" bits: a bit no door state ever has


# ----- the layout (what a scenario or the base builder says) -----------------------------------

@dataclass(frozen=True)
class Placement:
    """One tile of the base: which face is up, where on the tile grid, turned clockwise by `rot`."""

    face: str
    at: tuple[int, int]          # (col, row) on the tile grid; global cell = (5*col + x', 5*row + y')
    rot: int = 0


@dataclass(frozen=True)
class DoorSpec:
    """A door or airlock token on the facing sockets of two neighbouring tiles (L95)."""

    between: tuple[tuple[int, int], tuple[int, int]]
    kind: str = "door"           # door | airlock
    open: bool = False           # its state when the game starts
    locked_until: str | None = None   # airlocks only: showdown (default) | never | objective:<face id>
    id: str | None = None        # default "d<n>", n counting every token from 1


@dataclass(frozen=True)
class Layout:
    tiles: tuple[Placement, ...]
    doors: tuple[DoorSpec, ...] = ()

    @classmethod
    def from_data(cls, data: Mapping[str, Any]) -> Layout:
        """From the plain shape a scenario file uses: {tiles: [{face, at: [c, r], rot}], doors: [{between:
        [[c, r], [c, r]], kind, open, locked_until, id}]}."""
        tiles = tuple(Placement(t["face"], tuple(t["at"]), t.get("rot", 0)) for t in data.get("tiles", ()))
        doors = tuple(DoorSpec(tuple(tuple(x) for x in d["between"]), d.get("kind", "door"), d.get("open", False),
                               d.get("locked_until"), d.get("id")) for d in data.get("doors", ()))
        return cls(tiles, doors)  # type: ignore[arg-type]


class LayoutError(ValueError):
    """A layout that cannot be a base; holds every problem found."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("; ".join(problems))


def door_edge(a: tuple[int, int], b: tuple[int, int]) -> Edge:
    """The edge between the facing sockets of two orthogonally neighbouring tiles (side middles)."""
    (c1, r1), (c2, r2) = a, b
    if r1 == r2:
        return (5 * (c1 + c2 + 1), 10 * r1 + SIZE)
    return (10 * c1 + SIZE, 5 * (r1 + r2 + 1))


def _door_id(spec: DoorSpec, index: int) -> str:
    return spec.id if spec.id is not None else f"d{index + 1}"


def layout_problems(layout: Layout, faces: Mapping[str, FaceDef]) -> list[str]:
    """Everything wrong with a layout: unknown faces, bad rotations, overlapping tiles, a physical tile used
    twice, tokens not joining two neighbouring tiles or on one edge twice, too many tokens (L75), a base not
    connected through its doors (L95 the doors "determine the path")."""
    problems: list[str] = []
    placed: dict[tuple[int, int], Placement] = {}
    tiles_used: dict[str, str] = {}
    if not layout.tiles:
        problems.append("a base has at least one tile")
    for p in layout.tiles:
        if p.face not in faces:
            problems.append(f"unknown face {p.face!r}")
            continue
        if p.rot not in ROTATIONS:
            problems.append(f"{p.face}: rot {p.rot!r} is not one of 0, 90, 180, 270")
        if not (len(p.at) == 2 and all(isinstance(v, int) and v >= 0 for v in p.at)):
            problems.append(f"{p.face}: at {p.at!r} must be [col, row] with col, row >= 0")
            continue
        if p.at in placed:
            problems.append(f"{p.face} and {placed[p.at].face} overlap at tile {list(p.at)}")
            continue
        tile = faces[p.face].tile
        if tile in tiles_used:
            problems.append(f"{p.face} and {tiles_used[tile]} are the two faces of tile {tile}: only one is up")
        tiles_used[tile] = p.face
        placed[p.at] = p
    edges: dict[Edge, str] = {}
    ids: set[str] = set()
    graph: dict[tuple[int, int], set[tuple[int, int]]] = {at: set() for at in placed}
    for i, d in enumerate(layout.doors):
        did = _door_id(d, i)
        if did in ids:
            problems.append(f"door id {did!r} is used twice")
        ids.add(did)
        if d.kind not in DOOR_KINDS:
            problems.append(f"{did}: kind {d.kind!r} is not door or airlock")
        lock = d.locked_until
        if d.kind == "door" and lock is not None:
            problems.append(f"{did}: only airlocks have locked_until")
        if d.kind == "airlock" and lock is not None and lock not in LOCKS and not (
                isinstance(lock, str) and lock.startswith("objective:") and lock[10:] in faces):
            problems.append(f"{did}: locked_until {lock!r} is not showdown, never or objective:<face>")
        a, b = (tuple(x) for x in d.between)
        if a not in placed or b not in placed:
            problems.append(f"{did}: between {list(a)} and {list(b)}, but there is no tile at "
                            f"{list(a) if a not in placed else list(b)}")
            continue
        if abs(a[0] - b[0]) + abs(a[1] - b[1]) != 1:
            problems.append(f"{did}: tiles {list(a)} and {list(b)} are not side by side, so no sockets face")
            continue
        edge = door_edge(a, b)
        if edge in edges:
            problems.append(f"{did}: the sockets between {list(a)} and {list(b)} already hold {edges[edge]}")
            continue
        edges[edge] = did
        graph[a].add(b)
        graph[b].add(a)
    for kind, limit in (("door", MAX_DOORS), ("airlock", MAX_AIRLOCKS)):
        count = sum(1 for d in layout.doors if d.kind == kind)
        if count > limit:
            problems.append(f"{count} {kind} tokens; the box has {limit}")
    if placed and not problems:
        start = next(iter(placed))
        seen, todo = {start}, [start]
        while todo:
            for nxt in graph[todo.pop()]:
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append(nxt)
        for at, p in placed.items():
            if at not in seen:
                problems.append(f"{p.face} at {list(at)} is not joined to {placed[start].face} through doors")
    return problems


def rotated(face: FaceDef, rot: int) -> FaceDef:
    """The face turned clockwise by `rot` degrees: grid, walls and marks turn together."""
    if rot % 360 == 0:
        return face
    grid = [["#"] * SIZE for _ in range(SIZE)]
    for y, row in enumerate(face.grid):
        for x, ch in enumerate(row):
            nx, ny = rotate_cell(x, y, rot)
            grid[ny][nx] = ch
    return replace(face, grid=tuple("".join(r) for r in grid),
                   walls=frozenset(rotate_point(ex, ey, rot) for ex, ey in face.walls),
                   marks=tuple(replace(m, at=rotate_cell(*m.at, rot)) for m in face.marks))


# ----- what the base is made of -----------------------------------------------------------------

@dataclass(frozen=True)
class Area:
    id: str                      # "<face id>.<letter>", unique in a base
    face: str
    letter: str
    name: str
    spaces: tuple[Cell, ...]     # global cells, row-major


@dataclass(frozen=True)
class Door:
    id: str
    kind: str                    # door | airlock
    bit: int                     # its bit in a door state
    edge: Edge
    cells: tuple[Cell, Cell]     # its two front spaces (L485 "the space in front of the door")
    tiles: tuple[tuple[int, int], tuple[int, int]]
    locked_until: str | None


@dataclass(frozen=True)
class PlacedFace:
    face: FaceDef                # turned as placed; its coordinates are still local
    at: tuple[int, int]
    rot: int
    origin: Cell                 # global cell of its local (0, 0)
    spaces: tuple[Cell, ...]
    marks: tuple[Mark, ...]      # global positions


@dataclass(frozen=True)
class Trace:
    """A straight line between two cell centres (§3.3): blocked by walls whatever the doors; else the doors
    that block it while closed, and the cells whose inside it crosses (enemies there block a ranged attack)."""

    blocked: bool
    doors: int = 0
    cells: tuple[Cell, ...] = ()


def chebyshev(a: Cell, b: Cell) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


def _row_major(cells: Iterable[Cell]) -> tuple[Cell, ...]:
    return tuple(sorted(cells, key=lambda c: (c[1], c[0])))


class Base:
    """The board of one game: cells, areas, walls, doors, marks; movement and line of sight."""

    def __init__(self, layout: Layout, faces: Mapping[str, FaceDef]) -> None:
        problems = layout_problems(layout, faces)
        if problems:
            raise LayoutError(problems)
        self.layout = layout
        self.faces: dict[str, PlacedFace] = {}
        self.area_of: dict[Cell, str] = {}
        self.face_of: dict[Cell, str] = {}
        solid: set[Cell] = set()
        walls: set[Edge] = set()
        spaces_by_area: dict[str, list[Cell]] = {}
        names: dict[str, tuple[str, str, str]] = {}
        marks: dict[Cell, list[Mark]] = {}
        for p in layout.tiles:
            face = rotated(faces[p.face], p.rot)
            ox, oy = SIZE * p.at[0], SIZE * p.at[1]
            spaces = []
            for y, row in enumerate(face.grid):
                for x, ch in enumerate(row):
                    cell = (ox + x, oy + y)
                    self.face_of[cell] = face.id
                    if ch == "#":
                        solid.add(cell)
                        continue
                    area = f"{face.id}.{ch}"
                    self.area_of[cell] = area
                    spaces_by_area.setdefault(area, []).append(cell)
                    names[area] = (face.id, ch, face.areas[ch])
                    spaces.append(cell)
            walls.update((2 * ox + ex, 2 * oy + ey) for ex, ey in face.walls)
            walls.update(border_edges(ox, oy))
            placed_marks = tuple(replace(m, at=(ox + m.at[0], oy + m.at[1])) for m in face.marks)
            for m in placed_marks:
                marks.setdefault(m.at, []).append(m)
            self.faces[face.id] = PlacedFace(face, p.at, p.rot, (ox, oy), _row_major(spaces), placed_marks)
        for x, y in solid:
            walls.update(((2 * x + 1, 2 * y), (2 * x + 1, 2 * y + 2), (2 * x, 2 * y + 1), (2 * x + 2, 2 * y + 1)))
        doors = []
        for i, spec in enumerate(layout.doors):
            a, b = (spec.between[0][0], spec.between[0][1]), (spec.between[1][0], spec.between[1][1])
            edge = door_edge(a, b)
            lock = spec.locked_until if spec.kind == "door" else (spec.locked_until or "showdown")
            doors.append(Door(_door_id(spec, i), spec.kind, 1 << i, edge, edge_cells(edge), (a, b), lock))
            walls.discard(edge)
        self.doors: tuple[Door, ...] = tuple(doors)
        self.door_by_id: dict[str, Door] = {d.id: d for d in doors}
        self._door_edges: dict[Edge, int] = {d.edge: d.bit for d in doors}
        self.initial_doors: int = sum(d.bit for d, s in zip(doors, layout.doors) if s.open)
        self.all_open: int = (1 << len(doors)) - 1
        self.walls: frozenset[Edge] = frozenset(walls)
        self.solid: frozenset[Cell] = frozenset(solid)
        self.cells: tuple[Cell, ...] = _row_major(self.area_of)
        self.areas: dict[str, Area] = {
            a: Area(a, *names[a], spaces=_row_major(cells)) for a, cells in sorted(spaces_by_area.items())}
        self.marks: dict[Cell, tuple[Mark, ...]] = {c: tuple(ms) for c, ms in marks.items()}
        self.light_cells: frozenset[Cell] = frozenset(c for c, ms in marks.items() if any(m.kind == "light" for m in ms))
        self.lights: dict[int, Cell] = {m.number: c for c, ms in marks.items() for m in ms  # type: ignore[misc]
                                        if m.kind == "light"}
        self.start_cells: tuple[Cell, ...] = _row_major(
            c for c, ms in marks.items() if any(m.kind == "start" for m in ms))
        self._links = self._area_links()
        # per ordered pair: (bits that must be open for a clear line, BLOCKED if never; cells crossed)
        self._lines: dict[tuple[Cell, Cell], tuple[int, tuple[Cell, ...]]] = {}
        self._steps: dict[tuple[str, bool, int], dict[str, int]] = {}
        # per space: its up to 8 neighbouring spaces with the bits their straight line needs open
        self._around: dict[Cell, tuple[tuple[Cell, int], ...]] = {
            (x, y): tuple((c, self._line((x, y), c)[0])
                          for c in ((x + dx, y + dy) for dy in (-1, 0, 1) for dx in (-1, 0, 1) if dx or dy)
                          if c in self.area_of and not self._line((x, y), c)[0] & BLOCKED)
            for x, y in self.cells}

    # ----- cells, areas, doors --------------------------------------------------------------

    def is_space(self, cell: Cell) -> bool:
        return cell in self.area_of

    def area(self, cell: Cell) -> Area:
        return self.areas[self.area_of[cell]]

    def marks_at(self, cell: Cell) -> tuple[Mark, ...]:
        return self.marks.get(cell, ())

    def reinforcement_spaces(self, face: str, heroes: int) -> tuple[Cell, ...]:
        """The reinforcement spaces of a tile in use with `heroes` heroes (L109 "Each reinforcement space states
        the number of Heroes it should be used with"; L111 "In a 2-player game, use the 1+ and 2+ squares")."""
        return _row_major(m.at for m in self.faces[face].marks
                          if m.kind == "reinforcement" and m.heroes is not None and m.heroes <= heroes)

    def door_state(self, open_ids: Iterable[str] = ()) -> int:
        """The door state (an int of open-door bits) in which exactly the doors named are open."""
        state = 0
        for did in open_ids:
            state |= self.door_by_id[did].bit
        return state

    def doors_at(self, cell: Cell) -> tuple[Door, ...]:
        """The doors for which `cell` is a front space (L485)."""
        return tuple(d for d in self.doors if cell in d.cells)

    def _area_links(self) -> dict[str, tuple[tuple[str, int], ...]]:
        """Area adjacency with every door passable: (neighbour, 0) for an open boundary, (neighbour, bit) through
        a door. Areas touching only at a corner are not adjacent: movement goes across a shared edge."""
        links: dict[str, dict[str, int]] = {a: {} for a in self.areas}
        for (x, y), here in self.area_of.items():
            for dx, dy in (DELTA["E"], DELTA["S"]):
                there = self.area_of.get((x + dx, y + dy))
                if there is None or there == here:
                    continue
                edge = (2 * x + 1 + dx, 2 * y + 1 + dy)
                if edge in self.walls:
                    continue
                bit = self._door_edges.get(edge, 0)
                links[here][there] = links[there][here] = bit
        return {a: tuple(sorted(nbs.items())) for a, nbs in links.items()}

    def area_neighbours(self, area: str, side: str, doors: int) -> tuple[str, ...]:
        """The areas a figure of `side` may step into from `area`: heroes only through open doors and airlocks,
        villains through any (L406 "Doors open and close automatically for Doktor SKAROV's Villains, but interrupt
        Hero movement"; ruling Q23, airlocks Q37)."""
        if side == VILLAINS:
            return tuple(nb for nb, _ in self._links[area])
        return tuple(nb for nb, bit in self._links[area] if bit == 0 or doors & bit)

    # ----- line of sight ----------------------------------------------------------------------

    def trace(self, a: Cell, b: Cell) -> Trace:
        """Trace the segment between the centres of `a` and `b` (uncached; see `los`).

        Doubled coordinates keep it exact: the segment meets the vertical grid lines and the horizontal ones in
        an order found by comparing integers. Between two lines it is inside one cell; at a line it crosses the
        inside of an edge, or passes exactly through a grid vertex (both lines at once). An edge that blocks
        blocks when crossed; at a vertex the segment is blocked only by a *pinch*: blocking edges there on both
        of its sides (a straight wall crossed at a joint, or an inside corner). A single wall whose end the
        segment grazes does not block (L424 "a straight line can be drawn").
        """
        if a == b:
            return Trace(False)
        ax, ay = a
        bx, by = b
        sx = (bx > ax) - (bx < ax)
        sy = (by > ay) - (by < ay)
        nx, ny = abs(bx - ax), abs(by - ay)
        wx, wy = (ny or 1), (nx or 1)       # vertical line k is met at (2k+1)*wx, horizontal line j at (2j+1)*wy
        walls, door_edges = self.walls, self._door_edges
        cx, cy = ax, ay
        i = j = 0
        doors = 0
        cells: list[Cell] = []
        while i < nx or j < ny:
            tx = (2 * i + 1) * wx if i < nx else None
            ty = (2 * j + 1) * wy if j < ny else None
            if tx is not None and ty is not None and tx == ty:
                vx, vy = 2 * cx + 1 + sx, 2 * cy + 1 + sy
                pos = neg = False
                door_side = 0
                door_bit = 0
                # the four edges at the vertex, each with the side of the segment it lies on
                for edge, s in (((vx, vy - 1), -sx), ((vx, vy + 1), sx), ((vx - 1, vy), sy), ((vx + 1, vy), -sy)):
                    if edge in walls:
                        if s > 0:
                            pos = True
                        else:
                            neg = True
                    elif edge in door_edges:
                        door_side, door_bit = s, door_edges[edge]
                if pos and neg:
                    return Trace(True)
                if door_bit and ((door_side > 0 and neg) or (door_side < 0 and pos)):
                    doors |= door_bit
                cx += sx
                cy += sy
                i += 1
                j += 1
            elif ty is None or (tx is not None and tx < ty):
                edge = (2 * cx + 1 + sx, 2 * cy + 1)
                if edge in walls:
                    return Trace(True)
                doors |= door_edges.get(edge, 0)
                cx += sx
                i += 1
            else:
                edge = (2 * cx + 1, 2 * cy + 1 + sy)
                if edge in walls:
                    return Trace(True)
                doors |= door_edges.get(edge, 0)
                cy += sy
                j += 1
            if (cx, cy) != b:
                cells.append((cx, cy))
        return Trace(False, doors, tuple(cells))

    def _line(self, a: Cell, b: Cell) -> tuple[int, tuple[Cell, ...]]:
        """The cached line a->b (traced once per unordered pair, stored both ways)."""
        found = self._lines.get((a, b))
        if found is None:
            t = self.trace(a, b)
            found = (BLOCKED, ()) if t.blocked else (t.doors, t.cells)
            self._lines[(a, b)] = found
            self._lines[(b, a)] = (found[0], tuple(reversed(found[1])))
        return found

    def los(self, a: Cell, b: Cell, doors: int, blockers: Any = None) -> bool:
        """A clear straight line from `a` to `b` with the doors of `doors` open (L424, L430). `blockers`: cells
        whose figures block the line (a ranged attack's enemies, L430); only cells whose inside the line
        crosses count, never the two ends or a cell touched at a corner."""
        found = self._lines.get((a, b)) or self._line(a, b)
        if found[0] & ~doors:
            return False
        if blockers:
            return not any(c in blockers for c in found[1])
        return True

    def ranged_los(self, a: Cell, b: Cell, doors: int, occupants: Mapping[Cell, str], side: str) -> bool:
        """Line of sight for a ranged attack by a figure of `side`: enemy figures on the way block, allies and the
        hostage do not (L430 "If no wall or closed door or enemy is in the line of sight … Allies do not block")."""
        return self.los(a, b, doors, enemy_cells(occupants, side))

    def adjacent(self, a: Cell, b: Cell, doors: int) -> bool:
        """Adjacent spaces (melee, push): next to each other, diagonals included, with a clear straight line
        (L424 "ADJACENT ONLY when a straight line can be drawn … If no wall or closed door is in the line")."""
        return chebyshev(a, b) == 1 and b in self.area_of and self.los(a, b, doors)

    def neighbours(self, cell: Cell, doors: int) -> tuple[Cell, ...]:
        """The spaces adjacent to `cell` (row-major)."""
        return tuple(c for c, need in self._around[cell] if not need & ~doors)

    def within(self, cell: Cell, reach: int, doors: int) -> tuple[Cell, ...]:
        """Spaces at most `reach` spaces away (Chebyshev) with a clear line, for effects "within n" (§3.3)."""
        x, y = cell
        return tuple(c for c in ((x + dx, y + dy) for dy in range(-reach, reach + 1)
                                 for dx in range(-reach, reach + 1) if dx or dy)
                     if c in self.area_of and self.los(cell, c, doors))

    # ----- movement -----------------------------------------------------------------------------

    def move_destinations(self, start: Cell, side: str, speed: int, occupants: Mapping[Cell, str], doors: int, *,
                          lights_barred: bool = True, enemy_stop: bool = True,
                          exit_stop: bool = True) -> tuple[Cell, ...]:
        """Every space a Move action can end on (row-major), per spec A.6 and rulings Q21-Q23, Q40.

        - L376 "Move through as many adjacent areas as the Speed value"; L372 "He moves to any Space in the end
          Area": breadth-first over areas, at most `speed` steps, ending on a free space of a reached area.
        - L378 "Exit the area you are in if an opponent is also in it … ends in an adjacent area even if you
          exceed the character's Speed value": from an area holding an enemy, exactly one step, any Speed (even 0).
        - L394 entering an area with an enemy ends the move; L395 an area full of allies cannot be a stop but can
          be crossed; an area holding an enemy cannot be crossed.
        - L405 "any unoccupied space in the final area": one figure per space; never the start area (that is
          Reposition, L384); light spaces only for Skarov before the Control Room opens (Q40: `lights_barred`).
        `enemy_stop=False` / `exit_stop=False` are for powers that waive those two rules.
        """
        area_of, areas, links = self.area_of, self.areas, self._links
        home = area_of[start]
        enemy_areas = {area_of[c] for c, who in occupants.items() if who != side and who != NEUTRAL}
        barred = self.light_cells if lights_barred else frozenset()
        closed = 0 if side == VILLAINS else ~doors          # the door bits this side cannot pass

        dest: list[Cell] = []
        if exit_stop and home in enemy_areas:
            for nb, bit in links[home]:
                if not bit & closed:
                    dest += [c for c in areas[nb].spaces if c not in occupants and c not in barred]
            return _row_major(dest)
        if speed < 1:
            return ()
        seen = {home}
        frontier = [home]
        for steps in range(speed):                         # breadth-first, one ring of areas per step
            ring = []
            for area in frontier:
                for nb, bit in links[area]:
                    if nb in seen or bit & closed:
                        continue
                    seen.add(nb)
                    dest += [c for c in areas[nb].spaces if c not in occupants and c not in barred]
                    if not (enemy_stop and nb in enemy_areas):  # an enemy area is a stop, never a way through
                        ring.append(nb)
            frontier = ring
        return _row_major(dest)

    def reposition_destinations(self, start: Cell, occupants: Mapping[Cell, str], *,
                                lights_barred: bool = True) -> tuple[Cell, ...]:
        """L388 "Place yourself in any unoccupied space of the area you are in" (allowed beside enemies, L384)."""
        barred = self.light_cells if lights_barred else frozenset()
        return tuple(c for c in self.areas[self.area_of[start]].spaces
                     if c != start and c not in occupants and c not in barred)

    def push_destinations(self, attacker: Cell, target: Cell, occupants: Mapping[Cell, str], doors: int, *,
                          lights_barred: bool = True) -> tuple[Cell, ...]:
        """One push step (L438 "push the target back into an adjacent space", ruling Q27): a free space adjacent
        to the target, farther from the attacker than the target is; never across a closed door (adjacency needs
        a clear line) nor onto a light space while they are barred (Q40)."""
        far = chebyshev(attacker, target)
        barred = self.light_cells if lights_barred else frozenset()
        return tuple(c for c in self.neighbours(target, doors)
                     if c not in occupants and c not in barred and chebyshev(attacker, c) > far)

    def area_steps(self, area: str, side: str, doors: int) -> dict[str, int]:
        """Area steps from `area` to every area `side` can walk to, figures ignored (distances for the AI)."""
        key = (area, side == VILLAINS, 0 if side == VILLAINS else doors)
        found = self._steps.get(key)
        if found is None:
            found = {area: 0}
            frontier = deque([area])
            while frontier:
                here = frontier.popleft()
                for nb in self.area_neighbours(here, side, doors):
                    if nb not in found:
                        found[nb] = found[here] + 1
                        frontier.append(nb)
            self._steps[key] = found
        return found


@dataclass(frozen=True)
class Sight:
    """Whether a line of sight is clear and, when not, why in plain words (what a player is told before acting).
    `door` is the id of the closed door in the way, `cell` the space of the enemy in the way."""

    clear: bool
    reason: str = ""
    door: str | None = None
    cell: Cell | None = None


WALL_WORDS = "a wall is in the way"
DOOR_WORDS = "a closed door is in the way"
AIRLOCK_WORDS = "a closed airlock is in the way"
ENEMY_WORDS = "an enemy is in the way"


def sight(base: Base, a: Cell, b: Cell, doors: int, occupants: Mapping[Cell, str] | None = None,
          side: str | None = None) -> Sight:
    """The line of sight from `a` to `b` and the first reason it is blocked, for showing before a player acts.

    Rulebook 004_fe7a1a573f931c0d.txt L424 (melee) "If no wall or closed door is in the line of sight … (setting
    elements do not block line of sight)"; L430 (ranged) "If no wall or closed door or enemy is in the line of
    sight, you may make a combat roll. Allies do not block line of sight." So the reasons are, in that order: a
    wall (or a solid space, or a pinch at a wall's joint, spec §3.3), a closed door or airlock, an enemy of `side`
    on a space whose inside the line crosses (with `occupants` and `side`; the hostage blocks nobody, ruling Q58).
    Same answer as `Base.los`/`Base.ranged_los`; pure, no state."""
    if a == b:
        return Sight(True)
    need, crossed = base._lines.get((a, b)) or base._line(a, b)
    if need & BLOCKED:
        return Sight(False, WALL_WORDS)
    closed = need & ~doors
    if closed:
        door = next(d for d in base.doors if d.bit & closed)
        return Sight(False, AIRLOCK_WORDS if door.kind == "airlock" else DOOR_WORDS, door=door.id)
    if occupants is not None and side is not None:
        enemies = enemy_cells(occupants, side)
        for c in crossed:
            if c in enemies:
                return Sight(False, ENEMY_WORDS, cell=c)
    return Sight(True)


def enemy_cells(occupants: Mapping[Cell, str], side: str) -> frozenset[Cell]:
    """The cells holding figures opposed to `side` (the hostage opposes nobody)."""
    return frozenset(c for c, who in occupants.items() if who != side and who != NEUTRAL)
