"""The chronicles table: every option of real games is drawn somewhere a click reaches (the map, the side
panel or a button), the map and the panels stay inside their regions at every scenario, the dice tray reads
the rolls as the log told them, and a seat never sees another seat's hidden cards drawn."""

from __future__ import annotations

import random

import pygame
import pytest
from table_helpers import take_turn
from ui_helpers import make_app, pump

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.chronicles.rules.model import HIDDEN
from guardians.games.chronicles.scenes import dice
from guardians.games.chronicles.scenes.play import ChroniclesPlayScene
from guardians.games.chronicles.scenes.selection import refs_of
from guardians.ui.session import Session
from guardians.ui.table.selection import OPT

SCENARIOS = ("welcome_to_the_lair", "blackout_broadcast", "doomsday_reactor")


def start(app, players: int, seed: int, scenario: str) -> tuple[ChroniclesPlayScene, Session]:
    config = GameConfig("chronicles", players, ("human",) * players, options=(("scenario", scenario),))
    session = Session.start(config, seed)
    scene = ChroniclesPlayScene(app, session)
    app.reset(scene)
    return scene, session


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_option_has_a_place_and_the_table_stays_in_its_regions(scenario: str):
    app = make_app()
    try:
        scene, session = start(app, 3, 11, scenario)
        rng = random.Random(11)
        brain = make_player("ai:greedy", "chronicles", 1)
        screen = pygame.Rect(0, 0, *app.size)
        for _ in range(120):
            decision = session.state.decision
            if decision is None:
                break
            take_turn(scene, session)
            assert not session.message, session.message
            geo = scene.geo
            rects = scene.view.rects()
            for piece in scene.view.all():
                assert screen.contains(piece.rect), (piece.key, piece.rect)
                if piece.group in ("cell", "figure", "door"):
                    assert geo.board.contains(piece.rect), (piece.key, piece.rect, geo.board)
                if piece.group == "panel":
                    assert geo.side.contains(piece.rect), (piece.key, piece.rect, geo.side)
            shown = scene.shown
            for option in shown.options:
                refs = [r for r in option.refs if not r.startswith(OPT)]
                first = (refs or list(option.refs))[0]
                assert first in rects or scene.clicks.is_pair(option) or any(r in rects for r in scene.clicks.anchors(option)), \
                    (option.label, option.refs)
            action = brain.choose(session.state) if rng.random() < 0.7 else rng.choice(decision.options)
            session.apply(action)
    finally:
        app.close()


def test_refs_read_the_options_arguments():
    from guardians.engine.actions import Action
    assert refs_of(Action("move", (3, 4))) == ("cell:3,4",)
    assert refs_of(Action("attack", ("robot.02",))) == ("fig:robot.02",)
    assert refs_of(Action("fig_move", ("skarov", 1, 2))) == ("fig:skarov", "cell:1,2")
    assert refs_of(Action("fig_open", ("robot.01", "d2"))) == ("fig:robot.01", "door:d2")
    assert refs_of(Action("check", ("face", "chk", 6, 7, "combat"), refs=("tile:face",))) == ("cell:6,7",)
    assert refs_of(Action("stay", (None,))) == ()
    assert refs_of(Action("door", ("d1",), refs=("door:d1",))) == ("door:d1",)


def test_the_dice_tray_counts_what_the_log_says():
    app = make_app()
    try:
        scene, session = start(app, 3, 5, "welcome_to_the_lair")
        rng = random.Random(5)
        rolls = checks = 0
        for _ in range(900):
            state = session.state
            if state.decision is None:
                break
            before = len(state.log)
            state.apply(rng.choice(state.decision.options))
            for index in range(before, len(state.log)):
                event = state.log[index]
                if event.kind == "roll":
                    roll = dice.attack_roll(event, index, state)
                    data = dict(event.data)
                    faces = [f for row in roll.rows for _, f in row]
                    assert sum(1 if f == "pow" else f for f in faces) == data["total"]
                    assert roll.ok == data["hit"]
                    rolls += 1
                elif event.kind == "check":
                    roll = dice.check_roll(event, index)
                    assert roll.ok == dict(event.data)["success"]
                    checks += 1
        assert rolls and checks, (rolls, checks)
    finally:
        app.close()


def test_the_villain_never_sees_the_heroes_hidden_cards_drawn():
    app = make_app()
    try:
        scene, session = start(app, 3, 5, "welcome_to_the_lair")
        rng = random.Random(3)
        looked = 0
        for _ in range(400):
            state = session.state
            decision = state.decision
            if decision is None:
                break
            if decision.seat == 0:
                session.accept_handover()
                scene._decision_seen = None
                scene.refresh()
                assert session.viewer == 0
                hero_cards = {c for hs in state.heroes.values() for c in hs.hand}
                hero_cards |= {c for hs in state.heroes.values() for c, _ in hs.played} if state.sealed() else set()
                seen = state.view(0)
                visible = {c for hs in seen.heroes.values() for c in hs.hand if not c.startswith(HIDDEN)}
                for piece in scene.view.all():
                    kind, _, ident = piece.key.partition(":")
                    if kind == "card":
                        assert ident not in hero_cards or ident in visible, piece.key
                looked += 1
            session.apply(rng.choice(decision.options))
        assert looked > 3
    finally:
        app.close()
