"""The options a game declares, in the menu: chronicles' scenario and realms' deck per seat are offered,
the chosen ones reach the started game, the menu remembers them, they fit at 1280×720, and a save with
options continues."""

from __future__ import annotations

import pygame
from ui_helpers import click, gui_rects, pump, run_until

from guardians.engine import saves
from guardians.engine.state import GameConfig
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.session import Session


def menu_on(app, game_id: str, players: int | None = None) -> MenuScene:
    """A fresh menu with `game_id` (and `players`) chosen by clicks."""
    menu = MenuScene(app)
    app.reset(menu)
    pump(app)
    for _ in range(len(menu.game.choices)):
        if menu.game.value == game_id:
            break
        click(app, menu.game.next.rect.center)
    for _ in range(len(menu.count.choices)):
        if players is None or menu.count.value == players:
            break
        click(app, menu.count.next.rect.center)
    pump(app)
    assert (menu.game.value, players in (None, menu.count.value)) == (game_id, True)
    return menu


def option_row(menu: MenuScene, caption: str):
    return next(stepper for _, _, stepper in menu.option_rows if stepper.caption == caption)


def test_the_menu_offers_chronicles_scenarios_and_starts_the_one_chosen(app):
    menu = menu_on(app, "chronicles")
    scenario = option_row(menu, "Scenario")
    labels = [text for _, text in scenario.choices]
    assert len(labels) == 6 and labels[0] == "Welcome to the Lair (easy)"
    assert scenario.text == "Welcome to the Lair (easy)" and scenario.shown.text == scenario.text
    assert scenario.rect.y > menu.variant.rect.y                      # below the variant
    for _ in range(2):
        click(app, scenario.next.rect.center)
    assert scenario.value == "the_hostage" and scenario.shown.text == "The Hostage (challenging)"
    assert menu.explained[0].text.startswith("A scientist who refused")    # the scenario's story, under it
    assert menu.explained[0].rect.bottom <= menu.seats[0].rect.top
    click(app, menu.start.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.session.state.config.option("scenario") == "the_hostage"
    assert play.session.state.scenario.id == "the_hostage"

    again = MenuScene(app)          # back in the menu: the last choice is remembered
    app.reset(again)
    pump(app)
    assert again.game.value == "chronicles" and option_row(again, "Scenario").value == "the_hostage"


def test_the_menu_offers_a_realms_deck_per_seat_and_starts_with_them(app):
    menu = menu_on(app, "realms", 2)
    decks = [option_row(menu, f"Deck, player {seat}") for seat in (1, 2)]
    assert [d.text for d in decks] == ["Knights (theme deck)", "Pirates (theme deck)"]
    assert {text for _, text in decks[0].choices} >= {"Undead (theme deck)", "Pirates (theme deck)"}
    assert len(decks[0].choices) == 6
    click(app, decks[1].next.rect.center)
    chosen = decks[1].value
    assert chosen != "pirates_theme"
    click(app, menu.count.next.rect.center)   # four players: four deck rows, the defaults for four but the
    pump(app)                                 # choice made for seat 2 (as the seat rows keep theirs)
    assert [s.value for s in menu.option_steppers(per_seat=True)] == [
        "knights_theme", chosen, "pirates_theme", "guidebook_the_deck"]
    click(app, menu.count.next.rect.center)           # back to two: the choice made for seat 2 comes back
    pump(app)
    assert [s.value for s in menu.option_steppers(per_seat=True)] == ["knights_theme", chosen]
    click(app, menu.start.rect.center)
    state = app.top.session.state
    assert state.config.option("decks") == ("knights_theme", chosen)
    assert tuple(p.deck_name for p in state.seats) == ("knights_theme", chosen)


def test_realms_four_seats_with_their_decks_fit_at_1280x720(app):
    menu = menu_on(app, "realms", 4)
    assert len(menu.option_rows) == 5           # a deck per seat and the optional bystander channelling
    screen = pygame.Rect((0, 0), app.size)
    rects = [r for r in gui_rects(menu) if r.w > 20]
    assert rects and all(screen.contains(r) for r in rects)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]
               if not (a.contains(b) or b.contains(a)))
    assert menu.seed.box.bottom < app.size[1] - 40


def test_chronicles_scenario_and_five_seats_fit_at_1280x720(app):
    menu = menu_on(app, "chronicles", 5)
    screen = pygame.Rect((0, 0), app.size)
    rects = [r for r in gui_rects(menu) if r.w > 20] + [line.rect for line in menu.explained]
    rects.append(menu.levels_note.rect)                    # the computer levels' line fits too
    assert len(menu.explained) >= 2 and all(screen.contains(r) for r in rects)
    assert all(not a.colliderect(b) for i, a in enumerate(rects) for b in rects[i + 1:]
               if not (a.contains(b) or b.contains(a)))


def test_a_save_with_options_continues_with_them(app):
    config = GameConfig("realms", 2, ("ai:random", "ai:random"), options=(("decks", ("undead_theme", "pirates_theme")),))
    session = Session.start(config, seed=5)
    app.reset(PlayScene(app, session))
    assert run_until(app, lambda: len(session.state.history) >= 4)
    session.flush()
    saved = saves.load_save(saves.autosave_path())
    assert saved.config.option("decks") == ("undead_theme", "pirates_theme")
    menu = MenuScene(app)
    app.reset(menu)
    pump(app)
    assert menu.resume.visible and not menu.messages
    click(app, menu.resume.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.session.state.config == saved.config
    assert len(play.session.state.history) >= len(saved.history)
    assert tuple(p.deck_name for p in play.session.state.seats) == ("undead_theme", "pirates_theme")
