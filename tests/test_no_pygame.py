"""Rules, engine, AI and the simulator never import pygame (DESIGN.md, "Import direction only").

Checked in a fresh interpreter, because this test process may already have pygame loaded by UI tests.
"""

from __future__ import annotations

import json
import pkgutil
import subprocess
import sys
from pathlib import Path

import guardians.games

ROOT = Path(__file__).resolve().parents[1]

PROBE = r"""
import importlib, importlib.util, json, pkgutil, sys
import guardians.games

checked = []
for name in ["guardians.engine", "guardians.engine.saves", "guardians.engine.content", "guardians.engine.registry",
             "guardians.ai", "guardians.sim", "guardians.balance", "guardians.cli"]:
    importlib.import_module(name)
    checked.append(name)
for info in pkgutil.iter_modules(guardians.games.__path__):
    if not info.ispkg:
        continue
    package = f"guardians.games.{info.name}"
    importlib.import_module(package)        # the registry imports this for every headless game
    checked.append(package)
    for part in ("rules", "cards", "ai"):
        name = f"{package}.{part}"
        if importlib.util.find_spec(name) is not None:
            module = importlib.import_module(name)
            checked.append(name)
            for sub in pkgutil.walk_packages(getattr(module, "__path__", []), prefix=name + "."):
                importlib.import_module(sub.name)   # every module of a rules/ package, not just its __init__
                checked.append(sub.name)
print(json.dumps({"checked": checked, "pygame": sorted(m for m in sys.modules if m.split(".")[0] in ("pygame", "pygame_gui"))}))
"""


def _game_packages() -> list[str]:
    return [f"guardians.games.{m.name}" for m in pkgutil.iter_modules(guardians.games.__path__) if m.ispkg]


def test_headless_modules_do_not_import_pygame() -> None:
    done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    report = json.loads(done.stdout.strip().splitlines()[-1])
    assert report["pygame"] == [], f"pygame imported by headless modules: {report['pygame']}"
    for name in ("guardians.engine", "guardians.ai", "guardians.sim", "guardians.cli"):
        assert name in report["checked"]
    for package in _game_packages():   # every game package present was really imported, none skipped
        assert package in report["checked"], f"{package} was not checked"
        rules = ROOT / Path(*package.split(".")) / "rules"
        if rules.with_suffix(".py").exists() or (rules / "__init__.py").exists():
            assert f"{package}.rules" in report["checked"]
