"""The log's kept entries (guardians/ui/table/chrome.py): each entry is written once on the panel's colour and
blitted whole. The log must be the very pixels of writing every line afresh (`draw_log(line_by_line=True)`,
the painter as it was before, which the text audit reads), after the moves of a seeded game and with the log
scrolled back so its top entry is cut. (The top bar and the choices heading go through the kept pictures: tests/ui/test_pictures.py
compares the whole still picture drawn with and without them.)"""

from __future__ import annotations

import pygame
import pytest
from table_helpers import random_moves, redraw
from test_pictures import differing

from guardians.engine import GameConfig
from guardians.ui import theme
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session
from guardians.ui.table import chrome

TABLE_GAMES = ("heroes", "explore", "realms", "chronicles")


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_the_log_drawn_from_kept_entries_is_the_log_written_line_by_line(app, game_id: str) -> None:
    players = 4 if game_id in ("heroes", "realms") else 3
    config = GameConfig(game_id, players, ("human",) + ("ai:random",) * (players - 1))
    session = Session.start(config, 3, pace=0.0)
    scene = make_play_scene(app, session)
    app.replace(scene)
    compared = 0
    for step in random_moves(session, 3, 40):
        redraw(scene)
        rect = scene.geo.log
        for back in (0, 3) if step % 8 == 0 else (0,):
            scene.log_back = min(back, max(0, len(session.state.log) - 1))
            kept, fresh = (pygame.Surface(app.screen.get_size()).convert() for _ in range(2))
            for surface in (kept, fresh):
                surface.fill(theme.BG)
            chrome.draw_log(kept, rect, scene)
            chrome.draw_log(fresh, rect, scene, line_by_line=True)        # every line written, one by one
            assert differing(kept, fresh) == 0, f"{game_id}: the log differs after move {step} (back {back})"
            compared += 1
        scene.log_back = 0
    assert compared >= 40
