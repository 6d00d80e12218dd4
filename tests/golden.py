"""Golden games: seeded random games whose every step is fingerprinted, to prove a port changes nothing.

A refactor of the rules (the flow kernel, typed events, faster options) must leave every game exactly as
it was. `record()` plays seeded games with random seats and keeps, per game, the final digest, the number
of actions and a fingerprint of every decision (seat, kind, prompt, options with labels and refs) and of
every event's words. `tests/engine/test_golden.py` replays them. When a rules change is *meant* to change
games, regenerate with `python -m tests.golden` and say so in the commit.
"""

from __future__ import annotations

import hashlib
import json
import sys
from pathlib import Path
from typing import Any

from guardians.ai import RandomPlayer
from guardians.engine.registry import new_game
from guardians.engine.state import GameConfig

DATA = Path(__file__).parent / "data" / "golden"
MAX_ACTIONS = 20000

# (game, players, variant, seeds): a few hundred games over every player count and variant.
PLANS: tuple[tuple[str, int, str, int], ...] = (
    ("heroes", 2, "standard", 60),
    ("heroes", 2, "first_game", 20),
    ("heroes", 4, "standard", 30),
    ("explore", 1, "standard", 25),
    ("explore", 2, "standard", 25),
    ("explore", 3, "coop", 15),
    ("explore", 4, "standard", 15),
    ("explore", 5, "apprentice", 10),
    ("explore", 2, "apprentice_coop", 10),
    ("realms", 2, "standard", 40),
    ("realms", 4, "standard", 12),
    ("chronicles", 2, "standard", 20),
    ("chronicles", 3, "veteran", 8),
    ("chronicles", 5, "rookie", 8),
)


def _event_words(state: Any) -> list[Any]:
    return [[e.kind, e.text, list(e.refs), e.secret, list(e.seats)] for e in state.events]


def play(game: str, players: int, variant: str, seed: int) -> dict[str, Any]:
    """One seeded random game: its final digest, length and a fingerprint of every step."""
    config = GameConfig(game, players, ("ai:random",) * players, variant)
    state = new_game(config, seed)
    chooser = RandomPlayer(seed * 7 + 1)
    trace = hashlib.sha256()
    trace.update(json.dumps(_event_words(state)).encode())
    steps = 0
    while not state.is_over and steps < MAX_ACTIONS:
        decision = state.decision
        assert decision is not None
        trace.update(json.dumps([decision.seat, decision.kind, decision.prompt,
                                 [o.to_json() for o in decision.options]]).encode())
        state.apply(chooser.choose(state))
        trace.update(json.dumps(_event_words(state)).encode())
        steps += 1
    result = state.result
    return {
        "seed": seed, "actions": steps, "digest": state.digest(), "trace": trace.hexdigest()[:32],
        "winners": list(result.winners) if result else None,
    }


def plan_file(game: str, players: int, variant: str) -> Path:
    return DATA / f"{game}-{players}p-{variant}.json"


def record(only: set[str] | None = None) -> None:
    """Record every plan, or only those of the games named in `only`."""
    DATA.mkdir(parents=True, exist_ok=True)
    for game, players, variant, count in PLANS:
        if only and game not in only:
            continue
        games = [play(game, players, variant, seed) for seed in range(count)]
        plan_file(game, players, variant).write_text(json.dumps(games, indent=1) + "\n")
        print(f"{game} {players}p {variant}: {count} games recorded")


if __name__ == "__main__":
    record(set(sys.argv[1:]) or None)     # python -m tests.golden [GAME ...]
    sys.exit(0)
