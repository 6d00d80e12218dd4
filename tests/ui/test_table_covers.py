"""A scene that says it `covers` the window is drawn without clearing the window first (a full-window
fill saved on every frame). That holds only if its frame paints every pixel: checked for every
registered game's table, at each window size, move after move."""

from __future__ import annotations

import pygame
import pytest
from table_helpers import games, make_app, player_counts, start

from guardians.ai import make_player
from guardians.engine.state import GameConfig

MARKER = (255, 0, 254)          # a colour no table uses
SIZES = [(1280, 720), (1600, 900), (1920, 1080)]


def unpainted(surface: pygame.Surface) -> int:
    """Pixels still showing the marker."""
    return pygame.mask.from_threshold(surface, MARKER, (1, 1, 1, 255)).count()


@pytest.mark.parametrize("game_id", games())
def test_a_covering_table_paints_every_pixel(game_id: str) -> None:
    for size in SIZES:
        app = make_app(size)
        try:
            players = player_counts(game_id)[-1]
            scene, session = start(app, GameConfig(game_id, players, ("human",) + ("ai:greedy",) * (players - 1)), 5)
            if not scene.covers:
                continue
            bots = [make_player("ai:greedy", game_id, seat) for seat in range(players)]
            for _ in range(12):
                state = session.state
                if state.is_over:
                    break
                session.apply(bots[state.decision.seat].choose(state))
                scene._changed()
                app.screen.fill(MARKER)
                scene.draw(app.screen)
                assert unpainted(app.screen) == 0, (game_id, size, len(state.history))
        finally:
            app.close()


def test_the_marker_would_be_seen() -> None:
    """The check itself: a frame that leaves a corner unpainted is caught."""
    pygame.display.init()
    surface = pygame.Surface((64, 48))
    surface.fill(MARKER)
    surface.fill((10, 20, 30), pygame.Rect(0, 0, 64, 40))
    assert unpainted(surface) == 64 * 8
