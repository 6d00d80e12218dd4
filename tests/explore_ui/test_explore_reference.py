"""The in-app references: the rules summary (by phase, in our words) and the card viewer with every
Guardian card, monster, location, boss, quest and Apprentice deck, opened by clicks from the table and
the menu."""

from __future__ import annotations

from explore_helpers import click, make_app, pump, start

from guardians.engine.state import GameConfig
from guardians.games.explore.cards import load_content
from guardians.ui.game_scenes import card_catalogue, has_card_viewer
from guardians.ui.scenes.card_viewer import CardViewerScene
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.rules import RulesScene, rules_text


def test_the_rules_summary_covers_the_warm_up_and_every_phase():
    text = rules_text("explore", "The Guardians: Explore")
    assert "not written yet" not in text
    for words in ("## Warm Up", "Draft", "Ghost", "thirty-six", "Final choice", "Apprentice", "### 1. Location",
                  "### 2. Overrun", "### 3. Power Up", "### 4. Battle", "### 5. Clean Up", "## Bosses",
                  "Third Wave", "Blanket Fort", "Trailblazer", "True Guardian", "30 or more"):
        assert words in text, words


def test_the_rules_screen_shows_every_ruling_marked():
    """Our rulings (tests/explore/test_rulings.py) reach the rules screen as paragraphs opening with a bold
    "Ruling:", in the section where their rule is explained."""
    from explore.test_rulings import RULINGS, summary_sections

    from guardians.ui.scenes.rules import markdown_html

    text = rules_text("explore", "The Guardians: Explore")
    html = markdown_html(text)
    assert html.count("<b>Ruling:</b>") == len(RULINGS)
    sections = summary_sections(text)
    for _, heading, words in RULINGS.values():
        assert any(line.startswith("**Ruling:**") and all(w in line for w in words)
                   for line in sections[heading].splitlines()), heading


def test_the_catalogue_lists_every_card_monster_location_boss_and_quest():
    content = load_content()
    sections = dict(card_catalogue("explore"))
    guardian = [f for name, faces in sections.items() if not name.startswith(("Monsters", "Locations", "Bosses",
                                                                              "Secret", "Apprentice"))
                for f in faces]
    assert sorted(f.title for f in guardian) == sorted(c.name for c in content.cards.values())
    assert sorted(f.title for f in sections["Monsters"]) == sorted(m.name for m in content.monsters.values())
    assert [f.title for f in sections["Locations"]] == [loc.name for loc in content.locations]
    assert sorted(f.title for f in sections["Bosses"]) == sorted(b.name for b in content.bosses.values())
    assert sorted(f.title for f in sections["Secret quests"]) == sorted(q.name for q in content.quests.values())
    for deck in content.decks.values():
        titles = [f.title for f in sections[f"Apprentice deck: {deck.colour}"]]
        assert titles[0] == content.cards[deck.super].name
        assert set(titles[1:]) >= {content.cards[c].name for c, _ in deck.cards}


def test_rules_and_cards_open_by_clicks_from_the_table_and_the_menu():
    app = make_app()
    try:
        scene, _ = start(app, GameConfig("explore", 2, ("human", "ai:greedy")), 3)
        click(app, scene.cards_button.rect.center)
        assert isinstance(app.top, CardViewerScene)
        viewer = app.top
        index = [name for name, _ in viewer.sections].index("Monsters")
        from ui_helpers import scroll_into_view
        click(app, scroll_into_view(app, viewer.tabs, index).center)
        assert viewer.sections[viewer.index][0] == "Monsters"
        click(app, viewer.back.rect.center)
        assert app.top is scene
        click(app, scene.rules_button.rect.center)
        assert isinstance(app.top, RulesScene) and "Power Up" in app.top.text
        click(app, app.top.back.rect.center)
        assert app.top is scene
        menu = MenuScene(app)
        app.reset(menu)
        pump(app)
        for _ in range(10):
            if menu.game.value == "explore":
                break
            click(app, menu.game.next.rect.center)
        assert menu.game.value == "explore" and menu.cards.is_enabled and has_card_viewer("explore")
        click(app, menu.cards.rect.center)
        assert isinstance(app.top, CardViewerScene) and "Explore" in app.top.title
    finally:
        app.close()


def test_the_menu_starts_an_explore_game_with_its_difficulty_and_seats():
    from guardians.games.explore.scenes.play import ExplorePlayScene

    app = make_app()
    try:
        menu = MenuScene(app)
        app.reset(menu)
        pump(app)
        while menu.game.value != "explore":
            click(app, menu.game.next.rect.center)
        while menu.count.value != 4:
            click(app, menu.count.next.rect.center)
        while menu.variant.value != "apprentice":
            click(app, menu.variant.next.rect.center)
        click(app, menu.start.rect.center)
        scene = app.top
        assert isinstance(scene, ExplorePlayScene)
        state = scene.session.state
        assert state.config.players == 4 and state.apprentice and state.phase == "colour"
        assert state.config.seats[0] == "human"
    finally:
        app.close()
