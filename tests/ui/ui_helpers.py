"""Driving the app headless in tests: make an App, post real mouse/key events, step frames."""

from __future__ import annotations

import time
from typing import Callable

import pygame

from guardians.ui.app import App
from guardians.ui.settings import Settings


def make_app(size: tuple[int, int] = (1280, 720)) -> App:
    """An app with no pause between computer moves (tests need not watch them)."""
    return App(Settings(window_size=size, animation_speed="off"), size=size)


def pump(app: App, frames: int = 1) -> None:
    for _ in range(frames):
        if not app.running:
            return
        app.step(wait=False)


def post_click(pos: tuple[int, int], button: int = 1) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))


def click(app: App, pos: tuple[int, int], button: int = 1) -> None:
    """Post a press and release at `pos` and run a frame so the app handles them."""
    post_click((int(pos[0]), int(pos[1])), button)
    pump(app)


def key(app: App, key_code: int, mod: int = 0, text: str = "") -> None:
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=key_code, mod=mod, unicode=text, scancode=0))
    pygame.event.post(pygame.event.Event(pygame.KEYUP, key=key_code, mod=mod, unicode=text, scancode=0))
    if text:
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=text))
    pump(app)


def run_until(app: App, predicate: Callable[[], bool], max_frames: int = 5000, timeout: float = 60.0) -> bool:
    """Step frames (sleeping a little while an AI thinks) until `predicate()` holds."""
    deadline = time.monotonic() + timeout
    for _ in range(max_frames):
        if predicate():
            return True
        if not app.running or time.monotonic() > deadline:
            break
        top = app.top
        if top is not None and top.busy():
            time.sleep(0.002)
        app.step(wait=False)
    return predicate()


def distinct_colours(surface: pygame.Surface, step: int = 4) -> int:
    """How many different colours a (sub-sampled) surface shows."""
    w, h = surface.get_size()
    seen = set()
    for x in range(0, w, step):
        for y in range(0, h, step):
            seen.add(tuple(surface.get_at((x, y)))[:3])
    return len(seen)


def scroll_into_view(app: App, scroll_list, index: int, limit: int = 500) -> pygame.Rect:
    """Click the list's ▲ / ▼ (a pygame_gui list: turn the wheel over it) until row `index` is wholly
    visible; its rect."""
    from guardians.ui.gui import ButtonList

    if isinstance(scroll_list, ButtonList):
        return _wheel_into_view(app, scroll_list, index, limit)
    for _ in range(limit):
        rect = scroll_list.row_rect(index)
        if rect is not None:
            return rect
        row_top = scroll_list._rows[index].y
        arrow = scroll_list.down if row_top > scroll_list.offset else scroll_list.up
        assert arrow.visible and arrow.enabled, "row hidden and the list cannot scroll to it"
        click(app, arrow.rect.center)
    raise AssertionError(f"row {index} never came into view")


def _wheel_into_view(app: App, button_list, index: int, limit: int) -> pygame.Rect:
    pygame.mouse.set_pos(button_list.box.rect.center)      # pygame_gui scrolls what the mouse is over
    pump(app)
    for _ in range(limit):
        rect = button_list.row_rect(index)
        if rect is not None:
            return rect
        below = button_list.buttons[index].rect.y > button_list.box.rect.y
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if below else 1, flipped=False))
        for _ in range(5):                                   # the scroll eases in over a few frames
            time.sleep(0.01)
            pump(app)
    raise AssertionError(f"row {index} never came into view")


def click_option(app: App, presenter, index: int, via_table: bool = True) -> None:
    """Pick option `index` of the presented decision by mouse: its table item if it alone names
    one, else its row in the option list (scrolling there by the arrows)."""
    action = presenter.options[index]
    point = presenter.direct_point(action) if via_table else None
    if point is None:
        point = scroll_into_view(app, presenter.list, index).center
    click(app, point)


def gui_rects(scene) -> list[pygame.Rect]:
    """Rects of the scene's pygame_gui elements a click can act on (visible, enabled buttons and
    text entries, including those inside lists and scroll bars), each clipped to what is shown."""
    from pygame_gui.elements import UIButton, UITextEntryLine

    manager = getattr(scene, "ui", None)
    if manager is None:
        return []
    rects = []
    for element in manager.get_sprite_group().sprites():
        if not element.visible or not isinstance(element, (UIButton, UITextEntryLine)):
            continue
        if isinstance(element, UIButton) and not element.is_enabled:
            continue
        rect = pygame.Rect(element.rect)
        container = element.ui_container
        if container is not None:
            rect = rect.clip(container.get_rect())
        if rect.w > 0 and rect.h > 0:
            rects.append(rect)
    return rects


def clickables(scene) -> list[pygame.Rect]:
    """Rects of everything clickable the scene holds (buttons, arrows, list rows, table targets,
    pygame_gui elements)."""
    from guardians.ui.presenter import Presenter
    from guardians.ui.widgets import Button, ScrollList

    rects: list[pygame.Rect] = gui_rects(scene)

    def visit(obj, depth: int) -> None:
        if isinstance(obj, Button):
            if obj.active:
                rects.append(pygame.Rect(obj.rect))
        elif isinstance(obj, ScrollList):
            visit(obj.up, depth)
            visit(obj.down, depth)
            rects.extend(r for r in (obj.row_rect(i) for i in range(len(obj.labels))) if r is not None)
        elif isinstance(obj, Presenter):
            visit(obj.list, depth)
            rects.extend(t.rect for t in obj.targets)
            if obj.chooser is not None:
                for button in obj.chooser.buttons:
                    visit(button, depth)
        elif isinstance(obj, (list, tuple)) and depth > 0:
            for value in obj:
                visit(value, depth - 1)

    for value in vars(scene).values():
        visit(value, 1)
    return rects
