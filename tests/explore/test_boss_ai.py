"""The explore evaluation and the bosses (issue #17): the final boss decides the game for every seat, so a
seat helps whenever the party's attack can reach it, and nobody throws a turn away on a boss the party
cannot reach. Rulebook: BOSS BATTLE ("All players that battle the boss, have their attack added together"),
SCORING ("If the final Boss was not defeated than all players LOSE!")."""

from __future__ import annotations

from guardians.ai import GreedyPlayer
from guardians.ai.ismcts import relative_value
from guardians.engine import GameConfig
from guardians.games.explore import ai, evaluate
from guardians.games.explore.rules import ExploreState

from explore.helpers import battle_turn, clear_seat, empty_city, monster, ready


def final_round(players: int, variant: str, attacks: list[int]) -> ExploreState:
    """The Red boss round (Kevin, 16 a player), every Power Up revealed, the first seat in turn order to
    battle; seat `order[k]` has attack `attacks[k]`; a rich location (Hill: 12 trophy points) is in reach."""
    state = ready(seed=5, players=players, variant=variant)
    order = state.order()
    for seat in order:
        clear_seat(state, seat)
    empty_city(state)
    monster(state, "plague_hulk", "hill")
    monster(state, "orc_warboss", "hill")
    state.tk = state.track.index("red_boss")
    state.boss = "red"
    state.bosses["red"] = "kevin"
    battle_turn(state, order[0])
    for seat, attack in zip(order, attacks):
        state.p[seat].attack = attack
    state.invalidate()
    return state


def test_the_first_seat_helps_when_the_party_can_reach_the_final_boss():
    """30 alone is far from 48, but with the two seats after it (10 each) the party reaches it."""
    for variant in ("standard", "coop"):
        state = final_round(3, variant, [30, 10, 10])
        assert state.boss_attack() == 48
        choice = GreedyPlayer(evaluate, 1).choose(state)
        assert choice.kind == "boss", variant


def test_every_seat_then_joins_and_the_boss_falls():
    state = final_round(3, "standard", [30, 10, 10])
    bots = [GreedyPlayer(evaluate, s) for s in range(3)]
    while state.phase == "battle":
        state.apply(bots[state.decision.seat].choose(state))
    assert state.boss_done.get("red") is True
    assert all(state.p[s].fights_boss for s in range(3)) or state.is_over


def test_nobody_wastes_the_round_on_a_boss_out_of_reach():
    """30 + 5 + 5 cannot reach 48: in a scored game the first seat takes the trophies instead."""
    state = final_round(3, "standard", [30, 5, 5])
    choice = GreedyPlayer(evaluate, 1).choose(state)
    assert choice.kind == "go"


def test_the_partys_outlook_counts_what_each_seat_may_know():
    """Revealed levels count as they are; a contribution made counts exactly; a hidden Power Up is an
    estimate from that seat's cards, never its real hand."""
    state = final_round(3, "coop", [30, 10, 10])
    mean, var, need = ai.boss_outlook(state, "red", state.order()[0])
    assert need == 48 and mean == 50 and var <= 3.0
    hidden = ready(seed=5, players=3, variant="coop")
    hidden.boss = "red"
    seat = hidden.decision.seat
    other = next(s for s in range(3) if s != seat)
    before = ai._seat_boss_attack(hidden, other, seat)
    player = hidden.p[other]
    player.hand[0], player.deck[0] = player.deck[0], player.hand[0]      # another hand, the same cards
    hidden.invalidate()
    after = ai._seat_boss_attack(hidden, other, seat)              # its hand is not read, only its cards
    assert abs(after[0] - before[0]) < 1e-9 and abs(after[1] - before[1]) < 1e-9


def test_the_face_down_final_boss_counts_as_its_colours_mean():
    state = ready(seed=5, players=3, variant="standard")
    assert ai.expected_need(state, "red") == (20 + 16 + 17) / 3 * 3


def test_solo_and_coop_search_rewards_are_centred_on_the_root():
    """A co-operative or solo evaluation is worth hundreds: squashed as it is every rollout scores about 1.
    Against the root's evaluation, the root itself scores one half."""
    value = relative_value(evaluate)
    for players, variant in ((1, "standard"), (3, "coop")):
        state = ExploreState(GameConfig("explore", players, ("ai:greedy",) * players, variant), 2)
        bases = value.baseline(state)
        assert all(abs(b - evaluate(state, s)) < 1e-9 for s, b in enumerate(bases))
        assert abs(value(state, 0, bases[0]) - 0.5) < 1e-9
    state = ExploreState(GameConfig("explore", 3, ("ai:greedy",) * 3, "standard"), 2)
    assert value.baseline(state) == [0.0, 0.0, 0.0]            # rivals already centre it


def test_rollouts_play_their_cards_and_battle():
    """Random rollouts finish a Power Up with cards unplayed and battle nowhere; explore's policy does not."""
    from guardians.ai import make_player
    from guardians.engine.rng import Rng

    from explore.helpers import give, power_up

    assert make_player("ai:ismcts:10it", "explore", 0).policy is ai.rollout_policy
    state = ready(seed=5)
    clear_seat(state, 0)
    give(state, 0, "practice_swing", "bash")
    power_up(state, 0, energy=3)
    rng = Rng(1)
    assert all(ai.rollout_policy(state, rng).kind == "play" for _ in range(20))
    state = final_round(3, "coop", [30, 10, 10])
    assert all(ai.rollout_policy(state, rng).kind == "boss" for _ in range(20))
    state = final_round(3, "standard", [30, 5, 5])
    assert {ai.rollout_policy(state, rng).kind for _ in range(20)} == {"go"}
