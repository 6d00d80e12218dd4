"""What hovering your moving Shield shows before a click, as data (drawn by play.py): the spaces its move
options reach, read from the current decision's options (before a Shield is turned, from the rules'
`reach_if_turned` on the observation), and why a walk into a space stops it (the rules'
`stop_reason` on the observation: who has a stack there, the space's kind, its Terrain's owner, all on the board).
No drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass

from guardians.engine.actions import Action, Decision

MOVE_KINDS = frozenset({"move", "move_extra"})        # walks: the stops apply (R47)
PATH_KINDS = MOVE_KINDS | {"fly"}                     # a flight ignores them after one space (R50)


@dataclass(frozen=True)
class Reach:
    """A Shield's movement option: where it stands, the spaces its options end on (space -> walk or fly) and,
    for a walk's end, why entering it stops the Shield ("" when it does not)."""

    seat: int
    start: str
    ends: dict[str, str]
    stops: dict[str, str]


def path_of(action: Action) -> tuple[str, ...]:
    """The spaces a move or a flight goes through, its start first; () for any other option."""
    return tuple(str(action.args[0]).split(">")) if action.kind in PATH_KINDS and action.args else ()


def reach(seen, decision: Decision | None, viewer: int | None) -> Reach | None:
    """The moving Shield's reach in the viewer's own movement option, or None in any other decision."""
    if seen is None or decision is None or decision.kind != "move_option" or decision.seat != viewer:
        return None
    paths = [(a.kind, path_of(a)) for a in decision.options if a.kind in PATH_KINDS]
    return _reach_of(seen, decision.seat, paths)


def reaches(seen, decision: Decision | None, viewer: int | None) -> dict[str, Reach]:
    """Every reach the viewer's decision can show, by the Shield's space: in a movement option the moving
    Shield's; before turning a Shield, each turnable Shield's, as the rules will offer it once turned
    (`reach_if_turned`, read on the observation), so a player sees where a Shield can go before choosing it."""
    if seen is None or decision is None or decision.seat != viewer:
        return {}
    if decision.kind == "move_option":
        found = reach(seen, decision, viewer)
        return {found.start: found} if found is not None else {}
    if decision.kind != "turn_shield":
        return {}
    out: dict[str, Reach] = {}
    for action in decision.options:
        if action.kind == "turn" and action.args:
            sid = str(action.args[0])
            paths = [(kind, tuple(path)) for kind, path in seen.reach_if_turned(decision.seat, sid)]
            found = _reach_of(seen, decision.seat, paths)
            if found is not None:
                out[sid] = found
    return out


def _reach_of(seen, seat: int, paths: list[tuple[str, tuple[str, ...]]]) -> Reach | None:
    """A Reach from (kind, path) pairs that all start on the same space; None when none leaves it."""
    paths = [(k, p) for k, p in paths if len(p) >= 2]
    if not paths:
        return None
    start = paths[0][1][0]
    ends: dict[str, str] = {}
    for kind, path in paths:
        walk = "fly" if kind == "fly" else "move"
        if ends.get(path[-1]) != "move":        # a walk there says more than a flight
            ends[path[-1]] = walk
    stops = {sid: seen.stop_reason(seat, sid) for sid, walk in ends.items() if walk == "move"}
    return Reach(seat, start, ends, stops)


def shield_key(seen, found: Reach) -> str | None:
    """The key of the moving Shield's piece on the board."""
    stack = seen.spaces[found.start].stacks.get(found.seat)
    return f"shield:{stack.shield}" if stack is not None and stack.shield is not None else None


def end_words(found: Reach, sid: str) -> str:
    """A destination's line in its tooltip: how the Shield gets there and whether it must stop."""
    if found.ends.get(sid) == "fly":
        return "Your Shield can fly here."
    reason = found.stops.get(sid, "")
    return f"Your Shield can move here; it must stop: {reason}." if reason else "Your Shield can move here."
