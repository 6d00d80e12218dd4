"""The chronicles table's kept pieces (the kit's `ui/table/kept.py`, by key; `scenes/kept.part`; issue #16):
after every move of seeded games the table built from the scene's kept parts is the table built without them
(the same pieces in the same order: rects, looks, refs, tips and faces when read, and the same pixels), a part
is reused while what it is made of is unchanged and made again when that changes."""

from __future__ import annotations

import pygame
from table_helpers import built_afresh, painted_afresh, random_moves, redraw
from ui_helpers import make_app

from guardians.engine.state import GameConfig
from guardians.games.chronicles.scenes import panels
from guardians.games.chronicles.scenes.play import ChroniclesPlayScene
from guardians.ui.session import Session
from guardians.ui.table.kept import Kept
from guardians.ui.table.view import Piece


def start(app, players: int, seed: int, scenario: str = "welcome_to_the_lair"):
    config = GameConfig("chronicles", players, ("human",) * players, options=(("scenario", scenario),))
    session = Session.start(config, seed)
    scene = ChroniclesPlayScene(app, session)
    app.reset(scene)
    return scene, session


def described(piece: Piece) -> tuple:
    """Everything a piece is, its tip and face read (worked out if given as functions)."""
    return (type(piece).__name__, piece.key, tuple(piece.rect), None if piece.hit is None else tuple(piece.hit),
            piece.ref, piece.look, piece.ident, piece.tags, piece.group, piece.origin, piece.exit, piece.count,
            piece.damage, piece.solid, piece.tip, piece.face)


def test_a_table_built_from_kept_parts_is_the_table_built_afresh():
    """After each of many moves of three seeded games (3, 4 and 5 players, three scenarios) the view built with the
    scene's kept parts equals the view built without any: the same pieces in the same order, each with the same
    rect, look, ref, tags, tip and face, the same statics and overlays, and the same pixels when painted."""
    app = make_app()
    try:
        compared = pictures = 0
        for players, seed, scenario in ((4, 7, "welcome_to_the_lair"), (5, 9, "blackout_broadcast"),
                                        (3, 4, "doomsday_reactor")):
            scene, session = start(app, players, seed, scenario)
            for move in random_moves(session, seed, 130):
                redraw(scene)
                kept, fresh = scene.view, built_afresh(scene)
                assert [described(p) for p in kept.pieces] == [described(p) for p in fresh.pieces]
                assert [described(p) for p in kept.overlays] == [described(p) for p in fresh.overlays]
                assert len(kept.statics) == len(fresh.statics)
                assert [tuple(r) for r in kept.keep_clear] == [tuple(r) for r in fresh.keep_clear]
                compared += len(kept.pieces) + len(kept.overlays)
                if move % 8 == 0:
                    assert pygame.image.tobytes(painted_afresh(kept, app.size), "RGB") == \
                        pygame.image.tobytes(painted_afresh(fresh, app.size), "RGB")
                    pictures += 1
            assert scene.kept.hits > scene.kept.misses           # the parts were reused, not all made again
        assert compared > 30000 and pictures > 40
    finally:
        app.close()


def test_a_kept_part_is_reused_while_its_values_stay_and_made_again_when_they_change(monkeypatch):
    """Building the same observation twice gives the very same panel, door, tray and zoom button pieces (figures are
    fresh pieces on the same kept painter, so each reads its card from its own view). Over a game, a hero's block is
    the same piece exactly while its key (what it is made of: `panels.hero_key`, its focus, number and layout) and
    its place stay the same, and a new piece when what it is made of changed: a new look when its damage did."""
    app = make_app()
    try:
        scene, session = start(app, 4, 5)
        keys: dict[int, tuple] = {}
        real = Kept.find

        def spy(self, key):                  # the hero blocks' keys of the build (a layout pass's are ("rows", key))
            if key[0] == "hero":
                keys[key[2][0]] = key
            return real(self, key)

        monkeypatch.setattr(Kept, "find", spy)
        reused = remade = 0
        before: dict[int, tuple] = {}
        for _ in random_moves(session, 5, 150):
            redraw(scene)
            now_keys = dict(keys)
            seen = scene.seen
            again = scene.build(seen, scene.geo, scene.shown, scene.title_line(), scene.hint_line(scene.shown))
            first, second = scene.view.by_key(), again.by_key()
            for key, piece in first.items():
                if piece.group in ("panel", "door", "dice", "mapctl"):
                    assert second[key] is piece, key
                elif piece.group == "figure":
                    assert second[key] is not piece and second[key].paint is piece.paint
            for seat in seen.heroes:
                piece = first[f"hero:{seat}"]
                now = (now_keys[seat], tuple(piece.rect))
                assert now_keys[seat][2] == panels.hero_key(seen, seat)
                old = before.get(seat)
                if old is not None and old[0] == now:
                    assert piece is old[1]
                    reused += 1
                elif old is not None and old[0][0][2] != now[0][2]:
                    assert piece is not old[1]
                    if old[0][0][2][4:5] != now[0][2][4:5]:         # its damage: drawn on its health bar
                        assert piece.look != old[1].look
                    remade += 1
                before[seat] = (now, piece)
        assert reused > 50 and remade > 20
    finally:
        app.close()


def test_the_store_is_bounded_and_counts_its_use():
    """A `Kept` makes a part once per key, counts hits and misses, and starts afresh past its limit."""
    kept = Kept(limit=3)
    made: list[int] = []
    for key in (1, 2, 1, 3, 1):
        kept.get(key, lambda key=key: made.append(key) or key * 10)
    assert made == [1, 2, 3] and kept.hits == 2 and kept.misses == 3
    assert kept.get(4, lambda: 40) == 40 and len(kept) == 1        # the fourth key: the old ones let go
    assert kept.get(1, lambda: 11) == 11
    assert kept.find(5) is None and kept.misses == 6 and kept.put(5, 50) == 50 and kept.find(5) == 50
    assert kept.hits == 3
