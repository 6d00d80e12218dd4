"""The game-agnostic kernel: no pygame here, ever (a test checks)."""

from guardians.engine.actions import Action, Decision, Event, IllegalAction, Result
from guardians.engine.rng import Rng
from guardians.engine.state import GameConfig, GameState

__all__ = ["Action", "Decision", "Event", "GameConfig", "GameState", "IllegalAction", "Result", "Rng"]
