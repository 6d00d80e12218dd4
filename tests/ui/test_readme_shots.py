"""`tools/readme_shots.py` (issue #18): a README shot is written only when its scene shows what its name says,
and a shot whose scene shows something else fails, naming itself, without writing a picture."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from dataclasses import replace
from pathlib import Path

import pygame

ROOT = Path(__file__).resolve().parents[2]


def shots_module():
    """The script as a module, loaded once (its dataclasses look their module up in sys.modules)."""
    if "readme_shots" not in sys.modules:
        spec = importlib.util.spec_from_file_location("readme_shots", ROOT / "tools" / "readme_shots.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules["readme_shots"] = module
        spec.loader.exec_module(module)
    return sys.modules["readme_shots"]


def test_a_shot_is_written_when_its_scene_shows_what_it_names(tmp_path) -> None:
    shots = shots_module()
    failures = shots.run(["realms-board"], tmp_path, say=lambda line: None)
    assert failures == []
    picture = pygame.image.load(str(tmp_path / "realms-board.png"))
    assert picture.get_size() == (1280, 720)


def test_a_shot_whose_scene_shows_something_else_fails_loudly(tmp_path) -> None:
    shots = shots_module()
    board = next(s for s in shots.SHOTS if s.name == "realms-board")
    wrong = replace(board, name="realms-board-as-combat", check=shots.combat_with_pick)   # the board is no combat
    said: list[str] = []
    failures = shots.run(None, tmp_path, say=said.append, shots=[wrong])
    assert failures == ["realms-board-as-combat: the table shows 'board', not 'combat'"]
    assert said == ["FAILED realms-board-as-combat: the table shows 'board', not 'combat'"]
    assert not (tmp_path / "realms-board-as-combat.png").exists()


def test_every_picture_the_readme_shows_is_made_by_the_script_with_its_caption() -> None:
    listed = subprocess.run([sys.executable, str(ROOT / "tools" / "readme_shots.py"), "--list"], check=True,
                            capture_output=True, text=True).stdout
    captions = dict(line.split(": ", 1) for line in listed.splitlines())
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    linked = set(re.findall(r"\(docs/screenshots/([\w-]+)\.png\)", readme))
    images = re.findall(r"!\[([^\]]*)\]\(docs/screenshots/([\w-]+)\.png\)", readme)
    assert linked and linked <= set(captions), sorted(linked - set(captions))
    assert images and {name: alt for alt, name in images} == {name: captions[name] for _, name in images}
