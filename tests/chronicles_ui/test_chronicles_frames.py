"""The chronicles table's shortcuts for the redraw after a move (issue #16): each must give what the long way
gives. The side panel's layout passes move the cursor exactly as building the panel does; kept pieces and words
are reused only while what they show is unchanged."""

from __future__ import annotations

import random

from ui_helpers import make_app

from guardians.engine.state import GameConfig
from guardians.games.chronicles.scenes import panels
from guardians.games.chronicles.scenes.play import ChroniclesPlayScene
from guardians.ui.session import Session
from guardians.ui.table.view import View


def start(app, players: int, seed: int, scenario: str = "welcome_to_the_lair"):
    config = GameConfig("chronicles", players, ("human",) * players, options=(("scenario", scenario),))
    session = Session.start(config, seed)
    scene = ChroniclesPlayScene(app, session)
    app.reset(scene)
    return scene, session


def test_the_side_panels_layout_pass_ends_where_building_it_ends():
    """`side_blocks` without a view only moves the cursor; it must end on the very row the built panel ends on, at
    every tightness, or the panel would pick a layout that does not fit (or a tighter one than needed)."""
    app = make_app()
    try:
        compared = 0
        for players, seed, scenario in ((4, 3, "welcome_to_the_lair"), (5, 9, "blackout_broadcast"),
                                        (3, 4, "doomsday_reactor")):
            scene, session = start(app, players, seed, scenario)
            rng = random.Random(seed)
            for move in range(160):
                state = session.state
                if state.decision is None:
                    break
                if move % 4 == 0:
                    for viewer in (None, 0, 1):
                        seen = state.view(viewer)
                        for tight in range(3):
                            built = panels.side_blocks(scene, seen, scene.geo.side, View(), tight).y
                            assert panels.side_blocks(scene, seen, scene.geo.side, None, tight).y == built
                            compared += 1
                session.apply(rng.choice(state.decision.options))
        assert compared > 300
    finally:
        app.close()
