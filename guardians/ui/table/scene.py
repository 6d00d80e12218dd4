"""The table scene every game's own table is built on: the generic play scene's session handling
(AI turns, undo, hand-over, end screen; see `guardians.ui.scenes.board`) with a picture of pieces.

A game subclasses `TableScene` and supplies:

- `metrics` (a `Metrics`: its frame's sizes) and `clicks` (a `Clicks`: its two-step click rules);
- `geometry(size)`: its layout, a dataclass mixing in `Scaled` with at least `top`, `right`, `choices`,
  `log` and `centre` (see `layout.frame`);
- `build(seen, geo, shown, title, hint) -> View`: its pieces, drawn from `seen = state.view(viewer)`
  (the rules' masked copy for the seat watching) and never from the state itself;
- `top_bar(seen) -> TopBar`, `choice_hint(decision)` (what to click now; `hint_line` and `waiting_title`
  have defaults), `table_area()` (where messages and played cards are shown),
  `derive_animations(old, new, events, seen)`, `end_scene()`;
- optionally its own clicks (`pressable`, `released`, `right_click`, `click_on_nothing`, `escape`) and
  words (`SELECTED_NOTE`, `IDLE_LINE`, `THINKING_HINT`, `NO_CHOICE_HINT`, `PRIMARY_KINDS`, `LOG_BOLD`,
  `LOG_COLOURS`, `target_label`).

Frames stay cheap: the table is drawn into a cached picture when something changes (the state, the
window, the selection, the pieces in motion) and each frame blits it and adds the hover layer.
"""

from __future__ import annotations

import gc

import pygame

from guardians.engine.actions import Decision, Event
from guardians.ui import theme
from guardians.ui.animation import Animator
from guardians.ui.app import App
from guardians.ui.guide import GuideTips
from guardians.ui.presenter import Target
from guardians.ui.scenes.board import BoardPlayScene
from guardians.ui.session import Session
from guardians.ui.table import chrome, overlay
from guardians.ui.table.chrome import TopBar
from guardians.ui.table.hover import HOVER_DELAY, Hover, Pinned
from guardians.ui.table.metrics import Metrics
from guardians.ui.table.pictures import NEW_PER_FRAME, Pictures
from guardians.ui.table.prompt import CANCEL
from guardians.ui.table.selection import Clicks
from guardians.ui.table.view import Piece, Still, View
from guardians.ui.widgets import Button, event_pos, is_press, is_release

PIN_KEY = pygame.K_p          # pins the hovered card (as a right-click the game does not use)
CLICKS = (1, 2, 3)            # mouse buttons that are clicks (4 and 5 are the wheel)


def freeze_long_lived() -> None:
    """Keep what already lives when a table opens (content, fonts, the game's start) out of the garbage
    collector's full passes: such a pass walks every object and, with the content loaded, took several
    milliseconds of a frame. The previous table's frozen objects are let go first (`unfreeze`, `collect`)."""
    gc.unfreeze()
    gc.collect()
    gc.freeze()


class TableScene(BoardPlayScene):
    covers = True                    # each frame starts with the still picture, as big as the window
    metrics: Metrics = Metrics()
    clicks: Clicks = Clicks()
    SELECTED_NOTE = "What the selected piece can do:"
    IDLE_LINE = ""                                   # the choices panel while only computers play
    PRIMARY_KINDS: frozenset[str] = frozenset()      # option kinds whose buttons stand out
    LOG_BOLD: frozenset[str] = frozenset()
    LOG_COLOURS: dict[str, tuple[int, int, int]] = {}
    THINKING_HINT = ""                               # the hint line while a computer thinks
    NO_CHOICE_HINT = ""                              # the hint line while nobody chooses here
    HOVER_DELAY = HOVER_DELAY                        # seconds of rest before the hovered card shows

    def __init__(self, app: App, session: Session) -> None:
        super().__init__(app, session)
        self.animator = Animator.for_speed(app.settings.animation_speed)
        self.rules_button = Button("Rules", size=15)
        self.cards_button = Button("Cards", size=15)
        self.geo = self.geometry(app.size)
        self.view = View()
        self.seen = None                          # state.view(viewer) of the last build
        self.shown: Decision | None = None
        self.selected: str | None = None
        self.selectable: set[str] = set()
        self.select_targets: list[Target] = []
        self._decision_seen: Decision | None = None
        self._pressed: str | None = None
        self._base: pygame.Surface | None = None
        self.moving_keys: frozenset[str] = frozenset()
        self._base_dirty = True
        self._snap: tuple | None = None           # (state, log length, viewer, size, mode) of self.view
        self.prompt_lines: list[str] = []
        self.builds = 0
        # the player's hover delay (settings), unless the game set its own
        delay = app.settings.hover_seconds if self.HOVER_DELAY == HOVER_DELAY else self.HOVER_DELAY
        self.hover = Hover(delay)
        # the guided first game's tips (guardians/ui/guide.py), drawn over the log panel
        self.tips = GuideTips(session.game_id, app.settings, session.guided, self.open_rules)
        self._tip_decision: Decision | None = None
        if self.tips.problem:
            session.message = self.tips.problem
        elif session.guided and not self.tips.on:
            self.notify("Guide tips are switched off in Settings")
        self.pictures: Pictures | None = Pictures()   # pieces with a look, painted once (None: paint all)
        self.rebuilt_now = False        # this frame rebuilt the table (a move): it makes no kept pictures
        freeze_long_lived()

    # ----- what a game supplies ----------------------------------------------------------------

    def geometry(self, size: tuple[int, int]):
        raise NotImplementedError

    def build(self, seen, geo, shown: Decision | None, title: str, hint: str) -> View:
        raise NotImplementedError

    def top_bar(self, seen) -> TopBar:
        raise NotImplementedError

    def title_line(self) -> str:
        """The prompt strip's first line: whose choice it is and what it asks."""
        session, state = self.session, self.state
        if state.is_over:
            return "Game over"
        seat = session.seat_to_move
        if seat is None:
            return ""
        waiting = self.waiting_title(seat)
        if waiting:
            return waiting
        decision = state.decision
        prompt = decision.prompt if decision else ""
        if len(session.humans) == 1:
            return f"Your choice — {prompt}"
        return f"{state.seat_name(seat)} — {prompt}"

    def waiting_title(self, seat: int) -> str:
        """The first line while `seat` is not (yet) choosing here: by default, while a computer thinks,
        "<seat> (computer) is thinking…"; a game may say it its own way."""
        if self.session.thinking is not None:
            return f"{self.state.seat_name(seat)} (computer) is thinking…"
        return ""

    def hint_line(self, shown: Decision | None) -> str:
        """The prompt strip's second line: `THINKING_HINT` while a computer thinks, `NO_CHOICE_HINT` while
        nobody chooses here, else the game's `choice_hint` for the decision as presented."""
        if shown is None:
            return self.THINKING_HINT if self.session.thinking is not None else self.NO_CHOICE_HINT
        return self.choice_hint(self.presented_decision() or shown)

    def choice_hint(self, decision: Decision) -> str:
        """What to click now for `decision` (with the current selection), in a few words."""
        return ""

    def table_area(self) -> pygame.Rect:
        """Where problems are written and played cards shown large."""
        return self.geo.centre

    def derive_animations(self, old: View, new: View, events: list[Event], seen) -> None:
        """Add tweens to `self.animator` for what happened between two views."""

    def target_label(self, target: Target) -> str:
        """A word written on a target (so a choice reads without colour)."""
        return ""

    def target_label_box(self, target: Target, size: tuple[int, int]) -> pygame.Rect:
        """Where the target's word (`target_label`, its image `size`) is drawn: inside the outline at its
        bottom; a game whose pieces have words there moves it clear of them."""
        box = pygame.Rect(0, 0, size[0] + 8, size[1] + 2)
        box.midbottom = (target.rect.centerx, target.rect.bottom + 1)
        return box

    def draw_preview(self, surface: pygame.Surface) -> None:
        """What hovering a piece shows on the table before it is clicked (a figure's moves), if the game
        shows anything; drawn under the hover card."""

    def hover_spot(self, piece: Piece, size: tuple[int, int]) -> pygame.Rect | None:
        """Where the hovered piece's large card goes, when the game wants it away from its preview (so the card
        does not cover what the hover outlines); None: beside the piece, as usual."""
        return None

    def pin_hint(self, piece: Piece) -> str:
        """The line under a hovered card that says how to pin it (a game whose right-click does something
        else on some pieces says so)."""
        return overlay.PIN_HINT

    def on_new_decision(self, decision: Decision | None) -> None:
        """A new decision is shown (reset what belonged to the previous one)."""

    def length(self, value: int) -> int:
        """A frame offset: in pixels with fixed metrics, else scaled with the window."""
        return value if self.metrics.fixed else self.geo.px(value)

    def show_area(self) -> pygame.Rect:
        return self.table_area()

    def toast_area(self) -> pygame.Rect:
        """Just under the top bar, centred on everything left of the choices."""
        return pygame.Rect(0, self.geo.top.bottom, self.geo.right.x, 0)

    # ----- what is offered ---------------------------------------------------------------------

    def _shown_decision(self) -> Decision | None:
        decision = self.presented_decision()
        if decision is not self._decision_seen:
            self._decision_seen = decision
            self.selected = self.clicks.auto_selection(decision) if decision is not None else None
            self.on_new_decision(decision)
        if decision is None:
            self.selected = None
            return None
        if self.selected is not None and self.selected not in self.clicks.selectable_refs(decision):
            self.selected = None
        return self.clicks.shown(decision, self.selected)

    # ----- layout ------------------------------------------------------------------------------

    def refresh(self) -> None:
        self._stale = False
        size = self.app.size
        state = self.state
        self.geo = geo = self.geometry(size)
        m = self.metrics
        viewer = self.session.viewer
        decision = self.presented_decision()
        shown = self._shown_decision()
        self.shown = shown
        try:
            self.seen = state.view(viewer)
            view = self.build(self.seen, geo, shown, self.title_line(), self.hint_line(shown))
        except Exception as exc:        # a drawing bug must not take the game down: say so, keep the list
            self.session.message = f"The table could not be drawn: {type(exc).__name__}: {exc}"
            view = View(viewer=viewer)
        self.builds += 1
        if decision is not self._tip_decision:
            self._tip_decision = decision
            if decision is not None and not state.is_over:
                self.tips.offer(getattr(self.seen, "phase", None), decision.kind)
        self.tips.layout(geo.log, geo.font(m.tip_px))
        self._animate(view, size)
        self.view = view
        rects = view.rects()
        right = geo.choices
        prompt_font = theme.font(geo.font(m.prompt_px), True)
        self.prompt_lines = theme.wrap(shown.prompt if shown else "", prompt_font, right.w - 20)[:3]
        list_top = right.y + self.length(m.list_head) + 8 + len(self.prompt_lines) * prompt_font.get_linesize() + \
            self.length(m.list_gap)
        self.undo_button.visible = self.session.can_undo
        # the list takes the Undo button's place while there is nothing to undo (issue #18: five rows and
        # arrows with empty space below)
        bottom = right.bottom - (self.length(m.list_bottom) if self.undo_button.visible else 8)
        list_rect = pygame.Rect(right.x + 8, list_top, right.w - 16, bottom - list_top)
        self.presenter.list.size = geo.font(m.list_px)
        self.presenter.present(shown, rects, list_rect, geo.centre)
        self._split_targets(decision, rects)
        self.undo_button.rect = pygame.Rect(right.x + 8, right.bottom - self.length(m.undo_y), right.w - 16,
                                            self.length(m.undo_h))
        top = geo.top
        bw = geo.px(m.button_w)
        inset = m.menu_inset
        self.menu_button.rect = pygame.Rect(top.right - bw - 8, top.y + inset, bw, top.h - 2 * inset)
        self.cards_button.rect = self.menu_button.rect.move(-(bw + 6), 0)
        self.rules_button.rect = self.cards_button.rect.move(-(bw + 6), 0)
        for button in (self.menu_button, self.cards_button, self.rules_button):
            button.size = geo.font(m.button_px)
        self.undo_button.size = geo.font(m.undo_px)
        self.areas = {"log": geo.log, "right": geo.right, "table": geo.centre}
        self._base_dirty = True

    def _split_targets(self, decision: Decision | None, rects: dict[str, pygame.Rect]) -> None:
        """Targets in drawing order (a click goes to the topmost thing), kept to first clicks; refs that
        select (the first half of a pair) are handled here instead of by the presenter's chooser."""
        order = {piece.ref: i for i, piece in enumerate(self.view.all()) if piece.ref is not None}
        self.presenter.targets.sort(key=lambda t: order.get(t.ref, -1))
        if decision is None or self.selected is not None:
            self.selectable = set()
            self.select_targets = []
            return
        clicks = self.clicks
        self.selectable = {r for r in clicks.selectable_refs(decision) if r in rects}
        first_clicks = {r for a in self.shown.options for r in clicks.anchors(a)} if self.shown else set()
        kept: list[Target] = []
        for target in self.presenter.targets:
            if target.ref in self.selectable or target.ref not in first_clicks:
                continue
            actions = tuple(a for a in target.actions if target.ref in clicks.anchors(a))
            kept.append(target if actions == target.actions else Target(target.rect, target.ref, actions))
        self.presenter.targets = kept
        self.select_targets = [Target(pygame.Rect(rects[r]), r, ()) for r in sorted(self.selectable)]

    def _animate(self, view: View, size: tuple[int, int]) -> None:
        state = self.state
        snap = (state, len(state.log), self.session.viewer, size, view.mode)
        old, previous = self.view, self._snap
        self._snap = snap
        if previous is None or not self.animator.enabled or self.seen is None:
            return
        same = previous[0] is state and previous[2:] == snap[2:]
        if not same or snap[1] <= previous[1]:
            if not same:
                self.animator.skip()
            return
        self.animator.skip()
        try:
            self.derive_animations(old, view, list(state.log[previous[1]:]), self.seen)
        except Exception:          # decoration only: never let it break a move
            self.animator.skip()

    # ----- the hover card ----------------------------------------------------------------------

    def hovered_piece(self) -> Piece | None:
        """The piece under the pointer that shows a card or tip (none under a popup or another scene)."""
        if self.presenter.chooser is not None or self.app.top is not self:
            return None
        return self.view.hover_at(self.mouse)

    def busy(self) -> bool:
        return super().busy() or self.hover.waiting(self.hovered_piece())   # frames keep coming while it waits

    def update(self, dt: float) -> None:
        if self.hover.tick(self.hovered_piece(), dt):
            self.dirty = True
        super().update(dt)

    def pin_hover(self) -> bool:
        """Pin the hovered piece's card where it shows (at once, even before the delay); True when pinned."""
        piece = self.hovered_piece()
        if piece is None or piece.face is None:
            return False
        layout = overlay.hover_layout(self, piece, self.app.size)
        if layout is None:
            return False
        self.hover.pinned = Pinned(piece, pygame.Rect(layout[0]), layout[1])
        self.dirty = True
        return True

    def unpin_hover(self) -> None:
        self.hover.pinned = None
        self.dirty = True

    def _pin_event(self, event: pygame.event.Event) -> bool:
        """The pinned card's share of an event: Esc, a right-click or a click on it unpins and is taken; any
        other click unpins and goes on; P pins or unpins. True when the event was taken."""
        hover = self.hover
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == PIN_KEY:
            if hover.pinned is not None:
                self.unpin_hover()
                return True
            return self.pin_hover()
        if hover.pinned is None:
            if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) in CLICKS and hover.swallow_release:
                hover.swallow_release = False
                return True
            return False
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE:
            self.unpin_hover()
            return True
        pos = event_pos(event)
        if event.type == pygame.MOUSEBUTTONDOWN and pos is not None and getattr(event, "button", 0) in CLICKS:
            taken = event.button == 3 or hover.pinned.rect.collidepoint(pos)
            self.unpin_hover()
            hover.swallow_release = taken
            return taken
        return False

    def handle(self, event: pygame.event.Event) -> None:
        if self._pin_event(event):
            return
        if self.presenter.chooser is None and self.tips.handle(event):
            self.dirty = True
            return
        super().handle(event)

    # ----- events ------------------------------------------------------------------------------

    def pressable(self, piece: Piece) -> bool:
        """A piece of the game's own that takes clicks (opens something)."""
        return False

    def released(self, piece: Piece) -> bool:
        """A click on a piece `pressable` claimed; True when handled."""
        return False

    def right_click(self, piece: Piece | None) -> None:
        if self.selected:
            self._select(None)

    def click_on_nothing(self, pos: tuple[int, int]) -> bool:
        return False

    def escape(self) -> bool:
        return False

    def _handle_own_clicks(self, event: pygame.event.Event, pos: tuple[int, int] | None) -> bool:
        """Selections, Cancel, right-click and the game's own pieces; True when the event was used."""
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE:
            if self.selected:
                self._select(None)
                return True
            if self.escape():
                return True
        if pos is None:
            return False
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 3:
            selected = self.selected
            self.right_click(self.piece_at(pos))
            if self.selected == selected and self.app.top is self:
                self.pin_hover()          # a right-click the game did not use pins the hovered card
            return True
        if is_press(event):
            piece = self.piece_at(pos)
            self._pressed = None
            if piece is not None and (piece.key == CANCEL or piece.ref in self.selectable or self.pressable(piece)
                                      or (piece.ref is not None and piece.ref == self.selected)):
                self._pressed = piece.key
                return True
            return False
        if is_release(event):
            pressed, self._pressed = self._pressed, None
            piece = self.piece_at(pos)
            if pressed is None:
                return self.click_on_nothing(pos)
            if piece is None or piece.key != pressed:
                return True
            if self.released(piece):
                pass
            elif piece.key == CANCEL or piece.ref == self.selected:
                self._select(None)
            elif piece.ref in self.selectable:
                self._select(piece.ref)
            return True
        return False

    # ----- drawing -----------------------------------------------------------------------------

    def idle(self) -> bool:
        """Make the kept pictures the frame after a move put off (`Pictures.make_pending`)."""
        return self.pictures is not None and self.pictures.make_pending()

    def draw(self, surface: pygame.Surface) -> None:
        rebuilt = False
        if self._stale or self.session.message != self._shown_message:
            rebuilt = True
            area = self.table_area()
            self._message_lines = self._wrap_message(area.w)
            self._message_rect = pygame.Rect(area.x, area.y, area.w,
                                             len(self._message_lines) * theme.font(14).get_linesize() + 12)
            self.refresh()
        self.rebuilt_now = rebuilt
        moving = frozenset(t.key for t in self.animator.tweens if t.kind == "slide")
        if self._base is None or self._base_dirty or moving != self.moving_keys or \
                self._base.get_size() != surface.get_size():
            self._render_base(surface.get_size(), moving, 0 if rebuilt else NEW_PER_FRAME)
        surface.blit(self._base, (0, 0))
        for button in (self.rules_button, self.cards_button, self.menu_button, self.undo_button):
            button.draw(surface)
        if self.presenter.decision is not None:
            self.presenter.draw(surface)
        chrome.draw_thinking(surface, self)
        overlay.draw_highlights(surface, self)
        self.draw_preview(surface)
        overlay.draw_tweens(surface, self)
        self.tips.draw(surface)
        self._draw_message(surface)
        overlay.draw_hover(surface, self)
        self.presenter.draw_popup(surface)
        self.draw_toast(surface)

    def _render_base(self, size: tuple[int, int], moving: frozenset[str], new: int = NEW_PER_FRAME) -> None:
        """The still picture: everything but the pieces in motion, the hover layer and the buttons; `new`
        pictures may be made (0 in the frame right after a move: `Pictures.begin`)."""
        if self._base is None or self._base.get_size() != size:
            self._base = pygame.Surface(size).convert() if pygame.display.get_surface() else pygame.Surface(size)
        base = self._base
        base.fill(theme.BG)
        self.moving_keys = moving
        self._base_dirty = False
        pictures = self.pictures
        if pictures is not None:
            pictures.begin(new)
        for paint in self.view.statics:
            if pictures is not None and isinstance(paint, Still):
                pictures.draw(base, paint.rect, paint.look, paint.paint)
            else:
                paint(base)
        for piece in self.view.all():
            if piece.key not in moving:
                if pictures is None or piece.look is None:
                    piece.paint(base, piece.rect)
                else:
                    pictures.draw(base, piece.rect, piece.look, piece.paint)
        if self.seen is not None:
            chrome.draw_top_bar(base, self, self.top_bar(self.seen), pictures)
        chrome.draw_choices_heading(base, self, pictures)
        chrome.draw_log(base, self.geo.log, self)

    def _draw_message(self, surface: pygame.Surface) -> None:
        if not self._message_lines:
            return
        super()._draw_message(surface)
