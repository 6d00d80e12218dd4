"""The rules of Guardians, the hero tactics card game (no pygame here)."""

from guardians.games.heroes.rules.state import HeroesState

__all__ = ["HeroesState"]
