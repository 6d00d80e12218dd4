"""The heroes table: faction choice, draft, placement, mulligan and every turn, on the kit's table scene.

The kit (`guardians.ui.table`) does the session, the cached picture, selection, the prompt strip, hover
and animation; this adds the heroes layout (layout.py), the pieces drawn from what the seat may see
(table.py's `build_view`), two-step clicks for attacks, moves and placements (selection.py), the top
bar's phases, "power cards" links, and the heroes' own animations (anims.py).
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision, Event
from guardians.games.heroes.scenes import anims, pieces, style
from guardians.games.heroes.scenes.board import points_line
from guardians.games.heroes.scenes.draft import VIEW
from guardians.games.heroes.scenes.layout import Geometry, geometry
from guardians.games.heroes.scenes.prompt import PRIMARY_KINDS
from guardians.games.heroes.scenes.selection import CLICKS, hint
from guardians.games.heroes.scenes.table import build_view
from guardians.ui.app import Scene
from guardians.ui.presenter import Target
from guardians.ui.table.chrome import TopBar
from guardians.ui.table.metrics import Metrics
from guardians.ui.table.overlay import zoom_size
from guardians.ui.table.scene import TableScene
from guardians.ui.table.view import Piece, View
from guardians.engine.words import counted

SETUP_PHASES = ("faction", "draft", "locations", "place", "mulligan")
SETUP_STEPS = (("faction", "Faction"), ("draft", "Draft"), ("place", "Placement"), ("mulligan", "Mulligan"))
TURN_STEPS = (("control", "Control"), ("ready", "Ready"), ("action", "Action"), ("score", "Score"), ("draw", "Draw"))
PHASE_ALIASES = {"returning": "ready", "discard": "draw", "locations": "place"}
TARGET_WORDS = {"attack": "Attack", "move": "Move here", "place": "Place here"}

METRICS = Metrics(
    title_px=19, lead_px=15, lead_gap=14, chip_px=13, chip_inset=9, chip_pad=16, chip_pointer=True,
    note_px=14, note_gap=14, note_room=24, note_min_w=40, note_needs=None,
    button_w=78, menu_inset=6, button_px=15, undo_px=16, undo_y=50, undo_h=42, who_px=14, prompt_px=15, prompt_dy=22,
    note_line_px=12, over_px=16, list_px=14, list_head=26, list_gap=24, list_bottom=60, thinking_px=16,
    thinking_sub_px=13, log_title_px=14, log_more_px=12, log_px=13, log_top=28, log_cut=34, log_partial=False,
    zoom=(260, 364), tag_px=14, wrap_tags=True, tip_px=14, badge_px=11, badge_scaled=False, badge_at="topright",
    float_px=22, float_rise=30, show_px=15,
    strip_title_px=15, strip_title_min=10, strip_hint_px=12, strip_hint_min=9, strip_button_px=14, strip_inset=4,
    strip_right=6, strip_text_x=8, strip_button_max=260,
)


def phase_steps(state) -> tuple[tuple[str, str], ...]:
    """The steps shown in the top bar: setup's, or the five phases of a turn."""
    if state.phase in SETUP_PHASES:
        return tuple(s for s in SETUP_STEPS if not (s[0] == "draft" and state.first_game))
    return TURN_STEPS


class HeroesPlayScene(TableScene):
    """The dedicated heroes table."""

    metrics = METRICS
    clicks = CLICKS
    SELECTED_NOTE = "What the selected hero can do:"
    PRIMARY_KINDS = PRIMARY_KINDS
    THINKING_HINT = "Watch the table: each computer move is shown, then the next begins. Click to skip animations."

    # ----- the kit's hooks ---------------------------------------------------------------------

    def geometry(self, size: tuple[int, int]) -> Geometry:
        return geometry(size, self.session.state.n)

    def build(self, seen, geo: Geometry, shown: Decision | None, title: str, hint: str) -> View:
        return build_view(self, seen, geo, self.session.viewer, self.session.humans, shown, title, hint, self.selected)

    def table_area(self) -> pygame.Rect:
        return self.geo.board

    def end_scene(self) -> Scene:
        from guardians.games.heroes.scenes.end import HeroesEndScene
        return HeroesEndScene(self.app, self)

    def top_bar(self, seen) -> TopBar:
        if seen.phase in SETUP_PHASES:
            lead = "Setup" + (" · First Game" if seen.first_game else "")
        else:
            lead = f"Turn {seen.turn_no + 1} · {style.faction_title(seen.faction[seen.active])}"
        note = ""
        if seen.phase == "action":
            left = seen.seats[seen.actor].actions
            note = f"{seen.seat_name(seen.actor)}: {counted(left, 'action')} left"
        return TopBar("Guardians", lead, phase_steps(seen), PHASE_ALIASES.get(seen.phase, seen.phase), note, style.TOKEN)

    def derive_animations(self, old: View, new: View, events: list[Event], seen) -> None:
        anims.derive_moves(self.animator, old, new)
        anims.derive_events(self.animator, old, new, events, seen, self.geo.board, zoom_size(self))

    def target_label(self, target: Target) -> str:
        """A word on second-step targets, so the choice is readable without colour."""
        if self.selected is None or target.direct is None:
            return ""
        return TARGET_WORDS.get(target.direct.kind, "")

    def target_label_box(self, target: Target, size: tuple[int, int]) -> pygame.Rect:
        """A location's word at the right of its points line (its bottom says where the token stands), a hero's
        at the foot of its portrait (above its attack and health, under its damage and conditions): no word of the piece is covered."""
        box = pygame.Rect(0, 0, size[0] + 8, size[1] + 2)
        rect = target.rect
        if target.ref and target.ref.startswith("loc:"):
            line = points_line(rect, self.geo.font(14))
            box.bottomright = (line.right, line.bottom)     # its top in the gap under the title band
        elif target.ref and target.ref.startswith("hero:"):
            box.w = min(box.w, rect.w)
            box.midbottom = (rect.centerx, rect.bottom - pieces.stat_band_height(rect.size) - 1)
        else:
            return super().target_label_box(target, size)
        return box

    def choice_hint(self, decision: Decision) -> str:
        name = ""
        if self.selected and self.selected.startswith("hero:"):
            name = self.state.hero_name(self.selected[5:])
        return hint(decision, self.selected, name)

    # ----- clicks of its own: "power cards" links, right-click for a hero's cards -----------------

    def pressable(self, piece: Piece) -> bool:
        return piece.key.startswith(VIEW)

    def released(self, piece: Piece) -> bool:
        if piece.key.startswith(VIEW):
            self.open_cards(self.state.hero_name(piece.key[len(VIEW):]))
            return True
        return False

    def pin_hint(self, piece: Piece) -> str:
        if self._hero_of(piece) is not None:         # a right-click on a hero opens its power cards
            return "P pins this card · right-click shows the hero's power cards"
        return super().pin_hint(piece)

    def right_click(self, piece: Piece | None) -> None:
        hero = self._hero_of(piece)
        if hero is not None:
            self.open_cards(self.state.hero_name(hero))
        elif self.selected:
            self._select(None)

    def click_on_nothing(self, pos: tuple[int, int]) -> bool:
        if self.selected and self.presenter.target_at(pos) is None and \
                not self.presenter.list.rect.collidepoint(pos) and self.geo.centre.collidepoint(pos):
            self._select(None)       # a click on nothing clears the selection
            return True
        return False

    def _hero_of(self, piece: Piece | None) -> str | None:
        if piece is None:
            return None
        for key in (piece.ref or "", piece.key):
            for prefix in ("hero:", "pool:", VIEW):
                if key.startswith(prefix):
                    return key[len(prefix):]
        return None
