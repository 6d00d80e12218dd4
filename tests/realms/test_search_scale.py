"""Realms' search reward scale: `RealmsState.EVAL_SCALE` squashes the evaluation's lead (`guardians.ai.ismcts`).

A lead squashed flat tells the search nothing: every rollout of a won-looking position scores about 1. The
evaluation counts a Shield destroyed as 30 and a land as 7, and leads of around a hundred are common, so the
scale must keep such positions inside the logistic's working range (performance-notes, "ISMCTS in realms":
the kernel's 10 saturated, 40 scored 30 of 40 seat-swapped games against greedy against 22 of 40 at 10)."""

from __future__ import annotations

from guardians.ai import GreedyPlayer, search_version
from guardians.ai.ismcts import squash
from guardians.engine.registry import get_game
from guardians.engine.state import GameConfig
from guardians.games.realms.rules.state import RealmsState


def _leads(games: int = 2) -> list[float]:
    """The deciding seat's lead over its rival, by the evaluation the search squashes, at every decision with a
    choice of `games` seeded greedy games."""
    game = get_game("realms")
    leads: list[float] = []
    for seed in range(games):
        state = game.new_game(GameConfig("realms", 2, ("ai:greedy", "ai:greedy"), game.INFO.variants[0]), seed)
        players = [GreedyPlayer(game.evaluate, seed * 2 + s) for s in range(2)]
        while not state.is_over:
            seat = state.decision.seat
            if len(state.decision.options) > 1:
                leads.append(game.evaluate(state, seat) - game.evaluate(state, 1 - seat))
            state.apply(players[seat].choose(state))
    return leads


def _saturated(leads: list[float], scale: float) -> float:
    """The share of rewards squashed to within 0.02 of 0 or 1."""
    return sum(1 for lead in leads if not 0.02 < squash(lead, scale) < 0.98) / len(leads)


def test_the_search_reward_is_not_squashed_flat():
    """Over whole greedy games, most positions' rewards stay clear of 0 and 1 at realms' scale; at the kernel's
    default (10) most of them were flat, which is why realms has a scale of its own."""
    scale = RealmsState.EVAL_SCALE
    assert scale > 10.0 and search_version("realms") >= 1
    leads = _leads()
    assert _saturated(leads, scale) < 0.3
    assert _saturated(leads, 10.0) > 0.5
