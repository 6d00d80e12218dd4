"""The realms table on the kit's table scene: the board with both realms, the seats' areas, the combat
beside the board, two-step clicks for placing cards and one-click moves (selection.py), the top bar's
phases, and the kit's slides for what moved.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision, Event
from guardians.games.realms.scenes import cardface  # noqa: F401  (registers the realms card layout)
from guardians.games.realms.scenes import combat, preview, style
from guardians.games.realms.scenes.layout import Geometry, geometry
from guardians.games.realms.scenes.selection import CLICKS, hint
from guardians.games.realms.scenes.side import PHASES
from guardians.games.realms.scenes.table import build_view
from guardians.ui import theme
from guardians.ui.app import Scene
from guardians.ui.presenter import Target
from guardians.ui.table.anims import Moves
from guardians.ui.table.chrome import TopBar
from guardians.ui.table.kept import Kept
from guardians.ui.table.metrics import Metrics
from guardians.ui.table.scene import TableScene
from guardians.ui.table.text import text
from guardians.ui.table.view import Piece, View

STEPS = (("dno", "Draw and Organize"), ("movement", "Movement"), ("terrain", "Terrain"))
TARGET_WORDS = {"place": "Put here", "shield": "Shield here", "take": "Take", "move": "Move here",
                "retreat": "Retreat here"}
PRIMARY = frozenset({"place_done", "shield_pass", "pass", "react_pass", "modify_pass", "cast_pass", "sec_stop",
                     "heal_done", "reinforce_done"})

METRICS = Metrics(
    title_px=18, lead_px=15, lead_gap=14, chip_px=13, chip_inset=8, chip_pad=14, chip_pointer=True,
    note_px=13, note_gap=12, note_room=24, note_min_w=40, note_needs=None,
    button_w=76, menu_inset=6, button_px=14, undo_px=15, undo_y=48, undo_h=40, who_px=13, prompt_px=14,
    prompt_dy=20, note_line_px=12, over_px=15, list_px=13, list_head=24, list_gap=22, list_bottom=58,
    thinking_px=15, thinking_sub_px=12, log_title_px=13, log_more_px=12, log_px=12, log_top=26, log_cut=32,
    log_partial=False, zoom=(260, 364), tag_px=13, wrap_tags=True, tip_px=13, badge_px=12,
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
    THINKING_HINT = "Each computer move is shown, then the next begins. Click to skip animations."

    def __init__(self, app, session) -> None:
        self._reach_seen: object = None
        self._reaches: dict[str, preview.Reach] = {}
        self.kept = Kept()                   # the table's parts kept while what they show is unchanged
        super().__init__(app, session)

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
            note = f"Combat: {style.seat_short(c.att)} attacks {style.seat_short(c.dfn)}"     # short: a small
            # window's bar has room for it whole; the combat panel names the seats in full
        return TopBar("Guardians", lead, STEPS if seen.phase != "setup" else (), seen.phase, note)

    def derive_animations(self, old: View, new: View, events: list[Event], seen) -> None:
        MOVES.derive(self.animator, old, new)
        combat.reveal_tweens(self.animator, new, events)

    def target_label(self, target: Target) -> str:
        """A word on targets that are destinations, so the choice reads without colour."""
        if target.direct is None:
            return ""
        if self.selected is None and target.direct.kind not in ("move", "retreat"):
            return ""
        return TARGET_WORDS.get(target.direct.kind, "")

    def draw_preview(self, surface: pygame.Surface) -> None:
        """Hovering your moving Shield (or its space) before a click outlines where its options end: blue a
        walk, violet a flight only; a walk's end that stops the Shield is marked "stop" (its tooltip says why)."""
        if self.presenter.chooser is not None or self.seen is None:
            return
        piece = self.view.hover_at(self.mouse)
        if piece is None:
            return
        found = self.reach_at(piece)
        if found is None:
            return
        rects = self.view.by_key()
        size = self.geo.font(12)
        for sid, walk in found.ends.items():
            space = rects.get(f"space:{sid}")
            if space is None:
                continue
            colour = (120, 190, 255) if walk == "move" else (200, 150, 255)
            pygame.draw.rect(surface, (10, 10, 14), space.rect.inflate(2, 2), 5, border_radius=8)
            pygame.draw.rect(surface, colour, space.rect, 3, border_radius=8)
            if found.stops.get(sid):
                img = text("stop", size, (20, 20, 24), True)
                box = img.get_rect().inflate(10, 2)
                box.bottomleft = (space.rect.x + 5, space.rect.bottom - 4)      # the target word sits mid-bottom
                word = text(TARGET_WORDS["move"], size, theme.TEXT_DARK, True).get_width() + 12
                if box.right + 2 > space.rect.centerx - word // 2:           # a narrow space: above the word
                    box.bottom = space.rect.bottom - 4 - box.h - 4
                pygame.draw.rect(surface, (250, 170, 80), box, border_radius=box.h // 2)
                surface.blit(img, img.get_rect(center=box.center))

    def hover_spot(self, piece: Piece, size: tuple[int, int]) -> pygame.Rect | None:
        """While the moving Shield's reach is outlined, its card goes off the board: to the side panel when
        it fits there (two players), else over the right column (the choices, which the board's targets
        repeat), never over the prompt strip's buttons or your hand."""
        if self.reach_at(piece) is None:
            return None
        side = self.geo.side
        if size[1] + 16 <= side.h:
            spot = pygame.Rect(side.right - size[0] - 8, side.y + 8, *size)
        else:
            right = self.geo.right
            spot = pygame.Rect(right.centerx - size[0] // 2, right.y + 4, *size)
        return spot.clamp(pygame.Rect(0, 0, *self.app.size))

    def reaches_now(self) -> dict[str, preview.Reach]:
        """The reaches this decision can show (by the Shield's space), worked out once per observation."""
        if self._reach_seen is not self.seen:
            self._reach_seen = self.seen
            try:
                self._reaches = preview.reaches(self.seen, self.presented_decision(), self.session.viewer)
            except Exception:               # decoration only: a preview must never break the table
                self._reaches = {}
        return self._reaches

    def reach_now(self) -> preview.Reach | None:
        """The moving Shield's reach in a movement option (None before a Shield is turned)."""
        decision = self.presented_decision()
        if decision is None or decision.kind != "move_option":
            return None
        return next(iter(self.reaches_now().values()), None)

    def reach_at(self, piece: Piece) -> preview.Reach | None:
        """The reach of the Shield under the pointer (its chip or its space), if this decision shows one."""
        if self.seen is None:
            return None
        for found in self.reaches_now().values():
            if piece.key in (preview.shield_key(self.seen, found), f"space:{found.start}"):
                return found
        return None

    def choice_hint(self, decision: Decision) -> str:
        return hint(decision, self.selected)

    def click_on_nothing(self, pos: tuple[int, int]) -> bool:
        if self.selected and self.presenter.target_at(pos) is None and \
                not self.presenter.list.rect.collidepoint(pos) and self.geo.centre.collidepoint(pos):
            self._select(None)
            return True
        return False
