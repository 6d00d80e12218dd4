"""`sight`: whether a line of sight is clear and why not, in plain words (what the table shows before a player acts).

Rulebook: 004_fe7a1a573f931c0d.txt L424 melee "If no wall or closed door is in the line of sight … (setting
elements do not block line of sight)"; L430 ranged "If no wall or closed door or enemy is in the line of sight, you
may make a combat roll. Allies do not block line of sight." One test per reason, and the answer agrees with
`Base.los` / `Base.ranged_los`.
"""

from __future__ import annotations

import itertools

from guardians.games.chronicles.rules.board import (AIRLOCK_WORDS, DOOR_WORDS, ENEMY_WORDS, HEROES, NEUTRAL,
                                                    VILLAINS, WALL_WORDS, Sight, sight)

from .helpers import fx_door, one_tile


def test_a_wall_between():
    """L424/L430 "no wall … in the line of sight": FX-LOS has a wall at x = 2 from y = 1 to 3."""
    base = one_tile("fx_los")
    assert sight(base, (0, 1), (3, 1), 0) == Sight(False, WALL_WORDS)
    assert sight(base, (3, 3), (4, 2), 0).reason == WALL_WORDS       # a pinch at the wall's joint (spec §3.3)
    assert sight(base, (1, 0), (2, 1), 0) == Sight(True)             # grazing the wall's end does not block


def test_a_closed_door_between():
    """L424/L430 "no … closed door … in the line of sight"; open, the same line is clear (L500 "When a door is
    open, Spaces on the other side become adjacent")."""
    closed = fx_door()
    door = closed.doors[0]
    assert sight(closed, (4, 2), (5, 2), 0) == Sight(False, DOOR_WORDS, door=door.id)
    assert sight(closed, (4, 2), (5, 2), door.bit) == Sight(True)


def test_a_closed_airlock_between():
    """L424/L430: an airlock is a door for the line (ruling Q37)."""
    base = fx_door("airlock")
    assert sight(base, (4, 2), (5, 2), 0) == Sight(False, AIRLOCK_WORDS, door=base.doors[0].id)


def test_an_enemy_in_the_way_but_not_an_ally_nor_the_hostage():
    """L430 "If no wall or closed door or enemy is in the line of sight … Allies do not block line of sight";
    ruling Q58: the hostage blocks nobody. Figures count only with a side (melee's line, L424, ignores them)."""
    base = one_tile("fx_row")
    shooter, target = (0, 4), (4, 4)
    occ = {shooter: HEROES, target: VILLAINS, (2, 4): VILLAINS}
    assert sight(base, shooter, target, 0, occ, HEROES) == Sight(False, ENEMY_WORDS, cell=(2, 4))
    assert sight(base, shooter, target, 0, occ) == Sight(True)
    for who in (HEROES, NEUTRAL):
        assert sight(base, shooter, target, 0, {**occ, (2, 4): who}, HEROES) == Sight(True)


def test_agrees_with_the_rules_line_of_sight():
    """The words are only an explanation: clear exactly when `los` / `ranged_los` say so."""
    for base in (one_tile("fx_los"), fx_door(), one_tile("fx_row")):
        occ = {(2, 2): VILLAINS, (1, 3): HEROES}
        for a, b in itertools.product(base.cells, repeat=2):
            for doors in (0, base.all_open):
                assert sight(base, a, b, doors).clear is base.los(a, b, doors)
                assert sight(base, a, b, doors, occ, HEROES).clear is base.ranged_los(a, b, doors, occ, HEROES)
