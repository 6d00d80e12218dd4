"""The cards each hero revealed are drawn per hero in the heroes' panel (issue #16): after the reveal every seat
sees which Power cards each hero played and on which side, before it the villain sees only face-down cards with
their sides; and the panel fits its area with four heroes, the dice tray clear of everything above it."""

from __future__ import annotations

import random

import pytest
from ui_helpers import make_app

from guardians.engine.state import GameConfig
from guardians.games.chronicles.rules.model import HIDDEN
from guardians.games.chronicles.scenes.play import ChroniclesPlayScene
from guardians.ui.session import Session


def table_for(players: int, seed: int, until):
    app = make_app()
    config = GameConfig("chronicles", players, ("human",) * players, options=(("scenario", "doomsday_reactor"),))
    session = Session.start(config, seed)
    rng = random.Random(seed)
    for _ in range(3000):
        state = session.state
        if state.decision is None or until(state):
            break
        session.apply(rng.choice(state.decision.options))
    assert until(session.state), "the wanted moment never came"
    scene = ChroniclesPlayScene(app, session)
    app.reset(scene)
    return app, scene, session


def villain_view(scene, session) -> None:
    session.viewer = 0                       # the villain's screen (as after his hand-over)
    scene.refresh()


def revealed(state) -> bool:
    return state.phase == "activation" and state.decision.seat == 0 and \
        sum(1 for hs in state.heroes.values() if hs.played) >= 2


@pytest.mark.parametrize("players", (3, 4))
def test_after_the_reveal_each_hero_shows_the_cards_it_played(players: int):
    app, scene, session = table_for(players, 7, revealed)
    try:
        villain_view(scene, session)
        assert scene.session.viewer == 0
        seen = scene.seen
        shown = {p.ref: p for p in scene.view.all() if p.group == "panel" and p.ref and p.ref.startswith("card:")}
        for seat, hs in seen.heroes.items():
            for card, side in hs.played:
                assert not card.startswith(HIDDEN)                      # revealed: everyone may know them
                piece = shown.get(f"card:{card}")
                assert piece is not None, (seat, card)
                assert piece.face is not None and any(side in tag for tag in piece.tags)
    finally:
        app.close()


def test_before_the_reveal_the_villain_sees_face_down_cards_and_their_sides():
    app, scene, session = table_for(3, 7, lambda st: st.phase == "strategy" and st.decision.seat == 0
                                    and sum(1 for hs in st.heroes.values() if hs.played) >= 1)
    try:
        villain_view(scene, session)
        seen = scene.seen
        played = [(seat, card, side) for seat, hs in seen.heroes.items() for card, side in hs.played]
        assert played and all(card.startswith(HIDDEN) for _, card, _ in played)
        downs = [p for p in scene.view.all() if p.key.startswith("played")]
        assert len(downs) == len(played) and all(p.ref is None and p.face is None for p in downs)
        truly = {c for hs in session.state.heroes.values() for c, _ in hs.played}
        assert not any(p.ref == f"card:{c}" for p in scene.view.all() for c in truly)     # no name drawn
    finally:
        app.close()


def test_with_four_heroes_the_panel_fits_and_the_tray_covers_nothing():
    app, scene, session = table_for(5, 3, revealed)
    try:
        villain_view(scene, session)
        side = scene.geo.side
        tray = next(p for p in scene.view.all() if p.key == "dice:tray")
        others = [p for p in scene.view.all() if p.group == "panel" and p.key != "dice:tray"]
        for piece in others:
            assert side.contains(piece.rect), piece.key
            assert not piece.rect.colliderect(tray.rect), (piece.key, piece.rect, tray.rect)
        assert tray.rect.h >= 80                                        # the tray keeps room for a row of dice
        heroes = {p.key for p in scene.view.all() if p.key.startswith("hero:")}
        assert len(heroes) == 4
        plays = next(p for p in scene.view.all() if p.key == "hero:" + str(next(
            s for s, hs in scene.seen.heroes.items() if hs.played)))
        assert "played this turn" in plays.tip                         # the plays in words, whatever the room
    finally:
        app.close()
