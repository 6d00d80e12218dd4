"""Every worked example printed in the Explore rulebook, as a scenario on the real rules.

Rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt. Energy requirements are ours (docs/rules-notes/
explore.md); the examples' energy and attack arithmetic is the rulebook's.
"""

from __future__ import annotations

import pytest

from explore.helpers import (
    act, clear_seat, empty_city, end_power_up, finish, give, loc_index, monster, names, options, play, power_up,
    ready, start_power_up,
)


@pytest.fixture
def solo():
    state = ready(seed=4)
    clear_seat(state, 0)
    return state


def test_attack_seventeen_cleave_ice_blast_pulverize_axe(solo):
    """002, "PLAYING CARDS" example: "an attack power level of seventeen. Three from Cleave, one from Ice
    Blast, nine from Pulverize, and four from Axe ... because they have two Knight cards in play, Cleave and
    Pulverize." (An Explore first gives the energy our requirements ask for; it adds no attack.)"""
    state = solo
    explore, cleave, ice, pulverize, axe = give(state, 0, "explore", "cleave", "ice_blast", "pulverize", "axe")
    give(state, 0, "coward", to="deck")
    power_up(state, 0)
    for inst in (explore, cleave, ice, pulverize, axe):
        play(state, inst)
    assert state.p[0].attack == 3 + 1 + 9
    end_power_up(state)
    assert state.p[0].attack == 17
    empty_city(state)
    single = loc_index(state, "zoo")
    monster(state, "shambler", "zoo")
    assert state.attack_vs(0, single) == 17          # one monster there: Cleave's extra 3 does not apply


def test_three_daze_make_nine(solo):
    """002, 12/59 Daze: "+1 * 3 * 3 = +9" — each of three Daze counts three Rogue cards at the end of
    the Power Up Phase."""
    state = solo
    dazes = give(state, 0, "daze", "daze", "daze")
    power_up(state, 0)
    for inst in dazes:
        play(state, inst)
    assert state.p[0].attack == 0                    # nothing until the end of the Power Up Phase
    end_power_up(state)
    assert state.p[0].attack == 9


def test_axe_with_two_knights(solo):
    """002, 15/59 Axe: a persistent Axe with two Knight cards in play: "+1 (Knight) + 1 (Knight) = 2
    (Attack)" and "+2 (Axe) * 2 (Knights) = +4 (Attack)"."""
    state = solo
    give(state, 0, "axe", to="persist")
    knights = give(state, 0, "bash", "bash")
    start_power_up(state, 0)                          # the persistent Axe is active without its requirement
    for inst in knights:
        play(state, inst)
    assert state.p[0].attack == 2
    end_power_up(state)
    assert state.p[0].attack == 2 + 4


def test_wand_with_two_wizards(solo):
    """002, 16/59 Wand: "+1 (Wizard) + 1 (Wizard) = 2 (Damage)": in the Battle Phase one damage counter
    per Wizard goes on every monster at the chosen location."""
    state = solo
    empty_city(state)
    a = monster(state, "ghoul", "hill")
    b = monster(state, "cave_widow", "hill")
    other = monster(state, "ghoul", "candy_shop")
    wand, ice1, ice2 = give(state, 0, "wand", "ice_blast", "ice_blast")
    power_up(state, 0, energy=3)
    for inst in (ice1, ice2, wand):
        play(state, inst)
    finish(state)
    # the Battle turn begins with the Wand's choice of location
    decision = state.decision
    assert decision.kind == "target"
    act(state, "area", loc_index(state, "hill"))
    assert state.mdmg[a] == 2 and state.mdmg[b] == 2
    assert state.mdmg.get(other, 0) == 0


def test_borrow_copies_ice_blast_after_the_reveal():
    """002, 14/59 Borrow: "the player is using Borrow to play the Ice Blast the other player has so they
    can generate enough Energy to play the rest of their cards. Both players are now benefiting from having
    the Ice Blast in play." In the Guardian game the Borrow waits for the reveal (rules notes)."""
    state = ready(seed=2, players=2)
    a, b = state.order()
    clear_seat(state, a)
    clear_seat(state, b)
    ice = give(state, a, "ice_blast")[0]
    borrow, pulverize = give(state, b, "borrow", "pulverize")
    power_up(state, a, energy=1)
    play(state, ice)
    finish(state)
    assert state.decision.seat == b
    state.p[b].energy = 2
    state.invalidate()
    assert {o.args for o in options(state, "play")} == {(borrow,)}     # Pulverize needs 5
    play(state, borrow)
    assert state.p[b].energy == 2                     # nothing to see yet: the chains are hidden
    finish(state)
    # the reveal: b's waiting Borrow now copies a card a has in play
    decision = state.decision
    assert decision.seat == b and decision.kind == "copy"
    copy = next(o for o in decision.options if o.kind == "copy")
    assert state.cards[copy.args[0]] == "ice_blast"
    state.apply(copy)
    assert state.p[b].energy == 5 and state.p[b].attack == 1
    assert borrow in state.p[b].discard and borrow not in state.p[b].chain
    assert "ice_blast" in names(state, state.p[b].chain) and "ice_blast" in names(state, state.p[a].chain)
    assert state.count(b, {"tag": "wizard"}, None) == 1       # the copy is in play for b
    play(state, pulverize)                                    # now there is enough energy
    assert state.p[b].attack == 10


def test_borrow_resolves_at_once_in_the_apprentice_game():
    """002, POWER UP PHASE 6: in an Apprentice game players play in turn order, openly, so Borrow can
    copy a card at once."""
    state = ready(seed=2, players=2, variant="apprentice")
    a, b = state.order()
    clear_seat(state, a)
    clear_seat(state, b)
    give(state, a, "ice_blast", to="chain")
    borrow = give(state, b, "borrow")[0]
    power_up(state, b, energy=2)
    act(state, "play", borrow)
    assert state.decision.kind == "copy"
    act(state, "copy", state.p[a].chain[0])
    assert state.p[b].energy == 5


def test_potion_replays_point_blank_shot(solo):
    """002, 20/59 Potion: "the player is using Potion to play Point Blank Shot again. After that, the
    player has enough energy to play rest of their cards." Then Potion is trashed."""
    state = solo
    potion = give(state, 0, "potion", to="persist")[0]
    swing1, swing2, shot, star = give(state, 0, "practice_swing", "practice_swing", "point_blank_shot",
                                      "falling_star")
    start_power_up(state, 0)
    play(state, swing1)
    play(state, swing2)
    play(state, shot)
    assert state.p[0].energy == 4 and state.p[0].attack == 5
    assert (star,) not in {o.args for o in options(state, "play")}      # Falling Star needs 6
    act(state, "ability", potion)
    decision = state.decision
    assert decision.kind == "replay"
    act(state, "replay", next(o.args[0] for o in decision.options if state.cards[o.args[0]] == "point_blank_shot"))
    assert state.p[0].energy == 6 and state.p[0].attack == 8
    assert potion in state.trash and potion not in state.p[0].persist
    assert (star,) in {o.args for o in options(state, "play")}


def test_mystic_ball_two_familiars_of_a_family(solo):
    """002, 37/59 Mystic Ball: "+2 * 2 * 1 = +4" with "+1 + 1 = 2" familiars of the attached familiar's
    family in play; the attached familiar becomes a persistent SUPER card."""
    state = solo
    pup, dire, ball = give(state, 0, "wolf_pup", "dire_wolf", "mystic_ball")
    give(state, 0, "coward", to="deck")
    power_up(state, 0, energy=3)
    play(state, pup)
    play(state, dire)
    before = state.p[0].attack
    assert before == 8                                   # Dire Wolf 4, +4 with a Wolf Pup in play
    play(state, ball, ("attach", (pup,)))
    assert state.is_super(0, pup) and state.is_persistent(0, pup)
    end_power_up(state)
    assert state.p[0].attack - before == 4
    assert state.count(0, {"attached_family": True}, ball) == 2


def test_pixie_with_four_different_familiars(solo):
    """002, 44/59 Pixie: "+1 +1 +1 +1 = 4 Different Familiars", "+3 * 4 * 1 = +12"."""
    state = solo
    cat, sap, pup, pixie = give(state, 0, "caterpillar", "sapling", "wolf_pup", "pixie")
    give(state, 0, "coward", "coward", to="deck")
    power_up(state, 0)
    play(state, cat, "stop")             # two COWARD! cards on top: no choice to make
    play(state, sap)
    play(state, pup)
    play(state, pixie)
    before = state.p[0].attack
    end_power_up(state)
    assert state.p[0].attack - before == 12
