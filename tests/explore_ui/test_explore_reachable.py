"""Every option of every decision in random explore games is reachable by mouse on the thing it names.

An option that names a card, monster, location, quest or the boss must be picked by clicking that thing
where the table draws it: at once, as one half of a pair (the final choice's SUPER card and quest), or
through the presenter's popup when several options name it. An option naming nothing must have a button
of its own. The scene's `choose` is replaced by a recorder, so every option is tried without playing it;
the games then go on (mostly the greedy AI's choice, sometimes a random one, so that games reach their
bosses and the rarer choices). Several player counts, variants and window sizes.
"""

from __future__ import annotations

import random

import pygame
import pytest
from explore_helpers import make_app, route_to

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.explore.scenes.play import ExplorePlayScene
from guardians.ui.session import Session


def send(scene: ExplorePlayScene, pos: tuple[int, int], button: int = 1) -> None:
    """A real click through the scene's event handler: move, press, release."""
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    if scene._stale:
        scene.refresh()


def reset(scene: ExplorePlayScene) -> None:
    scene.presenter.chooser = None
    scene.selected = None
    scene._decision_seen = None
    scene.refresh()


CASES = [  # players, variant, size, games, decisions per game
    (1, "standard", (1280, 720), 2, 400),
    (2, "standard", (1280, 720), 1, 500),
    (3, "apprentice", (1366, 768), 1, 400),
    (4, "standard", (1600, 900), 1, 500),
    (5, "standard", (1280, 720), 1, 700),
    (5, "coop", (1920, 1080), 1, 350),
]
SEEN_KINDS: set[str] = set()


@pytest.mark.parametrize("players, variant, size, games, limit", CASES)
def test_every_option_is_clickable_where_it_lives(players, variant, size, games, limit):
    app = make_app(size)
    screen = pygame.Rect((0, 0), size)
    routes: dict[str, int] = {}
    kinds: set[str] = set()
    try:
        for game in range(games):
            rng = random.Random(players * 100 + game + size[0])
            config = GameConfig("explore", players, ("human",) * players, variant)
            session = Session.start(config, rng.randrange(10**6))
            scene = ExplorePlayScene(app, session)
            app.reset(scene)
            picked: list = []
            scene.choose = picked.append            # record instead of playing
            brain = make_player("ai:greedy", "explore", game)
            for _ in range(limit):
                decision = session.state.decision
                if decision is None:
                    break
                session.accept_handover()
                reset(scene)
                assert not session.message, session.message
                kinds.add(decision.kind)
                for target in scene.presenter.targets + scene.select_targets:
                    assert screen.contains(target.rect), (target.ref, target.rect, size)
                    assert not target.rect.colliderect(scene.geo.right), (target.ref, "under the choices panel")
                for option in decision.options:
                    picked.clear()
                    route = route_to(scene, option, lambda pos: send(scene, pos))
                    assert route is not None, f"{option.label!r} ({option.refs}) cannot be clicked on the table"
                    assert picked == [option], (option.label, route, picked)
                    routes[route] = routes.get(route, 0) + 1
                    reset(scene)
                chosen = brain.choose(session.state) if rng.random() < 0.75 else rng.choice(decision.options)
                session.apply(chosen)
    finally:
        app.close()
    assert {"direct", "button"} <= set(routes), routes
    SEEN_KINDS.update(kinds)
    print(players, variant, size, routes, sorted(kinds))


def test_the_games_above_met_the_rarer_choices():
    """Runs after the cases above (file order): together they met the choices that only deep games make."""
    if len(SEEN_KINDS) < 5:
        pytest.skip("run with the cases above")
    assert {"draft", "setup", "location", "main", "place", "discard", "look", "target"} <= SEEN_KINDS, SEEN_KINDS
