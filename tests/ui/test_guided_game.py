"""A guided first game (issue #18), played by mouse clicks alone: the menu's "Guided first game" starts it, a
tip comes up the first time each kind of decision does (over the log panel, never blocking a move), its
buttons close it for this game or for good and open the rules reference at its section, and the game still
plays to its end screen. Without the guide (the default), an ordinary game shows no tip."""

from __future__ import annotations

from collections import Counter

import pygame
import pytest
from table_helpers import click, click_in_list, click_on_table, pass_screen_or_wait, pump, run_until
from ui_helpers import key, make_app

from guardians.ai import make_player
from guardians.engine.guide import load_guide
from guardians.engine.state import GameConfig
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.guide import GuideTips
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.rules import RulesScene
from guardians.ui.session import Session
from guardians.ui.settings import Settings, load_settings

GUIDED = [("heroes", ("ai:tactical", "human"), 5, "first_game"), ("explore", ("human",), 21, "apprentice"),
          ("realms", ("human", "ai:random"), 21, "quick_start"), ("chronicles", ("ai:random", "human"), 21, "standard")]


def guided_start_by_menu(app, game_id: str, seats: tuple[str, ...], variant: str, seed: int):
    """The menu set to the game by clicks (the seed typed), then "Guided first game" clicked."""
    menu = MenuScene(app)
    app.reset(menu)
    pump(app)
    for stepper, value in [(menu.game, game_id), (menu.count, len(seats)), (menu.variant, variant),
                           *zip(menu.seats, seats)]:
        for _ in range(len(stepper.choices)):
            if stepper.value == value:
                break
            click(app, stepper.next.rect.center)
            pump(app)
        assert stepper.value == value, (stepper.caption, stepper.value, value)
    click(app, menu.seed.entry.rect.center)
    for digit in str(seed):
        key(app, getattr(pygame, f"K_{digit}"), text=digit)
    assert menu.seed_value() == seed
    click(app, menu.guided.rect.center)
    scene = app.top
    assert scene is not menu and scene.session.guided and scene.tips.on
    return scene, scene.session


@pytest.mark.parametrize("game_id, seats, seed, variant", GUIDED, ids=[g for g, *_ in GUIDED])
def test_a_guided_game_shows_tips_and_plays_to_the_end_by_clicks(game_id, seats, seed, variant):
    app = make_app()
    try:
        scene, session = guided_start_by_menu(app, game_id, seats, variant, seed)
        guide = load_guide(game_id)
        brains = {s: make_player("ai:greedy", game_id, seed * 31 + s) for s in session.humans}
        shown: list[str] = []
        used = Counter()
        while True:
            pass_screen_or_wait(app, session)
            if session.state.is_over:
                break
            state = session.state
            tip = scene.tips.current
            expected = guide.key_for(getattr(state, "phase", None), state.decision.kind)
            if tip is not None and (not shown or shown[-1] != tip.key):
                shown.append(tip.key)
                assert scene.tips.rect.colliderect(scene.geo.log)       # over the log, not the table
                assert not scene.tips.rect.colliderect(scene.geo.choices)
                if not used["rules"] and tip.rules:                     # the link: the reference, at its section
                    click(app, scene.tips.rules.rect.center)
                    rules = app.top
                    assert isinstance(rules, RulesScene) and rules.section == tip.rules
                    pump(app, 2)
                    key(app, pygame.K_ESCAPE)
                    assert app.top is scene and scene.tips.current is tip
                    used["rules"] += 1
                elif not used["never"]:
                    click(app, scene.tips.never.rect.center)           # "Not again": kept in the settings
                    assert scene.tips.current is None
                    assert f"{game_id}:{tip.key}" in load_settings().tips_seen
                    used["never"] += 1
                elif len(shown) % 2:
                    click(app, scene.tips.got_it.rect.center)          # "Got it": closed for now
                    assert scene.tips.current is None
                    used["got_it"] += 1
                # else: leave it open; the move below is still taken
            if expected is not None and expected not in scene.tips.done:
                raise AssertionError(f"no tip was offered for {expected}")
            action = state.find_legal(brains[state.decision.seat].choose(state))
            moves = len(state.history)
            if click_on_table(app, scene, action) is None:
                click_in_list(app, scene, action)
            assert len(session.state.history) == moves + 1, action.label
        assert run_until(app, lambda: type(app.top) is type(scene.end_scene()))
        assert len(shown) >= 4 and len(set(shown)) == len(shown), shown        # each tip once a game
        assert used["rules"] == 1 and used["never"] == 1 and used["got_it"] >= 1, used
    finally:
        app.close()


def test_an_ordinary_game_shows_no_tip_and_tips_off_means_none(app):
    session = Session.start(GameConfig("heroes", 2, ("human", "human")), 3)
    scene = make_play_scene(app, session)
    app.push(scene)
    pump(app, 2)
    assert not scene.tips.on and scene.tips.current is None
    app.settings = Settings(tips="off")
    assert not GuideTips("heroes", app.settings, True, lambda section: None).on
    guided = Session.start(GameConfig("heroes", 2, ("human", "human")), 3)
    guided.guided = True
    quiet = make_play_scene(app, guided)                     # a guided game with tips off says why none show
    assert not quiet.tips.on and quiet.toast is not None and "off in Settings" in quiet.toast[0]
    app.settings = Settings(tips="always")
    tips = GuideTips("heroes", app.settings, False, lambda section: None)
    assert tips.on and tips.offer("draft", "draft") and tips.current.key == "draft"
    assert not tips.offer("draft", "draft")                   # once a game


def test_a_tip_put_away_for_good_stays_away_in_the_next_game():
    settings = Settings(tips_seen=("heroes:draft",))
    tips = GuideTips("heroes", settings, True, lambda section: None)
    assert not tips.offer("draft", "draft") and tips.current is None
    assert tips.offer("action", "main") and tips.current.key == "main"


def test_the_rules_reference_opens_at_a_tips_section(app):
    scene = RulesScene(app, "heroes", "Guardians: Hero Tactics", "4. Score")
    app.push(scene)
    pump(app, 3)
    assert scene.box.scroll_bar is not None and scene.box.scroll_bar.start_percentage > 0.3
    top = RulesScene(app, "heroes", "Guardians: Hero Tactics")
    app.push(top)
    pump(app, 3)
    assert top.box.scroll_bar.start_percentage == 0
