"""`python -m guardians.games.explore.coop_strength` (issue #17): a team of computer seats in the co-operative
game, its win rate with an interval, the party's attack against the final boss and how many battled it."""

from __future__ import annotations

from pathlib import Path

from guardians.games.explore import coop_strength
from guardians.games.explore.balance import modes_table, play_mode


def test_the_report_counts_each_game_and_names_its_command(tmp_path: Path) -> None:
    out = tmp_path / "coop.md"
    argv = ["--players", "2", "--seat", "ai:greedy", "--games", "2", "--out", str(out)]
    assert coop_strength.main(argv) == 0
    text = out.read_text(encoding="utf-8")
    games = [play_mode(seed, 2, "coop", "ai:greedy") for seed in (0, 1)]
    won = sum(g["won"] for g in games)
    assert f"| 2 | coop | 2 | {won} ({won / 2:.0%}) |" in text
    assert "python -m guardians.games.explore.coop_strength --players 2 --seat ai:greedy --games 2" in text
    assert "Why multiplayer" not in text                       # the greedy report's explanation stays there


def test_the_balance_report_keeps_its_explanation() -> None:
    lines = modes_table({(2, "coop"): [{"won": True, "total": 30, "need": 24, "fighters": 2, "blue": True}]},
                        "ai:greedy")
    assert "| 2 | coop | 1 | 1 (100%) |" in "\n".join(lines)
    assert any(line.startswith("Why multiplayer") for line in lines)
