"""The in-app references: the rules summary (by phase, in our words) and the card viewer with every
hero, power card, Ultimate and location, opened by clicks from the menu and from the table."""

from __future__ import annotations

from heroes_helpers import click, make_app, pump, start

from guardians.engine.state import GameConfig
from guardians.games.heroes.cards import load_content
from guardians.ui.game_scenes import card_catalogue, has_card_viewer, make_play_scene
from guardians.ui.scenes.card_viewer import CardViewerScene
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.scenes.rules import RulesScene, rules_text
from guardians.ui.session import Session


def test_the_rules_summary_covers_setup_and_every_phase():
    text = rules_text("heroes", "Guardians")
    assert "not written yet" not in text
    for words in ("## Setup", "Draft", "First Game", "mulligan", "### 1. Control", "### 2. Ready", "### 3. Action",
                  "### 4. Score", "### 5. Draw", "knocked out", "Shield", "Immobilize", "Powerlock", "9 points"):
        assert words in text, words


def test_the_catalogue_lists_every_card_once_per_place():
    content = load_content()
    sections = dict(card_catalogue("heroes"))
    assert len(sections["Heroes"]) == len(content.heroes) == 10
    for hero in content.heroes.values():
        titles = [face.title for face in sections[hero.name]]
        assert titles[0] == hero.name and titles[1] == hero.ultimate.name
        assert sorted(titles[2:]) == sorted(card.name for card in hero.cards)
    assert sorted(f.title for f in sections["Basic deck"]) == sorted(c.name for c in content.basic)
    assert len(sections["Locations"]) == len(content.locations)


def test_games_without_scenes_get_the_generic_table():
    assert has_card_viewer("heroes") and not has_card_viewer("toy")
    app = make_app()
    try:
        scene = make_play_scene(app, Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), 1))
        assert type(scene) is PlayScene
    finally:
        app.close()


def test_rules_and_cards_open_by_clicks_from_the_table_and_the_menu():
    app = make_app()
    try:
        scene, _ = start(app, GameConfig("heroes", 2, ("human", "ai:greedy")), 3)
        click(app, scene.cards_button.rect.center)
        assert isinstance(app.top, CardViewerScene)
        viewer = app.top
        click(app, viewer.tabs.row_rect(len(viewer.sections) - 1).center)
        assert viewer.sections[viewer.index][0] == "Locations"
        click(app, viewer.back.rect.center)
        assert app.top is scene
        click(app, scene.rules_button.rect.center)
        assert isinstance(app.top, RulesScene) and "Hero Tactics" in app.top.text
        click(app, app.top.back.rect.center)
        menu = MenuScene(app)
        app.reset(menu)
        pump(app)
        assert menu.game.value == "heroes" and menu.cards.is_enabled
        click(app, menu.cards.rect.center)
        assert isinstance(app.top, CardViewerScene)
    finally:
        app.close()


def test_right_click_on_a_hero_opens_its_cards():
    app = make_app()
    try:
        scene, session = start(app, GameConfig("heroes", 2, ("human", "ai:greedy"), "first_game"), 3)
        from heroes_helpers import pass_screen_or_wait
        while not session.state.heroes or not any(h.in_play for h in session.state.heroes.values()):
            pass_screen_or_wait(app, session)
            session.apply(session.state.decision.options[0])
            scene._changed()
            pump(app)
        piece = next(p for p in scene.view.all() if p.key.startswith("hero:"))
        click(app, piece.area.center, button=3)
        assert isinstance(app.top, CardViewerScene)
        name = session.state.hero_name(piece.key[5:])
        assert app.top.sections[app.top.index][0] == name
    finally:
        app.close()
