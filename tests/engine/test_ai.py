"""The generic AI players (guardians/ai): seeded, reproducible, and blind to what their seat cannot see."""

from __future__ import annotations

import pytest
from toy_game import DiceToy, ToyState, register_dice_toy

from guardians.ai import GreedyPlayer, RandomPlayer, make_player
from guardians.engine import Action, GameConfig, GameState, Rng
from guardians.engine.saves import replay


def _play(seed: int, specs: tuple[str, str], player_seed: int, game: str = "toy") -> GameState:
    state = replay(GameConfig(game, 2), seed, [])
    players = [make_player(spec, game, player_seed + seat) for seat, spec in enumerate(specs)]
    while not state.is_over:
        decision = state.decision
        assert decision is not None
        state.apply(players[decision.seat].choose(state))
    return state


@pytest.mark.parametrize("specs", [("ai:random", "ai:random"), ("ai:greedy", "ai:random"), ("ai:greedy", "ai:greedy")])
def test_players_are_seeded_and_reproducible(specs: tuple[str, str]) -> None:
    runs = [[e.action for e in _play(seed, specs, 100).history] for seed in range(10)]
    again = [[e.action for e in _play(seed, specs, 100).history] for seed in range(10)]
    assert runs == again
    other_seeds = [[e.action for e in _play(seed, specs, 555).history] for seed in range(10)]
    assert other_seeds != runs       # the player seed matters


def test_make_player_levels() -> None:
    assert isinstance(make_player("ai:random", "toy", 1), RandomPlayer)
    assert isinstance(make_player("ai:greedy", "toy", 1), GreedyPlayer)
    assert isinstance(make_player("greedy", "toy", 1), GreedyPlayer)
    with pytest.raises(ValueError, match="unknown AI level"):
        make_player("ai:genius", "toy", 1)


def test_players_only_choose_legal_options() -> None:
    state = ToyState(GameConfig("toy", 2), 2)
    for player in (RandomPlayer(3), make_player("ai:greedy", "toy", 3)):
        for _ in range(20):
            assert player.choose(state) in state.legal_actions()


def _peeky_evaluation(state: GameState, seat: int) -> float:
    """An evaluation that reads the opponent's hand: only a determinized world may reach it."""
    assert isinstance(state, ToyState)
    hidden = sum(state.hands[1 - seat]) * 7919 + sum(state.deck[:3]) * 104729
    return float((hidden + sum(state.hands[seat]) * 31 + state.scores[seat] * 17) % 101)


def _pairs() -> list[tuple[ToyState, ToyState]]:
    """Positions for seat to move, each with a twin that differs only in what that seat cannot see."""
    pairs = []
    for seed in range(40):
        state = ToyState(GameConfig("toy", 2), seed)
        mover = RandomPlayer(seed)
        for _ in range(seed % 5):
            if not state.is_over:
                state.apply(mover.choose(state))
        if state.is_over:
            continue
        seat = state.decision.seat  # type: ignore[union-attr]
        twin = state.determinize(seat, Rng(seed + 1000))
        twin.invalidate()
        if twin.hands[1 - seat] != state.hands[1 - seat] or twin.deck != state.deck:
            pairs.append((state, twin))
    return pairs


def test_greedy_choice_does_not_depend_on_hidden_cards() -> None:
    pairs = _pairs()
    assert len(pairs) > 20
    for index, (state, twin) in enumerate(pairs):
        assert state.view(state.decision.seat).digest() == twin.view(state.decision.seat).digest()  # type: ignore[union-attr]
        a = GreedyPlayer(_peeky_evaluation, seed=index).choose(state)
        b = GreedyPlayer(_peeky_evaluation, seed=index).choose(twin)
        assert a == b, f"pair {index}: {a} vs {b}"


def test_the_hidden_card_test_has_teeth() -> None:
    """A greedy player that skips determinization does change its mind on those pairs."""

    class Peeking(GreedyPlayer):
        def choose(self, state: GameState) -> Action:
            decision = state.decision
            assert decision is not None
            values = []
            for option in decision.options:
                trial = state.clone()
                trial.apply(option)
                values.append(self.value(trial, decision.seat))
            return decision.options[values.index(max(values))]

    differs = sum(Peeking(_peeky_evaluation).choose(a) != Peeking(_peeky_evaluation).choose(b) for a, b in _pairs())
    assert differs > 0


def _dice_evaluation(state: GameState, seat: int) -> float:
    assert isinstance(state, ToyState)
    return float(state.scores[seat] - state.scores[1 - seat])


def test_greedy_does_not_foresee_die_rolls(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real state's RNG is hidden information: greedy's lookahead must roll its own dice."""
    game_id = register_dice_toy(monkeypatch, evaluate=_dice_evaluation)
    choices = set()
    for token in range(30):
        state = DiceToy(GameConfig(game_id, 2), 1)
        state.rng = Rng(token)                     # same position, different future rolls
        choices.add(GreedyPlayer(_dice_evaluation, seed=7).choose(state))
    assert len(choices) == 1


def test_greedy_beats_random_on_the_toy_game() -> None:
    greedy_wins = random_wins = 0
    for seed in range(100):
        specs = ("ai:greedy", "ai:random") if seed % 2 == 0 else ("ai:random", "ai:greedy")
        winners = _play(seed, specs, seed * 13).result.winners  # type: ignore[union-attr]
        greedy_seat = specs.index("ai:greedy")
        greedy_wins += greedy_seat in winners
        random_wins += (1 - greedy_seat) in winners
    assert greedy_wins >= 60, (greedy_wins, random_wins)
    assert greedy_wins > 2 * random_wins
