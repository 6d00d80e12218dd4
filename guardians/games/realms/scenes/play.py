"""The realms table on the kit's table scene: the board with both realms, the seats' areas, the combat
beside the board, two-step clicks for placing cards and one-click moves (selection.py), the top bar's
phases, and the kit's slides for what moved.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision, Event
from guardians.games.realms.scenes import cardface  # noqa: F401  (registers the realms card layout)
from guardians.games.realms.scenes.layout import Geometry, geometry
from guardians.games.realms.scenes.selection import CLICKS, hint
from guardians.games.realms.scenes.side import PHASES
from guardians.games.realms.scenes.table import build_view
from guardians.ui.app import Scene
from guardians.ui.presenter import Target
from guardians.ui.table.anims import Moves
from guardians.ui.table.chrome import TopBar
from guardians.ui.table.metrics import Metrics
from guardians.ui.table.scene import TableScene
from guardians.ui.table.view import View

STEPS = (("dno", "Draw and Organize"), ("movement", "Movement"), ("terrain", "Terrain"))
TARGET_WORDS = {"place": "Put here", "shield": "Shield here", "take": "Take", "move": "Move here",
                "retreat": "Retreat here"}
PRIMARY = frozenset({"place_done", "shield_pass", "pass", "react_pass", "modify_pass", "cast_pass", "sec_stop",
                     "heal_done", "reinforce_done"})

METRICS = Metrics(
    fixed=True, title_px=18, lead_px=15, lead_gap=14, chip_px=13, chip_inset=8, chip_pad=14, chip_pointer=True,
    note_px=13, note_gap=12, note_room=24, note_min_w=40, note_needs=None,
    button_w=76, menu_inset=6, button_px=14, undo_px=15, undo_y=48, undo_h=40, who_px=13, prompt_px=14,
    prompt_dy=20, note_line_px=12, over_px=15, list_px=13, list_head=24, list_gap=22, list_bottom=58,
    thinking_px=15, thinking_sub_px=12, log_title_px=13, log_more_px=12, log_px=12, log_top=26, log_cut=32,
    log_partial=False, zoom=(260, 364), tag_px=13, wrap_tags=True, tip_px=13, badge_px=12, badge_scaled=False,
    badge_at="topright", float_px=20, float_rise=28, show_px=14,
    strip_title_px=15, strip_title_min=12, strip_hint_px=13, strip_hint_min=12, strip_button_px=14, strip_inset=4,
    strip_right=6, strip_text_x=10, strip_button_max=240,
)
MOVES = Moves(slide=0.3, arrive=0.3, stagger=0.05, still_groups=("button",))


class RealmsPlayScene(TableScene):
    """The dedicated realms table."""

    metrics = METRICS
    clicks = CLICKS
    SELECTED_NOTE = "What the selected card can do:"
    PRIMARY_KINDS = PRIMARY

    def geometry(self, size: tuple[int, int]) -> Geometry:
        return geometry(size, self.session.state.n)

    def build(self, seen, geo: Geometry, shown: Decision | None, title: str, hint: str) -> View:
        return build_view(self, seen, geo, self.session.viewer, self.session.humans, shown, title, hint,
                          self.selected)

    def table_area(self) -> pygame.Rect:
        return self.geo.board

    def end_scene(self) -> Scene:
        from guardians.games.realms.scenes.end import RealmsEndScene
        return RealmsEndScene(self.app, self)

    def top_bar(self, seen) -> TopBar:
        lead = f"Round {seen.round} · {PHASES.get(seen.phase, seen.phase)}"
        note = ""
        if seen.combat is not None:
            c = seen.combat
            note = f"Combat: {seen.seat_name(c.att)} attacks {seen.seat_name(c.dfn)}"
        return TopBar("Guardians", lead, STEPS if seen.phase != "setup" else (), seen.phase, note)

    def derive_animations(self, old: View, new: View, events: list[Event], seen) -> None:
        MOVES.derive(self.animator, old, new)

    def target_label(self, target: Target) -> str:
        """A word on targets that are destinations, so the choice reads without colour."""
        if target.direct is None:
            return ""
        if self.selected is None and target.direct.kind not in ("move", "retreat"):
            return ""
        return TARGET_WORDS.get(target.direct.kind, "")

    def waiting_title(self, seat: int) -> str:
        if self.session.thinking is not None:
            return f"{self.state.seat_name(seat)} (computer) is thinking…"
        return ""

    def hint_line(self, decision: Decision | None) -> str:
        if decision is None:
            if self.session.thinking is not None:
                return "Each computer move is shown, then the next begins. Click to skip animations."
            return ""
        return hint(self.presented_decision() or decision, self.selected)

    def click_on_nothing(self, pos: tuple[int, int]) -> bool:
        if self.selected and self.presenter.target_at(pos) is None and \
                not self.presenter.list.rect.collidepoint(pos) and self.geo.centre.collidepoint(pos):
            self._select(None)
            return True
        return False
