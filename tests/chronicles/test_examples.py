"""The rulebook's worked examples (spec §2, X1 and X9-X14) played on the state.

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt (cited as L<n>). X2-X8 (movement on fixture faces) are in
test_movement.py at the board level; here X3/X4 are also checked through the state's decisions.
"""

from __future__ import annotations

import pytest

from chronicles.game_helpers import (clear_board, do, kinds, new_game, option, past_setup, play_until, put,
                                     to_activation)
from guardians.engine.flow import Pending


def _order(order: tuple[int, ...]):
    def choose(state):
        for o in state.legal_actions():
            if o.kind == "initiative" and tuple(o.args) == order:
                return o
        from chronicles.game_helpers import default_choice
        return default_choice(state)
    return choose


@pytest.mark.parametrize("heroes,expected", [(1, 1), (2, 2), (3, 3), (4, 4)])
def test_x1_reinforcement_spaces_follow_the_number_of_heroes(heroes, expected):
    """004_fe7a1a573f931c0d.txt L109-L111 "In a 2-player game, use the 1+ and 2+ squares, but not 3+.": each
    objective and trap tile gets one minion per reinforcement space labelled up to the number of heroes."""
    state = past_setup(new_game(heroes + 1))
    for face in ("crusher_hall", "missile_silo"):
        marks = {m.at: m.heroes for m in state.base.faces[face].marks if m.kind == "reinforcement"}
        minions = {f.cell for f in state.on_board() if f.card == "robot" and f.cell in marks}
        assert {marks[c] for c in minions} == set(range(1, expected + 1))
        assert len(minions) == expected


def test_x1_minion_type_is_a_villain_decision_on_each_active_space():
    """L109 / ruling Q2: with two minion types the villain picks the type for each active space."""
    state = new_game(3, scenario="the_hostage")
    assert state.pending.kind == "place_minion"
    assert sorted(o.args[2] for o in state.legal_actions()) == ["android", "robot"]


def test_x3_x4_exit_rule_and_reposition_through_the_state():
    """L378/L382 "As there is an enemy in his Area, Sgt Freedom needs 1 Action to exit his Area." and L384
    "Sgt Freedom can spend 1 Action to move to any Space in his Area.": with a Robot in his area his Move ends in
    a neighbouring area; Reposition stays in the area."""
    state = to_activation(new_game(2))
    clear_board(state)
    state.doors = state.base.all_open
    put(state, "sgt_freedom", (5, 7))                                   # Crusher Hall, Brake Alcove
    steps = state.base.area_steps("crusher_hall.D", "heroes", state.doors)
    free = {state.base.area_of[tuple(o.args)] for o in state.legal_actions() if o.kind == "move"}
    assert max(steps[a] for a in free) == 2                             # Speed 2: two areas away
    put(state, "robot.01", (6, 7))
    moves = {tuple(o.args) for o in state.legal_actions() if o.kind == "move"}
    assert moves and all(steps[state.base.area_of[c]] == 1 for c in moves)
    repos = {tuple(o.args) for o in state.legal_actions() if o.kind == "reposition"}
    assert repos == set(state.base.areas["crusher_hall.D"].spaces) - {(5, 7), (6, 7)}


def test_x9_kamikaze_during_an_activation():
    """L322 "you can Activate a Kinoshi and use the «Kamikaze» Event card to sacrifice a Robot.": the Robot
    leaves, each adjacent hero takes 1 Damage, Kinoshi keeps her actions, no second Event (L318), the card is
    discarded when the activation ends (L352)."""
    state = to_activation(new_game(4, scenario="blackout_broadcast"))
    clear_board(state)
    put(state, "kinoshi", (7, 2))
    put(state, "robot.01", (1, 4))
    put(state, "sgt_freedom", (0, 4))     # orthogonally adjacent
    put(state, "golden_boy", (0, 3))      # diagonal, clear line past the solid cell's corner
    put(state, "nightlark", (3, 2))       # not adjacent
    assert state.base.adjacent((0, 3), (1, 4), state.doors)
    state.v_hand = ["kamikaze"]
    do(state, "end")
    assert state.pending.kind == "activate"
    do(state, "activate", "kinoshi")
    do(state, "event", "kamikaze")
    assert state.pending.kind == "effect"
    do(state, "pick", "robot.01")
    assert state.figures["robot.01"].cell is None
    assert [state.figures[h].damage for h in ("sgt_freedom", "golden_boy", "nightlark")] == [1, 1, 0]
    assert state.figures["kinoshi"].actions == 2
    assert "event" not in kinds(state)
    assert state.active_events == ["kamikaze"]
    do(state, "end")
    assert "kamikaze" in state.v_discard


def test_x10_pow_rerolls_chain():
    """L440-L456 "first roll = 4 + first re-roll = 2 + second re-roll = 1, which makes a total of 7": the POW
    dice are rolled again wave after wave; a hit deals exactly 1 Damage and offers a push (L436-L438)."""
    state = to_activation(new_game(3, scenario="blackout_broadcast"), order=(2, 1))
    clear_board(state)
    state.heroes[2].played = []
    put(state, "golden_boy", (0, 4))
    put(state, "android.01", (1, 4))
    state.dice_script = ["pow", "pow", 2, 0, "pow", 1, 1]
    do(state, "attack", "android.01")
    roll = [e for e in state.log if e.kind == "roll"][-1]
    assert roll["wave_faces"] == (("pow", "pow", 2, 0), ("pow", 1), (1,))
    assert roll["total"] == 7 and roll["hit"]
    rolled = roll["rolled"]              # the same roll as data per die: (colour, face, successes), a row a wave
    assert [[face for _, face, _ in wave] for wave in rolled] == [list(wave) for wave in roll["wave_faces"]]
    assert sum(n for wave in rolled for _, _, n in wave) == 7
    assert [k for k, _, _ in rolled[0]] == ["combat"] * roll["white"] + ["power"] * roll["red"]
    assert [k for k, f, _ in rolled[0] if f == "pow"] == [k for k, _, _ in rolled[1]]     # rerolls keep colour
    assert state.figures["android.01"].damage == 1
    assert {"push", "no_push"} <= set(kinds(state))
    do(state, "no_push")
    assert state.figures["android.01"].cell == (1, 4)


def test_x10_a_miss_deals_nothing_and_offers_no_push():
    """L436: the same dice against Defense 8 miss: no Damage, no push."""
    state = to_activation(new_game(3, scenario="blackout_broadcast"), order=(2, 1))
    clear_board(state)
    state.heroes[2].played = []
    put(state, "golden_boy", (0, 4))
    put(state, "android.01", (1, 4))
    state.add_modifier("android.01", "defense", 5, "turn")
    state.dice_script = ["pow", "pow", 2, 0, "pow", 1, 1]
    do(state, "attack", "android.01")
    assert state.figures["android.01"].damage == 0
    assert "push" not in kinds(state) and state.figures["golden_boy"].actions == 2


def test_x11_bonus_dice_and_penalties():
    """L434 "a base attack power of 4 with +2 modifier means you roll 4 white Combat Dice and 2 red Bonus Dice) …
    If the Attack modifier is negative, subtract that number of Combat Dice." Modifiers add up (ruling Q12)."""
    state = to_activation(new_game(3))
    state.heroes[2].played = []
    state.modifiers = []
    assert state.attack_pool("golden_boy", None, "melee") == (4, 0)
    state.heroes[2].played = [("gb_haymaker", "right")]                         # Combat +2
    assert state.attack_pool("golden_boy", None, "melee") == (4, 2)
    state.heroes[2].played = [("gb_raw_power", "right")]                        # +2, and Defense -1
    state.add_modifier("golden_boy", "combat", -1, "turn")
    assert state.attack_pool("golden_boy", None, "melee") == (4, 1)
    state.heroes[2].played = []
    assert state.attack_pool("golden_boy", None, "melee") == (3, 0)
    state.add_modifier("golden_boy", "combat", -5, "turn")
    assert state.attack_pool("golden_boy", None, "melee") == (0, 0)


def test_x11_a_red_pow_is_rerolled_red():
    """Ruling Q12: a rerolled POW keeps its colour (the red die's faces differ from the white die's)."""
    state = to_activation(new_game(2))
    state.dice_script = ["pow", 2]
    total, waves = state.attack_roll(0, 1)
    assert waves == [["pow"], [2]] and total == 3


def test_x12_sgt_freedom_and_the_missiles():
    """L468-L477: 4 dice +3 heroes; 0,0,1,2 +3 = 6 against Mental 3+1 fails and leaves a -1 token ("4 dice +2");
    0,0,1,1 +3 -1 = 4 succeeds: one missile of four disarmed, the token cleared (ruling Q32)."""
    state = to_activation(new_game(4))
    clear_board(state)
    state.heroes[1].played = [("sf_tactical_advance", "right")]                # Speed +1, Mental +1
    put(state, "sgt_freedom", (5, 0))
    state.invalidate()
    assert state.stat("sgt_freedom", "mental") == 4
    do(state, "move", 8, 1)
    check = option(state, "check", "missile_silo", "console", 8, 1, "mental")
    assert "4 dice +3 -0" in check.label
    state.dice_script = [0, 0, 1, 2]
    state.apply(check)
    assert state.check_tokens["missile_silo.console"] == 1
    assert "4 dice +3 -1" in option(state, "check", "missile_silo", "console", 8, 1, "mental").label
    state.dice_script = [0, 0, 1, 1]
    do(state, "check", "missile_silo", "console", 8, 1, "mental")
    assert state.objectives["missile_silo"][0] == 1          # one down, three to go
    assert "missile_silo.console" not in state.check_tokens
    assert state.figures["sgt_freedom"].actions == 0
    assert state.pending.seat != 1


def test_x13_alternation_and_spare_slots():
    """L345-L360: hero, villain, hero, villain …; each villain ID card once; the count of villain activations
    equals the heroes'; a slot with no ID card left to activate draws an Event instead (L360)."""
    state = to_activation(new_game(4, scenario="the_hostage"))
    clear_board(state, keep=("sgt_freedom", "golden_boy", "nightlark", "skarov"))
    for fid, cell in (("robot.01", (5, 2)), ("mutated_alison", (6, 2)), ("vodnik", (7, 2))):
        put(state, fid, cell)
    put(state, "android.01", (8, 2))
    counts = []
    for _ in range(3):
        do(state, "end")
        assert state.pending.kind == "activate"
        counts.append(len(state.legal_actions()))
        do(state, "activate", state.legal_actions()[0].args[0])
        do(state, "end")
    assert counts == [4, 3, 2]
    assert state.phase in ("room", "objectives", "cards") or state.pending.kind == "room"


def test_x13_a_slot_without_villain_draws_an_event():
    """L360 "If Doktor Skarov has less Villains in play than Heroes, the remaining Initiative tokens are used to
    draw Event cards."."""
    state = to_activation(new_game(4))
    clear_board(state, keep=("sgt_freedom", "golden_boy", "nightlark", "skarov"))
    put(state, "robot.01", (7, 7))
    put(state, "mutated_alison", (8, 8))
    for _ in range(2):
        do(state, "end")
        do(state, "activate", state.legal_actions()[0].args[0])
        do(state, "end")
    hand = len(state.v_hand)
    do(state, "end")
    assert len(state.v_hand) == hand + 1
    assert any(e.kind == "draw" for e in state.events)


def test_x14_event_limit_follows_heroes_in_play():
    """L294/L298 "as many cards as there are Heroes … when Doktor Skarov eliminates a Hero, the number … drops by
    one"; L360 fewer villain activations too."""
    state = new_game(5)
    play_until(state, lambda s: s.pending is not None and s.pending.kind == "event_st")
    state.v_hand = sorted(state.v_hand + ["countdown", "lockdown"])
    state.invalidate()
    for _ in range(4):
        assert "event_st" in kinds(state)
        state.apply(next(o for o in state.legal_actions() if o.kind == "event_st"))
    assert kinds(state) == ["events_done"]
    # a hero is knocked out at the next turn start: 3 Wounds in hand (L536)
    state.heroes[4].hand += ["concussion", "concussion", "dazed"]
    play_until(state, lambda s: s.turn == 2 and s.pending is not None and s.pending.kind == "event_st")
    assert not state.heroes[4].in_play
    assert state.event_limit() == 3 and len(state.initiative) == 3
