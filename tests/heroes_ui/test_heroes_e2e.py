"""Whole heroes games in the app, the human seats played only by mouse clicks on the table.

The humans' moves are chosen by a greedy player (so games end in a normal number of turns), then made
by posting mouse presses and releases where the scene draws that option: on the hero, location, card,
Ultimate or button it names. Nothing is applied behind the scene's back.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pygame
from heroes_helpers import click, click_in_list, click_on_table, make_app, pass_screen_or_wait, pump, run_until, start
from ui_helpers import distinct_colours

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.heroes.scenes.end import HeroesEndScene
from guardians.games.heroes.scenes.play import HeroesPlayScene
from guardians.ui.scenes.handover import HandoverScene
from guardians.ui.scenes.menu import MenuScene


def play_by_clicks(app, config: GameConfig, seed: int) -> tuple[Counter, int]:
    scene, session = start(app, config, seed)
    brains = {s: make_player("ai:greedy", "heroes", seed * 31 + s) for s in session.humans}
    routes: Counter = Counter()
    handovers = 0
    while True:
        before_screens = isinstance(app.top, HandoverScene)
        pass_screen_or_wait(app, session)
        handovers += before_screens
        if session.state.is_over:
            break
        assert isinstance(app.top, HeroesPlayScene) and app.top is scene
        decision = session.state.decision
        assert scene.presenter.decision is not None and scene.presenter.decision.seat == decision.seat
        wanted = brains[decision.seat].choose(session.state)
        action = session.state.find_legal(wanted)
        count = len(session.state.history)
        route = click_on_table(app, scene, action)
        if route is None:
            assert not action.refs, f"{action.label} names {action.refs} but is not clickable on the table"
            click_in_list(app, scene, action)
            route = "list"
        routes[route] += 1
        assert len(session.state.history) == count + 1, (action.label, route)
        assert session.state.history[count].action == action
    assert run_until(app, lambda: isinstance(app.top, HeroesEndScene))
    pump(app, 2)
    assert app.top.shown
    return routes, handovers


def test_two_player_game_against_greedy_by_clicks_reaches_the_end_screen():
    app = make_app()
    try:
        routes, _ = play_by_clicks(app, GameConfig("heroes", 2, ("human", "ai:greedy")), seed=21)
        assert routes["select"] > 5 and routes["direct"] > 5, routes      # attacks/moves, cards/targets
        end = app.top
        click(app, end.again.rect.center)                                   # "Play again": a new heroes table
        assert isinstance(app.top, HeroesPlayScene) and app.top.session.state.config.players == 2
        pump(app, 2)
        app.top.leave()
        assert isinstance(app.top, MenuScene)
    finally:
        app.close()


def test_first_game_variant_by_clicks():
    app = make_app()
    try:
        routes, _ = play_by_clicks(app, GameConfig("heroes", 2, ("ai:greedy", "human"), "first_game"), seed=5)
        assert sum(routes.values()) > 20
    finally:
        app.close()


def test_four_player_hotseat_two_humans_by_clicks_through_pass_screens():
    app = make_app()
    try:
        config = GameConfig("heroes", 4, ("human", "human", "ai:greedy", "ai:greedy"))
        routes, handovers = play_by_clicks(app, config, seed=8)
        assert handovers > 4, handovers
        assert routes["chooser"] + routes["select"] > 0, routes
    finally:
        app.close()


def test_headless_autoplay_cli_exits_zero_and_writes_a_picture(tmp_path):
    shot = tmp_path / "out.png"
    env = {"GUARDIANS_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "guardians", "play", "--game", "heroes", "--headless", "--autoplay",
                           "--quit-when-over", "--seed", "4", "--max-frames", "200000", "--screenshot", str(shot)],
                          env=env, capture_output=True, text=True, timeout=120, cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    assert distinct_colours(image) > 60
