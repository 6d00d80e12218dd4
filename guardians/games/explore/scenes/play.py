"""The explore table: the Warm Up (Apprentice decks, draft, final choice) and every battle round, on one
scene.

Built on the generic play scene (session, AI turns, undo, hotseat hand-over, end screen) with its own
picture: the town, the adventure board, the mats (layout.py), hover for any card large, two-click pairs
for the final choice (selection.py), a tray for cards that lie nowhere on the table (prompt.py), and
animations that only decorate (anims.py). What is drawn comes from `state.view(viewer)`: the rules'
masked copy for the seat watching, so a hotseat player never sees another's hand or hidden Power Up.

Frames stay cheap: the table is drawn into a cached picture when something changes (the state, the
window, the selection, the pieces in motion) and each frame blits it and adds the hover layer.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.games.explore.scenes import anims, chrome, overlay
from guardians.games.explore.scenes.facts import Ctx
from guardians.games.explore.scenes.layout import Geometry, geometry
from guardians.games.explore.scenes.selection import focus, hint, selectable_refs, with_option_refs
from guardians.games.explore.scenes.table import build_view
from guardians.games.explore.scenes.view import View
from guardians.ui import theme
from guardians.ui.animation import Animator
from guardians.ui.app import App, Scene
from guardians.ui.presenter import Target
from guardians.ui.scenes.board import BoardPlayScene
from guardians.ui.session import Session
from guardians.ui.widgets import Button, is_press, is_release

PHASE_WORDS = {"colour": "choosing a deck", "draft": "drafting", "final": "making the final choice",
               "location": "visiting a location", "overrun": "resolving the Overrun", "powerup": "powering up",
               "borrow": "powering up", "battle": "in the Battle Phase", "boss_reward": "taking a boss reward",
               "round_start": "resolving the boss", "cleanup": "cleaning up"}


class ExplorePlayScene(BoardPlayScene):
    """The dedicated explore table (a PlayScene, so the shell's session handling is shared)."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.animator = Animator.for_speed(app.settings.animation_speed)
        self.rules_button = Button("Rules", size=15)
        self.cards_button = Button("Cards", size=15)
        self.geo: Geometry = geometry(app.size)
        self.view = View()
        self.ctx: Ctx | None = None
        self.shown: Decision | None = None
        self.selected: str | None = None
        self.selectable: set[str] = set()
        self.select_targets: list[Target] = []
        self._decision_seen: Decision | None = None
        self._pressed: str | None = None
        self._base: pygame.Surface | None = None
        self.moving_keys: frozenset[str] = frozenset()
        self._base_dirty = True
        self._snap: tuple | None = None           # (state, log length, viewer, size) of self.view
        self.prompt_lines: list[str] = []
        self.builds = 0
        self.note = ""                            # what a click on a location that cannot be chosen says
        self.inspect: int | None = None           # another player's area opened in place of yours

    # ----- the shell's hooks -------------------------------------------------------------------

    def end_scene(self) -> Scene:
        from guardians.games.explore.scenes.end import ExploreEndScene
        return ExploreEndScene(self.app, self)

    # ----- what is offered ---------------------------------------------------------------------

    def _shown_decision(self) -> Decision | None:
        decision = self.presented_decision()
        if decision is not self._decision_seen:
            self._decision_seen = decision
            self.selected = None
            self.note = ""
            if decision is not None:
                self.inspect = None               # your turn: back to your own cards
        if decision is None:
            self.selected = None
            return None
        if self.selected is not None and self.selected not in selectable_refs(decision):
            self.selected = None
        return focus(decision, self.selected) if self.selected is not None else with_option_refs(decision)

    def focus_seat(self) -> int:
        session = self.session
        if self.inspect is not None and self.inspect < self.state.n:
            return self.inspect
        if session.viewer is not None:
            return session.viewer
        seat = session.seat_to_move
        return seat if seat is not None else self.state.trail

    def title_line(self) -> str:
        session, state = self.session, self.state
        if state.is_over:
            return "Game over"
        seat = session.seat_to_move
        if seat is None:
            return ""
        if session.human_to_move is None or session.needs_handover:
            doing = PHASE_WORDS.get(state.phase, "choosing")
            return f"{state.seat_name(seat)} is {doing}…"
        decision = state.decision
        prompt = decision.prompt if decision else ""
        if len(session.humans) == 1:
            return f"Your choice — {prompt}"
        return f"{state.seat_name(seat)} — {prompt}"

    def hint_line(self, shown: Decision | None) -> str:
        if self.note:
            return self.note
        if shown is None:
            if self.session.thinking is not None:
                return "Each computer move is shown as it happens. Click or press a key to skip animations."
            return "Hover any card, monster or location to read it."
        return hint(self.presented_decision() or shown, self.selected, self.state.phase)

    # ----- layout ------------------------------------------------------------------------------

    def refresh(self) -> None:
        self._stale = False
        size = self.app.size
        state = self.state
        self.geo = geo = geometry(size)
        viewer = self.session.viewer
        decision = self.presented_decision()
        shown = self._shown_decision()
        self.shown = shown
        try:
            ctx = Ctx(state.view(viewer), viewer, self.focus_seat(), self.session.humans, shown, self.selected,
                      self.session.seat_to_move, self.ctx.faces if self.ctx is not None else {},
                      self.inspect is not None)
            self.ctx = ctx
            view = build_view(ctx, geo, self.title_line(), self.hint_line(shown), state.log)
        except Exception as exc:        # a drawing bug must not take the game down: say so, keep the list
            self.session.message = f"The table could not be drawn: {type(exc).__name__}: {exc}"
            view = View(viewer=viewer)
        self.builds += 1
        self._animate(view, size)
        self.view = view
        rects = view.rects()
        right = geo.choices
        prompt_font = theme.font(geo.font(14), True)
        self.prompt_lines = theme.wrap(shown.prompt if shown else "", prompt_font, right.w - 20)[:3]
        list_top = right.y + geo.px(20) + 8 + len(self.prompt_lines) * prompt_font.get_linesize() + geo.px(22)
        list_rect = pygame.Rect(right.x + 8, list_top, right.w - 16, right.bottom - geo.px(54) - list_top)
        self.presenter.list.size = geo.font(13)
        self.presenter.present(shown, rects, list_rect, geo.centre)
        self._split_targets(decision, rects)
        self.undo_button.visible = self.session.can_undo
        self.undo_button.rect = pygame.Rect(right.x + 8, right.bottom - geo.px(46), right.w - 16, geo.px(38))
        top = geo.top
        bw = geo.px(74)
        self.menu_button.rect = pygame.Rect(top.right - bw - 8, top.y + 5, bw, top.h - 10)
        self.cards_button.rect = self.menu_button.rect.move(-(bw + 6), 0)
        self.rules_button.rect = self.cards_button.rect.move(-(bw + 6), 0)
        for button in (self.menu_button, self.cards_button, self.rules_button):
            button.size = geo.font(14)
        self.undo_button.size = geo.font(15)
        self.areas = {"log": geo.log, "right": geo.right, "table": geo.centre}
        self._base_dirty = True

    def _split_targets(self, decision: Decision | None, rects: dict[str, pygame.Rect]) -> None:
        """Refs that select (half of a pair) are handled here rather than by the presenter's chooser.
        Targets are kept in drawing order, so a click goes to the topmost thing (a monster on its
        location, not the location)."""
        order = {piece.ref: i for i, piece in enumerate(self.view.all()) if piece.ref is not None}
        self.presenter.targets.sort(key=lambda t: order.get(t.ref, -1))
        if decision is None or self.selected is not None:
            self.selectable = set()
            self.select_targets = []
            return
        self.selectable = {r for r in selectable_refs(decision) if r in rects}
        if self.selectable:
            self.presenter.targets = [t for t in self.presenter.targets if t.ref not in self.selectable]
        self.select_targets = [Target(pygame.Rect(rects[r]), r, ()) for r in sorted(self.selectable)]

    def _animate(self, view: View, size: tuple[int, int]) -> None:
        state = self.state
        snap = (state, len(state.log), self.session.viewer, size, view.mode)
        old, previous = self.view, self._snap
        self._snap = snap
        if previous is None or not self.animator.enabled or self.ctx is None:
            return
        same = previous[0] is state and previous[2] == snap[2] and previous[3] == size and previous[4] == view.mode
        if not same or snap[1] <= previous[1]:
            if not same:
                self.animator.skip()
            return
        self.animator.skip()
        try:
            anims.derive(self.animator, old, view, list(state.log[previous[1]:]), self.ctx.vs, self.geo.town)
        except Exception:          # decoration only: never let it break a move
            self.animator.skip()

    # ----- events ------------------------------------------------------------------------------

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

    def _handle_own_clicks(self, event: pygame.event.Event, pos: tuple[int, int] | None) -> bool:
        """Selections, Cancel and right-click; True when the event was used."""
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE and self.selected:
            self._select(None)
            return True
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE and self.inspect is not None:
            self._inspect(None)
            return True
        if pos is None:
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 3:
            if self.selected:
                self._select(None)
            return True
        if is_press(event):
            piece = self.piece_at(pos)
            self._pressed = None
            if piece is not None and (piece.key in ("ui:cancel", "ui:back") or piece.ref in self.selectable
                                      or piece.key.startswith(("mat:", "trophies:"))
                                      or (piece.ref is not None and piece.ref == self.selected)):
                self._pressed = piece.key
                return True
            return False
        if is_release(event):
            pressed, self._pressed = self._pressed, None
            piece = self.piece_at(pos)
            if pressed is None:
                return False
            if piece is None or piece.key != pressed:
                return True
            if piece.key == "ui:back":
                self._inspect(None)
            elif piece.key.startswith(("mat:", "trophies:")):
                seat = int(piece.key.split(":")[1])
                self._inspect(None if seat == self.session.viewer or seat == self.inspect else seat)
            elif piece.key == "ui:cancel" or piece.ref == self.selected:
                self._select(None)
            elif piece.ref in self.selectable:
                self._select(piece.ref)
            return True
        return False

    def _inspect(self, seat: int | None) -> None:
        self.inspect = seat
        self._stale = True
        self.dirty = True

    # ----- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self._stale or self.session.message != self._shown_message:
            self._message_lines = self._wrap_message(self.geo.upper.w)
            self._message_rect = pygame.Rect(self.geo.upper.x, self.geo.upper.y, self.geo.upper.w,
                                             len(self._message_lines) * theme.font(14).get_linesize() + 12)
            self.refresh()
        moving = frozenset(t.key for t in self.animator.tweens if t.kind == "slide")
        if self._base is None or self._base_dirty or moving != self.moving_keys or \
                self._base.get_size() != surface.get_size():
            self._render_base(surface.get_size(), moving)
        surface.blit(self._base, (0, 0))
        for button in (self.rules_button, self.cards_button, self.menu_button, self.undo_button):
            button.draw(surface)
        if self.presenter.decision is not None:
            self.presenter.draw(surface)
        chrome.draw_thinking(surface, self)
        overlay.draw_highlights(surface, self)
        overlay.draw_tweens(surface, self)
        self._draw_message(surface)
        overlay.draw_hover(surface, self)
        self.presenter.draw_popup(surface)

    def _render_base(self, size: tuple[int, int], moving: frozenset[str]) -> None:
        """The still picture: everything but the pieces in motion, the hover layer and the buttons."""
        if self._base is None or self._base.get_size() != size:
            self._base = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        base = self._base
        base.fill(theme.BG)
        self.moving_keys = moving
        self._base_dirty = False
        for paint in self.view.statics:
            paint(base)
        for piece in self.view.all():
            if piece.key not in moving:
                piece.paint(base, piece.rect)
        if self.ctx is not None:
            chrome.draw_top_bar(base, self)
        chrome.draw_choices_heading(base, self)
        chrome.draw_log(base, self.geo.log, self)

    def _unclaimed_release(self, pos: tuple[int, int]) -> None:
        self._explain(pos)
