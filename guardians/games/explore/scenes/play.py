"""The explore table: the Warm Up (Apprentice decks, draft, final choice) and every battle round, on the
kit's table scene.

The kit (`guardians.ui.table`) does the session, the cached picture, selection, the prompt strip, hover
and animation; this adds the town, the adventure board and the mats (layout.py), the pieces drawn from
`state.view(viewer)` (table.py's `build_view`, through facts.py's `Ctx`), two-click pairs for the final
choice (selection.py), a tray for cards that lie nowhere on the table (prompt.py), opening another
player's mat, why a location cannot be chosen, and explore's own animations (anims.py).
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision, Event
from guardians.games.explore.scenes import anims, style
from guardians.games.explore.scenes.facts import PHASE_ALIASES, PHASE_STEPS, WARMUP_PHASES, WARMUP_STEPS, Ctx
from guardians.games.explore.scenes.layout import Geometry, geometry
from guardians.games.explore.scenes.prompt import PRIMARY_KINDS
from guardians.games.explore.scenes.selection import CLICKS, hint
from guardians.games.explore.scenes.table import build_view
from guardians.ui.app import Scene
from guardians.ui.table import prompt as strip
from guardians.ui.table.chrome import TopBar
from guardians.ui.table.metrics import Metrics
from guardians.ui.table.scene import TableScene
from guardians.ui.table.view import Piece, View

PHASE_WORDS = {"colour": "choosing a deck", "draft": "drafting", "final": "making the final choice",
               "location": "visiting a location", "overrun": "resolving the Overrun", "powerup": "powering up",
               "battle": "in the Battle Phase", "boss_reward": "taking a boss reward",
               "round_start": "resolving the boss", "cleanup": "cleaning up"}


def steps_of(vs) -> tuple[tuple[str, str], ...]:
    if vs.phase in WARMUP_PHASES:
        if vs.apprentice:
            return (("colour", "Decks"), ("deal", "Deal"))
        if vs.n == 1:
            return (("draft", "Draft 13 of 36"), ("final", "Final choice"), ("deal", "Deal"))
        return WARMUP_STEPS[1:] + (("deal", "Deal"),)
    return PHASE_STEPS


class ExplorePlayScene(TableScene):
    """The dedicated explore table."""

    metrics = Metrics()
    clicks = CLICKS
    SELECTED_NOTE = "What the selected card can be kept with:"
    IDLE_LINE = "Watching the computer play."
    PRIMARY_KINDS = PRIMARY_KINDS
    LOG_BOLD = frozenset({"round", "end"})
    THINKING_HINT = "Each computer move is shown as it happens. Click or press a key to skip animations."
    NO_CHOICE_HINT = "Hover any card, monster or location to read it."
    LOG_COLOURS = {"round": style.GOLD, "boss": style.GOLD, "end": style.GOLD}

    def __init__(self, app, session) -> None:
        self.ctx: Ctx | None = None
        self.note = ""                            # what a click on a location that cannot be chosen says
        self.inspect: int | None = None           # another player's area opened in place of yours
        super().__init__(app, session)

    # ----- the kit's hooks ---------------------------------------------------------------------

    def geometry(self, size: tuple[int, int]) -> Geometry:
        return geometry(size)

    def build(self, seen, geo: Geometry, shown: Decision | None, title: str, hint: str) -> View:
        session = self.session
        ctx = Ctx(seen, session.viewer, self.focus_seat(), session.humans, shown, self.selected, session.seat_to_move,
                  self.ctx.faces if self.ctx is not None else {}, self.inspect is not None)
        self.ctx = ctx
        return build_view(self, ctx, geo, title, hint, seen.log)

    def table_area(self) -> pygame.Rect:
        return self.geo.upper

    def end_scene(self) -> Scene:
        from guardians.games.explore.scenes.end import ExploreEndScene
        return ExploreEndScene(self.app, self)

    def on_new_decision(self, decision: Decision | None) -> None:
        self.note = ""
        if decision is not None:
            self.inspect = None               # your turn: back to your own cards

    def top_bar(self, seen) -> TopBar:
        rounds = sum(1 for s in seen.track if s in ("round", "blue_boss", "red_boss"))
        if seen.phase == "over":
            lead = "Game over"
        elif seen.phase in WARMUP_PHASES:
            lead = "Warm Up" + (" · Apprentice" if seen.apprentice else "")
        else:
            lead = f"Round {seen.round_no} of {rounds}" + (" · boss battle" if seen.boss else "")
        note = ""
        if seen.phase != "over" and seen.n > 1 and self.ctx is not None:
            note = f"Trailblazer: {self.ctx.seat_label(seen.trail, True)}"
        return TopBar("Explore", lead, steps_of(seen), PHASE_ALIASES.get(seen.phase, seen.phase), note, style.GOLD)

    def derive_animations(self, old: View, new: View, events: list[Event], seen) -> None:
        anims.derive(self.animator, old, new, events, seen, self.geo.town)

    def focus_seat(self) -> int:
        session = self.session
        if self.inspect is not None and self.inspect < self.state.n:
            return self.inspect
        if session.viewer is not None:
            return session.viewer
        seat = session.seat_to_move
        return seat if seat is not None else self.state.trail

    def waiting_title(self, seat: int) -> str:
        return strip.waiting_title(self, seat, PHASE_WORDS)

    def hint_line(self, shown: Decision | None) -> str:
        return self.note or super().hint_line(shown)

    def choice_hint(self, decision: Decision) -> str:
        return hint(decision, self.selected, self.state.phase)

    # ----- clicks of its own: another player's mat, why a location cannot be chosen ---------------

    def pressable(self, piece: Piece) -> bool:
        return piece.key == "ui:back" or piece.key.startswith(("mat:", "trophies:"))

    def released(self, piece: Piece) -> bool:
        if piece.key == "ui:back":
            self._inspect(None)
        elif piece.key.startswith(("mat:", "trophies:")):
            seat = int(piece.key.split(":")[1])
            self._inspect(None if seat == self.session.viewer or seat == self.inspect else seat)
        else:
            return False
        return True

    def escape(self) -> bool:
        if self.inspect is not None:
            self._inspect(None)
            return True
        return False

    def _inspect(self, seat: int | None) -> None:
        self.inspect = seat
        self._stale = True
        self.dirty = True

    def _explain(self, pos: tuple[int, int]) -> None:
        """A click on a location that is not a choice now says why (its value against your attack)."""
        piece = self.piece_at(pos)
        if piece is None or self.ctx is None or not piece.key.startswith(("loc:", "verdict:")):
            return
        from guardians.games.explore.scenes.town import attack_verdict, location_tags
        loc = int(piece.key.split(":")[1])
        verdict = attack_verdict(self.ctx, loc)
        name = self.state.loc_name(loc)
        note = f"{name}: {verdict}" if verdict else f"{name}: " + "; ".join(location_tags(self.ctx, loc))
        if note != self.note:
            self.note = note
            self._stale = True

    def _unclaimed_release(self, pos: tuple[int, int]) -> None:
        self._explain(pos)
