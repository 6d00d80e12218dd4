"""Counts in words read as a player writes them: "draws a card", "3 successes", never "1 cards", "0 card" nor "card(s)".

DESIGN.md, "UI principles": every line a player reads is plain English. Checked over seeded random games of every
game through the registry: each log line (public and secret words), each prompt and each option label."""

from __future__ import annotations

import re

import pytest

from guardians.ai import make_player
from guardians.engine.registry import game_ids, get_game
from guardians.engine.state import GameConfig
from guardians.engine.words import counted

HEDGED = re.compile(r"\w\((s|es)\)")                     # "card(s)", "success(es)"
ONE_MANY = re.compile(r"\b1 (cards|actions|successes|Events|Event cards|Wounds|damages|damage counters|points|trophy points|spaces"
                      r"|stones|monsters|Supply cards)\b")
NONE_AS_ONE = re.compile(r"\b0 (card|action|success|Event card|damage counter|point|trophy point|space|stone|monster)\b")


def _lines(game_id: str, seed: int) -> list[str]:
    info = get_game(game_id).INFO
    players = info.min_players
    config = GameConfig(game_id, players, ("ai:random",) * players)
    state = get_game(game_id).new_game(config, seed)
    bots = [make_player("ai:random", game_id, seed * 31 + s) for s in range(players)]
    lines: list[str] = []
    for _ in range(3000):
        decision = state.decision
        if decision is None:
            break
        lines.append(decision.prompt)
        lines.extend(option.label for option in decision.options)
        state.apply(bots[decision.seat].choose(state))
    for event in state.log:
        lines.append(event.text)
        if event.secret:
            lines.append(event.secret)
    return lines


@pytest.mark.parametrize("game_id", game_ids())
def test_no_line_hedges_a_plural_or_counts_one_as_many(game_id: str) -> None:
    lines = [line for seed in range(2) for line in _lines(game_id, seed)]
    assert len(lines) > 100
    bad = sorted({line for line in lines if HEDGED.search(line) or ONE_MANY.search(line) or NONE_AS_ONE.search(line)})
    assert not bad, bad[:10]


def test_counted_is_singular_only_for_one() -> None:
    assert [counted(n, "card") for n in (0, 1, 2)] == ["0 cards", "1 card", "2 cards"]
    assert counted(1, "success", "successes") == "1 success"
    assert counted(3, "success", "successes") == "3 successes"
