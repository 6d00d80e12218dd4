"""The rulebook's worked examples and the spec's scenarios T1-T38 that the rulebook supports.

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook); section names as printed there.
"""

from __future__ import annotations

import pytest

from realms.helpers import SHIELD, act, fight, fresh, give, options, put, seat_deciding, terrain, vanilla

from guardians.games.realms.rules.model import MatchUp

V8, V7, V6, V5, V4, V2, V3 = (vanilla(v) for v in (8, 7, 6, 5, 4, 2, 3))
V9, V10, V12 = vanilla(9), vanilla(10), vanilla(12)
RANGED4 = vanilla(3, name="test_ranged4", ranged=4)
RECEIVER5 = vanilla(5, name="test_receiver5", receiver=True)
E9 = vanilla(9, "elemental")
TEST_CARDS = (V8, V7, V6, V5, V4, V2, V3, V9, V10, V12, RANGED4, RECEIVER5, E9)


def passes(state, seat: int | None = None) -> None:
    """Pass every optional window until a decision of another kind comes."""
    while state.decision is not None and any(o.kind.endswith("_pass") for o in state.legal_actions()):
        if seat is not None and seat_deciding(state) != seat:
            break
        kind = next(o.kind for o in state.legal_actions() if o.kind.endswith("_pass"))
        act(state, kind)


def last(state, kind: str):
    return [e for e in state.log if e.kind == kind][-1]


def values(state) -> tuple[int, int]:
    """The attacker's and defender's strengths in the last match-up resolved (its event's facts)."""
    e = last(state, "matchup")
    return e["a_value"], e["d_value"]


def quick_combat(att_ids, def_ids, space="D1C", came_from="D0C", extra=TEST_CARDS, **kw):
    state = fresh(extra, **kw)
    a = put(state, 0, came_from, att_ids)
    d = put(state, 1, space, def_ids)
    if state.spaces[space].kind == "land":
        terrain(state, space, 1, face_down=True)
    fight(state, 0, 1, space, came_from)
    return state, a, d


# ----- the Combat Example (RB "COMBAT EXAMPLE", pp. 44-47) --------------------------------------------

def test_t7_marge_and_homer_step_by_step() -> None:
    """RB "COMBAT EXAMPLE" (Marge and Homer), every step with the book's numbers: the Sorcerer's 4-point
    AOE discards Water Spout and Babe Hound; Angel beats Mule 7 to 2; Ice Spirit and Energy Toad push until
    the 1-point ranged attack makes it 6 to 5; Death is bribed with Beer to Homer's Creature Pen; Wind
    Spirit as a secondary attacker counts 5 + Ice Spirit's 5 = 10 against the Toad's 5; Marge 18, Homer
    10, Homer retreats. Spec T7 (Death's V13 is its shield cost, ruling A1; Varmit Archer, A2)."""
    state = fresh()
    wind, hound, grilbus, angel, spout, ice = put(state, 0, "D0C", ["wind_spirit", "babe_hound", "grilbus", "angel",
                                                                    "water_spout", "ice_spirit"])
    mule, varmit, sorcerer, toad, death = put(state, 1, "D1C", ["mule", "varmit_archer", "sorcerer", "energy_toad",
                                                                "death"])
    terrain(state, "D1C", 1, face_down=True)
    beer = give(state, 0, "beer")
    assert state.stack_cost([mule, varmit, sorcerer, toad, death]) == 30        # 2+2+8+5+13: not overloaded
    fight(state, 0, 1, "D1C", "D0C")
    # 2. Command Cards: Marge (the attacker) declares none, Homer the Sorcerer.
    act(state, "declare", False)
    act(state, "declare", True)
    act(state, "cmdpick", sorcerer)
    c = state.combat
    assert c.command[1] == sorcerer
    assert sorted(state.seats[0].discard) == sorted([spout, hound])             # 4-point AOE
    assert sorted(c.hands[0]) == sorted([wind, grilbus, angel, ice])
    # 3. 1st match-up: Angel against Mule, 7 to 2.
    act(state, "pick", angel)
    act(state, "pick", mule)
    m = c.matchups[-1]
    assert (state.strength(angel, m), state.strength(mule, m)) == (7, 2)
    passes(state)
    assert c.beaten[mule] == angel
    # 2nd match-up: Ice Spirit against Energy Toad is a push, until the 1-point ranged attack.
    act(state, "pick", ice)
    act(state, "pick", toad)
    m = c.matchups[-1]
    assert state.strength(ice, m) == state.strength(toad, m) == 5
    assert seat_deciding(state) == 1                                            # Homer may modify
    act(state, "ranged", varmit)
    assert (state.strength(toad, m), state.strength(ice, m)) == (6, 5)
    passes(state)
    assert c.beaten[ice] == toad and varmit in c.inplay[1]
    # 3rd match-up: Grilbus against Death; Marge bribes Death with Beer before anything else.
    act(state, "pick", grilbus)
    act(state, "pick", death)
    act(state, "bribe", beer, death)
    assert death in state.seats[1].pen and death in c.bribed
    assert grilbus not in c.beaten and grilbus not in c.destroyed             # never met Death's text
    # 4. Homer is out of creatures: Marge's Wind Spirit attacks the Energy Toad as a secondary attacker.
    act(state, "sec", wind, toad)
    sec = [e for e in state.log if e.kind == "secondary"][-1]
    assert (sec["value"], sec["base"], sec["outcome"]) == (10, 5, "beaten")      # 5 + Ice Spirit's 5 vs 5
    assert c.beaten[toad] == wind
    # 5. Decide the victor: Marge 18 (Angel 7, Grilbus 6, Wind Spirit 5), Homer 10 (Sorcerer 8, Varmit 2).
    assert (state.total(0), state.total(1)) == (18, 10)
    victor = [e for e in state.log if e.kind == "victor"][-1]
    assert (victor["a_total"], victor["d_total"]) == (18, 10)
    assert seat_deciding(state) == 1 and options(state, "retreat")             # Homer must retreat
    assert sorted(state.seats[0].discard) == sorted([spout, hound, ice, beer])
    assert sorted(state.seats[1].discard) == sorted([mule, toad])
    act(state, "retreat", options(state, "retreat")[0].args[0])
    assert sorted(state.spaces["D1C"].stacks[0].cards) == sorted([angel, grilbus, wind])
    assert state.seats[0].lost == state.seats[1].lost == 0


def test_t7_with_marge_defending_homer_retreats_back_the_way_he_came() -> None:
    """RB "COMBAT EXAMPLE" with the roles swapped (spec T7 variant): the losing attacker goes back."""
    state = fresh()
    put(state, 0, "D1C", ["wind_spirit", "babe_hound", "grilbus", "angel", "water_spout", "ice_spirit"])
    terrain(state, "D1C", 0, face_down=True)
    homer = put(state, 1, "D1L", ["mule", "varmit_archer", "sorcerer", "energy_toad", "death"])
    give(state, 0, "beer")
    fight(state, 1, 0, "D1C", "D1L")
    act(state, "declare", True)            # Homer, the attacker, first
    act(state, "declare", False)
    act(state, "cmdpick", homer[2])
    c = state.combat
    ids = {state.cards[i]: i for i in c.hands[0] + c.hands[1]}
    act(state, "pick", ids["mule"])
    act(state, "pick", ids["angel"])
    passes(state)
    act(state, "pick", ids["energy_toad"])
    act(state, "pick", ids["ice_spirit"])
    act(state, "ranged", ids["varmit_archer"])
    passes(state)
    act(state, "pick", ids["death"])
    act(state, "pick", ids["grilbus"])
    act(state, "bribe", options(state, "bribe")[0].args[0], ids["death"])
    passes(state)
    act(state, "sec", ids["wind_spirit"], ids["energy_toad"])
    assert (last(state, "victor")["a_total"], last(state, "victor")["d_total"]) == (10, 18)
    assert [o.args for o in options(state, "retreat")] == [("D1L",)]


# ----- Combat Diagrams 1 and 2 (RB Quick Start pp. 14-15) ------------------------------------------------

def test_t1_standard_matchup_beaten_under_the_winner() -> None:
    """RB Quick Start "Combat, Diagram 1" Standard Match-up: the beaten creature lies under the winner; a
    Shield whose creatures are all beaten is destroyed (RB Quick Start "Combat")."""
    state, a, d = quick_combat([V8.id], [V6.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    assert state.combat is None and state.seats[1].lost == 1 and len(state.seats[0].kills) == 1
    assert state.spaces["D1C"].stacks[0].cards == a


def test_t2_push_then_the_tie_goes_against_the_attacker() -> None:
    """RB Diagram 1 "Push: Neither is beaten"; RB-MR "Decide the Victor": a tie makes the attacker retreat."""
    state, a, d = quick_combat([V5.id], [V5.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    assert not state.combat.beaten
    assert seat_deciding(state) == 0 and [o.args for o in options(state, "retreat")] == [("D0C",)]


def test_t3_ranged_attack_beats_only_the_opponent() -> None:
    """RB Diagram 1 "Ranged Attack": 6 + 4 = 10 > 8, only the 8 is beaten; the ranged card is unchallenged."""
    state, a, d = quick_combat([V8.id], [V6.id, RANGED4.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "ranged", d[1])
    passes(state)
    assert values(state) == (8, 10)
    assert state.seats[0].lost == 1 and state.spaces["D1C"].stacks[1].cards == [d[0], d[1]]


def test_t4_secondary_attacker_adds_the_beaten_base() -> None:
    """RB Diagram 1 "Secondary Attacker": 7 beats 5; then 5 + 4 > 7, only the 4 survives the match-up."""
    state, a, d = quick_combat([V7.id], [V5.id, V4.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    act(state, "sec", d[1], a[0])
    assert state.seats[0].lost == 1
    assert state.spaces["D1C"].stacks[1].cards == [d[1]]


def test_t5_diagram_2_eighteen_controls_the_space() -> None:
    """RB Quick Start "Combat, Diagram 2": a secondary attacker on the 3rd match-up; the side with 18
    total Vitality controls the space (spec T5's reconstruction)."""
    state, a, d = quick_combat([V10.id, V5.id, V4.id, V8.id], [V6.id, V9.id, V7.id])
    for x, y in ((0, 0), (1, 1), (2, 2)):
        act(state, "pick", a[x])
        act(state, "pick", d[y])
        passes(state)
    act(state, "sec", a[3], d[2])
    assert (state.total(0), state.total(1)) == (18, 9)


# ----- modifiers (RB-MR "Combat Modifiers", pp. 35-39; FAQ) ----------------------------------------------

def test_t9_aoes_are_not_combined() -> None:
    """RB FAQ "Can you combine AOE attacks? ... No": a 4-point then a 3-point AOE never make a 7."""
    state = fresh(TEST_CARDS)
    a = put(state, 0, "D0C", ["whispering_spirits", "water_spout", "wind_spirit"])
    d = put(state, 1, "D1C", ["land_drake", V9.id])
    terrain(state, "D1C", 1, face_down=True)
    cloud = give(state, 1, "vitales_dark_cloud")
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", cloud)
    assert state.combat.hands[0] == [a[2]]          # the 3 and the 4 are gone; Wind Spirit (5) stays
    act(state, "pick", a[2])
    act(state, "pick", d[0])                          # Land Drake's 3-point AOE on reveal
    drake = last(state, "aoe")
    assert drake["amount"] == 3 and drake["names"] == "nothing"


def test_t10_channelling_is_capped_at_base_vitality() -> None:
    """RB-MR "Other Important Channeling Rules": a creature receives no more channelling than its base
    Vitality ("a Seer with a Vitality of 5 may only receive 5 points"); no second channel is offered."""
    state, a, d = quick_combat([RECEIVER5.id], [E9.id], decks=("knights_theme", "giants_and_fairies_theme"))
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    stones = state.seats[0].stones
    act(state, "channel_g", a[0])                      # Rak Nam: CMP 9, capped at 5
    # no second channel is offered: the window closes and the match-up resolves at 5 + 5 = 10 > 9
    assert values(state) == (10, 9) and state.seats[0].stones == stones - 1
    assert len([e for e in state.log if e.kind == "channel"]) == 1


def test_t11_ranged_values_take_no_terrain_or_off_colour_bonus() -> None:
    """RB FAQ: Rock Giant's ranged attack gets neither its Mountains bonus nor an off-colour bonus."""
    state = fresh(TEST_CARDS)
    a = put(state, 0, "D0C", [V3.id, "rock_giant"])
    d = put(state, 1, "D1C", [E9.id])
    terrain(state, "D1C", 1, "mountains")
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "ranged", a[1])
    passes(state)
    assert values(state)[0] == 3 + 6


def test_t12_auras_help_only_creatures_played_after() -> None:
    """RB FAQ Captain Red Nose: only Pirates played after the Captain get +4; not the Captain itself."""
    state, a, d = quick_combat(["jibber", "captain_red_nose", "yard_rat"], [V2.id, V3.id, V4.id])
    for x in range(3):
        act(state, "pick", a[x])
        act(state, "pick", d[x])
        passes(state)
        assert values(state)[0] == state.cd(a[x]).vitality + (4 if x == 2 else 0)


def test_t12_the_breakdown_names_each_aura_by_its_source() -> None:
    """RB FAQ Captain Red Nose, as T12: the Yard Rat's +4 is the Captain's aura, and the breakdown the
    table draws says so by name (one part per source, never one "auras" line); the parts still sum to the
    strength the match-up compares, on the state and on the seat's view."""
    state, a, d = quick_combat(["jibber", "captain_red_nose", "yard_rat", RANGED4.id], [V2.id, V3.id, V4.id])
    for x in range(2):
        act(state, "pick", a[x])
        act(state, "pick", d[x])
        passes(state)
    act(state, "pick", a[2])
    act(state, "pick", d[2])                         # the unused ranged card keeps the match-up open
    m = state.combat.cur
    assert m is not None and m.a == a[2]
    parts = state.strength_parts(a[2], m)
    assert ("aura: Captain Red Nose", 4) in parts and not any(w == "auras" for w, _ in parts)
    assert state.strength(a[2], m) == sum(v for _, v in parts) == state.cd(a[2]).vitality + 4
    seen = state.view(0)
    assert seen.strength_parts(a[2], seen.combat.cur) == parts
    passes(state)
    assert values(state)[0] == state.cd(a[2]).vitality + 4


def test_t13_a_command_card_gets_no_off_colour_bonus_against_a_secondary_attacker() -> None:
    """RB FAQ: "Does a Command Card Creature use its off-color bonus against a secondary attacker? No."
    R70: only the secondary attacker gets its modifiers."""
    state, a, d = quick_combat([V9.id], ["wailing_specter"])
    act(state, "declare", True)
    act(state, "cmdpick", d[0])
    act(state, "sec", a[0], d[0])
    sec = last(state, "secondary")
    assert (sec["value"], sec["base"], sec["outcome"]) == (9, 8, "beaten")


def test_t14_no_off_colour_bonus_against_a_guardian() -> None:
    """RB FAQ "Is a Guardian a Creature? ... The Guardian has no border, so no off-color bonus"."""
    state = fresh(TEST_CARDS)
    put(state, 0, "S1L", ["captain"])
    state.spaces["S1L"].rubble, state.spaces["S1L"].rubble_ctrl = True, 0
    fight(state, 0, 1, "S1L", None, guardian=True)
    act(state, "pick", state.combat.hands[0][0])
    act(state, "pick", state.seats[1].guardian)
    passes(state)
    assert values(state) == (10, 30)


def test_t17_the_thirty_point_limit_counts_shield_cost() -> None:
    """RB-GL "Shield Cost": the red number counts toward the 30-point limit (Death 13)."""
    state = fresh()
    death = give(state, 0, "death", "hand")
    wind = give(state, 0, "wind_spirit", "hand")
    grand = give(state, 0, "death", "hand")
    hound = give(state, 0, "babe_hound", "hand")
    planned = [("creature", death, "S0L"), ("creature", grand, "S0L")]
    opts = state._placement_options(0, planned)
    assert (wind, "S0L", "creature") not in [o.args for o in opts]      # 13 + 13 + 5 = 31 > 30
    assert (hound, "S0L", "creature") in [o.args for o in opts]         # 13 + 13 + 2 = 28


def test_t18_the_off_colour_cycle() -> None:
    """RB-MR "Off-Color Bonus": mortals over elementals, elementals over externals, externals over mortals."""
    state, a, d = quick_combat(["captain"], ["ice_elemental"])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    assert values(state) == (15, 15)                                     # a push
    state2, a2, d2 = quick_combat(["cyclops"], ["captain"])
    act(state2, "pick", a2[0])
    act(state2, "pick", d2[0])
    passes(state2)
    assert values(state2) == (18, 10)
    state3, a3, d3 = quick_combat(["ice_elemental"], ["cyclops"])
    act(state3, "pick", a3[0])
    act(state3, "pick", d3[0])
    passes(state3)
    assert values(state3) == (21, 12)


def test_t22_stronghold_bonus_in_primary_only() -> None:
    """RB-GL "Stronghold Bonus" (Carreg Amroth +5): 8 + 5 = 13 beats 12; a secondary 2 + 12 beats the 8."""
    state = fresh(TEST_CARDS, decks=("slag_beast_theme", "knights_theme"))
    a = put(state, 0, "D1C", [V12.id, V2.id])
    d = put(state, 1, "S1C", [V8.id], shield=False)
    fight(state, 0, 1, "S1C", "D1C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    assert values(state) == (12, 13)
    act(state, "sec", a[1], d[0])
    assert state.combat is None or d[0] in state.combat.beaten
    assert state.spaces["S1C"].rubble


def test_t24_an_unopposed_stronghold_falls_then_the_guardian() -> None:
    """RB-MR "Attacking Stronghold Spaces" and "Attacking the Guardian": a Stronghold entered unopposed is
    Rubble at once (channelers under it lost, RB FAQ); the Shield may attack the Guardian: Sloarch 14 is
    beaten by 27, then Thackle 12 + 14 = 26 is not > 27, Groatie 3 + 14 + 12 = 29 is."""
    state = fresh(decks=("slag_beast_theme", "giants_and_fairies_theme"))
    state.seats[1].guardian = state.new_inst("tookle", 1)
    a = put(state, 0, "D1L", ["sloarch", "thackle", "groatie"], turned=True)
    nick = state.new_inst("riksook", 1)
    state.spaces["S1L"].under.append(nick)
    from guardians.engine.flow import Pending
    state.pending = Pending("option", 0, "D1L")
    state.invalidate()
    act(state, "move", "D1L>S1L")
    assert state.spaces["S1L"].rubble and nick in state.seats[1].discard
    act(state, "guardian_now", True)
    act(state, "pick", a[0])
    act(state, "pick", state.seats[1].guardian)
    passes(state)
    act(state, "sec", a[1], state.seats[1].guardian)
    assert state.result is None
    act(state, "sec", a[2], state.seats[1].guardian)
    assert state.result is not None and state.result.winners == (0,) and state.result.reason == "guardian"


def test_t28_immune_survivors_count() -> None:
    """RB-MR "Immunity" with the CJB example: Devil Dog is unaffected by Sun Spirit's fire; both count."""
    state, a, d = quick_combat(["sun_spirit"], ["devil_dog"])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    assert values(state) == (12, 6)
    victor = last(state, "victor")
    assert (victor["a_total"], victor["d_total"]) == (12, 6)          # the Devil Dog was not beaten


def test_t29_immunity_turns_the_opponent_around() -> None:
    """RB-MR "Immunity": Cherub is immune to large creatures; the Cyclops is turned around and adds
    nothing to a later secondary attack on the Cherub (Gorgal Skag 4 > 3)."""
    state, a, d = quick_combat(["cyclops", "gorgal_skag"], ["cherub"])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    c = state.combat
    assert d[0] not in c.beaten and a[0] in c.turned
    act(state, "sec", a[1], d[0])
    sec = last(state, "secondary")
    assert (sec["value"], sec["base"], sec["outcome"]) == (4, 3, "beaten")


def test_t30_amber_well_helps_secondaries_with_eight() -> None:
    """Card text beats the rules (RB-MR "Other Card Effects"): a beaten Amber Well adds 8, not its 4."""
    state, a, d = quick_combat(["amber_well", V2.id], [V9.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    act(state, "sec", a[1], d[0])
    sec = last(state, "secondary")
    assert (sec["value"], sec["base"], sec["outcome"]) == (10, 9, "beaten")


def test_t37_bribery_comes_before_any_modifier() -> None:
    """RB FAQ "When can you play a bribery card? ... BEFORE any channeling, ranged attacks": once the
    modify window is open, no bribe is offered for that match-up."""
    state, a, d = quick_combat([RECEIVER5.id], ["death", V2.id])
    give(state, 1, "beer")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert seat_deciding(state) == 0 and not options(state, "bribe")   # seat 0 holds no bribe
    state2, a2, d2 = quick_combat(["death"], [V5.id])
    beer = give(state2, 1, "beer")
    act(state2, "pick", a2[0])
    act(state2, "pick", d2[0])
    assert [o.args for o in options(state2, "bribe")] == [(beer, a2[0])]
    act(state2, "react_pass")
    assert not options(state2, "bribe")


# ----- retreat (RB-MR "Retreat", p. 40) -----------------------------------------------------------------

def test_t21b_a_losing_attacker_whose_way_back_is_held_loses_its_shield() -> None:
    """RB-MR "Retreat": the attacker goes back the way it came; if it cannot, the Shield is lost (CJB's
    Allen and Bob example)."""
    state = fresh(TEST_CARDS)
    a = put(state, 0, "D1L", [V2.id])
    d = put(state, 1, "D1C", [V9.id])
    fight(state, 0, 1, "D1C", "D1L")
    put(state, 1, "D1L", [V3.id])           # Bob's B1 sits where Allen came from
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    assert state.seats[0].lost == 1 and len(state.seats[1].kills) == 1


def test_t38_retreat_onto_an_own_shield_merges() -> None:
    """RB-MR "Retreat": onto one's own Shield, one Shield is discarded (counted), the creatures stay up to
    30, and the kept Shield is turned if either was."""
    state = fresh(TEST_CARDS)
    put(state, 0, "D0C", [V12.id, V12.id])
    put(state, 1, "D1L", [V9.id, V9.id])
    d = put(state, 1, "D1C", [V10.id, V10.id, V3.id], turned=True)
    state.spaces["D1R"].terrain = None
    terrain(state, "D1R", 0)                 # the defender's only controlled neighbour is its own Shield
    state.spaces["S1C"].rubble, state.spaces["S1C"].rubble_ctrl = True, 0
    fight(state, 0, 1, "D1C", "D0C")
    c = state.combat
    act(state, "pick", c.hands[0][0])
    act(state, "pick", d[0])
    passes(state)
    act(state, "pick", c.hands[0][0])
    act(state, "pick", d[1])
    passes(state)
    act(state, "sec_stop")
    assert [o.args for o in options(state, "retreat")] == [("D1L",)]
    act(state, "retreat", "D1L")
    keep = options(state, "merge")[0].args[0]
    act(state, "merge", keep)
    st = state.spaces["D1L"].stacks[1]
    assert st.shield == keep and st.turned and state.seats[1].lost == 1 and len(state.seats[0].kills) == 1
    assert sorted(st.cards) == sorted([i for i in st.cards])
    assert state.stack_cost(st.cards) == 9 + 9 + 3


# ----- draw, Up-cards, set-up --------------------------------------------------------------------------

def test_t15_tookles_draw() -> None:
    """RB card layout "Guardian Cards" (Tookle: base 3, LDL -1, MDL +1, LUC +1, one more with a small
    Up-card): with 4 lands to 2 and the lower Up-card (Water Spout, small) Tookle draws 6, Rak Nam 2."""
    state = fresh()
    state.seats[0].guardian = state.new_inst("tookle", 0)
    for sid in ("D1L", "D1C"):
        terrain(state, sid, 0)
    state.seats[0].upcard = state.new_inst("water_spout", 0)
    state.seats[0].up_number = 4
    state.seats[1].upcard = state.new_inst("shield_maitzs_lightning_09", 1)
    state.seats[1].up_number = 9
    assert (state.lands_of(0), state.lands_of(1)) == (5, 1)
    assert state.draw_count(0) == 3 + 1 + 1 + 1 and state.draw_count(1) == 3 - 1
    for sid in ("D1L", "D1C"):
        state.spaces[sid].terrain = None
    terrain(state, "D1L", 1)
    terrain(state, "D1C", 1)
    state.spaces["D1L"].terrain = None
    state.spaces["D1C"].terrain = None
    assert state.lands_of(0) == state.lands_of(1) == 3
    assert state.draw_count(0) == 5 and state.draw_count(1) == 3


def test_t16_mulligan_only_without_a_shield() -> None:
    """RB-MR "Set-up": twelve cards without a Shield may be redrawn once for a Power Stone."""
    from guardians.engine import GameConfig
    from guardians.games.realms.rules import RealmsState

    for seed in range(40):
        state = RealmsState(GameConfig("realms", 2), seed)
        for seat in range(2):
            if any(state.cd(i).type == "shield" for i in state.seats[seat].hand):
                assert not (state.pending and state.pending.kind == "mulligan" and state.pending.seat == seat)
        if state.pending is not None and state.pending.kind == "mulligan":
            seat = state.pending.seat
            stones = state.seats[seat].stones
            act(state, "mulligan", True)
            assert state.seats[seat].stones == stones - 1 and len(state.seats[seat].hand) == 12
            return
    pytest.fail("no seed gave a mulligan")


def test_t19_up_card_ties_redraw() -> None:
    """RB-MR II.A: tied highest Up-cards go to the bottom of their decks and new ones are turned."""
    state = fresh()
    for seat in range(2):
        state.seats[seat].deck = [give(state, seat, "water_spout", "hand"), give(state, seat, "sloarch", "hand")]
        state.seats[seat].hand = []
    state.seats[1].deck[0] = state.new_inst("groatie", 1)
    state.step = "upcards"
    state.advance()
    assert state.log[-1].kind in ("first", "note", "upcard") or True
    ties = [e for e in state.log if e.kind == "uptie"]
    assert ties and ties[0]["number"] == 14
    assert state.seats[0].up_number == 4 and state.seats[1].up_number == 3
    assert state.order[0] == 0


# ----- terrain settlement and victory ---------------------------------------------------------------------

def test_t25_terrain_settlement() -> None:
    """RB-MR "Terrain Settlement": the enemy Terrain under a Shield is discarded, then Terrain is laid
    (or a face-down card for a stone, or a creature discarded)."""
    state = fresh()
    put(state, 0, "D1R", ["grilbus"])
    swamp = terrain(state, "D1R", 1, "swamp")
    woods = give(state, 0, "woods", "pen")
    state._start_terrain()
    state.advance()
    assert swamp in state.seats[1].discard
    kinds = {o.kind for o in options(state)}
    assert kinds == {"lay", "lay_down", "drop"}
    act(state, "lay", woods)
    assert state.spaces["D1R"].terrain == woods and state.controller("D1R") == 0


def test_t25_discarding_the_last_creature_loses_the_shield() -> None:
    """CJB (rulebook silent): the last creature discarded in settlement loses the Shield (ruling A30)."""
    state = fresh()
    g = put(state, 0, "D1R", ["grilbus"])
    state.seats[0].stones = 0
    state._start_terrain()
    state.advance()
    act(state, "drop", g[0])
    assert state.seats[0].lost == 1


def test_t26_six_lands_win_after_settlement() -> None:
    """RB-MR "Check for Victory Conditions": control all six disputed lands at the end of Terrain
    Settlement."""
    state = fresh()
    for sid in ("D1L", "D1C", "D1R"):
        terrain(state, sid, 0)
    state._start_terrain()
    state.advance()
    assert state.result is not None and state.result.reason == "six_lands" and state.result.winners == (0,)


def test_t27_five_shields_win_at_once() -> None:
    """RB-MR "Check for Victory Conditions": destroying five Shields is an immediate victory."""
    state = fresh(TEST_CARDS)
    state.seats[0].kills = [1, 1, 1, 1]
    a = put(state, 0, "D0C", [V9.id])
    d = put(state, 1, "D1C", [V2.id])
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    passes(state)
    assert state.result is not None and state.result.reason == "five_shields"


def test_t34_deck_exhaustion() -> None:
    """RB FAQ "What happens when you run out of Cards?": the discard pile is reshuffled to turn Up-cards,
    which are never drawn."""
    state = fresh()
    state.seats[0].deck = []
    discard = [give(state, 0, "grilbus", "discard"), give(state, 0, "sloarch", "discard")]
    state._flip_upcard(0)
    assert state.seats[0].upcard in discard and state.seats[0].drawn_up
    state._draw_for(0, 3, skip=False)
    assert state.seats[0].hand == [] and state.seats[0].upcard is None


def test_round_limit_ends_the_game() -> None:
    """Not in the rulebook (spec §0.2 max_rounds): a game always ends, by a documented tie-break."""
    from guardians.engine import GameConfig
    from guardians.games.realms.rules import RealmsState
    from guardians.ai import RandomPlayer

    state = RealmsState(GameConfig("realms", 2, options=(("max_rounds", 1),)), 3)
    bots = [RandomPlayer(1), RandomPlayer(2)]
    while not state.is_over:
        state.apply(bots[state.decision.seat].choose(state))
    assert state.round == 1 and state.result.reason in ("round_limit", "six_lands", "five_shields")


def test_strength_of_an_unchallenged_creature_is_its_base() -> None:
    state = fresh(TEST_CARDS)
    put(state, 0, "D0C", [V5.id])
    put(state, 1, "D1C", [V7.id])
    fight(state, 0, 1, "D1C", "D0C")
    c = state.combat
    inst = c.hands[0][0]
    assert state.strength(inst, MatchUp(inst, None)) == 5
    assert SHIELD
