"""Every decision of a realms game lists exactly what the rules allow at that moment, however it was found: the
state keeps some options between steps for speed (the placing plan, `_Plan`; the options a step found to know
whether to ask a seat, `_ask_with`; options made once per card, space or path in the card-table cache). A copy
of the state that keeps none of that (a clone, `invalidate`d) must list the same options, in the same order,
with the same words (RB = ../shared/seeds/001_7eb27caf5825ab9d.txt: every phase, RB-MR pp. 24-42)."""

from __future__ import annotations

from guardians.ai import RandomPlayer
from guardians.engine import GameConfig
from guardians.engine.registry import new_game


def _listing(decision) -> list:
    return [decision.seat, decision.kind, decision.prompt, [(o.kind, o.args, o.label, o.refs) for o in decision.options]]


def test_every_decision_equals_the_one_found_afresh_on_a_copy() -> None:
    """Seeded random games, 2 and 4 players, to their end: at every decision the listing equals that of an
    invalidated clone (which keeps no plan, no options found earlier), kinds of decision of every phase."""
    kinds: set[str] = set()
    for players, seed in ((2, 5), (2, 6), (4, 7)):
        state = new_game(GameConfig("realms", players), seed)
        chooser = RandomPlayer(seed)
        while not state.is_over:
            copy = state.clone()
            copy.invalidate()
            assert _listing(state.decision) == _listing(copy.decision)
            kinds.add(state.decision.kind)
            state.apply(chooser.choose(state))
    assert {"place", "shield", "discard", "turn_shield", "move_option", "modify", "window"} <= kinds
