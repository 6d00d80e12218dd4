"""The shared balance-report runner (guardians/balance.py): arguments, seeds in order, the written report."""

from __future__ import annotations

import argparse
from pathlib import Path

from guardians import balance


def _play(seed: int) -> dict:
    return {"seed": seed, "score": seed * seed}


def _report(args: argparse.Namespace, games: list[dict], command: str, seconds: float) -> str:
    return f"# {args.extra}\n\n    {command}\n\n{[g['score'] for g in games]}\n{balance.made(seconds)}\n"


def _options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--extra", default="toy")


def test_runner_plays_the_seeds_in_order_and_writes_the_report(tmp_path: Path, capsys) -> None:
    out = tmp_path / "deep" / "toy.md"
    argv = ["--games", "4", "--seed", "2", "--jobs", "2", "--out", str(out), "--extra", "squares"]
    assert balance.main(argv, module="tests.toy_balance", description="toy", play_one=_play, games=10,
                        chunksize=1, report=_report, options=_options) == 0
    text = out.read_text(encoding="utf-8")
    assert text.startswith("# squares\n")
    assert "    python -m tests.toy_balance --games 4 --seed 2" in text
    assert "[4, 9, 16, 25]" in text
    assert "s with:" in text
    assert capsys.readouterr().out.strip() == text.strip()


def test_table_and_section_lines() -> None:
    assert balance.section("Bosses") == ["", "## Bosses", ""]
    assert balance.table(("boss", "games"), [("Ogre", 3)]) == ["| boss | games |", "|---|---|", "| Ogre | 3 |"]
