"""The player's executable: build it with build.spec (as `make dist` does, but into a temp folder so
the work tree stays clean) and run it as a player would, away from the repository.

Every shipped game (the registry's GAME_MODULES, so a new game is picked up without editing this file)
plays to the end headless and leaves a screenshot; `cards validate` and `replay` work frozen; saves and
settings live in the user data folder (GUARDIANS_HOME, or platformdirs' folder without it) and nothing
is written inside the bundle. The one-folder layout is built too (it reuses the one-file build's
analysis, a few seconds) to check that its `_internal/` stays untouched.

Needs PyInstaller (the `build` extra, installed by `make test`). Without it the module is skipped,
except under CI, where that is an error.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from guardians import __version__
from guardians.engine import registry

# One group: the two builds (a module fixture) are made once, on one worker.
pytestmark = [pytest.mark.slow, pytest.mark.xdist_group("frozen")]

REPO = Path(__file__).resolve().parents[2]
SHIPPED_GAMES = [game_id for game_id in registry.game_ids() if game_id in registry.GAME_MODULES]
EXE_NAME = "guardians.exe" if sys.platform == "win32" else "guardians"
BUILD_TIMEOUT = 1200
GAME_TIMEOUT = 600

try:
    import PyInstaller  # noqa: F401
except ImportError:
    if os.environ.get("CI"):
        raise RuntimeError("PyInstaller is missing: `make test` installs the `build` extra") from None
    pytest.skip("PyInstaller is not installed (pip install -e '.[build]')", allow_module_level=True)


def _build(dist: Path, work: Path, mode: str) -> None:
    env = dict(os.environ, GUARDIANS_DIST=mode)
    done = subprocess.run(
        [sys.executable, "-m", "PyInstaller", "--noconfirm", "--log-level", "WARN", str(REPO / "build.spec"),
         "--distpath", str(dist), "--workpath", str(work)],
        cwd=REPO, env=env, stdout=subprocess.PIPE, stderr=subprocess.STDOUT, text=True, timeout=BUILD_TIMEOUT)
    assert done.returncode == 0, f"PyInstaller ({mode}) failed:\n{done.stdout[-6000:]}"


@pytest.fixture(scope="module")
def builds(tmp_path_factory) -> dict[str, Path]:
    """Both layouts, built from the working tree into a temp folder; the one-file build first."""
    root = tmp_path_factory.mktemp("frozen")
    dist, work = root / "dist", root / "work"
    _build(dist, work, "file")
    _build(dist, work, "folder")   # same workpath: the analysis is reused
    onefile = dist / EXE_NAME
    folder = dist / "guardians-folder"
    assert onefile.is_file() and (folder / EXE_NAME).is_file()
    return {"onefile": onefile, "folder": folder, "dist": dist}


def _env(home: Path | None, **extra: str) -> dict[str, str]:
    """The user's environment: no Python or SDL settings leaking in from the test run."""
    env = {k: v for k, v in os.environ.items()
           if not k.startswith(("PYTHON", "SDL_", "GUARDIANS_", "PYGAME_", "VIRTUAL_ENV"))}
    if home is not None:
        env["GUARDIANS_HOME"] = str(home)
    env.update(extra)
    return env


def _run(exe: Path, args: list[str], cwd: Path, env: dict[str, str],
         timeout: float = GAME_TIMEOUT) -> subprocess.CompletedProcess:
    cwd.mkdir(parents=True, exist_ok=True)
    return subprocess.run([str(exe), *args], cwd=cwd, env=env, stdout=subprocess.PIPE,
                          stderr=subprocess.PIPE, text=True, timeout=timeout)


def _snapshot(folder: Path) -> dict[str, tuple[int, int]]:
    """Every file and folder below `folder` with its size and modification time."""
    return {str(p.relative_to(folder)): (p.stat().st_size if p.is_file() else -1, p.stat().st_mtime_ns)
            for p in folder.rglob("*")}


def _image_facts(path: Path) -> tuple[tuple[int, int], int]:
    """(size, number of distinct colours on a sampling grid) of a PNG."""
    import pygame

    image = pygame.image.load(str(path))
    width, height = image.get_size()
    colours = {tuple(image.get_at((x, y)))
               for x in range(0, width, max(1, width // 64)) for y in range(0, height, max(1, height // 36))}
    return (width, height), len(colours)


def test_shipped_games_are_known():
    assert "heroes" in SHIPPED_GAMES


@pytest.mark.parametrize("game_id", SHIPPED_GAMES)
def test_frozen_game_plays_to_the_end(builds, game_id, tmp_path):
    exe, dist = builds["onefile"], builds["dist"]
    before = _snapshot(dist)
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    shot = cwd / f"{game_id}.png"
    done = _run(exe, ["play", "--game", game_id, "--headless", "--autoplay", "--quit-when-over",
                      "--seed", "1", "--screenshot", shot.name], cwd, _env(home))
    assert done.returncode == 0, done.stderr[-4000:]
    assert "Traceback" not in done.stderr, done.stderr[-4000:]
    size, colours = _image_facts(shot)
    assert size == (1280, 720)
    assert colours >= 16, f"the screenshot looks blank ({colours} colours)"
    assert sorted(p.name for p in cwd.iterdir()) == [shot.name]   # nothing else in the current folder
    assert _snapshot(dist) == before                               # nor next to the executable


def test_frozen_cards_validate_and_version(builds, tmp_path):
    exe = builds["onefile"]
    done = _run(exe, ["cards", "validate"], tmp_path / "cwd", _env(tmp_path / "home"))
    assert done.returncode == 0, done.stdout + done.stderr
    count = len(SHIPPED_GAMES)
    assert f"content OK: checked {count} game{'s' if count != 1 else ''}" in done.stdout
    version = _run(exe, ["--version"], tmp_path / "cwd", _env(tmp_path / "home"))
    assert version.returncode == 0 and version.stdout.strip() == f"guardians {__version__}"


def test_frozen_menu_draws_its_pygame_gui_widgets(builds, tmp_path):
    """The menu (pygame_gui with the app's theme and fonts) opens and draws from the bundle."""
    exe = builds["onefile"]
    cwd = tmp_path / "cwd"
    done = _run(exe, ["--headless", "--max-frames", "30", "--screenshot", "menu.png"], cwd, _env(tmp_path / "home"))
    assert done.returncode == 0, done.stderr[-4000:]
    assert "Traceback" not in done.stderr and "Warning" not in done.stderr, done.stderr[-4000:]
    size, colours = _image_facts(cwd / "menu.png")
    assert size == (1280, 720) and colours >= 16, colours


def test_frozen_saves_and_settings_live_in_the_user_folder(builds, tmp_path):
    """The autosave of an unfinished game and the settings the app reads are in GUARDIANS_HOME; the
    save replays with the frozen `replay --headless` (the bug-report path)."""
    exe, dist = builds["onefile"], builds["dist"]
    before = _snapshot(dist)
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    home.mkdir()
    (home / "settings.json").write_text(json.dumps({"window_size": [1366, 768]}), encoding="utf-8")
    game = SHIPPED_GAMES[0]
    done = _run(exe, ["play", "--game", game, "--headless", "--autoplay", "--max-frames", "40", "--seed", "4",
                      "--screenshot", "mid.png"], cwd, _env(home))
    assert done.returncode == 0, done.stderr[-4000:]
    assert (home / "autosave.json").is_file(), sorted(p.name for p in home.iterdir())
    assert _image_facts(cwd / "mid.png")[0] == (1366, 768)       # settings.json was read from there
    replay = _run(exe, ["replay", str(home / "autosave.json"), "--headless"], cwd, _env(home))
    assert replay.returncode == 0, replay.stderr
    assert f"game: {game}" in replay.stdout and "digest:" in replay.stdout
    assert sorted(p.name for p in cwd.iterdir()) == ["mid.png"]
    assert _snapshot(dist) == before


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="checks the Linux folder name")
def test_frozen_default_user_folder_is_platformdirs(builds, tmp_path):
    """Without GUARDIANS_HOME the frozen app saves in ~/.local/share/GuardiansTabletop."""
    exe = builds["onefile"]
    fake_home, cwd = tmp_path / "user", tmp_path / "cwd"
    fake_home.mkdir()
    env = _env(None, HOME=str(fake_home))
    env.pop("XDG_DATA_HOME", None)
    done = _run(exe, ["play", "--game", SHIPPED_GAMES[0], "--headless", "--autoplay", "--max-frames", "40",
                      "--seed", "4"], cwd, env)
    assert done.returncode == 0, done.stderr[-4000:]
    assert (fake_home / ".local" / "share" / "GuardiansTabletop" / "autosave.json").is_file()
    assert list(cwd.iterdir()) == []


def test_one_folder_build_runs_and_its_bundle_stays_untouched(builds, tmp_path):
    folder = builds["folder"]
    exe = folder / EXE_NAME
    assert (folder / "_internal" / "cards").is_dir() and (folder / "_internal" / "assets" / "fonts").is_dir()
    gui_data = folder / "_internal" / "pygame_gui" / "data"     # pygame_gui's theme and start-up fonts...
    assert (gui_data / "default_theme.json").is_file() and (gui_data / "NotoSans-Regular.ttf").is_file()
    assert (folder / "_internal" / "assets" / "ui_theme.json").is_file()
    assert not list(gui_data.glob("NotoSans[JKS]*")) and not list(gui_data.glob("*Arabic*"))   # ...not 40 MB more
    before = _snapshot(folder)
    home, cwd = tmp_path / "home", tmp_path / "cwd"
    game = SHIPPED_GAMES[0]
    done = _run(exe, ["play", "--game", game, "--headless", "--autoplay", "--max-frames", "40", "--seed", "4",
                      "--screenshot", "folder.png"], cwd, _env(home))
    assert done.returncode == 0, done.stderr[-4000:]
    assert (home / "autosave.json").is_file()
    assert _image_facts(cwd / "folder.png")[1] >= 16
    assert _run(exe, ["cards", "validate"], cwd, _env(home)).returncode == 0
    assert _run(exe, ["replay", str(home / "autosave.json"), "--headless"], cwd, _env(home)).returncode == 0
    assert _snapshot(folder) == before, "the app wrote inside its bundle"
