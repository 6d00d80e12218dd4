"""Animations only decorate: invasions, trophies, chained cards and damage counters are animated after
the move that caused them; a click or key skips them (and still acts); the rules state never changes
while they run; the computer waits for them before its next move."""

from __future__ import annotations

import time

import pygame
from explore_helpers import click, click_in_list, click_on_table, make_app, pass_screen_or_wait, pump

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.explore.scenes.play import ExplorePlayScene
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session
from guardians.ui.settings import Settings


def record(scene: ExplorePlayScene) -> list[tuple[str, str, object]]:
    seen: list[tuple[str, str, object]] = []
    add = scene.animator.add

    def recording(key, kind, start, end, duration, delay=0.0, payload=None):
        seen.append((key, kind, payload))
        return add(key, kind, start, end, duration, delay, payload)

    scene.animator.add = recording
    return seen


def test_a_solo_game_animates_invasions_trophies_chains_and_damage():
    app = make_app()
    app.settings = Settings(animation_speed="fast")
    try:
        session = Session.start(GameConfig("explore", 1, ("human",), "standard"), 21)
        scene = make_play_scene(app, session)
        assert isinstance(scene, ExplorePlayScene) and scene.animator.enabled
        app.push(scene)
        pump(app, 2)
        seen = record(scene)
        brain = make_player("ai:greedy", "explore", 5)
        skipped = 0
        while not session.state.is_over:
            pass_screen_or_wait(app, session)
            if session.state.is_over:
                break
            action = session.state.find_legal(brain.choose(session.state))
            if click_on_table(app, scene, action) is None:
                click_in_list(app, scene, action)
            pump(app)
            if scene.animator.active:
                digest = session.state.digest()
                pump(app, 2)
                assert session.state.digest() == digest            # nothing moves on while it plays
                if skipped < 5:
                    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_SPACE, mod=0, unicode=" ",
                                                         scancode=0))
                    pump(app)
                    assert not scene.animator.active
                    skipped += 1
        keys = {(key.split(":")[0], kind) for key, kind, _ in seen}
        words = " ".join(str(p[0]) for _, kind, p in seen if kind == "float")
        assert ("card", "slide") in keys                 # cards chained (and drawn)
        assert ("mon", "slide") in keys                  # invasions from the wave piles
        assert "trophy" in words and "dmg" in words      # trophies collected, counters placed
        assert any(kind == "flash" for _, kind, _ in seen)
        assert skipped == 5
    finally:
        app.close()


def test_the_computer_waits_for_the_animation_of_the_last_move():
    app = make_app()
    app.settings = Settings(animation_speed="slow")
    try:
        session = Session.start(GameConfig("explore", 3, ("ai:greedy",) * 3, "standard"), 2)
        scene = make_play_scene(app, session)
        app.push(scene)
        seen_waiting = False
        deadline = time.monotonic() + 30
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
