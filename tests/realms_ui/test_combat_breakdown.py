"""The combat panel's strength breakdown (issue #15): under each fighter of the match-up being fought, its
strength part by part, read from the seat's view (`strength_parts`, whose sum is the rules' `strength`),
in lines of at least 12 px that fit their box and overlap nothing; and the picks' reveal turns both cards
over at once (two half-turns and a flash through the scene's animator). Seeded games at 1280x720.
"""

from __future__ import annotations

import random

import pygame
import pytest
from realms.helpers import fixture_config
from ui_helpers import make_app

from guardians.engine.registry import new_game
from guardians.games.realms.scenes import combat
from guardians.games.realms.scenes.layout import geometry
from guardians.games.realms.scenes.play import RealmsPlayScene
from guardians.games.realms.scenes.selection import CLICKS
from guardians.games.realms.scenes.table import build_view
from guardians.ui import theme
from guardians.ui.session import Session
from guardians.ui.settings import Settings


class _Scene:
    """What `build_view` reads of a scene: its geometry, metrics and primary kinds."""

    metrics = RealmsPlayScene.metrics
    PRIMARY_KINDS = RealmsPlayScene.PRIMARY_KINDS

    def __init__(self, players: int) -> None:
        self.geo = geometry((1280, 720), players)


def _fights(players: int, seed: int, limit: int):
    """(state, decision) at each modify decision of a seeded random game while a match-up is fought."""
    state = new_game(fixture_config(players), seed)
    rng = random.Random(seed)
    found = 0
    for _ in range(3000):
        decision = state.decision
        if decision is None or found >= limit:
            return
        c = state.combat
        if c is not None and c.cur is not None and decision.kind == "modify":
            found += 1
            yield state, decision
        state.apply(rng.choice(decision.options))


@pytest.mark.parametrize("players, seed", [(2, 3), (2, 2), (4, 5)])
def test_each_fighter_shows_its_parts_and_nothing_overlaps(players: int, seed: int):
    pygame.init()
    scene = _Scene(players)
    screen = pygame.Rect(0, 0, 1280, 720)
    shown_parts = 0
    for state, decision in _fights(players, seed, limit=8):
        seen = state.view(decision.seat)
        view = build_view(scene, seen, scene.geo, decision.seat, (), CLICKS.shown(decision, None), "", "", None)
        m = seen.combat.cur
        pieces = view.by_key()
        for inst in (m.a, m.d):
            if inst is None:
                continue
            parts = seen.strength_parts(inst, m)
            piece = pieces[f"parts:{inst}"]
            assert sum(v for _, v in parts) == state.strength(inst, state.combat.cur)
            for words, amount in parts:          # every part is told, with its number, in the hover sentence
                assert words in piece.tip and str(abs(amount)) in piece.tip
            assert piece.tip.split(" = ")[0].endswith(str(sum(v for _, v in parts)))
            assert screen.contains(piece.rect) and scene.geo.side.contains(piece.rect)
            for other in view.all():
                if other is not piece:
                    assert not piece.rect.colliderect(other.area), (piece.key, other.key)
            lines = combat._part_lines(parts, piece.rect.w - 6)
            shown = min(len(lines), (piece.rect.h - 6) // theme.font(combat.PART_PX).get_linesize())
            assert shown >= 2, "the total and at least the base"
            for number, words in lines[:shown]:  # each line fits its box at 12 px, unshrunk
                number_w = theme.font(combat.PART_PX, True).size("+00")[0] + 6
                assert theme.font(combat.PART_PX, words == "total").size(words)[0] <= piece.rect.w - 8 - number_w
            shown_parts += 1
    assert shown_parts >= 4
    assert combat.PART_PX >= 12


def test_a_stronghold_bonus_is_drawn_as_its_own_line():
    """RB-GL "Stronghold Bonus": a defender on its Stronghold gets its card's bonus; the panel names it."""
    pygame.init()
    scene = _Scene(2)
    for state, decision in _fights(2, 3, limit=20):
        seen = state.view(decision.seat)
        m = seen.combat.cur
        if m.d is None or "Stronghold bonus" not in dict(seen.strength_parts(m.d, m)):
            continue
        view = build_view(scene, seen, scene.geo, decision.seat, (), CLICKS.shown(decision, None), "", "", None)
        piece = view.by_key()[f"parts:{m.d}"]
        bonus = dict(seen.strength_parts(m.d, m))["Stronghold bonus"]
        assert f"+ {bonus} Stronghold bonus" in piece.tip
        surface = pygame.Surface((1280, 720))
        surface.fill((0, 0, 0))
        piece.paint(surface, piece.rect)
        inside = {surface.get_at((x, y))[:3] for x in range(piece.rect.x, piece.rect.right, 3)
                  for y in range(piece.rect.y, piece.rect.bottom, 3)}
        assert len(inside) > 4                    # words drawn, not an empty box
        return
    raise AssertionError("seed 3 met no Stronghold bonus")


def test_the_reveal_turns_both_picks_over_at_once():
    """RB-MR "3. Primary Attackers": both creatures are revealed together. In a running scene with
    animations on, the reveal's tweens are a back half-turn for each picked card starting together, then
    each face half-turn, then a flash; the rules' state is the same before and after they run."""
    app = make_app()
    app.settings = Settings(animation_speed="normal")
    try:
        session = Session.start(fixture_config(2, ("human", "ai:random")), 3)
        scene = RealmsPlayScene(app, session)
        app.reset(scene)
        rng = random.Random(3)
        scene.refresh()
        for _ in range(2000):
            state = session.state
            decision = state.decision
            assert decision is not None
            before = len(state.log)
            session.apply(rng.choice(decision.options))
            scene.refresh()
            assert "could not be drawn" not in (session.message or "")
            picks = [e for e in session.state.log[before:] if e.kind == "pick"]
            if not picks:
                continue
            keys = set(picks[-1].refs)
            flips = [t for t in scene.animator.tweens if t.key in keys and t.kind == "slide"]
            flashes = [t for t in scene.animator.tweens if t.kind == "flash" and t.key.split("#")[0] in keys]
            assert {t.key for t in flips} == keys and len(flips) == 4 and len(flashes) == 2
            backs = [t for t in flips if t.delay == 0]
            faces = [t for t in flips if t.delay > 0]
            assert len(backs) == len(faces) == 2
            assert {t.duration for t in backs} == {t.duration for t in faces} and len({t.delay for t in faces}) == 1
            assert all(t.end.w == 0 for t in backs) and all(t.start.w == 0 for t in faces)
            digest = session.state.digest()
            surface = pygame.Surface(app.size)
            for _ in range(30):                  # play the tweens through; drawing never touches the rules
                scene.animator.update(0.05)
                scene.draw(surface)
            assert not scene.animator.active
            assert session.state.digest() == digest
            return
        raise AssertionError("no reveal in 2000 moves")
    finally:
        app.close()


def test_a_beaten_creature_is_told_under_its_victor():
    """RB (../shared/seeds/001_7eb27caf5825ab9d.txt) "3. Primary Attackers": the beaten creature is placed
    under the one that beat it, its Vitality still readable for the secondary attacks; on the panel its
    hover says under which, and the victor's says what it beat."""
    pygame.init()
    scene = _Scene(2)
    met = 0
    for state, decision in _any_decisions(2, (3, 6, 7)):
        if met >= 3:
            break
        c = state.combat
        if c is not None and c.beaten:
            seen = state.view(decision.seat)
            view = build_view(scene, seen, scene.geo, decision.seat, (), CLICKS.shown(decision, None), "", "", None)
            pieces = view.by_key()
            for loser, victor in seen.combat.beaten.items():
                if f"card:{loser}" not in pieces or f"card:{victor}" not in pieces:
                    continue
                loser_name, victor_name = state.name(loser), state.name(victor)
                assert f"lies under {victor_name}, its victor" in pieces[f"card:{loser}"].tags
                assert any(t.startswith("beat ") and loser_name in t for t in pieces[f"card:{victor}"].tags)
                met += 1
    assert met >= 3


def _any_decisions(players: int, seeds: tuple[int, ...]):
    """(state, decision) at every decision of seeded random games, one seed after another."""
    for seed in seeds:
        state = new_game(fixture_config(players), seed)
        rng = random.Random(seed)
        while state.decision is not None:
            decision = state.decision
            yield state, decision
            state.apply(rng.choice(decision.options))
