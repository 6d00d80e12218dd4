"""The heroes `build_view`: from what the seat may see (`state.view(viewer)`, the rules' masked copy)
to the table's pieces for one moment: which screen (faction, draft or the row), the two factions'
areas, the prompt strip and the buttons for the current choice.
"""

from __future__ import annotations

from guardians.engine.actions import Decision
from guardians.games.heroes.scenes import bars, board, draft, prompt, setup
from guardians.games.heroes.scenes.layout import Geometry
from guardians.ui.table.view import View


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


def build_view(scene, seen, geo: Geometry, viewer: int | None, humans: tuple[int, ...], shown: Decision | None,
               title: str, hint: str, selected: str | None) -> View:
    """`seen` is `state.view(viewer)`: hidden cards are "?" in it, so nothing secret can be drawn."""
    view = View(viewer=viewer, mode=mode_of(seen))
    drawn: set[str] = set()
    if view.mode == "faction":
        drawn |= setup.build_faction(seen, geo, view, shown)
        buttons = prompt.option_buttons(shown, drawn)
        if buttons:
            prompt.build_box(geo, view, shown.prompt if shown else "", buttons)
        return view
    if view.mode == "draft":
        draft.build_draft(seen, geo, view)
        buttons = prompt.option_buttons(shown, drawn)
        if buttons:
            prompt.build_box(geo, view, shown.prompt if shown else "", buttons)
        return view
    team = bottom_team(seen, viewer, humans)
    bars.build_enemy(seen, geo, 1 - team, viewer, view)
    board.build_row(seen, geo, team, view)
    bars.build_own(seen, geo, team, viewer, view)
    if shown is not None and shown.kind == "mulligan":
        drawn |= setup.build_mulligan(seen, geo, view, shown, shown.seat)
    buttons = prompt.option_buttons(shown, drawn)
    boxed = prompt.wants_box(shown, buttons)
    alert = shown is not None and shown.kind == "reaction"
    locations_left = len(seen.loc_deck) if seen.row else None
    prompt.build_strip(scene, geo, view, title, hint, [] if boxed else buttons, selected is not None, alert,
                       locations_left)
    if boxed and shown is not None:
        prompt.build_box(geo, view, shown.prompt, buttons, *prompt.context_of(seen, viewer))
    return view
