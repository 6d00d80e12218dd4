"""Random games over every pairing of the preconstructed decks, checking what must hold at every step.

The conformance contracts play the default decks; a card only another deck holds shows only here (the Pirates'
Log Platform emptied a Shield entering a Stronghold, and the game later stalled with no option: about 1 game in
550 of random play; its own test is in test_vocabulary_di.py). A few seeds a pairing keep this quick."""

from __future__ import annotations

import itertools

from guardians.ai import make_player
from guardians.engine import GameConfig
from guardians.games.realms.balance import DECKS
from guardians.games.realms.rules import RealmsState

SEEDS = 3


def test_every_pairing_plays_out_with_an_option_at_every_step_and_no_empty_shield() -> None:
    """RB-MR I.C: "A Shield may NEVER be in play without at least one Creature underneath" (spec R33; outside
    a combat, whose creatures are in the combat hands); every decision offers at least one option; every game
    ends."""
    for decks in itertools.permutations(DECKS, 2):
        for seed in range(SEEDS):
            state = RealmsState(GameConfig("realms", 2, ("ai:random",) * 2, options=(("decks", decks),)), seed)
            bots = [make_player("ai:random", "realms", seed * 7 + s) for s in range(2)]
            for _ in range(20000):
                if state.is_over:
                    break
                decision = state.decision
                assert decision is not None and decision.options, (decks, seed, decision)
                if state.combat is None:
                    empty = [(sid, seat) for sid, sp in state.spaces.items() for seat, st in sp.stacks.items()
                             if st.shield is not None and not state.creatures(st.cards)]
                    assert not empty, (decks, seed, empty)
                state.apply(bots[decision.seat].choose(state))
            assert state.is_over, (decks, seed)
