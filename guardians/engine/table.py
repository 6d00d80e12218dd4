"""A game-agnostic description of what is on the table, for the generic play scene and the log.

Each game's state lists panels (a location, a player's hand, a score area) of items. An item names
the entity it shows (`ref`, the same ids actions carry in `Action.refs`) so the presenter can make
it clickable, and may carry a card face for rendering and hover zoom. Dedicated per-game scenes may
draw the table their own way; this is the common floor every game has from day one.
"""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass(frozen=True, slots=True)
class CardFace:
    """What a card shows: rendered once per distinct face and cached by the UI."""

    title: str
    kind: str                      # "Action", "Reaction", "Hero", "Location", ...
    text: str = ""
    stats: tuple[tuple[str, str], ...] = ()   # ("ATK", "3"), ("LIFE", "8"), ("PTS", "2")
    colour: str = "neutral"        # a theme key: a faction, a card type, a family
    footer: str = ""               # the hero a card belongs to, a set name
    emblem: tuple[str, ...] = ()   # (game, group, id) of the picture drawn on it (`guardians.ui.art`)


@dataclass(frozen=True, slots=True)
class Item:
    ref: str | None
    text: str
    face: CardFace | None = None
    tags: tuple[str, ...] = ()     # e.g. "exhausted", "shield", "face-down": drawn as badges, never colour alone


@dataclass(frozen=True, slots=True)
class Panel:
    title: str
    items: tuple[Item, ...] = ()
    group: str = "table"           # "table", "hand", "status": where the generic scene lays it out
    owner: int | None = None       # the seat it belongs to, if any
    extra: tuple[str, ...] = field(default=())   # lines of status text (score, counters)
