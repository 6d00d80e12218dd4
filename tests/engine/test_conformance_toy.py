"""The conformance harness on the toy game: the kernel's own State API contract holds end to end."""

from __future__ import annotations

from conformance import run_conformance
from toy_game import HIDDEN, ToyState

from guardians.engine import GameConfig, GameState


def toy_hidden_check(state: GameState, view: GameState, seat: int) -> None:
    """A seat sees its own hand; the other hand and the deck are masked, their sizes kept."""
    assert isinstance(state, ToyState) and isinstance(view, ToyState)
    other = 1 - seat
    assert view.hands[seat] == state.hands[seat], "own hand masked"
    assert view.hands[other] == [HIDDEN] * len(state.hands[other]), f"seat {other}'s hand visible"
    assert view.deck == [HIDDEN] * len(state.deck), "deck order visible"
    for panel in state.table(seat):
        if panel.owner == other:
            assert all(item.text == "?" and item.face is None for item in panel.items), "hand shown on the table"


def test_toy_game_conforms_over_200_seeds() -> None:
    config = GameConfig("toy", 2)
    report = run_conformance("toy", [config], range(200), hidden_check=toy_hidden_check, max_decisions=200)
    assert report.games == 200
    assert report.saves_checked >= 200          # at least the end of every game
    assert report.determinizations_checked > 200
    assert report.undos_checked > 0
    assert len(report.outcomes) > 1              # both seats win sometimes: the games are not all alike


def test_every_decision_checked_when_sampling_every_step() -> None:
    config = GameConfig("toy", 2)
    report = run_conformance("toy", [config], range(5), hidden_check=toy_hidden_check,
                             sample_every=1, save_every=1)
    assert report.sampled == report.decisions
    assert report.saves_checked == report.decisions + report.games
