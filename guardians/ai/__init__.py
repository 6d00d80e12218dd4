"""Game-agnostic players over the State API.

Players see the game only through `state.decision`, `state.view(seat)` and `state.determinize(seat, rng)`:
they never read hidden cards of the real state. Levels: random, greedy (one ply with the game's evaluation),
tactical (a game's own planner, `game_player`; greedy where the game has none) and ismcts (information-set
Monte Carlo tree search, `ai/ismcts.py`; `ai:ismcts:2000ms` or `ai:ismcts:500it` sets its budget, one
second a decision by default).
"""

from __future__ import annotations

import importlib
import math
from typing import Callable, Protocol

from guardians.engine.actions import Action
from guardians.engine.registry import get_game
from guardians.engine.rng import Rng
from guardians.engine.state import AI_LEVELS, GameState

Evaluate = Callable[[GameState, int], float]
LEVELS = AI_LEVELS      # declared by the engine, so a save naming another level is refused when loaded
DEFAULT_SEARCH = "1000ms"


class Player(Protocol):
    def choose(self, state: GameState) -> Action: ...


class RandomPlayer:
    """Picks uniformly among the legal options."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        options = state.legal_actions()
        assert options, "choose() called on a finished game"
        return options[self.rng._randbelow(len(options))]      # randrange(n), one call fewer


class GreedyPlayer:
    """One ply: try every option on a determinized copy and keep the best evaluation.

    Ties are broken at random (seeded) so the player does not always take the first listed option.
    """

    def __init__(self, evaluate: Evaluate, seed: int = 0) -> None:
        self.evaluate = evaluate
        self.rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        decision = state.decision
        assert decision is not None, "choose() called on a finished game"
        options = decision.options
        if len(options) == 1:
            return options[0]
        seat = decision.seat
        world = state.determinize(seat, self.rng)
        # The real state's RNG fixes every future shuffle and die roll: hidden information too.
        world.rng = Rng(self.rng.getrandbits(64))
        best: list[Action] = []
        best_value = -math.inf
        for option in options:
            trial = world.clone()
            trial.apply(option)
            value = self.value(trial, seat)
            if value > best_value + 1e-9:
                best, best_value = [option], value
            elif abs(value - best_value) <= 1e-9:
                best.append(option)
        return best[self.rng.randrange(len(best))]

    def value(self, state: GameState, seat: int) -> float:
        result = state.result
        if result is not None:
            if seat in result.winners:
                return 1e9
            return -1e9 if result.winners or result.coop_loss else 0.0
        return self.evaluate(state, seat)


def _game_ai(game_id: str) -> object | None:
    """The game's own `ai` module, if it has one."""
    from guardians.engine.registry import GAME_MODULES

    if game_id not in GAME_MODULES:
        return None
    try:
        return importlib.import_module(GAME_MODULES[game_id] + ".ai")
    except ModuleNotFoundError:
        return None


def game_player(game_id: str, level: str, seed: int) -> Player | None:
    """A player the game builds itself (`make_player(level, seed)` in its `ai` module, returning None for a
    level it does not provide): a game-specific planner where generic search plays badly or slowly."""
    hook = getattr(_game_ai(game_id), "make_player", None)
    return hook(level, seed) if hook is not None else None


def rollout_policy(game_id: str) -> Callable | None:
    """The game's own ISMCTS rollout policy (`rollout_policy(state, rng)` in its `ai` module), if it has
    one: where uniform random play throws whole turns away, rollouts say little without it."""
    return getattr(_game_ai(game_id), "rollout_policy", None)


def search_settings(game_id: str) -> dict[str, int]:
    """The game's own ISMCTS settings (`SEARCH` in its `ai` module: `rollout_depth`, `prior_visits`), if any:
    how long a rollout says something in that game, and how much its one-ply evaluation is trusted."""
    return dict(getattr(_game_ai(game_id), "SEARCH", {}))


def ai_version(game_id: str) -> int:
    """The game's own AI version (`AI_VERSION` in its `ai` module; 0 if none): bumped when its evaluation
    changes, so every recorded strength result of that game alone is voided (a change to the search alone
    bumps `SEARCH_VERSION`)."""
    return int(getattr(_game_ai(game_id), "AI_VERSION", 0))


def search_version(game_id: str) -> int:
    """The game's own search version (`SEARCH_VERSION` in its `ai` module; 0 if none): bumped when its rollout
    policy, search settings or `EVAL_SCALE` change, which only the searching level plays by, so only the
    recorded strength results of that game's searching pairings are voided."""
    return int(getattr(_game_ai(game_id), "SEARCH_VERSION", 0))


def strength_table(game_id: str) -> tuple[int, str] | None:
    """The (players, variant) the game's strength is measured at (`STRENGTH_TABLE` in its `ai` module), if it
    names one: the table where two levels' games are won and lost, when its smallest competitive one is not."""
    table = getattr(_game_ai(game_id), "STRENGTH_TABLE", None)
    return None if table is None else (int(table[0]), str(table[1]))


def make_player(spec: str, game_id: str, seed: int) -> Player:
    """Build a player from a seat spec: "ai:random", "ai:greedy", "ai:ismcts[:budget]", "ai:tactical" (or the
    bare level name). A budget is "2000ms", "1s" or "500it" (see `ismcts.Budget.parse`). The game is asked
    first (`game_player`); "tactical" falls back to greedy for a game without a planner of its own."""
    level = spec.split(":", 1)[1] if spec.startswith("ai:") else spec
    level, _, budget = level.partition(":")
    if budget and level != "ismcts":
        raise ValueError(f"only ismcts takes a search budget, not {level!r}")
    if level in LEVELS and (own := game_player(game_id, level, seed)) is not None:
        return own
    if level == "tactical":
        level = "greedy"
    if level == "random":
        return RandomPlayer(seed)
    if level == "greedy":
        return GreedyPlayer(get_game(game_id).evaluate, seed)
    if level == "ismcts":
        from guardians.ai.ismcts import Budget, ISMCTSPlayer, relative_value

        extra: dict = search_settings(game_id)
        if (policy := rollout_policy(game_id)) is not None:
            extra["policy"] = policy
        return ISMCTSPlayer(relative_value(get_game(game_id).evaluate), Budget.parse(budget or DEFAULT_SEARCH),
                            seed, **extra)
    raise ValueError(f"unknown AI level {level!r}; known: {', '.join(LEVELS)}")
