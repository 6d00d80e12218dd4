"""Placing cards in Draw and Organize (RB-MR I.C "Place Cards" and "Space Limitations";
RB = ../shared/seeds/001_7eb27caf5825ab9d.txt): the options at each placement are listed from the seat's plan
kept on the state (`_plan_of`), tallied as it grows; they must be exactly those worked out afresh from the
whole plan, and a state changed by hand (then `invalidate`d) must not be answered from an old plan."""

from __future__ import annotations

from realms.helpers import fresh, give, vanilla

from guardians.ai import RandomPlayer
from guardians.engine import GameConfig
from guardians.engine.registry import new_game

V5 = vanilla(5)


def test_every_placement_lists_what_a_fresh_listing_would() -> None:
    """Seeded random games, 2 and 4 players: at every placement decision the listed options (arguments, words
    and order) equal `_placement_options` worked out from the whole plan with no kept plan, plus Done."""
    checked = 0
    for players, seed in ((2, 0), (2, 1), (4, 2)):
        state = new_game(GameConfig("realms", players), seed)
        chooser = RandomPlayer(seed)
        while not state.is_over and state.round <= 4:
            decision = state.decision
            if decision.kind == "place":
                planned = list(state.commit.committed.get(decision.seat) or [])
                listed = [(o.kind, o.args, o.label) for o in decision.options]
                afresh = [(o.kind, o.args, o.label) for o in state._placement_options(decision.seat, planned)]
                assert listed == afresh + [("place_done", (), "Done placing")]
                checked += 1
            state.apply(chooser.choose(state))
    assert checked > 50


def test_a_state_changed_by_hand_is_listed_afresh_after_invalidate() -> None:
    """RB-MR "Space Limitations": a Stronghold card fallen to Rubble takes no new cards. Listed once, then the
    card falls (a change made by hand, as a rules test does, followed by `invalidate`): its options are gone."""
    state = fresh((V5,))
    five = give(state, 0, V5.id, "hand")
    state.phase, state.step, state.pending = "dno", "dnowin", None
    state.queue = []
    state.invalidate()
    state.advance()
    assert state.pending.kind == "place"
    assert (five, "S0L", "creature") in [o.args for o in state.legal_actions()]
    state.spaces["S0L"].rubble = True
    state.invalidate()
    assert [o.args for o in state.legal_actions() if o.kind == "place"] == [(five, "S0C", "creature"),
                                                                              (five, "S0R", "creature")]
