"""Card rendering (fits, cached) and `run_app` from the outside (headless, screenshot, exit code)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pygame
from ui_helpers import distinct_colours

from guardians.engine.table import CardFace
from guardians.ui import theme
from guardians.ui.cards import CardCache, render_card
from guardians.ui.launch import LaunchOptions, resolve_config, run_app

TESTS = Path(__file__).resolve().parents[1]
LONG = ("Deal 3 damage to an enemy hero within range 2. If that hero is knocked out, move the control "
        "token of its location one space toward you, then draw a card and gain an extra action. ") * 3


def test_fit_text_never_overflows_its_box(app):
    for width, height in [(60, 40), (90, 80), (200, 120), (30, 12)]:
        fnt, lines = theme.fit_text(LONG, width, height, 16, 8)
        assert len(lines) * fnt.get_linesize() <= max(height, fnt.get_linesize())
        assert all(fnt.size(line)[0] <= width for line in lines)
    fnt, lines = theme.fit_text("Short text.", 200, 100, 16, 8)
    assert fnt.get_height() >= theme.font(16).get_height() and lines == ["Short text."]


def test_card_faces_render_at_any_size_and_are_cached(app):
    face = CardFace("Thousand-Year Stormbringer of the Eastern Reach", "Ultimate", LONG,
                    (("ATK", "3"), ("LIFE", "10"), ("PTS", "2"), ("COST", "Action + Ready")),
                    colour="a-faction-nobody-themed", footer="A very long footer naming the hero")
    for size in [(58, 81), (96, 134), (260, 364)]:
        surface = render_card(face, size)
        assert surface.get_size() == size
        assert distinct_colours(surface, step=2) > 4
    cache = CardCache()
    first = cache.get(face, (96, 134))
    assert cache.get(face, (96, 134)) is first and cache.renders == 1
    cache.get(face, (104, 146))
    assert cache.renders == 2


def test_resolve_config_fills_seats_and_checks_counts():
    config = resolve_config(LaunchOptions(game="toy", seats=["human"]))
    assert config.seats == ("human", "ai:tactical")
    assert resolve_config(LaunchOptions(game="toy", autoplay=True)).seats == ("ai:tactical", "ai:tactical")
    assert resolve_config(LaunchOptions(game="toy", seats=["random", "greedy"])).seats == ("ai:random", "ai:greedy")
    for bad in [LaunchOptions(game="toy", players=3), LaunchOptions(game="toy", variant="nope"),
                LaunchOptions(game="toy", seats=["robot"])]:
        try:
            resolve_config(bad)
        except ValueError:
            continue
        raise AssertionError(f"{bad} accepted")


def test_run_app_bad_options_exit_2_without_a_window(capsys):
    assert run_app(LaunchOptions(game="toy", players=5, headless=True)) == 2
    assert "2 players" in capsys.readouterr().err


def _script(body: str) -> str:
    return (f"import sys\nsys.path.insert(0, {str(TESTS)!r})\nimport toy_game\ntoy_game.install()\n"
            "from pathlib import Path\nfrom guardians.ui.launch import LaunchOptions, run_app\n" + body)


def _env(home: Path) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if not k.startswith("SDL_")}
    env["GUARDIANS_HOME"] = str(home)
    return env


def test_headless_autoplay_plays_to_the_end_and_writes_a_screenshot(tmp_path):
    shot = tmp_path / "end.png"
    code = _script(f"sys.exit(run_app(LaunchOptions(game='toy', autoplay=True, headless=True, seed=3, "
                   f"quit_when_over=True, max_frames=5000, screenshot=Path({str(shot)!r}))))")
    done = subprocess.run([sys.executable, "-c", code], env=_env(tmp_path / "home"), capture_output=True,
                          text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    image = pygame.image.load(str(shot))
    assert image.get_size() == (1280, 720) and distinct_colours(image) > 40
    assert not (tmp_path / "home" / "autosave.json").exists()      # the finished game removed it


def test_importing_the_launcher_does_not_import_pygame():
    code = "import sys, guardians.ui.launch, guardians.ui.session, guardians.ui.settings; print('pygame' in sys.modules)"
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert done.stdout.strip() == "False", done.stderr
