"""The State API conformance harness on chronicles: every player count (2-5), every variant, random and greedy
seats (tests/conformance.py)."""

from __future__ import annotations

import pytest
from conformance import run_conformance

from guardians.engine import GameConfig, GameState
from guardians.games.chronicles.rules.model import HIDDEN
from guardians.games.chronicles.rules.state import ChroniclesState


def chronicles_hidden_check(state: GameState, view: GameState, seat: int) -> None:
    """Rulings Q6/Q7/Q53 (004_fe7a1a573f931c0d.txt L201-L207, L300): decks are never shown; the villain's hand
    and, until the reveal, his face-down Event cards are hidden from the heroes; the heroes' face-down plays, the
    initiative order before the flips and the Wounds in their hands are hidden from the villain."""
    assert isinstance(state, ChroniclesState) and isinstance(view, ChroniclesState)
    assert all(c == HIDDEN for c in view.v_deck) and all(c == HIDDEN for c in view.wound_deck)
    if seat != 0:
        assert all(c == HIDDEN for c in view.v_hand), "the villain's hand is visible to a hero"
        if state.sealed():
            assert all(c == HIDDEN for cards in view.st.values() for c in cards)
    else:
        assert view.v_hand == state.v_hand
        for s, hs in view.heroes.items():
            assert all(c.startswith(HIDDEN) or state.box.cards[c].deck != "wound" for c in hs.hand)
            if state.sealed():
                assert all(c == HIDDEN for c, _ in hs.played), f"hero {s}'s face-down play is visible"
        assert all(x == -1 for x in view.initiative[view.flipped:])
    for event in state.log[-30:]:
        if event.secret is not None and seat not in event.seats:
            assert event.text_for(seat) == event.text


CONFIGS = [
    GameConfig("chronicles", 2, options=(("scenario", "welcome_to_the_lair"),)),
    GameConfig("chronicles", 3, variant="rookie", options=(("scenario", "the_hostage"),)),
    GameConfig("chronicles", 4, variant="open_strategy", options=(("scenario", "blackout_broadcast"),)),
    GameConfig("chronicles", 5, variant="veteran", options=(("scenario", "doomsday_reactor"),)),
]


@pytest.fixture(autouse=True)
def registered():
    """The game is found through the registry (registered there once it plays end to end)."""
    from guardians.engine import registry
    import guardians.games.chronicles as game

    if "chronicles" not in registry.GAME_MODULES:
        registry.register("chronicles", game)
    yield


def test_chronicles_conforms_quick() -> None:
    """The contract with greedy seats (2 and 3 players), sampled densely; the random run covers 4 and 5."""
    report = run_conformance("chronicles", CONFIGS[:2], range(1), seat_kinds=("greedy", "random"),
                             hidden_check=chronicles_hidden_check, max_decisions=20000, sample_every=9,
                             save_every=4)
    assert report.games == 2
    assert report.variants_checked > 100 and report.variants_differed > 50
    assert report.determinizations_checked > 100


def test_chronicles_conforms_random_quick() -> None:
    report = run_conformance("chronicles", CONFIGS, range(1, 2), seat_kinds=("random",),
                             hidden_check=chronicles_hidden_check, max_decisions=20000, sample_every=41,
                             save_every=6)
    assert report.games == 4


@pytest.mark.slow
@pytest.mark.parametrize("difficulty", ["easy", "challenging", "difficult"])
def test_chronicles_conforms_over_500_games_per_difficulty(difficulty: str) -> None:
    """≥ 500 seeded games per scenario difficulty (004_fe7a1a573f931c0d.txt L90-L93): its two scenarios, 1 to 4
    heroes and the variants rotating; random seats with a tactical seat in some games (greedy plays the quick
    run), sampled sparsely: a few samples a game, the checks that replay the game once in ten samples."""
    from guardians.games.chronicles import cards

    box = cards.load_content().box
    scenarios = sorted(sid for sid, sc in box.scenarios.items() if sc.difficulty == difficulty)
    assert len(scenarios) == 2
    variants = ["standard", "rookie", "veteran", "open_strategy"]
    configs = [GameConfig("chronicles", players, variant=variants[(i + players) % 4], options=(("scenario", sc),))
               for players in (2, 3, 4, 5) for i, sc in enumerate(scenarios)]
    report = run_conformance("chronicles", configs, range(63), seat_kinds=("random",) * 19 + ("tactical",),
                             hidden_check=chronicles_hidden_check, max_decisions=20000, sample_every=173,
                             save_every=10, twin=False)
    assert report.games == 504
    assert report.determinizations_checked > 500 and report.saves_checked >= 504
    assert set(report.outcomes) <= {"won:0"} | {"won:" + ",".join(str(s) for s in range(1, n))
                                                               for n in (2, 3, 4, 5)}
