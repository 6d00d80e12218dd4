"""A Stronghold Upgrade that keeps a creature (spec `tower`; the Teleport Tower in cards/realms/upgrades.yaml).

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt, RB-MR I.C "Place Cards" and "Space Limitations": Stronghold
Upgrades are placed during Draw and Organize beside the far left or far right Stronghold card, at most one
on each; what an Upgrade does is its own text (RB-MR "Other Card Effects": card text beats the rules). The
Teleport Tower's: in Draw and Organize one creature goes into the Tower, and in a movement turn, before a
Shield is turned, it may teleport under one of the player's turned Shields."""

from __future__ import annotations

from realms.helpers import SHIELD, act, fresh, give, put, vanilla

from guardians.engine.flow import Commitments
from guardians.games.realms.rules import RealmsState

V5, V20 = vanilla(5), vanilla(20)
TOWER = "teleport_tower"


def _args(state: RealmsState, planned: list) -> list[tuple]:
    return [o.args for o in state._placement_options(0, planned)]


def _with_tower(sid: str = "S0L") -> tuple[RealmsState, int]:
    state = fresh((V5, V20))
    tower = give(state, 0, TOWER, "none")           # in play beside the card, placed in an earlier round
    state.spaces[sid].upgrade = tower
    return state, tower


def test_a_tower_upgrade_in_hand_is_offered_only_beside_an_end_stronghold_card() -> None:
    """RB-MR I.C "Place Cards": an Upgrade goes beside the far left or far right Stronghold card, one on each
    ("Space Limitations"); never beside the centre card, nor beside a card that already has one."""
    state = fresh()
    tower = give(state, 0, TOWER, "hand")
    beside = [sid for inst, sid, mode in _args(state, []) if inst == tower and mode == "upgrade"]
    assert beside == ["S0L", "S0R"]
    state.spaces["S0L"].upgrade = give(state, 0, TOWER, "none")
    assert [sid for inst, sid, mode in _args(state, []) if inst == tower] == ["S0R"]


def test_a_creature_in_hand_is_offered_the_tower_beside_its_card() -> None:
    """The Teleport Tower's text: in Draw and Organize a creature may be put into the Tower. It is offered for
    the Stronghold card the Tower stands beside only, worded with the Tower's name."""
    state, _ = _with_tower("S0L")
    five = give(state, 0, V5.id, "hand")
    options = [o for o in state._placement_options(0, []) if o.args[2] == "tower"]
    assert [o.args for o in options] == [(five, "S0L", "tower")]
    assert options[0].label == f"{V5.name} into the Teleport Tower"
    assert options[0].refs == (f"card:{five}", "space:S0L")


def test_the_tower_keeps_one_creature_apart_from_the_cards_thirty_points() -> None:
    """One creature per Tower ("any one Creature"); it is in the Tower, not on the card, so it counts neither
    toward the card's 30 points (RB-MR "Space Limitations") nor as a creature for creature Items."""
    state, _ = _with_tower("S0L")
    big = give(state, 0, V20.id, "hand")
    other = give(state, 0, V20.id, "hand")
    five = give(state, 0, V5.id, "hand")
    planned = [("tower", big, "S0L")]
    assert (five, "S0L", "tower") not in _args(state, planned)             # the Tower is taken
    assert (other, "S0L", "creature") in _args(state, planned)             # 20 + 20 would be 40 on the card
    planned.append(("creature", other, "S0L"))
    assert (five, "S0L", "creature") in _args(state, planned)              # 20 + 5 = 25
    assert state.spaces["S0L"].tower == []                                 # listing placed nothing


def test_a_creature_put_into_the_tower_lands_there_and_may_teleport() -> None:
    """The whole path: placed in Draw and Organize (a hidden commitment, revealed with the others), the creature
    is in the Tower; in the Movement phase it may teleport under a turned Shield of its owner."""
    state, _ = _with_tower("S0L")
    five = give(state, 0, V5.id, "hand")
    give(state, 0, SHIELD, "hand")                  # so that the Shields step stops the game after the reveal
    put(state, 0, "S0C", [V5.id], shield=False)
    state.phase, state.step, state.pending = "dno", "place", None
    state.commit = Commitments([0, 1])
    state.advance()
    state.invalidate()
    act(state, "place", five, "S0L", "tower")
    act(state, "place_done")
    act(state, "place_done")
    assert state.step == "shields"
    assert state.spaces["S0L"].tower == [five]
    assert five not in state.seats[0].hand
    assert 0 not in state.spaces["S0L"].stacks                         # not on the card itself
    # Movement: a turned Shield of seat 0 with room under it; the Tower's creature may teleport there.
    put(state, 0, "D0C", [V5.id], turned=True)
    put(state, 0, "D0L", [V5.id])
    state.phase, state.step, state.pending, state.order, state.mover = "movement", "turn", None, [0, 1], 0
    state.seats[0].hand = []
    state.invalidate()
    state.advance()
    assert (five, "S0L", "D0C") in [o.args for o in state.legal_actions() if o.kind == "teleport"]
    act(state, "teleport", five, "S0L", "D0C")
    assert state.spaces["S0L"].tower == [] and five in state.spaces["D0C"].stacks[0].cards
