"""The `ai:tactical` computer players (spec §4.3-§4.7): registered through the game's own hook, blind to what
their seat cannot see, exact about the dice, stronger than random play on both sides, and they finish games.

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt L434-L436 (attack dice, POW), L460-L466 (value checks),
L468-L477 (the missile example), L552-L554 (articles decide the game).
"""

from __future__ import annotations

from fractions import Fraction

import pytest

from chronicles.game_helpers import new_game
from guardians.ai import GreedyPlayer, make_player
from guardians.engine import GameConfig, Rng
from guardians.engine.state import AI_LEVELS, is_seat_spec
from guardians.games.chronicles.rules.state import ChroniclesState
from guardians.games.chronicles.tactical import TacticalPlayer, check_odds, hit_odds


def test_tactical_is_a_seat_spec_the_game_supplies():
    assert "tactical" in AI_LEVELS and is_seat_spec("ai:tactical")
    assert isinstance(make_player("ai:tactical", "chronicles", 3), TacticalPlayer)
    # a game without a planner of its own plays the level as greedy
    assert isinstance(make_player("ai:tactical", "heroes", 3), GreedyPlayer)
    with pytest.raises(ValueError, match="only ismcts"):
        make_player("ai:tactical:50it", "chronicles", 0)


def test_check_odds_match_the_missile_example():
    """L468: 4 orange dice + 3 heroes against a check value of 4 succeed on a dice total of 0 or 1."""
    assert Fraction(check_odds(4, 3, 4)).limit_denominator(10 ** 6) == Fraction(81 + 324, 4096)
    assert check_odds(4, 2, 4) > check_odds(4, 3, 4)         # one -1 token (L466) makes it easier
    assert check_odds(0, 0, 0) == 1.0                          # difficulty 0: automatic (L466)


def test_hit_odds_count_pow_rerolls():
    """L436: a POW is one success and the die rolls again. One white die (0,0,1,1,2,POW)."""
    assert hit_odds(1, 0, 1) == pytest.approx(4 / 6)
    assert hit_odds(1, 0, 2) == pytest.approx(1 / 6 + (1 / 6) * (4 / 6))
    assert hit_odds(3, 0, 3) < hit_odds(3, 1, 3) < hit_odds(4, 1, 3)
    assert hit_odds(2, 0, 0) == 1.0


def _positions(players: int, scenario: str, seeds: range, every: int = 23):
    """Positions reached by tactical play, for the seat to move, each with a twin that differs only in what
    that seat may not see (`hidden_variant`: the other side's hidden cards, the initiative order, decks)."""
    for seed in seeds:
        state = new_game(players, scenario, seed=seed)
        bots = [TacticalPlayer(seed * 10 + s) for s in range(players)]
        for step in range(700):
            if state.is_over:
                break
            decision = state.decision
            if step % every == every - 1 and len(decision.options) > 1:
                twin = state.hidden_variant(decision.seat, Rng(seed * 1000 + step))
                if twin.digest() != state.digest():
                    yield step, state, twin
            state.apply(bots[decision.seat].choose(state))


def test_choice_does_not_depend_on_what_the_seat_cannot_see():
    """Spec §4.7: same seed, two states that differ only in hidden information, the same action."""
    checked = villain = 0
    for step, state, twin in _positions(4, "the_hostage", range(3)):
        seat = state.decision.seat
        assert state.view(seat).digest() == twin.view(seat).digest()
        assert TacticalPlayer(step).choose(state) == TacticalPlayer(step).choose(twin)
        checked += 1
        villain += seat == 0
    assert checked >= 20 and villain >= 5


def test_the_pairs_differ_in_what_the_planner_could_misuse():
    """The twins are not copies: for the villain they change the heroes' hands and face-down cards, for a hero
    the villain's hand, so a planner reading the real state could tell them apart."""
    villain = hero = 0
    for _step, state, twin in _positions(4, "the_hostage", range(3)):
        if state.decision.seat == 0:
            villain += any(state.heroes[s].hand != twin.heroes[s].hand or state.heroes[s].played != twin.heroes[s].played
                           for s in state.heroes)
        else:
            hero += state.v_hand != twin.v_hand or state.st != twin.st
    assert villain > 0 and hero > 0


def _play(scenario: str, villain: str, heroes: str, seed: int) -> ChroniclesState:
    box_heroes = 3 if scenario in ("welcome_to_the_lair", "blackout_broadcast") else 4
    players = box_heroes + 1
    specs = (villain,) + (heroes,) * box_heroes
    state = ChroniclesState(GameConfig("chronicles", players, specs, options=(("scenario", scenario),)), seed)
    bots = [make_player(spec, "chronicles", seed * 7 + s) for s, spec in enumerate(specs)]
    while not state.is_over:
        state.apply(bots[state.decision.seat].choose(state))
    return state


def test_tactical_heroes_beat_a_random_villain_and_random_heroes_do_not():
    seeds = range(4)
    tactical = sum(_play("welcome_to_the_lair", "ai:random", "ai:tactical", s).winner == "heroes" for s in seeds)
    random = sum(_play("welcome_to_the_lair", "ai:random", "ai:random", s).winner == "heroes" for s in seeds)
    assert tactical >= 3 and tactical > random


def test_tactical_villain_beats_random_heroes():
    seeds = range(4)
    wins = sum(_play("blackout_broadcast", "ai:tactical", "ai:random", s).winner == "villain" for s in seeds)
    assert wins == len(seeds)


@pytest.mark.parametrize("scenario", ["welcome_to_the_lair", "send_in_the_clones", "skarovs_masterstroke"])
def test_tactical_plays_whole_games_on_both_sides(scenario):
    state = _play(scenario, "ai:tactical", "ai:tactical", 5)
    assert state.result is not None and state.turn <= state.turn_limit
    assert state.history and all(e.seat in range(state.config.players) for e in state.history)


def test_the_search_rolls_out_with_the_planner():
    """ISMCTS in chronicles plays its rollouts as the tactical planner would (random rollouts move figures
    nowhere and say little), for `SEARCH`'s depth; in the sampled world the planner still reads only the
    deciding seat's view. A short game of two searching seats plays to its end."""
    from guardians.games.chronicles.ai import SEARCH, rollout_policy

    searcher = make_player("ai:ismcts:12it", "chronicles", 1)
    assert searcher.policy is rollout_policy and searcher.rollout_depth == SEARCH["rollout_depth"]
    state = new_game(3, turn_limit=2)
    bots = [searcher, make_player("ai:ismcts:12it", "chronicles", 2), make_player("ai:greedy", "chronicles", 3)]
    checked = 0
    while not state.is_over:
        if len(state.decision.options) > 1 and checked < 12:
            assert rollout_policy(state, Rng(checked)) == TacticalPlayer(checked).choose(state)
            checked += 1
        state.apply(bots[state.decision.seat].choose(state))
    assert checked == 12 and state.result is not None
