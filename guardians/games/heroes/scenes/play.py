"""The heroes table: faction choice, draft, placement, mulligan and every turn, on one scene.

Built on the generic play scene (session, AI turns, undo, hand-over, end screen) with its own picture:
the row of locations between the two factions (see layout.py), hover for any card large, two-step
clicks for attacks, moves and placements (selection.py), and animations that only decorate.

Frames stay cheap: the table is drawn into a cached picture when something changes (the state, the
window, the selection, the animating pieces) and each frame blits it and adds the hover layer.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.games.heroes.scenes import anims, chrome, overlay
from guardians.games.heroes.scenes.draft import VIEW
from guardians.games.heroes.scenes.layout import Geometry, geometry
from guardians.games.heroes.scenes.overlay import ZOOM
from guardians.games.heroes.scenes.prompt import CANCEL
from guardians.games.heroes.scenes.selection import (
    anchors, auto_selection, focus, hint, selectable_refs, with_option_refs,
)
from guardians.games.heroes.scenes.table import build_view
from guardians.games.heroes.scenes.view import Piece, View
from guardians.ui import theme
from guardians.ui.animation import Animator
from guardians.ui.app import App, Scene
from guardians.ui.presenter import Target
from guardians.ui.scenes.board import BoardPlayScene
from guardians.ui.session import Session
from guardians.ui.widgets import Button, is_press, is_release


class HeroesPlayScene(BoardPlayScene):
    """The dedicated heroes table (a PlayScene, so the shell's session handling is shared)."""

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.animator = Animator.for_speed(app.settings.animation_speed)
        self.rules_button = Button("Rules", size=15)
        self.cards_button = Button("Cards", size=15)
        self.geo: Geometry = geometry(app.size, session.state.n)
        self.view = View()
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

    # ----- the shell's hooks -------------------------------------------------------------------

    def end_scene(self) -> Scene:
        from guardians.games.heroes.scenes.end import HeroesEndScene
        return HeroesEndScene(self.app, self)

    # ----- what is offered ---------------------------------------------------------------------

    def _shown_decision(self) -> Decision | None:
        decision = self.presented_decision()
        if decision is not self._decision_seen:
            self._decision_seen = decision
            self.selected = auto_selection(decision) if decision is not None else None
        if decision is None:
            self.selected = None
            return None
        if self.selected is not None and self.selected not in selectable_refs(decision):
            self.selected = None
        return focus(decision, self.selected) if self.selected is not None else with_option_refs(decision)

    def title_line(self) -> str:
        session, state = self.session, self.state
        if state.is_over:
            return "Game over"
        seat = session.seat_to_move
        if seat is None:
            return ""
        if session.thinking is not None:
            return f"{state.seat_name(seat)} (computer) is thinking…"
        decision = state.decision
        prompt = decision.prompt if decision else ""
        if len(session.humans) == 1:
            return f"Your choice — {prompt}"
        return f"{state.seat_name(seat)} — {prompt}"

    def hint_line(self, decision: Decision | None) -> str:
        if decision is None:
            if self.session.thinking is not None:
                return "Watch the table: each computer move is shown, then the next begins. Click to skip animations."
            return ""
        name = ""
        if self.selected and self.selected.startswith("hero:"):
            name = self.state.hero_name(self.selected[5:])
        return hint(self.presented_decision() or decision, self.selected, name)

    # ----- layout ------------------------------------------------------------------------------

    def refresh(self) -> None:
        self._stale = False
        size = self.app.size
        state = self.state
        self.geo = geo = geometry(size, state.n)
        viewer = self.session.viewer
        decision = self.presented_decision()
        shown = self._shown_decision()
        self.shown = shown
        try:
            view = build_view(state, geo, viewer, self.session.humans, shown, self.title_line(),
                              self.hint_line(shown), self.selected)
        except Exception as exc:        # a drawing bug must not take the game down: say so, keep the list
            self.session.message = f"The table could not be drawn: {type(exc).__name__}: {exc}"
            view = View(viewer=viewer)
        self._animate(view, size)
        self.view = view
        rects = view.rects()
        right = geo.choices
        self.prompt_lines = theme.wrap(shown.prompt if shown else "", theme.font(geo.font(15), True), right.w - 20)[:3]
        list_top = right.y + 34 + len(self.prompt_lines) * theme.font(geo.font(15), True).get_linesize() + 24
        list_rect = pygame.Rect(right.x + 8, list_top, right.w - 16, right.bottom - 60 - list_top)
        self.presenter.list.size = geo.font(14)
        self.presenter.present(shown, rects, list_rect, geo.centre)
        self._split_targets(decision, rects)
        self.undo_button.visible = self.session.can_undo
        self.undo_button.rect = pygame.Rect(right.x + 8, right.bottom - 50, right.w - 16, 42)
        top = geo.top
        bw = geo.px(78)
        self.menu_button.rect = pygame.Rect(top.right - bw - 8, top.y + 6, bw, top.h - 12)
        self.cards_button.rect = self.menu_button.rect.move(-(bw + 6), 0)
        self.rules_button.rect = self.cards_button.rect.move(-(bw + 6), 0)
        for button in (self.menu_button, self.cards_button, self.rules_button):
            button.size = geo.font(15)
        self.undo_button.size = geo.font(16)
        self.areas = {"log": geo.log, "right": geo.right, "table": geo.centre}
        self._base_dirty = True

    def _split_targets(self, decision: Decision | None, rects: dict[str, pygame.Rect]) -> None:
        """Keep the presenter's targets to first clicks; refs that select (a hero to act with) are
        handled here instead of opening the presenter's chooser."""
        if decision is None or self.selected is not None:
            self.selectable = set()
            self.select_targets = []
            return
        self.selectable = {r for r in selectable_refs(decision) if r in rects}
        first_clicks = {r for a in self.shown.options for r in anchors(a)} if self.shown else set()
        kept: list[Target] = []
        for target in self.presenter.targets:
            if target.ref in self.selectable or target.ref not in first_clicks:
                continue
            actions = tuple(a for a in target.actions if target.ref in anchors(a))
            kept.append(Target(target.rect, target.ref, actions))
        self.presenter.targets = kept
        self.select_targets = [Target(pygame.Rect(rects[r]), r, ()) for r in sorted(self.selectable)]

    def _animate(self, view: View, size: tuple[int, int]) -> None:
        state = self.state
        snap = (state, len(state.log), self.session.viewer, size)
        old, previous = self.view, self._snap
        self._snap = snap
        if previous is None or not self.animator.enabled:
            return
        same_game = previous[0] is state and previous[2] == snap[2] and previous[3] == size
        if not same_game or snap[1] <= previous[1]:
            if not same_game:
                self.animator.skip()
            return
        self.animator.skip()
        anims.derive_moves(self.animator, old, view)
        show = (int(ZOOM[0] * min(self.geo.scale, 1.4)), int(ZOOM[1] * min(self.geo.scale, 1.4)))
        anims.derive_events(self.animator, old, view, list(state.log[previous[1]:]), state, self.geo.board, show)

    # ----- events ------------------------------------------------------------------------------

    def _handle_own_clicks(self, event: pygame.event.Event, pos: tuple[int, int] | None) -> bool:
        """Selections, Cancel, right-click and "power cards" links; True when the event was used."""
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE and self.selected:
            self._select(None)
            return True
        if pos is None:
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 3:
            piece = self.piece_at(pos)
            hero = self._hero_of(piece)
            if hero is not None:
                self.open_cards(self.state.hero_name(hero))
            elif self.selected:
                self._select(None)
            return True
        if is_press(event):
            piece = self.piece_at(pos)
            self._pressed = None
            if piece is not None and (piece.key == CANCEL or piece.key.startswith(VIEW)
                                      or piece.ref in self.selectable or piece.ref == self.selected):
                self._pressed = piece.key
                return True
            return False
        if is_release(event):
            pressed, self._pressed = self._pressed, None
            piece = self.piece_at(pos)
            if pressed is None:
                if self.selected and self.presenter.target_at(pos) is None and \
                        not self.presenter.list.rect.collidepoint(pos) and self.geo.centre.collidepoint(pos):
                    self._select(None)       # a click on nothing clears the selection
                    return True
                return False
            if piece is None or piece.key != pressed:
                return True
            if piece.key == CANCEL or piece.ref == self.selected:
                self._select(None)
            elif piece.key.startswith(VIEW):
                self.open_cards(self.state.hero_name(piece.key[len(VIEW):]))
            elif piece.ref in self.selectable:
                self._select(piece.ref)
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

    # ----- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        if self._stale or self.session.message != self._shown_message:
            self._message_lines = self._wrap_message(self.geo.board.w)
            self._message_rect = pygame.Rect(self.geo.board.x, self.geo.board.y, self.geo.board.w,
                                             len(self._message_lines) * theme.font(14).get_linesize() + 12)
            self.refresh()
        moving = frozenset(t.key for t in self.animator.tweens if t.kind == "slide")
        if self._base is None or self._base_dirty or moving != self.moving_keys or self._base.get_size() != surface.get_size():
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
        chrome.draw_top_bar(base, self)
        chrome.draw_choices_heading(base, self)
        chrome.draw_log(base, self.geo.log, self)

    def _draw_message(self, surface: pygame.Surface) -> None:
        if not self._message_lines:
            return
        super()._draw_message(surface)
