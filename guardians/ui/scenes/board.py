"""The base of the games' own table scenes (heroes, explore): what they share over the generic one.

A board scene draws a game-specific `view` of pieces, keeps a selected piece, and plays animations
that hold the AI and the end screen until they have been shown. Subclasses build the view
(`refresh`, `draw`) and claim their own clicks (`_handle_own_clicks`); clicks nobody claims go to
`_unclaimed_release` (explore explains what was clicked there).
"""

from __future__ import annotations

from typing import Any

import pygame

from guardians.engine.actions import Action
from guardians.ui.scenes.play import PlayScene
from guardians.ui.widgets import is_release, wheel_steps


class BoardPlayScene(PlayScene):
    """Expects from subclasses: `animator`, `view`, `geo` (with `.log`), `rules_button`,
    `cards_button`, `selected`, `_base_dirty`, `clock`, and `_handle_own_clicks(event, pos)`."""

    # ----- animation holds the game ------------------------------------------------------------

    def busy(self) -> bool:
        return super().busy() or self.animator.active

    def update(self, dt: float) -> None:
        self.listen()                # sounds come with the move, not after its animation
        if self.animator.update(dt):
            self.dirty = True
        if self.animator.active:
            self.clock += dt       # hold the next AI move, the hand-over and the end screen until it is shown
            return
        super().update(dt)

    def _changed(self) -> None:
        super()._changed()
        self._base_dirty = True

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self.animator.skip()
        self._base_dirty = True

    def enter(self) -> None:
        super().enter()
        self._base_dirty = True

    # ----- choices -----------------------------------------------------------------------------

    def _select(self, ref: str | None) -> None:
        self.selected = ref
        self._stale = True
        self.dirty = True

    def choose(self, action: Action) -> None:
        self.selected = None
        super().choose(action)

    def undo(self) -> None:
        super().undo()
        self._changed()

    def open_rules(self, section: str | None = None) -> None:
        """The rules reference, at `section` (a heading) when given (a guide tip's link)."""
        from guardians.ui.scenes.rules import RulesScene

        self.app.push(RulesScene(self.app, self.state.game_id, self.title, section))

    def open_cards(self, section: str | None = None) -> None:
        from guardians.ui.scenes.card_viewer import open_card_viewer

        open_card_viewer(self.app, self.state.game_id, self.title, section)

    # ----- events ------------------------------------------------------------------------------

    def piece_at(self, pos: tuple[int, int], prefix: str | None = None) -> Any:
        for piece in reversed(self.view.all()):
            if piece.area.collidepoint(pos) and (prefix is None or piece.key.startswith(prefix)):
                return piece
        return None

    def handle(self, event: pygame.event.Event) -> None:
        pos = self._note_input(event)
        if (event.type == pygame.MOUSEBUTTONDOWN or event.type == pygame.KEYDOWN) and self.animator.skip():
            self._base_dirty = True              # skipped: the click or key still does what it does
        if self._popup_takes(event):
            return
        if self.menu_button.handle(event):
            self.leave()
            return
        if self.rules_button.handle(event):
            self.open_rules()
            return
        if self.cards_button.handle(event):
            self.open_cards()
            return
        if self.undo_button.handle(event) or self._is_ctrl_z(event):
            self.selected = None
            self.undo()
            return
        if self._hurry_key(event) or self._sound_key(event):
            return
        if event.type == pygame.MOUSEWHEEL and self.geo.log.collidepoint(self.mouse):
            self.log_back = max(0, min(self.log_back - wheel_steps(event), len(self.state.log) - 1))
            self._base_dirty = True
            return
        if self._message_lines and pos is not None and is_release(event) and self._message_rect.collidepoint(pos):
            self.session.message = None
            self._changed()
            return
        if self._handle_own_clicks(event, pos):
            return
        action = self.presenter.handle(event)
        if action is not None:
            self.choose(action)
        elif pos is not None and is_release(event) and self.presenter.target_at(pos) is None:
            self._unclaimed_release(pos)

    def _handle_own_clicks(self, event: pygame.event.Event, pos: tuple[int, int] | None) -> bool:
        return False

    def _unclaimed_release(self, pos: tuple[int, int]) -> None:
        """A click that picked nothing; a game may explain what is there."""
