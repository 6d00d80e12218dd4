"""Information-set Monte Carlo tree search (Cowling, Powley and Whitehouse, 2012) over the State API.

Why this shape:

- **Honest.** Each iteration samples one world from the searching seat's observation
  (`state.determinize(seat, rng)`, built from `view(seat)` alone) and plays in it. The real state is
  never read beyond its decision and what `determinize` gives, so hidden cards cannot steer the search.
- **Information sets, one tree per observer.** A node belongs to the seat deciding there and is keyed by
  what that seat has seen since the root: its own actions in full, and of the other seats' actions only
  the events it was told (`Event.data_for(seat)`; the conformance harness checks those carry nothing
  hidden). A seat's choice therefore never depends on what it could not see, its own or another's
  hidden commitment included: simultaneous choices collected seat by seat are handled by the same rule
  (multiple-observer ISMCTS). Chance (a draw, a die) shows up as the events the observer was told.
- **Availability.** An option that exists only in some worlds is counted in UCB by how often it was
  available, not by the parent's visits.
- **Rollouts** follow a policy (uniform random unless the game supplies one) for a bounded number of
  actions and are scored by the game's evaluation squashed to [0, 1] (a finished game scores 1, 0 or ½).
- **A prior at the root** (optional, `prior_visits`): every option of the decision is first tried one
  ply deep on one determinization, as the greedy player does, and its reward counts as that many visits
  (prior knowledge, Gelly and Silver 2007). A search too short to tell dozens of options apart then
  starts from greedy's ranking instead of from a handful of noisy rollouts each, and more iterations
  overrule it.
- **Budget** in iterations (reproducible: same seed and budget, same choice) or milliseconds; `hurry()`
  from another thread makes the search answer with what it has ("move now").
"""

from __future__ import annotations

import math
import threading
import time
from dataclasses import dataclass
from typing import Any, Callable, Hashable

from guardians.engine.actions import Action
from guardians.engine.rng import Rng
from guardians.engine.state import GameState

MIN_HURRIED = 16    # a hurried search still looks this far: "move now" should not mean "move at random"

# Bump when the search plays differently: the tournament keeps results per version.
VERSION = 3          # 2: solo and co-operative rollouts scored against the root's evaluation; 3: game rollout policies

Evaluate = Callable[[GameState, int], float]
RolloutPolicy = Callable[[GameState, Rng], Action]
Key = Hashable


@dataclass(frozen=True)
class Budget:
    """How long one decision may search: a number of iterations, or of milliseconds (or both: the first
    reached stops it). Iterations make a search reproducible; milliseconds bound what a player waits."""

    iterations: int | None = None
    millis: float | None = None

    @classmethod
    def parse(cls, text: str) -> "Budget":
        """"2000ms", "1s", "500it" (or a bare number of iterations)."""
        raw = text.strip().lower()
        try:
            if raw.endswith("ms"):
                return cls(millis=float(raw[:-2]))
            if raw.endswith("s"):
                return cls(millis=1000.0 * float(raw[:-1]))
            if raw.endswith("it"):
                return cls(iterations=int(raw[:-2]))
            return cls(iterations=int(raw))
        except ValueError:
            raise ValueError(f"unknown search budget {text!r}: use e.g. 1000ms, 1s or 500it") from None


class _Edge:
    __slots__ = ("visits", "total", "avail")

    def __init__(self) -> None:
        self.visits = 0
        self.total = 0.0
        self.avail = 0


class _Node:
    """An information set of the seat deciding there: its options seen so far, by action key."""

    __slots__ = ("edges",)

    def __init__(self) -> None:
        self.edges: dict[tuple, _Edge] = {}


def _freeze(value: Any) -> Hashable:
    if isinstance(value, (list, tuple)):
        return tuple(_freeze(v) for v in value)
    if isinstance(value, dict):
        return tuple(sorted((str(k), _freeze(v)) for k, v in value.items()))
    if isinstance(value, (set, frozenset)):
        return tuple(sorted(repr(v) for v in value))
    return value


def seen_by(world: GameState, observer: int, actor: int, kind: str, action: Action) -> Key:
    """What `observer` learns from `actor`'s last action in `world`: the action itself if it is theirs,
    else only the events they were told of it."""
    if observer == actor:
        return (kind, action.key)
    return (actor, kind, tuple((e.kind, e.refs, _freeze(e.data_for(observer))) for e in world.events))


def squash(value: float, scale: float) -> float:
    """An evaluation as a reward in (0, 1): ½ at 0, a logistic of `value / scale`."""
    x = max(-60.0, min(60.0, value / scale))
    return 1.0 / (1.0 + math.exp(-x))


class RelativeValue:
    """A seat's reward from the game's evaluation: against the best seat not on its side, or, for a seat
    with no rivals (solo and co-operative games), the evaluation's change since the search's root; then
    squashed to (0, 1) by the game's `EVAL_SCALE` (about what one step towards winning is worth to its
    evaluation). Why the root: an evaluation alone is not centred (a co-operative explore position is
    worth hundreds), and squashed as it is every rollout would score about 1, leaving the search blind."""

    def __init__(self, evaluate: Evaluate) -> None:
        self.evaluate = evaluate

    def __call__(self, state: GameState, seat: int, base: float = 0.0) -> float:
        mine = self.evaluate(state, seat)
        friends = state.teammates(seat)
        rivals = [self.evaluate(state, s) for s in range(state.config.players) if s not in friends]
        return squash(mine - max(rivals) if rivals else mine - base, state.EVAL_SCALE)

    def baseline(self, state: GameState) -> list[float]:
        """Each seat's `base` in `state` (the search's root): its evaluation if it has no rivals, else 0."""
        players = state.config.players
        return [self.evaluate(state, s) if len(state.teammates(s)) == players else 0.0 for s in range(players)]


def relative_value(evaluate: Evaluate) -> RelativeValue:
    """The reward `ISMCTSPlayer` uses by default (see `RelativeValue`)."""
    return RelativeValue(evaluate)


def outcome(state: GameState, seat: int) -> float:
    """A finished game's reward for `seat`: 1 for a win, 0 for a loss, ½ for a draw."""
    result = state.result
    assert result is not None
    if result.winners:
        return 1.0 if seat in result.winners else 0.0
    return 0.0 if result.coop_loss else 0.5


def random_policy(state: GameState, rng: Rng) -> Action:
    options = state.legal_actions()
    return options[rng.randrange(len(options))]


class ISMCTSPlayer:
    """Plays by information-set MCTS within a `Budget`.

    `value(state, seat)` scores a rollout cut short, in [0, 1]; `policy` plays the rollouts;
    `rollout_depth` bounds them (0: score the node reached at once); `prior_visits` is how many visits
    the one-ply reward of each root option counts as (0: no prior).
    """

    def __init__(self, value: Callable[[GameState, int], float], budget: Budget, seed: int = 0,
                 policy: RolloutPolicy = random_policy, rollout_depth: int = 30,
                 exploration: float = 0.7, prior_visits: int = 0) -> None:
        if budget.iterations is None and budget.millis is None:
            raise ValueError("an ISMCTS budget needs iterations or milliseconds")
        self.value = value
        self.budget = budget
        self.rng = Rng(seed)
        self.policy = policy
        self.rollout_depth = rollout_depth
        self.exploration = exploration
        self.prior_visits = prior_visits
        self._hurry = threading.Event()
        self.last_iterations = 0          # how many the last decision ran (for benchmarks and the UI)
        self.thinking = False             # True while a search runs (the UI says so; `hurry` cuts it short)
        self._bases: list[float] | None = None    # each seat's evaluation at the root (`RelativeValue`)

    def hurry(self) -> None:
        """Answer now with what the search has (safe to call from another thread): the running search,
        or the next one if none runs, stops after `MIN_HURRIED` iterations."""
        self._hurry.set()

    def choose(self, state: GameState) -> Action:
        decision = state.decision
        assert decision is not None, "choose() called on a finished game"
        options = decision.options
        if len(options) == 1:
            self.last_iterations = 0
            return options[0]
        seat = decision.seat
        self.thinking = True
        try:
            return self._search(state, seat, options)
        finally:
            self.thinking = False
            self._hurry.clear()

    def _search(self, state: GameState, seat: int, options: tuple[Action, ...]) -> Action:
        root = _Node()
        nodes: dict[Key, _Node] = {(seat, ()): root}
        deadline = None if self.budget.millis is None else time.perf_counter() + self.budget.millis / 1000.0
        baseline = getattr(self.value, "baseline", None)
        world = self._world(state, seat, self.rng)
        self._bases = baseline(world) if baseline is not None else None
        if self.prior_visits:               # within the budget: a second a decision is a second
            self._seed_root(root, world, seat, options)
        limit = self.budget.iterations
        done = 0
        while done < MIN_HURRIED or not self._hurry.is_set():
            if limit is not None and done >= limit:
                break
            if deadline is not None and done and time.perf_counter() >= deadline:
                break
            self._iterate(state, seat, nodes)
            done += 1
        self.last_iterations = done
        by_key = {o.key: o for o in options}
        ranked = sorted(((edge.visits, edge.total, i) for i, (key, edge) in enumerate(root.edges.items())
                         if key in by_key), reverse=True)
        if not ranked:
            return options[self.rng.randrange(len(options))]
        keys = list(root.edges)
        return by_key[keys[ranked[0][2]]]

    def _seed_root(self, root: _Node, world: GameState, seat: int, options: tuple[Action, ...]) -> None:
        """Give each root option `prior_visits` visits of its reward one ply deep in `world`."""
        for option in options:
            trial = world.clone()
            trial.apply(option)
            reward = self._reward(trial, seat)
            edge = root.edges[option.key] = _Edge()
            edge.visits = edge.avail = self.prior_visits
            edge.total = self.prior_visits * reward

    # ----- one iteration ----------------------------------------------------------------------

    def _iterate(self, state: GameState, seat: int, nodes: dict[Key, _Node]) -> None:
        rng = self.rng
        world = self._world(state, seat, rng)
        players = state.config.players
        seen: list[Key] = [() for _ in range(players)]
        path: list[tuple[_Edge, int]] = []
        expanded = False
        while world.result is None and not expanded:
            decision = world.decision
            assert decision is not None
            actor = decision.seat
            node = nodes.get((actor, seen[actor]))
            if node is None:
                node = nodes[(actor, seen[actor])] = _Node()
            action, edge, expanded = self._select(node, decision.options, rng)
            path.append((edge, actor))
            world.apply(action)
            for observer in range(players):
                seen[observer] = (seen[observer], seen_by(world, observer, actor, decision.kind, action))
        steps = 0
        while world.result is None and steps < self.rollout_depth:
            world.apply(self.policy(world, rng))
            steps += 1
        rewards = [self._reward(world, s) for s in range(players)]
        for edge, actor in path:
            edge.visits += 1
            edge.total += rewards[actor]

    def _reward(self, world: GameState, seat: int) -> float:
        """`seat`'s reward where a trial stopped: the outcome of a finished game, else the game's value of
        `world` (against the seat's evaluation at the root, where it has no rivals)."""
        if world.result is not None:
            return outcome(world, seat)
        bases = self._bases
        return self.value(world, seat) if bases is None else self.value(world, seat, bases[seat])

    def _world(self, state: GameState, seat: int, rng: Rng) -> GameState:
        """One world `seat` cannot tell from the real one, sampled from its observation alone."""
        return state.determinize(seat, rng)

    def _select(self, node: _Node, options: tuple[Action, ...], rng: Rng) -> tuple[Action, _Edge, bool]:
        """UCB over the options available in this world; an option never tried is expanded first."""
        edges = node.edges
        untried: list[tuple[Action, _Edge]] = []
        best: tuple[Action, _Edge] | None = None
        best_score = -math.inf
        c = self.exploration
        for option in options:
            edge = edges.get(option.key)
            if edge is None:
                edge = edges[option.key] = _Edge()
            edge.avail += 1
            if edge.visits == 0:
                untried.append((option, edge))
            elif not untried:
                score = edge.total / edge.visits + c * math.sqrt(math.log(edge.avail) / edge.visits)
                if score > best_score:
                    best, best_score = (option, edge), score
        if untried:
            option, edge = untried[rng.randrange(len(untried))]
            return option, edge, True
        assert best is not None
        return best[0], best[1], False
