"""A damaged autosave never stops the app: it is moved aside unchanged, named to the player in one
clear message, and the menu opens (issue #12, item 8)."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Callable

import pytest
from ui_helpers import click, click_option, pump

from guardians.engine import saves
from guardians.engine.state import GameConfig
from guardians.ui.launch import LaunchOptions, run_app
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.session import Session


def _autosave_text() -> str:
    session = Session.start(GameConfig("toy", 2, ("human", "ai:greedy")), seed=5)
    session.apply(session.state.legal_actions()[0])
    session.flush()
    return saves.autosave_path().read_text()


def _nested(text: str) -> str:
    return "[" * 100_000 + "]" * 100_000


def _huge_seed(text: str) -> str:
    return text.replace('"seed":5', '"seed":1e400')


def _unknown_seat(text: str) -> str:
    return text.replace('"ai:greedy"', '"ai:genius"')


def _not_installed(text: str) -> str:
    return text.replace('"toy"', '"chess"')


def _truncated(text: str) -> str:
    return text[: len(text) // 2]


DAMAGE: list[tuple[str, Callable[[str], str], str]] = [
    ("deep nesting", _nested, "nested too deeply"),
    ("1e400", _huge_seed, "seed"),
    ("unknown AI seat", _unknown_seat, "'ai:genius'"),
    ("game not installed", _not_installed, "'chess'"),
    ("truncated", _truncated, "damaged or truncated"),
]


def _moved_aside(home: Path) -> list[Path]:
    return sorted(home.glob("autosave.damaged-*.json"))


@pytest.mark.parametrize("damage, words", [(d, w) for _, d, w in DAMAGE], ids=[n for n, _, _ in DAMAGE])
def test_menu_moves_a_damaged_autosave_aside_and_says_where(app, _private_user_dir: Path,
                                                           damage: Callable[[str], str], words: str) -> None:
    path = saves.autosave_path()
    damaged = damage(_autosave_text()).encode()
    path.write_bytes(damaged)

    menu = MenuScene(app)
    app.push(menu)
    pump(app, 2)
    assert app.top is menu and not menu.resume.visible
    [moved] = _moved_aside(_private_user_dir)
    assert moved.read_bytes() == damaged and not path.exists()
    [message] = menu.messages
    assert "\n" not in message and words in message and str(moved) in message

    # The warning does not come back at the next start, and a new game autosaves in the usual place.
    again = MenuScene(app)
    app.replace(again)
    pump(app)
    assert again.messages == [] and not again.resume.visible
    again.game.index = [gid for gid, _ in again.games].index("toy")
    again._game_changed()
    click(app, again.start.rect.center)
    play = app.top
    assert isinstance(play, PlayScene)
    pump(app)
    click_option(app, play.presenter, 0)
    play.session.flush()
    assert play.session.save_path == path and path.exists()
    assert moved.read_bytes() == damaged


@pytest.mark.parametrize("damage, words", [(d, w) for _, d, w in DAMAGE], ids=[n for n, _, _ in DAMAGE])
def test_launching_with_a_damaged_autosave_opens_the_menu(_private_user_dir: Path, tmp_path: Path,
                                                         damage: Callable[[str], str], words: str) -> None:
    path = saves.autosave_path()
    damaged = damage(_autosave_text()).encode()
    for resume in (False, True):
        path.write_bytes(damaged)
        shot = tmp_path / f"menu-{resume}.png"
        assert run_app(LaunchOptions(headless=True, resume=resume, max_frames=3, screenshot=shot)) == 0
        assert shot.exists()
    moved = _moved_aside(_private_user_dir)
    assert len(moved) == 2 and all(m.read_bytes() == damaged for m in moved)


def test_a_save_the_app_cannot_check_is_left_in_place(app, monkeypatch: pytest.MonkeyPatch) -> None:
    """When this app's own card files fail to load, the save is not at fault: it stays where it is."""
    path = saves.autosave_path()
    text = _autosave_text()
    path.write_text(text)
    from guardians.engine import registry

    def broken() -> str:
        raise OSError("cards/toy/cards.yaml cannot be read")

    monkeypatch.setattr(registry._extra["toy"], "content_hash", broken)
    menu = MenuScene(app)
    app.push(menu)
    pump(app)
    click(app, menu.resume.rect.center)        # the card set is checked when the save is replayed
    assert app.top is menu
    assert path.read_text() == text and not _moved_aside(path.parent)
    assert any("card" in m and str(path) in m for m in menu.messages)
