"""Information-set MCTS (guardians/ai/ismcts.py): seeded, blind to what its seat cannot see, stoppable,
and stronger than the players below it on a game small enough to test."""

from __future__ import annotations

import threading

import pytest
from test_ai import _pairs, _peeky_evaluation, _play
from toy_game import DiceToy, ToyState, register_dice_toy

from guardians.ai import make_player
from guardians.ai.ismcts import Budget, ISMCTSPlayer, outcome, relative_value, squash
from guardians.engine import Action, GameConfig, GameState, Rng
from guardians.engine.registry import new_game


def _ismcts(evaluate, iterations: int = 60, seed: int = 0) -> ISMCTSPlayer:  # type: ignore[no-untyped-def]
    return ISMCTSPlayer(relative_value(evaluate), Budget(iterations=iterations), seed=seed, rollout_depth=8)


def test_budget_parsing() -> None:
    assert Budget.parse("2000ms") == Budget(millis=2000.0)
    assert Budget.parse("1s") == Budget(millis=1000.0)
    assert Budget.parse("500it") == Budget(iterations=500)
    assert Budget.parse("64") == Budget(iterations=64)
    with pytest.raises(ValueError, match="search budget"):
        Budget.parse("fast")


def test_make_player_reads_the_ismcts_spec() -> None:
    player = make_player("ai:ismcts:300it", "toy", 1)
    assert isinstance(player, ISMCTSPlayer) and player.budget == Budget(iterations=300)
    assert make_player("ai:ismcts", "toy", 1).budget == Budget(millis=1000.0)   # type: ignore[union-attr]
    with pytest.raises(ValueError, match="only ismcts"):
        make_player("ai:greedy:300it", "toy", 1)


def test_a_games_own_search_settings_reach_its_player() -> None:
    """`SEARCH` in a game's ai module (realms: a root prior and short rollouts) sets its ISMCTS player's."""
    from guardians.games.realms import ai as realms_ai

    player = make_player("ai:ismcts:10it", "realms", 0)
    assert isinstance(player, ISMCTSPlayer)
    assert (player.prior_visits, player.rollout_depth) == (realms_ai.SEARCH["prior_visits"],
                                                           realms_ai.SEARCH["rollout_depth"])
    toy = make_player("ai:ismcts:10it", "toy", 0)
    assert isinstance(toy, ISMCTSPlayer) and toy.prior_visits == 0


def test_rewards_are_win_chances() -> None:
    assert squash(0.0, 10.0) == 0.5
    assert 0.0 < squash(-1e9, 1.0) < squash(-5, 10) < 0.5 < squash(5, 10) < squash(1e9, 1.0) <= 1.0
    state = ToyState(GameConfig("toy", 2), 1)
    state.hands = [[], []]
    state.scores = [9, 4]
    assert state.result is not None
    assert (outcome(state, 0), outcome(state, 1)) == (1.0, 0.0)


def test_same_seed_and_iterations_same_games() -> None:
    specs = ("ai:ismcts:40it", "ai:random")
    runs = [[e.action for e in _play(seed, specs, 100).history] for seed in range(6)]
    assert runs == [[e.action for e in _play(seed, specs, 100).history] for seed in range(6)]


def test_choice_does_not_depend_on_hidden_cards() -> None:
    """Two positions that differ only in what the seat cannot see (the other hand, the deck order), an
    evaluation that reads them, the same seed: the same choice."""
    pairs = _pairs()
    assert len(pairs) > 20
    for index, (state, twin) in enumerate(pairs):
        a = _ismcts(_peeky_evaluation, seed=index).choose(state)
        b = _ismcts(_peeky_evaluation, seed=index).choose(twin)
        assert a == b, f"pair {index}: {a} vs {b}"


def test_the_hidden_card_test_has_teeth() -> None:
    """A search that plays in copies of the real state instead of sampled worlds does change its mind."""

    class Peeking(ISMCTSPlayer):
        def _world(self, state: GameState, seat: int, rng: Rng) -> GameState:
            world = state.clone()
            world.rng = Rng(rng.getrandbits(64))
            return world

    differs = 0
    for index, (state, twin) in enumerate(_pairs()):
        make = lambda: Peeking(relative_value(_peeky_evaluation), Budget(iterations=60), seed=index,  # noqa: E731
                               rollout_depth=8)
        differs += make().choose(state) != make().choose(twin)
    assert differs > 0


@pytest.mark.parametrize("game,players,variant", [("heroes", 2, "standard"), ("heroes", 4, "standard"),
                                                  ("explore", 3, "standard"), ("explore", 2, "coop"),
                                                  ("realms", 2, "standard"), ("chronicles", 3, "standard")])
def test_choice_on_the_real_games_does_not_depend_on_hidden_information(game: str, players: int,
                                                                         variant: str) -> None:
    """The same, on positions of the real games: `hidden_variant` changes everything the seat may not see
    (other hands, decks, hidden commitments); ISMCTS with the same seed must not notice."""
    checked = 0
    for seed in range(4):
        state = new_game(GameConfig(game, players, ("ai:random",) * players, variant), seed)
        mover = make_player("ai:random", game, seed)
        for step in range(160):
            if state.is_over:
                break
            if step % 40 == 39 and len(state.legal_actions()) > 1:
                seat = state.decision.seat  # type: ignore[union-attr]
                twin = state.hidden_variant(seat, Rng(seed * 1000 + step))
                a = make_player("ai:ismcts:24it", game, step).choose(state)
                b = make_player("ai:ismcts:24it", game, step).choose(twin)
                assert a == b, f"{game} seed {seed} step {step}: {a} vs {b}"
                checked += 1
            state.apply(mover.choose(state))
    assert checked >= 6


def _likes_fives(state: GameState, seat: int) -> float:
    """Seat 0 likes the last card played the nearer its number is to a multiple of five plus four."""
    assert isinstance(state, ToyState)
    return float(state.played[-1] % 5) if seat == 0 and state.played else 0.0


def test_the_root_prior_is_the_one_ply_ranking() -> None:
    """With the prior weighing far more than the iterations, the search plays what one ply says is best;
    without it, a search this short does not always (so the prior is what decided)."""
    decided = differs = 0
    for seed in range(30):
        state = ToyState(GameConfig("toy", 2), seed)
        hand = state.hands[0]
        ranked = sorted(hand, key=lambda card: card % 5, reverse=True)
        if ranked[0] % 5 == ranked[1] % 5 or ranked[0] % 5 == 0:
            continue
        best = Action("play", (ranked[0],), f"Play {ranked[0]}", (f"card:{ranked[0]}",))

        def search(prior: int) -> Action:
            return ISMCTSPlayer(relative_value(_likes_fives), Budget(iterations=16), seed=seed, rollout_depth=4,
                                prior_visits=prior).choose(state)

        assert search(10**6) == best, seed
        decided += 1
        differs += search(0) != best
    assert decided >= 10 and differs > 0


def test_die_rolls_are_not_foreseen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The real state's RNG is hidden information too: each world rolls its own dice."""
    game_id = register_dice_toy(monkeypatch, evaluate=_dice)
    choices = set()
    for token in range(12):
        state = DiceToy(GameConfig(game_id, 2), 1)
        state.rng = Rng(token)
        choices.add(_ismcts(_dice, iterations=30, seed=7).choose(state))
    assert len(choices) == 1


def _dice(state: GameState, seat: int) -> float:
    assert isinstance(state, ToyState)
    return float(state.scores[seat] - state.scores[1 - seat])


def test_hurry_answers_at_once() -> None:
    """A person may say "move now": a search with an hour's budget returns a legal move when hurried."""
    state = ToyState(GameConfig("toy", 2), 3)
    player = ISMCTSPlayer(relative_value(_dice), Budget(millis=3_600_000), seed=1)
    answer: list = []
    thread = threading.Thread(target=lambda: answer.append(player.choose(state)))
    thread.start()
    for _ in range(600):
        thread.join(timeout=0.1)
        if player.thinking:
            break
    player.hurry()
    thread.join(timeout=60)
    assert not thread.is_alive()
    assert answer and answer[0] in state.legal_actions()


def test_ismcts_beats_random_on_the_toy_game() -> None:
    """Seats swapped game by game; ISMCTS at 100 iterations a decision against random play."""
    wins = losses = 0
    for seed in range(40):
        specs = ("ai:ismcts:100it", "ai:random") if seed % 2 == 0 else ("ai:random", "ai:ismcts:100it")
        winners = _play(seed, specs, seed * 13).result.winners  # type: ignore[union-attr]
        me = specs.index("ai:ismcts:100it")
        wins += me in winners
        losses += (1 - me) in winners
    assert wins >= 28 and wins > 3 * losses, (wins, losses)
