"""The frames a player waits for, timed on a game's own table (`guardians bench`'s window figures).

Three kinds of frame, each one that really redraws (a frame that only blits a cached picture is what a
player never waits for, so it is not timed):

- **move**: the first frame after a move is applied: the table is rebuilt for the new position
  (`refresh`) and its picture re-rendered;
- **animation**: each frame of the tweens that move derives, stepped at 60 frames a second, while
  something is moving or showing (including the frame where the last one lands);
- **hover**: the mouse arrives on a piece that shows a card or a tip: the event, then the frame.

Move frames are also told apart by the screen the table showed after the move (`View.mode`: realms'
"board" or "combat", chronicles' "board", the map), and by whether the table showed that screen before the
move too: a redraw an issue names (realms' combat table after a pick, chronicles' map after a move) is a
frame that *stayed* on its screen (`summary()["move"]["modes"]`); a frame where a screen first appears
(realms' board replaced by a new combat) is a different wait and is read apart
(`summary()["move"]["entering"]`). Realms fights its combats from move 150 or so on: `MODE_PASSES` names
such a screen, how many moves are played untimed before a pass that times it, and how many that pass times.

Every frame, ours and the baseline's, is timed twice: on the wall clock (`perf_counter`, the figures'
plain keys) and in the frame thread's CPU time (`thread_time`, the `cpu` sub-dicts). On a shared 2-core
machine the wall clock also counts the time other processes held the core, and a frame of ours (several
ms) is preempted more often than a baseline frame (under 1 ms), so wall-clock ratios grow with the load;
CPU-time ratios hardly do.

Seat 1 is a human (so its decisions are presented: highlights, option buttons), the others are the
computer; every move is chosen in this thread by `ai:greedy`, so no AI thread competes with the
timing. Between our frames the same process times one frame of a minimal pygame-ce program (60 card
surfaces blitted, the window flipped) on the same window: figures are read as a ratio to it, which
holds however fast the shared machine happens to be at that moment.
"""

from __future__ import annotations

import os
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable

os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")   # `python -m guardians.bench_frames` prints JSON only

import pygame  # noqa: E402

from guardians.ai import make_player
from guardians.bench import bench_config, percentile
from guardians.engine.registry import get_game
from guardians.ui.app import App
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.session import Session, flush_autosaves
from guardians.ui.settings import Settings
from guardians.ui.table.view import unread

KINDS = ("move", "animation", "hover")
FRAME_DT = 1 / 60               # an animation step, as at the window's 60 frames a second
HOVERS_PER_MOVE = 2
ANIMATION_FRAMES_PER_MOVE = 90  # a cap: 1.5 s of tweens
# game -> (screen, moves played untimed first, moves then timed): a pass of its own times that screen's
# redraws (realms' seeded 4-player game fights about 60 of its moves from move 150 to 600 in combat)
MODE_PASSES = {"realms": ("combat", 150, 450)}


class BaselineFrame:
    """The bench's minimal pygame-ce program (60 card surfaces with text, filled, blitted, flipped),
    drawn on the app's window so it can be timed between our own frames."""

    def __init__(self, screen: pygame.Surface, font_path: Path) -> None:
        self.screen = screen
        font = pygame.font.Font(str(font_path), 14)
        self.cards = []
        for i in range(60):
            card = pygame.Surface((90, 126))
            card.fill((40 + i * 3, 60, 90))
            card.blit(font.render(f"Card {i}", True, (255, 255, 255)), (6, 6))
            self.cards.append(card)

    def frame(self) -> None:
        screen = self.screen
        screen.fill((20, 24, 32))
        for i, card in enumerate(self.cards):
            screen.blit(card, (10 + (i % 12) * 104, 10 + (i // 12) * 140))
        pygame.display.flip()

    def timed(self) -> tuple[float, float]:
        """One frame's (wall ms, thread CPU ms)."""
        watch = Stopwatch()
        self.frame()
        return watch.read()


class Stopwatch:
    """Wall clock and this thread's CPU time from one moment (`read`: both in ms since)."""

    def __init__(self) -> None:
        self.wall = time.perf_counter()
        self.cpu = time.thread_time()

    def read(self) -> tuple[float, float]:
        return (time.perf_counter() - self.wall) * 1e3, (time.thread_time() - self.cpu) * 1e3


@dataclass
class FrameLog:
    """Frame times (ms) by kind, on the wall clock (`times`) and in the thread's CPU time (`cpu`), how many
    of them redrew, and the baseline frames timed between them, read both ways."""

    times: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    cpu: dict[str, list[float]] = field(default_factory=lambda: {kind: [] for kind in KINDS})
    redraws: dict[str, int] = field(default_factory=lambda: {kind: 0 for kind in KINDS})
    baseline: list[float] = field(default_factory=list)
    baseline_cpu: list[float] = field(default_factory=list)
    modes: list[str] = field(default_factory=list)     # the screen after each move frame (`View.mode`)
    start_mode: str = ""                               # the screen shown before the first timed move

    def add(self, kind: str, timed: tuple[float, float], redrew: bool, base: BaselineFrame) -> None:
        """A frame of ours, (wall ms, CPU ms), then a baseline frame timed right after it."""
        self.times[kind].append(timed[0])
        self.cpu[kind].append(timed[1])
        self.redraws[kind] += int(redrew)
        wall, cpu = base.timed()
        self.baseline.append(wall)
        self.baseline_cpu.append(cpu)

    def entered(self) -> list[bool]:
        """For each move frame, whether its screen appeared with it (the frame before showed another)."""
        before = [self.start_mode] + self.modes[:-1]
        return [m != b for m, b in zip(self.modes, before)]

    def summary(self) -> dict[str, Any]:
        walls = (self.baseline, percentile(self.baseline, 50), percentile(self.baseline, 95))
        cpus = (self.baseline_cpu, percentile(self.baseline_cpu, 50), percentile(self.baseline_cpu, 95))
        out: dict[str, Any] = {"baseline": {"p50_ms": walls[1], "p95_ms": walls[2], "frames": len(self.baseline),
                                            "cpu": {"p50_ms": cpus[1], "p95_ms": cpus[2]}}}
        for kind in KINDS:
            out[kind] = dict(_both(self.times[kind], self.cpu[kind], walls, cpus), redraws=self.redraws[kind])
        moves = list(zip(self.times["move"], self.cpu["move"], self.modes, self.entered()))
        for key, entering in (("modes", False), ("entering", True)):
            out["move"][key] = {}
            for mode in sorted(set(self.modes)):
                chosen = [(w, c) for w, c, m, e in moves if m == mode and e == entering]
                if chosen or not entering:
                    out["move"][key][mode] = _both([w for w, _ in chosen], [c for _, c in chosen], walls, cpus)
        return out


def _both(wall: list[float], cpu: list[float], walls: tuple, cpus: tuple) -> dict[str, Any]:
    """Wall-clock figures (plain keys) with the CPU-time ones under "cpu", each against its own baseline."""
    return dict(_figures(wall, walls[1], walls[2]), cpu=_figures(cpu, cpus[1], cpus[2]))


def _figures(times: list[float], b50: float, b95: float) -> dict[str, Any]:
    """Frames, p50 and p95 (ms) and their ratios to the baseline's."""
    if not times:
        return {"frames": 0, "p50_ms": float("nan"), "p95_ms": float("nan"), "p50_ratio": float("nan"),
                "p95_ratio": float("nan")}
    p50, p95 = percentile(times, 50), percentile(times, 95)
    return {"frames": len(times), "p50_ms": p50, "p95_ms": p95,
            "p50_ratio": p50 / b50 if b50 > 0 else float("nan"), "p95_ratio": p95 / b95 if b95 > 0 else float("nan")}


class Counter:
    """Counts the calls of one bound method, by wrapping it on the instance."""

    def __init__(self, obj: Any, name: str) -> None:
        self.calls = 0
        inner: Callable[..., Any] = getattr(obj, name)

        def counted(*args: Any, **kwargs: Any) -> Any:
            self.calls += 1
            return inner(*args, **kwargs)

        setattr(obj, name, counted)


def _timed_draw(app: App) -> tuple[tuple[float, float], bool]:
    watch = Stopwatch()
    redrew = app.draw()
    return watch.read(), redrew


def _in_motion(animator: Any) -> bool:
    """Something on the table is moving or showing (a slide is drawn from its first frame, the others
    once their delay is over)."""
    return any(t.started or t.kind == "slide" for t in animator.tweens)


def _shows(piece: Any) -> bool:
    """Whether a piece has a card face or a tip, read without calling one given as a function (so the
    hover frame that follows pays for wording it, as a player's does)."""
    face, tip = unread(piece, "face"), unread(piece, "tip")
    return face is not None or callable(tip) or bool(tip)


def _hover_spots(scene: Any) -> list[tuple[int, int]]:
    """Where the mouse shows something: the middle of every piece with a card face or a tip that is the
    topmost such piece there (as `View.hover_at` finds it)."""
    view = getattr(scene, "view", None)
    if view is None:
        return []
    pieces = view.all()
    spots = []
    for piece in pieces:
        if not _shows(piece):
            continue
        centre = piece.area.center
        for above in reversed(pieces):
            if above.area.collidepoint(centre) and (_shows(above) or above.solid):
                if above is piece:
                    spots.append(centre)
                break
    return spots


def _settle(app: App, scene: Any) -> None:
    """Finish the tweens still running and draw once (untimed): the table at rest. Then the idle moments
    the window loop has before the next move (the player reads the table, the computer thinks, the pace
    holds its move): the pictures the move's frame put off are made (`Scene.idle`), untimed."""
    animator = getattr(scene, "animator", None)
    if animator is not None and animator.skip():
        scene._base_dirty = True
        scene.dirty = True
    app.draw()
    while scene.idle():
        pass


def play_frames(app: App, game_id: str, players: int, moves: int, seed: int, base: BaselineFrame,
                on_move: Callable[[], None] | None = None, skip: int = 0) -> FrameLog:
    """Play `moves` moves of a seeded game on the game's table and time the frames each one causes
    (after `skip` moves played untimed, the table drawn once they are over)."""
    config = bench_config(game_id, players, ("human",) + ("ai:greedy",) * (players - 1))
    session = Session.start(config, seed, pace=0.0)
    bots = [make_player("ai:greedy", game_id, seed * 31 + s) for s in range(players)]
    for _ in range(skip):
        state = session.state
        if state.is_over or state.decision is None:
            break
        session.apply(bots[state.decision.seat].choose(state))
    scene = make_play_scene(app, session)
    app.replace(scene)
    if hasattr(scene, "hover"):
        scene.hover.delay = 0.0                 # the hover frames time drawing the large card: no rest first
    app.draw()
    refreshes = Counter(scene, "refresh")
    log = FrameLog(start_mode=getattr(getattr(scene, "view", None), "mode", "") or "")
    hover_turn = 0
    for _ in range(moves):
        state = session.state
        if state.is_over or state.decision is None:
            break
        session.apply(bots[state.decision.seat].choose(state))   # rules and autosave: not timed
        scene._changed()                                          # what the scene does after any move
        if on_move is not None:
            on_move()
        before = refreshes.calls
        timed, redrew = _timed_draw(app)
        log.add("move", timed, redrew and refreshes.calls > before, base)
        log.modes.append(getattr(getattr(scene, "view", None), "mode", "") or "")
        animator = getattr(scene, "animator", None)
        steps = 0
        while animator is not None and animator.active and steps < ANIMATION_FRAMES_PER_MOVE:
            before = _in_motion(animator)
            if animator.update(FRAME_DT):       # as BoardPlayScene.update (which would also start AI turns)
                scene.dirty = True
            steps += 1
            if not before and not _in_motion(animator):
                app.draw()                      # tweens still waiting for their turn: the same picture again
                continue
            timed, redrew = _timed_draw(app)
            log.add("animation", timed, redrew, base)
        _settle(app, scene)
        spots = _hover_spots(scene)
        for _ in range(min(HOVERS_PER_MOVE, len(spots))):
            pos = spots[hover_turn % len(spots)]
            hover_turn += 7                     # walk over the table, not along one row
            event = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))
            watch = Stopwatch()
            scene.handle(event)
            redrew = app.draw()
            log.add("hover", watch.read(), redrew and scene.view.hover_at(pos) is not None, base)
    return log


def menu_frames(app: App, frames: int) -> dict[str, float]:
    """The menu redrawn (forced: nothing changes on it without input)."""
    app.push(MenuScene(app))
    times = []
    for _ in range(frames):
        app.step(wait=False)
        start = time.perf_counter()
        app.draw(force=True)
        times.append((time.perf_counter() - start) * 1e3)
    return {"p50_ms": percentile(times, 50), "p95_ms": percentile(times, 95), "frames": len(times)}


def idle_cpu(app: App, game_id: str, players: int, seconds: float) -> float:
    """CPU use (%) while the table waits for the human, the window loop left to itself."""
    human = bench_config(game_id, players, ("human",) + ("ai:greedy",) * (players - 1))
    session = Session.start(human, 11, pace=0.0)
    app.replace(make_play_scene(app, session))
    for _ in range(2000):                      # let the AI seats play up to the human's turn
        app.step(wait=False)
        if session.state.decision and session.state.decision.seat == 0 and not app.top.busy():
            break
    start_cpu, start_wall = time.process_time(), time.perf_counter()
    while time.perf_counter() - start_wall < seconds:
        app.step(wait=True)
    return 100 * (time.process_time() - start_cpu) / (time.perf_counter() - start_wall)


def frame_figures(game_id: str, players: int, moves: int, idle_seconds: float, menu: int,
                  font_path: Path) -> dict[str, Any]:
    """Every window figure of one game at 1280×720 under the dummy driver, animations at normal speed."""
    settings = Settings()
    settings.fullscreen = False
    settings.animation_speed = "normal"
    results: dict[str, Any] = {"players": players, "moves": moves}
    previous_home = os.environ.get("GUARDIANS_HOME")
    with tempfile.TemporaryDirectory() as home:
        os.environ["GUARDIANS_HOME"] = home
        app = App(settings, size=(1280, 720), fps=1000)
        try:
            base = BaselineFrame(app.screen, font_path)
            results["menu"] = menu_frames(app, menu)
            results.update(play_frames(app, game_id, players, moves, 7, base).summary())
            if game_id in MODE_PASSES and moves >= 30:      # not in a quick run: it plays hundreds of moves
                mode, skip, timed = MODE_PASSES[game_id]
                results[mode] = play_frames(app, game_id, players, timed, 7, base, skip=skip).summary()["move"]
            results["idle_cpu_percent"] = idle_cpu(app, game_id, players, idle_seconds)
        finally:
            app.close()
            flush_autosaves()           # the writer thread may still be writing into the data dir
            if previous_home is None:
                os.environ.pop("GUARDIANS_HOME", None)
            else:
                os.environ["GUARDIANS_HOME"] = previous_home
    return results


def board_players(game_id: str, wanted: int | None) -> int:
    info = get_game(game_id).INFO
    return wanted if wanted in info.allowed_counts() else info.max_players


def main(argv: list[str] | None = None) -> int:
    """`python -m guardians.bench_frames GAME [MOVES] [--skip N]`: one game's frame figures as JSON (for
    A/B runs that alternate two checkouts on PYTHONPATH); `realms 450 --skip 150` times its combats."""
    import argparse
    import json

    from guardians.bench import BOARD_PLAYERS, HEADLESS, baseline_font

    parser = argparse.ArgumentParser(prog="python -m guardians.bench_frames", description=main.__doc__)
    parser.add_argument("game")
    parser.add_argument("moves", nargs="?", type=int, default=150, help="moves timed (default 150)")
    parser.add_argument("--skip", type=int, default=0, help="moves played untimed first (default 0)")
    parser.add_argument("--players", type=int, default=None, help="default: the bench's board player count")
    parser.add_argument("--seed", type=int, default=7)
    args = parser.parse_args(argv)
    os.environ.update(HEADLESS)
    settings = Settings()
    settings.animation_speed = "normal"
    with tempfile.TemporaryDirectory() as home:
        os.environ["GUARDIANS_HOME"] = home
        app = App(settings, size=(1280, 720), fps=1000)
        try:
            players = board_players(args.game, args.players or BOARD_PLAYERS.get(args.game))
            log = play_frames(app, args.game, players, args.moves, args.seed,
                              BaselineFrame(app.screen, baseline_font()), skip=args.skip)
        finally:
            app.close()
            flush_autosaves()           # the writer thread may still be writing into the data dir
    print(json.dumps(log.summary()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
