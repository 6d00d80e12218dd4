"""The UI contract every registered game's table keeps, run for each game in the registry:

- a seeded monkey (ten thousand random mouse and key events, half aimed at something drawn) over the
  table, the card viewer, the rules, hand-over and end screens, every player count and variant, with
  animations on and off and several window sizes: nothing raises and the table is always drawable;
- drawn secrecy: at every decision of hotseat games, what the table draws for the seat to move is the
  same whatever the cards that seat cannot see are (the state is re-dealt with `determinize`), so
  nothing hidden is drawn for the wrong seat; and that check is shown to fail for every game when a
  leak is planted in its table;
- the table reads the animation speed from the settings.
"""

from __future__ import annotations

import random

import pygame
import pytest
from contracts import contract
from table_helpers import games, leak_raw_state, make_app, player_counts
from ui_helpers import clickables

from guardians.ai import make_player
from guardians.engine.registry import get_game
from guardians.engine.rng import Rng
from guardians.engine.state import GameConfig
from guardians.ui.game_scenes import has_card_viewer, make_play_scene
from guardians.ui.scenes.play import PlayScene
from guardians.ui.session import Session
from guardians.ui.settings import Settings

EVENTS = 10_000
KEYS = [pygame.K_ESCAPE, pygame.K_RETURN, pygame.K_SPACE, pygame.K_z, pygame.K_UP, pygame.K_DOWN, pygame.K_a,
        pygame.K_TAB]
SEATS = ["human", "human", "ai:random", "ai:greedy"]
SIZES = [(1280, 720), (1366, 768), (1600, 900), (1920, 1080)]


def targets(top) -> list[pygame.Rect]:
    rects = clickables(top)
    view = getattr(top, "view", None)
    if isinstance(top, PlayScene) and view is not None:
        rects += [piece.area for piece in view.all()]
    cells = getattr(top, "cells", None)                  # the card viewer's grid
    if cells:
        rects += [rect for rect, _ in cells]
    return rects


def random_events(rng: random.Random, app) -> list[pygame.event.Event]:
    w, h = app.size
    rects = targets(app.top) if app.top is not None else []
    if rects and rng.random() < 0.5:
        pos = rng.choice(rects).center
    else:
        pos = (rng.randrange(-10, w + 10), rng.randrange(-10, h + 10))
    roll = rng.random()
    motion = pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0))
    if roll < 0.55:
        button = 1 if rng.random() < 0.8 else rng.choice([2, 3])
        events = [motion, pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=button)]
        if rng.random() < 0.93:
            events.append(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=button))
        return events
    if roll < 0.75:
        return [motion]
    if roll < 0.85:
        return [pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=rng.choice([-2, -1, 1, 2]), flipped=False)]
    mod = pygame.KMOD_CTRL if rng.random() < 0.2 else 0
    return [pygame.event.Event(pygame.KEYDOWN, key=rng.choice(KEYS), mod=mod, unicode="", scancode=0)]


def new_game(app, rng: random.Random, game_id: str, alone: bool = False) -> None:
    players = rng.choice(player_counts(game_id))
    seats = tuple(rng.choice(SEATS) for _ in range(players))
    if rng.random() < 0.3 or alone:      # some games the computer plays alone, to reach the end screen
        seats = ("ai:greedy",) * players
    variant = rng.choice(("standard",) + tuple(get_game(game_id).INFO.variants))
    app.settings.animation_speed = rng.choice(["off", "fast", "normal"])
    if alone:
        app.settings.animation_speed = "off"      # the computer's game is played out, not watched
    if rng.random() < 0.15:
        app.set_window(rng.choice(SIZES), False)
    seed = rng.randrange(10**6)
    try:
        session = Session.start(GameConfig(game_id, players, seats, variant), seed)
    except ValueError:                   # a variant not made for this player count (heroes' First Game)
        session = Session.start(GameConfig(game_id, players, seats, "standard"), seed)
    app.reset(make_play_scene(app, session))


@pytest.mark.parametrize("game_id", games())
def test_monkey_ten_thousand_events_on_every_table(game_id, monkeypatch):
    # Autosaves are tested elsewhere; here their fsync would only slow the monkey down.
    monkeypatch.setattr("guardians.ui.session.write_autosave", lambda path, state: None)
    rng = random.Random(77)
    app = make_app()
    seen: set[str] = set()
    play_names: set[str] = set()
    end_names: set[str] = set()
    posted = 0
    try:
        # First the computer plays one game alone to its end screen, under nothing but pointer motion
        # (random clicks could leave it through the menu before it ends); then the monkey proper.
        new_game(app, rng, game_id, alone=True)
        for _ in range(20000):
            top = app.top
            seen.add(type(top).__name__)
            if not isinstance(top, PlayScene):
                break
            play_names.add(type(top).__name__)
            end_names.add(type(top.end_scene()).__name__)
            pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(rng.randrange(app.size[0]),
                                                 rng.randrange(app.size[1])), rel=(0, 0), buttons=(0, 0, 0)))
            app.step(wait=False)
            if top.session.job is not None:
                top.session.wait_for_ai(5.0)
        assert end_names & seen, f"the computer's game never reached its end screen: saw {sorted(seen)}"
        new_game(app, rng, game_id)
        while posted < EVENTS:
            top = app.top
            if not app.running or top is None:
                app.close()
                app = make_app()
                new_game(app, rng, game_id)
                continue
            alone = isinstance(top, PlayScene) and not top.session.humans   # left to reach its end screen
            if type(top).__name__ == "MenuScene" or (not alone and rng.random() < 0.002):
                new_game(app, rng, game_id)
            for event in random_events(rng, app):
                pygame.event.post(event)
                posted += 1
            app.step(wait=False)
            top = app.top
            seen.add(type(top).__name__)
            if isinstance(top, PlayScene):
                play_names.add(type(top).__name__)
                end_names.add(type(top.end_scene()).__name__)
                if top.session.job is not None:
                    top.session.wait_for_ai(5.0)
                message = top.session.message or ""
                assert "could not be drawn" not in message and "AI for" not in message, message
    finally:
        app.close()
    assert posted >= EVENTS
    wanted = play_names | end_names | {"HandoverScene", "RulesScene"} | \
        ({"CardViewerScene"} if has_card_viewer(game_id) else set())
    assert play_names and wanted <= seen, (wanted - seen, seen)
    print("monkey saw", sorted(seen))


def drawn(scene) -> list[tuple]:
    """What the table shows, piece by piece: key, card face, hover tags and tip, where it is."""
    view = getattr(scene, "view", None)
    if view is not None:
        return [(p.key, p.face, p.tags, p.tip, tuple(p.rect)) for p in view.all()]
    return [(item.item.ref, item.item.face, item.item.tags, item.item.text, tuple(item.rect))
            for panels in scene.groups.values() for box in panels for item in box.items]


def hotseat_counts(game_id: str) -> list[int]:
    counts = [n for n in player_counts(game_id) if n > 1]
    return counts[:2]


class SecrecyLeak(AssertionError):
    """The table drew something the seat to move may not see."""


def check_drawn_secrecy(app, game_id: str, players: int, steps: int = 300, plant=None) -> tuple[int, bool]:
    """Play a hotseat game of `players` humans; at each decision change what the seat to move cannot see
    (`hidden_variant`: other hands and decks re-dealt, hidden commitments changed) and require the drawn
    table not to change (else `SecrecyLeak`). `plant(scene)` may change the scene
    first. How many decisions were checked, and whether the game ended."""
    seed = 3 + players
    rng = random.Random(seed)
    session = Session.start(GameConfig(game_id, players, ("human",) * players, "standard"), seed)
    scene = make_play_scene(app, session)
    if plant is not None:
        plant(scene)
    app.reset(scene)
    brain = make_player("ai:greedy", game_id, seed)
    for step in range(steps):
        decision = session.state.decision
        if decision is None:
            return step, True
        session.accept_handover()
        scene._changed()
        scene.refresh()
        viewer = session.viewer
        assert viewer == decision.seat
        state = session.state
        before = drawn(scene)
        session.state = state.hidden_variant(viewer, Rng(step))   # same public facts, other hidden ones
        try:
            scene._changed()
            scene.refresh()
            after = drawn(scene)
        finally:
            session.state = state
        assert not session.message, session.message
        if after != before:
            raise SecrecyLeak(state.phase if hasattr(state, "phase") else step,
                              [a for a, b in zip(before, after) if a != b][:3] or (len(before), len(after)))
        chosen = brain.choose(state) if rng.random() < 0.8 else rng.choice(decision.options)
        session.apply(chosen)
    return steps, False


@pytest.mark.parametrize("game_id", games())
def test_hotseat_tables_draw_nothing_the_seat_may_not_see(game_id):
    """Re-deal what the seat to move cannot see: the drawn table must not change."""
    app = make_app()
    checked = ended = 0
    counts = hotseat_counts(game_id)
    try:
        for players in counts:
            steps, over = check_drawn_secrecy(app, game_id, players)
            checked += steps
            ended += over
    finally:
        app.close()
    assert checked >= 20 * len(counts) and (checked >= 300 or ended == len(counts)), (checked, ended)


@pytest.mark.parametrize("game_id", games())
def test_the_secrecy_check_catches_a_table_that_shows_hidden_cards(game_id, monkeypatch):
    """The check above can fail for every game: with a leak planted in its table (drawn from the unmasked
    state, or another seat's hidden cards put face up: the game's `leak` in contracts.py), it fails."""
    terms = contract(game_id)
    plant = terms.leak or leak_raw_state
    app = make_app()
    try:
        with pytest.raises(SecrecyLeak):
            check_drawn_secrecy(app, game_id, terms.leak_players, steps=120,
                                plant=lambda scene: plant(scene, monkeypatch))
    finally:
        app.close()


@pytest.mark.parametrize("game_id", games())
def test_settings_speed_is_read_by_the_table(game_id):
    app = make_app()
    try:
        app.settings = Settings(animation_speed="fast")
        players = player_counts(game_id)[0]
        session = Session.start(GameConfig(game_id, players, ("human",) + ("ai:greedy",) * (players - 1)), 1)
        scene = make_play_scene(app, session)
        if hasattr(scene, "animator"):          # a table that animates: at the speed of the settings
            assert 0 < scene.animator.factor < 1
    finally:
        app.close()
