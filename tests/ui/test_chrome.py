"""The log's kept entries (guardians/ui/table/chrome.py): each entry is written once on the panel's colour and
blitted whole. The log must be the very pixels of writing every line afresh (the painter it replaced, kept
here as the reference), after the moves of a seeded game and with the log scrolled back so its top entry
is cut. (The top bar and the choices heading go through the kept pictures: tests/ui/test_pictures.py
compares the whole still picture drawn with and without them.)"""

from __future__ import annotations

import pygame
import pytest
from table_helpers import random_moves, redraw

from guardians.engine import GameConfig
from guardians.ui import theme
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session
from guardians.ui.table import chrome
from guardians.ui.table.text import text, wrapped
from guardians.ui.widgets import draw_box

TABLE_GAMES = ("heroes", "explore", "realms", "chronicles")


def log_line_by_line(surface: pygame.Surface, rect: pygame.Rect, scene) -> None:
    """The log as it was drawn before entries were kept: every line written on the panel, one by one."""
    geo, m = scene.geo, scene.metrics
    draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
    surface.blit(text("Log", geo.font(m.log_title_px), theme.PANEL_TITLE, True), (rect.x + 8, rect.y + 6))
    if scene.log_back:
        more = text(f"{scene.log_back} newer below (scroll)", geo.font(m.log_more_px), theme.TEXT_DIM)
        surface.blit(more, more.get_rect(topright=(rect.right - 8, rect.y + 8)))
    px = geo.font(m.log_px)
    line_h = theme.font(px).get_linesize()
    inner = pygame.Rect(rect.x + 8, rect.y + scene.length(m.log_top), rect.w - 16, rect.h - scene.length(m.log_cut))
    log = scene.state.log
    y = inner.bottom
    clip = surface.get_clip()
    surface.set_clip(inner)
    for index in range(len(log) - scene.log_back - 1, -1, -1):
        event = log[index]
        bold = event.kind in scene.LOG_BOLD
        lines = wrapped(event.text_for(scene.session.viewer), px, inner.w - 12, bold)
        y -= len(lines) * line_h + 2
        if (y + len(lines) * line_h if m.log_partial else y) < inner.y:
            break
        colour = scene.LOG_COLOURS.get(event.kind, theme.TEXT if index == len(log) - 1 else theme.TEXT_DIM)
        for i, line in enumerate(lines):
            if y + i * line_h >= inner.y:
                surface.blit(text(line, px, colour, bold), (inner.x + (10 if i else 0), y + i * line_h))
    surface.set_clip(clip)


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    same = pygame.transform.threshold(None, a, None, (1, 1, 1, 255), None, 0, b)
    return a.get_width() * a.get_height() - same


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
            log_line_by_line(fresh, rect, scene)
            written = pygame.Surface(app.screen.get_size()).convert()
            written.fill(theme.BG)
            chrome.draw_log(written, rect, scene, line_by_line=True)       # as the text audit reads it
            assert differing(written, fresh) == 0
            assert differing(kept, fresh) == 0, f"{game_id}: the log differs after move {step} (back {back})"
            compared += 1
        scene.log_back = 0
    assert compared >= 40
