"""The app driven by posted mouse events only: menu to play, a whole game, undo, hotseat, end screen."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import click, click_option, distinct_colours, key, pump, run_until

from guardians.engine.registry import new_game
from guardians.engine.state import GameConfig
from guardians.ui.presenter import Chooser
from guardians.ui.scenes.end import EndScene
from guardians.ui.scenes.handover import HandoverScene
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.session import Session


def select_game(app, menu: MenuScene, game_id: str) -> None:
    for _ in range(len(menu.game.choices)):
        if menu.game.value == game_id:
            return
        click(app, menu.game.next.rect.center)
    assert menu.game.value == game_id


def start_play(app, session: Session) -> PlayScene:
    scene = PlayScene(app, session)
    app.push(scene)
    pump(app, 2)
    return scene


def test_menu_starts_a_toy_game_and_the_play_scene_shows_choices(app, tmp_path):
    menu = MenuScene(app)
    app.push(menu)
    pump(app)
    select_game(app, menu, "toy")
    # Seat 2 from greedy to random, by the arrows; a seed typed into the field.
    click(app, menu.seats[1].prev.rect.center)
    assert menu.seats[1].value == "ai:random"
    click(app, menu.seed.box.center)
    key(app, pygame.K_4, text="4")
    key(app, pygame.K_2, text="2")
    assert menu.seed.text == "42"
    click(app, menu.start.rect.center)

    play = app.top
    assert isinstance(play, PlayScene)
    state = play.session.state
    assert state.seed == 42 and state.config.seats == ("human", "ai:random")
    pump(app, 2)
    decision = state.decision
    assert decision is not None and decision.seat == 0
    labels = play.presenter.list.labels
    assert labels == [a.label for a in decision.options]
    assert all(play.presenter.list.row_rect(i) is not None for i in range(len(labels)))
    assert {t.ref for t in play.presenter.targets} == {r for a in decision.options for r in a.refs}
    shot = tmp_path / "play.png"
    app.screenshot(shot)
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720)
    assert distinct_colours(image) > 40


def test_a_whole_game_by_mouse_against_greedy_reaches_the_end_screen(app):
    session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=11)
    play = start_play(app, session)
    rng = random.Random(5)
    moves = 0
    while True:
        assert run_until(app, lambda: session.human_to_move is not None or isinstance(app.top, EndScene))
        if isinstance(app.top, EndScene):
            break
        pump(app)
        before = len(session.state.history)
        options = play.presenter.options
        index = rng.randrange(len(options))
        click_option(app, play.presenter, index, via_table=rng.random() < 0.7)
        assert len(session.state.history) == before + 1
        assert session.state.history[before].action == options[index]
        moves += 1
    assert moves >= 3
    assert session.state.is_over
    end = app.top
    pump(app, 2)
    assert end.shown
    # "Play again" starts a fresh game of the same kind.
    click(app, end.again.rect.center)
    assert isinstance(app.top, PlayScene) and app.top.session is not session
    assert app.top.session.state.config == session.state.config


def test_the_generic_table_opens_the_rules_and_comes_back(app):
    """A game on the generic table (no scenes of its own yet) still reads its rules from the top bar."""
    from guardians.ui.scenes.rules import RulesScene

    session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=3)
    start_play(app, session)
    play = app.top
    assert type(play) is PlayScene and play.rules_button.rect.right < play.menu_button.rect.x
    click(app, play.rules_button.rect.center)
    assert isinstance(app.top, RulesScene)
    app.pop()
    assert app.top is play


def test_end_screen_menu_button_returns_to_the_menu(app):
    session = Session.start(GameConfig("toy", 2, ("ai:greedy", "ai:greedy")), seed=3)
    start_play(app, session)
    assert run_until(app, lambda: isinstance(app.top, EndScene))
    pump(app)
    click(app, app.top.menu.rect.center)
    assert isinstance(app.top, MenuScene) and len(app.scenes) == 1


def test_undo_button_shows_exactly_when_undoable_and_restores_the_digest(app):
    session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=8)
    play = start_play(app, session)
    seen_undo = 0
    for _ in range(100):
        assert run_until(app, lambda: session.human_to_move is not None or session.state.is_over)
        if session.state.is_over:
            break
        pump(app)
        last = session.last_human
        undoable = last is not None and session.state.undoable_count(last) > 0
        assert play.undo_button.visible == undoable
        if undoable and seen_undo < 4:
            seen_undo += 1
            digest_before = session.state.digest()
            undone_to = [e.action for e in session.state.history[:-1]]
            expected = new_game(session.state.config, session.state.seed)
            for action in undone_to:
                expected.apply(action)
            if seen_undo % 2:
                click(app, play.undo_button.rect.center)
            else:
                key(app, pygame.K_z, mod=pygame.KMOD_CTRL)
            assert session.state.digest() == expected.digest() != digest_before
            pump(app)
            assert play.undo_button.visible == session.can_undo
            continue
        click_option(app, play.presenter, 0)
    assert seen_undo == 4
    assert session.state.is_over


def test_hotseat_hides_the_table_until_the_next_player_clicks(app):
    session = Session.start(GameConfig("toy", 2, ("human", "human")), seed=4)
    app.push(PlayScene(app, session))
    pump(app, 2)
    handover = app.top
    assert isinstance(handover, HandoverScene) and "Player 1" in handover.name
    assert app.visible_scenes() == [handover]        # nothing of the table is drawn
    click(app, handover.ready.rect.center)
    play = app.top
    assert isinstance(play, PlayScene) and session.viewer == 0
    pump(app)
    click_option(app, play.presenter, 0)             # play a card
    pump(app)
    assert isinstance(app.top, PlayScene)            # still player 1: bank or share
    click_option(app, play.presenter, 0)
    pump(app, 2)
    assert isinstance(app.top, HandoverScene) and "Player 2" in app.top.name
    click(app, app.top.ready.rect.center)
    assert session.viewer == 1


def test_a_broken_table_or_ai_is_reported_not_fatal(app, monkeypatch):
    session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=2)
    play = start_play(app, session)
    monkeypatch.setattr(type(session.state), "table", lambda self, seat: 1 / 0)
    play.refresh()
    pump(app)
    assert "could not be drawn" in session.message
    monkeypatch.undo()

    class Broken:
        def choose(self, state):
            raise RuntimeError("boom")

    session._players[1] = Broken()
    click_option(app, play.presenter, len(play.presenter.options) - 1)     # pass: the AI's turn
    assert run_until(app, lambda: session.human_to_move is not None or session.state.is_over)
    assert "failed" in session.message and "boom" in session.message
    assert session.state.history[-1].seat == 1 or session.state.is_over


@pytest.mark.parametrize("size", [(1280, 720), (1600, 900), (1920, 1080)])
def test_play_scene_lays_out_at_other_sizes(size):
    from ui_helpers import make_app
    application = make_app(size)
    try:
        session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=6)
        play = start_play(application, session)
        rects = [t.rect for t in play.presenter.targets]
        screen = pygame.Rect((0, 0), application.size)
        assert rects and all(screen.contains(r) for r in rects)
        assert all(screen.contains(play.presenter.list.row_rect(i)) for i in range(len(play.presenter.options)))
    finally:
        application.close()


def test_an_open_chooser_popup_is_modal_over_the_scene_buttons(app):
    """While an option popup is open, a click anywhere else only closes it: it never reaches Undo or
    Menu underneath (generic play scene)."""
    session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=8)
    play = start_play(app, session)
    assert run_until(app, lambda: session.human_to_move is not None)
    pump(app)
    click_option(app, play.presenter, 0)                     # play a card: now it can be undone
    assert run_until(app, lambda: session.human_to_move is not None)
    pump(app)
    assert play.undo_button.visible
    digest = session.state.digest()
    anchor = pygame.Rect(400, 300, 90, 126)
    play.presenter.chooser = Chooser(anchor, play.presenter.options[:2], play.presenter.bounds)
    assert not play.presenter.chooser.rect.collidepoint(play.undo_button.rect.center)
    click(app, play.undo_button.rect.center)
    assert play.presenter.chooser is None                     # the click closed the popup...
    assert session.state.digest() == digest                   # ...and did not undo
    click(app, play.undo_button.rect.center)
    assert session.state.digest() != digest                   # with no popup, Undo works


def test_space_makes_a_searching_computer_move_now(app):
    """A Hard computer thinks up to its budget; the player may hurry it: Space, and it moves."""
    session = Session.start(GameConfig("toy", 2, ("ai:ismcts:3600s", "human")), seed=4)
    start_play(app, session)
    assert run_until(app, lambda: session.can_hurry)
    assert session.thinking == 0 and session.human_to_move is None
    key(app, pygame.K_SPACE)
    assert run_until(app, lambda: session.human_to_move is not None, timeout=60)
    assert len(session.state.history) >= 1
