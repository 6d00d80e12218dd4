"""Whole games in the app, for every registered game, the human seats played only by mouse clicks.

The humans' moves are chosen by a greedy player (so games end in a normal number of turns), then made
by posting mouse presses and releases where the scene draws that option: on the thing it names or its
button (the option list only for an option that names nothing). Nothing is applied behind the scene's
back. Each game's scenarios and what they must meet on the way are its `click_games` in contracts.py;
then the headless autoplay command line plays a game and writes a picture.
"""

from __future__ import annotations

import subprocess
import sys
from collections import Counter
from pathlib import Path

import pygame
import pytest
from contracts import ClickGame, contract
from table_helpers import (click, click_in_list, click_on_table, count, games, make_app, pass_screen_or_wait, pump,
                           run_until, start)
from ui_helpers import distinct_colours

from guardians.ai import make_player
from guardians.engine.registry import GAME_MODULES
from guardians.engine.state import GameConfig
from guardians.ui.scenes.handover import HandoverScene
from guardians.ui.scenes.menu import MenuScene


def play_by_clicks(app, config: GameConfig, seed: int) -> tuple[object, Counter, set]:
    """The game to its end screen; its table, the routes of the clicks (and "handovers", "moves") and the
    phases met at a human's choice."""
    scene, session = start(app, config, seed)
    brains = {s: make_player("ai:greedy", session.game_id, seed * 31 + s) for s in session.humans}
    counts: Counter = Counter()
    phases: set = set()
    while True:
        before_screens = isinstance(app.top, HandoverScene)
        pass_screen_or_wait(app, session)
        counts["handovers"] += before_screens
        if session.state.is_over:
            break
        assert app.top is scene, app.top
        decision = session.state.decision
        assert scene.presenter.decision is not None and scene.presenter.decision.seat == decision.seat
        phases.add(getattr(session.state, "phase", None))
        action = session.state.find_legal(brains[decision.seat].choose(session.state))
        moves = len(session.state.history)
        route = click_on_table(app, scene, action)
        if route is None:
            assert not action.refs, f"{action.label} names {action.refs} but is not clickable on the table"
            click_in_list(app, scene, action)
            route = "list"
        counts[route] += 1
        counts["moves"] += 1
        assert len(session.state.history) == moves + 1, (action.label, route)
        assert session.state.history[moves].action == action
        assert not session.message, session.message
    end_type = type(scene.end_scene())
    assert run_until(app, lambda: isinstance(app.top, end_type))
    pump(app, 2)
    assert app.top.shown
    return scene, counts, phases


CASES = [(game_id, case) for game_id in games() for case in contract(game_id).click_games]


@pytest.mark.parametrize("game_id, case", CASES, ids=[f"{g}-{c.name}" for g, c in CASES])
def test_whole_game_by_clicks_reaches_the_end_screen(game_id: str, case: ClickGame):
    app = make_app()
    try:
        config = GameConfig(game_id, len(case.seats), case.seats, case.variant)
        table, counts, phases = play_by_clicks(app, config, case.seed)
        print(game_id, case.name, dict(counts))
        if contract(game_id).all_on_table:
            assert count(counts, "list") == 0, counts        # every option was clicked where it lives
        for key, least in case.at_least.items():
            assert count(counts, key) >= least, (key, least, dict(counts))
        for key, most in case.at_most.items():
            assert count(counts, key) <= most, (key, most, dict(counts))
        assert case.phases <= phases, (case.phases - phases, phases)
        end = app.top
        assert case.reason in end.session.state.result.reason, end.session.state.result.reason
        if case.again:
            click(app, end.again.rect.center)                  # "Play again": a new table of the same game
            top = app.top
            assert type(top) is type(table) and top is not table, (top, table)
            assert top.session.state.game_id == game_id and top.session.state.config.players == len(case.seats)
            pump(app, 2)
            top.leave()
            assert isinstance(app.top, MenuScene)
    finally:
        app.close()


@pytest.mark.parametrize("game_id", [g for g in games() if g in GAME_MODULES and contract(g).cli is not None])
def test_headless_autoplay_cli_exits_zero_and_writes_a_picture(game_id: str, tmp_path):
    terms = contract(game_id)
    shot = tmp_path / "out.png"
    env = {"GUARDIANS_HOME": str(tmp_path / "home"), "PATH": "/usr/bin:/bin"}
    done = subprocess.run([sys.executable, "-m", "guardians", "play", "--game", game_id, *terms.cli, "--headless",
                           "--autoplay", "--quit-when-over", "--seed", "4", "--max-frames", "400000",
                           "--screenshot", str(shot)],
                          env=env, capture_output=True, text=True, timeout=terms.cli_timeout,
                          cwd=Path(__file__).parents[2])
    assert done.returncode == 0, done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    assert distinct_colours(image) > 60
