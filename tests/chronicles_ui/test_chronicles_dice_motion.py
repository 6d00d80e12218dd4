"""The chronicles dice tray throws each new roll (issue #16): the dice fly from the figure that rolled, tumble
(their faces change) and settle on the faces the rules rolled, a POW's reroll a row later; the result waits for
them. With animations off the tray shows the result at once."""

from __future__ import annotations

import random

import pygame

from ui_helpers import make_app

from guardians.engine.state import GameConfig
from guardians.games.chronicles.scenes import dice
from guardians.games.chronicles.scenes.play import ChroniclesPlayScene
from guardians.ui.app import App
from guardians.ui.session import Session
from guardians.ui.settings import Settings


def play_to_rolls(speed: str, seed: int, wanted: int):
    """Random seeded games on the table until `wanted` moves rolled dice, the scene rebuilt after each of them (as
    the app does after a run of quick moves: the old picture is the one before the run); yields (scene, the roll
    event, its index in the log) after each of them."""
    app = App(Settings(window_size=(1280, 720), animation_speed=speed), size=(1280, 720)) if speed != "off" \
        else make_app()
    found = 0
    try:
        for game in range(seed, seed + 20):
            config = GameConfig("chronicles", 3, ("human",) * 3, options=(("scenario", "welcome_to_the_lair"),))
            session = Session.start(config, game)
            scene = ChroniclesPlayScene(app, session)
            app.reset(scene)
            scene.refresh()
            rng = random.Random(game)
            for _ in range(900):
                state = session.state
                if state.decision is None or found >= wanted:
                    break
                if session.needs_handover:
                    session.accept_handover()
                    scene.refresh()                 # the new viewer's table, as the hand-over screen leaves it
                before = len(state.log)
                session.apply(rng.choice(state.decision.options))
                rolls = [(i, e) for i, e in enumerate(session.state.log[before:], before)
                         if e.kind in ("roll", "check")]
                if rolls and not any(dict(e.data).get("automatic") for _, e in rolls):
                    scene.refresh()                 # the table since its last picture: the new roll is thrown
                    found += 1
                    index, event = rolls[-1]
                    yield scene, event, index
                scene.animator.skip()
            if found >= wanted:
                return
        raise AssertionError(f"only {found} rolls in 20 games")
    finally:
        app.close()


def faces_of(event) -> list[list[tuple[str, object]]]:
    """The dice the event says were rolled, a row a wave."""
    data = dict(event.data)
    if event.kind == "roll":
        return [[(kind, face) for kind, face, _ in wave] for wave in data["rolled"]]
    return [[("check", face) for face in data["faces"]]]


def test_each_die_tumbles_and_settles_on_the_face_the_rules_rolled():
    rerolls = 0
    for scene, event, index in play_to_rolls("normal", 5, 8):
        tweens = {t.key: t for t in scene.animator.tweens if t.key.startswith("die:")}
        pieces = {p.key: p for p in scene.view.all() if p.group == "dice"}
        assert tweens and set(tweens) == set(pieces)                    # every die of the new roll is thrown
        rolled = faces_of(event)
        for key, tween in tweens.items():
            painter = tween.payload.paint
            assert isinstance(painter, dice.Tumble) and painter.tween is tween
            row, col = piece_at = pieces[key].ident[1]
            assert (painter.kind, painter.face) == rolled[row][col], piece_at   # as the event's die data says
            assert painter.face_at(1.0) == painter.face and painter.face_at(dice.SETTLE) == painter.face
            shown = {painter.face_at(i / 100) for i in range(int(dice.SETTLE * 100))}
            assert shown <= set(scene.seen.box.dice[painter.kind])     # while tumbling: faces of that die
            assert tween.end == pieces[key].rect                        # and it lands in its place in the tray
        rows = sorted({t.end.y for t in tweens.values()})
        for t in tweens.values():                                       # a reroll row leaves after the one before
            assert (t.delay > 0) == (t.end.y != rows[0])
        rerolls += len(rows) > 1
        hold = next(t for t in scene.animator.tweens if t.key == "dice:tray")
        assert hold.duration >= max(t.delay + t.duration for t in tweens.values())
        assert scene.animator.tweens.index(hold) < min(scene.animator.tweens.index(t) for t in tweens.values())
        first = [t for t in tweens.values() if t.delay == 0]
        canvas = pygame.Surface(scene.app.size)
        scene.animator.update(first[0].duration + 0.01)                # the first row has settled, a reroll flies
        if len(rows) > 1:
            hold.payload.paint(canvas, hold.end)                         # the tray, still "Rolling…", and on it
            for t in first:                                             # the settled dice, each its rolled face
                row, col = pieces[t.key].ident[1]
                die = pygame.Surface(t.end.size)
                dice.paint_die(die, die.get_rect(), *rolled[row][col])
                assert canvas.subsurface(t.end).copy().get_at((t.end.w // 2, t.end.h // 2)) == \
                    die.get_at((t.end.w // 2, t.end.h // 2))
    assert rerolls, "no POW reroll met: pick another seed"


def test_with_animations_off_the_tray_shows_the_result_at_once():
    for scene, event, index in play_to_rolls("off", 5, 3):
        assert not scene.animator.tweens
        tray = next(p for p in scene.view.all() if p.key == "dice:tray")
        assert not tray.paint.rolling and tray.paint.roll.at == index
        drawn = [p.ident[1:] for p in scene.view.all() if p.group == "dice"]
        rolled = faces_of(event)
        assert drawn and all(rolled[row][col] == (kind, face) for (row, col), kind, face in drawn)
        assert len(drawn) == sum(len(row) for row in rolled[:3])          # every die of the first rows shows
