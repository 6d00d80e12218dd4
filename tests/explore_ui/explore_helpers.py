"""Driving the explore scene by mouse in tests: find where an option lives on the table and click it."""

from __future__ import annotations

import pygame
from ui_helpers import click, make_app, pump, run_until, scroll_into_view  # noqa: F401  (re-exported)

from guardians.engine.actions import Action
from guardians.engine.state import GameConfig
from guardians.games.explore.scenes.play import ExplorePlayScene
from guardians.games.explore.scenes.selection import OPT
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session


def start(app, config: GameConfig, seed: int) -> tuple[ExplorePlayScene, Session]:
    session = Session.start(config, seed)
    scene = make_play_scene(app, session)
    assert isinstance(scene, ExplorePlayScene)
    app.push(scene)
    pump(app, 2)
    return scene, session


def free_point(target, targets) -> tuple[int, int]:
    """A point of `target` that no target drawn above it covers (its centre when free)."""
    above = targets[targets.index(target) + 1:] if target in targets else []
    rect = target.rect
    candidates = [rect.center] + [(rect.x + rect.w * i // 8, rect.y + rect.h * j // 8)
                                  for j in range(1, 8) for i in range(1, 8)]
    for point in candidates:
        if not any(other.rect.collidepoint(point) for other in above):
            return point
    raise AssertionError(f"{target.ref} is entirely covered by other targets")


def route_to(scene: ExplorePlayScene, action: Action, send) -> str | None:
    """Pick `action` by clicks on drawn things only (never the option list), sending each click with
    `send(pos)`; the route taken, or None when the table offers none. Routes: "direct" (the thing it
    names), "button" (its own button), "select" (one half of a pair, then the other), "chooser" (a thing
    several options name, then the popup's button)."""
    presenter = scene.presenter
    for target in presenter.targets:
        if target.direct == action:
            send(free_point(target, presenter.targets))
            return "button" if target.ref.startswith(OPT) else "direct"
    rects = scene.view.rects()
    for ref in action.refs:
        if ref in scene.selectable and ref in rects:
            send(rects[ref].center)
            assert scene.selected == ref, (ref, scene.selected)
            for target in presenter.targets:
                if target.direct == action:
                    send(free_point(target, presenter.targets))
                    return "select"
            raise AssertionError(f"{action.label}: selecting {ref} offers no target for it")
    for target in presenter.targets:
        if action in target.actions:
            send(free_point(target, presenter.targets))
            assert presenter.chooser is not None, action.label
            send(presenter.chooser.buttons[target.actions.index(action)].rect.center)
            return "chooser"
    return None


def click_on_table(app, scene: ExplorePlayScene, action: Action) -> str | None:
    return route_to(scene, action, lambda pos: click(app, pos))


def click_in_list(app, scene: ExplorePlayScene, action: Action) -> None:
    index = list(scene.presenter.options).index(action)
    click(app, scroll_into_view(app, scene.presenter.list, index).center)


def pass_screen_or_wait(app, session: Session) -> None:
    """Run frames until a human must choose (clicking through hand-over screens) or the game ends."""
    from guardians.ui.scenes.handover import HandoverScene

    def ready() -> bool:
        top = app.top
        if isinstance(top, HandoverScene):
            return True
        return session.state.is_over or (isinstance(top, ExplorePlayScene) and session.human_to_move is not None
                                         and not session.needs_handover)

    while True:
        assert run_until(app, ready, max_frames=40000, timeout=60), "the game stalled"
        top = app.top
        if isinstance(top, HandoverScene):
            click(app, top.ready.rect.center)
            continue
        pump(app)
        return


def screen_rect(app) -> pygame.Rect:
    return pygame.Rect((0, 0), app.size)
