"""The chronicles map zooms and scrolls (issue #16: a base of nine tiles in a small window): the wheel zooms about
the pointer, the arrow keys and a drag scroll, F fits; whatever the camera, a click on a space picks the option
that names that space, and nothing of the map is drawn or hit outside its area."""

from __future__ import annotations

import random
from collections import Counter

import pygame
from ui_helpers import click, key, make_app, pump

from guardians.engine.state import GameConfig
from guardians.games.chronicles.scenes import board
from guardians.games.chronicles.scenes.camera import Camera, place
from guardians.games.chronicles.scenes.play import ChroniclesPlayScene
from guardians.ui.session import Session

MAP_GROUPS = ("cell", "figure", "door", "plaque", "area")


def start(app, seed: int = 4, scenario: str = "doomsday_reactor"):
    config = GameConfig("chronicles", 3, ("human",) * 3, options=(("scenario", scenario),))
    session = Session.start(config, seed)
    scene = ChroniclesPlayScene(app, session)
    app.reset(scene)
    if session.needs_handover:
        session.accept_handover()
    scene._changed()
    pump(app, 2)
    return scene, session


def to_cell_choice(scene, session, seed: int) -> None:
    """Play at random until a decision offers several spaces, each named by one option only (a click picks it)."""
    rng = random.Random(seed)
    for _ in range(400):
        decision = session.state.decision
        refs = Counter(r for a in decision.options for r in a.refs if r.startswith("cell:"))
        if sum(1 for n in refs.values() if n == 1) >= 4 and all(len(a.refs) == 1 for a in decision.options
                                                                 if a.refs and a.refs[0].startswith("cell:")):
            break
        session.apply(rng.choice(decision.options))
    if session.needs_handover:
        session.accept_handover()
    scene._changed()
    pump(scene.app, 2)


def wheel(app, pos: tuple[int, int], notches: int) -> None:
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=notches, flipped=False))
    pump(app, 2)


def cell_under(scene, pos: tuple[int, int]) -> str | None:
    piece = next((p for p in reversed(scene.view.all()) if p.group == "cell" and p.area.collidepoint(pos)), None)
    return piece.ref if piece is not None else None


def map_pieces(scene) -> list:
    return [p for p in scene.view.all() if p.group in MAP_GROUPS]


def test_place_centres_what_fits_and_never_shows_an_empty_band():
    assert place(100, 300, 10, 0.0) == 110 == place(100, 300, 10, 1.0)      # fits: centred, the camera ignored
    assert place(600, 300, 10, 0.5) == 10 + 150 - 300                        # the middle of the map in the middle
    assert place(600, 300, 10, -3.0) == 10                                   # west edge at the area's west edge
    assert place(600, 300, 10, 9.0) == 10 + 300 - 600                        # east edge at the area's east edge


def test_the_wheel_zooms_about_the_pointer_and_f_fits_again():
    app = make_app()
    try:
        scene, session = start(app)
        area = scene.map_area
        fit_cell = scene.map.cell
        everything = {p.ref for p in map_pieces(scene) if p.ref}
        assert everything == board.board_refs(scene.seen)
        aim = (area.x + area.w * 3 // 4, area.y + area.h // 3)          # off the middle: the zoom must follow it
        spot = min((p for p in scene.view.all() if p.group == "cell"),
                   key=lambda p: abs(p.rect.centerx - aim[0]) + abs(p.rect.centery - aim[1]))
        pointer = spot.rect.center
        wheel(app, pointer, 2)
        assert scene.map.cell > fit_cell and not scene.camera.fitted
        assert cell_under(scene, pointer) == spot.ref                    # the space under the pointer stayed there
        for piece in map_pieces(scene):                                 # drawn and hit inside the map only
            assert area.contains(piece.area), (piece.key, piece.area, area)
        shown = {p.ref for p in map_pieces(scene) if p.ref}
        assert shown < everything                                       # zoomed in: part of the base is off screen
        wheel(app, pointer, -10)                                        # out as far as it goes: the whole base
        assert scene.camera.fitted and scene.map.cell == fit_cell
        wheel(app, pointer, 3)
        key(app, pygame.K_f)
        assert scene.camera.fitted and {p.ref for p in map_pieces(scene) if p.ref} == everything
    finally:
        app.close()


def test_arrow_keys_scroll_up_to_the_edge_and_no_further():
    app = make_app()
    try:
        scene, session = start(app)
        area = scene.map_area
        key(app, pygame.K_PLUS)
        key(app, pygame.K_PLUS)
        assert not scene.camera.fitted
        before = scene.map.x
        key(app, pygame.K_RIGHT)
        assert scene.map.x < before                                     # the map moved west: more of the east shows
        for _ in range(30):
            key(app, pygame.K_RIGHT)
        assert scene.map.outline.right == area.right                    # the east edge, no empty band beyond it
        key(app, pygame.K_LEFT)                                         # and the way back starts at once
        assert scene.map.outline.right > area.right
        for _ in range(30):
            key(app, pygame.K_UP)
        assert scene.map.outline.y == area.y
    finally:
        app.close()


def test_a_drag_scrolls_and_its_release_picks_nothing():
    app = make_app()
    try:
        scene, session = start(app)
        to_cell_choice(scene, session, 4)
        key(app, pygame.K_PLUS)
        key(app, pygame.K_PLUS)
        history = len(session.state.history)
        targets = {r for a in session.state.decision.options for r in a.refs}
        start_at = next(p.area.center for p in scene.view.all() if p.ref in targets and p.group == "cell")
        x0 = scene.map.x
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=start_at, rel=(0, 0), buttons=(0, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=start_at, button=1))
        end_at = (start_at[0] + 60, start_at[1])
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=end_at, rel=(60, 0), buttons=(1, 0, 0)))
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=end_at, button=1))
        pump(app, 3)
        after = len(session.state.history)
        assert scene.map.x != x0                                        # the map followed the pointer
        assert after == history and scene.presenter.chooser is None     # and nothing was chosen
    finally:
        app.close()


def test_clicks_land_on_the_right_space_whatever_the_camera():
    app = make_app()
    try:
        for steps, scroll in ((0, None), (2, pygame.K_RIGHT), (3, pygame.K_DOWN)):
            scene, session = start(app, seed=7)
            to_cell_choice(scene, session, 7)
            for _ in range(steps):
                key(app, pygame.K_PLUS)
            if scroll is not None:
                key(app, scroll)
            decision = session.state.decision
            rects = {p.ref: p.area for p in scene.view.all() if p.group == "cell"}
            chosen = [a for a in decision.options if a.refs and a.refs[0] in rects]
            assert chosen, "no option on the visible part of the map"
            option = chosen[len(chosen) // 2]
            click(app, rects[option.refs[0]].center)
            pump(app, 2)
            assert session.state.history[-1].action == option, (steps, option)
    finally:
        app.close()


def test_the_camera_zooms_no_further_than_the_largest_cell():
    cam, area = Camera(), pygame.Rect(0, 0, 400, 400)
    outline = pygame.Rect(50, 50, 300, 300)
    assert not cam.zoom_by(-1, (200, 200), outline, area, 3.0)         # fitted is as far out as it goes
    assert cam.zoom_by(1, (200, 200), outline, area, 3.0) and cam.zoom == 1.25
    for _ in range(20):
        cam.zoom_by(1, (200, 200), outline, area, 3.0)
    assert cam.zoom == 3.0
    assert cam.fit() and cam.fitted and (cam.fx, cam.fy) == (0.5, 0.5)


def test_a_press_whose_release_was_lost_does_not_drag_the_map():
    app = make_app()
    try:
        scene, session = start(app)
        key(app, pygame.K_PLUS)
        x0 = scene.map.x
        at = scene.map_area.center
        pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=at, button=1))
        pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(at[0] + 80, at[1]), rel=(80, 0),
                                             buttons=(0, 0, 0)))          # released outside the window
        pump(app, 2)
        assert scene.map.x == x0
    finally:
        app.close()
