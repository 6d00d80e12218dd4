"""A seeded monkey: ten thousand random mouse and key events across the menu and play scenes."""

from __future__ import annotations

import random

import pygame
from ui_helpers import click, clickables, make_app

from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.play import PlayScene

EVENTS = 10_000
KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_BACKSPACE, pygame.K_TAB, pygame.K_F11, pygame.K_z,
        pygame.K_SPACE, pygame.K_a, pygame.K_1, pygame.K_UP, pygame.K_DOWN]


def random_event(rng: random.Random, app) -> list[pygame.event.Event]:
    w, h = app.size
    top = app.top
    roll = rng.random()
    if roll < 0.45 and top is not None:            # aim at something clickable half the time
        rects = clickables(top)
        pos = rng.choice(rects).center if rects else (rng.randrange(w), rng.randrange(h))
    else:
        pos = (rng.randrange(-20, w + 20), rng.randrange(-20, h + 20))
    roll = rng.random()
    if roll < 0.55:
        button = 1 if rng.random() < 0.85 else rng.choice([2, 3, 4, 5])
        events = [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)),
                  pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)]
        if rng.random() < 0.9:
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        return events
    if roll < 0.7:
        return [pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(1, 1), buttons=(0, 0, 0))]
    if roll < 0.8:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-3, -1, 1, 3]), flipped=False)]
    if roll < 0.97:
        code = rng.choice(KEYS)
        mod = pygame.KMOD_CTRL if rng.random() < 0.3 else 0
        text = chr(code) if 32 <= code < 127 else ""
        events = [pygame.event.Event(pygame.KEYDOWN, key=code, mod=mod, unicode=text, scancode=0)]
        if text:
            events.append(pygame.event.Event(pygame.TEXTINPUT, text=rng.choice([text, "7", "x"])))
        return events
    return [pygame.event.Event(pygame.VIDEORESIZE, size=(w, h), w=w, h=h)]


def test_monkey_ten_thousand_events_menu_and_play():
    rng = random.Random(20240601)
    app = make_app()
    seen: set[str] = set()
    restarts = 0
    posted = 0
    try:
        app.push(MenuScene(app))
        while posted < EVENTS:
            if not app.running or app.top is None:       # the monkey found "Quit"
                app.close()
                app = make_app()
                app.push(MenuScene(app))
                restarts += 1
            if rng.random() < 0.01 and not isinstance(app.top, PlayScene):   # force some play time
                menu = MenuScene(app)
                app.reset(menu)
                for _ in range(rng.randrange(len(menu.game.choices))):
                    click(app, menu.game.next.rect.center)
                menu._start()
            for event in random_event(rng, app):
                pygame.event.post(event)
                posted += 1
            app.step(wait=False)
            seen.add(type(app.top).__name__)
            top = app.top
            if isinstance(top, PlayScene) and top.session.job is not None:
                top.session.wait_for_ai(5.0)
            if isinstance(top, PlayScene):
                message = top.session.message or ""
                assert "AI for" not in message, message
    finally:
        app.close()
    print("monkey:", sorted(seen), "restarts", restarts)
    assert posted >= EVENTS
    assert {"MenuScene", "PlayScene"} <= seen, seen
