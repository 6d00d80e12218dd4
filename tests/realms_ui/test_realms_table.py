"""The realms table's own rules of drawing: clicks (pairs, paths, buttons kept while a card is selected),
what the board says of control and stacks, and whole games drawn at 1280x720 with every piece inside the
window and every option's first click drawn somewhere."""

from __future__ import annotations

import random

import pygame
import pytest
from realms.helpers import fixture_config

from guardians.engine.actions import Action, Decision
from guardians.engine.registry import new_game
from guardians.games.realms.cards import load_content
from guardians.games.realms.scenes import board, facts
from guardians.games.realms.scenes.layout import board_cells, geometry
from guardians.games.realms.scenes.play import RealmsPlayScene
from guardians.games.realms.scenes.selection import CLICKS, is_path
from guardians.games.realms.scenes.table import build_view
from guardians.ui import theme
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
    state = new_game(fixture_config(2), 1)
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
    state = new_game(fixture_config(players), seed)
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


def _whole(label: board.Label, width: int, *titles: str) -> bool:
    """The label says one of the titles with nothing left out (a word may be broken over two lines), no
    line cut with "…" or wider than its room."""
    room = width - 2 * board.INSET
    said = "".join(label.lines).replace(" ", "")
    return any(said == t.replace(" ", "") for t in titles) and not any("…" in line for line in label.lines) \
        and all(theme.font(label.size, label.bold).size(line)[0] <= room for line in label.lines) \
        and label.size >= 12


def test_every_card_name_fits_the_narrowest_space_whole():
    """Four players at 1280x720 give the narrowest spaces: every Terrain and Stronghold card of the
    content, any card laid face down (as its owner sees it) and Rubble are labelled in whole words (one of
    their forms), with room under the label for the notes line and a stack's chip."""
    pygame.init()
    content = load_content()
    geo = geometry((1280, 720), 4)
    cells = board_cells(geo.board, 4, 0, geo.px(5)).values()
    width, height = min(r.w for r in cells), min(r.h for r in cells)
    badge_w = board.badge_size(3, "terrain")[0]
    titles = [((c.name, facts.short_name(c, content)), 0) for c in content.cards.values() if c.type == "stronghold"]
    titles += [((c.name,), badge_w) for c in content.cards.values() if c.type == "terrain"]
    titles += [((f"{c.name} (face down)", c.name, "Face down (P4)"), badge_w) for c in content.cards.values()]
    titles += [(("No Terrain",), badge_w), (("Face-down Terrain (P4)", "Face down (P4)"), badge_w),
               (("Rubble held by P4", "Rubble (P4)"), 0)]
    assert len(titles) > 700
    for forms, badge in titles:
        label = board.fit_title(forms, width, badge)
        assert _whole(label, width - (badge + 4 if label.badge_top else 0), *forms), (forms, label)
        notes = board.line_height(board.NOTE_PX) + 2
        assert board.label_height(label) + notes + 2 + board.CHIP_H <= height, (forms, label)


def test_no_space_label_is_cut_on_the_four_player_board():
    """A seeded four-player game drawn for the deciding seat: each space's label is whole and its stacks'
    chips start under it and its notes (the notes stay clear of a target's word at the space's foot)."""
    pygame.init()
    state = new_game(fixture_config(4), 2)
    rng = random.Random(2)
    scene = _Scene(4)
    checked = 0
    for step in range(160):
        decision = state.decision
        if decision is None:
            break
        if step % 8 == 0:
            seen = state.view(decision.seat)
            view = build_view(scene, seen, scene.geo, decision.seat, (), CLICKS.shown(decision, None), "", "", None)
            pieces = list(view.all())
            for piece in pieces:
                if not piece.key.startswith("space:"):
                    continue
                sid = piece.key[len("space:"):]
                label = board.space_label(seen, sid, piece.rect.w, scene.geo)
                room = piece.rect.w - (board.badge_size(*facts.control(seen, sid))[0] + 4 if label.badge_top else 0)
                assert _whole(label, room, *facts.title_forms(seen, sid)), sid
                below = piece.rect.y + board.header_height(seen, sid, piece.rect.w, scene.geo, decision.seat)
                chips = [p for p in pieces if p.rect.colliderect(piece.rect) and p.key.split(":")[0] in ("shield", "pile")]
                assert all(chip.rect.y >= below for chip in chips), sid
                checked += 1
        state.apply(rng.choice(decision.options))
    assert checked > 100


def test_the_end_counts_the_guardian_beaten_by_the_winner():
    """Two players: beating the other Guardian wins at once (RB = ../shared/seeds/001_7eb27caf5825ab9d.txt,
    "Attacking the Guardian" and "Check for Victory Conditions"); the beaten Guardian is marked so in the
    state; the winner's progress reads "Guardian beaten 1/1", the loser's 0/1."""
    state = new_game(fixture_config(2), 3)
    rng = random.Random(3)
    while state.decision is not None:
        state.apply(rng.choice(state.decision.options))
    assert state.result is not None and state.result.reason == "guardian"      # this seed ends so
    winner = state.result.winners[0]
    seen = state.view(winner)
    assert not seen.seats[1 - winner].g_alive and seen.seats[winner].g_alive
    rows = {seat: dict((label, have) for label, have, _ in facts.progress(seen, seat).rows) for seat in (0, 1)}
    assert rows[winner]["Guardian beaten"] == 1 and rows[1 - winner]["Guardian beaten"] == 0


def test_every_number_disc_on_a_card_is_explained_on_hover():
    """Issue #18 (every badge labelled or explained on hover): a card drawn as a picture carries a red disc (its
    Vitality) or a blue one (its Up-card number); its hover tags say which and the number, and the round panel's
    legend says both. Checked on the cards a seeded game shows until a combat has creatures in play."""
    pygame.init()
    state = new_game(fixture_config(2), 5)
    rng = random.Random(5)
    scene = _Scene(2)
    seen_discs: set[str] = set()
    for _ in range(300):
        decision = state.decision
        if decision is None:
            break
        seen = state.view(decision.seat)
        view = build_view(scene, seen, scene.geo, decision.seat, (), CLICKS.shown(decision, None), "", "", None)
        for piece in view.all():
            if piece.face is None or not piece.key.startswith(("card:", "cmd:")) or piece.rect.h < 60:
                continue                     # a one-line tile writes "V 6" / "Up 10" in words: no disc
            stats = dict(piece.face.stats)
            if "VIT" in stats:
                assert f"red disc: Vitality {stats['VIT']}" in piece.tags, (piece.key, piece.tags)
                seen_discs.add("red")
            elif "UP" in stats:
                assert f"blue disc: Up-card number {stats['UP']}" in piece.tags, (piece.key, piece.tags)
                seen_discs.add("blue")
        if state.combat is not None and any(state.combat.inplay.values()) and len(seen_discs) == 2:
            break
        state.apply(rng.choice(decision.options))
    assert seen_discs == {"red", "blue"}
    for sid in seen.lands():                 # the control badge ("P1 R") is named in its space's tip
        who, why = facts.control(seen, sid)
        if who is not None:
            assert f'the badge "P{who + 1} {"STR"["shield terrain realm".split().index(why)]}"' in \
                facts.space_tip(seen, sid), sid
    from guardians.games.realms.scenes.side import round_lines
    legend = " ".join(round_lines(new_game(fixture_config(2), 1).view(0)))
    assert "red Vitality" in legend and "blue Up-card number" in legend
