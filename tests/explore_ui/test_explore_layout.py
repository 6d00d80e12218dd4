"""The explore table at every supported window size with five players (and one): everything on screen and
clear of the choices panel, the locations in their colour rows with Home first and not overlapping, and
the other players collapsed to one line each; resizing relays the table."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest
from explore_helpers import make_app, pump

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.explore.scenes.layout import card_row, fit_row, overlap_hits
from guardians.games.explore.scenes.play import ExplorePlayScene
from guardians.ui.session import Session

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080)]


def advance(session: Session, brain, rng: random.Random, decisions: int) -> None:
    for _ in range(decisions):
        decision = session.state.decision
        if decision is None:
            return
        session.apply(brain.choose(session.state) if rng.random() < 0.8 else rng.choice(decision.options))


@pytest.mark.parametrize("size, players", list(itertools.product(SIZES, (5, 1))))
def test_every_piece_is_on_screen_and_the_town_is_a_grid(size, players):
    app = make_app(size)
    try:
        rng = random.Random(size[0] + players)
        session = Session.start(GameConfig("explore", players, ("human",) * players), rng.randrange(10**6))
        scene = ExplorePlayScene(app, session)
        app.push(scene)
        brain = make_player("ai:greedy", "explore", 1)
        screen = pygame.Rect((0, 0), size)
        modes = set()
        for checkpoint in range(7):
            advance(session, brain, rng, 25 if checkpoint < 3 else 70)
            if session.state.is_over:
                break
            session.accept_handover()
            scene._changed()
            pump(app)
            modes.add(scene.view.mode)
            assert not session.message, session.message
            pieces = scene.view.all()
            assert pieces
            for piece in pieces:
                assert screen.contains(piece.rect), (piece.key, piece.rect, size)
                assert not piece.rect.colliderect(scene.geo.right), (piece.key, "under the choices panel")
            if scene.view.mode == "town":
                tiles = {int(p.key[4:]): p.rect for p in pieces if p.key.startswith("loc:")}
                assert len(tiles) == 10
                for a, b in itertools.combinations(tiles.values(), 2):
                    assert not a.colliderect(b)
                state = session.state
                rows = {}
                for loc, rect in tiles.items():
                    rows.setdefault(state.L[loc].colour, []).append((rect.y, rect.x, loc))
                assert sorted(rows) == ["blue", "red", "yellow"]
                assert min(rows["blue"])[2] == 0 and state.L[0].base            # Home first
                assert min(y for y, _, _ in rows["blue"]) < min(y for y, _, _ in rows["yellow"]) < \
                    min(y for y, _, _ in rows["red"])
                mats = [p for p in pieces if p.key.startswith("mat:")]
                assert len(mats) == players - 1
                for mat in mats:
                    assert mat.rect.h <= scene.geo.px(40)                      # collapsed to one line
        assert "town" in modes
    finally:
        app.close()


def test_resizing_the_window_relays_the_table():
    app = make_app((1280, 720))
    try:
        session = Session.start(GameConfig("explore", 5, ("human",) + ("ai:greedy",) * 4), 12)
        scene = ExplorePlayScene(app, session)
        app.push(scene)
        pump(app, 2)
        before = scene.geo.town
        app.set_window((1920, 1080), False)
        pump(app, 2)
        assert scene.geo.size == (1920, 1080) and scene.geo.town.w > before.w
        assert all(pygame.Rect(0, 0, 1920, 1080).contains(p.rect) for p in scene.view.all())
    finally:
        app.close()


def test_rows_of_cards_shrink_then_overlap_and_hits_are_the_visible_parts():
    area = pygame.Rect(0, 0, 300, 140)
    few = card_row(area, 2, 100, 6, 40)
    assert [r.w for r in few] == [100, 100] and few[1].x - few[0].right == 6
    many = card_row(area, 12, 100, 6, 40)
    assert all(area.contains(r) for r in many) and many[1].x < many[0].right
    hits = overlap_hits(many)
    assert all(h.w == many[1].x - many[0].x for h in hits[:-1]) and hits[-1] == many[-1]
    row = fit_row([(50, 70)] * 3, pygame.Rect(0, 0, 100, 70), 4, min_scale=1.0)
    assert row[0].x == 0 and row[-1].right == 100
