"""The heroes AI: greedy against random, seat-swapped (issue "heroes: … its AI")."""

from __future__ import annotations

from guardians.sim import simulate


def test_greedy_beats_random_in_at_least_90_percent_of_400_seat_swapped_games() -> None:
    """Greedy (one ply over games/heroes/ai.py's evaluation) must win ≥ 90 % of 400 games against
    random, the two specs swapping seats every game."""
    report = simulate("heroes", ["ai:greedy", "ai:random"], games=400, seed=2024)
    assert report.errors == 0
    assert report.games == 400
    assert report.wins()["ai:greedy"] >= 360, report.wins()


def test_greedy_evaluation_prefers_points_and_knock_outs() -> None:
    """000_04d8657756ecac85.txt, OBJECTIVE: points win; a knock-out moves a token 2 — the evaluation
    must rank a scored location and a knocked-out enemy above the same position without them."""
    from guardians.games.heroes.ai import evaluate
    from heroes.helpers import arrange, new, to_first_action

    state = to_first_action(new(seed=9))
    me = state.active
    arrange(state, {"astra": (me, 0), "grave": (1 - me, 1)})
    base = evaluate(state, me)
    scored = state.clone()
    scored.scored[me].append("market_square")
    assert evaluate(scored, me) > base
    knocked = state.clone()
    knocked.heroes["grave"].slot = None
    knocked.heroes["grave"].ko = True
    assert evaluate(knocked, me) > base
    assert evaluate(knocked, 1 - me) < evaluate(state, 1 - me)
