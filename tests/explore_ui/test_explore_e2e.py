"""Whole explore games in the app, the human seats played only by mouse clicks.

The humans' moves are chosen by a greedy player (so games end in a normal number of rounds), then made
by posting mouse presses and releases where the scene draws that option: on the card, monster,
location, boss or button it names. Nothing is applied behind the scene's back.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pygame
from explore_helpers import click, click_in_list, click_on_table, make_app, pass_screen_or_wait, pump, run_until, start
from ui_helpers import distinct_colours

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.explore.scenes.end import ExploreEndScene
from guardians.games.explore.scenes.play import ExplorePlayScene
from guardians.ui.scenes.handover import HandoverScene
from guardians.ui.scenes.menu import MenuScene


def play_by_clicks(app, config: GameConfig, seed: int) -> tuple[Counter, int, set]:
    scene, session = start(app, config, seed)
    brains = {s: make_player("ai:greedy", "explore", seed * 31 + s) for s in session.humans}
    routes: Counter = Counter()
    handovers = 0
    phases: set = set()
    while True:
        before_screens = isinstance(app.top, HandoverScene)
        pass_screen_or_wait(app, session)
        handovers += before_screens
        if session.state.is_over:
            break
        assert isinstance(app.top, ExplorePlayScene) and app.top is scene
        decision = session.state.decision
        assert scene.presenter.decision is not None and scene.presenter.decision.seat == decision.seat
        phases.add(session.state.phase)
        wanted = brains[decision.seat].choose(session.state)
        action = session.state.find_legal(wanted)
        count = len(session.state.history)
        route = click_on_table(app, scene, action)
        if route is None:
            click_in_list(app, scene, action)
            route = "list"
        routes[route] += 1
        assert len(session.state.history) == count + 1, (action.label, route)
        assert session.state.history[count].action == action
        assert not session.message, session.message
    assert run_until(app, lambda: isinstance(app.top, ExploreEndScene))
    pump(app, 2)
    assert app.top.shown
    return routes, handovers, phases


def test_solo_guardian_game_by_clicks_reaches_the_end_screen():
    app = make_app()
    try:
        routes, _, phases = play_by_clicks(app, GameConfig("explore", 1, ("human",), "standard"), seed=21)
        assert routes["list"] == 0, routes                      # every option was clicked where it lives
        assert routes["direct"] > 20 and routes["button"] > 5 and routes["select"] == 1, routes
        assert {"draft", "final", "location", "powerup", "battle"} <= phases, phases
        end = app.top
        result = app.top.session.state.result
        assert "rating" in result.reason
        click(app, end.again.rect.center)                       # "Play again": a new explore table
        assert isinstance(app.top, ExplorePlayScene) and app.top.session.state.config.players == 1
        pump(app, 2)
        app.top.leave()
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_three_seats_one_human_two_computers_reach_the_end_screen():
    app = make_app()
    try:
        config = GameConfig("explore", 3, ("human", "ai:greedy", "ai:greedy"), "standard")
        routes, handovers, _ = play_by_clicks(app, config, seed=8)
        assert handovers == 0 and routes["list"] == 0, (handovers, routes)
    finally:
        app.close()


def test_apprentice_hotseat_two_humans_by_clicks_through_pass_screens():
    app = make_app()
    try:
        config = GameConfig("explore", 2, ("human", "human"), "apprentice")
        routes, handovers, phases = play_by_clicks(app, config, seed=5)
        assert handovers > 4 and routes["list"] == 0, (handovers, routes)
        assert "colour" in phases
    finally:
        app.close()


def test_headless_autoplay_cli_exits_zero_and_writes_a_picture(tmp_path):
    shot = tmp_path / "out.png"
    env = {"GUARDIANS_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "guardians", "play", "--game", "explore", "--players", "4",
                           "--headless", "--autoplay", "--quit-when-over", "--seed", "4", "--max-frames", "400000",
                           "--screenshot", str(shot)],
                          env=env, capture_output=True, text=True, timeout=180, cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    assert distinct_colours(image) > 60


def test_guardian_hotseat_two_humans_power_up_behind_the_pass_screen():
    """Two humans at one screen, Guardian difficulty: every hidden Power Up (and draft pick) is made after
    a pass screen, and the table the second seat sees never shows the first seat's unrevealed chain."""
    app = make_app()
    try:
        config = GameConfig("explore", 2, ("human", "human"), "standard")
        routes, handovers, phases = play_by_clicks(app, config, seed=13)
        assert handovers > 20 and routes["list"] == 0, (handovers, routes)
        assert {"draft", "final", "powerup", "battle"} <= phases
    finally:
        app.close()
