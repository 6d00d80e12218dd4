"""Realms scene tests: the shell's UI helpers (tests/ui/ui_helpers.py)."""

import sys
from pathlib import Path

HERE = Path(__file__).parent
sys.path.insert(0, str(HERE.parent / "ui"))
