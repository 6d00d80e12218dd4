"""The rules reference of every registered game: a rules summary exists, the rules screen renders it (every
"Ruling:" paragraph marked in bold) at 1280x720, and it is written in our own words — no run of 12 words in a
row shared with a rulebook or a spec in ../shared."""

from __future__ import annotations

import sys
from pathlib import Path

import pygame
import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_reference import ruling_paragraphs, shared_runs, sources, summary_path  # noqa: E402
from ui_helpers import make_app, pump  # noqa: E402

from guardians.engine.registry import GAME_MODULES, get_game  # noqa: E402
from guardians.ui.scenes.rules import RulesScene, markdown_html, rules_text  # noqa: E402

GAMES = sorted(GAME_MODULES)


def test_the_four_games_are_registered():
    assert set(GAMES) >= {"heroes", "explore", "realms", "chronicles"}


@pytest.mark.parametrize("game_id", GAMES)
def test_every_registered_game_has_a_rules_summary(game_id):
    title = get_game(game_id).INFO.title
    assert summary_path(game_id).is_file(), game_id
    text = rules_text(game_id, title)
    assert "not written yet" not in text
    assert text.startswith("# ") and "## On the screen" in text


@pytest.mark.parametrize("game_id", GAMES)
def test_the_rules_screen_renders_the_summary_with_every_ruling_marked(game_id, tmp_path):
    text = rules_text(game_id, get_game(game_id).INFO.title)
    html = markdown_html(text)
    assert html.count("<b>Ruling:</b>") == len(ruling_paragraphs(text))
    assert "**" not in html            # every bold marker became <b>
    app = make_app((1280, 720))
    try:
        scene = RulesScene(app, game_id, get_game(game_id).INFO.title)
        app.push(scene)
        pump(app, 3)
        assert app.top is scene and scene.text == text
        box = scene.box.rect
        assert box.width > 600 and box.bottom <= 720 and box.top >= 0
        shot = tmp_path / f"{game_id}-rules.png"
        app.screenshot(shot)
        image = pygame.image.load(str(shot))
        assert image.get_size() == (1280, 720)
        # the text box shows text: many pixels differ from the box's own background
        background = image.get_at((box.left + 2, box.bottom - 3))
        inked = sum(1 for x in range(box.left, box.right, 4) for y in range(box.top, box.top + 200, 4)
                    if image.get_at((x, y)) != background)
        assert inked > 200, inked
    finally:
        app.close()


@pytest.mark.parametrize("game_id", GAMES)
def test_the_summary_copies_no_line_of_a_rulebook_or_spec(game_id):
    found = sources()
    assert any(p.parent.name == "seeds" for p in found), "../shared/seeds is missing"
    text = summary_path(game_id).read_text(encoding="utf-8")
    copied = {p.name: shared_runs(text, p.read_text(encoding="utf-8", errors="replace")) for p in found}
    assert not any(copied.values()), {k: v[:3] for k, v in copied.items() if v}


def test_the_copy_check_catches_a_copied_sentence():
    """The check above can fail: a sentence lifted from a rulebook is found."""
    book = next(p for p in sources() if p.parent.name == "seeds" and p.name.startswith("001"))
    lines = [line for line in book.read_text(encoding="utf-8").splitlines() if len(line.split()) >= 14]
    assert shared_runs("Our words. " + lines[len(lines) // 2] + " More of ours.", book.read_text(encoding="utf-8"))
