"""Movement and line of sight shown before a click: hovering a figure during an activation outlines where it can
move this action (the options' destinations for the figure acting, the rules' movement helpers on the observation
for the others), and hovering an enemy of the acting figure draws the line to it with the rules' verdict.

Rulebook 004_fe7a1a573f931c0d.txt L372-L414 (moves), L424 and L430 (line of sight). Seeded positions; the
preview is worked out from `state.view(viewer)` only (a sealed copy: its RNG is `SEALED`).
"""

from __future__ import annotations

import random

import pygame
from test_chronicles_table import start
from ui_helpers import make_app

from guardians.engine.state import SEALED
from guardians.games.chronicles.rules.board import NEUTRAL, sight
from guardians.games.chronicles.rules.state import ChroniclesState
from guardians.games.chronicles.scenes.preview import acting_turn, actor_of, preview


def activations(seed: int, steps: int = 400):
    """(scene, session) at each activation decision of a seeded 3-player game, the decision's seat viewing."""
    app = make_app()
    try:
        scene, session = start(app, 3, seed, "welcome_to_the_lair")
        rng = random.Random(seed)
        for _ in range(steps):
            decision = session.state.decision
            if decision is None:
                return
            if acting_turn(decision):
                session.accept_handover()
                scene._decision_seen = None
                scene.selected = None
                scene.refresh()
                auto = scene.clicks.auto_selection(decision)
                picked = auto or min(scene.clicks.selectable_refs(decision), default=None)
                if picked is not None:
                    scene._select(picked)
                    scene.refresh()
                yield scene, session
            session.apply(rng.choice(decision.options))
    finally:
        app.close()


def test_the_preview_lists_the_right_cells_and_the_line_of_sight():
    heroes = villains = others = lines = 0
    for scene, session in activations(11):
        state, seen, decision = session.state, scene.seen, session.state.decision
        actor = actor_of(seen, decision, scene.selected)
        assert actor is not None
        for fig in state.figures.values():
            if fig.cell is None or fig.side == NEUTRAL:
                continue
            found = preview(seen, decision, scene.selected, f"fig:{fig.id}")
            assert found is not None
            own = {(a.args[1], a.args[2]) for a in decision.options if a.kind == "fig_move" and a.args[0] == fig.id}
            if fig.id == actor and fig.side == "heroes":
                own = {tuple(a.args) for a in decision.options if a.kind in ("move", "reposition")}
            if own:
                assert found.listed and set(found.moves) == own
                heroes += fig.side == "heroes"
                villains += fig.side == "villains"
            else:        # the figure that is not acting: the rules' Move and Reposition on the full state agree
                assert not found.listed
                assert set(found.moves) == set(state.move_cells(fig.id)) | set(state.reposition_cells(fig.id))
                others += 1
            a = state.figures[actor]
            if fig.side not in (a.side, NEUTRAL):
                want = sight(state.base, a.cell, fig.cell, state.doors, state.occupants(), a.side)
                assert found.sight == want and found.actor == actor
                assert want.clear is state.base.ranged_los(a.cell, fig.cell, state.doors, state.occupants(), a.side)
                piece = scene.view.by_key()[f"fig:{fig.id}"]
                assert any(t.startswith("In line of sight" if want.clear else "No line of sight") for t in piece.tags)
                lines += 1
            else:
                assert found.sight is None
        if heroes and villains and others > 20 and lines > 20:
            break
    assert heroes and villains and others > 20 and lines > 20, (heroes, villains, others, lines)


def test_no_preview_outside_an_activation_nor_off_a_figure():
    app = make_app()
    try:
        scene, session = start(app, 3, 11, "welcome_to_the_lair")
        decision = session.state.decision
        assert not acting_turn(decision)                     # setting up
        seen = session.state.view(decision.seat)
        assert all(preview(seen, decision, None, f"fig:{f}") is None for f in seen.figures)
    finally:
        app.close()
    for scene, session in activations(11):
        assert preview(scene.seen, session.state.decision, scene.selected, "cell:0,0") is None
        break


def test_the_preview_reads_only_the_observation(monkeypatch):
    """Every movement helper the hover calls runs on a sealed view, never on the game's state; drawing the hover
    over every figure raises nothing, and the figure's card goes over the side panel, off the map."""
    calls: list[bool] = []
    original = ChroniclesState.move_cells

    def spy(self, fid, *args, **kwargs):
        calls.append(self.rng is SEALED)
        return original(self, fid, *args, **kwargs)

    monkeypatch.setattr(ChroniclesState, "move_cells", spy)
    drawn = 0
    for scene, session in activations(11, 60):
        bare = pygame.Surface(scene.app.size)
        scene.mouse = (-1, -1)
        scene.draw(bare)
        for piece in [p for p in scene.view.all() if p.group == "figure"]:
            calls.clear()
            scene.mouse = piece.area.center
            surface = pygame.Surface(scene.app.size)
            scene.draw(surface)
            assert all(calls), "a preview ran the rules on the full state"
            found = scene.preview_of(session.state.decision, piece.ref)
            spot = scene.hover_spot(piece, (250, 350))
            if found is not None and found.moves:       # the card goes off the map, over the side panel
                assert spot is not None and scene.geo.side.colliderect(spot)
                assert not scene.geo.board.colliderect(spot), (spot, scene.geo.board)
            drawn += bool(calls)
        if drawn > 5:
            break
    assert drawn > 5
