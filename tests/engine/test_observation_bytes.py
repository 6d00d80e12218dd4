"""`GameState.observation` serialises each log entry once per event and splices the entries in: its bytes must
stay those of the whole observation given to one `json.dumps`, the form the conformance harness compares."""

from __future__ import annotations

import json

import pytest

from guardians.ai import make_player
from guardians.bench import config_for
from guardians.engine.registry import get_game
from guardians.engine.state import GameState


def _in_one_dumps(state: GameState, seat: int) -> bytes:
    """The observation as it was made before the entries were kept: everything in one `json.dumps`."""
    view = state.view(seat)
    decision = view.decision
    shown = None if decision is None else [decision.seat, decision.kind, decision.prompt,
                                           [o.to_json() for o in decision.options]]
    log = [[e.kind, e.text, list(e.refs), sorted(e.data, key=lambda kv: kv[0])] for e in view.log]
    return json.dumps([state.game_id, seat, view._observation_data(), shown, log],
                      sort_keys=True, separators=(",", ":"), default=str).encode()


@pytest.mark.parametrize("game_id", ["heroes", "explore", "realms", "chronicles"])
def test_observation_bytes_are_one_dumps_of_the_whole(game_id: str) -> None:
    """Positions every 40 decisions of a seeded random game, each seat, asked twice (the second time from the
    kept entries); the first position has an empty log or nearly."""
    players = 2
    state = get_game(game_id).new_game(config_for(game_id, players, "ai:random"), 5)
    bots = [make_player("ai:random", game_id, 40 + s) for s in range(players)]
    compared = 0
    while not state.is_over and len(state.history) < 400:
        if len(state.history) % 40 == 0:
            for seat in range(players):
                expected = _in_one_dumps(state, seat)
                assert state.observation(seat) == expected
                assert state.observation(seat) == expected
                compared += 1
        state.apply(bots[state.decision.seat].choose(state))    # type: ignore[union-attr]
    assert compared >= 6
