"""Every minion's number on the map reads whole (issue #16 follow-up: minion numbers of 10 and more showed "R…"):
at 1280x720, on the bases of nine tiles, a figure shows its kind's emblem (issue #18) and a minion its number
as a tag at the foot of its token, whole, at the smallest text size or more, no wider than the token."""

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
            number = board.minion_number(fig)
            if "." in fig.id and fig.side == "villains":
                assert number == str(int(fig.id.rsplit(".", 1)[1])), (fig.id, number)     # the number, whole
                numbered += len(number) >= 2
                tag = text(number, board.MIN_TEXT, (250, 250, 250), True)
                assert any(t.startswith("the number at its foot: ") for t in piece.tags), piece.tags   # explained
                assert tag.get_width() + 4 <= piece.rect.w, (number, piece.rect)
            else:
                assert number == "", fig.id
        assert numbered, "no minion numbered 10 or more on this base"
    finally:
        app.close()
