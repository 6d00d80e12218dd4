"""What the table tells a player: whether their attack is enough at each location (badge, hover, click),
the boss fight's summed attack, unplayable cards marked in the hand, and the pieces the brief asks for."""

from __future__ import annotations

import pygame
from explore_helpers import click, make_app, pump

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.explore.rules.model import NONE
from guardians.games.explore.scenes.play import ExplorePlayScene
from guardians.ui.session import Session


def play_until(session: Session, brain, predicate, limit: int = 3000) -> None:
    for _ in range(limit):
        if predicate(session.state) or session.state.decision is None:
            return
        session.apply(brain.choose(session.state))
    raise AssertionError("never reached")


def test_a_battle_shows_whether_your_attack_is_enough_on_badges_hover_and_click():
    app = make_app()
    try:
        session = Session.start(GameConfig("explore", 3, ("human", "ai:greedy", "ai:greedy")), 7)
        scene = ExplorePlayScene(app, session)
        app.push(scene)
        brain = make_player("ai:greedy", "explore", 3)

        def short_somewhere(state) -> bool:
            decision = state.decision
            if state.phase != "battle" or decision.seat != 0 or decision.kind != "main" or state.p[0].battled != NONE:
                return False
            return any(state.mloc[loc] and state.value(loc) > state.attack_vs(0, loc) for loc in state.city_indices)

        play_until(session, brain, short_somewhere)
        scene._changed()
        pump(app, 2)
        state = session.state
        loc = next(loc for loc in state.city_indices if state.mloc[loc] and state.value(loc) > state.attack_vs(0, loc))
        badge = next(p for p in scene.view.all() if p.key == f"verdict:{loc}")
        assert "short" in badge.tip and str(state.value(loc)) in badge.tip
        tile = next(p for p in scene.view.all() if p.key == f"loc:{loc}")
        assert any("short" in tag for tag in tile.tags)
        header = (tile.rect.x + 8, tile.rect.y + 4)                  # the name band: nothing else is there
        assert scene.presenter.target_at(header) is None
        click(app, header)
        assert state.loc_name(loc) in scene.note and "short" in scene.note
        assert len(session.state.history) == len(state.history)       # nothing was chosen
        for other in state.city_indices:
            if state.mloc[other] and state.value(other) <= state.attack_vs(0, other):
                ok = next(p for p in scene.view.all() if p.key == f"verdict:{other}")
                assert "enough" in ok.tip
    finally:
        app.close()


def test_unplayable_cards_are_marked_and_the_boss_shows_the_party_attack():
    app = make_app()
    try:
        session = Session.start(GameConfig("explore", 2, ("human", "ai:greedy")), 12)
        scene = ExplorePlayScene(app, session)
        app.push(scene)
        brain = make_player("ai:greedy", "explore", 4)

        def held_card(state) -> bool:
            decision = state.decision
            if state.phase != "powerup" or decision.seat != 0:
                return False
            playable = {r for a in decision.options if a.kind == "play" for r in a.refs}
            return any(f"card:{i}" not in playable for i in state.p[0].hand)

        play_until(session, brain, held_card)
        scene._changed()
        pump(app)
        decision = session.state.decision
        playable = {r for a in decision.options if a.kind == "play" for r in a.refs}
        held = [p for p in scene.view.all() if p.key.startswith("card:") and p.group == "hand" and p.key not in playable]
        assert held and all(any(t.startswith("needs") for t in p.tags) for p in held)
        play_until(session, brain, lambda s: s.boss is not None and any(pl.fights_boss for pl in s.p)
                   and s.decision is not None and s.decision.seat == 0 and s.phase == "battle")
        scene._changed()
        pump(app)
        boss = next(p for p in scene.view.all() if p.key == f"boss:{session.state.boss}")
        assert any(t.startswith("fighting:") for t in boss.tags)
        assert boss.ref == "boss"
        size = pygame.Rect((0, 0), app.size)
        assert size.contains(boss.rect)
    finally:
        app.close()


def test_a_collapsed_mat_opens_by_click_and_its_cards_can_be_read():
    app = make_app()
    try:
        session = Session.start(GameConfig("explore", 4, ("human",) + ("ai:greedy",) * 3), 9)
        scene = ExplorePlayScene(app, session)
        app.push(scene)
        brain = make_player("ai:greedy", "explore", 2)
        play_until(session, brain, lambda s: s.phase == "battle" and s.decision.seat == 0 and s.decision.kind == "main"
                   and any(s.p[k].chain or s.p[k].persist for k in (1, 2, 3)))
        scene._changed()
        pump(app, 2)
        state = session.state
        other = next(k for k in (1, 2, 3) if state.p[k].chain or state.p[k].persist)
        row = next(p for p in scene.view.all() if p.key == f"mat:{other}")
        click(app, (row.rect.x + 6, row.rect.centery))
        assert scene.inspect == other and scene.ctx.focus == other
        shown = [p for p in scene.view.all() if p.key.startswith("card:") and p.group == "play"]
        assert {int(p.key[5:]) for p in shown} == set(state.p[other].persist + state.p[other].chain)
        assert all(p.face is not None for p in shown)                 # revealed: readable large on hover
        assert any(p.key == "mat:0" for p in scene.view.all())        # your own line, to go back
        back = next(p for p in scene.view.all() if p.key == "ui:back")
        click(app, back.rect.center)
        assert scene.inspect is None and scene.ctx.focus == 0
        click(app, (row.rect.x + 6, row.rect.centery))
        assert scene.inspect == other
        session.apply(next(a for a in state.decision.options if a.kind == "stay"))
        scene._changed()
        pump(app, 3)
        assert len(session.state.history) > 0
    finally:
        app.close()


def test_potion_replaying_aimed_shot_and_fireball_in_the_battle_phase_is_played_by_clicks():
    """Rulebook 002, 20/59 Potion, 38/59 Super Potion, 11/59 Aimed Shot, 8/59 Fireball: a card played
    again in your Battle Phase asks its questions there (set cards under Aimed Shot, a monster to target, a
    location for Fireball), and the table offers each on the thing it names."""
    from explore.helpers import battle_turn, clear_seat, empty_city, give, loc_index, monster, ready
    from explore_helpers import click_on_table

    app = make_app()
    try:
        state = ready(seed=6)
        clear_seat(state, 0)
        empty_city(state)
        target = monster(state, "plague_hulk", "hill")
        monster(state, "ghoul", "garage")
        potion, super_potion = give(state, 0, "potion", "super_potion", to="persist")
        aimed, _ = give(state, 0, "aimed_shot", "tiger_cub", to="chain")
        tuck = give(state, 0, "bash")[0]
        battle_turn(state, 0)
        session = Session(state)
        scene = ExplorePlayScene(app, session)
        app.push(scene)
        pump(app, 2)

        def pick(kind: str, *args) -> None:
            decision = session.state.decision
            action = next(a for a in decision.options if a.kind == kind and (not args or a.args == args))
            before = len(session.state.history)
            assert click_on_table(app, scene, action) is not None, action.label
            pump(app, 2)
            assert len(session.state.history) == before + 1, action.label

        pick("ability", potion)
        assert session.state.decision.kind == "replay"
        pick("replay", aimed)
        assert session.state.decision.kind == "tuck"
        pick("tuck", tuck)
        assert session.state.decision.kind == "target"
        pick("monster", target)
        assert session.state.mdmg.get(target) == 3 + 3 and session.state.decision.kind == "main"
        give(session.state, 0, "fireball", to="chain")
        scene._changed()
        pump(app, 2)
        pick("ability", super_potion)
        pick("replay", session.state.p[0].chain[-1])
        assert session.state.decision.kind == "target"
        pick("area", loc_index(session.state, "hill"))
        assert session.state.mdmg.get(target) == 3 + 3 + 3
    finally:
        app.close()


def test_every_energy_disc_on_a_card_is_explained_on_hover():
    """Issue #18 (every badge labelled or explained on hover): a Guardian card's dark disc at its top left is the
    energy it needs (rulebook: a card's requirement); every card drawn with one says so in its hover tags."""
    import random

    from guardians.ui.session import Session
    from guardians.ui.game_scenes import make_play_scene

    app = make_app((1280, 720))
    try:
        session = Session.start(GameConfig("explore", 1, ("human",)), 21)
        rng = random.Random(21)
        checked = 0
        for _ in range(120):
            if session.state.decision is None:
                break
            session.apply(rng.choice(session.state.decision.options))
            if _ % 10:
                continue
            scene = make_play_scene(app, session)
            app.reset(scene)
            scene.refresh()
            for piece in scene.view.all():
                if piece.face is None or piece.group not in ("hand", "play", "warmup"):
                    continue                     # (boss rewards are name chips: no disc)
                need = dict(piece.face.stats).get("NEED", "")
                if need and need != "0":
                    assert f"dark disc: needs {need} energy to play" in piece.tags, (piece.key, piece.tags)
                    checked += 1
        assert checked > 5
    finally:
        app.close()


def test_the_title_says_what_a_seat_is_doing_while_nobody_here_chooses():
    """The prompt strip's title while no human here may choose (a hand-over screen to pass, or computers only at
    the table) names the seat and what its phase has it do, in explore's words (the kit's
    `prompt.waiting_title` with `PHASE_WORDS`; "choosing" for a phase without words); once the human takes the
    table, the title is the choice itself."""
    from guardians.games.explore.scenes.play import PHASE_WORDS
    from guardians.ui.table import prompt

    app = make_app()
    try:
        for seats in (("human", "human"), ("ai:random", "ai:random")):
            session = Session.start(GameConfig("explore", 2, seats), 3)
            scene = ExplorePlayScene(app, session)
            app.reset(scene)
            state, seat = session.state, session.seat_to_move
            assert state.phase == "draft" and seat is not None
            waiting = f"{state.seat_name(seat)} is {PHASE_WORDS['draft']}…"
            assert scene.title_line() == waiting, seats
            assert prompt.waiting_title(scene, seat, {}) == f"{state.seat_name(seat)} is choosing…"
        session = Session.start(GameConfig("explore", 2, ("human", "human")), 3)
        scene = ExplorePlayScene(app, session)
        app.reset(scene)
        session.accept_handover()
        assert scene.waiting_title(session.seat_to_move) == ""
        assert scene.title_line().endswith(session.state.decision.prompt)
    finally:
        app.close()
