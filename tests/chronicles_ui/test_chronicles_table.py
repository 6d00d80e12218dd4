"""The chronicles table: every option of real games is drawn somewhere a click reaches (the map, the side
panel or a button), the map and the panels stay inside their regions at every scenario, the dice tray reads
the rolls as the log told them, and a seat never sees another seat's hidden cards drawn."""

from __future__ import annotations

import random

import pygame
import pytest
from table_helpers import take_turn
from ui_helpers import make_app, pump

from chronicles.game_helpers import random_decisions, random_game
from guardians.ai import make_player
from guardians.engine.actions import Action, Decision
from guardians.engine.registry import new_game
from guardians.engine.state import GameConfig
from guardians.games.chronicles.rules.model import HIDDEN
from guardians.games.chronicles.scenes import board, dice
from guardians.games.chronicles.scenes.play import ChroniclesPlayScene
from guardians.games.chronicles.scenes.selection import CLICKS
from guardians.ui.session import Session
from guardians.ui.table.selection import OPT
from guardians.ui.table.view import View

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
            on_map = {p.ref for p in scene.view.all() if p.group in ("cell", "figure", "door", "plaque")}
            assert board.board_refs(scene.seen) == on_map       # what the scene counts before it builds the map
            figures = [p.rect for p in scene.view.all() if p.group == "figure"]
            names = [p for p in scene.view.all() if p.group == "area"]
            assert names and len({p.key for p in names}) == len(names)
            for label in names:                          # area names: on the map, never over a figure
                assert geo.board.contains(label.rect) and label.rect.collidelist(figures) == -1, label.key
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


ON_MAP = {"move": "cell", "reposition": "cell", "place_hero": "cell", "place_skarov": "cell", "push": "cell",
          "place_lt": "cell", "place_minion": "cell", "check": "cell", "attack": "fig", "target": "fig", "pick": "fig",
          "door_check": "door", "room": "tile", "tile": "tile", "door": "door"}
PAIRS = {"fig_move": "cell", "fig_attack": "fig", "fig_open": "door"}


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_the_rules_name_on_each_option_what_it_points_at_on_the_map(scenario: str):
    """Issue #16: the scene reads refs, not arguments, so every option about a space, figure, door or room
    must carry that thing's ref (one the map draws), and a villain figure's option the figure first. Random
    seeded games with seats choosing at random, so effect answers (pushes, targets) come up too."""
    seen_kinds: set[str] = set()
    for seed in range(4):
        state = random_game(scenario, seed)
        for decision in random_decisions(state, seed, 400):
            drawn = board.board_refs(state)
            for option in decision.options:
                kind, refs = option.kind, option.refs
                if kind in ON_MAP:
                    assert len(refs) == 1 and refs[0].startswith(ON_MAP[kind] + ":") and refs[0] in drawn, option
                    seen_kinds.add(kind)
                elif kind in PAIRS:
                    assert refs[:1] == (f"fig:{option.args[0]}",) and len(refs) == 2, option
                    assert refs[1].startswith(PAIRS[kind] + ":") and refs[1] in drawn, option
                    seen_kinds.add(kind)
    assert {"move", "attack", "place_hero", "fig_move", "fig_attack"} <= seen_kinds, seen_kinds


def test_a_villain_figure_is_picked_then_its_targets_are_chosen_by_their_refs():
    options = (Action("fig_move", ("robot.01", 1, 2), "move", ("fig:robot.01", "cell:1,2")),
               Action("fig_open", ("robot.01", "d2"), "open", ("fig:robot.01", "door:d2")),
               Action("fig_attack", ("android.01", "hero.x", "melee"), "hit", ("fig:android.01", "fig:hero.x")),
               Action("end", (), "End"))
    decision = Decision(0, "Activation", options, "main")
    assert CLICKS.selectable_refs(decision) == {"fig:robot.01", "fig:android.01"}
    assert CLICKS.auto_selection(decision) is None
    assert [CLICKS.anchors(a) for a in CLICKS.shown(decision, None).options] == [
        ("fig:robot.01",), ("fig:robot.01",), ("fig:android.01",), ("opt:3",)]
    focused = CLICKS.shown(decision, "fig:robot.01").options
    assert [(a.kind, a.refs) for a in focused] == [
        ("fig_move", ("cell:1,2",)), ("fig_open", ("door:d2",)), ("end", ("opt:2",))]
    assert all(not CLICKS.is_pair(a) for a in focused)


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
                    assert [f for row in roll.rows for f in row] == [(k, f) for w in data["rolled"] for k, f, _ in w]
                    first = [k for k, _ in roll.rows[0]] if roll.rows else []
                    assert first == ["combat"] * data["white"] + ["power"] * data["red"]
                    for row, again in zip(roll.rows, roll.rows[1:]):      # a reroll is the POWs, colours kept
                        assert [k for k, f in row if f == "pow"] == [k for k, _ in again]
                    assert roll.ok == data["hit"] and roll.total.endswith(f"Defense {data['defense']}")
                    rolls += 1
                elif event.kind == "check":
                    roll = dice.check_roll(event, index)
                    data = dict(event.data)
                    assert roll.ok == data["success"]
                    if not data["automatic"]:
                        assert [f for _, f in roll.rows[0]] == list(data["faces"])
                        assert sum(data["faces"]) + data["bonus"] - data["tokens"] == data["result"]
                        assert f"Total {data['result']}" in roll.total and f"needs {data['value']}" in roll.total
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


def test_the_sides_are_named_as_the_box_names_them(monkeypatch):
    """The panel headings, the end headline and the front page's columns read the boss's and the team's names from
    the loaded content: a box that renames them renames them everywhere, and no scene keeps the old words."""
    from dataclasses import replace

    from guardians.games.chronicles.scenes import end, newspaper, panels

    app = make_app()
    try:
        scene, session = start(app, 3, 5, "welcome_to_the_lair")
        seen = session.state.view(None)
        boss = next(v for v in seen.box.villains.values() if v.role == "boss")
        villains = dict(seen.box.villains, **{boss.id: replace(boss, name="Baron Vex")})
        seen.box = replace(seen.box, villains=villains, newspaper=replace(seen.box.newspaper, team="The Night Watch"))
        headings: list[str] = []
        real = panels.heading
        monkeypatch.setattr(panels, "heading", lambda view, cur, words, note="": headings.append(words) or
                            real(view, cur, words, note))
        view = View()
        panels.build_side(scene, seen, scene.geo.side, view)
        assert headings[:1] == ["Night Watch"] and "Baron Vex" in headings
        seen.winner = "heroes"
        assert end.headline(seen) == "The Night Watch wins!"
        seen.winner = "villain"
        assert end.headline(seen) == "Baron Vex wins!"
        page = newspaper.compose(seen)
        assert [name for name, _ in page.columns[:2]] == ["The Night Watch", "Baron Vex"]
        words = " ".join(headings) + page.score + end.headline(seen)
        assert "Skarov" not in words and "Liberty" not in words
    finally:
        app.close()


def test_the_heroes_panel_follows_the_revealed_initiative():
    """While the heroes act, their blocks stand in the order of the initiative cards as far as the seat watching
    was shown them (the villain sees the cards flipped so far), numbered; the others after them in seat order."""
    from guardians.games.chronicles.scenes import panels

    app = make_app()
    try:
        scene, session = start(app, 4, 8, "welcome_to_the_lair")
        rng = random.Random(8)
        checked = 0
        for _ in range(600):
            state = session.state
            if state.decision is None or checked >= 6:
                break
            if state.phase == "activation":
                session.accept_handover()
                scene._decision_seen = None
                scene.refresh()
                seen = scene.seen
                drawn = [int(p.key.split(":")[1]) for p in scene.view.all() if p.key.startswith("hero:")]
                known = [s for s in seen.initiative[:len(drawn)] if s >= 0]
                assert drawn[:len(known)] == known and known == panels.initiative_order(seen)
                assert drawn[len(known):] == sorted(drawn[len(known):])
                if session.viewer == 0:
                    assert len(known) <= state.flipped       # nothing of the order the villain was not shown
                checked += 1
            session.apply(rng.choice(state.decision.options))
        assert checked >= 3
    finally:
        app.close()


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_every_mark_on_the_map_is_explained_by_its_space_tip(scenario: str):
    """Issue #18 (every badge labelled or explained on hover): the map's still layer draws marks on spaces (the
    "!" of an orange check, "1+" to "4+" reinforcement spaces, numbered lights, green starts); hovering such a
    space says what the mark is and what it does, in words (rules_summary.md, "Seats and set-up": reinforcement
    spaces labelled 1+ to 4+, start spaces, lights)."""
    state = new_game(GameConfig("chronicles", 3, options=(("scenario", scenario),)), 2)
    seen = state.view(0)
    kinds = set()
    for c, marks in seen.base.marks.items():
        if c not in seen.base.area_of:
            continue
        tip = board.cell_tip(seen, c)
        for mark in marks:
            kinds.add(mark.kind)
            if mark.kind == "check":
                assert '"!" orange check space' in tip and "try the room's check" in tip, tip
            elif mark.kind == "reinforcement" and mark.heroes is not None:
                assert f'"{mark.heroes}+" reinforcement space' in tip and "minion" in tip, tip
                assert ("not used in this game" in tip) == (mark.heroes > seen.n_heroes), tip
            elif mark.kind == "light":
                assert f"light {mark.number}:" in tip and "Skarov" in tip, tip
            elif mark.kind == "start":
                assert "start space: a hero may begin here" in tip, tip
    assert {"check", "reinforcement", "light", "start"} <= kinds


def test_the_map_keeps_its_size_whether_a_row_of_buttons_shows_or_none():
    """The button band below the map is a row high with no buttons too: between a computer's move and a choice
    of yours the map is not rescaled (every space and figure jumped, and the frame painted a whole new map)."""
    from guardians.games.chronicles.scenes.layout import button_band
    area = pygame.Rect(256, 40, 744, 634)
    none, one, full = (button_band(area, n, 30, 4) for n in (0, 1, 4))
    assert none == one == full and none.bottom == area.bottom and none.h > 0
    two_rows = button_band(area, 5, 30, 4)
    assert two_rows.bottom == area.bottom and two_rows.h > one.h          # more rows still take their room
