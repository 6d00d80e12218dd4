"""Driving a chronicles game to a wanted position for the rule tests.

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt. Tests build a real game on a shipped scenario, let set-up
run with the first legal options, then place figures by hand. Dice are scripted through `state.dice_script`
(faces in the order the dice are rolled: white before red, wave by wave).

The shipped numbers of the figures the worked examples use equal spec §2's fixture characters (Sgt Freedom
4/2/3/3/3, Golden Boy 5/2/4/3/2, Robot, Android, Mutated Alison, Kinoshi); `test_content.py` pins that.
Welcome to the Lair (global cells): Command Center x0-4 y0-4, Missile Silo x5-9 y0-4, Cave Mouth x0-4 y5-9,
Crusher Hall x5-9 y5-9.
"""

from __future__ import annotations

import random
from typing import Callable, Iterator

from guardians.engine import Action, Decision, GameConfig, registry
from guardians.games.chronicles.rules.state import ChroniclesState

HEROES4 = ("sgt_freedom", "golden_boy", "nightlark", "meridian")
PREFER = ("end", "no_room", "events_done", "power_done", "no_push", "stay", "lt_done")


def new_game(players: int = 4, scenario: str = "welcome_to_the_lair", variant: str = "standard", seed: int = 1,
             heroes: tuple[str, ...] = HEROES4, **options: object) -> ChroniclesState:
    opts = {"scenario": scenario, "heroes": heroes[:players - 1], **options}
    return ChroniclesState(GameConfig("chronicles", players, variant=variant, options=tuple(opts.items())), seed)


def kinds(state: ChroniclesState) -> list[str]:
    return [o.kind for o in state.legal_actions()]


def option(state: ChroniclesState, kind: str, *args: object) -> Action:
    for o in state.legal_actions():
        if o.kind == kind and (not args or tuple(o.args) == tuple(args)):
            return o
    raise AssertionError(f"no option {kind} {args} among {[(o.kind, o.args) for o in state.legal_actions()]}")


def do(state: ChroniclesState, kind: str, *args: object) -> None:
    state.apply(option(state, kind, *args))


def default_choice(state: ChroniclesState) -> Action:
    options = state.legal_actions()
    for kind in PREFER:
        for o in options:
            if o.kind == kind:
                return o
    return options[0]


def play_until(state: ChroniclesState, done: Callable[[ChroniclesState], bool],
               choose: Callable[[ChroniclesState], Action] = default_choice, limit: int = 2000) -> None:
    for _ in range(limit):
        if state.is_over or done(state):
            return
        state.apply(choose(state))
    raise AssertionError("play_until did not get there")


def past_setup(state: ChroniclesState) -> ChroniclesState:
    play_until(state, lambda s: s.phase != "setup")
    return state


def strategy_choice(state: ChroniclesState) -> Action:
    """In the Strategy phase: each hero plays the first legal card alone; the villain places nothing."""
    return default_choice(state)


def to_activation(state: ChroniclesState, order: tuple[int, ...] | None = None) -> ChroniclesState:
    """From set-up to the first hero's first action; `order` is the initiative stack (seats, top first)."""
    def choose(s: ChroniclesState) -> Action:
        if order is not None and s.pending is not None and s.pending.kind == "initiative":
            return option(s, "initiative", *order)
        return default_choice(s)
    play_until(state, lambda s: s.pending is not None and s.pending.kind == "hero", choose)
    return state


def clear_board(state: ChroniclesState, keep: tuple[str, ...] = ()) -> None:
    for fig in state.figures.values():
        if fig.id not in keep:
            fig.cell = None
    state.invalidate()


def put(state: ChroniclesState, fid: str, cell: tuple[int, int]) -> None:
    state.figures[fid].cell = cell
    state.invalidate()


def active_hero(state: ChroniclesState) -> str:
    assert state.pending is not None and state.pending.kind == "hero"
    return state.heroes[state.pending.seat].hero


def random_game(scenario: str, seed: int, players: int = 3) -> ChroniclesState:
    """A seeded game on `scenario` with every seat a random computer player, made through the registry as the
    shell makes one (the heroes are the scenario's own, not `HEROES4`)."""
    config = GameConfig("chronicles", players, ("ai:random",) * players, options=(("scenario", scenario),))
    return registry.new_game(config, seed)  # type: ignore[return-value]


def random_decisions(state: ChroniclesState, seed: int, limit: int) -> Iterator[Decision]:
    """Each decision of `state` in turn, up to `limit` of them or the end of the game: yielded for the caller to
    check, then answered with an option picked by a `random.Random(seed)`, so the same seed plays the same game."""
    rng = random.Random(seed)
    for _ in range(limit):
        decision = state.decision
        if decision is None:
            return
        yield decision
        state.apply(rng.choice(decision.options))
