"""Board geometry: rotation, layouts, doors, adjacency and the straight-line rule.

Rulebook: 004_fe7a1a573f931c0d.txt. L424 melee: "Two characters in ADJACENT spaces are considered adjacent ONLY
when a straight line can be drawn from the active character's space to the target's space. If no wall or closed
door is in the line of sight"; L430 ranged: "no wall or closed door or enemy … Allies do not block line of sight";
L500 "When a door is open, Spaces on the other side become adjacent." Spec §3.3, tests T9-T11; rulings Q25, Q26,
Q37 in docs/rules-notes/chronicles.md.
"""

from __future__ import annotations

import itertools
import random

import pytest

from guardians.games.chronicles.rules.board import (HEROES, NEUTRAL, VILLAINS, Base, DoorSpec, Layout, LayoutError,
                                                    Placement, chebyshev, rotated)
from guardians.games.chronicles.rules.geometry import SOCKETS, rotate_cell

from .helpers import fixture_faces, fx_door, one_tile, shipped_3x3, shipped_faces

# ----- T9: the straight line (fixture FX-LOS) ----------------------------------------------------------


@pytest.fixture(scope="module")
def fx_los() -> Base:
    """FX-LOS: one area; walls on the east edges of (1,1), (1,2) (x = 2 from y = 1 to 3) and on the north edges
    of (3,3), (4,3) (y = 3 from x = 3 to 5)."""
    return one_tile("fx_los")


@pytest.mark.parametrize("a, b, clear", [
    ((0, 1), (3, 1), False),    # crosses the wall x = 2
    ((1, 0), (2, 1), True),     # grazes the wall's north end: not blocked
    ((1, 3), (2, 2), True),     # grazes its south end
    ((3, 3), (4, 2), False),    # crosses the straight wall y = 3 at its joint (4, 3): walls on both sides
    ((3, 2), (3, 3), False),    # crosses the wall y = 3
    ((0, 0), (4, 4), False),    # passes (2, 2), where the wall x = 2 runs on both sides of the line
])
def test_t9_straight_line(fx_los, a, b, clear):
    """004_fe7a1a573f931c0d.txt L424 "a straight line can be drawn … If no wall or closed door is in the line"
    (spec T9, ruling Q25: crossing a wall blocks, grazing a wall's end does not, a pinch at a vertex blocks)."""
    assert fx_los.los(a, b, 0) is clear
    assert fx_los.los(b, a, 0) is clear


def test_t9_grazing_a_wall_end_leaves_spaces_adjacent(fx_los):
    """004_fe7a1a573f931c0d.txt L424: (1,0) and (2,1) touch diagonally at the wall's end; the line is clear, so
    they are adjacent for melee. Across the wall, (1,1) and (2,1) are not."""
    assert fx_los.adjacent((1, 0), (2, 1), 0)
    assert not fx_los.adjacent((1, 1), (2, 1), 0)
    assert not fx_los.adjacent((1, 1), (2, 2), 0)      # the diagonal crosses the middle of the wall: pinch
    assert (2, 1) not in fx_los.neighbours((1, 1), 0)


def test_an_inside_corner_pinches_but_an_outside_corner_does_not():
    """Spec §3.3 "two walls meeting around the line" block: serum_lab walls the north and east sides of (3,3).
    A diagonal into that corner is blocked; one passing the corner's outside is not."""
    base = one_tile("serum_lab", faces=shipped_faces())
    assert not base.los((4, 2), (3, 3), 0)      # through the corner vertex (4, 3), between the two walls
    assert not base.los((3, 2), (3, 3), 0)      # through the north wall
    assert base.los((2, 4), (3, 3), 0)          # inside the safe
    assert base.los((2, 2), (1, 2), 0)


# ----- T10, T11: ranged lines and melee across areas --------------------------------------------------

def test_t10_enemies_block_a_ranged_line_allies_do_not():
    """004_fe7a1a573f931c0d.txt L430 "If no wall or closed door or enemy is in the line of sight, you may make a
    combat roll. Allies do not block line of sight." (spec T10, ruling Q26). FX-ROW row 4 has no walls."""
    base = one_tile("fx_row")
    shooter, target = (0, 4), (4, 4)
    assert base.ranged_los(shooter, target, 0, {shooter: HEROES, target: VILLAINS, (2, 4): VILLAINS}, HEROES) is False
    assert base.ranged_los(shooter, target, 0, {shooter: HEROES, target: VILLAINS, (2, 4): HEROES}, HEROES) is True
    assert base.ranged_los(shooter, target, 0, {shooter: HEROES, target: VILLAINS, (2, 4): NEUTRAL}, HEROES) is True
    # a villain shooting a hero: the heroes are its enemies
    assert base.ranged_los(target, shooter, 0, {shooter: HEROES, target: VILLAINS, (2, 4): HEROES}, VILLAINS) is False
    # the plain line (melee, checks) ignores figures
    assert base.los(shooter, target, 0)


def test_t10_corner_contact_does_not_block():
    """004_fe7a1a573f931c0d.txt L430 (ruling Q26): enemies on (1,0) and (0,1) touch the diagonal (0,0)->(1,1)
    only at a corner, so they do not block it; an enemy on a crossed cell does."""
    base = one_tile("fx_los")
    occupants = {(0, 0): HEROES, (1, 1): VILLAINS, (1, 0): VILLAINS, (0, 1): VILLAINS}
    assert base.ranged_los((0, 0), (1, 1), 0, occupants, HEROES)
    row = one_tile("fx_row")
    assert row.trace((0, 2), (2, 4)).cells == ((1, 3),)
    assert not row.ranged_los((0, 2), (2, 4), 0, {(1, 3): VILLAINS}, HEROES)
    assert row.ranged_los((0, 2), (2, 4), 0, {(1, 2): VILLAINS, (0, 3): VILLAINS}, HEROES)
    # a shallow line crosses the insides of every cell it passes, in order
    assert row.trace((0, 2), (4, 3)).cells == ((1, 2), (2, 2), (2, 3), (3, 3))


def test_t11_melee_across_areas():
    """004_fe7a1a573f931c0d.txt L424 "a target in an adjacent space (even if the two of you are not in the same
    Area)": FX-ROW A(0,3) and B(1,3) are adjacent."""
    base = one_tile("fx_row")
    assert base.area_of[(0, 3)] != base.area_of[(1, 3)]
    assert base.adjacent((0, 3), (1, 3), 0)
    assert base.adjacent((0, 3), (1, 2), 0)
    assert not base.adjacent((0, 3), (2, 3), 0)       # two spaces away
    assert not base.adjacent((0, 1), (1, 1), 0)       # (1, 1) is solid
    assert not base.adjacent((0, 2), (1, 1), 0)


def test_solid_cells_block_lines():
    """Spec §3.3: a solid cell's edges block like walls; a line through its corner into it is pinched."""
    base = one_tile("fx_row")
    assert not base.los((0, 0), (2, 0), 0)            # through (1, 0), solid
    assert not base.los((0, 2), (2, 0), 0)            # through the corner of (1, 1) into it
    assert base.los((0, 2), (2, 2), 0)


def test_scenery_never_blocks():
    """004_fe7a1a573f931c0d.txt L424 "(setting elements do not block line of sight)": scenery marks on spaces
    change nothing; the throne at (2,3) of the Throne of Skarov sits on the dais."""
    base = one_tile("throne_of_skarov", faces=shipped_faces())
    assert any(m.kind == "scenery" for m in base.marks_at((2, 3)))
    assert base.los((2, 4), (2, 2), 0) and base.los((1, 3), (3, 3), 0)


def test_within_is_chebyshev_with_a_clear_line(fx_los):
    """Spec §3.3: "within n spaces" = Chebyshev distance with a clear line."""
    near = fx_los.within((1, 1), 1, 0)
    assert (2, 1) not in near and (2, 2) not in near and (0, 0) in near and (1, 2) in near
    assert len(fx_los.within((0, 4), 4, 0)) == 24 - sum(not fx_los.los((0, 4), c, 0) for c in fx_los.cells
                                                        if c != (0, 4))
    assert chebyshev((0, 0), (3, 1)) == 3


# ----- doors and airlocks -----------------------------------------------------------------------

def test_an_open_door_joins_spaces_a_closed_one_does_not():
    """004_fe7a1a573f931c0d.txt L500 "When a door is open, Spaces on the other side become adjacent."; L424 a
    closed door in the line blocks melee. FX-DOOR's door joins L(4,2) and R(0,2) = global (5,2)."""
    base = fx_door()
    door = base.doors[0]
    assert door.cells == ((4, 2), (5, 2)) and base.doors_at((5, 2)) == (door,)
    closed, opened = 0, door.bit
    assert not base.adjacent((4, 2), (5, 2), closed) and base.adjacent((4, 2), (5, 2), opened)
    assert not base.los((3, 2), (7, 2), closed) and base.los((3, 2), (7, 2), opened)
    assert base.initial_doors == closed and base.door_state(["d1"]) == opened


def test_a_closed_door_pinches_with_the_tile_border():
    """Spec A.6: a closed door plus the tile border form a pinch at the door's end vertex. (4,1)->(5,2) passes
    the vertex at the door's north end: clear while the door is open, blocked while it is closed."""
    base = fx_door()
    bit = base.doors[0].bit
    assert base.trace((4, 1), (5, 2)).doors == bit
    assert base.los((4, 1), (5, 2), bit) and not base.los((4, 1), (5, 2), 0)
    assert base.adjacent((4, 1), (5, 2), bit)
    # R's passage is walled north and south: its corners pinch whatever the door does
    assert not base.los((4, 2), (5, 1), bit) and not base.los((4, 2), (5, 3), bit)
    # anywhere else on the shared border there is no door: always blocked
    assert not base.los((4, 0), (5, 0), bit) and not base.los((4, 0), (5, 1), bit)


def test_area_adjacency_through_doors_depends_on_the_side():
    """004_fe7a1a573f931c0d.txt L406 "Doors open and close automatically for Doktor SKAROV's Villains, but
    interrupt Hero movement." and L500 (ruling Q23)."""
    base = fx_door()
    bit = base.doors[0].bit
    assert base.area_neighbours("fx_door_l.H", HEROES, 0) == ("fx_door_l.G",)
    assert set(base.area_neighbours("fx_door_l.H", HEROES, bit)) == {"fx_door_l.G", "fx_door_r.B"}
    assert set(base.area_neighbours("fx_door_l.H", VILLAINS, 0)) == {"fx_door_l.G", "fx_door_r.B"}
    assert base.area_neighbours("fx_door_r.B", HEROES, bit) == ("fx_door_l.H", "fx_door_r.D")
    assert base.area_neighbours("fx_door_r.B", HEROES, 0) == ("fx_door_r.D",)
    assert base.area_steps("fx_door_l.G", HEROES, 0) == {"fx_door_l.G": 0, "fx_door_l.H": 1}
    assert base.area_steps("fx_door_l.G", VILLAINS, 0)["fx_door_r.E"] == 4


def test_airlocks_stop_heroes_and_lines_until_open_and_let_villains_through():
    """Ruling Q37 (the airlock tokens of L75 are not explained): an airlock is a door that cannot be checked until
    its condition holds; villains pass it; closed, it blocks heroes and lines of sight."""
    base = fx_door("airlock")
    door = base.doors[0]
    assert door.kind == "airlock" and door.locked_until == "showdown"
    assert base.area_neighbours("fx_door_l.H", HEROES, 0) == ("fx_door_l.G",)
    assert "fx_door_r.B" in base.area_neighbours("fx_door_l.H", VILLAINS, 0)
    assert not base.los((4, 2), (5, 2), 0) and base.los((4, 2), (5, 2), door.bit)


# ----- rotation -------------------------------------------------------------------------------------

def test_a_face_turned_four_times_is_itself():
    for face in shipped_faces().values():
        turned = face
        for _ in range(4):
            turned = rotated(turned, 90)
        assert turned == face
        assert rotated(rotated(face, 90), 270) == face and rotated(rotated(face, 180), 180) == face
        assert rotated(face, 0) is face


@pytest.mark.parametrize("rot", [90, 180, 270])
def test_sockets_stay_sockets(rot):
    """Spec §3.3: sockets are the middles of the sides, so a turned tile still has its sockets on sockets."""
    assert {rotate_cell(x, y, rot) for x, y in SOCKETS.values()} == set(SOCKETS.values())
    for face in shipped_faces().values():
        turned = rotated(face, rot)
        for x, y in SOCKETS.values():
            assert turned.letter(x, y) is not None, (face.id, rot)


def test_a_quarter_turn_is_clockwise():
    face = fixture_faces()["fx_door_r"]
    turned = rotated(face, 90)
    assert turned.grid[0] == "FFBEE"        # the west column, read south to north, becomes the north row
    assert rotate_cell(0, 0, 90) == (4, 0) and rotate_cell(4, 0, 90) == (4, 4)


@pytest.mark.parametrize("face_id", ["gas_chamber", "hostage_cell", "serum_lab", "crusher_hall", "cave_mouth"])
def test_lines_and_areas_turn_with_the_tile(face_id):
    """Turning a tile turns its geometry and nothing else: every line of sight and every area adjacency of the
    turned tile is the one of the unturned tile at the turned cells."""
    faces = shipped_faces()
    plain = one_tile(face_id, faces=faces)
    for rot in (90, 180, 270):
        turned = one_tile(face_id, rot, faces=faces)
        move = {c: rotate_cell(*c, rot) for c in plain.cells}
        assert {move[c]: a.split(".")[1] for c, a in plain.area_of.items()} == \
            {c: a.split(".")[1] for c, a in turned.area_of.items()}
        for a, b in itertools.combinations(plain.cells, 2):
            assert plain.los(a, b, 0) == turned.los(move[a], move[b], 0), (rot, a, b)
        for area in plain.areas:
            assert plain.area_neighbours(area, HEROES, 0) == turned.area_neighbours(area, HEROES, 0)


# ----- the shipped 3×3 base ------------------------------------------------------------------------

def test_los_is_symmetric_over_every_pair_of_a_shipped_3x3_base():
    """A straight line is the same line both ways: over every pair of spaces of a 9-tile base, tracing a->b and
    b->a agrees on walls, on the doors that would block it and on the cells it crosses."""
    base = shipped_3x3()
    assert len(base.cells) > 180
    for a, b in itertools.combinations(base.cells, 2):
        there, back = base.trace(a, b), base.trace(b, a)
        assert there.blocked == back.blocked, (a, b)
        if not there.blocked:
            assert there.doors == back.doors and there.cells == tuple(reversed(back.cells)), (a, b)


def test_los_symmetry_with_doors_and_figures():
    base = shipped_3x3()
    rng = random.Random(4)
    cells = list(base.cells)
    for _ in range(200):
        doors = rng.getrandbits(len(base.doors))
        occupants = {c: rng.choice((HEROES, VILLAINS, NEUTRAL)) for c in rng.sample(cells, 25)}
        a, b = rng.sample(cells, 2)
        assert base.los(a, b, doors) == base.los(b, a, doors)
        assert base.ranged_los(a, b, doors, occupants, HEROES) == base.ranged_los(b, a, doors, occupants, HEROES)


def test_shipped_3x3_base_is_built_as_laid_out():
    base = shipped_3x3()
    assert len(base.faces) == 9 and len(base.doors) == 9
    assert base.door_by_id["cr"].kind == "airlock" and base.door_by_id["cr"].locked_until == "showdown"
    assert len(base.start_cells) == 4 and all(base.face_of[c] == "cave_mouth" for c in base.start_cells)
    assert sorted(base.lights) == list(range(1, 9))
    assert all(base.face_of[c] == "command_center" for c in base.lights.values())
    assert len(base.cells) + len(base.solid) == 15 * 15
    # every area can be walked to by a villain; the heroes need the doors open
    start = base.area_of[base.start_cells[0]]
    assert set(base.area_steps(start, VILLAINS, 0)) == set(base.areas)
    assert set(base.area_steps(start, HEROES, base.all_open)) == set(base.areas)
    assert set(base.area_steps(start, HEROES, 0)) == {a for a in base.areas if a.startswith("cave_mouth.")}


def test_every_door_sits_on_two_sockets_of_neighbouring_tiles():
    base = shipped_3x3()
    for door in base.doors:
        (c1, r1), (c2, r2) = door.tiles
        assert abs(c1 - c2) + abs(r1 - r2) == 1
        for cell, (c, r) in zip(door.cells, sorted(door.tiles)):
            local = (cell[0] - 5 * c, cell[1] - 5 * r)
            assert local in SOCKETS.values() and base.is_space(cell)


def test_marks_are_placed_in_global_coordinates():
    base = shipped_3x3()
    placed = base.faces["magnet_lab"]
    assert placed.origin == (5, 10) and placed.rot == 270
    magnet = [m for m in placed.marks if m.kind == "anchor"]
    assert [m.at for m in magnet] == [(7, 12)]         # the centre stays the centre
    switch = next(m for m in placed.marks if m.kind == "check")
    assert switch.at == (5 + 4, 10 + 0)                # local (4,4) turned 270° clockwise is (4,0)


# ----- X1's board part: reinforcement spaces ------------------------------------------------------

def test_x1_reinforcement_spaces_by_hero_count():
    """004_fe7a1a573f931c0d.txt L109-L111 "Each reinforcement space states the number of Heroes it should be used
    with … In a 2-player game, use the 1+ and 2+ squares, but not 3+." (spec X1, fixture FX-REINF)."""
    base = one_tile("fx_reinf")
    assert base.reinforcement_spaces("fx_reinf", 1) == ((0, 0),)
    assert base.reinforcement_spaces("fx_reinf", 2) == ((0, 0), (1, 0))
    assert base.reinforcement_spaces("fx_reinf", 4) == ((0, 0), (1, 0), (2, 0), (3, 0))


# ----- layouts that cannot be a base ----------------------------------------------------------------

def _problems(tiles, doors=()) -> list[str]:
    with pytest.raises(LayoutError) as raised:
        Base(Layout(tuple(tiles), tuple(doors)), fixture_faces())
    return raised.value.problems


L, R = Placement("fx_door_l", (0, 0)), Placement("fx_door_r", (1, 0))


@pytest.mark.parametrize("tiles, doors, words", [
    ([L, Placement("fx_row", (0, 0))], [], "overlap at tile [0, 0]"),
    ([L, Placement("fx_hall", (1, 0))], [DoorSpec(((0, 0), (1, 0)))], "are the two faces of tile fx2"),
    ([L, Placement("fx_row", (2, 0))], [DoorSpec(((0, 0), (2, 0)))], "are not side by side"),
    ([L, R], [DoorSpec(((0, 0), (0, 1)))], "there is no tile at [0, 1]"),
    ([L, R], [DoorSpec(((0, 0), (1, 0))), DoorSpec(((1, 0), (0, 0)))], "already hold d1"),
    ([L, R], [], "is not joined to fx_door_l through doors"),
    ([L, R, Placement("fx_row", (1, 1))], [DoorSpec(((0, 0), (1, 0)))], "fx_row at [1, 1] is not joined"),
    ([Placement("fx_row", (0, 0), 45)], [], "rot 45 is not one of"),
    ([Placement("nowhere", (0, 0))], [], "unknown face 'nowhere'"),
    ([Placement("fx_row", (-1, 0))], [], "must be [col, row] with col, row >= 0"),
    ([L, R], [DoorSpec(((0, 0), (1, 0)), "door", False, "showdown")], "only airlocks have locked_until"),
    ([L, R], [DoorSpec(((0, 0), (1, 0)), "airlock", False, "later")], "locked_until 'later' is not"),
    ([L, R], [DoorSpec(((0, 0), (1, 0)), "hatch")], "kind 'hatch' is not door or airlock"),
    ([L, R], [DoorSpec(((0, 0), (1, 0)), id="x"), DoorSpec(((1, 0), (1, 1)), id="x")], "door id 'x' is used twice"),
    ([], [], "a base has at least one tile"),
])
def test_bad_layouts_are_refused(tiles, doors, words):
    problems = _problems(tiles, doors)
    assert any(words in p for p in problems), problems


def test_token_counts_are_the_box_s():
    """004_fe7a1a573f931c0d.txt L75 "9 door tokens and 5 airlock tokens"."""
    tiles = [Placement(f, (i, 0)) for i, f in enumerate(["fx_row", "fx_door_l", "fx_door_r", "fx_control"])]
    many = [DoorSpec(((i, 0), (i + 1, 0)), "airlock", id=f"a{i}") for i in range(3)]
    assert Base(Layout(tuple(tiles), tuple(many)), fixture_faces())
    problems = _problems(tiles, many * 2)     # counted whatever else is wrong (here: each edge twice)
    assert any("6 airlock tokens; the box has 5" in p for p in problems)


def test_layout_from_plain_data():
    layout = Layout.from_data({"tiles": [{"face": "fx_door_l", "at": [0, 0]}, {"face": "fx_door_r", "at": [1, 0],
                                                                                "rot": 180}],
                               "doors": [{"between": [[0, 0], [1, 0]], "open": True}]})
    base = Base(layout, fixture_faces())
    assert base.initial_doors == base.doors[0].bit and base.doors[0].id == "d1"
    # R turned 180°: its walled passage now ends at the east socket, its west socket is in area E (was D)
    assert base.area_of[(5, 2)] == "fx_door_r.D"


# ----- an independent oracle for the straight line ---------------------------------------------------

def _oracle(base: Base, a, b, doors: int) -> tuple[bool, set]:
    """Spec §3.3 read literally, by brute force over every blocking edge and cell (exact fractions): blocked if
    the segment crosses an edge's inside, or passes a vertex with blocking edges on both of its sides; the cells
    whose open square the segment meets, ends excluded."""
    from fractions import Fraction

    px, py, qx, qy = 2 * a[0] + 1, 2 * a[1] + 1, 2 * b[0] + 1, 2 * b[1] + 1
    dx, dy = qx - px, qy - py
    x_lo, x_hi, y_lo, y_hi = min(px, qx), max(px, qx), min(py, qy), max(py, qy)
    blocking = {(ex, ey) for ex, ey in set(base.walls) | {d.edge for d in base.doors if not d.bit & doors}
                if x_lo - 1 <= ex <= x_hi + 1 and y_lo - 1 <= ey <= y_hi + 1}    # only these can meet the segment

    def side(vx, vy) -> int:                      # which side of the segment's line a point lies on
        c = dx * (vy - py) - dy * (vx - px)
        return (c > 0) - (c < 0)

    vertices: dict[tuple[int, int], set[int]] = {}
    for ex, ey in blocking:
        ends = ((ex, ey - 1), (ex, ey + 1)) if ex % 2 == 0 else ((ex - 1, ey), (ex + 1, ey))
        s1, s2 = side(*ends[0]), side(*ends[1])
        if s1 * s2 < 0:                           # the line separates the edge's ends: is the crossing on the segment?
            (x0, y0), (x1, y1) = ends
            t = Fraction((x0 - px) * (y1 - y0) - (y0 - py) * (x1 - x0), dx * (y1 - y0) - dy * (x1 - x0))
            if 0 < t < 1:
                return True, set()
        for end, other in ((ends[0], ends[1]), (ends[1], ends[0])):
            if side(*end) == 0:                   # the line passes this vertex: is it on the segment?
                t = Fraction((end[0] - px) * dx + (end[1] - py) * dy, dx * dx + dy * dy)
                if 0 < t < 1:
                    vertices.setdefault(end, set()).add(side(*other))
    if any({-1, 1} <= sides for sides in vertices.values()):
        return True, set()
    crossed = set()
    for cell in base.cells:
        if cell in (a, b) or not (x_lo <= 2 * cell[0] + 1 <= x_hi and y_lo <= 2 * cell[1] + 1 <= y_hi):
            continue
        lo, hi = Fraction(0), Fraction(1)
        for p, d, c0 in ((px, dx, 2 * cell[0]), (py, dy, 2 * cell[1])):
            if d == 0:
                if not c0 < p < c0 + 2:
                    lo, hi = Fraction(1), Fraction(0)
                continue
            t1, t2 = Fraction(c0 - p, d), Fraction(c0 + 2 - p, d)
            lo, hi = max(lo, min(t1, t2)), min(hi, max(t1, t2))
        if lo < hi:
            crossed.add(cell)
    return False, crossed


def test_the_traced_line_agrees_with_a_brute_force_oracle():
    base = shipped_3x3()
    rng = random.Random(7)
    cells = list(base.cells)
    pairs = [tuple(rng.sample(cells, 2)) for _ in range(200)]
    pairs += [(a, b) for a in cells[:40] for b in cells[:40] if a < b and chebyshev(a, b) <= 2]
    pairs += [(d.cells[0], c) for d in base.doors for c in cells if chebyshev(d.cells[0], c) <= 2 and c != d.cells[0]]
    outcomes = set()
    for a, b in pairs:
        doors = rng.getrandbits(len(base.doors))
        blocked, crossed = _oracle(base, a, b, doors)
        assert base.los(a, b, doors) is not blocked, (a, b, doors)
        if not blocked:
            assert set(base.trace(a, b).cells) == crossed, (a, b)
        outcomes.add("blocked" if blocked else "clear")
        if base.trace(a, b).doors and not base.trace(a, b).blocked:
            outcomes.add("door open" if not blocked else "door closed")
    assert outcomes == {"blocked", "clear", "door open", "door closed"}
