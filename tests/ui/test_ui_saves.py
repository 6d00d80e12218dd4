"""Autosave from the UI: continue, a finished game, settings on disk. (A damaged autosave:
test_ui_damaged_saves.py.)"""

from __future__ import annotations

import json

from ui_helpers import click, click_option, pump, run_until

from guardians.engine import saves
from guardians.engine.state import GameConfig
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.scenes.rules import RulesScene
from guardians.ui.scenes.settings import SettingsScene
from guardians.ui.session import Session
from guardians.ui import scaling
from guardians.ui.settings import MIN_SIZE, UI_SCALES, load_settings, settings_path
from guardians.ui.table.layout import frame


def play_a_few(app, session: Session, human_moves: int) -> PlayScene:
    play = PlayScene(app, session)
    app.push(play)
    for _ in range(human_moves):
        assert run_until(app, lambda: session.human_to_move is not None)
        pump(app)
        click_option(app, play.presenter, len(play.presenter.options) - 1 if _ % 3 == 2 else 0)
    return play


def test_every_applied_action_is_autosaved_and_continue_resumes_it(app):
    session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=21)
    play_a_few(app, session, 3)
    session.flush()
    path = saves.autosave_path()
    assert session.save_path == path and path.exists()
    data = json.loads(path.read_text())
    assert len(data["actions"]) == len(session.state.history)
    digest = session.state.digest()

    click(app, app.top.menu_button.rect.center)
    menu = app.top
    assert isinstance(menu, MenuScene) and menu.resume.visible and not menu.messages
    click(app, menu.resume.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.session.state.digest() == digest
    assert play.session.last_human == 0


def test_finished_game_removes_its_autosave(app):
    session = Session.start(GameConfig("toy", 2, ("ai:greedy", "ai:random")), seed=9)
    app.push(PlayScene(app, session))
    assert run_until(app, lambda: len(session.state.history) >= 2)
    session.flush()
    assert session.save_path.exists()
    assert run_until(app, lambda: session.state.is_over)
    session.flush()
    assert not session.save_path.exists()


def test_settings_are_saved_as_json_and_read_back(app):
    menu = MenuScene(app)
    app.push(menu)
    click(app, menu.settings.rect.center)
    scene = app.top
    assert isinstance(scene, SettingsScene)
    click(app, scene.speed.next.rect.center)
    click(app, scene.size.next.rect.center)
    chosen = scene.chosen()
    click(app, scene.save.rect.center)
    assert app.top is menu
    data = json.loads(settings_path().read_text())
    assert data["animation_speed"] == chosen.animation_speed
    assert load_settings() == chosen
    assert app.size == chosen.window_size


def test_damaged_settings_file_gives_defaults(tmp_path):
    settings_path().write_text("{not json")
    assert load_settings().window_size == (1280, 720)
    settings_path().write_text(json.dumps({"window_size": [10, 10], "animation_speed": "warp", "ui_scale": 900}))
    loaded = load_settings()
    assert loaded.window_size == MIN_SIZE and loaded.animation_speed == "normal" and loaded.ui_scale == 100


def test_the_ui_scale_is_chosen_saved_and_applied(app):
    """Issue #18: a UI-scale step in the settings screen is remembered and makes the table's text larger."""
    menu = MenuScene(app)
    app.push(menu)
    click(app, menu.settings.rect.center)
    scene = app.top
    assert isinstance(scene, SettingsScene) and scene.ui_scale.value == 100
    before = table_font(12)
    click(app, scene.ui_scale.next.rect.center)
    click(app, scene.ui_scale.next.rect.center)
    chosen = scene.chosen()
    assert chosen.ui_scale == UI_SCALES[UI_SCALES.index(100) + 2]
    click(app, scene.save.rect.center)
    assert app.top is menu
    assert json.loads(settings_path().read_text())["ui_scale"] == chosen.ui_scale
    assert load_settings().ui_scale == chosen.ui_scale
    assert scaling.ui_scale() == chosen.ui_scale / 100
    assert table_font(12) > before
    scaling.set_ui_scale(100)


def table_font(value: int) -> int:
    return frame((1280, 720), top_h=40, right_w=300, right_min=280, log_share=0.4).font(value)


def test_rules_for_a_game_without_a_summary_say_not_written_yet(app):
    menu = MenuScene(app)
    app.push(menu)
    menu.game.index = [gid for gid, _ in menu.games].index("toy")
    menu._game_changed()
    click(app, menu.rules.rect.center)
    rules = app.top
    assert isinstance(rules, RulesScene) and "not written yet" in rules.text
    click(app, rules.back.rect.center)
    assert app.top is menu


def test_a_save_the_command_line_replayed_opens_without_a_second_replay(tmp_path, monkeypatch):
    """`guardians replay SAVE` hands the window the state it verified: the window plays on from it."""
    from guardians.ui import game_scenes
    from guardians.ui.launch import LaunchOptions, run_app

    state = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=21).state
    for _ in range(4):
        state.apply(state.legal_actions()[0])
    path = tmp_path / "game.json"
    saves.write_save(path, state)
    loads: list = []
    load_save = saves.load_save
    monkeypatch.setattr(saves, "load_save", lambda where: loads.append(where) or load_save(where))
    opened: list = []
    make = game_scenes.make_play_scene
    monkeypatch.setattr(game_scenes, "make_play_scene",
                        lambda app, session: opened.append(session.state) or make(app, session))
    assert run_app(LaunchOptions(resume=True, save=path, loaded=state, headless=True, max_frames=2)) == 0
    assert loads == [] and opened == [state]
    assert run_app(LaunchOptions(resume=True, save=path, headless=True, max_frames=2)) == 0    # without it: replayed
    assert loads == [path] and opened[1].digest() == state.digest()
