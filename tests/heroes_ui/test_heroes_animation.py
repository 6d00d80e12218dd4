"""Animations only decorate: they start after a move, a click or key skips them (and still acts),
the rules state never changes while they run, and the computer waits for them before its next move."""

from __future__ import annotations

import time

import pygame
from heroes_helpers import click, click_in_list, click_on_table, make_app, pass_screen_or_wait, pump

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.heroes.scenes.play import HeroesPlayScene
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session
from guardians.ui.settings import Settings


def test_animations_run_skip_and_never_touch_the_rules():
    app = make_app()
    app.settings = Settings(animation_speed="fast")
    try:
        session = Session.start(GameConfig("heroes", 2, ("human", "ai:greedy")), 31)
        scene = make_play_scene(app, session)
        assert isinstance(scene, HeroesPlayScene) and scene.animator.enabled
        app.push(scene)
        pump(app, 2)
        brain = make_player("ai:greedy", "heroes", 1)
        animated = skipped = 0
        for _ in range(30):
            while session.human_to_move is None and not session.state.is_over:   # the computer's turn:
                if scene.animator.active:                                       # skip its animations
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="",
                                                         scancode=0))
                pump(app)
                session.wait_for_ai(5)
            pass_screen_or_wait(app, session)
            if session.state.is_over:
                break
            action = session.state.find_legal(brain.choose(session.state))
            count = len(session.state.history)
            if click_on_table(app, scene, action) is None:
                click_in_list(app, scene, action)
            assert len(session.state.history) == count + 1
            pump(app)
            if scene.animator.active:
                animated += 1
                digest = session.state.digest()
                if session.human_to_move is not None:          # nothing else may change meanwhile
                    for _ in range(3):
                        pump(app)
                        time.sleep(0.01)
                    assert session.state.digest() == digest
                if animated % 2 and scene.animator.active:
                    moves = len(session.state.history)
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                                         scancode=0))
                    pump(app)
                    # Skipped: only the computer's next move (no longer held back) may start new ones.
                    assert not scene.animator.active or len(session.state.history) > moves
                    skipped += 1
        assert animated >= 5 and skipped >= 2
    finally:
        app.close()


def test_the_computer_waits_for_the_animation_of_the_last_move():
    app = make_app()
    app.settings = Settings(animation_speed="slow")
    try:
        session = Session.start(GameConfig("heroes", 2, ("ai:greedy", "ai:greedy")), 2)
        scene = make_play_scene(app, session)
        app.push(scene)
        seen_waiting = False
        deadline = time.monotonic() + 20
        while time.monotonic() < deadline and not seen_waiting:
            pump(app)
            if scene.animator.active:
                count = len(session.state.history)
                for _ in range(5):
                    pump(app)
                    time.sleep(0.005)
                if scene.animator.active:
                    assert len(session.state.history) == count
                    seen_waiting = True
            elif session.job is not None:
                session.wait_for_ai(5)
        assert seen_waiting
        click(app, (5, 5))                   # a click anywhere skips
        assert not scene.animator.active
    finally:
        app.close()
