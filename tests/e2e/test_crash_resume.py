"""Kill the running app with SIGKILL mid-game; the autosave is whole and "Continue" resumes it.

The app runs in a subprocess (headless, every seat a greedy AI slowed down so a game lasts a few
seconds). After the kill the autosave must be valid JSON (it is written atomically), and a fresh
process must resume it through the menu's Continue button at exactly the last applied action:
same number of actions, same digest as replaying the saved actions.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from guardians.engine.actions import Action
from guardians.engine.saves import replay
from guardians.engine.state import GameConfig

TESTS = Path(__file__).resolve().parents[1]

PRELUDE = f"""
import sys, time
sys.path.insert(0, {str(TESTS)!r})
import toy_game
toy_game.install()
from pathlib import Path
from guardians.engine.registry import get_game
from guardians.ui.launch import LaunchOptions, run_app
"""

PLAY = PRELUDE + """
toy = get_game("toy")
fast = toy.evaluate
def slow(state, seat):          # a thinking AI: each option it weighs takes a little while
    time.sleep(0.03)
    return fast(state, seat)
toy.evaluate = slow
sys.exit(run_app(LaunchOptions(game="toy", autoplay=True, headless=True, seed=int(sys.argv[1]))))
"""

CONTINUE = PRELUDE + """
import json
import pygame
from guardians.ui.app import App
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.settings import Settings
app = App(Settings(animation_speed="off"))
menu = MenuScene(app)
app.push(menu)
app.step(wait=False)
assert menu.resume.visible, menu.messages
pos = menu.resume.rect.center
for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0), buttons=(0, 0, 0)))
app.step(wait=False)
play = app.top
assert isinstance(play, PlayScene), type(play)
state = play.session.state
print(json.dumps({"actions": len(state.history), "digest": state.digest()}))
"""


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env["GUARDIANS_HOME"] = str(home)
    env["PYTHONUNBUFFERED"] = "1"
    return env


def _autosave_actions(path: Path) -> int | None:
    try:
        return len(json.loads(path.read_text())["actions"])
    except (OSError, ValueError, KeyError):
        return None


def kill_mid_game(home: Path, seed: int, kill_after: int, pause: float = 0.0) -> int:
    """Run the app until its autosave holds `kill_after` actions, then SIGKILL it.

    A game that ends sooner (both seats pass early) is retried with the next seed; returns the seed used.
    """
    autosave = home / "autosave.json"
    for attempt in range(seed, seed + 8):
        autosave.unlink(missing_ok=True)
        proc = subprocess.Popen([sys.executable, "-c", PLAY, str(attempt)], env=_env(home),
                                stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
        try:
            seen = 0
            deadline = time.monotonic() + 60
            while time.monotonic() < deadline:
                assert proc.poll() is None, f"the app exited early: {proc.stderr.read()}"
                count = _autosave_actions(autosave)
                if count is not None and count >= kill_after:
                    time.sleep(pause)                # land between two moves, or inside a write
                    proc.send_signal(signal.SIGKILL)
                    proc.wait(timeout=10)
                    assert proc.returncode == -signal.SIGKILL
                    return attempt
                if count is not None:
                    seen = count
                elif seen and not autosave.exists():
                    break                            # the game ended before the kill point
                time.sleep(0.005)
        finally:
            if proc.poll() is None:
                proc.kill()
                proc.wait()
    raise AssertionError(f"no game reached {kill_after} actions")


@pytest.mark.slow
@pytest.mark.parametrize("seed, kill_after", [(1, 3), (20, 6), (40, 10)])
def test_sigkill_mid_game_then_continue_resumes_the_last_action(tmp_path, seed, kill_after):
    home = tmp_path / "home"
    autosave = home / "autosave.json"
    kill_mid_game(home, seed, kill_after, pause=0.004 * kill_after)

    # Written atomically: whole, valid JSON at the moment of the kill.
    raw = autosave.read_bytes()
    data = json.loads(raw)
    assert data["game"] == "toy" and len(data["actions"]) >= kill_after

    # Replaying the saved actions gives the saved digest...
    config = GameConfig.from_json(data["config"])
    replayed = replay(config, data["seed"], [Action(kind, tuple(args)) for kind, args in data["actions"]])
    assert replayed.digest() == data["digest"]

    # ...and a fresh process resumes exactly there through the menu's Continue button.
    done = subprocess.run([sys.executable, "-c", CONTINUE], env=_env(home), capture_output=True, text=True,
                          timeout=60)
    assert done.returncode == 0, done.stderr
    resumed = json.loads(done.stdout.strip().splitlines()[-1])
    assert resumed == {"actions": len(data["actions"]), "digest": replayed.digest()}
    assert autosave.read_bytes() == raw          # resuming alone does not rewrite the save


@pytest.mark.slow
def test_resumed_game_plays_on_to_the_end(tmp_path):
    home = tmp_path / "home"
    autosave = home / "autosave.json"
    kill_mid_game(home, 4, 4)
    finish = PRELUDE + "sys.exit(run_app(LaunchOptions(resume=True, headless=True, quit_when_over=True, max_frames=20000)))"
    # The resumed seats are the saved ones (both AI), so the game runs to its end by itself.
    done = subprocess.run([sys.executable, "-c", finish], env=_env(home), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    assert not autosave.exists()                 # the finished game removed its autosave
