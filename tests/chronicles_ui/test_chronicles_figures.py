"""Every figure's letters on the map read whole (issue #16 follow-up: minion numbers of 10 and more showed "R…"):
at 1280x720, on the bases of nine tiles, each label fits its token without being cut, and is at most a little
narrowed."""

from __future__ import annotations

import random

import pytest
from ui_helpers import make_app, pump

from guardians.engine.state import GameConfig
from guardians.games.chronicles.scenes import board
from guardians.games.chronicles.scenes.play import ChroniclesPlayScene
from guardians.ui.session import Session
from guardians.ui.table.text import text


@pytest.mark.parametrize("scenario", ("doomsday_reactor", "skarovs_masterstroke"))
def test_every_figure_label_reads_whole(scenario: str):
    app = make_app()
    try:
        config = GameConfig("chronicles", 3, ("human",) * 3, options=(("scenario", scenario),))
        session = Session.start(config, 2)
        rng = random.Random(2)
        def tenth() -> bool:
            return any("." in f and int(f.rsplit(".", 1)[1]) >= 10 for f, fig in session.state.figures.items()
                       if fig.cell is not None)

        for _ in range(1500):                                           # on to a minion numbered 10 or more
            if session.state.decision is None or (session.state.phase != "setup" and tenth()):
                break
            session.apply(rng.choice(session.state.decision.options))
        scene = ChroniclesPlayScene(app, session)
        app.reset(scene)
        scene.refresh()
        pump(app)
        seen = scene.seen
        figures = [p for p in scene.view.all() if p.group == "figure"]
        numbered = 0
        for piece in figures:
            fig = seen.figures[piece.key[4:]]
            label = board.initials(seen, fig)
            if "." in fig.id and fig.side == "villains":
                assert label[1:] == str(int(fig.id.rsplit(".", 1)[1])), (fig.id, label)     # the number, whole
                numbered += len(label) >= 3
            img = board.label_image(label, max(board.MIN_TEXT, piece.rect.h // 2), piece.rect.w - 4, (250, 250, 250))
            full = text(label, board.MIN_TEXT, (250, 250, 250), True)
            assert img.get_width() <= piece.rect.w - 4, (label, img.get_width(), piece.rect)
            assert img.get_height() >= full.get_height()                                # never under MIN_TEXT
            assert img.get_width() >= 0.8 * full.get_width(), (label, piece.rect)        # narrowed a little at most
        assert numbered, "no minion numbered 10 or more on this base"
    finally:
        app.close()
