"""Hotseat secrecy: the table shows a seat only what the rules let it see. At every decision of hotseat
games (all seats human), as the seat to move, no drawn card, quest or monster is one the rules hide from
that seat — another player's hand, picks, dealt cards, an unrevealed Power Up chain, a face-down boss
reward or monster — and another seat's levels stay secret while its Power Up is hidden."""

from __future__ import annotations

import random

from explore_helpers import make_app

from guardians.ai import make_player
from guardians.engine.flow import COMMITTED
from guardians.engine.state import GameConfig
from guardians.games.explore.scenes.board import mat_tip
from guardians.games.explore.scenes.play import ExplorePlayScene
from guardians.ui.session import Session


def drawn_secrets(scene: ExplorePlayScene, state, viewer: int) -> list[str]:
    hidden_cards = state.hidden_cards(viewer)
    hidden_quests = state.hidden_quests(viewer)
    hidden_mons = state.hidden_monsters(viewer)
    leaks = []
    for piece in scene.view.all():
        if piece.face is None:
            continue
        kind, _, ident = piece.key.partition(":")
        if not ident.isdigit():
            continue
        i = int(ident)
        if (kind == "card" and i in hidden_cards) or (kind == "quest" and i in hidden_quests) or \
                (kind == "mon" and i in hidden_mons):
            leaks.append(piece.key)
    return leaks


def test_hotseat_tables_never_draw_another_seats_secrets():
    app = make_app()
    checked = secret_levels = 0
    try:
        for players, seed in ((2, 3), (3, 11)):
            rng = random.Random(seed)
            session = Session.start(GameConfig("explore", players, ("human",) * players, "standard"), seed)
            scene = ExplorePlayScene(app, session)
            app.reset(scene)
            brain = make_player("ai:greedy", "explore", seed)
            for _ in range(420):
                decision = session.state.decision
                if decision is None:
                    break
                session.accept_handover()
                scene._changed()
                scene.refresh()
                viewer = session.viewer
                assert viewer == decision.seat
                state = session.state
                assert drawn_secrets(scene, state, viewer) == [], (state.phase, drawn_secrets(scene, state, viewer))
                for seat in range(players):
                    if seat != viewer and state.pu_hidden(seat):
                        assert not scene.ctx.levels_known(seat)
                        tip = mat_tip(scene.ctx, seat)
                        assert "secret" in tip and "Energy" not in tip
                        for line in tip.split("\n"):
                            assert not line.startswith("Played this round") or "hidden" in line, line
                        if state.power_up_status(seat) == COMMITTED:
                            secret_levels += 1
                checked += 1
                chosen = brain.choose(state) if rng.random() < 0.8 else rng.choice(decision.options)
                session.apply(chosen)
    finally:
        app.close()
    assert checked > 300 and secret_levels > 5, (checked, secret_levels)
