"""Driving the heroes scene by mouse in tests: find where an option lives on the table and click it."""

from __future__ import annotations

import pygame
from ui_helpers import click, make_app, pump, run_until, scroll_into_view  # noqa: F401  (re-exported)

from guardians.engine.actions import Action
from guardians.engine.state import GameConfig
from guardians.games.heroes.scenes.play import HeroesPlayScene
from guardians.games.heroes.scenes.selection import anchors
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session


def start(app, config: GameConfig, seed: int) -> tuple[HeroesPlayScene, Session]:
    session = Session.start(config, seed)
    scene = make_play_scene(app, session)
    assert isinstance(scene, HeroesPlayScene)
    app.push(scene)
    pump(app, 2)
    return scene, session


def click_on_table(app, scene: HeroesPlayScene, action: Action) -> str | None:
    """Pick `action` by clicking drawn things only (no list rows); the route taken, or None if the
    table offers none. Routes: "direct" (one click), "select" (the actor, then its target or button),
    "chooser" (a click that opens the presenter's popup, then the popup's button)."""
    presenter = scene.presenter
    for target in presenter.targets:
        if target.direct == action:
            click(app, target.rect.center)
            return "direct"
    rects = scene.view.rects()
    for ref in anchors(action):
        if ref in scene.selectable and ref in rects:
            click(app, rects[ref].center)
            assert scene.selected == ref, (ref, scene.selected)
            for target in presenter.targets:
                if target.direct == action:
                    click(app, target.rect.center)
                    return "select"
            for target in presenter.targets:
                if action in target.actions:
                    click(app, target.rect.center)
                    assert presenter.chooser is not None
                    click(app, presenter.chooser.buttons[target.actions.index(action)].rect.center)
                    return "select"
            raise AssertionError(f"{action.label}: selecting {ref} offers no target for it")
    for target in presenter.targets:
        if action in target.actions:
            click(app, target.rect.center)
            assert presenter.chooser is not None, action.label
            click(app, presenter.chooser.buttons[target.actions.index(action)].rect.center)
            return "chooser"
    return None


def click_in_list(app, scene: HeroesPlayScene, action: Action) -> None:
    index = list(scene.presenter.options).index(action)
    click(app, scroll_into_view(app, scene.presenter.list, index).center)


def pass_screen_or_wait(app, session: Session) -> None:
    """Run frames until a human must choose (clicking through hand-over screens) or the game ends."""
    from guardians.ui.scenes.handover import HandoverScene

    def ready() -> bool:
        top = app.top
        if isinstance(top, HandoverScene):
            return True
        return session.state.is_over or (isinstance(top, HeroesPlayScene) and session.human_to_move is not None
                                         and not session.needs_handover)

    while True:
        assert run_until(app, ready, max_frames=20000, timeout=60), "the game stalled"
        top = app.top
        if isinstance(top, HandoverScene):
            click(app, top.ready.rect.center)
            continue
        pump(app)
        return


def screen_size(app) -> pygame.Rect:
    return pygame.Rect((0, 0), app.size)
