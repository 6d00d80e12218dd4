"""A space in words, for option labels and the log: its area's name and where in the area it lies ("Rock Shelf,
north-west"), never its coordinates. Unique on a base: an area's spaces are told apart by their row (north, middle,
south, or counted from the north) and their place in the row (west, middle, east, or counted from the west); an
area name two rooms share is followed by its room's. A door or airlock likewise: by the areas it joins ("door between
Rock Shelf and Crusher Hall"), by the spaces in front of it when two of a kind join the same areas."""

from __future__ import annotations

from typing import Callable
from weakref import WeakKeyDictionary

from guardians.games.chronicles.rules.geometry import Cell

ORDINALS = ("1st", "2nd", "3rd", "4th", "5th", "6th", "7th", "8th", "9th", "10th")


def _across(index: int, count: int, ends: tuple[str, str], what: str = "") -> str:
    """Where the `index`-th of `count` things in a line lies: "" for one, the two ends for two, the ends and the
    middle for three, else counted from the first end ("2nd row from north", "4th from west")."""
    if count <= 1:
        return ""
    if count == 2 or (count == 3 and index != 1):
        return ends[0] if index == 0 else ends[1]
    if count == 3:
        return "middle"
    return f"{ORDINALS[min(index, len(ORDINALS) - 1)]}{what} from {ends[0]}"


def _where(row: str, col: str) -> str:
    """A row's and a column's words together: "north-west", "middle row, east", "2nd row from north, west"."""
    if row in ("north", "south") and col in ("west", "east"):
        return f"{row}-{col}"
    if row and col:
        return f"{row if 'row' in row else row + ' row'}, {col}"
    return row or col


_CACHE: "WeakKeyDictionary[object, dict[Cell, str]]" = WeakKeyDictionary()


def spaces_in_words(base, face_name: Callable[[str], str]) -> dict[Cell, str]:
    """Every space of `base` in words, by cell (made once per base and kept: it never changes)."""
    found = _CACHE.get(base)
    if found is None:
        found = _CACHE[base] = _all_words(base, face_name)
    return found


def _titles(base, face_name: Callable[[str], str]) -> dict[str, str]:
    """Each area's name, followed by its room's when two areas share it."""
    names = [a.name for a in base.areas.values()]
    return {a.id: a.name if names.count(a.name) == 1 else f"{a.name} ({face_name(a.face)})"
            for a in base.areas.values()}


def _all_words(base, face_name: Callable[[str], str]) -> dict[Cell, str]:
    titles = _titles(base, face_name)
    out: dict[Cell, str] = {}
    for area in base.areas.values():
        title = titles[area.id]
        ys = sorted({y for _, y in area.spaces})
        for x, y in area.spaces:
            row = sorted(cx for cx, cy in area.spaces if cy == y)
            where = _where(_across(ys.index(y), len(ys), ("north", "south"), " row"),
                           _across(row.index(x), len(row), ("west", "east")))
            out[(x, y)] = f"{title}, {where}" if where else title
    return out


def space_words(base, cell: Cell, face_name: Callable[[str], str]) -> str:
    """`cell` in words (see the module): its area, then its place in the area when the area has more than one."""
    return spaces_in_words(base, face_name).get(tuple(cell), "off the board")


def words_at(prefix: str, words: dict[Cell, str], cell: Cell) -> str:
    """`prefix` followed by `cell` in words from `spaces_in_words`: an option's lazy label ("Move to " and the
    space), made only when somebody reads it."""
    return prefix + words.get(tuple(cell), "off the board")


_DOORS: "WeakKeyDictionary[object, dict[str, str]]" = WeakKeyDictionary()


def door_words(base, door_id: str, face_name: Callable[[str], str]) -> str:
    """A door or airlock in words, without an article: "door between Rock Shelf and Crusher Hall" (see the module)."""
    found = _DOORS.get(base)
    if found is None:
        found = _DOORS[base] = _all_door_words(base, face_name)
    return found.get(door_id, f"door {door_id}")


def _all_door_words(base, face_name: Callable[[str], str]) -> dict[str, str]:
    titles = _titles(base, face_name)
    joins = {d.id: (d.kind, tuple(sorted(titles[base.area_of[c]] for c in d.cells))) for d in base.doors}
    out = {}
    for door in base.doors:
        kind, areas = joins[door.id]
        if list(joins.values()).count(joins[door.id]) > 1 or areas[0] == areas[1]:
            spaces = sorted(space_words(base, c, face_name) for c in door.cells)
            out[door.id] = f"{kind} between {spaces[0]} and {spaces[1]}"
        else:
            out[door.id] = f"{kind} between {areas[0]} and {areas[1]}"
    return out
