"""How often a team of computer seats wins explore's co-operative game (issue #17: a team of Hard computers
should win 3-player co-op in 30 to 70 % of games).

    python -m guardians.games.explore.coop_strength --players 3 --seat ai:ismcts:100it --games 20 --jobs 2 \
        --out docs/balance/explore-coop.md

Game i uses seed `--seed + i`, every seat `--seat` (an iteration budget plays the same on any machine; a
millisecond one does not). The table is the balance report's (`balance.modes_table`): games won with a 95 %
Wilson interval, the party's attack against the final boss over its need, and how many seats battled it.

With `--out`, each game is appended to the records beside it (`<out>.jsonl`, one line a game) as soon as it
ends, keyed by the player count, the seat, the seed and the tournament's stamp (the cards, the search's and
the AI's versions: `guardians.tournament.stamp`); a later run plays only the seeds not recorded yet. A team
of Hard seats (about 1 s a decision) plays for hours, so the row can be filled over several sittings and a
stopped run loses only the game in progress. The report reads the games recorded for the seeds asked for
and says how many are still to play.
"""

from __future__ import annotations

import argparse
import functools
import json
import sys
import time
from concurrent.futures import ProcessPoolExecutor
from pathlib import Path

from guardians import balance
from guardians.games.explore.balance import modes_table, play_mode
from guardians.tournament import load, searches, stamp


def report(players: int, seat: str, games: list[dict], command: str, seconds: float, asked: int | None = None) -> str:
    lines = [f"# explore — the co-operative game played by a team of `{seat}` seats", "",
             balance.made(seconds), "", f"    {command}", ""]
    if asked is not None and len(games) < asked:
        lines += [f"**{len(games)} of the {asked} games asked for are played so far** (the same command plays the "
                  "rest; the records are kept beside this file).", ""]
    return "\n".join(lines + modes_table({(players, "coop"): games}, seat, why=False)) + "\n"


def record_key(players: int, seat: str, seed: int) -> str:
    """A recorded game's key: what it depends on (a change of cards or of the AI voids the record)."""
    return json.dumps(["explore", players, "coop", seat, seed, stamp("explore", players, searches(seat))])


def _timed(seed: int, players: int, seat: str) -> dict:
    began = time.perf_counter()
    game = play_mode(seed, players=players, variant="coop", seat=seat)
    return {**game, "seconds": round(time.perf_counter() - began, 1)}


def play_recorded(records: Path, players: int, seat: str, seeds: list[int], jobs: int) -> list[dict]:
    """The games of `seeds`, those not in `records` played now and appended there one by one as they end."""
    done = load(records)
    todo = [s for s in seeds if record_key(players, seat, s) not in done]
    play = functools.partial(_timed, players=players, seat=seat)
    records.parent.mkdir(parents=True, exist_ok=True)
    pool = ProcessPoolExecutor(max_workers=jobs) if jobs > 1 and len(todo) > 1 else None
    try:
        with records.open("a", encoding="utf-8") as out:
            games = map(play, todo) if pool is None else pool.map(play, todo)
            for seed, game in zip(todo, games):
                row = {"key": record_key(players, seat, seed), **game}
                out.write(json.dumps(row) + "\n")
                out.flush()
                done[row["key"]] = row
                print(f"  seed {seed}: {'won' if game['won'] else 'lost'} in {game['seconds']} s", file=sys.stderr,
                      flush=True)
    finally:
        if pool is not None:
            pool.shutdown()
    keys = [record_key(players, seat, s) for s in seeds]
    return [done[k] for k in keys if k in done]


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
    if args.out is None:
        games = balance.play_all(functools.partial(play_mode, players=args.players, variant="coop", seat=args.seat),
                                 seeds, args.jobs, 1)
        seconds = time.perf_counter() - began
    else:
        games = play_recorded(args.out.with_suffix(".jsonl"), args.players, args.seat, seeds, args.jobs)
        seconds = sum(g.get("seconds", 0.0) for g in games)        # every sitting's games, not this one's
    command = "python -m guardians.games.explore.coop_strength " + " ".join(sys.argv[1:] if argv is None else argv)
    text = report(args.players, args.seat, games, command.strip(), seconds, args.games)
    if args.out is not None:
        args.out.write_text(text, encoding="utf-8")
    print(text)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
