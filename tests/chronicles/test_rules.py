"""Rule tests T1-T30 of spec §2 that the rulebook supports (each cites 004_fe7a1a573f931c0d.txt by line).

T9-T11, T24 and T30's board part are in test_board_geometry.py / test_movement.py (milestone 1).
"""

from __future__ import annotations

from chronicles.game_helpers import (clear_board, default_choice, do, kinds, new_game, option, past_setup,
                                     play_until, put, to_activation)
from guardians.engine import IllegalAction
from guardians.engine.actions import Action

import pytest


def _end_turn(state) -> None:
    turn = state.turn
    play_until(state, lambda s: s.turn > turn or s.is_over)


def test_t1_wound_arithmetic():
    """L534 "discard as many as his Health value and draw one Wound card into Hand. Excess Damage tokens remain"
    (ruling Q29: one Wound per end of turn)."""
    state = to_activation(new_game(2))
    state.figures["sgt_freedom"].damage = 9
    _end_turn(state)
    hs = state.heroes[1]
    assert state.figures["sgt_freedom"].damage == 5
    assert state._wounds_in_hand(1) == 1
    play_until(state, lambda s: s.pending is not None and s.pending.kind == "hero")
    state.figures["sgt_freedom"].damage = 5
    _end_turn(state)
    assert state.figures["sgt_freedom"].damage == 1 and hs.counters["wounds"] == 2


def test_t2_three_wounds_knock_out_and_shame():
    """L536 "Whenever a Hero's player has 3 Wound cards in Hand, they are eliminated" and L552 "When a Hero is
    knocked out, reporters add the shaming article"."""
    state = to_activation(new_game(3))
    state.heroes[1].hand += ["concussion", "dazed"]
    state.figures["sgt_freedom"].damage = 4
    _end_turn(state)
    assert not state.heroes[1].in_play and state.figures["sgt_freedom"].cell is None
    assert ("shame_sgt_freedom", "villain") in state.articles
    assert state.event_limit() == 1


def test_t3_refresh_takes_back_power_and_wound_cards():
    """L274 "if you have no more Power cards in Hand (you may have Wound cards), you must take back all your Power
    cards from the discard pile (Power and Wound cards)"."""
    state = to_activation(new_game(2))
    hs = state.heroes[1]
    cards = sorted(hs.hand + [c for c, _ in hs.played])
    hs.hand = ["dazed"]
    hs.discard = cards[:-1] + ["concussion"]
    hs.played = [(cards[-1], "right")] if state.box.cards[cards[-1]].technique else [(cards[-1], "left")]
    _end_turn(state)
    assert sorted(hs.hand) == sorted(cards + ["concussion", "dazed"])
    assert hs.discard == []


def test_t4_legal_plays():
    """L266 "A Hero must play at least one card per turn", L536 "cannot play two Wound cards at the same time",
    L280 a Weakness only on the left, L264 single-use cards on their printed side (ruling Q11)."""
    state = past_setup(new_game(2))
    hs = state.heroes[1]
    hs.hand = sorted(hs.hand + ["dazed", "concussion"])
    plays = state.power_plays(1)
    assert ("sf_old_war_wound", "left") in plays and ("sf_old_war_wound", "right") not in plays
    assert ("sf_steady_aim", "right") in plays and ("sf_steady_aim", "left") not in plays
    assert ("sf_suppressing_fire", "left") in plays and ("sf_suppressing_fire", "right") not in plays
    assert not any(c in ("dazed", "concussion") for c, _ in plays)              # never a Wound alone
    assert "power_done" not in kinds(state)                                     # at least one card
    do(state, "power", "sf_steady_aim", "right")
    plays = state.power_plays(1)
    assert ("dazed", "right") in plays and ("concussion", "right") in plays
    do(state, "power", "dazed", "right")
    assert state.power_plays(1) == [] and state.pending.kind != "power"


def test_t5_weakness_heals_on_reveal():
    """L282 "the Weakness card enables you to heal as many Damage points as your Health value" (ruling Q31)."""
    state = past_setup(new_game(2))
    state.figures["sgt_freedom"].damage = 5
    do(state, "power", "sf_old_war_wound", "left")
    play_until(state, lambda s: s.phase == "activation")
    assert state.figures["sgt_freedom"].damage == 1
    assert state.stat("sgt_freedom", "speed") == 1 and state.stat("sgt_freedom", "combat") == 2


def test_t6_door_checks_and_their_tokens():
    """L485-L496: from the space in front of the door, an Attack or Mental check; a failure lowers the next check
    with that Value only; a success opens the door."""
    state = to_activation(new_game(2))
    clear_board(state)
    state.heroes[1].played = []
    put(state, "sgt_freedom", (3, 7))
    assert "door_check" not in kinds(state)
    put(state, "sgt_freedom", (4, 7))
    assert {tuple(o.args) for o in state.legal_actions() if o.kind == "door_check"} == {("d1", "combat"),
                                                                                     ("d1", "mental")}
    state.dice_script = [2, 2, 2]
    do(state, "door_check", "d1", "mental")
    assert state.check_tokens == {"door.d1.mental": 1}
    state.dice_script = [0, 1, 1]
    do(state, "door_check", "d1", "combat")
    assert state.doors & state.base.door_by_id["d1"].bit
    assert state.check_tokens == {}


def test_t7_difficulty_zero_succeeds_without_a_roll():
    """L466 "If the difficulty is brought down to 0, the check will automatically succeed but will still cost an
    Action." (ruling Q33)."""
    state = to_activation(new_game(2))
    clear_board(state)
    put(state, "sgt_freedom", (4, 7))
    state.check_tokens["door.d1.mental"] = 3
    uses = state.rng.uses
    do(state, "door_check", "d1", "mental")
    assert state.rng.uses == uses
    assert state.doors & state.base.door_by_id["d1"].bit
    assert state.figures["sgt_freedom"].actions == 2


def test_t8_villains_pass_doors_but_do_not_attack_through_them():
    """L500-L502 "Doors automatically open for and close behind moving Villains … A Villain cannot however attack
    through a door. He may decide to spend an Action to open it … the door remains open." (ruling Q24)."""
    state = to_activation(new_game(2))
    clear_board(state)
    put(state, "sgt_freedom", (4, 7))
    put(state, "robot.01", (5, 7))
    do(state, "end")
    do(state, "activate", "robot")
    assert not any(o.kind == "fig_attack" for o in state.legal_actions())
    do(state, "fig_open", "robot.01", "d1")
    assert state.doors & state.base.door_by_id["d1"].bit
    state.figures["robot.01"].actions = 1
    state.invalidate()
    assert any(o.kind == "fig_attack" for o in state.legal_actions())
    state.doors = 0
    put(state, "sgt_freedom", (3, 8))
    assert (4, 6) in {tuple(o.args[1:]) for o in state.legal_actions() if o.kind == "fig_move"}
    do(state, "fig_move", "robot.01", 4, 6)
    assert state.figures["robot.01"].cell == (4, 6) and state.doors == 0


def test_t12_push_options():
    """L438 "If the Attack does not eliminate the target, the attacker can push the target back into an adjacent
    space." (ruling Q27: farther from the attacker, optional)."""
    state = to_activation(new_game(2))
    clear_board(state)
    state.heroes[1].played = []
    put(state, "sgt_freedom", (2, 8))
    put(state, "mutated_alison", (3, 8))
    state.dice_script = [2, 2, 2]
    do(state, "attack", "mutated_alison")
    cells = {tuple(o.args) for o in state.legal_actions() if o.kind == "push"}
    assert cells and all(max(abs(c[0] - 2), abs(c[1] - 8)) == 2 for c in cells)
    assert "no_push" in kinds(state)
    do(state, "push", *sorted(cells)[0])
    assert state.figures["mutated_alison"].cell == sorted(cells)[0]


def test_t13_room_activation_is_optional_and_stops_when_the_control_room_opens():
    """L518 "If the door to the Control Room is not yet open, Doktor Skarov can be placed on any space with a
    light … That tile is activated." (rulings Q39, Q40); a disarmed trap's light is dark."""
    state = to_activation(new_game(2))
    play_until(state, lambda s: s.pending is not None and s.pending.kind == "room")
    assert {o.args[0] for o in state.legal_actions() if o.kind == "room"} == {"cave_mouth", "crusher_hall",
                                                                             "missile_silo"}
    assert "no_room" in kinds(state)
    state.lights_dark.append("crusher_hall")
    state.invalidate()
    assert "crusher_hall" not in {o.args[0] for o in state.legal_actions() if o.kind == "room"}
    state.doors |= state.base.door_by_id["d3"].bit
    assert state.lit_rooms() == []


def test_t15_showdown_unlocks_the_airlock_and_skarov():
    """L542 "When every objective has been neutralized and/or met, the Final Showdown begins. Heroes can now open
    the door to the Control Room." and L364 Skarov is activated once the door is open (rulings Q37, Q42)."""
    state = to_activation(new_game(2))
    clear_board(state, keep=("skarov",))
    put(state, "sgt_freedom", (5, 2))
    assert "door_check" not in kinds(state)
    state.add_progress("missile_silo", 4, "sgt_freedom")
    assert state.showdown
    state.invalidate()
    assert ("d3", "combat") in {tuple(o.args) for o in state.legal_actions() if o.kind == "door_check"}
    assert "skarov" not in state.villain_cards_in_play()
    state.check_tokens["door.d3.combat"] = 10
    do(state, "door_check", "d3", "combat")
    assert state.cr_open() and "skarov" in state.villain_cards_in_play()


def test_t16_escape_only_in_the_showdown_after_a_knock_out():
    """L542 "During the Final Showdown, but not before then, whenever Doktor Skarov eliminates a Hero he can spend
    1 Action … to make an emergency exit" (ruling Q43)."""
    state = to_activation(new_game(3))
    clear_board(state, keep=("skarov", "sgt_freedom", "golden_boy"))
    state.add_progress("missile_silo", 4, "sgt_freedom")
    state.doors |= state.base.door_by_id["d3"].bit
    do(state, "end")
    do(state, "activate", "skarov")
    assert "escape" not in kinds(state)
    state.knock_out(2)
    state.invalidate()
    do(state, "escape")
    assert state.is_over and state.winner == "villain" and ("escape", "villain") in state.articles
    assert state.result.winners == (0,)


def test_t17_arrest_ends_the_game_at_once():
    """L544 "The game ends when the Heroes beat Doktor Skarov … the Heroes win the press article describing the
    arrest" (ruling Q45)."""
    state = to_activation(new_game(2))
    state.figures["skarov"].damage = state.health("skarov") - 1      # one Damage from his Health (villains.yaml)
    state.deal_damage("skarov", 1, source="sgt_freedom")
    assert state.is_over and ("arrest", "heroes") in state.articles
    assert state.heroes[1].counters["boss_damage"] == 1


def test_t18_turn_limit_ends_with_an_escape():
    """Ruling Q47 (an app rule): after the last turn Skarov slips away and unsettled objectives are met."""
    state = past_setup(new_game(2, turn_limit=1))
    play_until(state, lambda s: False if not s.is_over else True)
    assert state.is_over and state.turn == 1
    assert ("escape", "villain") in state.articles and ("silo_launched", "villain") in state.articles
    assert state.result.winners == (0,)


def test_t18_all_heroes_out_ends_the_game():
    """L542 "The showdown ends when all the Heroes are defeated" (ruling Q46)."""
    state = to_activation(new_game(2))
    state.knock_out(1)
    assert state.is_over and state.winner == "villain"


def test_t29_plus_heroes_counts_heroes_in_play():
    """L462 "add a number equal to the number of heroes" — those in play (ruling Q34)."""
    state = to_activation(new_game(5))
    clear_board(state)
    put(state, "sgt_freedom", (8, 1))
    assert "4 dice +4" in option(state, "check", "missile_silo", "console", 8, 1, "mental").label
    state.heroes[4].in_play = False
    state.invalidate()
    assert "4 dice +3" in option(state, "check", "missile_silo", "console", 8, 1, "mental").label


def test_t30_light_spaces_only_for_skarov():
    """L518 / ruling Q40: before the Control Room opens no figure but Skarov ends a move on a light space."""
    state = to_activation(new_game(2))
    clear_board(state, keep=("skarov",))
    put(state, "robot.01", (5, 2))
    state.add_modifier("robot.01", "speed", 3, "turn")
    do(state, "end")
    do(state, "activate", "robot")
    cells = {tuple(o.args[1:]) for o in state.legal_actions() if o.kind == "fig_move"}
    assert cells and not cells & set(state.base.light_cells)


def test_illegal_actions_leave_the_state_untouched():
    """The State API: an action not listed is refused and nothing changes."""
    state = to_activation(new_game(2))
    before = state.digest()
    with pytest.raises(IllegalAction):
        state.apply(Action("move", (99, 99)))
    assert state.digest() == before


def test_a_whole_game_plays_to_the_end_with_default_choices():
    """Every player count: set-up, turns and the end (turn limit at the latest)."""
    for players in (2, 3, 4, 5):
        state = new_game(players)
        play_until(state, lambda s: s.is_over, default_choice, limit=5000)
        assert state.is_over and state.result is not None


def test_t14_the_weakness_must_come_out():
    """L282 "Because new power cards are drawn only after ALL of them have been played, the Weakness card
    eventually has to be played!": with only the Weakness left in hand it is the one legal play."""
    state = past_setup(new_game(2))
    hs = state.heroes[1]
    hs.discard = [c for c in hs.hand if c != "sf_old_war_wound"]
    hs.hand = ["sf_old_war_wound"]
    state.invalidate()
    assert [o.args for o in state.legal_actions()] == [("sf_old_war_wound", "left")]
