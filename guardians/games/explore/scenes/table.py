"""The explore `build_view`: from what the seat may see (`ctx.vs`, i.e. `state.view(viewer)`) to the
view of the whole table for one moment: which screen (the Apprentice decks, the draft,
the final choice or the town), the town, the board, the mats, the prompt strip and the tray.
"""

from __future__ import annotations

from guardians.games.explore.scenes import board, mats, prompt, town, warmup
from guardians.games.explore.scenes.facts import Ctx
from guardians.games.explore.scenes.layout import Geometry, full_height, with_own_height
from guardians.ui.table import prompt as strip
from guardians.ui.table.view import View


def mode_of(vs) -> str:
    if vs.phase == "colour":
        return "colour"
    if vs.phase == "draft":
        return "draft"
    if vs.phase == "final":
        return "final"
    return "town"


def build_view(scene, ctx: Ctx, geo: Geometry, title: str, hint: str, log: list) -> View:
    vs = ctx.vs
    view = View(viewer=ctx.viewer, mode=mode_of(vs))
    shown = ctx.shown
    if view.mode == "colour":
        geo = full_height(geo)
        warmup.build_colours(ctx, geo, view, shown)
    elif view.mode in ("draft", "final"):
        geo = with_own_height(geo, geo.px(200))
        (warmup.build_draft if view.mode == "draft" else warmup.build_final)(ctx, geo, view)
    else:
        town.build_town(ctx, geo, view)
        board.build_board(ctx, geo, view)
        mats.build_own(ctx, geo, view)
    drawn = set(view.rects())
    tray = prompt.tray_refs(shown, drawn) if not ctx.inspecting else []
    buttons = prompt.option_buttons(shown, drawn)
    if tray and shown is not None:
        context = prompt.context_line(ctx, log)
        rects = view.rects()
        for _ in range(len(shown.options)):     # a wider tray may cover more: until nothing new is covered
            more = prompt.covered_refs(shown, rects, prompt.tray_box(geo, len(tray), bool(buttons), context), tray)
            if not more:
                break
            tray += more
        prompt.build_tray(ctx, geo, view, shown, tray, buttons, context)
        buttons = []
    if ctx.inspecting:
        back = "Back to your cards" if ctx.viewer is not None else "Back"
        hint = f"Looking at {ctx.seat_label(ctx.focus)}'s mat and cards (Esc or {back} returns)."
        buttons = buttons + [("ui:back", back, "back")]
    strip.build_strip(scene, view, geo.strip, title, hint, buttons, ctx.selected is not None, prompt.alert_of(ctx, shown),
                      group="button")
    return view
