"""Driving any game's table by mouse in tests, whatever the game: start a game on its own play scene,
find where an option lives on the table and click it there, wait for a human's turn.

Games with a table of their own (the kit's `TableScene`) and games on the generic play scene are both
driven through what the presenter and the view expose, so the same tests run for every registered game.
"""

from __future__ import annotations

import random
from typing import Iterator

import pygame
from ui_helpers import click, make_app, pump, run_until, scroll_into_view  # noqa: F401  (re-exported)

from guardians.engine.actions import Action
from guardians.engine.registry import game_ids, get_game
from guardians.engine.state import GameConfig
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.session import Session
from guardians.ui.table.selection import OPT
from guardians.ui.table.view import View


def player_counts(game_id: str) -> list[int]:
    info = get_game(game_id).INFO
    return list(info.player_counts or range(info.min_players, info.max_players + 1))


def games() -> list[str]:
    return game_ids()


def start(app, config: GameConfig, seed: int):
    session = Session.start(config, seed)
    scene = make_play_scene(app, session)
    app.push(scene)
    pump(app, 2)
    return scene, session


def anchors(scene, action: Action) -> tuple[str, ...]:
    clicks = getattr(scene, "clicks", None)
    return clicks.anchors(action) if clicks is not None else action.refs


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


def route_to(scene, action: Action, send) -> str | None:
    """Pick `action` by clicks on drawn things only (never the option list), sending each click with
    `send(pos)`; the route taken, or None when the table offers none. Routes: "direct" (the thing it
    names), "button" (its own button), "select" (the first of a pair, then the other), "chooser" (a thing
    several options name, then the popup's button)."""
    presenter = scene.presenter
    for target in presenter.targets:
        if target.direct == action:
            send(free_point(target, presenter.targets))
            return "button" if target.ref.startswith(OPT) else "direct"
    rects = scene.view.rects() if hasattr(scene, "view") else {}
    for ref in anchors(scene, action):
        if ref in getattr(scene, "selectable", ()) and ref in rects:
            send(rects[ref].center)
            assert scene.selected == ref, (ref, scene.selected)
            for target in presenter.targets:
                if target.direct == action:
                    send(free_point(target, presenter.targets))
                    return "select"
            for target in presenter.targets:
                if action in target.actions:
                    send(free_point(target, presenter.targets))
                    assert presenter.chooser is not None, action.label
                    send(presenter.chooser.buttons[target.actions.index(action)].rect.center)
                    return "select"
            raise AssertionError(f"{action.label}: selecting {ref} offers no target for it")
    for target in presenter.targets:
        if action in target.actions:
            send(free_point(target, presenter.targets))
            assert presenter.chooser is not None, action.label
            send(presenter.chooser.buttons[target.actions.index(action)].rect.center)
            return "chooser"
    return None


def click_on_table(app, scene, action: Action) -> str | None:
    return route_to(scene, action, lambda pos: click(app, pos))


def click_in_list(app, scene, action: Action) -> None:
    index = list(scene.presenter.options).index(action)
    click(app, scroll_into_view(app, scene.presenter.list, index).center)


def pass_screen_or_wait(app, session: Session, max_frames: int = 40000) -> None:
    """Run frames until a human must choose (clicking through hand-over screens) or the game ends."""
    from guardians.ui.scenes.handover import HandoverScene

    def ready() -> bool:
        top = app.top
        if isinstance(top, HandoverScene):
            return True
        return session.state.is_over or (isinstance(top, PlayScene) and session.human_to_move is not None
                                         and not session.needs_handover)

    while True:
        assert run_until(app, ready, max_frames=max_frames, timeout=60), "the game stalled"
        top = app.top
        if isinstance(top, HandoverScene):
            click(app, top.ready.rect.center)
            continue
        pump(app)
        return


def screen_rect(app) -> pygame.Rect:
    return pygame.Rect((0, 0), app.size)


# ----- the contract tests' drivers (tests/ui/test_table_*.py) ----------------------------------------

def send(scene, pos: tuple[int, int], button: int = 1) -> None:
    """A real click through the scene's own event handler (no frame run): move, press, release."""
    scene.handle(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button))
    scene.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
    if scene._stale:
        scene.refresh()


def reset_choice(scene) -> None:
    """As if the decision had just arrived: no popup, no selection (but the table's own auto-selection)."""
    scene.presenter.chooser = None
    if hasattr(scene, "selected"):
        scene.selected = None
    if hasattr(scene, "_decision_seen"):
        scene._decision_seen = None
    scene.refresh()


def random_moves(session: Session, seed: int, limit: int) -> Iterator[int]:
    """Up to `limit` moves of the game, each an option picked by a `random.Random(seed)` (the same seed plays the
    same game) until the game ends: yields each move's number after making it, for the caller to redraw and
    measure the table."""
    rng = random.Random(seed)
    for move in range(limit):
        decision = session.state.decision
        if decision is None:
            return
        session.apply(rng.choice(decision.options))
        yield move


def redraw(scene) -> None:
    """The table built again as for a decision just arrived (what the scene keeps between frames stays kept)."""
    scene._decision_seen = None
    scene.refresh()


def take_turn(scene, session: Session) -> None:
    """The seat to move takes the table (no hand-over screen) and sees its decision as just arrived."""
    session.accept_handover()
    reset_choice(scene)


def choices_panel(scene) -> pygame.Rect | None:
    geo = getattr(scene, "geo", None)
    if geo is not None:
        return geo.right
    return scene.areas.get("right")


def tween_seen(seen: list[tuple[str, str, object]], prefix: str, kind: str) -> bool:
    return any(k == kind and (not prefix or key.split(":")[0] == prefix) for key, k, _ in seen)


def record_tweens(scene) -> list[tuple[str, str, object]]:
    """Every tween the scene's animator is given from now on: (key, kind, payload)."""
    seen: list[tuple[str, str, object]] = []
    add = scene.animator.add

    def recording(key, kind, start, end, duration, delay=0.0, payload=None):
        seen.append((key, kind, payload))
        return add(key, kind, start, end, duration, delay, payload)

    scene.animator.add = recording
    return seen


def count(counter, key: str) -> int:
    """A count of `counter`, or the sum of several: "chooser+select"."""
    return sum(counter.get(part, 0) for part in key.split("+"))


def leak_raw_state(scene, monkeypatch) -> None:
    """A leak for the secrecy check to catch: the table drawn from the unmasked state rather than the
    seat's view of it (a game's own table), or drawn as the next seat sees it (the generic table)."""
    if hasattr(scene, "build"):
        build = scene.build
        monkeypatch.setattr(scene, "build", lambda seen, *rest: build(scene.session.state, *rest))
        return
    state_type = type(scene.session.state)
    table = state_type.table
    monkeypatch.setattr(state_type, "table",
                        lambda state, seat: table(state, None if seat is None else (seat + 1) % state.config.players))


def built_afresh(scene) -> View:
    """The view of the scene's last refresh built again with nothing kept (its `kept` parts set aside)."""
    kept, scene.kept = scene.kept, None
    try:
        return scene.build(scene.seen, scene.geo, scene.shown, scene.title_line(), scene.hint_line(scene.shown))
    finally:
        scene.kept = kept


def painted_afresh(view: View, size: tuple[int, int]) -> pygame.Surface:
    """Every static and piece of `view` painted by its own painter, in drawing order (no kept picture)."""
    surface = pygame.Surface(size)
    surface.fill((1, 2, 3))
    for paint in view.statics:
        paint(surface)
    for piece in view.all():
        piece.paint(surface, piece.rect)
    return surface
