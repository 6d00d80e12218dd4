"""The State API conformance harness on explore: 1-5 players, both difficulties, random and greedy seats,
with a hidden-information check (hands, decks, face-down cards, committed Power Up chains)."""

from __future__ import annotations

import json

import pytest

from conformance import run_conformance

from guardians.engine import GameConfig, GameState
from guardians.games.explore.rules import ExploreState
from guardians.games.explore.rules.model import HIDDEN


def explore_hidden_check(state: GameState, view: GameState, seat: int) -> None:
    """002_2f2b06678a8a6611.txt: decks face down ("DECK CREATION" 12, "WARM UP" 19), hands and secret
    quests secret ("SECRET QUESTS" 13, "SUPER CARDS" 14), draft stacks passed privately ("DRAFT" 16), boss
    cards face down until step 18, a boss face down until its battle ("BOSS BATTLE"), monster piles face down and Field/Third Wave monsters face down
    ("LOCATIONS" Field, "THIRD WAVE"), the Museum monster kept secret; rules notes: a Guardian-mode Power
    Up chain is hidden until the reveal. The view masks all of it; the seat's own hand stays visible."""
    assert isinstance(state, ExploreState) and isinstance(view, ExploreState)
    for colour, boss in state.bosses.items():       # "BOSS BATTLE": the boss is flipped when it attacks
        assert view.bosses[colour] == (boss if state.boss_revealed(colour) else HIDDEN), f"the {colour} boss"
    for s, pl in enumerate(view.p):
        real = state.p[s]
        assert all(view.cards[i] == HIDDEN for i in pl.deck), "a deck card is visible"
        if s == seat:
            assert sorted(view.cards[i] for i in pl.hand) == sorted(state.cards[i] for i in real.hand)
            assert all(view.quests[q] != HIDDEN for q in pl.quests + pl.quest_hand)
        else:
            assert all(view.cards[i] == HIDDEN for i in pl.hand), f"seat {s}'s hand is visible to {seat}"
            assert all(view.cards[i] == HIDDEN for i in pl.drafted + pl.super_hand), "another seat's draft is visible"
            if state.final is None:
                assert all(view.quests[q] == HIDDEN for q in pl.quests + pl.quest_hand), "a secret quest is visible"
            if pl.museum != -1:
                assert view.mons[pl.museum] == HIDDEN, "a Museum monster is visible"
            if state.pu_hidden(s):
                assert all(view.cards[i] == HIDDEN for i in pl.chain), "an unrevealed Power Up card is visible"
                data = json.dumps(view._digest_data(), default=str)
                assert json.dumps(real.round_data(), default=str) not in data or not real.chain, \
                    "unrevealed Power Up levels are in the view"
        for tucked_owner in ([] if s == seat else list(pl.under.values())):
            assert all(view.cards[i] == HIDDEN for i in tucked_owner), "a card under Aimed Shot is visible"
    for deck in view.wave_decks:
        assert all(view.mons[m] == HIDDEN for m in deck), "a monster pile card is visible"
    assert all(view.mons[m] == HIDDEN for m in state.down), "a face-down monster is visible"
    assert all(view.cards[i] == HIDDEN for i in view.supply), "the Supply is visible"
    if not state.boss_up:
        assert all(view.cards[i] == HIDDEN for i in state.boss_cards["blue"])
        assert all(view.quests[q] == HIDDEN for q in state.boss_cards["red"])
    hidden = state.hidden_cards(seat)
    for panel in state.table(seat):
        for item in panel.items:
            if item.ref and item.ref.startswith("card:"):
                assert int(item.ref[5:]) not in hidden, f"hidden card {item.ref} on the table of seat {seat}"
    for event in state.log[-30:]:
        if event.secret is not None and seat not in event.seats:
            assert event.text_for(seat) == event.text


CONFIGS = [
    GameConfig("explore", 1, ("ai:random",)),
    GameConfig("explore", 2, ("ai:random",) * 2),
    GameConfig("explore", 3, ("ai:random",) * 3),
    GameConfig("explore", 4, ("ai:random",) * 4),
    GameConfig("explore", 5, ("ai:random",) * 5),
    GameConfig("explore", 1, ("ai:random",), "apprentice"),
    GameConfig("explore", 2, ("ai:random",) * 2, "apprentice"),
    GameConfig("explore", 3, ("ai:random",) * 3, "apprentice_coop"),
    GameConfig("explore", 4, ("ai:random",) * 4, "coop"),
    GameConfig("explore", 5, ("ai:random",) * 5, "apprentice"),
]


@pytest.mark.slow
def test_explore_conforms_over_500_games() -> None:
    """DESIGN.md "Testing": ≥ 500 seeded games, random and greedy seats, 1 to 5 players, both difficulties."""
    report = run_conformance("explore", CONFIGS, range(51), hidden_check=explore_hidden_check,
                             max_decisions=6000, sample_every=41, save_every=8, twin=False)
    assert report.games == 510
    assert report.determinizations_checked > 500
    assert report.saves_checked >= 510
    assert len(report.outcomes) > 2


def test_explore_conforms_quick() -> None:
    """The same contract on a few games, sampled densely: the fast loop (`make check`) runs this one."""
    report = run_conformance("explore", CONFIGS, range(1), hidden_check=explore_hidden_check,
                             max_decisions=6000, sample_every=9, save_every=4)
    assert report.games == 10
    assert report.variants_checked > 100 and report.variants_differed > 50


def test_a_hidden_card_put_back_into_the_view_is_caught(monkeypatch) -> None:
    """DESIGN.md "The State API": two states that differ only in what a seat may not see give byte-identical
    views. Naming one card of another seat's hand in the view must fail the harness's observation check."""
    import pytest
    from conformance import ConformanceFailure

    real_observe = ExploreState._observe

    def leaky(self, seat):
        view = real_observe(self, seat)
        for s, pl in enumerate(self.p):
            if s != seat and pl.hand:
                view.cards[view.p[s].hand[0]] = self.cards[pl.hand[0]]
                break
        return view

    monkeypatch.setattr(ExploreState, "_observe", leaky)
    with pytest.raises(ConformanceFailure, match="leaks hidden information"):
        run_conformance("explore", [GameConfig("explore", 2, ("ai:random",) * 2)], range(1), sample_every=5)
