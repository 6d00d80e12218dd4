"""Animations only decorate, on every registered game's table that animates: they start after a move, a
click or key skips them (and still acts), the rules state never changes while they run, and the
computer waits for them before its next move. Each game's scenario and the tweens it must show (cards
sliding, counters floating...) are its `animated` cases in contracts.py; a game on the generic table,
which does not animate, has none."""

from __future__ import annotations

import time

import pygame
import pytest
from contracts import Animated, contract, has_own_table
from table_helpers import (click, click_in_list, click_on_table, games, make_app, pass_screen_or_wait, pump,
                           record_tweens, tween_seen)

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session
from guardians.ui.settings import Settings
from guardians.ui.table.scene import TableScene


def key_down(key: int, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key, mod=0, unicode=text, scancode=0))


def animated_scene(app, session: Session):
    scene = make_play_scene(app, session)
    assert isinstance(scene, TableScene) and hasattr(scene, "animator"), type(scene)
    return scene


CASES = [(game_id, case) for game_id in games() for case in contract(game_id).animated]


class SteadyClock:
    """A frame clock whose frames last 1 ms of animation time: on a loaded machine real frames can take a
    quarter second each, so the frame that started an animation may leave little of it, and a fast
    animation would end (releasing the computer's move) inside the three frames that check that nothing
    moves while it plays."""

    def tick(self, framerate: float = 0) -> int:
        return 1


@pytest.mark.parametrize("game_id, case", CASES, ids=[f"{g}-{len(c.seats)}p-s{c.seed}" for g, c in CASES])
def test_animations_run_skip_and_never_touch_the_rules(game_id: str, case: Animated):
    app = make_app()
    app.settings = Settings(animation_speed="fast")
    try:
        session = Session.start(GameConfig(game_id, len(case.seats), case.seats, case.variant), case.seed)
        scene = animated_scene(app, session)
        assert scene.animator.enabled
        app.push(scene)
        pump(app, 2)
        seen = record_tweens(scene)
        brain = make_player("ai:greedy", game_id, 1)
        animated = skipped = moves = 0
        while not session.state.is_over and (case.moves is None or moves < case.moves):
            while session.human_to_move is None and not session.state.is_over:   # the computer's turn:
                if scene.animator.active:                                       # skip its animations
                    key_down(pygame.K_RETURN)
                pump(app)
                session.wait_for_ai(5)
            pass_screen_or_wait(app, session)
            if session.state.is_over:
                break
            action = session.state.find_legal(brain.choose(session.state))
            count = len(session.state.history)
            if click_on_table(app, scene, action) is None:
                click_in_list(app, scene, action)
            moves += 1
            assert len(session.state.history) == count + 1
            pump(app)
            if scene.animator.active:
                animated += 1
                digest = session.state.digest()
                real_clock, app.clock = app.clock, SteadyClock()  # 1 ms frames, however loaded the machine
                try:
                    for _ in range(3):                             # nothing moves on while it plays
                        pump(app)
                        time.sleep(0.01)
                    assert scene.animator.active
                    assert session.state.digest() == digest
                finally:
                    app.clock = real_clock
                if animated % 2 and skipped < case.skips and scene.animator.active:
                    history = len(session.state.history)
                    key_down(pygame.K_SPACE, " ")
                    pump(app)
                    # Skipped: only the computer's next move (no longer held back) may start new ones.
                    assert not scene.animator.active or len(session.state.history) > history
                    skipped += 1
        assert animated >= case.min_animated and skipped >= case.skips, (animated, skipped)
        missing = {(prefix, kind) for prefix, kind in case.tweens if not tween_seen(seen, prefix, kind)}
        assert not missing, (missing, sorted({(key.split(":")[0], kind) for key, kind, _ in seen}))
        words = " ".join(str(payload[0]) for _, kind, payload in seen if kind == "float" and payload)
        assert all(word in words for word in case.words), (case.words, words[:300])
    finally:
        app.close()


@pytest.mark.parametrize("game_id", [g for g in games() if has_own_table(g)])
def test_the_computer_waits_for_the_animation_of_the_last_move(game_id: str):
    app = make_app()
    app.settings = Settings(animation_speed="normal")
    try:
        players = contract(game_id).ai_waits
        session = Session.start(GameConfig(game_id, players, ("ai:greedy",) * players, "standard"), 2)
        scene = animated_scene(app, session)
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
