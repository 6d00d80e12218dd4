"""Hover that helps (issue #18), on every game's own table: the large card waits until the pointer has rested
on a piece (time given through the scene's `update`, never slept), goes beside it clear of the piece, the
prompt strip and the choices panel, and can be pinned (P or a right-click the game does not use) so the
pointer moves freely and a click on an option still applies it."""

from __future__ import annotations

import pygame
import pytest
from contracts import has_own_table
from table_helpers import click_in_list, games, make_app, player_counts, take_turn

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session
from guardians.ui.table.hover import HOVER_DELAY

TABLES = [g for g in games() if has_own_table(g)]


def motion(scene, pos: tuple[int, int]) -> None:
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))


def frame(app, scene, dt: float) -> pygame.Rect | None:
    """One frame of `dt` seconds (the scene's update, then a draw); where the hover card went, if drawn."""
    scene.update(dt)
    app.draw()
    return scene.hover.shown


def face_pieces(scene) -> list:
    """Pieces showing a large card that the pointer can reach at their centre."""
    return [p for p in scene.view.all() if p.face is not None and scene.view.hover_at(p.area.center) is p]


def table_with_cards(app, game_id: str, seed: int = 3, want: int = 2):
    """A hotseat table (nobody thinks in a thread) played by the greedy AI until it shows at least `want`
    pieces with a large card to the seat choosing."""
    players = player_counts(game_id)[0]
    session = Session.start(GameConfig(game_id, players, ("human",) * players), seed)
    scene = make_play_scene(app, session)
    app.push(scene)
    take_turn(scene, session)
    bots = [make_player("ai:greedy", game_id, seat) for seat in range(players)]
    for _ in range(60):
        if len(face_pieces(scene)) >= want and session.state.decision is not None:
            break
        state = session.state
        session.apply(bots[state.decision.seat].choose(state))
        take_turn(scene, session)
    scene.animator.skip()
    scene._changed()
    app.draw()
    pieces = face_pieces(scene)
    assert len(pieces) >= want, f"{game_id}: no table with {want} cards to hover"
    return scene, session, pieces


def rested_card(app, scene, piece) -> pygame.Rect:
    motion(scene, piece.area.center)
    frame(app, scene, 0.0)
    shown = frame(app, scene, HOVER_DELAY + 0.05)
    assert shown is not None, piece.key
    return shown


@pytest.mark.parametrize("game_id", TABLES)
def test_the_card_waits_for_the_pointer_to_rest_and_restarts_on_another_piece(game_id: str) -> None:
    app = make_app()
    try:
        scene, _, pieces = table_with_cards(app, game_id)
        assert scene.hover.delay == HOVER_DELAY > 0
        first, second = pieces[0], pieces[-1]
        motion(scene, first.area.center)
        assert frame(app, scene, 0.0) is None                      # at once: nothing
        assert frame(app, scene, HOVER_DELAY * 0.6) is None         # not yet
        assert scene.busy()                                         # frames keep coming while it waits
        assert frame(app, scene, HOVER_DELAY * 0.6) is not None     # rested long enough: drawn
        assert not scene.busy() or scene.animator.active
        motion(scene, second.area.center)                           # another piece: the wait starts over
        assert frame(app, scene, 0.0) is None
        assert frame(app, scene, HOVER_DELAY * 0.6) is None
        assert frame(app, scene, HOVER_DELAY * 0.6) is not None
        motion(scene, (-10, -10))
        assert frame(app, scene, 1.0) is None
        scene.hover.delay = 0.0                                     # no delay: at once
        motion(scene, first.area.center)
        assert frame(app, scene, 0.0) is not None
    finally:
        app.close()


@pytest.mark.parametrize("game_id", TABLES)
def test_the_card_keeps_off_the_piece_the_prompt_strip_and_the_choices(game_id: str) -> None:
    app = make_app()
    try:
        scene, session, _ = table_with_cards(app, game_id)
        scene.hover.delay = 0.0
        checked = strips = 0
        bots = player_counts(game_id)[0]
        brain = [make_player("ai:greedy", game_id, seat) for seat in range(bots)]
        for _ in range(6):                                           # a few tables of the game
            screen = pygame.Rect((0, 0), app.size)
            for piece in face_pieces(scene):
                if scene.hover_spot(piece, (10, 10)) is not None:    # the game's own spot wins (its own tests)
                    continue
                shown = rested_card(app, scene, piece)
                checked += 1
                assert screen.contains(shown), (piece.key, shown)
                assert not shown.colliderect(piece.rect), (piece.key, shown, piece.rect)
                assert not shown.colliderect(scene.geo.choices), (piece.key, shown)
                for clear in scene.view.keep_clear:                   # the prompt strip, a choice's box
                    assert not shown.colliderect(clear), (piece.key, shown, clear)
            strips += bool(scene.view.keep_clear)
            state = session.state
            if state.is_over or state.decision is None:
                break
            for _ in range(3):
                if session.state.decision is not None:
                    session.apply(brain[session.state.decision.seat].choose(session.state))
            take_turn(scene, session)
            scene.animator.skip()
        assert checked >= 2 and strips >= 1, (checked, strips)          # some table had its prompt strip
    finally:
        app.close()


@pytest.mark.parametrize("game_id", TABLES)
def test_a_pinned_card_stays_while_the_pointer_moves_and_a_click_still_chooses(game_id: str) -> None:
    app = make_app()
    try:
        scene, session, pieces = table_with_cards(app, game_id)
        piece = pieces[0]
        shown = rested_card(app, scene, piece)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
        assert scene.hover.pinned is not None
        pinned = pygame.Rect(scene.hover.pinned.rect)
        assert pinned == shown
        for pos in ((-10, -10), pieces[-1].area.center, scene.geo.centre.center):
            motion(scene, pos)
            assert frame(app, scene, 1.0) == pinned                 # where it was, whatever the pointer does
        count = len(session.state.history)
        inside = pinned.center                                       # a click on the card itself: unpins only
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=inside, button=1))
        scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=inside, button=1))
        assert scene.hover.pinned is None and len(session.state.history) == count
        rested_card(app, scene, piece)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
        assert scene.hover.pinned is not None
        scene.refresh()
        action = scene.presenter.options[0]
        click_in_list(app, scene, action)                            # the option list: never under the card
        assert len(session.state.history) == count + 1, "the click on an option was lost"
        assert scene.hover.pinned is None
    finally:
        app.close()


@pytest.mark.parametrize("game_id", TABLES)
def test_esc_and_a_second_right_click_unpin(game_id: str) -> None:
    app = make_app()
    try:
        scene, session, pieces = table_with_cards(app, game_id)
        piece = pieces[0]
        rested_card(app, scene, piece)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_p, mod=0, unicode="p", scancode=0))
        assert scene.hover.pinned is not None
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
        assert scene.hover.pinned is None
        scene.pin_hover()
        assert scene.hover.pinned is not None
        count, selected = len(session.state.history), scene.selected
        for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
            scene.handle(pygame.event.Event(kind, pos=scene.geo.centre.topleft, button=3))
        assert scene.hover.pinned is None and scene.selected == selected and len(session.state.history) == count
        assert app.top is scene
    finally:
        app.close()


@pytest.mark.parametrize("game_id", TABLES)
def test_a_right_click_pins_unless_the_game_uses_it(game_id: str) -> None:
    """A right-click on a card pins it, unless the game used the click (heroes opens a hero's cards): then the
    scene it opened is on top and nothing is pinned."""
    app = make_app()
    try:
        scene, session, pieces = table_with_cards(app, game_id)
        pinned = used = 0
        for piece in pieces[:6]:
            while app.top is not scene:
                app.pop()
            scene.unpin_hover()
            pos = piece.area.center
            motion(scene, pos)
            for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
                scene.handle(pygame.event.Event(kind, pos=pos, button=3))
            if app.top is scene:
                assert scene.hover.pinned is not None and scene.hover.pinned.piece is piece, piece.key
                assert frame(app, scene, 0.0) == scene.hover.pinned.rect     # at once, no rest needed
                pinned += 1
            else:
                assert scene.hover.pinned is None, piece.key
                used += 1
        assert pinned + used == len(pieces[:6]) and pinned + used > 0
    finally:
        app.close()


def _place_by_every_spot(pointer, anchor, size, room, keep_clear, rather_clear, tip=False):
    """`hover.place` as first written: every candidate scored against every rect, the least (covered, other,
    order) kept."""
    from guardians.ui.table import hover

    def overlap(rect, others):
        return sum(rect.clip(o).w * rect.clip(o).h for o in others)

    sides = hover.tip_sides(pointer, anchor) if tip else hover.card_sides(pointer, anchor)
    clear = [anchor] + list(keep_clear)
    best, spot = None, pygame.Rect(anchor.right + hover.GAP, anchor.y, *size).clamp(room)
    for i, rect in enumerate(hover.candidates(pointer, anchor, size, sides, list(keep_clear))):
        rect = rect.clamp(room)
        score = (overlap(rect, clear), overlap(rect, rather_clear), i)
        if best is None or score < best:
            best, spot = score, rect
    return spot, best[0] if best else 0


def test_the_card_spot_is_the_one_every_candidate_scored_would_give() -> None:
    """`place` skips candidates already worse and clips only the rects a spot collides with: the spot it
    finds is the very one found by scoring every candidate against every rect."""
    import random

    from guardians.ui.table.hover import GAP, place

    rng = random.Random(5)
    room = pygame.Rect(0, 0, 1280, 720)

    def rect() -> pygame.Rect:
        return pygame.Rect(rng.randrange(0, 1200), rng.randrange(0, 680), rng.randrange(0, 300), rng.randrange(0, 200))

    differing_spots = 0
    for case in range(400):
        anchor = rect()
        pointer = (anchor.x + rng.randrange(max(1, anchor.w)), anchor.y + rng.randrange(max(1, anchor.h)))
        size = (rng.randrange(80, 400), rng.randrange(60, 500))
        keep = [rect() for _ in range(rng.randrange(0, 5))]
        rather = [rect() for _ in range(rng.randrange(0, 120))]
        tip = case % 3 == 0
        got = place(pointer, anchor, size, room, keep, rather, tip=tip)
        assert got == _place_by_every_spot(pointer, anchor, size, room, keep, rather, tip=tip), case
        differing_spots += got[0] != pygame.Rect(anchor.right + GAP, anchor.y, *size).clamp(room)
    assert differing_spots > 100          # the cases are not all the trivial first spot


def _differing(a: pygame.Surface, b: pygame.Surface) -> int:
    same = pygame.transform.threshold(None, a, None, (1, 1, 1, 255), None, 0, b)
    return a.get_width() * a.get_height() - same


@pytest.mark.parametrize("game_id", TABLES)
def test_a_hover_block_drawn_from_its_kept_picture_is_the_block_painted(game_id: str) -> None:
    """A hover card (or tip) once shown is kept as a picture (`overlay.show_block`): blitting it gives the very
    pixels painting it gives, on the table where it shows; the frame right after a move keeps none."""
    from guardians.ui.table import overlay

    app = make_app()
    try:
        scene, _, pieces = table_with_cards(app, game_id)
        scene.hover.delay = 0.0
        tips = [p for p in scene.view.all() if p.face is None and p.tip and scene.view.hover_at(p.area.center) is p]
        checked = 0
        for piece in pieces[:4] + tips[:2]:
            motion(scene, piece.area.center)
            assert frame(app, scene, 0.0) is not None, piece.key
            spot, paint = overlay.hover_layout(scene, piece, app.size)
            kept = scene.hover.pictures.kept(paint.look, spot.size)
            assert kept is not None, piece.key                      # made the first time it showed
            painted, blitted = scene._base.copy(), scene._base.copy()
            paint(painted, spot.topleft)
            overlay.show_block(blitted, scene, spot, paint)
            assert _differing(painted, blitted) == 0, piece.key
            checked += 1
        assert checked >= 2
        scene.hover.pictures.clear()
        scene.rebuilt_now = True                                      # as in the frame right after a move
        piece = pieces[0]
        spot, paint = overlay.hover_layout(scene, piece, app.size)
        overlay.show_block(scene._base.copy(), scene, spot, paint)
        assert scene.hover.pictures.kept(paint.look, spot.size) is None
    finally:
        app.close()
