"""Developer-build leftovers named in issue #18, checked on the tables: the Undo button goes once the game is
over, the choice list takes the Undo button's room while there is nothing to undo, and the solo end of explore
says its rating once."""

from __future__ import annotations

import random

import pytest
from table_helpers import make_app, pump, take_turn

from guardians.engine.state import GameConfig
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session


def play_out(session: Session, seed: int, limit: int = 6000) -> None:
    rng = random.Random(seed)
    for _ in range(limit):
        if session.state.is_over:
            return
        session.apply(rng.choice(session.state.decision.options))
    raise AssertionError("the game did not end")


@pytest.mark.parametrize("game_id, players", [("heroes", 2), ("explore", 1)])
def test_undo_goes_once_the_game_is_over(game_id, players):
    app = make_app()
    try:
        session = Session.start(GameConfig(game_id, players, ("human",) * players), 4)
        scene = make_play_scene(app, session)
        app.push(scene)
        rng = random.Random(4)
        for _ in range(6):               # a few human moves: something to undo
            take_turn(scene, session)
            session.apply(rng.choice(session.state.decision.options))
        take_turn(scene, session)
        assert session.can_undo and scene.undo_button.visible
        play_out(session, 4)
        scene._changed()
        scene.refresh()
        assert not session.can_undo and not scene.undo_button.visible
        assert not session.undo()                            # and Ctrl+Z does nothing either
    finally:
        app.close()


def test_the_choice_list_uses_the_room_of_a_hidden_undo_button():
    app = make_app()
    try:
        session = Session.start(GameConfig("explore", 1, ("human",)), 4)      # the draft: 36 options
        scene = make_play_scene(app, session)
        app.push(scene)
        pump(app, 2)
        panel, metrics = scene.geo.choices, scene.metrics
        assert not scene.undo_button.visible
        rows = scene.presenter.list
        assert rows.overflow and rows.rect.bottom > panel.bottom - scene.length(metrics.list_bottom)
        session.apply(session.state.decision.options[0])
        take_turn(scene, session)
        assert scene.undo_button.visible                     # now it is there: the list stops above it
        assert rows.rect.bottom <= scene.undo_button.rect.y
    finally:
        app.close()


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_the_solo_end_says_its_rating_once(seed):
    app = make_app()
    try:
        session = Session.start(GameConfig("explore", 1, ("human",)), seed)
        play_out(session, seed)
        scene = make_play_scene(app, session).end_scene()
        state = session.state
        rating = state.rating(state.result.scores[0])
        assert " — rating:" in state.result.reason          # the rules still say it in the result
        words = [scene.headline(state), scene.reason_words(state)]
        assert sum(w.count(rating) for w in words) <= 1, words
        assert "rating:" not in scene.reason_words(state)
        app.push(scene)
        pump(app, 2)                                         # and the screen draws
    finally:
        app.close()
