"""The realms table's kept parts (the kit's `ui/table/kept.py`, by slot): a space, a seat's bar, the mat, the
hand and the combat panel's frame and columns are built once and handed back while their inputs are unchanged.

A kept part must be what a fresh build makes: after every move of seeded games (the bench's 4-player game
from the start and through its combats from move 150, and a 2-player game), the view the scene built with
its kept parts is compared with one built from nothing from the same observation: the same pieces in the
same order with the same rects, looks, refs, tags, idents, counts, tips and faces when read, the same
stills, and the same pixels when every piece and static is painted. And a part is built again when one of
its inputs changes, and only that part.
"""

from __future__ import annotations

import pygame
import pytest
from realms.helpers import fixture_config
from table_helpers import built_afresh, painted_afresh
from ui_helpers import make_app

from guardians.ai import make_player
from guardians.engine.actions import Action, Decision
from guardians.games.realms.scenes import board
from guardians.games.realms.scenes.play import RealmsPlayScene
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session
from guardians.ui.table.kept import Kept
from guardians.ui.table.view import Piece, Still, View



@pytest.fixture
def app():
    application = make_app()
    yield application
    application.close()


FIELDS = ("key", "rect", "ref", "tags", "hit", "ident", "origin", "exit", "count", "damage", "group", "solid", "look")


def _differing(a: pygame.Surface, b: pygame.Surface) -> int:
    same = pygame.transform.threshold(None, a, None, (1, 1, 1, 255), None, 0, b)
    return a.get_width() * a.get_height() - same


def assert_same_view(kept: View, fresh: View, where: str) -> None:
    assert kept.mode == fresh.mode
    assert [p.key for p in kept.all()] == [p.key for p in fresh.all()], where
    for a, b in zip(kept.all(), fresh.all()):
        for name in FIELDS:
            assert getattr(a, name) == getattr(b, name), f"{where}: {a.key}.{name}"
        assert a.tip == b.tip, f"{where}: {a.key}'s tip"
        assert a.face == b.face, f"{where}: {a.key}'s face"
    assert len(kept.statics) == len(fresh.statics), where
    for a, b in zip(kept.statics, fresh.statics):
        assert isinstance(a, Still) == isinstance(b, Still), where
        if isinstance(a, Still):
            assert (a.rect, a.look) == (b.rect, b.look), f"{where}: a still"


def _play(app, players: int, seed: int, skip: int, moves: int) -> tuple[int, int, set[str]]:
    """Play a seeded game (greedy seats, seat 0 watching as the bench does) and compare the kept view with a
    fresh one after each of `moves` moves; (moves compared, pieces reused from the view before, modes)."""
    session = Session.start(fixture_config(players, ("human",) + ("ai:greedy",) * (players - 1)), seed,
                            pace=0.0)
    bots = [make_player("ai:greedy", "realms", seed * 31 + s) for s in range(players)]
    for _ in range(skip):
        session.apply(bots[session.state.decision.seat].choose(session.state))
    scene = make_play_scene(app, session)
    assert isinstance(scene, RealmsPlayScene)
    app.replace(scene)
    app.draw()
    compared = reused = 0
    modes: set[str] = set()
    for _ in range(moves):
        state = session.state
        if state.is_over or state.decision is None:
            break
        before = {id(p) for p in scene.view.all()}
        session.apply(bots[state.decision.seat].choose(state))
        scene._changed()
        app.draw()
        where = f"seed {seed}, move {skip + compared + 1}"
        fresh = built_afresh(scene)
        assert_same_view(scene.view, fresh, where)
        if compared % 3 == 0:                  # the pixels too (every third move: a whole paint of both)
            size = app.screen.get_size()
            assert _differing(painted_afresh(scene.view, size), painted_afresh(fresh, size)) == 0, where
        reused += sum(1 for p in scene.view.all() if id(p) in before)
        modes.add(scene.view.mode)
        compared += 1
    assert scene.kept.hits > 0 and scene.kept.misses > len(scene.kept)   # reused, and built again on changes
    return compared, reused, modes


def test_kept_parts_are_what_a_fresh_build_makes_through_combats(app) -> None:
    compared, reused, modes = _play(app, 4, 7, skip=150, moves=150)
    assert compared == 150 and reused > 20 * compared and "combat" in modes


@pytest.mark.parametrize("players, seed, moves", [(4, 7, 100), (2, 3, 120)])
def test_kept_parts_are_what_a_fresh_build_makes_from_the_start(app, players: int, seed: int, moves: int) -> None:
    compared, reused, modes = _play(app, players, seed, skip=0, moves=moves)
    assert compared == moves and reused > 0 and "board" in modes


def _space_pieces(view: View) -> dict[str, list[Piece]]:
    """Each space's pieces (its own, then its stacks' chips) by space id, as `build_board` adds them."""
    out: dict[str, list[Piece]] = {}
    current = None
    for piece in view.pieces:
        if piece.key.startswith("space:"):
            current = out.setdefault(piece.key[6:], [])
        if current is not None and (piece.key.startswith(("space:", "shield:", "pile:"))):
            current.append(piece)
    return out


def test_a_space_is_built_again_when_its_inputs_change_and_only_it(app) -> None:
    session = Session.start(fixture_config(2, ("human", "ai:greedy")), 3, pace=0.0)
    bots = [make_player("ai:greedy", "realms", 3 * 31 + s) for s in range(2)]
    state = session.state
    while not any(st.shield is not None for sp in state.spaces.values() for st in sp.stacks.values()):
        state.apply(bots[state.decision.seat].choose(state))
    scene = make_play_scene(app, session)
    geo = scene.geometry(app.size)
    kept = Kept()

    def built(seen) -> dict[str, list[Piece]]:
        view = View()
        board.build_board(seen, geo, view, 0, 0, kept)
        return _space_pieces(view)

    first = built(state.view(0))
    again = built(state.view(0))                       # a new view of the same position: everything kept
    assert all(a is b for sid in first for a, b in zip(first[sid], again[sid]))
    sid, seat = next((sid, seat) for sid, sp in state.spaces.items() for seat, st in sp.stacks.items()
                     if st.shield is not None)
    turned = state.view(0)
    turned.spaces[sid].stacks[seat].turned = not turned.spaces[sid].stacks[seat].turned
    changed = built(turned)
    assert changed[sid][0] is not first[sid][0]        # the space and its chips built again...
    assert [p.look for p in changed[sid][1:]] != [p.look for p in first[sid][1:]]   # ...the chip's words changed
    assert all(a is b for other in first if other != sid for a, b in zip(first[other], changed[other]))
    # what only the tip reads is worded from the view it is shown in, the kept piece staying as it is
    plain = built(state.view(0))[sid][0]
    kept_in = state.view(0)
    kept_in.spaces[sid].tower.append(0)
    assert built(kept_in)[sid][0] is plain and "kept in the Upgrade" in plain.tip
    assert built(state.view(0))[sid][0] is plain and "kept in the Upgrade" not in plain.tip


def test_a_combat_beside_a_tray_keeps_its_parts_for_each_height(app) -> None:
    """A choice naming cards the table does not show gets a tray under the side panel: `build_view` builds the
    table without it, then again with the combat panel shortened. Both panels are kept (one slot per height),
    so building the same moment again rebuilds nothing, and the view is what a fresh build makes."""
    session = Session.start(fixture_config(4, ("human",) + ("ai:greedy",) * 3), 7, pace=0.0)
    bots = [make_player("ai:greedy", "realms", 7 * 31 + s) for s in range(4)]
    state = session.state
    while state.combat is None:
        state.apply(bots[state.decision.seat].choose(state))
    scene = make_play_scene(app, session)
    app.replace(scene)
    app.draw()
    seen = state.view(0)
    deck = seen.seats[0].deck[:2]                          # cards drawn nowhere on the table
    shown = Decision(0, "Pick one", tuple(Action("pick", (i,), f"Pick {i}", (f"card:{i}",)) for i in deck), "pick")
    first = scene.build(seen, scene.geo, shown, "title", "hint")
    assert any(p.key == "ui:tray" for p in first.overlays) and first.mode == "combat"
    misses = scene.kept.misses
    again = scene.build(seen, scene.geo, shown, "title", "hint")
    assert scene.kept.misses == misses                     # every part of both builds kept
    assert [id(p) for p in again.pieces] == [id(p) for p in first.pieces]
    kept, scene.kept = scene.kept, None
    try:
        fresh = scene.build(seen, scene.geo, shown, "title", "hint")
    finally:
        scene.kept = kept
    assert_same_view(again, fresh, "a combat beside a tray")
