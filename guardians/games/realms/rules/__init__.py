"""The rules of Guardians: the Mid Realms (no pygame here)."""

from guardians.games.realms.rules.state import RealmsState

__all__ = ["RealmsState"]
