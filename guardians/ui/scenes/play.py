"""The generic play scene every game gets: the table from `state.table(seat)`, a log, the prompt,
the decision presenter, undo, AI turns on a worker thread, and hover zoom on any card.

Layout: a top bar (whose turn, the prompt), a left column ("status" panels, then the log), the
table in the middle ("table" panels, "hand" panels along the bottom), and the choices on the right.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import IllegalAction
from guardians.engine.registry import get_game
from guardians.engine.table import Panel
from guardians.ui import scaling, text, theme
from guardians.ui.app import App, Scene
from guardians.ui.cards import LARGE, card_surface
from guardians.ui.game_scenes import sound_table
from guardians.ui.presenter import Presenter
from guardians.ui.session import Session
from guardians.ui.settings import save_settings
from guardians.ui.sound import SoundBoard
from guardians.ui.sound_cues import Cues
from guardians.ui.table_view import CARD_WIDTHS, PlacedItem, PlacedPanel, draw_panels, layout_group
from guardians.ui.widgets import Button, draw_box, event_pos, wheel_steps

TOP = 50
LEFT_W = 260
RIGHT_W = 300
HAND_H = 220
HAND_WIDTHS = (112, 104, 96, 88, 80)
MIN_LOG_H = 170
TOAST_SECONDS = 1.4      # how long a short notice (sound muted) stays on screen


def _scaled(widths: tuple[int, ...], scale: float) -> tuple[int, ...]:
    return tuple(int(w * scale) for w in widths)


_INPUT_EVENTS = (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL, pygame.KEYDOWN)


class PlayScene(Scene):
    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app)
        self.session = session
        self.presenter = Presenter()
        self.menu_button = Button("Menu", size=15)
        self.rules_button = Button("Rules", size=15)
        self.undo_button = Button("Undo  (Ctrl+Z)", size=16)
        try:
            self.title = get_game(session.game_id).INFO.title
        except Exception:
            self.title = session.game_id
        self.groups: dict[str, list[PlacedPanel]] = {}
        self.areas: dict[str, pygame.Rect] = {}
        self.mouse = (-1, -1)
        self.log_back = 0            # events scrolled back from the newest
        self.ended = False
        self.clock = 0.0
        self._tick = 0.0
        self._stale = True
        self._prompt_lines: list[str] = []
        self._message_rect = pygame.Rect(0, 0, 0, 0)
        self._message_lines: list[str] = []
        self._shown_message: str | None = None
        self.sound: SoundBoard = getattr(app, "sound", None) or SoundBoard(muted=True)
        try:
            table = sound_table(session.game_id)
        except Exception:          # a game's sound table must not keep its table from opening
            table = {}
        self.cues = Cues(self.sound, table, app.settings.animation_speed)
        self.toast: tuple[str, float] | None = None     # a short notice and the clock time it goes

    # ----- scene protocol ----------------------------------------------------------------------

    @property
    def state(self):
        return self.session.state

    def busy(self) -> bool:
        return not self.state.is_over and self.session.thinking is not None

    def enter(self) -> None:
        super().enter()
        self._stale = True
        self.sound.start()          # once: opens the audio device, or stays silent without one

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        self._stale = True

    def update(self, dt: float) -> None:
        self.clock += dt
        if not self.state.is_over and self.session.poll():
            self._changed()
        self.listen()
        if self.state.is_over:
            if not self.ended:
                self.ended = True
                self._changed()
                self.app.push(self.end_scene())
            return
        if self.session.needs_handover:
            from guardians.ui.scenes.handover import HandoverScene
            self.app.push(HandoverScene(self.app, self.session))
            return
        if self.busy():
            self._tick += dt
            if self._tick >= 0.35:        # animate the "thinking" dots
                self._tick = 0.0
                self.dirty = True

    def listen(self) -> None:
        """This frame's sounds for what was logged since the last one, and the notice's time running out."""
        self.cues.follow(self.state, self.clock, self.session.humans)
        if self.toast is not None and self.clock >= self.toast[1]:
            self.toast = None
            self.dirty = True

    def notify(self, words: str) -> None:
        """A short notice at the top of the table that goes by itself (not a message to dismiss)."""
        self.toast = (words, self.clock + TOAST_SECONDS)
        self.dirty = True

    def toggle_sound(self) -> None:
        """M at the table: mute or unmute, remembered in the settings."""
        muted = self.sound.toggle_mute()
        self.app.settings.muted = muted
        try:
            save_settings(self.app.settings)
        except OSError:
            pass                     # not remembered, but it holds for this run, as the notice says
        if muted:
            self.notify("Sound off  (M turns it on)")
        elif self.sound.started and not self.sound.available:
            self.notify("Sound on, but there is no audio output to play it")
        else:
            self.notify(f"Sound on, volume {self.sound.volume}%  (M mutes)")

    def _sound_key(self, event: pygame.event.Event) -> bool:
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_m and \
                not getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_ALT | pygame.KMOD_META):
            self.toggle_sound()
            return True
        return False

    def end_scene(self) -> Scene:
        """The screen shown over the final table; a game's own play scene may offer its own."""
        from guardians.ui.scenes.end import EndScene
        return EndScene(self.app, self)

    def _changed(self) -> None:
        self._stale = True
        self.dirty = True
        self.log_back = 0

    # ----- layout ------------------------------------------------------------------------------

    def presented_decision(self):
        if self.session.human_to_move is None or self.session.needs_handover:
            return None
        return self.state.decision

    def refresh(self) -> None:
        """Lay out the table and the presenter for the current state and window size."""
        self._stale = False
        w, h = self.app.size
        viewer = self.session.viewer
        try:
            panels = list(self.state.table(viewer))
        except Exception as exc:      # a game's table bug must not take the app down
            self.session.message = f"The table could not be drawn: {type(exc).__name__}: {exc}"
            panels = []
        by_group: dict[str, list[Panel]] = {"table": [], "hand": [], "status": []}
        for panel in panels:
            by_group.get(panel.group, by_group["table"]).append(panel)
        # Bigger windows get bigger cards and columns (fonts stay as they are).
        scale = scaling.table_scale((w, h))
        left_w, right_w = int(LEFT_W * scale), int(RIGHT_W * min(scale, 1.25))
        centre_w = w - left_w - right_w
        hand_h = int(HAND_H * scale) if by_group["hand"] else 0
        column = pygame.Rect(8, TOP + 8, left_w - 16, h - TOP - 16)
        status_area = pygame.Rect(column.x, column.y, column.w, max(0, column.h - MIN_LOG_H - 8))
        status = layout_group(by_group["status"], status_area, wrap=True, stack=True,
                              widths=_scaled((72, 60, 52), scale), viewer=viewer)
        status_h = max((box.rect.bottom for box in status), default=column.y) - column.y
        log_top = column.y + status_h + (8 if status else 0)
        self._message_lines = self._wrap_message(centre_w - 8)
        message_h = len(self._message_lines) * theme.font(14).get_linesize() + 12 if self._message_lines else 0
        self._message_rect = pygame.Rect(left_w + 4, TOP + 8, centre_w - 8, message_h)
        table_top = TOP + 8 + (message_h + 6 if message_h else 0)
        self.areas = {
            "status": pygame.Rect(column.x, column.y, column.w, status_h),
            "log": pygame.Rect(column.x, log_top, column.w, column.bottom - log_top),
            "table": pygame.Rect(left_w + 4, table_top, centre_w - 8, h - table_top - 8 - hand_h),
            "hand": pygame.Rect(left_w + 4, h - hand_h, centre_w - 8, max(0, hand_h - 8)),
            "right": pygame.Rect(w - right_w + 4, TOP + 8, right_w - 12, h - TOP - 16),
        }
        self.groups = {
            "status": status,
            "table": layout_group(by_group["table"], self.areas["table"], wrap=True,
                                  widths=_scaled(CARD_WIDTHS, scale), viewer=viewer),
            "hand": layout_group(by_group["hand"], self.areas["hand"], wrap=False,
                                 widths=_scaled(HAND_WIDTHS, scale),
                                 viewer=viewer),
        }
        rects: dict[str, pygame.Rect] = {}
        for placed in self.groups.values():
            for box in placed:
                for item in box.items:
                    if item.item.ref is not None:
                        rects.setdefault(item.item.ref, item.visible)
        right = self.areas["right"]
        decision = self.presented_decision()
        prompt = decision.prompt if decision else ""
        self._prompt_lines = theme.wrap(prompt, theme.font(16, True), right.w - 16)[:4] if prompt else []
        list_top = right.y + 34 + len(self._prompt_lines) * theme.font(16, True).get_linesize() + 30
        self.undo_button.visible = self.session.can_undo
        last = self.session.last_human
        self.undo_button.label = ("Undo  (Ctrl+Z)" if last is None or last == viewer
                                  else f"Undo {self.state.seat_name(last)}'s move")
        self.undo_button.rect = pygame.Rect(right.x + 8, right.bottom - 52, right.w - 16, 44)
        list_bottom = right.bottom - 62
        self.presenter.present(decision, rects,
                               pygame.Rect(right.x + 8, list_top, right.w - 16, list_bottom - list_top),
                               pygame.Rect(0, 0, w, h))
        self.menu_button.rect = pygame.Rect(w - 96, 8, 86, TOP - 16)
        self.rules_button.rect = self.menu_button.rect.move(-92, 0)

    def all_items(self) -> list[PlacedItem]:
        return [item for placed in self.groups.values() for box in placed for item in box.items]

    def item_at(self, pos: tuple[int, int]) -> PlacedItem | None:
        for item in reversed(self.all_items()):
            if item.visible.collidepoint(pos):
                return item
        return None

    # ----- events ------------------------------------------------------------------------------

    def _note_input(self, event: pygame.event.Event) -> tuple[int, int] | None:
        """What every event does first: the view made current, the pointer followed, a redraw asked for on
        input. Returns the event's position, if it has one."""
        if self._stale:
            self.refresh()
        pos = event_pos(event)
        if pos is not None:
            self.mouse = pos
        if event.type in _INPUT_EVENTS:
            self.dirty = True
        return pos

    def _popup_takes(self, event: pygame.event.Event) -> bool:
        """A popup of the presenter is modal: it takes every event, nothing under it does."""
        if self.presenter.chooser is None:
            return False
        action = self.presenter.handle(event)
        if action is not None:
            self.choose(action)
        return True

    def handle(self, event: pygame.event.Event) -> None:
        pos = self._note_input(event)
        if self._popup_takes(event):
            return
        if self.menu_button.handle(event):
            self.leave()
            return
        if self.rules_button.handle(event):
            from guardians.ui.scenes.rules import RulesScene

            self.app.push(RulesScene(self.app, self.session.game_id, self.title))
            return
        if self.undo_button.handle(event) or self._is_ctrl_z(event):
            self.undo()
            return
        if self._hurry_key(event) or self._sound_key(event):
            return
        if self._message_lines and pos is not None and event.type == pygame.MOUSEBUTTONUP \
                and self._message_rect.collidepoint(pos):
            self.session.message = None
            self._changed()
            return
        log_area = self.areas.get("log", pygame.Rect(0, 0, 0, 0))
        if event.type == pygame.MOUSEWHEEL and log_area.collidepoint(self.mouse):
            self.log_back = max(0, min(self.log_back - wheel_steps(event), len(self.state.log) - 1))
            return
        action = self.presenter.handle(event)
        if action is not None:
            self.choose(action)

    def _hurry_key(self, event: pygame.event.Event) -> bool:
        """Space while the computer searches: "move now", it answers with what it has."""
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_SPACE and self.session.can_hurry:
            self.session.hurry()
            return True
        return False

    @staticmethod
    def _is_ctrl_z(event: pygame.event.Event) -> bool:
        return (event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_z
                and bool(getattr(event, "mod", 0) & (pygame.KMOD_CTRL | pygame.KMOD_META)))

    def choose(self, action) -> None:
        """Apply the human's choice (the presenter only offers listed options)."""
        if self.session.human_to_move is None:
            return
        try:
            self.session.apply(action)
        except IllegalAction as exc:
            self.session.message = str(exc)
        self._changed()

    def undo(self) -> None:
        if self.session.can_undo and self.session.undo():
            self._changed()

    def leave(self) -> None:
        from guardians.ui.scenes.menu import MenuScene
        self.app.reset(MenuScene(self.app))

    # ----- drawing -----------------------------------------------------------------------------

    def status_line(self) -> str:
        session, state = self.session, self.state
        if state.is_over:
            return "Game over"
        seat = session.seat_to_move
        if seat is None:
            return ""
        name = state.seat_name(seat)
        if session.thinking is not None:
            dots = "." * (1 + int(self.clock / 0.35) % 3)
            return f"{name} is thinking{dots}"
        decision = state.decision
        who = "Your turn" if len(session.humans) == 1 else f"{name} to choose"
        return f"{who}: {decision.prompt}" if decision else who

    def draw(self, surface: pygame.Surface) -> None:
        if self._stale or self.session.message != self._shown_message:
            self.refresh()
        w, h = surface.get_size()
        self._draw_top_bar(surface, w)
        for group in ("status", "table", "hand"):
            draw_panels(surface, self.groups.get(group, []), self.session.viewer)
        if not self.groups.get("table") and not self.groups.get("hand"):
            img = theme.render("Nothing on the table yet.", 16, theme.TEXT_DIM)
            surface.blit(img, img.get_rect(center=self.areas["table"].center))
        self.presenter.draw_highlights(surface)
        self._draw_log(surface, self.areas["log"])
        self._draw_choices(surface, self.areas["right"])
        self._draw_message(surface)
        self._draw_zoom(surface)
        self.presenter.draw_popup(surface)
        self.draw_toast(surface)

    def toast_area(self) -> pygame.Rect:
        """Where a notice goes: the top of the table."""
        return self.areas.get("table", pygame.Rect(0, TOP, self.app.size[0], 0))

    def draw_toast(self, surface: pygame.Surface) -> None:
        if self.toast is None:
            return
        img = theme.render(self.toast[0], 15, theme.TEXT, bold=True)
        box = img.get_rect().inflate(28, 14)
        area = self.toast_area()
        box.midtop = (area.centerx, area.y + 10)
        draw_box(surface, box, theme.INFO_BG, theme.INFO_EDGE, 2)
        surface.blit(img, img.get_rect(center=box.center))

    def _draw_top_bar(self, surface: pygame.Surface, w: int) -> None:
        bar = pygame.Rect(0, 0, w, TOP)
        pygame.draw.rect(surface, theme.PANEL, bar)
        pygame.draw.line(surface, theme.PANEL_EDGE, (0, TOP - 1), (w, TOP - 1))
        title = theme.render(self.title, 20, theme.ACCENT, bold=True)
        surface.blit(title, (14, (TOP - title.get_height()) // 2))
        fnt = theme.font(17, True)
        x = 24 + title.get_width()
        line = theme.ellipsize(self.status_line(), fnt, self.rules_button.rect.x - x - 12)
        img = fnt.render(line, True, theme.TEXT)
        surface.blit(img, (x, (TOP - img.get_height()) // 2))
        self.rules_button.draw(surface)
        self.menu_button.draw(surface)

    def _draw_choices(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
        inner = rect.inflate(-16, -16)
        session = self.session
        decision = self.presented_decision()
        if decision is not None:
            who = "Your choice" if len(session.humans) == 1 else f"{self.state.seat_name(decision.seat)}'s choice"
            surface.blit(theme.render(who, 15, theme.TEXT_DIM, bold=True), (inner.x, inner.y))
            y = theme.blit_lines(surface, self._prompt_lines, theme.font(16, True), theme.TEXT, inner.x, inner.y + 24)
            hint = ("Click a highlighted card or a button:" if self.presenter.targets
                    else "Click a button:")
            surface.blit(theme.render(hint, 13, theme.TEXT_DIM), (inner.x, y + 6))
            self.presenter.draw(surface)
        elif session.thinking is not None:
            name = self.state.seat_name(session.thinking)
            dots = "." * (1 + int(self.clock / 0.35) % 3)
            fnt = theme.font(17, True)
            y = theme.blit_lines(surface, theme.wrap(f"{name} is thinking{dots}", fnt, inner.w), fnt, theme.TEXT,
                                 inner.x, inner.y)
            sub = ("The computer is choosing its move. Press Space to make it move now." if session.can_hurry
                   else "The computer is choosing its move.")
            theme.blit_lines(surface, theme.wrap(sub, theme.font(13), inner.w), theme.font(13), theme.TEXT_DIM,
                             inner.x, y + 6)
        self.undo_button.draw(surface)

    def _draw_log(self, surface: pygame.Surface, rect: pygame.Rect) -> None:
        if rect.h <= 30:
            return
        draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
        surface.blit(theme.render("Log", 14, theme.PANEL_TITLE, bold=True), (rect.x + 8, rect.y + 6))
        if self.log_back:
            more = theme.render(f"{self.log_back} newer below", 12, theme.TEXT_DIM)
            surface.blit(more, more.get_rect(topright=(rect.right - 8, rect.y + 8)))
        fnt = theme.font(13)
        inner = pygame.Rect(rect.x + 8, rect.y + 28, rect.w - 16, rect.h - 34)
        events = self.state.log[: len(self.state.log) - self.log_back] if self.log_back else self.state.log
        y = inner.bottom
        clip = surface.get_clip()
        surface.set_clip(inner)
        viewer = self.session.viewer
        for index, event in enumerate(reversed(events)):
            lines = theme.wrap(event.text_for(viewer), fnt, inner.w - 10)
            y -= len(lines) * fnt.get_linesize() + 3
            if y < inner.y:
                break
            colour = theme.TEXT if index == 0 and not self.log_back else theme.TEXT_DIM
            theme.blit_lines(surface, lines[:1], fnt, colour, inner.x, y)
            theme.blit_lines(surface, lines[1:], fnt, colour, inner.x + 10, y + fnt.get_linesize())
        surface.set_clip(clip)

    def _wrap_message(self, width: int) -> list[str]:
        self._shown_message = self.session.message
        if not self.session.message:
            return []
        return text.wrap(self.session.message + "  (click to dismiss)", theme.font(14), width - 24, max_lines=4)

    def _draw_message(self, surface: pygame.Surface) -> None:
        """A problem (an AI or autosave failure) or a notice above the table, until clicked."""
        if not self._message_lines:
            return
        box = self._message_rect
        if self.session.notice:
            draw_box(surface, box, theme.INFO_BG, theme.INFO_EDGE, 2)
        else:
            draw_box(surface, box, theme.ERROR_BG, theme.ERROR_EDGE, 2)
        theme.blit_lines(surface, self._message_lines, theme.font(14), theme.TEXT, box.x + 10, box.y + 6)

    def _draw_zoom(self, surface: pygame.Surface) -> None:
        if self.presenter.chooser is not None or self.app.top is not self:
            return
        placed = self.item_at(self.mouse)
        if placed is None or placed.item.face is None:
            return
        big = card_surface(placed.item.face, LARGE)
        w, h = surface.get_size()
        anchor = placed.visible
        screen = pygame.Rect(0, 0, w, h)
        tags = placed.item.tags
        bw, bh = big.get_width(), big.get_height() + (8 + 24 * len(tags) if tags else 0)
        y = max(TOP, min(anchor.centery - bh // 2, h - bh - 4))
        x = max(4, min(anchor.centerx - bw // 2, w - bw - 4))
        spots = [
            pygame.Rect(anchor.right + 12, y, bw, bh),           # beside it, never over it
            pygame.Rect(anchor.x - 12 - bw, y, bw, bh),
            pygame.Rect(x, anchor.y - 12 - bh, bw, bh),           # above or below
            pygame.Rect(x, anchor.bottom + 12, bw, bh),
        ]
        # Keep the choices column clear when there is room elsewhere.
        left_of_choices = pygame.Rect(0, 0, self.areas["right"].x - 4, h)
        spot = next((r for r in spots if left_of_choices.contains(r)),
                    next((r for r in spots if screen.contains(r)), spots[0].clamp(screen)))
        shadow = pygame.Rect(spot.x + 5, spot.y + 5, bw, big.get_height())
        draw_box(surface, shadow, (6, 6, 10), radius=14)
        surface.blit(big, spot.topleft)
        y = spot.y + big.get_height() + 8
        for tag in tags:              # the item's tags, readable, under the big card
            img = theme.render(tag, 15, theme.TEXT_DARK, bold=True)
            badge = pygame.Rect(spot.x, y, min(bw, img.get_width() + 14), 22)
            draw_box(surface, badge, theme.BADGE, theme.CARD_INK, 1, radius=5)
            surface.blit(img, img.get_rect(center=badge.center))
            y += 24
