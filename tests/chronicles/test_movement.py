"""Movement: where a Move, a Reposition and a push may end (spec §2 X2-X8, T12, T24, T30; rulings Q21-Q23, Q27,
Q40, Q58).

Rulebook: 004_fe7a1a573f931c0d.txt, MOVEMENT (L368-L414) and L438 (push). Fixture characters (spec §2): Sgt
Freedom and Golden Boy Speed 2, Robot Speed 1, Android Speed 2, Mutated Alison Speed 1. Fixture FX-ROW (areas
A-E in a row, B = (1,2), (1,3), (1,4)); FX-DOOR (tiles L and R, one door between L(4,2) and R(0,2) = (5,2)).
"""

from __future__ import annotations

import pytest

from guardians.games.chronicles.rules.board import HEROES, NEUTRAL, VILLAINS, Base

from .helpers import fx_door, one_tile

H, V = HEROES, VILLAINS
SF_SPEED = GB_SPEED = ANDROID_SPEED = 2


@pytest.fixture(scope="module")
def row() -> Base:
    return one_tile("fx_row")


def spaces(base: Base, *letters: str, face: str = "fx_row") -> set:
    return {c for letter in letters for c in base.areas[f"{face}.{letter}"].spaces}


# ----- X2-X8 ------------------------------------------------------------------------------------

def test_x2_speed_2_reaches_two_areas(row):
    """004_fe7a1a573f931c0d.txt L372 "Sgt Freedom has Speed 2, he can move 2 Areas for 1 action. He moves to any
    Space in the end Area." (spec X2): from A(0,4), every free space of B and C (3 + 5 = 8), none in D, E or A."""
    occupants = {(0, 4): H}
    moves = row.move_destinations((0, 4), H, SF_SPEED, occupants, 0)
    assert set(moves) == spaces(row, "B", "C") and len(moves) == 8
    assert (2, 0) in moves
    assert row.move_destinations((0, 4), H, 1, occupants, 0) == ((1, 2), (1, 3), (1, 4))
    assert set(row.move_destinations((0, 4), H, 4, occupants, 0)) == spaces(row, "B", "C", "D", "E")


def test_x3_an_enemy_in_your_area_costs_a_whole_move_to_leave(row):
    """004_fe7a1a573f931c0d.txt L378 "Exit the area you are in if an opponent is also in it. In this case, the Move
    Action ends in an adjacent area" and L382 "As there is an enemy in his Area, Sgt Freedom needs 1 Action to exit
    his Area." (spec X3): Robot at A(0,0), SF at A(0,4): only the 3 spaces of B, although Speed is 2."""
    occupants = {(0, 0): V, (0, 4): H}
    assert row.move_destinations((0, 4), H, SF_SPEED, occupants, 0) == ((1, 2), (1, 3), (1, 4))


def test_x4_reposition_within_the_area_even_beside_an_enemy(row):
    """004_fe7a1a573f931c0d.txt L384 "Sgt Freedom can spend 1 Action to move to any Space in his Area." and L388
    "Place yourself in any unoccupied space of the area you are in" (spec X4): A's 3 free spaces."""
    occupants = {(0, 0): V, (0, 4): H}
    assert row.reposition_destinations((0, 4), occupants) == ((0, 1), (0, 2), (0, 3))


def test_x5_entering_an_enemy_area_ends_the_move(row):
    """004_fe7a1a573f931c0d.txt L394 "If you enter an Area occupied by at least one opposing character, you must
    stop and your Move is over." L399/L410 (spec X5): Android at B(1,2): only (1,3), (1,4); nothing in C."""
    occupants = {(1, 2): V, (0, 4): H}
    assert row.move_destinations((0, 4), H, SF_SPEED, occupants, 0) == ((1, 3), (1, 4))


def test_x6_an_area_full_of_enemies_is_a_wall_an_area_full_of_allies_a_passage(row):
    """004_fe7a1a573f931c0d.txt L395 "If all the spaces in an area are occupied by allies, you may not stop there
    but you can go through. However, if at least one of the spaces is occupied by an opponent, you cannot cross
    the area." and L403 "All the spaces in the Area have enemies in them, so Sgt Freedom cannot go through. On the
    other hand, the Android can … It can end its move in any Space in the destination Area." (spec X6)."""
    occupants = {(1, 2): V, (1, 3): V, (1, 4): V, (0, 4): H, (2, 2): V}
    assert row.move_destinations((0, 4), H, SF_SPEED, occupants, 0) == ()
    assert row.reposition_destinations((0, 4), occupants) == ((0, 0), (0, 1), (0, 2), (0, 3))
    android = set(row.move_destinations((2, 2), V, ANDROID_SPEED, occupants, 0))
    assert android == {(0, 0), (0, 1), (0, 2), (0, 3)} | spaces(row, "D", "E")
    assert not android & spaces(row, "B", "C")
    assert set(row.reposition_destinations((2, 2), occupants)) == spaces(row, "C") - {(2, 2)}


def test_x7a_villains_pass_closed_doors_heroes_do_not():
    """004_fe7a1a573f931c0d.txt L406 "Doors open and close automatically for Doktor SKAROV's Villains, but
    interrupt Hero movement." and L412 "The 3 robots take over all the area spaces Sgt Freedom can't go through.
    But, the Android in front of the door can." (spec X7 a): door closed; Robots fill R's area B; the Android
    stands on L(4,2) in front of the door; SF on L(0,2)."""
    base = fx_door()
    occupants = {(5, 2): V, (6, 2): V, (7, 2): V, (4, 2): V, (0, 2): H}
    sf = set(base.move_destinations((0, 2), H, SF_SPEED, occupants, base.initial_doors))
    assert sf == spaces(base, "H", face="fx_door_l") - {(4, 2)}
    android = set(base.move_destinations((4, 2), V, ANDROID_SPEED, occupants, base.initial_doors))
    assert spaces(base, "D", face="fx_door_r") <= android                       # H -> door -> B (allies) -> D
    assert spaces(base, "G", face="fx_door_l") - {(0, 2)} <= android
    assert not android & spaces(base, "B", face="fx_door_r")
    assert base.initial_doors == 0                                               # the board never opens doors


def test_x7b_an_open_door_does_not_help_through_a_full_enemy_area():
    """004_fe7a1a573f931c0d.txt L395 and L500 "When a door is open, Spaces on the other side become adjacent."
    (spec X7 b): door open, Android gone; B is full of enemies, D lies only beyond it: SF reaches H only."""
    base = fx_door(is_open=True)
    occupants = {(5, 2): V, (6, 2): V, (7, 2): V, (0, 2): H}
    assert set(base.move_destinations((0, 2), H, 3, occupants, base.initial_doors)) == \
        spaces(base, "H", face="fx_door_l")
    # with B empty, the open door is an ordinary passage (ruling Q23: no forced stop)
    assert spaces(base, "D", face="fx_door_r") <= set(
        base.move_destinations((0, 2), H, 3, {(0, 2): H}, base.initial_doors))


def test_x8_a_lieutenant_in_your_area_limits_you_to_one_area(row):
    """004_fe7a1a573f931c0d.txt L414 "Mutated Alison blocks Golden Boy. Golden Boy has to use a complete Action go
    out of the Area and moving to the adjacent one." (spec X8): GB at C(2,2), Alison at C(2,4): B and D only."""
    occupants = {(2, 2): H, (2, 4): V}
    assert set(row.move_destinations((2, 2), H, GB_SPEED, occupants, 0)) == spaces(row, "B", "D")


# ----- the exit rule and Speed (ruling Q21, T24) ----------------------------------------------------

def test_t24_speed_bonuses_do_not_lengthen_the_exit_move(row):
    """004_fe7a1a573f931c0d.txt L378 "ends in an adjacent area even if you exceed the character's Speed value"
    (spec T24): a Speed 3 hero beside an enemy still moves exactly one area."""
    occupants = {(2, 2): H, (2, 0): V}
    assert set(row.move_destinations((2, 2), H, 3, occupants, 0)) == spaces(row, "B", "D")


def test_the_exit_rule_works_at_speed_0_and_needs_a_free_space(row):
    """004_fe7a1a573f931c0d.txt L378 "even if you exceed the character's Speed value" (ruling Q21): at Speed 0 the
    exit move is the only move; without an enemy Speed 0 gives none; a full neighbour cannot be the end."""
    beside_enemy = {(2, 2): H, (2, 0): V}
    assert set(row.move_destinations((2, 2), H, 0, beside_enemy, 0)) == spaces(row, "B", "D")
    assert row.move_destinations((2, 2), H, 0, {(2, 2): H}, 0) == ()
    assert row.move_destinations((2, 2), H, -1, {(2, 2): H}, 0) == ()
    full_b = {**beside_enemy, (1, 2): H, (1, 3): H, (1, 4): H}
    assert set(row.move_destinations((2, 2), H, 2, full_b, 0)) == spaces(row, "D")


def test_the_exit_step_may_enter_another_enemy_area(row):
    """004_fe7a1a573f931c0d.txt L378 and L394: the one step out may end beside other enemies."""
    occupants = {(2, 2): H, (2, 0): V, (3, 0): V}
    assert set(row.move_destinations((2, 2), H, 2, occupants, 0)) == spaces(row, "B", "D") - {(3, 0)}


def test_powers_may_waive_the_stop_rules(row):
    """Spec §3.6 powers (Nightlark's Elusive waives L378, Golden Charge waives L394): `exit_stop=False` moves
    normally from an enemy area; `enemy_stop=False` crosses areas holding enemies."""
    occupants = {(0, 4): H, (0, 0): V, (1, 2): V}
    assert set(row.move_destinations((0, 4), H, 2, occupants, 0, exit_stop=False)) == spaces(row, "B") - {(1, 2)}
    assert set(row.move_destinations((0, 4), H, 2, occupants, 0, exit_stop=False, enemy_stop=False)) == \
        (spaces(row, "B", "C") - {(1, 2)})


def test_the_hostage_takes_a_space_but_stops_nobody(row):
    """Ruling Q58: the hostage occupies its space, opposes nobody and never blocks a line."""
    occupants = {(0, 4): H, (1, 2): NEUTRAL}
    assert set(row.move_destinations((0, 4), H, 2, occupants, 0)) == spaces(row, "B", "C") - {(1, 2)}
    assert set(row.move_destinations((0, 4), V, 1, {(0, 4): V, (0, 0): NEUTRAL}, 0)) == spaces(row, "B")


def test_the_destinations_never_hold_a_figure_or_the_start_area(row):
    """004_fe7a1a573f931c0d.txt L405 "You can place a figure on any unoccupied space in the final area. Positions of
    other figures have no relevance." (ruling Q22: the start area is Reposition's)."""
    occupants = {(0, 4): H, (1, 3): H, (2, 0): H, (2, 1): V}
    moves = row.move_destinations((0, 4), H, 2, occupants, 0)
    assert not set(moves) & set(occupants) and not set(moves) & spaces(row, "A")
    assert set(moves) == spaces(row, "B", "C") - set(occupants)


# ----- light spaces (ruling Q40, T30) ---------------------------------------------------------------

def test_t30_nobody_but_skarov_ends_on_a_light_before_the_control_room_opens():
    """004_fe7a1a573f931c0d.txt L518 Skarov "can be placed on any space with a light" (spec T30, ruling Q40): while
    lights are barred, a villain moving into the console bank may end only on its 2 unlit spaces."""
    base = one_tile("fx_control")
    occupants = {(2, 4): V}
    barred = base.move_destinations((2, 4), V, 2, occupants, 0)
    assert set(barred) & spaces(base, "A", face="fx_control") == {(2, 0), (2, 1)}
    free = base.move_destinations((2, 4), V, 2, occupants, 0, lights_barred=False)
    assert spaces(base, "A", face="fx_control") <= set(free)
    assert base.reposition_destinations((2, 0), {(2, 0): V}) == ((2, 1),)
    assert len(base.reposition_destinations((2, 0), {(2, 0): V}, lights_barred=False)) == 9
    assert base.light_cells == frozenset(base.lights.values()) and len(base.lights) == 8


def test_an_area_of_barred_lights_can_be_crossed_not_ended_in():
    """Ruling Q40 with L395: an area whose free spaces are all barred lights is like an area full of allies."""
    base = one_tile("fx_control")
    crowd = {(2, 0): V, (2, 1): V, (2, 4): V}
    moves = set(base.move_destinations((2, 4), V, 3, crowd, 0))
    assert not moves & spaces(base, "A", face="fx_control")
    assert spaces(base, "B", face="fx_control") <= moves


# ----- push (T12's board part, ruling Q27) ----------------------------------------------------------

def test_t12_push_goes_farther_from_the_attacker_onto_a_free_adjacent_space(row):
    """004_fe7a1a573f931c0d.txt L438 "the attacker can push the target back into an adjacent space" (spec T12,
    ruling Q27): one step to a free space adjacent to the target whose distance from the attacker grows."""
    assert row.push_destinations((1, 3), (2, 3), {(1, 3): H, (2, 3): V}, 0) == ((3, 2), (3, 3), (3, 4))
    assert row.push_destinations((1, 3), (2, 3), {(1, 3): H, (2, 3): V, (3, 3): V}, 0) == ((3, 2), (3, 4))
    # pushed diagonally away: (2,2) and (1,3) stay at distance 1 from the attacker, so they are not offered
    assert row.push_destinations((1, 2), (2, 3), {(1, 2): H, (2, 3): V}, 0) == ((3, 2), (3, 3), (1, 4), (2, 4),
                                                                               (3, 4))


def test_t12_no_push_through_a_closed_door_or_onto_a_barred_light():
    """Ruling Q27: "never through a closed door, never onto a light space" (Q40)."""
    base = fx_door()
    occupants = {(3, 2): H, (4, 2): V}
    assert (5, 2) not in base.push_destinations((3, 2), (4, 2), occupants, 0)
    assert (5, 2) in base.push_destinations((3, 2), (4, 2), occupants, base.doors[0].bit)
    control = one_tile("fx_control")
    assert control.push_destinations((2, 2), (2, 1), {(2, 2): H, (2, 1): V}, 0) == ((2, 0),)
    assert set(control.push_destinations((2, 2), (2, 1), {(2, 2): H, (2, 1): V}, 0, lights_barred=False)) == \
        {(1, 0), (2, 0), (3, 0)}
