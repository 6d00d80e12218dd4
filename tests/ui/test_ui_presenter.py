"""The presenter: pure targets, the chooser for shared refs, and every option reachable by mouse."""

from __future__ import annotations

import random

import pygame
import pytest
from ui_helpers import pump

from guardians.engine.actions import Action, Decision
from guardians.engine.registry import game_ids, get_game
from guardians.engine.state import GameConfig
from guardians.ui.presenter import Presenter, targets
from guardians.ui.scenes.play import PlayScene
from guardians.ui.session import Session

BOUNDS = pygame.Rect(0, 0, 1280, 720)


def ev(kind: int, pos: tuple[int, int], **extra) -> pygame.event.Event:
    if kind == pygame.MOUSEMOTION:
        return pygame.event.Event(kind, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    return pygame.event.Event(kind, pos=pos, button=extra.get("button", 1))


def press(presenter: Presenter, pos: tuple[int, int]) -> Action | None:
    """Move, press and release at `pos` through the presenter; what it picked."""
    picked = None
    for kind in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        result = presenter.handle(ev(kind, pos))
        picked = picked or result
    return picked


def reach_by_list(presenter: Presenter, index: int) -> Action | None:
    """Scroll with the ▲ / ▼ buttons until the row shows, then click it."""
    for _ in range(500):
        rect = presenter.list.row_rect(index)
        if rect is not None:
            return press(presenter, rect.center)
        row_top = presenter.list._rows[index].y
        arrow = presenter.list.down if row_top > presenter.list.offset else presenter.list.up
        assert arrow.active, f"option {index} is hidden and the list cannot scroll"
        assert press(presenter, arrow.rect.center) is None
    raise AssertionError("never scrolled into view")


def reach_by_table(presenter: Presenter, action: Action) -> list[Action | None]:
    """Every table route to `action`: a direct click, or a click that opens a chooser then its button."""
    picked: list[Action | None] = []
    for target in presenter.targets:
        if action not in target.actions:
            continue
        first = press(presenter, target.rect.center)
        if target.direct is not None:
            picked.append(first)
            continue
        assert first is None and presenter.chooser is not None
        index = target.actions.index(action)
        picked.append(press(presenter, presenter.chooser.buttons[index].rect.center))
        assert presenter.chooser is None
    return picked


# ----- pure pieces -------------------------------------------------------------------------------

def test_targets_maps_refs_to_their_options():
    a = Action("attack", ("x",), "Attack X", ("hero:x",))
    b = Action("move", ("x", "loc"), "Move X", ("hero:x", "loc:1"))
    c = Action("pass", (), "Pass")
    decision = Decision(0, "Go", (a, b, c))
    rects = {"hero:x": pygame.Rect(10, 10, 50, 70), "loc:1": pygame.Rect(100, 10, 50, 70),
             "unused": pygame.Rect(200, 10, 5, 5)}
    found = {t.ref: t for t in targets(decision, rects)}
    assert set(found) == {"hero:x", "loc:1"}
    assert found["hero:x"].actions == (a, b) and found["hero:x"].direct is None
    assert found["loc:1"].direct == b
    assert targets(None, rects) == []


def test_shared_ref_opens_a_chooser_and_every_option_is_picked_through_it():
    a = Action("attack", ("x",), "Attack X", ("hero:x",))
    b = Action("move", ("x",), "Move X", ("hero:x",))
    decision = Decision(0, "Go", (a, b, Action("pass", (), "Pass")))
    presenter = Presenter()
    presenter.present(decision, {"hero:x": pygame.Rect(400, 300, 90, 126)}, pygame.Rect(1000, 60, 260, 500), BOUNDS)
    assert reach_by_table(presenter, a) == [a]
    assert reach_by_table(presenter, b) == [b]
    # Cancel and a click outside both close it without choosing.
    press(presenter, (445, 360))
    assert press(presenter, presenter.chooser.buttons[-1].rect.center) is None and presenter.chooser is None
    press(presenter, (445, 360))
    assert press(presenter, (5, 5)) is None and presenter.chooser is None


def test_a_long_option_list_scrolls_to_every_option():
    options = tuple(Action("pick", (i,), f"Option number {i} with a fairly long label to wrap") for i in range(60))
    presenter = Presenter()
    presenter.present(Decision(0, "Pick", options), {}, pygame.Rect(1000, 60, 260, 400), BOUNDS)
    assert presenter.list.overflow
    for index in [59, 0, 31, 7, 58]:
        assert reach_by_list(presenter, index) == options[index]


def test_a_press_and_release_on_different_things_picks_nothing():
    a = Action("play", (1,), "Play 1", ("card:1",))
    b = Action("play", (2,), "Play 2", ("card:2",))
    presenter = Presenter()
    presenter.present(Decision(0, "Go", (a, b)), {"card:1": pygame.Rect(0, 0, 50, 50),
                                                  "card:2": pygame.Rect(100, 0, 50, 50)},
                      pygame.Rect(1000, 60, 260, 400), BOUNDS)
    assert presenter.handle(ev(pygame.MOUSEBUTTONDOWN, (25, 25))) is None
    assert presenter.handle(ev(pygame.MOUSEBUTTONUP, (125, 25))) is None
    assert press(presenter, (125, 25)) == b


# ----- every option of every decision, in real games -----------------------------------------------

def _games() -> list[str]:
    """Every registered game (the toy and each implemented title): a game that fails to load fails here."""
    return sorted(game_ids())


@pytest.mark.parametrize("game_id", _games())
def test_every_option_of_every_decision_is_reachable_by_mouse(app, game_id):
    info = get_game(game_id).INFO
    players = info.allowed_counts()[0]
    games, limit = (6, 400) if game_id == "toy" else (2, 150)
    checked = 0
    for game_index in range(games):
        rng = random.Random(1000 + game_index)
        config = GameConfig(game_id, players, ("human",) * players, info.variants[0])
        session = Session.start(config, seed=rng.randrange(10**6))
        play = PlayScene(app, session)
        app.reset(play)
        for _ in range(limit):
            decision = session.state.decision
            if decision is None:
                break
            session.accept_handover()           # look at the table as the seat that decides
            play.refresh()
            presenter = play.presenter
            assert presenter.decision is decision
            for index, option in enumerate(decision.options):
                assert reach_by_list(presenter, index) == option, (game_id, decision.prompt, option)
                for picked in reach_by_table(presenter, option):
                    assert picked == option, (game_id, decision.prompt, option)
                checked += 1
            session.apply(rng.choice(decision.options))
    assert checked > 50
    pump(app)
