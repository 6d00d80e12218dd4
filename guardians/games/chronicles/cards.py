"""The chronicles content: `cards/chronicles/tiles.yaml` checked and turned into frozen definitions.

The rulebook prints no tile (L69 "9 double sided tiles"): every face is ours, described in
`docs/rules-notes/chronicles-content.md`. Field types come from the engine `Checker`; this module adds the
geometry a face must have for movement and line of sight to make sense (5×5 grids, 4-connected areas, sockets
that are spaces, marks on spaces, walls on real edges) and the marks each role needs (4 green start spaces on
an Entrance face, lights 1–8 on a Control Room face, one reinforcement space per hero count 1..4 elsewhere).
Every error is collected with file, line, face (or tile) id and field. No pygame here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from guardians.engine.content import (CardSet, Checker, ContentError, ContentErrors, Field, FolderBuild, line_of,
                                      opt, record_id)
from guardians.games.chronicles.rules.geometry import DELTA, SIDES, SIZE, SOCKETS, Cell, Edge, edge_cells, edge_of
from guardians.engine.words import counted

ROLES: tuple[str, ...] = ("entrance", "control", "objective", "trap")
MARK_KINDS: tuple[str, ...] = ("start", "check", "light", "reinforcement", "scenery", "hostage", "anchor")
# Marks that give a space a rule of its own: at most one of them per space.
EXCLUSIVE_MARKS: tuple[str, ...] = ("start", "check", "light", "reinforcement", "hostage")
# Marks that may sit on a solid cell (drawn, or pointed at by a room effect: "toward the magnet").
SOLID_OK_MARKS: tuple[str, ...] = ("scenery", "anchor")
# Which roles may carry which marks (spec §3.6: Entrance and Control Room faces carry no reinforcement).
MARK_ROLES: dict[str, tuple[str, ...]] = {
    "start": ("entrance",), "light": ("control",), "reinforcement": ("objective", "trap"),
    "hostage": ("objective",), "check": ROLES, "scenery": ROLES, "anchor": ROLES,
}

START_SPACES = 4            # L139 "the green spaces of the Entry tile"; at most 4 heroes (L59)
LIGHTS = 8                  # lights 1..8 on a Control Room face (L518)
HERO_COUNTS = (1, 2, 3, 4)  # L109-L111 reinforcement spaces "1+", "2+", "3+", "4+"
TILE_COUNT = 9              # L69 "9 double sided tiles"
OBJECTIVE_TILES = 7         # the tiles with an Objective face and a Trap face (L91-L93 needs 2 + 5)

GRID_CHARS = re.compile(r"^[A-Z#]+$")
NAME_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


# ----- definitions the rules read ---------------------------------------------------------------

@dataclass(frozen=True)
class Mark:
    """A special space of a face (or a solid cell, for scenery and anchors)."""

    at: Cell
    kind: str                       # one of MARK_KINDS
    check: str | None = None        # check: the id of the room card's check made here
    number: int | None = None       # light: 1..8
    heroes: int | None = None       # reinforcement: used when at least this many heroes play
    name: str | None = None         # scenery: the art drawn; anchor: the name room effects use


@dataclass(frozen=True)
class FaceDef:
    """One side of a tile, in its own (unrotated) coordinates: x east, y south, (0, 0) north-west."""

    id: str
    name: str
    tile: str
    role: str                       # entrance | control | objective | trap
    text: str
    grid: tuple[str, ...]           # SIZE rows of SIZE characters: an area letter or '#' (solid)
    areas: dict[str, str]           # letter -> area name
    walls: frozenset[Edge]          # internal walls, as doubled edge midpoints (rules/geometry.py)
    marks: tuple[Mark, ...]

    def letter(self, x: int, y: int) -> str | None:
        """The area letter of a local cell; None for a solid cell."""
        ch = self.grid[y][x]
        return None if ch == "#" else ch


@dataclass(frozen=True)
class TileDef:
    """A physical tile: two faces, one of them up in a base."""

    id: str
    faces: tuple[str, str]


@dataclass(frozen=True)
class TileSet:
    tiles: dict[str, TileDef]
    faces: dict[str, FaceDef]


@dataclass(frozen=True)
class ChroniclesContent:
    tiles: dict[str, TileDef]
    faces: dict[str, FaceDef]
    hash: str
    box: Any = None                  # the rest of the box (`content.Box`), None for a tiles-only folder


# ----- the schema -------------------------------------------------------------------------------

_TILE_FIELDS = [Field("id", str), Field("faces", list)]
_FACE_FIELDS = [
    Field("id", str), Field("name", str), Field("role", str, choices=ROLES), Field("text", str),
    Field("grid", list), Field("areas", dict), opt("walls", list), Field("marks", list),
]
_MARK_FIELDS: dict[str, list[Field]] = {
    "start": [], "hostage": [],
    "check": [Field("check", str)],
    "light": [Field("number", int, minimum=1, maximum=LIGHTS)],
    "reinforcement": [Field("heroes", int, minimum=HERO_COUNTS[0], maximum=HERO_COUNTS[-1])],
    "scenery": [Field("art", str)],
    "anchor": [Field("name", str)],
}


def _int(value: Any) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


def _cell(value: Any) -> Cell | None:
    """[x, y] with both inside the face, else None."""
    if isinstance(value, list) and len(value) == 2 and all(_int(v) and 0 <= v < SIZE for v in value):
        return value[0], value[1]
    return None


# ----- checking one face ------------------------------------------------------------------------

class _Face:
    """Checks one face record beyond field types and builds its FaceDef when it is sound."""

    def __init__(self, checker: Checker, data: dict, tile: str) -> None:
        self.checker = checker
        self.data = data
        self.fid = record_id(data)
        self.tile = tile
        self.grid: tuple[str, ...] | None = None
        self.walls: set[Edge] = set()
        self.marks: list[Mark] = []
        self.ok = True

    def error(self, field: str, message: str, line: int | None = None) -> None:
        self.checker.error(line if line is not None else line_of(self.data, field.split(".")[0]),
                           self.fid, field, message)
        self.ok = False

    def check(self) -> FaceDef | None:
        self.ok = self.checker.record(self.data, _FACE_FIELDS, self.fid, line_of(self.data))
        self._grid()
        self._areas()
        self._walls()
        self._marks()
        if self.grid is not None:
            self._geometry()
        if not self.ok or self.grid is None:
            return None
        d = self.data
        return FaceDef(id=d["id"], name=d["name"], tile=self.tile, role=d["role"], text=d["text"], grid=self.grid,
                       areas={k: v for k, v in d["areas"].items()}, walls=frozenset(self.walls),
                       marks=tuple(self.marks))

    def space(self, cell: Cell) -> bool:
        return self.grid is not None and self.grid[cell[1]][cell[0]] != "#"

    def _grid(self) -> None:
        rows = self.data.get("grid")
        if not isinstance(rows, list):
            return
        if len(rows) != SIZE:
            self.error("grid", f"a face is {SIZE} rows of {SIZE} cells, found {len(rows)} rows")
            return
        for y, row in enumerate(rows):
            if not isinstance(row, str) or len(row) != SIZE:
                self.error("grid", f"row {y} must be a string of {SIZE} characters, got {row!r}")
                return
            if not GRID_CHARS.match(row):
                self.error("grid", f"row {y} {row!r}: each cell is an area letter A-Z or '#' (solid)")
                return
        self.grid = tuple(rows)

    def _areas(self) -> None:
        areas = self.data.get("areas")
        if not isinstance(areas, dict):
            return
        for letter, name in areas.items():
            line = line_of(areas, letter)
            if not (isinstance(letter, str) and len(letter) == 1 and "A" <= letter <= "Z"):
                self.error("areas", f"area keys are single letters A-Z, got {letter!r}", line)
            elif not isinstance(name, str) or not name.strip():
                self.error("areas", f"area {letter} needs a name", line)
        if self.grid is None:
            return
        used = {ch for row in self.grid for ch in row if ch != "#"}
        for letter in sorted(used - set(areas)):
            self.error("areas", f"area {letter} is in the grid but has no name here")
        for letter in sorted(set(k for k in areas if isinstance(k, str)) - used):
            self.error("areas", f"area {letter} is named but not in the grid", line_of(areas, letter))

    def _walls(self) -> None:
        walls = self.data.get("walls", [])
        if not isinstance(walls, list):
            return
        line = line_of(self.data, "walls")
        for wall in walls:
            if not (isinstance(wall, list) and len(wall) == 3 and _cell(wall[:2]) is not None
                    and wall[2] in SIDES):
                self.error("walls", f"a wall is [x, y, side] with x, y in 0..{SIZE - 1} and side N|E|S|W, "
                                    f"got {wall!r}", line)
                continue
            x, y, side = wall
            edge = edge_of(x, y, side)
            shown = f"[{x}, {y}, {side}]"
            inside = [c for c in edge_cells(edge) if 0 <= c[0] < SIZE and 0 <= c[1] < SIZE]
            if len(inside) < 2:
                self.error("walls", f"wall {shown} is on the tile's border, which is a wall already", line)
            elif edge in self.walls:
                self.error("walls", f"wall {shown} is listed twice (the same edge seen from both cells)", line)
            elif self.grid is not None and not all(self.space(c) for c in inside):
                self.error("walls", f"wall {shown} touches a solid cell, whose edges are walls already", line)
            else:
                self.walls.add(edge)

    def _marks(self) -> None:
        marks = self.data.get("marks")
        if not isinstance(marks, list):
            return
        role = self.data.get("role")
        taken: dict[Cell, str] = {}
        seen: set[tuple[Cell, str]] = set()
        for mark in marks:
            line = line_of(mark) or line_of(self.data, "marks")
            if not isinstance(mark, dict):
                self.error("marks", f"a mark is a mapping {{at, kind, ...}}, got {mark!r}", line)
                continue
            kind = mark.get("kind")
            if kind not in MARK_KINDS:
                self.error("marks.kind", f"mark kind {kind!r} is not one of {', '.join(MARK_KINDS)}",
                           line_of(mark, "kind"))
                continue
            fields = [Field("at", list), Field("kind", str), *_MARK_FIELDS[kind]]
            if not self.checker.record(mark, fields, self.fid, line):
                self.ok = False
                continue
            at = _cell(mark["at"])
            if at is None:
                self.error("marks.at", f"a mark's at is [x, y] inside the face (0..{SIZE - 1}), got {mark['at']!r}",
                           line_of(mark, "at"))
                continue
            for key in ("check", "art", "name"):
                if key in mark and not NAME_PATTERN.match(mark[key]):
                    self.error(f"marks.{key}", f"{mark[key]!r} must be lower_snake_case", line_of(mark, key))
            if role in ROLES and role not in MARK_ROLES[kind]:
                self.error("marks.kind", f"a {role} face has no {kind} marks", line_of(mark, "kind"))
            if self.grid is not None and not self.space(at) and kind not in SOLID_OK_MARKS:
                self.error("marks.at", f"{kind} mark at {list(at)} is on a solid cell", line_of(mark, "at"))
            if (at, kind) in seen:
                self.error("marks.at", f"two {kind} marks at {list(at)}", line_of(mark, "at"))
            seen.add((at, kind))
            if kind in EXCLUSIVE_MARKS:
                if at in taken and taken[at] != kind:
                    self.error("marks.at", f"{kind} mark at {list(at)} shares the space with a {taken[at]} mark",
                               line_of(mark, "at"))
                taken[at] = kind
            self.marks.append(Mark(at=at, kind=kind, check=mark.get("check"), number=mark.get("number"),
                                   heroes=mark.get("heroes"), name=mark.get("art", mark.get("name"))))
        self._role_marks()

    def _role_marks(self) -> None:
        role = self.data.get("role")
        line = line_of(self.data, "marks")
        if role == "entrance":
            starts = sum(1 for m in self.marks if m.kind == "start")
            if starts != START_SPACES:
                self.error("marks", f"an entrance face has exactly {START_SPACES} start marks, found {starts}", line)
        elif role == "control":
            numbers = sorted(m.number for m in self.marks if m.kind == "light" and m.number is not None)
            if numbers != list(range(1, LIGHTS + 1)):
                self.error("marks", f"a control face has lights numbered 1..{LIGHTS} once each, found {numbers}",
                           line)
        elif role in ("objective", "trap"):
            counts = sorted(m.heroes for m in self.marks if m.kind == "reinforcement" and m.heroes is not None)
            if counts != list(HERO_COUNTS):
                self.error("marks", f"an {role} face has one reinforcement mark for each of 1..4 heroes, "
                                    f"found {counts}", line)

    def _geometry(self) -> None:
        """Areas are 4-connected across open edges with at least 2 spaces; sockets are spaces; the face is one
        walkable room (every area reaches every other inside the tile)."""
        grid = self.grid
        assert grid is not None
        line = line_of(self.data, "grid")
        for side, (x, y) in SOCKETS.items():
            if grid[y][x] == "#":
                self.error("grid", f"the {side} socket ({x}, {y}) must be a space (doors go there)", line)
        cells: dict[str, list[Cell]] = {}
        for y, row in enumerate(grid):
            for x, ch in enumerate(row):
                if ch != "#":
                    cells.setdefault(ch, []).append((x, y))

        def open_steps(cell: Cell) -> list[Cell]:
            x, y = cell
            out = []
            for side in SIDES:
                nx, ny = x + DELTA[side][0], y + DELTA[side][1]
                if 0 <= nx < SIZE and 0 <= ny < SIZE and grid[ny][nx] != "#" \
                        and edge_of(x, y, side) not in self.walls:
                    out.append((nx, ny))
            return out

        def reach(start: Cell, same_area: bool) -> set[Cell]:
            seen, todo = {start}, [start]
            while todo:
                cell = todo.pop()
                for nxt in open_steps(cell):
                    if nxt not in seen and (not same_area or grid[nxt[1]][nxt[0]] == grid[start[1]][start[0]]):
                        seen.add(nxt)
                        todo.append(nxt)
            return seen

        for letter, spaces in sorted(cells.items()):
            if len(spaces) < 2:
                self.error("grid", f"area {letter} has {len(spaces)} space; an area has at least 2", line)
            elif len(reach(spaces[0], True)) != len(spaces):
                self.error("grid", f"area {letter} is not 4-connected across open edges (a wall or solid "
                                   "cell splits it)", line)
        every = [c for spaces in cells.values() for c in spaces]
        if every and len(reach(every[0], False)) != len(every):
            where = "walls" if self.walls else "grid"
            self.error(where, "the face falls apart: some areas cannot be walked to from the others")


# ----- the file ---------------------------------------------------------------------------------

def _roles_pair(roles: tuple[str, str]) -> bool:
    """L91-L93: the Entrance and the Control Room are whole tiles; the other tiles are Objective | Trap."""
    return roles in (("entrance", "entrance"), ("control", "control")) or sorted(roles) == ["objective", "trap"]


class _Build(FolderBuild[ChroniclesContent]):
    """One pass over a content folder (or one tiles file): errors collected, definitions built if none."""

    def run(self) -> ChroniclesContent | None:
        tiles = self.tiles("tiles.yaml", box=True)
        if tiles is None or self.errors:
            return None
        from guardians.games.chronicles.content import build_box
        box = build_box(self, tiles)
        if box is None or self.errors:
            return None
        return ChroniclesContent(tiles.tiles, tiles.faces, content_hash(self.root), box)

    def tiles(self, name: str, box: bool) -> TileSet | None:
        """Read and check one tiles file. `box`: also check the box's make-up (9 tiles: one Entrance, one
        Control Room, seven Objective/Trap) — test fixtures are sound faces without being a whole box."""
        read = self.read_key(name, "tiles")
        if read is None:
            return None
        display, line, listed = read
        checker = Checker(display)
        tiles: dict[str, TileDef] = {}
        faces: dict[str, FaceDef] = {}
        kinds: list[tuple[str, ...]] = []
        for tile in listed:
            tid = record_id(tile)
            if not checker.record(tile, _TILE_FIELDS, tid, line_of(tile) or line):
                continue
            self.check_id(checker, tile)
            records = tile["faces"]
            if len(records) != 2:
                checker.error(line_of(tile, "faces"), tid, "faces",
                              f"a tile has exactly two faces, found {len(records)}")
            built: list[FaceDef | None] = []
            for record in records:
                if not isinstance(record, dict):
                    checker.error(line_of(tile, "faces"), tid, "faces", f"a face is a mapping, got {record!r}")
                    continue
                self.check_id(checker, record)
                built.append(_Face(checker, record, tid).check())
            roles = tuple(r.get("role") for r in records if isinstance(r, dict))
            if len(roles) == 2 and all(r in ROLES for r in roles):
                if not _roles_pair(roles):  # type: ignore[arg-type]
                    checker.error(line_of(tile, "faces"), tid, "faces",
                                  f"a tile's faces are entrance+entrance, control+control or objective+trap, "
                                  f"found {'+'.join(roles)}")
                kinds.append(tuple(sorted(roles)))
            if len(built) == 2 and all(built):
                tiles[tid] = TileDef(tid, (built[0].id, built[1].id))  # type: ignore[union-attr]
                faces.update({f.id: f for f in built})  # type: ignore[union-attr]
        if box:
            self._box(checker, kinds, line)
        self.errors.extend(checker.errors)
        return TileSet(tiles, faces) if not checker.errors else None

    @staticmethod
    def _box(checker: Checker, kinds: list[tuple[str, ...]], line: int) -> None:
        if len(kinds) != TILE_COUNT:
            checker.error(line, None, "tiles", f"the box holds {TILE_COUNT} tiles, found {len(kinds)}")
        want = {("entrance", "entrance"): 1, ("control", "control"): 1, ("objective", "trap"): OBJECTIVE_TILES}
        for pair, count in want.items():
            found = kinds.count(pair)
            if found != count:
                tiles = counted(count, "+".join(pair) + " tile")
                checker.error(line, None, "tiles", f"the box holds {tiles}, found {found}")


def load_tiles(path: Path) -> TileSet:
    """A tiles file on its own (test fixtures): every face checked, the box's make-up not. Raises
    ContentErrors listing every problem."""
    build = _Build(Path(path).parent)
    tiles = build.tiles(Path(path).name, box=False)
    if tiles is None:
        raise ContentErrors(build.errors or [ContentError(str(path), None, None, None, "no tiles")])
    return tiles


# ----- public interface -------------------------------------------------------------------------

CARD_SET: CardSet[ChroniclesContent] = CardSet("chronicles", _Build.check)

validate = CARD_SET.validate            # every problem in the folder; [] when it is valid
load_content = CARD_SET.load            # the checked content (the default folder once); ContentErrors if not
content_hash = CARD_SET.hash            # the hash over the folder's *.yaml files (saves record it)
