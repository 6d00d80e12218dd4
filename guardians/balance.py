"""Balance reports: many seeded AI games played in a process pool, summarised and written as Markdown.

What is the same for every game: the command line (`--games`, `--seed`, `--jobs`, `--out`, and a game's
own options), the pool, the progress on stderr, the sentence that says when, where and how a report was
made, and writing it out. Each game's `balance.py` keeps what only it knows: `play_one(seed) -> dict` (no
state crosses the process boundary), its summary and its tables. No pygame here.
"""

from __future__ import annotations

import argparse
import datetime
import math
import platform
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path
from typing import Callable, Iterable, Sequence

Report = Callable[[argparse.Namespace, list[dict], str, float], str]
"""(the parsed arguments, the games in seed order, the command that made them, seconds) -> Markdown."""


def made(seconds: float) -> str:
    """The report's provenance: date, machine, Python and time taken, followed by the command."""
    return (f"Made {datetime.date.today().isoformat()} on {platform.machine()} / Python "
            f"{platform.python_version()} in {seconds:.0f} s with:")


def ok(good: bool) -> str:
    """A table's "met" cell."""
    return "yes" if good else "**no**"


def wilson(score: float, n: int, z: float = 1.96) -> tuple[float, float]:
    """The 95 % Wilson score interval of a win rate: `score` wins (a draw counting ½) in `n` games."""
    if n == 0:
        return 0.0, 1.0
    p = score / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def section(title: str) -> list[str]:
    """The lines that open a report's section."""
    return ["", f"## {title}", ""]


def table(columns: Sequence[str], rows: Iterable[Sequence[object]]) -> list[str]:
    """A Markdown table's lines: the header, the rule, then one line a row (cells as `str` gives them)."""
    lines = ["| " + " | ".join(columns) + " |", "|" + "---|" * len(columns)]
    return lines + ["| " + " | ".join(str(cell) for cell in row) + " |" for row in rows]


def play_all(play_one: Callable[[int], dict], seeds: list[int], jobs: int, chunksize: int) -> list[dict]:
    """Every seed's game in a pool of `jobs` processes, in seed order; progress every 100 games on stderr."""
    games: list[dict] = []
    with ProcessPoolExecutor(max_workers=jobs) as pool:
        for index, game in enumerate(pool.map(play_one, seeds, chunksize=chunksize), 1):
            games.append(game)
            if index % 100 == 0:
                print(f"  {index}/{len(seeds)} games", file=sys.stderr, flush=True)
    return games


def main(argv: list[str] | None, *, module: str, description: str, play_one: Callable[[int], dict],
         games: int, chunksize: int, report: Report,
         options: Callable[[argparse.ArgumentParser], None] | None = None) -> int:
    """A game's `python -m <module>`: parse the arguments, play `--games` games from `--seed` on, print the
    report and write it to `--out` when given."""
    parser = argparse.ArgumentParser(description=description)
    parser.add_argument("--games", type=int, default=games)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    if options is not None:
        options(parser)
    args = parser.parse_args(argv)
    seeds = list(range(args.seed, args.seed + args.games))
    start = time.perf_counter()
    played = play_all(play_one, seeds, args.jobs, chunksize)
    seconds = time.perf_counter() - start
    command = f"python -m {module} " + " ".join(argv if argv is not None else sys.argv[1:])
    text = report(args, played, command.strip(), seconds)
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0
