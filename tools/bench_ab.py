"""Interleaved A/B of the rules' speed: two checkouts, one run, the same machine and load (issue #17).

A figure from another day on a shared machine proves nothing; a ratio measured in one run, the two trees
taking turns, does. Each measurement runs in a fresh subprocess with `PYTHONPATH` set to one tree (this
file is only the driver: it imports the `guardians` of the tree it measures), the two trees alternate
(their order flips every round) and the report gives each round's ratio new/old and the median ratio.
Every worker also prints the digests of the games it played, and the driver checks the two trees
played the very same games.

    git worktree add /tmp/speed-base <start-commit>
    python tools/bench_ab.py --base /tmp/speed-base --new . --rounds 5
    python tools/bench_ab.py --base /tmp/speed-base --new . --rounds 3 --only heroes-random,explore-clone
    python tools/bench_ab.py --base-commit 5dc2a93 --rounds 5     # a temporary worktree, removed after

Figures (higher is better except clone and frames): random games/s (heroes 2p, explore 4p), greedy
decisions/s, state clone µs (mid-game states), ISMCTS iterations/s (`ai:ismcts:300it` on mid-game states).
Times are the worker's CPU time (`time.process_time`), which a busy machine disturbs less than the wall
clock. The frame figures (`<game>-frames`, and `realms-combat`: realms' moves from its first combats on,
only the frames redrawing a combat table already shown before the move, the redraw after a pick of issue
#15; the frames where a combat first appears are reported beside it as `entering`) are the redraw after a
move as `guardians.bench_frames` times it,
p50 and p95 as ratios to the baseline frame timed between ours, both in the frame thread's CPU time
(lower is better; the driver's speed-up is old ÷ new). They run on the board player count of `guardians bench`.

    python tools/bench_ab.py --base-commit main --rounds 3 --only realms-combat,chronicles-frames
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

PLAYERS = {"heroes": 2, "explore": 4, "realms": 2, "chronicles": 2}
# figure -> (game, what, work): how much each worker does (kept to a few seconds on a loaded machine)
FIGURES = {
    "heroes-random": ("heroes", "random", 60),
    "explore-random": ("explore", "random", 40),
    "realms-random": ("realms", "random", 40),
    "chronicles-random": ("chronicles", "random", 60),
    "heroes-greedy": ("heroes", "greedy", 2),
    "explore-greedy": ("explore", "greedy", 1),
    "heroes-clone": ("heroes", "clone", 8),
    "explore-clone": ("explore", "clone", 8),
    "realms-clone": ("realms", "clone", 8),
    "chronicles-clone": ("chronicles", "clone", 8),
    "heroes-ismcts": ("heroes", "ismcts", 3),
    "explore-ismcts": ("explore", "ismcts", 2),
    "realms-ismcts": ("realms", "ismcts", 2),
    "chronicles-ismcts": ("chronicles", "ismcts", 3),
    "heroes-frames": ("heroes", "frames", 150),
    "explore-frames": ("explore", "frames", 150),
    "realms-frames": ("realms", "frames", 150),
    "chronicles-frames": ("chronicles", "frames", 150),
    "realms-combat": ("realms", "combat", 450),
}
LOWER_IS_BETTER = {"clone", "frames", "combat"}
COMBAT_SKIP = 150          # realms' seeded 4-player bench game fights about 60 of its next 450 moves in combat
# CPU time of the measuring process, not wall time: on a shared machine the wall clock also counts the
# time other work held the core, which is the larger part of the noise between two runs.
_clock = time.process_time


# ----- the worker: runs inside the tree being measured ---------------------------------------------

def _worker(figure: str, work: int) -> dict:
    from guardians.ai import make_player
    from guardians.engine import GameConfig
    from guardians.engine.registry import get_game

    game, what, _ = FIGURES[figure]
    if what in ("frames", "combat"):
        return _frames_worker(game, work, "combat" if what == "combat" else None)
    players = PLAYERS[game]

    try:        # the bench's fixed set-up (realms' decks); a tree from before it has its defaults, the same decks
        from guardians.bench import BENCH_SETUP
        setup = BENCH_SETUP.get(game, {}).get(players, ())
    except ImportError:
        setup = ()

    def play(spec: str, seed: int, on_decision=None, limit: int | None = None):
        config = GameConfig(game, players, (spec,) * players, options=setup)
        state = get_game(game).new_game(config, seed)
        bots = [make_player(spec, game, seed * 31 + s) for s in range(players)]
        steps = 0
        while not state.is_over and (limit is None or steps < limit):
            if on_decision is not None:
                on_decision(state)
            state.apply(bots[state.decision.seat].choose(state))
            steps += 1
        return state, steps

    def mid_game(seed: int):
        length = len(play("ai:random", seed)[0].history)
        captured = []
        play("ai:random", seed, lambda s: captured.append(s.clone()) if len(s.history) == length // 2 else None)
        return captured[0]

    play("ai:random", 999_999)                          # warm-up: content loading is not measured
    digests = []
    if what == "random":
        start = _clock()
        for seed in range(work):
            state, _ = play("ai:random", seed)
            digests.append(state.digest())
        value = work / (_clock() - start)
    elif what == "greedy":
        decisions = 0
        start = _clock()
        for seed in range(work):
            state, steps = play("ai:greedy", seed, limit=150)
            decisions += steps
            digests.append(state.digest())
        value = decisions / (_clock() - start)
    elif what == "clone":
        states = [mid_game(seed) for seed in range(work)]
        reps = 300
        times = []
        for state in states:
            best = float("inf")
            for _ in range(3):                          # the best of three: a busy machine only adds time
                start = _clock()
                for _ in range(reps):
                    state.clone()
                best = min(best, (_clock() - start) / reps * 1e6)
            times.append(best)
            digests.append(state.clone().digest())
        value = statistics.median(times)
    elif what == "ismcts":
        states = [mid_game(seed) for seed in range(work)]
        iterations = 0
        elapsed = 0.0
        for index, state in enumerate(states):
            player = make_player("ai:ismcts:300it", game, 3 + index)
            start = _clock()
            action = player.choose(state)
            elapsed += _clock() - start
            iterations += player.last_iterations
            digests.append(repr(action.key))
        value = iterations / elapsed
    else:
        raise ValueError(what)
    return {"value": value, "digests": digests}


class _ThreadClock:
    """`time` as the frame harness reads it, but its `perf_counter` is this thread's CPU time: on a shared
    machine a frame of ours (5 ms) is preempted more often than a baseline frame (0.7 ms), so wall-clock
    ratios grow with the load; CPU-time ratios hardly do."""

    perf_counter = staticmethod(time.thread_time)

    def __getattr__(self, name: str):
        return getattr(time, name)


def _frames_worker(game: str, moves: int, mode: str | None) -> dict:
    """The redraw after a move, as the measured tree's `guardians.bench_frames.play_frames` times it; with
    `mode`, from move `COMBAT_SKIP` on and only the frames whose table shows that screen (`View.mode`) and
    showed it before the move too; the frames where it first appeared are reported as `entering_*`.
    Written against the harness as it was before it told screens apart, so older trees run it too."""
    import tempfile

    from guardians import bench_frames
    from guardians.ai import make_player
    from guardians.bench import BOARD_PLAYERS, baseline_font
    from guardians.ui.app import App
    from guardians.ui.settings import Settings

    players = bench_frames.board_players(game, BOARD_PLAYERS.get(game))
    skip = COMBAT_SKIP if mode else 0
    start = bench_frames.Session.start

    def advanced(config, seed, **kwargs):             # the untimed moves before the pass, as the bench plays them
        session = start(config, seed, **kwargs)
        bots = [make_player("ai:greedy", game, seed * 31 + s) for s in range(players)]
        for _ in range(skip):
            state = session.state
            if state.is_over or state.decision is None:
                break
            session.apply(bots[state.decision.seat].choose(state))
        return session

    bench_frames.Session.start = advanced
    bench_frames.time = _ThreadClock()                 # frames and baseline alike in this thread's CPU time
    scenes: list = []
    modes: list[str] = []

    def on_move() -> None:                             # called before each move's frame: the last one's screen
        if not scenes:
            scenes.append(app.top)
        modes.append(getattr(scenes[0].view, "mode", ""))     # modes[0]: the screen before the first move

    settings = Settings()
    settings.animation_speed = "normal"
    with tempfile.TemporaryDirectory() as home:
        os.environ["GUARDIANS_HOME"] = home
        app = App(settings, size=(1280, 720), fps=1000)
        try:
            log = bench_frames.play_frames(app, game, players, moves, 7,
                                           bench_frames.BaselineFrame(app.screen, baseline_font()), on_move=on_move)
            modes.append(getattr(scenes[0].view, "mode", ""))
            digest = scenes[0].session.state.digest()
        finally:
            app.close()
            from guardians.ui.session import flush_autosaves
            flush_autosaves()
    times = log.times["move"]
    b50, b95 = statistics.median(log.baseline), bench_frames.percentile(log.baseline, 95)
    extra: dict = {}
    if mode is not None:
        after = list(zip(times, modes[1:], modes[:-1]))
        entering = [t for t, m, before in after if m == mode and before != mode]
        times = [t for t, m, before in after if m == mode and before == mode]
        extra = {"entering_p95": bench_frames.percentile(entering, 95) / b95 if entering else float("nan"),
                 "entering_frames": len(entering)}
    if not times:
        raise SystemExit(f"{game}: no move frame stayed on {mode!r}")
    p50 = statistics.median(times) / b50
    p95 = bench_frames.percentile(times, 95) / b95
    return {"value": p50, "values": {"p95": p95, "frames": len(times), **extra}, "digests": [digest]}


# ----- the driver ---------------------------------------------------------------------------------

def _measure(tree: Path, figure: str, work: int) -> dict:
    env = dict(os.environ, PYTHONPATH=str(tree.resolve()), SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy",
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    out = subprocess.run([sys.executable, str(Path(__file__).resolve()), "--worker", figure, "--work", str(work)],
                         cwd=str(tree), env=env, capture_output=True, text=True, check=True)
    return json.loads(out.stdout.strip().splitlines()[-1])


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--base", type=Path, help="the checkout to compare against (old)")
    parser.add_argument("--base-commit", help="or a commit: checked out into a temporary git worktree for the run")
    parser.add_argument("--new", type=Path, default=Path("."), help="the checkout being measured (new)")
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--only", default="", help="comma-separated figures (default: all): " + ", ".join(FIGURES))
    parser.add_argument("--scale", type=float, default=1.0, help="multiply each worker's work")
    parser.add_argument("--json", action="store_true")
    parser.add_argument("--worker", help=argparse.SUPPRESS)
    parser.add_argument("--work", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.worker:
        print(json.dumps(_worker(args.worker, args.work)))
        return 0
    if (args.base is None) == (args.base_commit is None):
        parser.error("give --base or --base-commit")
    if args.base_commit is None:
        return _run(args)
    with tempfile.TemporaryDirectory(prefix="bench-ab-") as scratch:
        tree = Path(scratch) / "base"
        subprocess.run(["git", "-C", str(args.new), "worktree", "add", "--detach", str(tree), args.base_commit],
                       check=True, capture_output=True)
        try:
            args.base = tree
            return _run(args)
        finally:
            subprocess.run(["git", "-C", str(args.new), "worktree", "remove", "--force", str(tree)],
                           check=False, capture_output=True)


def _run(args: argparse.Namespace) -> int:
    """The interleaved rounds of every figure asked for, and their table."""
    figures = [f for f in args.only.split(",") if f] or list(FIGURES)
    results: dict[str, dict] = {}
    for figure in figures:
        work = max(1, round(FIGURES[figure][2] * args.scale))
        old_values, new_values, ratios = [], [], []
        extra: dict[str, dict[str, list]] = {}
        for round_no in range(args.rounds):
            order = [("old", args.base), ("new", args.new)]
            if round_no % 2:
                order.reverse()
            got = {side: _measure(tree, figure, work) for side, tree in order}
            if got["old"]["digests"] != got["new"]["digests"]:
                raise SystemExit(f"{figure}: the two trees played different games")
            old, new = got["old"]["value"], got["new"]["value"]
            ratio = old / new if FIGURES[figure][1] in LOWER_IS_BETTER else new / old
            old_values.append(old)
            new_values.append(new)
            ratios.append(ratio)
            for key, value in got["new"].get("values", {}).items():
                seen = extra.setdefault(key, {"old": [], "new": []})
                seen["old"].append(got["old"].get("values", {}).get(key, float("nan")))
                seen["new"].append(value)
            print(f"{figure} round {round_no + 1}: old {old:.2f} new {new:.2f} speed-up x{ratio:.2f}"
                  + "".join(f"; {k} old {v['old'][-1]:.2f} new {v['new'][-1]:.2f}" for k, v in extra.items()),
                  file=sys.stderr, flush=True)
        results[figure] = {"old": old_values, "new": new_values, "ratios": ratios,
                           "median_ratio": statistics.median(ratios), "values": extra}
    if args.json:
        print(json.dumps(results, indent=1))
    else:
        print("| figure | old (median) | new (median) | speed-up per round | median speed-up |")
        print("|---|---|---|---|---|")
        for figure, r in results.items():
            what = FIGURES[figure][1]
            unit = "× baseline (p50)" if what in ("frames", "combat") else " µs" if what in LOWER_IS_BETTER else "/s"
            digits = 2 if what in ("frames", "combat") else 1
            print(f"| {figure} | {statistics.median(r['old']):.{digits}f}{unit} | "
                  f"{statistics.median(r['new']):.{digits}f}{unit} | "
                  f"{', '.join(f'{x:.2f}' for x in r['ratios'])} | **×{r['median_ratio']:.2f}** |")
            for key, v in r["values"].items():
                per_round = [o / n if n else float("nan") for o, n in zip(v["old"], v["new"])]
                print(f"| {figure} {key} | {statistics.median(v['old']):.2f} | {statistics.median(v['new']):.2f} | "
                      f"{', '.join(f'{x:.2f}' for x in per_round)} | ×{statistics.median(per_round):.2f} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
