"""The State API conformance harness on heroes: 2 and 4 players, both variants, random and greedy seats."""

from __future__ import annotations

import pytest
from conformance import ConformanceFailure, run_conformance

from guardians.engine import GameConfig, GameState
from guardians.games.heroes.rules import HeroesState
from guardians.games.heroes.rules.model import HIDDEN


def heroes_hidden_check(state: GameState, view: GameState, seat: int) -> None:
    """000_04d8657756ecac85.txt, 4-PLAYER GAME "Shared Information" (no player sees another's hand, a
    teammate's included) and Draw (decks are face down): in the view every deck card and every other
    seat's hand card is masked; the seat's own hand and all discards are visible."""
    assert isinstance(state, HeroesState) and isinstance(view, HeroesState)
    for s, player in enumerate(view.seats):
        assert all(view.cards[i] == HIDDEN for i in player.deck), "a deck card is visible"
        assert all(view.cards[i] != HIDDEN for i in player.discard), "a discard is masked"
        if s == seat:
            assert [view.cards[i] for i in sorted(player.hand)] == [state.cards[i] for i in sorted(state.seats[s].hand)]
        else:
            assert all(view.cards[i] == HIDDEN for i in player.hand), f"seat {s}'s hand is visible to {seat}"
    for panel in state.table(seat):
        if panel.owner is not None and panel.owner != seat:
            assert not any(item.ref and item.ref.startswith("card:") for item in panel.items), "a hand card on the table"
    for event in state.log[-20:]:
        if event.secret is not None and seat not in event.seats:
            assert event.text_for(seat) == event.text


CONFIGS = [
    GameConfig("heroes", 2, ("ai:random", "ai:random")),
    GameConfig("heroes", 2, ("ai:random", "ai:random"), "first_game"),
    GameConfig("heroes", 4, ("ai:random",) * 4),
]


@pytest.mark.slow
def test_heroes_conforms_over_500_games() -> None:
    """DESIGN.md "Testing": ≥ 500 seeded games, random and greedy seats, 2 and 4 players."""
    report = run_conformance("heroes", CONFIGS, range(170), hidden_check=heroes_hidden_check,
                             max_decisions=6000, sample_every=23, save_every=6, twin=False)
    assert report.games == 510
    assert report.determinizations_checked > 500
    assert report.saves_checked >= 510
    assert len(report.outcomes) > 2


def test_heroes_conforms_quick() -> None:
    """The same contract on a few games, sampled densely: the fast loop (`make check`) runs this one."""
    report = run_conformance("heroes", CONFIGS, range(2), hidden_check=heroes_hidden_check,
                             max_decisions=6000, sample_every=5, save_every=4)
    assert report.games == 6
    assert report.variants_checked > 100 and report.variants_differed > 50


def test_observation_hides_and_renumbers_hidden_cards() -> None:
    """The view names no hidden card, renumbers hidden instances canonically, sorts the location deck, and
    two states differing only in what the seat may not see give the same bytes."""
    from guardians.engine import Rng
    from guardians.games.heroes import new_game

    state = new_game(CONFIGS[0], 3)
    while state.phase != "action":
        state.apply(state.legal_actions()[0])
    assert isinstance(state, HeroesState)
    view = state.view(0)
    assert isinstance(view, HeroesState)
    hidden = sorted(state.hidden_instances(0))
    assert sorted(view.seats[1].hand + view.seats[1].deck + view.seats[0].deck) == hidden
    mine = len(view.seats[0].deck)           # canonical order: seat 0's deck, then seat 1's hand and deck
    assert view.seats[0].deck == hidden[:mine]
    assert view.seats[1].hand == hidden[mine:mine + len(view.seats[1].hand)]
    assert view.loc_deck == sorted(state.loc_deck)
    assert {view.cards[i] for i in hidden} == {HIDDEN}
    assert view.seed is None and not view.history and view.viewer == 0
    variant = state.hidden_variant(0, Rng(5))
    assert variant.digest() != state.digest()
    assert variant.observation(0) == state.observation(0)
    world = state.determinize(0, Rng(9))
    assert isinstance(world, HeroesState) and HIDDEN not in world.cards
    assert world.view(0)._observation_data() == view._observation_data()


def test_a_hidden_card_put_back_into_the_view_fails_the_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """The harness's `check_observation` catches a leak: a view that names the next card of another
    seat's deck (the renumbered slot given the real identity) differs between hidden variants."""
    honest = HeroesState._observe

    def leaky(self: HeroesState, seat: int | None) -> HeroesState:
        view = honest(self, seat)
        other = 1 - (seat or 0) % 2
        if self.seats[other].deck:
            view.cards = list(view.cards)
            view.cards[view.seats[other].deck[-1]] = self.cards[self.seats[other].deck[-1]]
        return view

    monkeypatch.setattr(HeroesState, "_observe", leaky)
    with pytest.raises(ConformanceFailure, match="leaks hidden information|sees differently|disagrees"):
        run_conformance("heroes", CONFIGS[:1], range(2), max_decisions=6000, sample_every=5)
