"""Plain words and pace (issue #18): the menu shows variants and computer levels in words with a line that
explains them (never "apprentice_coop" or "ai:greedy"); the game speed reads instant / fast / normal and older
settings files keep working; the hover delay is a setting the table follows; the hover card says how to pin it."""

from __future__ import annotations

import json

import pygame
import pytest
from table_helpers import make_app, player_counts
from test_table_hover import table_with_cards
from ui_helpers import click, pump

from guardians.engine.registry import get_game
from guardians.engine.state import GameConfig
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.scenes.menu import LEVEL_WORDS, SEAT_CHOICES, MenuScene
from guardians.ui.scenes.settings import SettingsScene
from guardians.ui.session import Session
from guardians.ui.settings import HOVER_DELAYS, SPEEDS, Settings, load_settings, save_settings, settings_path
from guardians.ui.table import overlay


def menu_for(app, game_id: str) -> MenuScene:
    menu = MenuScene(app)
    app.reset(menu)
    pump(app)
    for _ in range(len(menu.game.choices)):
        if menu.game.value == game_id:
            break
        click(app, menu.game.next.rect.center)
    pump(app)
    assert menu.game.value == game_id
    return menu


GAMES = ["heroes", "explore", "realms", "chronicles"]


@pytest.mark.parametrize("game_id", GAMES)
def test_the_menu_names_every_variant_in_words_and_explains_it(app, game_id):
    menu = menu_for(app, game_id)
    info = get_game(game_id).INFO
    seen = []
    for _ in range(len(info.variants)):
        words = info.variant_choice(menu.variant.value)
        shown = menu.variant.shown.text
        assert shown == words.label and "_" not in shown, shown
        assert words.explanation, f"{game_id} variant {menu.variant.value} has no explanation"
        note = " ".join(line.text for line in menu.explained)
        assert words.label in note                                # the explanation under the options
        seen.append(menu.variant.value)
        click(app, menu.variant.next.rect.center)
    assert sorted(seen) == sorted(info.variants)


def test_explore_apprentice_coop_reads_as_words(app):
    menu = menu_for(app, "explore")
    menu.variant.select("apprentice_coop")
    menu._explain()
    assert menu.variant.shown.text == "Apprentice, co-operative"
    assert "together against the bosses" in menu.explanation()


def test_the_computer_levels_are_words_with_what_they_do(app):
    menu = menu_for(app, "heroes")
    assert [label for _, label in SEAT_CHOICES] == ["Human", "Computer: easy", "Computer: normal", "Computer: hard"]
    seat = menu.seats[1]
    seat.select("ai:ismcts")
    menu._explain()
    assert menu.levels_note.text == LEVEL_WORDS["ai:ismcts"] and "about a second" in menu.levels_note.text
    click(app, seat.prev.rect.center)                       # Computer: normal, by a click
    assert seat.value == "ai:tactical" and menu.levels_note.text == LEVEL_WORDS["ai:tactical"]
    assert menu.levels_note.rect.bottom <= menu.seed.box.top


def test_old_speed_names_still_load_and_read_as_todays():
    assert tuple(SPEEDS) == ("instant", "fast", "normal")
    assert Settings.from_json({"animation_speed": "off"}).animation_speed == "instant"
    assert Settings.from_json({"animation_speed": "slow"}).animation_speed == "normal"
    assert Settings.from_json({"animation_speed": "warp"}).animation_speed == "normal"
    assert Settings(animation_speed="off").pace == 0.0           # older callers' name
    assert Settings(animation_speed="fast").pace == SPEEDS["fast"]


def test_the_new_settings_are_saved_and_bad_values_fall_back():
    chosen = Settings(animation_speed="instant", hover_delay="long", tips="always", tips_seen=("heroes:draft",))
    save_settings(chosen)
    assert load_settings() == chosen
    data = json.loads(settings_path().read_text())
    assert data["hover_delay"] == "long" and data["tips"] == "always" and data["tips_seen"] == ["heroes:draft"]
    bad = Settings.from_json({"hover_delay": "forever", "tips": True, "tips_seen": "heroes:draft"})
    assert (bad.hover_delay, bad.tips, bad.tips_seen) == ("short", "guided", ())


def test_the_settings_screen_offers_speed_hover_delay_and_tips_in_words(app):
    scene = SettingsScene(app)
    app.push(scene)
    pump(app, 2)
    assert [label for _, label in scene.speed.choices] == ["Instant (no animations)", "Fast", "Normal"]
    assert [value for value, _ in scene.hover.choices] == list(HOVER_DELAYS)
    click(app, scene.hover.next.rect.center)
    click(app, scene.tips.next.rect.center)
    click(app, scene.save.rect.center)
    assert app.settings.hover_delay == "long" and app.settings.tips == "always"
    assert load_settings().hover_delay == "long"
    assert not scene.forget_tips.visible                          # nothing put away: no button


def test_tips_put_away_can_be_shown_again_from_the_settings(app):
    app.settings = Settings(tips_seen=("heroes:draft", "realms:place"))
    scene = SettingsScene(app)
    app.push(scene)
    pump(app, 2)
    assert scene.forget_tips.visible and "2 tips" in scene.forget_tips.text
    click(app, scene.forget_tips.rect.center)
    pump(app, 2)
    click(app, scene.save.rect.center)
    assert app.settings.tips_seen == () and load_settings().tips_seen == ()


@pytest.mark.parametrize("delay", list(HOVER_DELAYS))
def test_the_table_waits_the_hover_delay_of_the_settings(delay):
    app = make_app()
    try:
        app.settings = Settings(animation_speed="off", hover_delay=delay)
        players = player_counts("heroes")[0]
        session = Session.start(GameConfig("heroes", players, ("human",) * players), 1)
        scene = make_play_scene(app, session)
        assert scene.hover.delay == HOVER_DELAYS[delay]
    finally:
        app.close()


def test_the_hover_card_says_how_to_pin_it(monkeypatch):
    app = make_app()
    hints: list[str] = []
    real = overlay.draw_pin_hint
    monkeypatch.setattr(overlay, "draw_pin_hint", lambda surface, scene, card, words: (hints.append(words),
                                                                                        real(surface, scene, card, words)))
    try:
        scene, _, pieces = table_with_cards(app, "heroes")
        scene.hover.delay = 0
        piece = pieces[0]
        scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=piece.area.center, rel=(0, 0), buttons=(0, 0, 0)))
        app.draw()
        assert hints and "P" in hints[-1] and "right-click" in hints[-1]
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
        app.draw()
        assert scene.hover.pinned is not None and "lets it go" in hints[-1]
        for other in pieces:           # heroes' right-click on a hero opens its cards: the line says so
            words = scene.pin_hint(other)
            hero = scene._hero_of(other) is not None
            assert ("power cards" in words) == hero and ("right-click pins" in words) != hero, (other.key, words)
    finally:
        app.close()
