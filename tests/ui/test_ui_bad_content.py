"""Bad content never crashes a screen (issue #12, item 11): with a broken card file the menu's Cards
and Start say what is wrong in words (file, line, card, field), never a traceback or a class name."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Iterator

import pytest
from ui_helpers import click, pump

from guardians.engine.paths import cards_dir
from guardians.games.heroes import cards as heroes_cards
from guardians.ui.launch import LaunchOptions, run_app
from guardians.ui.scenes.menu import MenuScene


def use_cards(monkeypatch: pytest.MonkeyPatch, folder: Path) -> None:
    """Heroes reads its cards from `folder` for this test (parsed and hashed afresh)."""
    card_set = heroes_cards.CARD_SET
    monkeypatch.setattr(card_set, "folder", lambda root=None: Path(root) if root is not None else folder)
    monkeypatch.setattr(card_set, "_default", None)
    monkeypatch.setattr(card_set, "_default_hash", None)


def edit(folder: Path, file: str, line: int, old: str, new: str) -> None:
    path = folder / file
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in lines[line - 1], lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path.write_text("".join(lines), encoding="utf-8")


@pytest.fixture
def broken_heroes(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    folder = tmp_path / "cards" / "heroes"
    shutil.copytree(cards_dir("heroes"), folder)
    edit(folder, "heroes.yaml", 6, "attack: 3", "attack: three")
    use_cards(monkeypatch, folder)
    yield folder


def _heroes_menu(app) -> MenuScene:  # type: ignore[no-untyped-def]
    menu = MenuScene(app)
    app.push(menu)
    menu.game.index = [gid for gid, _ in menu.games].index("heroes")
    menu._game_changed()
    pump(app, 2)
    return menu


WORDS = ("heroes.yaml", "line 6", "card 'astra'", "field 'attack'", "expected int")


def test_cards_button_with_a_broken_card_file_says_what_is_wrong(app, broken_heroes: Path) -> None:
    menu = _heroes_menu(app)
    click(app, menu.cards.rect.center)
    pump(app)
    assert app.top is menu
    [message] = menu.messages
    assert all(word in message for word in WORDS), message
    assert "ContentError" not in message and "Traceback" not in message


def test_start_with_a_broken_card_file_says_what_is_wrong(app, broken_heroes: Path) -> None:
    menu = _heroes_menu(app)
    click(app, menu.start.rect.center)
    pump(app)
    assert app.top is menu
    [message] = menu.messages
    assert "could not start" in message and all(word in message for word in WORDS), message
    assert "ContentError" not in message


def test_a_yaml_syntax_error_is_shown_at_its_line(app, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    folder = tmp_path / "cards" / "heroes"
    shutil.copytree(cards_dir("heroes"), folder)
    edit(folder, "heroes.yaml", 12, 'range 2."', "range 2.")
    use_cards(monkeypatch, folder)
    menu = _heroes_menu(app)
    click(app, menu.start.rect.center)
    [message] = menu.messages
    assert "heroes.yaml, line 12" in message and "quote" in message and "line 61" not in message.split("(")[0]


def test_many_errors_are_counted_not_all_listed(app, broken_heroes: Path) -> None:
    for line, old, new in [(7, "life: 7", "life: seven"), (21, "charge: 3", "charge: x")]:
        edit(broken_heroes, "heroes.yaml", line, old, new)
    edit(broken_heroes, "basic.yaml", 3, "basic:", "basics:")
    menu = _heroes_menu(app)
    click(app, menu.start.rect.center)
    [message] = menu.messages
    assert "4 problems" in message and "1 more" in message and "guardians cards validate" in message


def test_launching_a_game_with_broken_cards_opens_the_menu(broken_heroes: Path, tmp_path: Path) -> None:
    shot = tmp_path / "menu.png"
    assert run_app(LaunchOptions(game="heroes", headless=True, max_frames=3, screenshot=shot)) == 0
    assert shot.exists()


def test_problem_boxes_fit_the_window_and_do_not_repeat(app, broken_heroes: Path) -> None:
    from pygame_gui.elements import UITextBox

    menu = _heroes_menu(app)
    for _ in range(3):
        click(app, menu.start.rect.center)
    click(app, menu.cards.rect.center)
    assert len(menu.messages) == 2
    for n in range(3):
        menu._say(f"Problem {n}, long enough to wrap onto many lines of its box: " + "words " * 60)
    pump(app, 2)
    boxes = [e.rect for e in menu.ui.get_sprite_group().sprites() if isinstance(e, UITextBox) and e.alive()]
    screen = app.screen.get_rect()
    assert len(boxes) == 2 and all(screen.contains(box) for box in boxes)     # the oldest did not fit
    others = [menu.quit.rect, menu.start.rect] + [s.rect for s in [menu.game, menu.count, menu.variant]]
    for i, box in enumerate(boxes):
        assert not any(box.colliderect(other) for other in boxes[i + 1:] + others)
