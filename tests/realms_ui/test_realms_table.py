"""The realms table's own rules of drawing: clicks (pairs, paths, buttons kept while a card is selected),
what the board says of control and stacks, and whole games drawn at 1280x720 with every piece inside the
window and every option's first click drawn somewhere."""

from __future__ import annotations

import random

import pygame
import pytest

from guardians.engine.actions import Action, Decision
from guardians.engine.registry import new_game
from guardians.engine.state import GameConfig
from guardians.games.realms.scenes import facts
from guardians.games.realms.scenes.layout import geometry
from guardians.games.realms.scenes.play import RealmsPlayScene
from guardians.games.realms.scenes.selection import CLICKS, is_path
from guardians.games.realms.scenes.table import build_view
from guardians.ui.table.selection import OPT


def test_a_path_is_clicked_where_it_ends_and_a_pair_by_its_card():
    move = Action("move", ("S1C>S1L>D1L",), "Move", ("space:S1L", "space:D1L"))
    place = Action("place", (3, "S0L", "creature"), "Put", ("card:3", "space:S0L"))
    done = Action("place_done", (), "Done")
    assert is_path(move) and not CLICKS.is_pair(move) and CLICKS.anchors(move) == ("space:D1L",)
    assert CLICKS.is_pair(place) and CLICKS.anchors(place) == ("card:3",)
    decision = Decision(0, "Place", (place, done), "place")
    assert CLICKS.auto_selection(decision) == "card:3"
    focused = CLICKS.focus(decision, "card:3")
    assert [a.refs for a in focused.options] == [("space:S0L",), (f"{OPT}1",)]   # "Done" stays a button


def test_every_land_has_a_controller_and_a_reason_at_the_start():
    state = new_game(GameConfig("realms", 2), 1)
    seen = state.view(0)
    for sid in seen.lands():
        who, why = facts.control(seen, sid)
        assert who == seen.spaces[sid].realm and why == "realm"
    assert [row[1:] for row in facts.progress(seen, 0).rows] == [(0, 5), (3, 6), (0, 1)]


class _Scene:
    """What `build_view` reads of a scene: its geometry, metrics and primary kinds."""

    metrics = RealmsPlayScene.metrics
    PRIMARY_KINDS = RealmsPlayScene.PRIMARY_KINDS

    def __init__(self, players: int) -> None:
        self.geo = geometry((1280, 720), players)


@pytest.mark.parametrize("players, seed", [(2, 4), (4, 2)])
def test_a_game_drawn_for_the_deciding_seat_keeps_everything_in_the_window(players: int, seed: int):
    pygame.init()
    state = new_game(GameConfig("realms", players), seed)
    rng = random.Random(seed)
    scene = _Scene(players)
    screen = pygame.Rect(0, 0, 1280, 720)
    for _ in range(250):
        decision = state.decision
        if decision is None:
            break
        shown = CLICKS.shown(decision, None)
        view = build_view(scene, state.view(decision.seat), scene.geo, decision.seat, (), shown, "", "", None)
        for piece in view.all():
            assert screen.contains(piece.rect), (piece.key, piece.rect)
        rects = view.rects()
        for action in shown.options:
            assert any(r in rects for r in CLICKS.anchors(action)), action.label
        state.apply(rng.choice(decision.options))
