"""Assembles the view of the whole table for one moment: which screen (faction, draft or the row),
the two factions' areas, the prompt strip and the buttons for the current choice.
"""

from __future__ import annotations

from guardians.engine.actions import Decision
from guardians.games.heroes.scenes import bars, board, draft, prompt, setup
from guardians.games.heroes.scenes.layout import Geometry
from guardians.games.heroes.scenes.view import View


def bottom_team(state, viewer: int | None, humans: tuple[int, ...]) -> int:
    """The faction drawn below the row: the viewer's, else the first human's, else the first team."""
    if viewer is not None:
        return state.team_of(viewer)
    return state.team_of(humans[0]) if humans else 0


def mode_of(state) -> str:
    if state.phase == "faction":
        return "faction"
    if state.phase == "draft" and not state.row and (state.pool or state.heroes):
        return "draft"
    return "board"


def build_view(state, geo: Geometry, viewer: int | None, humans: tuple[int, ...], shown: Decision | None,
               title: str, hint: str, selected: str | None) -> View:
    view = View(viewer=viewer, mode=mode_of(state))
    drawn: set[str] = set()
    if view.mode == "faction":
        drawn |= setup.build_faction(state, geo, view, shown)
        buttons = prompt.option_pieces(shown, drawn)
        if buttons:
            prompt.build_box(geo, view, shown.prompt if shown else "", buttons)
        return view
    if view.mode == "draft":
        draft.build_draft(state, geo, view)
        buttons = prompt.option_pieces(shown, drawn)
        if buttons:
            prompt.build_box(geo, view, shown.prompt if shown else "", buttons)
        return view
    team = bottom_team(state, viewer, humans)
    bars.build_enemy(state, geo, 1 - team, viewer, view)
    board.build_row(state, geo, team, view)
    bars.build_own(state, geo, team, viewer, view)
    if shown is not None and shown.kind == "mulligan":
        drawn |= setup.build_mulligan(state, geo, view, shown, shown.seat)
    buttons = prompt.option_pieces(shown, drawn)
    boxed = prompt.wants_box(shown, buttons)
    alert = shown is not None and shown.kind == "reaction"
    locations_left = len(state.loc_deck) if state.row else None
    prompt.build_strip(geo, view, title, hint, [] if boxed else buttons, selected is not None, alert, locations_left)
    if boxed and shown is not None:
        prompt.build_box(geo, view, shown.prompt, buttons, *prompt.context_of(state))
    return view
