"""Every option of every decision in random heroes games is reachable by mouse on the heroes table.

An option that names something on the table (a hero, location, card, Ultimate, the deck) must be
picked by clicking that thing: at once, through a selection (the hero, then its target), or through
the presenter's popup. An option naming nothing must have a button of its own. The scene's `choose`
is replaced by a recorder so every option can be tried without playing it.
"""

from __future__ import annotations

import random

import pygame
import pytest
from heroes_helpers import make_app

from guardians.engine.state import GameConfig
from guardians.games.heroes.scenes.play import HeroesPlayScene
from guardians.games.heroes.scenes.selection import OPT, anchors
from guardians.ui.session import Session


def send(scene: HeroesPlayScene, pos: tuple[int, int], button: int = 1) -> None:
    """A real click through the scene's event handler: move, press, release."""
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    if scene._stale:
        scene.refresh()


def reset(scene: HeroesPlayScene) -> None:
    scene.presenter.chooser = None
    scene._decision_seen = None            # as if the decision had just arrived (auto-selection included)
    scene.refresh()


def reach(scene: HeroesPlayScene, option, screen: pygame.Rect, picked: list) -> str:
    """Click `option` on the table; returns the route, asserting it picked exactly `option`."""
    picked.clear()
    presenter = scene.presenter
    for target in presenter.targets:
        assert screen.contains(target.rect), (target.ref, target.rect)
        if target.direct == option:
            send(scene, target.rect.center)
            assert picked == [option], (option.label, picked)
            return "direct" if not target.ref.startswith(OPT) else "button"
    rects = scene.view.rects()
    for ref in anchors(option):
        if ref in scene.selectable:
            send(scene, rects[ref].center)
            assert scene.selected == ref
            for target in presenter.targets:
                if target.direct == option:
                    send(scene, target.rect.center)
                    assert picked == [option], (option.label, picked)
                    return "select"
            raise AssertionError(f"selecting {ref} shows no target for {option.label}")
    for target in presenter.targets:
        if option in target.actions:
            send(scene, target.rect.center)
            assert presenter.chooser is not None
            send(scene, presenter.chooser.buttons[target.actions.index(option)].rect.center)
            assert picked == [option], (option.label, picked)
            return "chooser"
    raise AssertionError(f"{option.label!r} ({option.refs}) cannot be clicked on the table")


@pytest.mark.parametrize("players, size, games", [(2, (1280, 720), 3), (4, (1280, 720), 2), (2, (1920, 1080), 1),
                                                  (4, (1366, 768), 1)])
def test_every_option_is_clickable_where_it_lives(players, size, games):
    app = make_app(size)
    screen = pygame.Rect((0, 0), size)
    seen_routes: dict[str, int] = {}
    kinds: set[str] = set()
    try:
        for game in range(games):
            rng = random.Random(players * 100 + game)
            variant = "first_game" if players == 2 and game == 2 else "standard"
            session = Session.start(GameConfig("heroes", players, ("human",) * players, variant), rng.randrange(10**6))
            scene = HeroesPlayScene(app, session)
            app.reset(scene)
            picked: list = []
            scene.choose = picked.append            # record instead of playing
            for _ in range(260):
                decision = session.state.decision
                if decision is None:
                    break
                session.accept_handover()
                reset(scene)
                kinds.add(decision.kind)
                for option in decision.options:
                    route = reach(scene, option, screen, picked)
                    seen_routes[route] = seen_routes.get(route, 0) + 1
                    reset(scene)
                session.apply(rng.choice(decision.options))
    finally:
        app.close()
    assert {"direct", "select", "button"} <= set(seen_routes), seen_routes
    assert {"faction", "place", "mulligan", "main"} <= kinds, kinds
