"""The rules of The Guardians: Explore (no pygame here)."""

from guardians.games.explore.rules.state import ExploreState

__all__ = ["ExploreState"]
