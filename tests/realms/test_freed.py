"""A realms state is freed by reference counting as soon as nobody holds it (issue #13, speed): nothing in it
refers back to itself, so a finished game never waits for the garbage collector, whose full passes over the
garbage of earlier games cost a random game about a tenth of its time (docs/performance-notes.md, realms)."""

from __future__ import annotations

import gc
import weakref

import pytest

from guardians.ai import RandomPlayer
from guardians.engine import GameConfig
from guardians.engine.registry import new_game
from guardians.engine.rng import Rng


@pytest.mark.parametrize("players,seed", [(2, 0), (2, 1), (2, 2), (4, 3)])
def test_a_played_game_its_clone_view_and_world_are_freed_without_the_collector(players: int, seed: int) -> None:
    """A seeded random game played to its end (every phase, movement paths and combats included), then a clone,
    a view and a determinized world of it: each is gone the moment its last reference is dropped, with the
    collector switched off."""
    gc.collect()
    gc.disable()
    try:
        state = new_game(GameConfig("realms", players), seed)
        chooser = RandomPlayer(seed)
        refs = []
        while not state.is_over:
            if len(state.history) == 150:
                # Mid-game copies, each listing its options (a view's and a world's paths are walked too).
                for copy in (state.clone(), state.view(0), state.determinize(0, Rng(seed))):
                    copy.legal_actions()
                    refs.append(weakref.ref(copy))
                    del copy
            state.apply(chooser.choose(state))
        assert len(refs) == 3 and len(state.history) > 150
        refs.append(weakref.ref(state))
        del state
        assert [ref() for ref in refs] == [None] * 4
    finally:
        gc.enable()
