"""Determinized worlds during a combat's hidden commitments are legal states.

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook); section names as printed there.
An AI re-deals what its seat cannot see (`determinize`), then plays on in that world. While a combat's
Command Cards or match-up picks are committed out of sight, the opponent's hidden Combat Hand (and Depot)
must still hold a card its commitment could be, and the commitment must be one of them.
"""

from __future__ import annotations

from guardians.ai import make_player
from guardians.engine import GameConfig
from guardians.engine.rng import Rng
from guardians.games.realms.rules import RealmsState

UNDEAD_PIRATES = ("undead_theme", "pirates_theme")    # the pairing of the seed that first showed the bug


def _check_world(state: RealmsState, viewer: int, token: int) -> None:
    world = state.determinize(viewer, Rng(token))
    c = world.combat
    assert c is not None
    if c.commit is not None:
        for s, value in c.commit.committed.items():
            if s == viewer:
                continue
            assert value is not None, f"seat {s}'s hidden commitment was not chosen (viewer {viewer})"
            if c.stage == "pick":
                assert value in c.hands[s], f"seat {s}'s pick {value} is not in its Combat Hand {c.hands[s]}"
                assert value in world.pick_choices(s), f"seat {s}'s pick {value} is not a legal pick"
            else:
                assert value in world._command_choices(s), f"seat {s}'s Command Card {value} is not a choice"
    for s in (c.att, c.dfn):
        if c.stage == "pick" and s != viewer:
            assert world.pick_choices(s), f"seat {s} holds no possible pick in the world of seat {viewer}"
    rng = Rng(token + 1)
    for _ in range(40):      # play on past the reveal: nothing may raise, every decision has options
        if world.is_over or world.combat is None:
            break
        options = world.legal_actions()
        assert options, f"a decision with no options in the world of seat {viewer}"
        world.apply(options[rng.randrange(len(options))])


def _combat_commitment_states(seed: int, decks: tuple[str, str], kinds: tuple[str, str], limit: int):
    """The states of one seeded game (seats played by `kinds`) at which a combat commitment is open or about
    to be made: a Command Card declared or picked, a first creature's border declared, a match-up pick."""
    state = RealmsState(GameConfig("realms", 2, options=(("decks", decks),)), seed)
    players = [make_player(f"ai:{kinds[s]}", "realms", seed * 7919 + s) for s in range(2)]
    found = 0
    while not state.is_over and found < limit and len(state.history) < 4000:
        c = state.combat
        if c is not None and state.pending is not None and \
                state.pending.kind in ("declare", "cmdpick", "border", "pick"):
            found += 1
            yield state
        decision = state.decision
        assert decision is not None
        state.apply(players[decision.seat].choose(state))


def test_hidden_commitments_stay_legal_in_determinized_worlds() -> None:
    """RB "Combat" and the Combat Summary's "2. Command Cards" and "3. Primary Attackers": each seat picks
    its Command Card, then each match-up's creature, out of sight, and the picks are revealed together. A
    seat that has committed (or is asked to) holds a card it could pick, so every world an AI samples must
    give the opponent's hidden Combat Hand such a card and make the hidden pick one of them; playing on from
    the world through the reveal never raises (seed 93 of the slow 2-player run once did: its world dealt the
    opponent a hand whose every creature a Command Card sidelined)."""
    checked = 0
    for seed, kinds in ((93, ("greedy", "random")), (5, ("random", "greedy")), (11, ("greedy", "greedy")),
                        (17, ("random", "random"))):
        for decks in (UNDEAD_PIRATES, UNDEAD_PIRATES[::-1]):
            for state in _combat_commitment_states(seed, decks, kinds, limit=40):
                for viewer in range(2):
                    for k in range(6):
                        _check_world(state, viewer, seed * 1000 + len(state.history) * 10 + k)
                        checked += 1
    assert checked > 500
