"""Shared test set-up: headless SDL, a private user folder, and the toy game registered."""

import os
import sys
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")

sys.path.insert(0, str(Path(__file__).parent))

import pytest  # noqa: E402

import toy_game  # noqa: E402

toy_game.install()


@pytest.fixture(autouse=True)
def _private_user_dir(tmp_path, monkeypatch):
    """Saves and settings of every test go to its own temp folder, never the real user folder."""
    home = tmp_path / "guardians-home"
    monkeypatch.setenv("GUARDIANS_HOME", str(home))
    return home


@pytest.fixture
def launched(monkeypatch):
    """The window replaced by a recorder of the LaunchOptions it was given (`guardians play` and friends
    run in-process without opening one)."""
    from types import ModuleType

    from guardians.ui.launch import LaunchOptions

    calls = []
    module = ModuleType("guardians.ui.launch")
    module.LaunchOptions = LaunchOptions
    module.run_app = lambda options: calls.append(options) or 0
    monkeypatch.setitem(sys.modules, "guardians.ui.launch", module)
    return calls


def pytest_collection_modifyitems(config, items):
    """Slow tests first (a stable sort, so files keep their order otherwise). `make test` hands tests out
    one at a time (`--dist loadgroup`): the long runs then start at once, one per free worker, and the
    quick tests fill the gaps, instead of a long run starting last and holding the whole suite up."""
    items.sort(key=lambda item: item.get_closest_marker("slow") is None)
