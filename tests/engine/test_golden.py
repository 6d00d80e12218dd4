"""Every golden game (tests/golden.py) still plays step for step as recorded: same decisions, same
options and labels, same log words, same final digest. A refactor of the rules must keep this green; a
rules change that is meant to change games regenerates the files (`python -m tests.golden`)."""

from __future__ import annotations

import json

import pytest

from tests.golden import PLANS, play, plan_file


@pytest.mark.parametrize("game,players,variant,count", PLANS,
                         ids=[f"{g}-{p}p-{v}" for g, p, v, _ in PLANS])
def test_golden_games_unchanged(game: str, players: int, variant: str, count: int) -> None:
    recorded = json.loads(plan_file(game, players, variant).read_text())
    assert len(recorded) == count
    for expected in recorded:
        got = play(game, players, variant, expected["seed"])
        assert got == expected, f"{game} {players}p {variant} seed {expected['seed']} plays differently"
