"""The rules of Guardians' Chronicles (no pygame): the board geometry (`board.py`), the step vocabulary
(`effects.py`) and the game state on the flow kernel (`state.py`). `ChroniclesState` is imported on first use
so that the content loader can import the board without the state."""

from __future__ import annotations

from typing import Any


def __getattr__(name: str) -> Any:
    if name == "ChroniclesState":
        from guardians.games.chronicles.rules.state import ChroniclesState
        return ChroniclesState
    raise AttributeError(name)
