"""The standard widgets: pygame_gui with the app's JSON theme (`assets/ui_theme.json`).

A `GuiScene` owns a `pygame_gui.UIManager`: events go to `process_events`, `update` runs the manager,
`draw` calls `draw_ui`. The scene (re)creates its elements in `build` whenever the window changes
size; the theme's font sizes are written for 1280×720 and scaled with the window and the UI scale.

Redraw on change: the scene is dirty after any input event and for a few frames after it (some
pygame_gui elements settle over two updates, e.g. a text box following its scroll bar), then idle
frames draw nothing. A focused text entry redraws twice a second for its blinking cursor.
"""

from __future__ import annotations

import copy
import json
import warnings
from functools import lru_cache
from typing import Callable, Generic, Sequence, TypeVar

import pygame
import pygame_gui
from pygame_gui.core import ObjectID
from pygame_gui.elements import (UIButton, UILabel, UIScrollingContainer, UITextBox, UITextEntryLine,
                                 UIVerticalScrollBar)

from guardians.engine.paths import assets_dir
from guardians.ui import scaling, text
from guardians.ui.app import App, Scene

T = TypeVar("T")
THEME_FILE = "ui_theme.json"
FONT_NAME = "dejavu"
SETTLE_FRAMES = 3
BLINK_SECONDS = 0.5
INPUT_EVENTS = frozenset({pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL,
                          pygame.KEYDOWN, pygame.KEYUP, pygame.TEXTINPUT, pygame.TEXTEDITING})


def ui_scale(size: tuple[int, int]) -> float:
    """How much larger than at 1280×720 the widgets are drawn: the window's scale (0.8 at 1024×640, up to
    3 at 4K) times the player's UI scale as far as it fits (`scaling.table_scale`), in steps of 1/16."""
    return max(0.5, int(min(4.5, scaling.table_scale(size)) * 16) / 16)


@lru_cache(maxsize=1)
def _theme_file() -> dict:
    return json.loads((assets_dir() / THEME_FILE).read_text(encoding="utf-8"))


@lru_cache(maxsize=8)
def _theme_for(scale: float) -> dict:
    data = copy.deepcopy(_theme_file())
    for block in data.values():
        font = block.get("font") if isinstance(block, dict) else None
        if not font:
            continue
        font["size"] = str(round(int(font["size"]) * scale))
        for key in ("regular_path", "bold_path", "italic_path", "bold_italic_path"):
            if key in font:
                font[key] = str(assets_dir() / font[key])
    return data


def theme_for(scale: float) -> dict:
    """The theme file as pygame_gui reads it: font paths made absolute, font sizes times `scale`."""
    return copy.deepcopy(_theme_for(scale))


def make_manager(size: tuple[int, int], scale: float | None = None) -> pygame_gui.UIManager:
    """A UIManager for a window of `size`, with the app's theme and fonts."""
    scale = ui_scale(size) if scale is None else scale
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        manager = pygame_gui.UIManager(size, theme_for(scale), enable_live_theme_updates=False)
    return manager


def oid(class_id: str | None = None, object_id: str | None = None) -> ObjectID:
    return ObjectID(class_id=class_id, object_id=object_id)


class GuiScene(Scene):
    """A scene made of pygame_gui elements. Subclasses lay them out in `build(size)`, called with the
    manager emptied when the scene is pushed (`App.push` calls `resize`) and whenever the window or
    the layout changes; they may draw under the elements in `draw_under`."""

    def __init__(self, app: App) -> None:
        super().__init__(app)
        self.scale = ui_scale(app.size)
        self.ui = make_manager(app.size, self.scale)
        self._settle = SETTLE_FRAMES
        self._blink = 0.0
        self._rebuild_pending = False
        self._built_size: tuple[int, int] | None = None

    def px(self, value: float) -> int:
        """`value` pixels at 1280×720, at the current scale."""
        return round(value * self.scale)

    def build(self, size: tuple[int, int]) -> None: ...

    def forget(self) -> None:
        """Called before the manager is emptied: drop references to its elements, keep their values."""

    def rebuild(self) -> None:
        self._rebuild_pending = False
        self.forget()
        self.ui.clear_and_reset()
        self._built_size = self.app.size
        self.build(self.app.size)
        self.changed()

    def rebuild_soon(self) -> None:
        """Rebuild before the next update (safe to ask from inside an element's callback)."""
        self._rebuild_pending = True
        self.changed()

    def changed(self) -> None:
        """Something shown changed: redraw now and for the next few frames."""
        self.dirty = True
        self._settle = SETTLE_FRAMES

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        if tuple(size) == self._built_size and not self._rebuild_pending:
            return          # a resize event that changed nothing (or a second one for the same size)
        scale = ui_scale(size)
        if scale != self.scale:
            self.scale = scale
            self.ui = make_manager(size, scale)
        else:
            self.ui.set_window_resolution(size)
        self.rebuild()

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in INPUT_EVENTS or event.type >= pygame.USEREVENT:
            self.changed()
        self.ui.process_events(event)
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE and not self.typing():
            self.escape()

    def escape(self) -> None:
        """Esc (outside a text entry)."""

    def typing(self) -> bool:
        focused = self.ui.get_focus_set()
        return bool(focused) and any(isinstance(e, UITextEntryLine) for e in focused)

    def update(self, dt: float) -> None:
        if self._rebuild_pending:
            self.rebuild()
        self.ui.update(dt)
        if self._scrolling():
            self.changed()          # pygame_gui eases a scroll over several updates: draw each
        if self._settle > 0:
            self._settle -= 1
            self.dirty = True
        if self.typing():
            self._blink += dt
            if self._blink >= BLINK_SECONDS:
                self._blink = 0.0
                self.dirty = True

    def busy(self) -> bool:
        return self._settle > 0

    def _scrolling(self) -> bool:
        return any(isinstance(e, UIVerticalScrollBar) and e.check_has_moved_recently()
                   for e in self.ui.get_sprite_group().sprites())

    def draw_under(self, surface: pygame.Surface) -> None: ...

    def draw(self, surface: pygame.Surface) -> None:
        self.draw_under(surface)
        self.ui.draw_ui(surface)


def button(scene: GuiScene, rect: pygame.Rect, label: str, command: Callable[[], None], *,
           primary: bool = False, enabled: bool = True, visible: bool = True, object_id: str | None = None
           ) -> UIButton:
    """A pygame_gui button that runs `command` when clicked (at once, inside `process_events`)."""
    element = UIButton(rect, label, scene.ui, command=command, visible=int(visible),
                       object_id=oid("@primary" if primary else None, object_id))
    if not enabled:
        element.disable()
    return element


def label(scene: GuiScene, rect: pygame.Rect, text: str, class_id: str | None = None,
          object_id: str | None = None) -> UILabel:
    """A one-line label, cut with "…" when it is wider than `rect`."""
    with warnings.catch_warnings():     # pygame_gui warns of a text too wide; fit_label cuts it
        warnings.simplefilter("ignore")
        element = UILabel(rect, text, scene.ui, object_id=oid(class_id, object_id))
    return fit_label(element)


def fit_label(element: UILabel) -> UILabel:
    """Cut the label's text with "…" (by the shared text fitting) so pygame_gui need not clip it."""
    room = element.rect.w - 2 * getattr(element, "text_horiz_alignment_padding", 0) - 4
    if element.font.size(element.text)[0] > room:
        element.set_text(text.ellipsize(element.text, element.font, room))
    return element


def problem_box(scene: GuiScene, rect: pygame.Rect, message: str) -> UITextBox:
    """A red "Problem:" box at `rect`'s top, as tall as its wrapped text."""
    html = "<b>Problem:</b> " + html_escape(message)
    return UITextBox(html, pygame.Rect(rect.x, rect.y, rect.w, -1), scene.ui, object_id=oid("@problem"))


def notice_box(scene: GuiScene, rect: pygame.Rect, message: str) -> UITextBox:
    """A calm box for news that is not a problem (a save archived), as tall as its wrapped text."""
    return UITextBox(html_escape(message), pygame.Rect(rect.x, rect.y, rect.w, -1), scene.ui,
                     object_id=oid("@notice"))


def html_escape(text: str) -> str:
    return text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")


class Stepper(Generic[T]):
    """A labelled value with ◀ / ▶ buttons cycling through `choices` (value, label) pairs: a label,
    two pygame_gui buttons and the value shown between them. `prev`/`next` are the buttons once laid
    out (None before)."""

    def __init__(self, caption: str, choices: Sequence[tuple[T, str]], index: int = 0,
                 on_change: Callable[[], None] | None = None) -> None:
        self.caption = caption
        self.choices: list[tuple[T, str]] = list(choices)
        self._index = index if 0 <= index < len(self.choices) else 0
        self.on_change = on_change
        self.prev: UIButton | None = None
        self.next: UIButton | None = None
        self.shown: UILabel | None = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    @property
    def index(self) -> int:
        return self._index

    @index.setter
    def index(self, value: int) -> None:
        self._index = value
        self._refresh()

    @property
    def value(self) -> T:
        return self.choices[self._index][0]

    @property
    def text(self) -> str:
        return self.choices[self._index][1] if self.choices else ""

    def set_choices(self, choices: Sequence[tuple[T, str]], keep: T | None = None) -> None:
        values = [v for v, _ in choices]
        self.choices = list(choices)
        self._index = values.index(keep) if keep in values else 0
        self._refresh()

    def select(self, value: T) -> bool:
        for i, (v, _) in enumerate(self.choices):
            if v == value:
                self.index = i
                return True
        return False

    def step(self, delta: int) -> None:
        if len(self.choices) > 1:
            self._index = (self._index + delta) % len(self.choices)
            self._refresh()
            if self.on_change is not None:
                self.on_change()

    def build(self, scene: GuiScene, rect: pygame.Rect, label_width: int) -> None:
        """Create the elements in `rect`: caption, ◀, value, ▶."""
        self.rect = pygame.Rect(rect)
        side = rect.h
        label(scene, pygame.Rect(rect.x, rect.y, label_width, side), self.caption)
        self.prev = UIButton(pygame.Rect(rect.x + label_width, rect.y, side, side), "◀", scene.ui,
                             command=lambda: self.step(-1), object_id=oid("@arrow"))
        self.next = UIButton(pygame.Rect(rect.right - side, rect.y, side, side), "▶", scene.ui,
                             command=lambda: self.step(1), object_id=oid("@arrow"))
        middle = pygame.Rect(self.prev.rect.right + 4, rect.y, self.next.rect.x - self.prev.rect.right - 8, side)
        with warnings.catch_warnings():
            warnings.simplefilter("ignore")
            self.shown = UILabel(middle, self.text, scene.ui, object_id=oid("@value"))
        fit_label(self.shown)
        self._refresh()

    def forget(self) -> None:
        """The elements are gone (the manager was cleared)."""
        self.prev = self.next = self.shown = None
        self.rect = pygame.Rect(0, 0, 0, 0)

    def _refresh(self) -> None:
        if self.shown is not None and self.shown.alive():
            with warnings.catch_warnings():
                warnings.simplefilter("ignore")
                self.shown.set_text(self.text)
            fit_label(self.shown)
        for arrow in (self.prev, self.next):
            if arrow is not None:
                arrow.enable() if len(self.choices) > 1 else arrow.disable()


class Field:
    """A labelled one-line pygame_gui text entry. `box` is the entry's rect, `text` its text."""

    def __init__(self, caption: str, placeholder: str = "", allowed: str | None = None, max_len: int = 12) -> None:
        self.caption = caption
        self.placeholder = placeholder
        self.allowed = allowed
        self.max_len = max_len
        self._text = ""
        self.entry: UITextEntryLine | None = None

    def build(self, scene: GuiScene, rect: pygame.Rect, label_width: int) -> None:
        label(scene, pygame.Rect(rect.x, rect.y, label_width, rect.h), self.caption)
        self.entry = UITextEntryLine(pygame.Rect(rect.x + label_width, rect.y, rect.w - label_width, rect.h),
                                     scene.ui, placeholder_text=self.placeholder)
        if self.allowed is not None:
            self.entry.set_allowed_characters(list(self.allowed))
        self.entry.set_text_length_limit(self.max_len)
        if self._text:
            self.entry.set_text(self._text)

    def forget(self) -> None:
        if self.entry is not None:
            self._text = self.entry.get_text()
        self.entry = None

    @property
    def box(self) -> pygame.Rect:
        return pygame.Rect(self.entry.rect) if self.entry is not None else pygame.Rect(0, 0, 0, 0)

    @property
    def text(self) -> str:
        return self.entry.get_text() if self.entry is not None else self._text

    @property
    def focused(self) -> bool:
        return self.entry is not None and self.entry.is_focused


class ButtonList:
    """A scrolling column of pygame_gui buttons, one per label, in a UIScrollingContainer; clicking
    one calls `on_pick(index)` at once. The `marked` row is shown selected."""

    SCROLL_BAR = 20

    def __init__(self, labels: Sequence[str], on_pick: Callable[[int], None]) -> None:
        self.labels = list(labels)
        self.on_pick = on_pick
        self.marked: int | None = None
        self.box: UIScrollingContainer | None = None
        self.buttons: list[UIButton] = []

    def build(self, scene: GuiScene, rect: pygame.Rect, row_h: int, gap: int = 4) -> None:
        self.box = UIScrollingContainer(rect, scene.ui, allow_scroll_x=False)
        content_h = len(self.labels) * (row_h + gap)      # a gap below the last row too
        width = rect.w - (self.SCROLL_BAR if content_h > rect.h else 0)
        self.box.set_scrollable_area_dimensions((width, content_h))
        self.buttons = []
        for i, caption in enumerate(self.labels):
            element = UIButton(pygame.Rect(0, i * (row_h + gap), width, row_h), caption, scene.ui,
                               container=self.box, command=self._picker(i),
                               object_id=oid("@list_row"))
            self.buttons.append(element)
        self.mark(self.marked)

    def _picker(self, index: int) -> Callable[[], None]:
        return lambda: self.on_pick(index)      # no parameters: pygame_gui would pass its event data

    def forget(self) -> None:
        self.box = None
        self.buttons = []

    def mark(self, index: int | None) -> None:
        self.marked = index
        for i, element in enumerate(self.buttons):
            element.select() if i == index else element.unselect()

    @property
    def scroll_bar(self):
        return self.box.vert_scroll_bar if self.box is not None else None

    def row_rect(self, index: int) -> pygame.Rect | None:
        """The on-screen rect of row `index` if it is wholly visible, else None."""
        if self.box is None or not 0 <= index < len(self.buttons):
            return None
        rect = pygame.Rect(self.buttons[index].rect)
        return rect if self.box.rect.contains(rect) else None
