"""Every option of every decision is reachable by mouse where it lives, for every registered game.

An option that names something on the table (a card, hero, monster, location, quest, the deck...) must
be picked by clicking that thing where the table draws it: at once, through a selection (the first of a
pair, then the other), or through the presenter's popup when several options name it. An option naming
nothing must have a button of its own on a game's own table (`all_on_table`); on the generic table it
may be a row of the option list. Every target lies inside the window and off the choices panel. The
scene's `choose` is replaced by a recorder, so every option is tried without playing it; the games then
go on (mostly the greedy AI's choice, sometimes a random one, so that games reach the rarer choices).
The scenarios and what they must meet are each game's `reach` cases in contracts.py.
"""

from __future__ import annotations

import random
from collections import Counter

import pygame
import pytest
from contracts import Reach, contract
from table_helpers import choices_panel, games, make_app, reset_choice, route_to, scroll_into_view, send, take_turn

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session

CASES = [(game_id, case) for game_id in games() for case in contract(game_id).reach]
MET: dict[str, tuple[int, Counter, set]] = {}      # per game: cases run, routes, kinds


def reach(app, scene, option, all_on_table: bool, picked: list) -> str:
    """Click `option` where it lives; the route, asserting it picked exactly `option` (into `picked`)."""
    picked.clear()
    route = route_to(scene, option, lambda pos: send(scene, pos))
    if route is None:
        assert not all_on_table and not option.refs, f"{option.label!r} ({option.refs}) cannot be clicked on the table"
        index = list(scene.presenter.options).index(option)
        send(scene, scroll_into_view(app, scene.presenter.list, index).center)
        route = "list"
    assert picked == [option], (option.label, route, picked)
    return route


def _together(game_id: str) -> pytest.MarkDecorator:
    """A game's cases and its summary below form one xdist group: `make test` runs them on one worker, in
    file order, so the summary sees what every case met."""
    return pytest.mark.xdist_group(f"reach-{game_id}")


@pytest.mark.parametrize("game_id, case", [pytest.param(g, c, marks=_together(g)) for g, c in CASES],
                         ids=[f"{g}-{c.name}" for g, c in CASES])
def test_every_option_is_clickable_where_it_lives(game_id: str, case: Reach):
    terms = contract(game_id)
    app = make_app(case.size)
    screen = pygame.Rect((0, 0), case.size)
    routes: Counter = Counter()
    kinds: set[str] = set()
    try:
        for game in range(case.games):
            rng = random.Random(case.players * 100 + game + case.size[0])
            config = GameConfig(game_id, case.players, ("human",) * case.players, case.variant(game))
            session = Session.start(config, rng.randrange(10**6))
            scene = make_play_scene(app, session)
            app.reset(scene)
            picked: list = []
            scene.choose = picked.append            # record instead of playing
            brain = make_player("ai:greedy", game_id, game)
            for _ in range(case.limit):
                decision = session.state.decision
                if decision is None:
                    break
                take_turn(scene, session)
                assert not session.message, session.message
                kinds.add(decision.kind)
                panel = choices_panel(scene)
                for target in scene.presenter.targets + getattr(scene, "select_targets", []):
                    assert screen.contains(target.rect), (target.ref, target.rect, case.size)
                    assert panel is None or not target.rect.colliderect(panel), (target.ref, "under the choices panel")
                for option in decision.options:
                    routes[reach(app, scene, option, terms.all_on_table, picked)] += 1
                    reset_choice(scene)
                chosen = brain.choose(session.state) if rng.random() < case.ai_share else rng.choice(decision.options)
                session.apply(chosen)
    finally:
        app.close()
    assert terms.reach_routes <= set(routes), (terms.reach_routes - set(routes), dict(routes))
    assert case.kinds <= kinds, (case.kinds - kinds, sorted(kinds))
    runs, all_routes, all_kinds = MET.get(game_id, (0, Counter(), set()))
    MET[game_id] = (runs + 1, all_routes + routes, all_kinds | kinds)
    print(game_id, case.name, dict(routes), sorted(kinds))


@pytest.mark.parametrize("game_id", [pytest.param(g, marks=_together(g)) for g in games()])
def test_the_cases_above_met_the_rarer_choices(game_id: str):
    """Runs after the cases above (file order): together a game's cases met the choices that only deep
    games make."""
    terms = contract(game_id)
    runs, routes, kinds = MET.get(game_id, (0, Counter(), set()))
    assert runs == len(terms.reach), f"{len(terms.reach) - runs} reach case(s) of {game_id} failed or were not selected"
    assert terms.reach_kinds <= kinds, (terms.reach_kinds - kinds, sorted(kinds))
