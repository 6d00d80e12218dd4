"""Rules read on a seat's view (`state.view(seat)`): they must not crash on hidden cards, and what they
compute there must be what the viewer may know (spec §5; ruling A36 in docs/rules-notes/realms.md).

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook).
"""

from __future__ import annotations

from realms.helpers import fight, fresh, put, terrain, vanilla

from guardians.games.realms.rules.model import HIDDEN

V5, V6, V9 = vanilla(5), vanilla(6), vanilla(9)


def test_kill_score_on_a_four_player_view_with_a_hidden_victory_card() -> None:
    """RB-4P "Random Victory Conditions": the Victory Card is seen by its owner only. Another seat's view
    hides it, so the kill score there counts only the Shields destroyed the viewer saw (the 8-10 card's
    doubling of Stronghold cards is not known); the owner's own view counts it."""
    state = fresh(players=4)
    pl = state.seats[0]
    pl.kills = [1, 2]
    pl.holds_destroyed = 1
    # make seat 0's Victory Card one that doubles Stronghold cards destroyed (number 8 to 10)
    card = next(cid for cid, c in state.content.cards.items() if c.number is not None and 8 <= c.up_card <= 10)
    state.cards[pl.victory] = card
    state.invalidate()
    assert state.kill_score(0) == 4
    other = state.view(1)
    assert other.cards[other.seats[0].victory] == HIDDEN
    assert other.kill_score(0) == 2
    assert state.view(0).kill_score(0) == 4


def test_a_view_does_not_reveal_the_hidden_strength_of_a_combat_hand() -> None:
    """RB-MR Combat, "Decide the victor": the totals count unplayed creatures of the Combat Hand too, but
    those cards are face down to the opponent until shown (spec §5). On the opponent's view the total
    counts only creatures it may identify, so two combats that differ only in the hidden hand give the
    same number; the owner's own view counts its whole hand."""
    totals = []
    for hidden in (V5, V9):
        state = fresh((V5, V6, V9))
        put(state, 0, "D0C", [V6.id])
        put(state, 1, "D1C", [hidden.id])
        terrain(state, "D1C", 1, face_down=True)
        fight(state, 0, 1, "D1C", "D0C")
        view = state.view(0)
        totals.append(view.total(1))
        assert state.view(1).total(1) == hidden.vitality
        assert view.total(0) == 6
    assert totals[0] == totals[1] == 0
