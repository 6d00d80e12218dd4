"""What each seat may see (spec T25, T26; rulings Q6, Q7, Q53).

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt L201 (heroes talk), L205-L207 (Skarov hears everything, but
cards may be played face down), L300 (the villain's cards face down), L203 (initiative cards face down).
"""

from __future__ import annotations

import json

from chronicles.game_helpers import do, new_game, past_setup, play_until
from guardians.engine import Rng
from guardians.games.chronicles.rules.model import HIDDEN


def _mid_strategy():
    state = past_setup(new_game(4))
    do(state, "power", "sf_steady_aim", "right")
    do(state, "power_done")
    play_until(state, lambda s: s.pending is not None and s.pending.kind == "event_st")
    state.apply(next(o for o in state.legal_actions() if o.kind == "event_st"))
    return state


def test_t25_villain_sees_counts_and_sides_not_cards_nor_initiative():
    """L205-L207: the villain sees how many cards each hero played and on which side, not which; L203 the
    initiative stack is face down; L534-L536 Wound identities in a hand stay hidden (ruling Q53)."""
    state = _mid_strategy()
    state.heroes[2].hand.append("dazed")
    view = state.view(0)
    sf = view.heroes[1]
    assert sf.played == [(HIDDEN, "right")]
    assert "sf_steady_aim" in sf.hand            # the pool of his cards is known, not the split
    assert view.initiative == [-1, -1, -1]
    assert HIDDEN + "w" in view.heroes[2].hand and "dazed" not in view.heroes[2].hand
    assert view.v_hand == state.v_hand           # his own hand


def test_t25_heroes_see_each_other_but_not_the_villains_cards():
    """L201 heroes may talk (ruling Q6); L300 the villain's Event cards are face down: counts only."""
    state = _mid_strategy()
    view = state.view(2)
    assert view.heroes[1].played == [("sf_steady_aim", "right")]
    assert view.initiative == state.initiative
    assert all(c == HIDDEN for c in view.v_hand) and len(view.v_hand) == len(state.v_hand)
    assert [len(v) for v in view.st.values()] == [len(v) for v in state.st.values()]
    assert all(c == HIDDEN for cards in view.st.values() for c in cards)
    assert all(c == HIDDEN for c in view.v_deck)


def test_the_reveal_shows_everything_played():
    """L332 "Heroes and Doktor Skarov reveal their Power and Event cards."."""
    state = _mid_strategy()
    play_until(state, lambda s: s.phase == "activation")
    assert state.view(0).heroes[1].played == [("sf_steady_aim", "right")]
    assert all(c != HIDDEN for cards in state.view(1).st.values() for c in cards)


def test_t26_determinize_agrees_with_the_view():
    """A determinized world looks to the seat exactly as the real state does, and its hidden cards are legal."""
    state = _mid_strategy()
    for seat in range(4):
        world = state.determinize(seat, Rng(seat))
        assert json.dumps(world.view(seat)._observation_data(), default=str) == \
            json.dumps(state.view(seat)._observation_data(), default=str)
        assert HIDDEN not in world.v_hand
        for hs in world.heroes.values():
            assert all(c in world.box.cards for c, _ in hs.played)
            assert all(c in world.box.cards for c in hs.hand)


def test_observations_do_not_change_with_hidden_information():
    """Two states that differ only in what a seat may not see give the same observation."""
    state = _mid_strategy()
    for seat in range(4):
        mine = state.observation(seat)
        for k in range(3):
            assert state.hidden_variant(seat, Rng(k)).observation(seat) == mine


def test_table_panels_name_no_hidden_card():
    """The generic table shows the villain's cards to him only, as face-down counts to the heroes."""
    state = _mid_strategy()
    for panel in state.table(1):
        if panel.title == "Doktor Skarov":
            assert not any(item.ref and item.ref.startswith("card:") for item in panel.items)
    skarov = next(p for p in state.table(0) if p.title == "Doktor Skarov")
    assert any(item.ref and item.ref.startswith("card:") for item in skarov.items)
