"""The greedy evaluation (spec §4.4): the villain's view, the heroes' negation, and that it points the right way.

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt L552-L554 (articles decide the game).
"""

from __future__ import annotations

from chronicles.game_helpers import clear_board, new_game, put, to_activation
from guardians.games.chronicles.ai import evaluate, villain_value


def test_heroes_see_the_negation():
    state = to_activation(new_game(3))
    assert evaluate(state, 0) == -evaluate(state, 1) == villain_value(state)


def test_articles_and_knock_outs_point_the_right_way():
    """L552: each article counts for its side; a knocked-out hero is a shaming article and one activation less."""
    state = to_activation(new_game(3))
    base = villain_value(state)
    won = state.clone()
    won.add_progress("missile_silo", 4, "sgt_freedom")
    assert villain_value(won) < base - 50
    ko = state.clone()
    ko.heroes[2].in_play = False
    ko.figures["golden_boy"].cell = None
    assert villain_value(ko) > base + 50


def test_closer_to_the_objective_is_better_for_the_heroes():
    state = to_activation(new_game(2))
    clear_board(state, keep=("skarov",))
    put(state, "sgt_freedom", (2, 9))
    far = villain_value(state)
    state.doors = state.base.all_open
    put(state, "sgt_freedom", (8, 0))
    assert villain_value(state) < far


def test_greedy_plays_whole_games_on_both_sides():
    """Every player count plays to its end with greedy seats (a short game: a 2-turn limit)."""
    from guardians.ai import make_player

    for players in (2, 5):
        state = new_game(players, turn_limit=2)
        bots = [make_player("ai:greedy", "chronicles", s) for s in range(players)]
        while not state.is_over:
            state.apply(bots[state.decision.seat].choose(state))
        assert state.result is not None
