"""A clone shares no mutable part with its source, beyond what its game declares shared.

Every game's `_copy` takes the attributes over at once and then replaces each mutable one by a copy by
hand (for speed: ISMCTS clones once per iteration), so an attribute added later and forgotten there would
be shared by every clone, and a search's trial moves would change the real game. The conformance harness
catches that only where its sampled play happens to change the forgotten part; this test walks the clone
and its source side by side and names every list, dict, set or record reached at the same place in both
that is one object.
"""

from __future__ import annotations

import pytest

from guardians.ai import make_player
from guardians.bench import config_for
from guardians.engine.actions import Action, Decision
from guardians.engine.registry import get_game
from guardians.engine.rng import Rng, SealedRng
from guardians.engine.state import GameState

# Attributes a clone shares with its source by design, per game, each for the reason in its rules' `_copy`
# or set-up. Every game: the config and the content (never changed), the history (copy-on-write: the
# kernel's `apply` copies it before appending; tests/engine/test_state.py).
KERNEL_SHARED = {"config", "content", "history"}
SHARED = {
    # the card table (copied by determinize, the only writer after set-up), the actions' cache (actions are
    # immutable; the words depend only on the key), tables derived from the content
    "heroes": {"cards", "_acts", "_hero_names", "_timing", "_charge"},
    # `cards` is copy-on-write (`_own_cards`); the monster, quest and boss instances are dealt at set-up;
    # `grants` is one of the static tables (`_static`); `final`, the result, is set once when the game ends
    "explore": {"cards", "_acts", "quests", "mons", "mwave", "bosses", "grants", "final"},
    # the cards held per space (set-up), every space in words (never changes)
    "realms": {"hold_cards", "words"},
    # the box, the scenario and the base built from its tiles (never changed after set-up)
    "chronicles": {"box", "scenario", "base"},
}
# Immutable by contract: what lies inside them is not walked.
IMMUTABLE = (str, int, float, bool, type(None), bytes, tuple, frozenset, Action, Decision, Rng, SealedRng)


def _shared_parts(a: object, b: object, path: str, found: list[str], seen: set[int]) -> None:
    """Append to `found` the path of every mutable object reached at the same place in `a` and `b` that is
    the same object in both."""
    if isinstance(a, IMMUTABLE) or id(a) in seen:
        return
    seen.add(id(a))
    if a is b:
        found.append(path)
        return
    if isinstance(a, dict) and isinstance(b, dict):
        for key, value in a.items():
            if key in b:
                _shared_parts(value, b[key], f"{path}[{key!r}]", found, seen)
    elif isinstance(a, list) and isinstance(b, list):
        for index, (x, y) in enumerate(zip(a, b)):
            _shared_parts(x, y, f"{path}[{index}]", found, seen)
    elif not isinstance(a, (set, type)):
        names = list(getattr(a, "__dict__", {}))
        for cls in type(a).__mro__:
            slots = getattr(cls, "__slots__", ())
            names += [slots] if isinstance(slots, str) else list(slots)
        for name in names:
            if hasattr(a, name) and hasattr(b, name):
                _shared_parts(getattr(a, name), getattr(b, name), f"{path}.{name}", found, seen)


def _states_along_a_game(game_id: str, seed: int, every: int) -> list[GameState]:
    """Every `every`-th position of a seeded game between greedy and random seats (greedy play reaches
    the later phases: combats, bosses, the villain's turns)."""
    players = 2
    config = config_for(game_id, players, "ai:random")
    state = get_game(game_id).new_game(config, seed)
    bots = [make_player("ai:greedy" if s == 0 else "ai:random", game_id, seed * 31 + s) for s in range(players)]
    states = []
    while not state.is_over and len(state.history) < 600:
        if len(state.history) % every == 0:
            states.append(state.clone())
        state.apply(bots[state.decision.seat].choose(state))     # type: ignore[union-attr]
    states.append(state)
    return states


@pytest.mark.parametrize("game_id", sorted(SHARED))
def test_a_clone_shares_no_mutable_part_with_its_source(game_id: str) -> None:
    """Positions along two seeded games of each game: in `state.clone()`, no list, dict, set or record of the
    source is reused, except in the attributes the game shares by design (`SHARED`)."""
    allowed = KERNEL_SHARED | SHARED[game_id]
    problems: set[str] = set()
    checked = 0
    for seed in (1, 2):
        for state in _states_along_a_game(game_id, seed, every=25):
            state.decision                  # as a search clones it: the decision listed (and shared) first
            copy = state.clone()
            for name, value in vars(state).items():
                if name in allowed:
                    continue
                found: list[str] = []
                _shared_parts(value, vars(copy).get(name), name, found, set())
                problems.update(found)
                checked += 1
    assert checked > 100
    assert not problems, f"{game_id}: a clone shares these with its source: {sorted(problems)[:12]}"


def test_the_walk_finds_a_shared_list_inside_a_record() -> None:
    """The check itself: a list shared two levels down is named; copies and immutable values are not."""

    class Record:
        __slots__ = ("marks", "name")

        def __init__(self, marks: list[int], name: str) -> None:
            self.marks, self.name = marks, name

    marks = [1, 2]
    source = {"a": Record(marks, "x"), "b": [Record([3], "y")]}
    found: list[str] = []
    _shared_parts(source, {"a": Record(marks, "x"), "b": [Record([3], "y")]}, "s", found, set())
    assert found == ["s['a'].marks"]
    found = []
    _shared_parts(source, {"a": Record(marks[:], "x"), "b": [Record([3], "y")]}, "s", found, set())
    assert found == []
