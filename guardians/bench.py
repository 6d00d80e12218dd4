"""`guardians bench`: every speed figure of the project, measured the same way each time.

For each implemented game: full games per second (random and greedy seats, one core, seeded batches,
median and spread), state clone and legal-action cost, greedy decision latency, frame times of the
menu and the play scene over a scripted game at 1280×720 under the dummy driver, CPU while idle,
start-up to the first menu frame, and peak memory of a 4-player game. The same run measures a minimal
pygame-ce program, so our frame and start-up figures read as a ratio to what pygame itself costs on
that machine. Writes docs/PERFORMANCE.md (`--out`) and prints JSON with `--json`.

Nothing here is asserted by a test: machines are shared and noisy. A smoke test runs it tiny.
"""

from __future__ import annotations

import argparse
import cProfile
import datetime
import io
import json
import os
import platform
import pstats
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable

from guardians.ai import make_player
from guardians.engine import GameConfig
from guardians.engine.registry import game_ids, get_game
from guardians.engine.state import GameState

HEADLESS = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}

# Goals from the issues; (figure key, comparison, goal, unit).
GOALS: dict[str, tuple[str, float]] = {
    "random_gps": (">=", 200.0),
    "clone_us": ("<=", 30.0),
    "greedy_p95_ms": ("<=", 50.0),
    "frame_p95_ms": ("<=", 4.0),
    "startup_s": ("<=", 0.8),
    "rss_mb": ("<=", 250.0),
    "exe_mb": ("<=", 40.0),
    "frozen_startup_s": ("<=", 1.5),
}
GAME_GOALS = {"explore": {"random_gps": (">=", 100.0)}}

# Which player count each game is benchmarked at (issues: heroes 2p games/s, explore 4p).
SIM_PLAYERS = {"heroes": 2, "explore": 4}
BOARD_PLAYERS = {"heroes": 4, "explore": 5}


@dataclass
class Scale:
    """How much work each measurement does (`--quick` for a smoke run)."""

    batches: int = 5
    random_games: int = 60
    greedy_games: int = 4
    samples: int = 30
    frames: int = 600
    idle_seconds: float = 3.0
    startup_runs: int = 5


QUICK = Scale(batches=2, random_games=3, greedy_games=1, samples=3, frames=30, idle_seconds=0.3, startup_runs=1)


def progress(message: str) -> None:
    print(f"  {message}", file=sys.stderr, flush=True)


def percentile(values: list[float], p: float) -> float:
    ordered = sorted(values)
    if not ordered:
        return float("nan")
    index = min(len(ordered) - 1, max(0, round(p / 100 * (len(ordered) - 1))))
    return ordered[index]


# ----- rules and AI ------------------------------------------------------------------------------

def config_for(game_id: str, players: int, spec: str) -> GameConfig:
    return GameConfig(game_id, players, (spec,) * players)


def play_game(config: GameConfig, seed: int, on_decision: Callable[[GameState], None] | None = None) -> GameState:
    state = get_game(config.game).new_game(config, seed)
    bots = [make_player(config.seats[s], config.game, seed * 31 + s) for s in range(config.players)]
    while not state.is_over:
        if on_decision is not None:
            on_decision(state)
        state.apply(bots[state.decision.seat].choose(state))  # type: ignore[union-attr]
    return state


def games_per_second(game_id: str, spec: str, batches: int, games: int) -> dict[str, float]:
    players = SIM_PLAYERS.get(game_id, get_game(game_id).INFO.min_players)
    play_game(config_for(game_id, players, spec), 999_999)     # warm-up: content loading is not a game
    rates = []
    for batch in range(batches):
        start = time.perf_counter()
        for index in range(games):
            play_game(config_for(game_id, players, spec), 10_000 * batch + index)
        rates.append(games / (time.perf_counter() - start))
    return {"median": statistics.median(rates), "min": min(rates), "max": max(rates), "players": players}


def mid_game_states(game_id: str, count: int) -> list[GameState]:
    """States half-way through seeded random games (a copy of the real mid-game position)."""
    players = SIM_PLAYERS.get(game_id, get_game(game_id).INFO.min_players)
    states = []
    for seed in range(count):
        length = len(play_game(config_for(game_id, players, "ai:random"), seed).history)
        target = length // 2
        captured: list[GameState] = []
        play_game(config_for(game_id, players, "ai:random"), seed,
                  lambda s: captured.append(s.clone()) if len(s.history) == target else None)
        states.extend(captured[:1])
    return states


def state_costs(states: list[GameState], reps: int = 200) -> dict[str, float]:
    clone_times, legal_times = [], []
    for state in states:
        start = time.perf_counter()
        for _ in range(reps):
            state.clone()
        clone_times.append((time.perf_counter() - start) / reps * 1e6)
        start = time.perf_counter()
        for _ in range(reps):
            state.invalidate()
            state.legal_actions()
        legal_times.append((time.perf_counter() - start) / reps * 1e6)
    return {"clone_us": statistics.median(clone_times), "legal_us": statistics.median(legal_times)}


def greedy_latency(game_id: str, games: int) -> dict[str, float]:
    players = SIM_PLAYERS.get(game_id, get_game(game_id).INFO.min_players)
    times: list[float] = []
    for seed in range(games):
        state = get_game(game_id).new_game(config_for(game_id, players, "ai:greedy"), seed)
        bots = [make_player("ai:greedy", game_id, seed * 31 + s) for s in range(players)]
        while not state.is_over:
            start = time.perf_counter()
            action = bots[state.decision.seat].choose(state)  # type: ignore[union-attr]
            times.append((time.perf_counter() - start) * 1e3)
            state.apply(action)
    return {"median_ms": statistics.median(times), "p95_ms": percentile(times, 95), "decisions": len(times)}


def profile_rules(game_id: str, games: int, top: int = 8) -> list[dict[str, Any]]:
    """The slowest rules functions (own time) over random games."""
    players = SIM_PLAYERS.get(game_id, get_game(game_id).INFO.min_players)
    play_game(config_for(game_id, players, "ai:random"), 999_999)   # content loading is not profiled
    profiler = cProfile.Profile()
    profiler.enable()
    for seed in range(games):
        play_game(config_for(game_id, players, "ai:random"), 500 + seed)
    profiler.disable()
    stats = pstats.Stats(profiler, stream=io.StringIO())
    rows = []
    for (filename, line, name), (_, calls, tottime, cumtime, _) in stats.stats.items():  # type: ignore[attr-defined]
        if "guardians" in filename:
            rows.append({"function": f"{Path(filename).name}:{line} {name}", "calls": calls / games,
                         "own_ms": tottime * 1e3 / games, "cum_ms": cumtime * 1e3 / games})
    rows.sort(key=lambda r: -r["own_ms"])
    return rows[:top]


# ----- the app -----------------------------------------------------------------------------------

def frame_times(game_id: str, frames: int, idle_seconds: float) -> dict[str, Any]:
    """Menu and play-scene frame times at 1280×720 (dummy driver), and CPU use while idle.

    The play scene (the game's own, through the same factory the launcher uses) runs a scripted game
    (every seat AI) on a full board; each frame is forced to redraw everything, so the figure is the
    cost of a full frame, not of an idle one.
    """
    os.environ.update(HEADLESS)
    from guardians.ui.app import App
    from guardians.ui.scenes.menu import MenuScene
    from guardians.ui.game_scenes import make_play_scene
    from guardians.ui.session import Session
    from guardians.ui.settings import Settings

    settings = Settings()
    settings.fullscreen = False
    players = BOARD_PLAYERS.get(game_id, get_game(game_id).INFO.max_players)
    players = players if players in get_game(game_id).INFO.allowed_counts() else get_game(game_id).INFO.max_players
    results: dict[str, Any] = {"players": players}
    with tempfile.TemporaryDirectory() as home:
        os.environ["GUARDIANS_HOME"] = home
        app = App(settings, size=(1280, 720), fps=1000)
        try:
            app.push(MenuScene(app))
            results["menu"] = _timed_frames(app, min(frames, 120))
            config = config_for(game_id, players, "ai:greedy")
            session = Session.start(config, 7, pace=0.0)
            app.replace(make_play_scene(app, session))
            results["play"] = _timed_frames(app, frames, stop=lambda: session.state.is_over)
            human = GameConfig(game_id, players, ("human",) + ("ai:greedy",) * (players - 1))
            idle_session = Session.start(human, 11, pace=0.0)
            app.replace(make_play_scene(app, idle_session))
            for _ in range(2000):                      # let the AI seats play up to the human's turn
                app.step(wait=False)
                if idle_session.state.decision and idle_session.state.decision.seat == 0 and not app.top.busy():
                    break
            start_cpu, start_wall = time.process_time(), time.perf_counter()
            while time.perf_counter() - start_wall < idle_seconds:
                app.step(wait=True)
            results["idle_cpu_percent"] = 100 * (time.process_time() - start_cpu) / (time.perf_counter() - start_wall)
        finally:
            app.close()
    return results


def _timed_frames(app: Any, frames: int, stop: Callable[[], bool] | None = None) -> dict[str, float]:
    times = []
    for _ in range(frames):
        app.step(wait=False)
        start = time.perf_counter()
        app.draw(force=True)
        times.append((time.perf_counter() - start) * 1e3)
        if stop is not None and stop():
            break
    return {"p50_ms": percentile(times, 50), "p95_ms": percentile(times, 95), "frames": len(times)}


def startup(cmd: list[str], runs: int) -> dict[str, float]:
    """Process start to first menu frame, via the app's GUARDIANS_FIRST_FRAME_FILE report."""
    times = []
    with tempfile.TemporaryDirectory() as tmp:
        for run in range(runs):
            marker = Path(tmp) / f"first-frame-{run}"
            env = {**os.environ, **HEADLESS, "GUARDIANS_FIRST_FRAME_FILE": str(marker), "GUARDIANS_HOME": tmp}
            start = time.time()
            subprocess.run(cmd + ["--headless", "--max-frames", "1"], env=env, check=True,
                           stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=120)
            times.append(float(marker.read_text()) - start)
    return {"median_s": statistics.median(times), "min_s": min(times), "max_s": max(times), "runs": runs}


def peak_rss_mb(game_id: str) -> float:
    """Peak resident memory of a whole 4-player (or largest) game played in the app, headless."""
    info = get_game(game_id).INFO
    players = 4 if 4 in info.allowed_counts() else info.max_players
    with tempfile.TemporaryDirectory() as tmp:
        code = (
            "import resource, sys\n"
            "from guardians.cli import main\n"
            f"code = main(['play', '--game', '{game_id}', '--players', '{players}', '--headless', '--autoplay',"
            " '--quit-when-over', '--max-frames', '200000'])\n"
            "print(resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n"
        )
        out = subprocess.run([sys.executable, "-c", code], env={**os.environ, **HEADLESS, "GUARDIANS_HOME": tmp},
                             capture_output=True, text=True, check=True, timeout=600)
    return int(out.stdout.strip().splitlines()[-1]) / 1024


BASELINE = r'''
import os, sys, time, statistics
os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
import pygame
pygame.init()
screen = pygame.display.set_mode((1280, 720))
font = pygame.font.Font(sys.argv[1], 14)
cards = []
for i in range(60):
    card = pygame.Surface((90, 126))
    card.fill((40 + i * 3, 60, 90))
    card.blit(font.render(f"Card {i}", True, (255, 255, 255)), (6, 6))
    cards.append(card)
def frame():
    screen.fill((20, 24, 32))
    for i, card in enumerate(cards):
        screen.blit(card, (10 + (i % 12) * 104, 10 + (i // 12) * 140))
    pygame.display.flip()
frame()
marker = os.environ.get("GUARDIANS_FIRST_FRAME_FILE")
if marker:
    open(marker, "w").write(repr(time.time()))
if "--max-frames" not in sys.argv:
    times = []
    for _ in range(int(sys.argv[2])):
        start = time.perf_counter(); frame(); times.append((time.perf_counter() - start) * 1e3)
    times.sort()
    print(times[len(times) // 2], times[min(len(times) - 1, round(0.95 * (len(times) - 1)))])
'''


def baseline(scale: Scale) -> dict[str, Any]:
    """A minimal pygame-ce program (a window and 60 card surfaces), measured the same way."""
    from guardians.engine.paths import assets_dir

    font = str(assets_dir() / "fonts" / "DejaVuSans.ttf")
    with tempfile.TemporaryDirectory() as tmp:
        script = Path(tmp) / "baseline.py"
        script.write_text(BASELINE)
        out = subprocess.run([sys.executable, str(script), font, str(max(scale.frames, 100))],
                             env={**os.environ, **HEADLESS}, capture_output=True, text=True, check=True)
        p50, p95 = map(float, out.stdout.split())
        start = startup([sys.executable, str(script), font], scale.startup_runs)
    return {"frame_p50_ms": p50, "frame_p95_ms": p95, "startup_s": start["median_s"]}


# ----- the report --------------------------------------------------------------------------------

def machine() -> dict[str, Any]:
    cpu = platform.processor() or platform.machine()
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                cpu = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    return {"cpu": cpu, "cores": os.cpu_count(), "python": platform.python_version(),
            "system": f"{platform.system()} {platform.release()}", "date": datetime.date.today().isoformat()}


def run(games: list[str], scale: Scale, frozen: Path | None = None, with_app: bool = True) -> dict[str, Any]:
    data: dict[str, Any] = {"machine": machine(), "games": {}}
    for game_id in games:
        progress(f"{game_id}: random games")
        figures: dict[str, Any] = {"random": games_per_second(game_id, "ai:random", scale.batches, scale.random_games)}
        progress(f"{game_id}: greedy games")
        figures["greedy"] = games_per_second(game_id, "ai:greedy", max(1, scale.batches // 2), scale.greedy_games)
        progress(f"{game_id}: clone and legal actions")
        figures["state"] = state_costs(mid_game_states(game_id, scale.samples))
        progress(f"{game_id}: greedy latency")
        figures["greedy_latency"] = greedy_latency(game_id, max(1, scale.greedy_games // 2))
        progress(f"{game_id}: profile")
        figures["profile"] = profile_rules(game_id, max(3, scale.random_games // 3))
        if with_app:
            progress(f"{game_id}: frames")
            figures["frames"] = frame_times(game_id, scale.frames, scale.idle_seconds)
            progress(f"{game_id}: peak memory")
            figures["rss_mb"] = peak_rss_mb(game_id)
        data["games"][game_id] = figures
    if with_app:
        progress("start-up")
        data["startup"] = startup([sys.executable, "-m", "guardians"], scale.startup_runs)
        progress("pygame baseline")
        data["baseline"] = baseline(scale)
    if frozen is not None and frozen.exists():
        progress("packaged executable")
        data["frozen"] = {"exe_mb": frozen.stat().st_size / 1e6,
                          **startup([str(frozen)], scale.startup_runs)}
    return data


def _mark(key: str, value: float, game_id: str | None = None) -> str:
    goal = GAME_GOALS.get(game_id or "", {}).get(key) or GOALS.get(key)
    if goal is None or value != value:
        return ""
    op, target = goal
    met = value >= target if op == ">=" else value <= target
    return "met" if met else "**not met**"


def _goal(key: str, game_id: str | None = None) -> str:
    goal = GAME_GOALS.get(game_id or "", {}).get(key) or GOALS.get(key)
    return f"{goal[0]} {goal[1]:g}" if goal else "—"


def markdown(data: dict[str, Any], command: str, notes: str = "") -> str:
    m = data["machine"]
    lines = ["# Performance", "",
             f"Generated by `{command}` on {m['date']}: {m['cpu']}, {m['cores']} cores, {m['system']}, "
             f"Python {m['python']}. Shared, noisy machines: compare figures from one run, and compare runs "
             "with `guardians bench --json`. No test asserts any of these numbers.", ""]
    for game_id, f in data["games"].items():
        title = get_game(game_id).INFO.title
        r, g, st, lat = f["random"], f["greedy"], f["state"], f["greedy_latency"]
        lines += [f"## {title} (`{game_id}`)", "", "| figure | value | goal | |", "|---|---|---|---|",
                  f"| full games/s, random seats, {r['players']} players, one core (median of batches; min–max) | "
                  f"{r['median']:.0f} ({r['min']:.0f}–{r['max']:.0f}) | {_goal('random_gps', game_id)} | "
                  f"{_mark('random_gps', r['median'], game_id)} |",
                  f"| full games/s, greedy seats | {g['median']:.1f} ({g['min']:.1f}–{g['max']:.1f}) | — | |",
                  f"| clone of a mid-game state | {st['clone_us']:.1f} µs | {_goal('clone_us')} µs | {_mark('clone_us', st['clone_us'])} |",
                  f"| legal actions of a mid-game state (recomputed) | {st['legal_us']:.1f} µs | — | |",
                  f"| greedy decision latency, median / p95 ({lat['decisions']} decisions) | {lat['median_ms']:.2f} / "
                  f"{lat['p95_ms']:.2f} ms | p95 {_goal('greedy_p95_ms')} ms | {_mark('greedy_p95_ms', lat['p95_ms'])} |"]
        if "frames" in f:
            fr = f["frames"]
            base = data.get("baseline", {})
            ratio = f" ({fr['play']['p95_ms'] / base['frame_p95_ms']:.1f}× pygame)" if base.get("frame_p95_ms") else ""
            lines += [f"| menu frame p50 / p95, 1280×720, dummy driver | {fr['menu']['p50_ms']:.2f} / {fr['menu']['p95_ms']:.2f} ms | — | |",
                      f"| play scene frame p50 / p95, {fr['players']} players, full redraw each frame | "
                      f"{fr['play']['p50_ms']:.2f} / {fr['play']['p95_ms']:.2f} ms{ratio} | p95 {_goal('frame_p95_ms')} ms | "
                      f"{_mark('frame_p95_ms', fr['play']['p95_ms'])} |",
                      f"| CPU while idle at a human decision | {fr['idle_cpu_percent']:.1f} % | near 0 | |",
                      f"| peak memory (RSS) of a whole game in the app | {f['rss_mb']:.0f} MB | {_goal('rss_mb')} MB | "
                      f"{_mark('rss_mb', f['rss_mb'])} |"]
        lines += ["", "Slowest rules functions over random games (own time per game):", "",
                  "| function | calls/game | own ms/game | cumulative ms/game |", "|---|---|---|---|"]
        for row in f["profile"]:
            lines.append(f"| `{row['function']}` | {row['calls']:.0f} | {row['own_ms']:.2f} | {row['cum_ms']:.2f} |")
        lines.append("")
    if "startup" in data:
        s = data["startup"]
        lines += ["## The app", "", "| figure | value | goal | |", "|---|---|---|---|",
                  f"| start to first menu frame, from source (median of {s['runs']}; min–max) | {s['median_s']:.3f} s "
                  f"({s['min_s']:.3f}–{s['max_s']:.3f}) | {_goal('startup_s')} s | {_mark('startup_s', s['median_s'])} |"]
        if "frozen" in data:
            fz = data["frozen"]
            lines += [f"| packaged one-file executable size | {fz['exe_mb']:.1f} MB | {_goal('exe_mb')} MB | {_mark('exe_mb', fz['exe_mb'])} |",
                      f"| packaged start to first menu frame (median of {fz['runs']}) | {fz['median_s']:.3f} s | "
                      f"{_goal('frozen_startup_s')} s | {_mark('frozen_startup_s', fz['median_s'])} |"]
        lines.append("")
    if "baseline" in data:
        b = data["baseline"]
        lines += ["## Baseline: a minimal pygame-ce program on the same machine, same run", "",
                  "A window and 60 card surfaces with text, 1280×720, dummy driver.", "",
                  "| figure | value |", "|---|---|",
                  f"| frame p50 / p95 | {b['frame_p50_ms']:.2f} / {b['frame_p95_ms']:.2f} ms |",
                  f"| start to first frame | {b['startup_s']:.3f} s |", ""]
    if notes:
        lines += [notes.strip(), ""]
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="guardians bench", description="Measure every speed figure.")
    parser.add_argument("--game", action="append", help="only this game (repeatable); default: all")
    parser.add_argument("--quick", action="store_true", help="a tiny smoke run (numbers meaningless)")
    parser.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    parser.add_argument("--out", type=Path, help="write the Markdown report here (docs/PERFORMANCE.md)")
    parser.add_argument("--frozen", type=Path, help="also measure this packaged executable")
    parser.add_argument("--no-app", action="store_true", help="rules and AI only (no window figures)")
    args = parser.parse_args(argv)
    games = args.game or game_ids()
    scale = QUICK if args.quick else Scale()
    data = run(games, scale, args.frozen, with_app=not args.no_app)
    command = "guardians bench " + " ".join(argv if argv is not None else sys.argv[1:])
    notes_path = Path(__file__).resolve().parents[1] / "docs" / "performance-notes.md"
    notes = notes_path.read_text(encoding="utf-8") if notes_path.exists() else ""
    if args.out:
        args.out.parent.mkdir(parents=True, exist_ok=True)
        args.out.write_text(markdown(data, command.strip(), notes), encoding="utf-8")
        progress(f"wrote {args.out}")
    if args.json:
        print(json.dumps(data, indent=None, default=float))
    elif not args.out:
        print(markdown(data, command.strip(), notes))
    return 0
