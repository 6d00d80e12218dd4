"""What hovering a figure shows before a click, as data (drawn by play.py): where the figure can move this action
and, while a figure acts, whether the hovered enemy is in its line of sight and why not.

Read from the decision's options when they say it (the acting hero's moves, a villain figure's moves) and else
from the rules' helpers run on the observation (`seen = state.view(viewer)`), never on the full state: a preview
shows nothing a player could not work out from the table. No drawing here.
"""

from __future__ import annotations

from dataclasses import dataclass

from guardians.engine.actions import Decision
from guardians.games.chronicles.rules.board import NEUTRAL, Sight, sight
from guardians.games.chronicles.rules.geometry import Cell

HERO_MOVES = frozenset({"move", "reposition"})
HERO_TURN = frozenset({"move", "reposition", "attack", "end"})       # the kinds of a hero's activation
VILLAIN_TURN = frozenset({"fig_move", "fig_attack", "fig_open"})


@dataclass(frozen=True)
class Preview:
    """The hovered figure's reachable spaces (`listed`: read from the options, so one click away) and, when a
    figure acts and the hovered one is its enemy, the line between them and what the rules say of it."""

    fid: str
    moves: tuple[Cell, ...] = ()
    listed: bool = False
    actor: str | None = None
    sight: Sight | None = None


def fig_of(ref: str | None) -> str | None:
    return ref[4:] if ref is not None and ref.startswith("fig:") else None


def acting_turn(decision: Decision | None) -> bool:
    """A hero's or the villain's activation: the only decisions a move preview is about."""
    if decision is None or decision.kind != "main":
        return False
    kinds = {a.kind for a in decision.options}
    return bool(kinds & VILLAIN_TURN) or bool(kinds & HERO_TURN - {"end"})


def actor_of(seen, decision: Decision | None, selected: str | None) -> str | None:
    """The figure acting now: the acting hero's figure, or the villain figure picked (or the only one)."""
    if not acting_turn(decision):
        return None
    picked = fig_of(selected)
    if picked is not None:
        return picked
    assert decision is not None
    if any(a.kind in VILLAIN_TURN for a in decision.options):
        return None
    hero = seen.heroes.get(decision.seat)
    fid = getattr(hero, "hero", None)
    fig = seen.figures.get(fid) if fid else None
    return fid if fig is not None and fig.cell is not None else None


def listed_moves(decision: Decision, fid: str, actor: str | None) -> tuple[Cell, ...]:
    """The spaces the options move `fid` to (a hero's Move and Reposition, a villain figure's move)."""
    cells: list[Cell] = []
    for a in decision.options:
        if a.kind == "fig_move" and len(a.args) == 3 and a.args[0] == fid:
            cells.append((int(a.args[1]), int(a.args[2])))
        elif a.kind in HERO_MOVES and fid == actor and len(a.args) == 2 and a.args[0] is not None:
            cells.append((int(a.args[0]), int(a.args[1])))
    return tuple(dict.fromkeys(cells))


def rules_moves(seen, fid: str) -> tuple[Cell, ...]:
    """Where `fid` could go with a Move or a Reposition (L372-L414), by the rules' helpers on the observation."""
    fig = seen.figures.get(fid)
    if fig is None or fig.cell is None or fig.side == NEUTRAL:
        return ()
    return tuple(dict.fromkeys(list(seen.move_cells(fid)) + list(seen.reposition_cells(fid))))


def line_of_sight(seen, actor: str, target: str) -> Sight | None:
    """The actor's line of sight to an enemy figure (L424, L430), or None when `target` is no enemy of it."""
    a, b = seen.figures.get(actor), seen.figures.get(target)
    if a is None or b is None or a.cell is None or b.cell is None or actor == target:
        return None
    if b.side in (a.side, NEUTRAL):
        return None
    return sight(seen.base, a.cell, b.cell, seen.doors, seen.occupants(), a.side)


def preview(seen, decision: Decision | None, selected: str | None, hovered: str | None) -> Preview | None:
    """What hovering `hovered` (a piece's ref) shows, or None outside an activation or off a figure."""
    fid = fig_of(hovered)
    if seen is None or decision is None or fid is None or not acting_turn(decision):
        return None
    fig = seen.figures.get(fid)
    if fig is None or fig.cell is None or fig.side == NEUTRAL:
        return None
    actor = actor_of(seen, decision, selected)
    listed = listed_moves(decision, fid, actor)
    moves, from_options = (listed, True) if listed else (rules_moves(seen, fid), False)
    seen_line = line_of_sight(seen, actor, fid) if actor is not None else None
    return Preview(fid, moves, from_options, actor if seen_line is not None else None, seen_line)


def sight_words(seen, found: Sight) -> str:
    """The words beside a blocked line: the reason, naming the door or the figure in the way."""
    if found.clear:
        return "In line of sight"
    words = found.reason
    if found.door is not None:
        name = seen.door_name(found.door)          # "door between ..." or "airlock between ..."
        words = words.replace("closed door", f"closed {name}").replace("closed airlock", f"closed {name}")
    if found.cell is not None:
        fig = next((f for f in seen.figures.values() if f.cell == found.cell), None)
        if fig is not None:
            words = f"{seen.fig_name(fig.id)} is in the way"
    return f"No line of sight: {words}"
