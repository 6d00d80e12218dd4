"""The greedy AI's evaluation for explore (guardians/games/explore/ai.py): sensible one-ply choices on
every kind of decision, and whole games that end."""

from __future__ import annotations

from guardians.ai import GreedyPlayer, make_player
from guardians.engine import GameConfig
from guardians.games.explore import evaluate
from guardians.games.explore.rules import ExploreState

from explore.helpers import (
    battle_turn, clear_seat, empty_city, give, loc_index, monster, power_up, ready, to_phase,
)


def greedy(seed=0) -> GreedyPlayer:
    return GreedyPlayer(evaluate, seed)


def test_greedy_games_end_for_every_player_count():
    for players, variant in ((1, "standard"), (2, "standard"), (3, "apprentice"), (5, "coop")):
        state = ExploreState(GameConfig("explore", players, ("ai:greedy",) * players, variant), players)
        bots = [make_player("ai:greedy", "explore", s) for s in range(players)]
        steps = 0
        while not state.is_over:
            state.apply(bots[state.decision.seat].choose(state))
            steps += 1
            assert steps < 3000
        assert state.result.scores


def test_greedy_solo_wins_some_games():
    won = 0
    for seed in range(6):
        state = ExploreState(GameConfig("explore", 1, ("ai:greedy",)), seed)
        bot = make_player("ai:greedy", "explore", seed)
        while not state.is_over:
            state.apply(bot.choose(state))
        won += not state.result.coop_loss
    assert won >= 1


def test_plays_cards_before_finishing_and_the_strongest_first():
    state = ready(seed=5)
    clear_seat(state, 0)
    empty_city(state)
    pulverize, bash = give(state, 0, "pulverize", "bash")
    power_up(state, 0, energy=5)
    choice = greedy().choose(state)
    assert choice.kind == "play" and choice.args == (pulverize,)


def test_keeps_playable_cards_when_discarding():
    state = ready(seed=5)
    clear_seat(state, 0)
    give(state, 0, "practice_swing", "falling_star")
    state.stack, state.pending = [], None
    from guardians.engine.flow import Frame
    state.stack.append(Frame((("discard", {"amount": 1}),), 0, {"self": None}))
    state.phase = "location"
    state.turn_i = 1
    state.advance()
    choice = greedy().choose(state)
    assert state.cards[choice.args[0]] == "falling_star"      # needs 6 energy: the dead card goes


def test_battles_the_best_reachable_location_and_fortifies():
    state = ready(seed=5)
    clear_seat(state, 0)
    empty_city(state)
    monster(state, "shambler", "zoo")
    monster(state, "ghoul", "hill")
    battle_turn(state, 0)
    state.p[0].attack = 8
    state.invalidate()
    choice = greedy().choose(state)
    assert choice.kind == "go" and choice.args == (loc_index(state, "hill"),)
    state.apply(choice)
    assert greedy().choose(state).kind == "fort"


def test_places_counters_to_bring_a_location_within_reach():
    state = ready(seed=5)
    clear_seat(state, 0)
    empty_city(state)
    target = monster(state, "plague_hulk", "zoo")
    battle_turn(state, 0)
    state.p[0].attack = 10
    state.p[0].dc = 4
    state.invalidate()
    choice = greedy().choose(state)
    assert choice.kind == "dc" and choice.args == (target, 4)


def test_fights_the_final_boss_when_it_can_win():
    state = ready(seed=5)
    clear_seat(state, 0)
    empty_city(state)
    monster(state, "plague_hulk", "zoo")
    state.tk = state.track.index("red_boss")
    state.boss = "red"
    state.bosses["red"] = "kevin"
    battle_turn(state, 0)
    state.p[0].attack = 17
    state.invalidate()
    assert greedy().choose(state).kind == "boss"


def test_drafts_energy_when_the_deck_has_none():
    """A deck of expensive cards wants an energy card more than another expensive one."""
    state = to_phase(ExploreState(GameConfig("explore", 1, ("ai:greedy",)), 3), "draft")
    state.packs[0] = [state.new_instance(c) for c in ("ice_blast", "breastplate")]
    state.p[0].drafted = [state.new_instance(c) for c in ("falling_star", "sabertooth_tiger", "elder_oak",
                                                            "mastering_slash", "point_blank_shot", "fireball")]
    state.invalidate()
    choice = greedy().choose(state)
    assert state.cards[choice.args[0]] == "ice_blast"


def test_kept_deck_and_attack_figures_equal_fresh_ones():
    """`round_attack` and `deck_worth` keep their figures by what they read (`ai._cards_key`): at positions
    along a greedy 3-player game, and in worlds determinized from them (renumbered hidden cards), every
    figure they give equals the one computed afresh (whatever the greedy player's trials left kept), and a
    copy of the position finds its figure kept."""
    from guardians.engine.rng import Rng
    from guardians.games.explore import ai

    ai._KEPT.clear()
    state = ExploreState(GameConfig("explore", 3), 11)
    players = [make_player("ai:greedy", "explore", 20 + s) for s in range(3)]
    compared = found_kept = 0
    while not state.is_over and len(state.history) < 400:
        if len(state.history) % 15 == 0:
            for world in (state, state.determinize(state.decision.seat, Rng(len(state.history)))):
                for seat in range(3):
                    player = world.p[seat]
                    owned = [i for i in player.hand + player.deck + player.discard + player.chain + player.persist
                             + player.drafted + player.super_hand if i not in world.virtual]
                    pool = [i for i in owned if i not in player.persist]
                    assert ai.round_attack(world, seat) == ai._round_attack(world, seat, pool)
                    if owned:
                        assert ai.deck_worth(world, seat) == ai._deck_worth(world, seat, owned)
                    before = len(ai._KEPT)
                    assert ai.round_attack(world.clone(), seat) == ai._round_attack(world, seat, pool)
                    found_kept += len(ai._KEPT) == before           # another state, the same key: kept
                    compared += 1
        state.apply(players[state.decision.seat].choose(state))
    assert compared > 60 and found_kept == compared
