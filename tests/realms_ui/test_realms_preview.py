"""Movement shown before a click: hovering your moving Shield in its movement option outlines the spaces its
move options end on (read from the decision's options only), a walk's end that stops the Shield (R47, the rules'
`stop_reason` on the observation) says why in its tooltip, and the Shield's card moves off the board meanwhile
(clear of the prompt strip and the player's cards).
Seeded hotseat games; the rules are asked only on `state.view(viewer)` (a sealed copy: its RNG is `SEALED`).
"""

from __future__ import annotations

import random

import pygame
from realms.helpers import fixture_config
from table_helpers import take_turn
from ui_helpers import make_app

from guardians.engine.state import SEALED
from guardians.games.realms.rules import RealmsState
from guardians.games.realms.scenes import preview
from guardians.games.realms.scenes.play import RealmsPlayScene
from guardians.ui.session import Session


def movement_options(seed: int, steps: int = 700, kind: str = "move_option"):
    """(scene, session) at each decision of this kind (a movement option unless told) of a seeded
    two-player hotseat game, its seat viewing."""
    app = make_app()
    try:
        session = Session.start(fixture_config(2, ("human", "human")), seed)
        scene = RealmsPlayScene(app, session)
        app.reset(scene)
        rng = random.Random(seed)
        for _ in range(steps):
            decision = session.state.decision
            if decision is None:
                return
            take_turn(scene, session)
            if decision.kind == kind:
                yield scene, session
            elif decision.kind != "move_option":
                assert scene.reach_now() is None, decision.kind
            session.apply(rng.choice(decision.options))
    finally:
        app.close()


def test_the_reach_lists_the_options_ends_and_why_a_walk_stops():
    met = stops = 0
    for scene, session in movement_options(4):
        state, decision = session.state, session.state.decision
        found = scene.reach_now()
        paths = [(a.kind, str(a.args[0]).split(">")) for a in decision.options if a.kind in preview.PATH_KINDS]
        if not paths:
            assert found is None
            continue
        assert found is not None and found.seat == decision.seat
        assert set(found.ends) == {p[-1] for _, p in paths}
        walks = {p[-1] for k, p in paths if k != "fly"}
        assert {s for s, w in found.ends.items() if w == "move"} == walks
        assert found.stops == {s: state.stop_reason(decision.seat, s) for s in walks}
        pieces = scene.view.by_key()
        for sid in found.ends:
            assert pieces[f"space:{sid}"].tip.startswith(preview.end_words(found, sid))
        stops += sum(1 for r in found.stops.values() if r)
        # the Shield's card goes to the side panel when it fits there, else over the right column: over no
        # destination, and never over the prompt strip (its buttons) or the player's cards
        chip = pieces[preview.shield_key(scene.seen, found)]
        small = scene.hover_spot(chip, (260, scene.geo.side.h - 20))
        assert small is not None and scene.geo.side.contains(small)
        for size in ((260, 300), (260, 450)):
            spot = scene.hover_spot(chip, size)
            assert spot is not None and spot.size == size
            assert not any(spot.colliderect(pieces[f"space:{s}"].rect) for s in found.ends)
            assert not spot.colliderect(scene.geo.strip) and not spot.colliderect(scene.geo.own), (size, spot)
        met += 1
        if met > 6 and stops > 3:
            break
    assert met > 6 and stops > 3, (met, stops)


def test_the_reach_reads_only_the_observation_and_is_drawn(monkeypatch):
    calls: list[bool] = []
    original = RealmsState.stop_reason

    def spy(self, seat, sid):
        calls.append(self.rng is SEALED)
        return original(self, seat, sid)

    monkeypatch.setattr(RealmsState, "stop_reason", spy)
    drawn = 0
    for scene, session in movement_options(4):
        found = scene.reach_now()
        if found is None:
            continue
        assert calls and all(calls), "the reach asked the rules on the full state"
        chip = scene.view.by_key()[preview.shield_key(scene.seen, found)]
        bare, hovered = pygame.Surface(scene.app.size), pygame.Surface(scene.app.size)
        scene.mouse = (-1, -1)
        scene.draw(bare)
        scene.mouse = chip.area.center
        scene.draw(hovered)
        end = scene.view.by_key()[f"space:{next(iter(found.ends))}"].rect
        edge = (end.x + 1, end.centery)                  # on the outline drawn over the space's edge
        assert hovered.get_at(edge) != bare.get_at(edge)
        calls.clear()
        drawn += 1
        if drawn > 3:
            break
    assert drawn > 3


def test_before_turning_each_shield_shows_where_it_could_go_once_turned():
    """Hovering a Shield you may turn outlines the ends its movement option will list once turned (the
    rules' `reach_if_turned` on the observation); the same ends as the options after the turn."""
    met = 0
    for scene, session in movement_options(4, kind="turn_shield"):
        state, decision = session.state, session.state.decision
        reaches = scene.reaches_now()
        for action in decision.options:
            if action.kind != "turn":
                continue
            sid = str(action.args[0])
            after = state.clone()
            after.apply(action)
            nxt = after.decision
            if nxt is None or nxt.kind != "move_option" or nxt.seat != decision.seat:
                continue
            ends = {str(a.args[0]).split(">")[-1] for a in nxt.options if a.kind in preview.PATH_KINDS}
            assert set(reaches.get(sid, preview.Reach(0, sid, {}, {})).ends) == ends, sid
            found = reaches.get(sid)
            if found is not None:
                chip = scene.view.by_key()[preview.shield_key(scene.seen, found)]
                assert scene.reach_at(chip) is found
                met += 1
        if met > 5:
            break
    assert met > 5, met


def test_no_reach_for_a_seat_watching():
    for scene, session in movement_options(4):
        decision = session.state.decision
        seen = session.state.view(1 - decision.seat)
        assert preview.reach(seen, decision, 1 - decision.seat) is None
        break
