"""A seeded monkey on the explore scenes: ten thousand random mouse and key events (half of the clicks
aimed at something drawn) over the Warm Up, the town, the card viewer, the rules, hand-over and end
screens, with animations on and off, 1 to 5 players, every variant and several window sizes. Nothing may
raise, and the table must always be drawable."""

from __future__ import annotations

import random

import pygame
from explore_helpers import make_app
from ui_helpers import clickables

from guardians.engine.state import GameConfig
from guardians.games.explore.scenes.play import ExplorePlayScene
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session

EVENTS = 10_000
KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_z, pygame.K_UP, pygame.K_DOWN, pygame.K_a]
SEATS = ["human", "human", "ai:random", "ai:greedy"]
SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080)]
VARIANTS = ["standard", "standard", "apprentice", "coop", "apprentice_coop"]


def targets(top) -> list[pygame.Rect]:
    rects = clickables(top)
    if isinstance(top, ExplorePlayScene):
        rects += [piece.area for piece in top.view.all()]
    cells = getattr(top, "cells", None)                  # the card viewer's grid
    if cells:
        rects += [rect for rect, _ in cells]
    return rects


def random_events(rng: random.Random, app) -> list[pygame.event.Event]:
    w, h = app.size
    rects = targets(app.top) if app.top is not None else []
    if rects and rng.random() < 0.5:
        pos = rng.choice(rects).center
    else:
        pos = (rng.randrange(-10, w + 10), rng.randrange(-10, h + 10))
    roll = rng.random()
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.55:
        button = 1 if rng.random() < 0.8 else rng.choice([2, 3])
        events = [motion, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)]
        if rng.random() < 0.93:
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        return events
    if roll < 0.75:
        return [motion]
    if roll < 0.85:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-2, -1, 1, 2]), flipped=False)]
    mod = pygame.KMOD_CTRL if rng.random() < 0.2 else 0
    return [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0)]


def new_game(app, rng: random.Random) -> None:
    players = rng.choice([1, 2, 3, 4, 5])
    seats = tuple(rng.choice(SEATS) for _ in range(players))
    if rng.random() < 0.3:               # some games the computer plays alone, to reach the end screen
        seats = ("ai:greedy",) * players
    variant = rng.choice(VARIANTS)
    app.settings.animation_speed = rng.choice(["off", "fast", "normal"])
    if rng.random() < 0.15:
        app.set_window(rng.choice(SIZES), False)
    session = Session.start(GameConfig("explore", players, seats, variant), rng.randrange(10**6))
    app.reset(make_play_scene(app, session))


def test_monkey_ten_thousand_events_on_the_explore_scenes(monkeypatch):
    # Autosaves are tested elsewhere; here their fsync would only slow the monkey down.
    monkeypatch.setattr("guardians.ui.session.write_autosave", lambda path, state: None)
    rng = random.Random(77)
    app = make_app()
    seen: set[str] = set()
    posted = 0
    try:
        new_game(app, rng)
        while posted < EVENTS:
            top = app.top
            if not app.running or top is None:
                app.close()
                app = make_app()
                new_game(app, rng)
                continue
            if type(top).__name__ == "MenuScene" or rng.random() < 0.002:
                new_game(app, rng)
            for event in random_events(rng, app):
                pygame.event.post(event)
                posted += 1
            app.step(wait=False)
            top = app.top
            seen.add(type(top).__name__)
            if isinstance(top, ExplorePlayScene):
                if top.session.job is not None:
                    top.session.wait_for_ai(5.0)
                message = top.session.message or ""
                assert "could not be drawn" not in message and "AI for" not in message, message
    finally:
        app.close()
    assert posted >= EVENTS
    assert {"ExplorePlayScene", "CardViewerScene", "ExploreEndScene", "HandoverScene", "RulesScene"} <= seen, seen
    print("monkey saw", sorted(seen))
