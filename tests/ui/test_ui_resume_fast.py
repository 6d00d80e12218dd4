"""Starting with a save present stays fast (issue #12, item 10): the menu reads only the save's header
(game, players, moves, when) and the save is replayed when the player continues. Card YAML is parsed
once per command."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

from ui_helpers import click, pump

from guardians.engine import saves
from guardians.engine.state import GameConfig
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.session import Session

TESTS = Path(__file__).resolve().parents[1]

# Counts, in a fresh process, the card files parsed and the replays while the app starts and continues.
COUNTING = f"""
import collections, json, sys
sys.path.insert(0, {str(TESTS)!r})
import pygame
from guardians.engine import content, saves
parsed = collections.Counter()
real_load = content.load_yaml
def load_yaml(path, display_name=None):
    parsed[path.name] += 1
    return real_load(path, display_name)
content.load_yaml = load_yaml
replays = []
real_verify = saves.verify
def verify(*args):
    replays.append(1)
    return real_verify(*args)
saves.verify = verify
def report(stage, **extra):
    print(json.dumps(dict(stage=stage, replays=len(replays), parsed=dict(parsed),
                          rules="guardians.games.heroes.rules" in sys.modules, **extra)))
"""

MENU_THEN_CONTINUE = COUNTING + """
from guardians.ui.app import App
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.settings import Settings
app = App(Settings(animation_speed="off"))
menu = MenuScene(app)
app.push(menu)
app.step(wait=False)
report("menu", resumable=menu.resume.visible, note=menu.resume_note)
pos = menu.resume.rect.center
for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
    pygame.event.post(pygame.event.Event(kind, pos=pos, button=1, rel=(0, 0), buttons=(0, 0, 0)))
app.step(wait=False)
app.step(wait=False)
state = app.top.session.state
report("continued", scene=type(app.top).__name__, moves=len(state.history), digest=state.digest())
"""

RESUME = COUNTING + """
from guardians.ui.launch import LaunchOptions, run_app
code = run_app(LaunchOptions(resume=True, headless=True, max_frames=2))
report("resume", code=code)
"""

CLI = COUNTING + """
from guardians.cli import main
code = main(sys.argv[1:])
report("cli", code=code)
"""


def _env() -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env.update(SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy")
    return env


def _run(code: str, *args: str) -> list[dict]:
    done = subprocess.run([sys.executable, "-c", code, *args], env=_env(), capture_output=True, text=True,
                          timeout=120)
    assert done.returncode == 0, done.stderr
    return [json.loads(line) for line in done.stdout.splitlines() if line.startswith("{")]


def _heroes_save(moves: int = 60) -> saves.GameState:
    from guardians.ai import RandomPlayer
    from guardians.engine.registry import new_game

    state = new_game(GameConfig("heroes", 2, ("human", "ai:greedy")), 4)
    player = RandomPlayer(4)
    for _ in range(moves):
        state.apply(player.choose(state))
    saves.write_save(saves.autosave_path(), state)
    return state


def test_the_menu_shows_the_save_without_replaying_it_and_continue_replays_it_once() -> None:
    state = _heroes_save()
    menu, continued = _run(MENU_THEN_CONTINUE)
    assert menu["resumable"] and menu["replays"] == 0 and menu["parsed"] == {} and not menu["rules"]
    assert "Guardians: Hero Tactics" in menu["note"] and "2 players" in menu["note"]
    assert f"{len(state.history)} moves" in menu["note"] and "saved" in menu["note"]
    assert continued["scene"] != "MenuScene" and continued["replays"] == 1
    assert continued["moves"] == len(state.history) and continued["digest"] == state.digest()
    assert continued["parsed"] and set(continued["parsed"].values()) == {1}


def test_commands_parse_each_card_file_once() -> None:
    _heroes_save()
    [resumed] = _run(RESUME)
    assert resumed["code"] == 0 and resumed["replays"] == 1 and set(resumed["parsed"].values()) == {1}
    for args in (["play", "--game", "heroes", "--headless", "--autoplay", "--max-frames", "5"],
                 ["replay", str(saves.autosave_path()), "--headless"],
                 ["replay", str(saves.autosave_path()), "--max-frames", "2"]):
        [report] = _run(CLI, *args)
        assert report["code"] == 0 and set(report["parsed"].values()) == {1}, (args, report)


def test_continue_verifies_the_save_and_a_damaged_one_is_moved_aside(app) -> None:
    session = Session.start(GameConfig("toy", 2, ("human", "human")), seed=5)
    for _ in range(4):
        session.apply(session.state.legal_actions()[0])
    session.flush()
    path = saves.autosave_path()
    data = json.loads(path.read_text())
    data["actions"][2] = ["play", [99]]          # the header is sound; the moves are not
    path.write_text(json.dumps(data))
    damaged = path.read_bytes()

    menu = MenuScene(app)
    app.push(menu)
    pump(app)
    assert menu.resume.visible and not menu.messages
    click(app, menu.resume.rect.center)
    assert app.top is menu and not menu.resume.visible
    pump(app)
    [message] = menu.messages
    [moved] = path.parent.glob("autosave.damaged-*.json")
    assert "do not replay" in message and str(moved) in message
    assert moved.read_bytes() == damaged and not path.exists()


def test_continue_of_a_sound_save(app) -> None:
    session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=8)
    session.apply(session.state.legal_actions()[0])
    session.flush()
    menu = MenuScene(app)
    app.push(menu)
    pump(app)
    assert "Toy · 2 players" in menu.resume_note
    click(app, menu.resume.rect.center)
    play = app.top
    assert isinstance(play, PlayScene) and play.session.state.digest() == session.state.digest()
    assert play.session.save_path == saves.autosave_path()


def test_saved_when_in_words() -> None:
    from datetime import datetime

    from guardians.ui.scenes.menu import saved_when

    now = datetime(2025, 11, 23, 18, 0).timestamp()
    assert saved_when(datetime(2025, 11, 23, 14, 5).timestamp(), now) == "today 14:05"
    assert saved_when(datetime(2025, 11, 22, 9, 30).timestamp(), now) == "yesterday 09:30"
    assert saved_when(datetime(2025, 11, 3, 14, 5).timestamp(), now) == "3 Nov 14:05"
    assert saved_when(datetime(2024, 11, 3, 14, 5).timestamp(), now) == "3 Nov 2024"
