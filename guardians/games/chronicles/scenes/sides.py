"""What the two sides are called, read from the loaded box (never written into the scenes): the villain is the
box's boss (`villains.yaml`, role boss), the heroes the team the paper names (`newspaper.yaml`, `team`). No pygame:
the newspaper uses it too.
"""

from __future__ import annotations

from typing import Any


def villain_name(box: Any) -> str:
    """The boss's full name ("Doktor Skarov")."""
    boss = next((v for v in box.villains.values() if v.role == "boss"), None)
    return boss.name if boss is not None else "The villain"


def villain_short(box: Any) -> str:
    """The boss as the table says it in a tight spot: the last word of the name ("Skarov")."""
    return villain_name(box).split()[-1]


def team_name(box: Any) -> str:
    """The heroes together, as the box names them ("The Liberty Patrol")."""
    return box.newspaper.team if box.newspaper is not None else "The heroes"


def team_heading(box: Any) -> str:
    """The team's name as a heading, without a leading article ("Liberty Patrol")."""
    name = team_name(box)
    return name[4:] if name.lower().startswith("the ") else name


def team_short(box: Any) -> str:
    """The team in a tight spot: the last word of its name ("Patrol")."""
    return team_name(box).split()[-1]
