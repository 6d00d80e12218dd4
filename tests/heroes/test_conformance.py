"""The State API conformance harness on heroes: 2 and 4 players, both variants, random and greedy seats."""

from __future__ import annotations

from conformance import run_conformance

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


def test_heroes_conforms_over_500_games() -> None:
    """DESIGN.md "Testing": ≥ 500 seeded games, random and greedy seats, 2 and 4 players."""
    report = run_conformance("heroes", CONFIGS, range(170), hidden_check=heroes_hidden_check, observation=False,
                             max_decisions=6000, sample_every=23, save_every=6)
    assert report.games == 510
    assert report.determinizations_checked > 500
    assert report.saves_checked >= 510
    assert len(report.outcomes) > 2
