"""The heroes table at every supported window size, 2 and 4 players: everything on screen, heroes not
piled on each other, text fitted; and the pure pieces: two-step selection and animation planning."""

from __future__ import annotations

import itertools
import random

import pygame
import pytest
from heroes_helpers import make_app, pump

from guardians.engine.actions import Action, Decision
from guardians.engine.state import GameConfig
from guardians.games.heroes.scenes.anims import derive_moves
from guardians.games.heroes.scenes.play import HeroesPlayScene
from guardians.games.heroes.scenes.selection import auto_selection, focus, selectable_refs, with_option_refs
from guardians.ui.table.view import Piece, View
from guardians.ui.animation import Animator
from guardians.ui.session import Session

SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080)]


def advance(session: Session, rng: random.Random, decisions: int) -> None:
    for _ in range(decisions):
        decision = session.state.decision
        if decision is None:
            return
        session.apply(rng.choice(decision.options))


@pytest.mark.parametrize("size, players", list(itertools.product(SIZES, (2, 4))))
def test_every_piece_is_on_screen_and_heroes_do_not_overlap(size, players):
    app = make_app(size)
    try:
        rng = random.Random(size[0] + players)
        session = Session.start(GameConfig("heroes", players, ("human",) * players), rng.randrange(10**6))
        scene = HeroesPlayScene(app, session)
        app.push(scene)
        screen = pygame.Rect((0, 0), size)
        for checkpoint in range(6):
            advance(session, rng, 40 if checkpoint else 12)
            if session.state.is_over:
                break
            session.accept_handover()
            scene.refresh()
            pump(app)
            pieces = scene.view.all()
            assert pieces
            for piece in pieces:
                assert screen.contains(piece.rect), (piece.key, piece.rect, size)
            heroes = [p.rect for p in pieces if p.key.startswith("hero:")]
            for a, b in itertools.combinations(heroes, 2):
                assert not a.colliderect(b), (a, b)
            board = scene.geo.board
            assert not board.colliderect(scene.geo.right) and not board.colliderect(scene.geo.own)
    finally:
        app.close()


def test_resizing_the_window_relays_the_table():
    app = make_app((1280, 720))
    try:
        session = Session.start(GameConfig("heroes", 4, ("human",) + ("ai:greedy",) * 3), 12)
        scene = HeroesPlayScene(app, session)
        app.push(scene)
        pump(app, 2)
        before = scene.geo.board
        app.set_window((1600, 900), False)
        pump(app, 2)
        assert scene.geo.size == (1600, 900) and scene.geo.board.w > before.w
        assert all(pygame.Rect(0, 0, 1600, 900).contains(p.rect) for p in scene.view.all())
    finally:
        app.close()


# ----- pure pieces ------------------------------------------------------------------------------

def test_pairs_select_their_actor_first_and_then_offer_their_targets():
    attack = Action("attack", ("astra", "grave"), "Astra attacks Grave", ("hero:astra", "hero:grave"))
    move = Action("move", ("astra", 1), "Move Astra", ("hero:astra", "loc:1"))
    ability = Action("ability", ("astra",), "Astra: Long Sight", ("hero:astra",))
    play = Action("play", (4,), "Play Split Shot", ("card:4", "card:9"))
    end = Action("end", (), "End the Action Phase")
    decision = Decision(0, "Action Phase", (attack, move, ability, play, end), "main")
    assert selectable_refs(decision) == {"hero:astra"}          # never the enemy named as a target
    shown = with_option_refs(decision)
    assert shown.options[4].refs == ("opt:4",) and shown.options == decision.options
    focused = focus(decision, "hero:astra")
    assert [a.refs for a in focused.options] == [("hero:grave",), ("loc:1",), ("opt:2",)]
    assert list(focused.options) == [attack, move, ability]       # the same actions, only re-pointed
    assert auto_selection(decision) is None
    last = Decision(0, "Place", tuple(Action("place", ("kosi", s), "", ("hero:kosi", f"loc:{s}")) for s in range(4)),
                    "place")
    assert auto_selection(last) == "hero:kosi"


def test_moved_pieces_slide_new_cards_fly_from_their_deck_and_gone_cards_follow_their_ident():
    def piece(key, rect, ident=None, origin=None):
        return Piece(key, pygame.Rect(rect), lambda s, r: None, ident=ident, origin=origin)

    old = View(pieces=[piece("hero:a", (0, 0, 10, 10), "a"), piece("deck:0", (100, 100, 10, 14), "deck"),
                       piece("card:3", (50, 50, 10, 14), 3), piece("discard:0", (120, 100, 10, 14), None)])
    new = View(pieces=[piece("hero:a", (40, 0, 10, 10), "a"), piece("deck:0", (100, 100, 10, 14), "deck"),
                       piece("card:7", (60, 50, 10, 14), 7, origin="deck:0"), piece("discard:0", (120, 100, 10, 14), 3)])
    animator = Animator(1.0)
    derive_moves(animator, old, new)
    kinds = {(t.key, t.kind) for t in animator.tweens}
    assert ("hero:a", "slide") in kinds
    assert ("card:7", "slide") in kinds and ("card:3#leave", "ghost") in kinds
    slide = next(t for t in animator.tweens if t.key == "card:7")
    assert slide.start.center == (105, 107)
    assert animator.keys() >= {"hero:a", "card:7"}
    off = Animator(0.0)
    derive_moves(off, old, new)
    assert not off.active
