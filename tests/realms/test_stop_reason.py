"""`stop_reason`: why entering a space stops a Shield, in words a player reads before moving.

RB-MR II.C.2 (spec R47): "Movement must stop when entering: an empty space (no Terrain card); a space occupied by
an enemy Shield; a space with an enemy Terrain card; or an enemy Stronghold." Ruling A11: own Strongholds and own
Rubble never stop; Rubble you do not control does. One test per reason; it agrees with `stops` everywhere.
"""

from __future__ import annotations

import random

from guardians.engine import GameConfig
from guardians.games.realms.rules import RealmsState

from .helpers import fresh, put, terrain


def test_an_empty_space_stops():
    """R47 "an empty space (no Terrain card)"."""
    state = fresh()
    assert state.stop_reason(0, "D0L") == "an empty space (no Terrain card)"


def test_own_terrain_does_not_stop_an_enemy_terrain_does():
    """R47 "a space with an enemy Terrain card" (spec T20: own Terrain, no stop)."""
    state = fresh()
    terrain(state, "D0C", 0)
    terrain(state, "D1C", 1)
    assert state.stop_reason(0, "D0C") == ""
    assert state.stop_reason(0, "D1C") == "an enemy Terrain card"
    assert state.stop_reason(1, "D0C") == "an enemy Terrain card"


def test_an_enemy_shield_stops():
    """R47 "a space occupied by an enemy Shield", before anything else about the space."""
    state = fresh()
    terrain(state, "D0C", 0)
    put(state, 1, "D0C", ["grilbus"])
    assert state.stop_reason(0, "D0C") == "an enemy Shield is there"


def test_an_enemy_stronghold_stops_and_rubble_you_do_not_control():
    """R47 "or an enemy Stronghold"; ruling A11: never your own Stronghold or Rubble you control."""
    state = fresh()
    own = next(s for s, sp in state.spaces.items() if sp.kind == "hold" and sp.realm == 0)
    enemy = next(s for s, sp in state.spaces.items() if sp.kind == "hold" and sp.realm == 1)
    assert state.stop_reason(0, own) == ""
    assert state.stop_reason(0, enemy) == "an enemy Stronghold"
    sp = state.spaces[enemy]
    sp.rubble, sp.rubble_ctrl = True, 1
    assert state.stop_reason(0, enemy) == "Rubble you do not control"
    sp.rubble_ctrl = 0
    assert state.stop_reason(0, enemy) == ""


def test_agrees_with_stops_on_the_state_and_on_each_view():
    """The words explain `stops`; a seat's view gives the same answer (it reads only what the board shows)."""
    for players, seed in ((2, 3), (4, 5)):
        state = RealmsState(GameConfig("realms", players), seed)
        rng = random.Random(seed)
        for step in range(300):
            decision = state.decision
            if decision is None:
                break
            if step % 20 == 0:
                views = [state.view(s) for s in range(players)]
                for seat in range(players):
                    for sid in state.spaces:
                        reason = state.stop_reason(seat, sid)
                        assert bool(reason) is state.stops(seat, sid), (seat, sid, reason)
                        assert views[seat].stop_reason(seat, sid) == reason
            state.apply(rng.choice(decision.options))
