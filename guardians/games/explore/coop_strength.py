"""How often a team of computer seats wins explore's co-operative game (issue #17: a team of Hard computers
should win 3-player co-op in 30 to 70 % of games).

    python -m guardians.games.explore.coop_strength --players 3 --seat ai:ismcts:100it --games 20 --jobs 2 \
        --out docs/balance/explore-coop.md

Game i uses seed `--seed + i`, every seat `--seat` (an iteration budget plays the same on any machine; a
millisecond one does not). The table is the balance report's (`balance.modes_table`): games won with a 95 %
Wilson interval, the party's attack against the final boss over its need, and how many seats battled it.
"""

from __future__ import annotations

import argparse
import functools
import sys
import time
from pathlib import Path

from guardians import balance
from guardians.games.explore.balance import modes_table, play_mode


def report(players: int, seat: str, games: list[dict], command: str, seconds: float) -> str:
    lines = [f"# explore — the co-operative game played by a team of `{seat}` seats", "",
             balance.made(seconds), "", f"    {command}", ""]
    return "\n".join(lines + modes_table({(players, "coop"): games}, seat, why=False)) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=3)
    parser.add_argument("--seat", default="ai:ismcts:100it")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--out", type=Path, default=None)
    args = parser.parse_args(argv)
    began = time.perf_counter()
    seeds = list(range(args.seed, args.seed + args.games))
    games = balance.play_all(functools.partial(play_mode, players=args.players, variant="coop", seat=args.seat),
                             seeds, args.jobs, 1)
    command = "python -m guardians.games.explore.coop_strength " + " ".join(sys.argv[1:] if argv is None else argv)
    text = report(args.players, args.seat, games, command.strip(), time.perf_counter() - began)
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
