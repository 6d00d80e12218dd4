"""A balance patch does not orphan the game in progress, in the menu (issue #12, item 12): a save whose
moves all fit the changed cards continues and says so; one that no longer fits names the move, is kept,
and the player archives or deletes it from the menu; broken card files are blamed, not the save."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest
from toy_game import PatchedToy, register_patched_toy
from ui_helpers import click, click_option, pump

from guardians.engine import saves
from guardians.engine.content import ContentError, ContentErrors
from guardians.engine.state import GameConfig
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.session import Session


@pytest.fixture
def toy_cards(monkeypatch: pytest.MonkeyPatch) -> Any:
    return register_patched_toy(monkeypatch)


def _save_a_game(moves: int = 6) -> Session:
    session = Session.start(GameConfig("toy-cards", 2, ("human", "ai:random")), seed=6)
    for _ in range(moves):
        session.apply(session.state.legal_actions()[0])
    session.flush()
    return session


def _menu(app) -> MenuScene:  # type: ignore[no-untyped-def]
    menu = MenuScene(app)
    app.push(menu)
    pump(app)
    return menu


def _first_play(session: Session) -> tuple[int, Any]:
    return next((n, e) for n, e in enumerate(session.state.history, 1) if e.action.kind == "play")


@pytest.fixture
def unfit(toy_cards: Any, monkeypatch: pytest.MonkeyPatch) -> tuple[int, Any]:
    """An autosaved game whose first played card the changed card files ban (undone after the test):
    that move's number and history entry."""
    session = _save_a_game()
    number, entry = _first_play(session)
    toy_cards.content_hash = lambda: "cards-v2"
    monkeypatch.setattr(PatchedToy, "BANNED", frozenset({entry.action.args[0]}))
    return number, entry


def test_a_save_that_still_fits_continues_and_says_the_cards_changed(app, toy_cards: Any) -> None:
    session = _save_a_game()
    toy_cards.content_hash = lambda: "cards-v2"
    menu = _menu(app)
    click(app, menu.resume.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    assert play.session.state.history[-1].action == session.state.history[-1].action
    assert "card files" in play.session.message and "changed" in play.session.message
    assert play.session.notice       # news, drawn in the information colour, not as a problem
    play.session.flush()
    assert not saves.cards_changed(saves.read_header(saves.autosave_path()))    # told once, not every time


def test_a_save_that_no_longer_fits_is_kept_and_can_be_archived(app, unfit: tuple[int, Any]) -> None:
    number, entry = unfit
    path = saves.autosave_path()
    before = path.read_bytes()
    menu = _menu(app)
    click(app, menu.resume.rect.center)
    pump(app)
    assert app.top is menu and not menu.resume.visible
    [message] = menu.messages
    assert f"move {number}" in message and repr(entry.action.label) in message and "damaged" not in message
    assert path.read_bytes() == before
    assert menu.archive.visible and menu.delete.visible

    click(app, menu.archive.rect.center)
    pump(app)
    [archived] = path.parent.glob("autosave.archived-*.json")
    assert archived.read_bytes() == before and not path.exists()
    assert menu.messages == [] and str(archived) in (menu.notice or "")
    assert not menu.archive.visible and not menu.delete.visible

    again = _menu(app)                    # the warning does not come back at the next start
    assert again.messages == [] and not again.resume.visible


def test_a_save_that_no_longer_fits_can_be_deleted_after_a_second_click(app, unfit: tuple[int, Any]) -> None:
    path = saves.autosave_path()
    menu = _menu(app)
    click(app, menu.resume.rect.center)
    pump(app)
    click(app, menu.delete.rect.center)
    pump(app)
    assert path.exists()                  # the first click asks
    click(app, menu.delete.rect.center)
    pump(app)
    assert not path.exists() and not list(path.parent.glob("autosave.*.json"))
    assert menu.messages == [] and "deleted" in (menu.notice or "")


def test_starting_a_new_game_archives_a_save_that_no_longer_fits(app, unfit: tuple[int, Any]) -> None:
    path = saves.autosave_path()
    before = path.read_bytes()
    menu = _menu(app)
    click(app, menu.resume.rect.center)
    menu.game.index = [gid for gid, _ in menu.games].index("toy")
    menu._game_changed()
    pump(app)
    click(app, menu.start.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    [archived] = path.parent.glob("autosave.archived-*.json")
    assert archived.read_bytes() == before and str(archived) in play.session.message and play.session.notice
    pump(app)
    click_option(app, play.presenter, 0)
    play.session.flush()
    assert archived.read_bytes() == before and path.exists()


def test_broken_card_files_are_blamed_and_the_save_stays(app, toy_cards: Any) -> None:
    _save_a_game()
    path = saves.autosave_path()
    before = path.read_bytes()
    toy_cards.content_hash = lambda: "cards-v2"

    def broken(config: GameConfig, seed: int) -> PatchedToy:
        raise ContentErrors([ContentError("/x/cards/toy-cards/cards.yaml", 12, "seven", "value", "expected int")])

    toy_cards.new_game = broken
    menu = _menu(app)
    click(app, menu.resume.rect.center)
    pump(app)
    [message] = menu.messages
    assert "card files" in message and "broken" in message and "cards/toy-cards/cards.yaml, line 12" in message
    assert "damaged" not in message and str(path) in message
    assert path.read_bytes() == before and not list(path.parent.glob("autosave.*.json"))
    assert not menu.archive.visible


def test_resuming_a_save_that_no_longer_fits_opens_the_menu_with_it_kept(unfit: tuple[int, Any],
                                                                        tmp_path: Path) -> None:
    from guardians.ui.launch import LaunchOptions, run_app

    path = saves.autosave_path()
    before = path.read_bytes()
    shot = tmp_path / "unfit.png"
    assert run_app(LaunchOptions(resume=True, headless=True, max_frames=3, screenshot=shot)) == 0
    assert shot.exists() and path.read_bytes() == before
    assert not list(path.parent.glob("autosave.*.json"))
