"""Where the redraw after a move goes: the bench's move frames split into `refresh` (the View rebuilt),
`_render_base` (the still picture painted) and the kept pictures made in it, in the frame thread's CPU time.

    python tools/frame_split.py chronicles 150            # the map after a move (issue #16)
    python tools/frame_split.py realms 450 --skip 150 --mode combat   # the combat table after a pick (#15)

It plays the frames exactly as `guardians.bench_frames.play_frames` does (seeded greedy moves, seat 1
human), times the parts of each move frame, keeps the frames whose screen (`View.mode`) is `--mode` and was
shown before the move too, and prints p50 / p95 / mean of each part and the slowest frames. Run it on two
checkouts in turn (PYTHONPATH) to compare them; no figure here is a goal (`guardians bench` has those).
"""

from __future__ import annotations

import argparse
import os
import statistics
import tempfile
import time
from typing import Any, Callable

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

from guardians import bench_frames  # noqa: E402
from guardians.bench import BOARD_PLAYERS, baseline_font  # noqa: E402
from guardians.ui.app import App  # noqa: E402
from guardians.ui.session import Session, flush_autosaves  # noqa: E402
from guardians.ui.settings import Settings  # noqa: E402
from guardians.ui.table.pictures import Pictures  # noqa: E402
from guardians.ui.table.scene import TableScene  # noqa: E402

PARTS = ("frame", "refresh", "render", "pictures made")


def _timed(owner: Any, name: str, spent: dict[str, float], part: str) -> None:
    """Wrap `owner.name` so its thread CPU time is added to `spent[part]`."""
    inner: Callable[..., Any] = getattr(owner, name)

    def timed(*args: Any, **kwargs: Any) -> Any:
        start = time.thread_time()
        try:
            return inner(*args, **kwargs)
        finally:
            spent[part] = spent.get(part, 0.0) + time.thread_time() - start

    setattr(owner, name, timed)


def split(game: str, moves: int, skip: int, mode: str | None) -> list[dict[str, float]]:
    """The parts (ms) of each move frame kept."""
    spent: dict[str, float] = {}
    _timed(TableScene, "refresh", spent, "refresh")
    _timed(TableScene, "_render_base", spent, "render")
    picture = Pictures.picture

    def made(self: Pictures, look: Any, rect: Any, paint: Any) -> Any:
        if (look, rect.w, rect.h) in self._store:             # found, not made
            return picture(self, look, rect, paint)
        start = time.thread_time()
        try:
            return picture(self, look, rect, paint)
        finally:
            spent["pictures made"] = spent.get("pictures made", 0.0) + time.thread_time() - start

    Pictures.picture = made
    frames: list[dict[str, float]] = []
    after_move = {"now": False}
    apply = Session.apply

    def applied(self: Session, action: Any) -> Any:
        result = apply(self, action)
        after_move["now"] = True
        return result

    draw = bench_frames._timed_draw

    def timed_draw(app: App) -> Any:
        spent.clear()
        start = time.thread_time()
        result = draw(app)
        if after_move["now"]:
            after_move["now"] = False
            frames.append(dict(spent, frame=time.thread_time() - start))
        return result

    bench_frames._timed_draw = timed_draw
    settings = Settings()
    settings.animation_speed = "normal"
    with tempfile.TemporaryDirectory() as home:
        os.environ["GUARDIANS_HOME"] = home
        app = App(settings, size=(1280, 720), fps=1000)
        try:
            players = bench_frames.board_players(game, BOARD_PLAYERS.get(game))
            bench_frames.Session.apply = applied     # after the untimed moves of `skip` too: only timed ones draw
            log = bench_frames.play_frames(app, game, players, moves, 7,
                                           bench_frames.BaselineFrame(app.screen, baseline_font()), skip=skip)
        finally:
            Session.apply = apply
            app.close()
            flush_autosaves()
    kept = [i for i, (m, entered) in enumerate(zip(log.modes, log.entered())) if mode is None or (m == mode and not entered)]
    return [{part: frames[i].get(part, 0.0) * 1e3 for part in PARTS} for i in kept if i < len(frames)]


def percentile(values: list[float], q: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(q / 100 * (len(ordered) - 1)))] if ordered else float("nan")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("moves", type=int, nargs="?", default=150)
    parser.add_argument("--skip", type=int, default=0, help="moves played untimed first")
    parser.add_argument("--mode", default=None, help="only frames that stayed on this screen (View.mode)")
    args = parser.parse_args()
    rows = split(args.game, args.moves, args.skip, args.mode)
    print(f"{len(rows)} move frames, thread CPU ms")
    for part in PARTS:
        values = [row[part] for row in rows]
        print(f"{part:>14}: p50 {percentile(values, 50):5.2f}  p95 {percentile(values, 95):5.2f}  "
              f"mean {statistics.mean(values) if values else float('nan'):5.2f}")
    print("slowest frames (frame, refresh, render, pictures made):")
    for row in sorted(rows, key=lambda r: -r["frame"])[:8]:
        print("   " + "  ".join(f"{row[part]:5.2f}" for part in PARTS))


if __name__ == "__main__":
    main()
