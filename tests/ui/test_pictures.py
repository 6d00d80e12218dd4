"""Kept pictures of pieces (`guardians.ui.table.pictures`): a piece whose look is unchanged is blitted from
its kept picture, and a kept picture never shows what a piece no longer looks like.

The game tests play seeded moves on each game's own table and, after every move, draw the table's still
picture twice: with the kept pictures and with every piece painted afresh. The two must be the same pixels:
a look that leaves out something its painter reads would show a stale picture here."""

from __future__ import annotations

import pygame
import pytest

from guardians.ai import make_player
from guardians.engine import GameConfig
from guardians.ui.game_scenes import make_play_scene
from guardians.ui.session import Session
from guardians.ui.table.pictures import NEW_PER_FRAME, Pictures, looks
from guardians.ui.table.scene import TableScene
from guardians.ui.table.view import Piece

MOVES = 24
TABLE_GAMES = ("heroes", "explore", "realms", "chronicles")     # the games with a table of their own
WARM_UP = {"explore": 30}        # moves played first: explore's draft cards are blits of cached faces already


def differing(a: pygame.Surface, b: pygame.Surface) -> int:
    """How many pixels of two same-sized surfaces differ (in any colour channel)."""
    same = pygame.transform.threshold(None, a, None, (1, 1, 1, 255), None, 0, b)
    return a.get_width() * a.get_height() - same


def both_pictures(scene: TableScene) -> tuple[pygame.Surface, pygame.Surface]:
    """The scene's still picture drawn with its kept pictures, and with every piece painted."""
    size = scene.app.screen.get_size()
    scene._render_base(size, frozenset())
    kept = scene._base.copy()
    pictures, scene.pictures = scene.pictures, None
    try:
        scene._render_base(size, frozenset())
    finally:
        scene.pictures = pictures
    return kept, scene._base.copy()


def start_table(app, game_id: str, seed: int):
    players = 4 if game_id in ("heroes", "realms") else 3
    config = GameConfig(game_id, players, ("human",) + ("ai:random",) * (players - 1))
    session = Session.start(config, seed, pace=0.0)
    scene = make_play_scene(app, session)
    app.replace(scene)
    app.draw()
    bots = [make_player("ai:random", game_id, seed * 31 + s) for s in range(players)]
    return scene, session, bots


def play_one(app, scene, session, bots) -> bool:
    """Apply one move as the bench does and redraw; False once the game has no decision left."""
    state = session.state
    if state.is_over or state.decision is None:
        return False
    session.apply(bots[state.decision.seat].choose(state))
    scene._changed()
    app.draw()
    while scene.idle():                 # the window loop's idle moments make the pictures the move put off
        pass
    return True


def counted_box(colour: tuple[int, int, int]):
    """A painter of a filled box that records the size of each rect it paints; a target and a rect on it."""
    calls: list[tuple[int, int]] = []

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        calls.append(rect.size)
        pygame.draw.rect(surface, colour, rect)

    return calls, paint, pygame.Surface((100, 100)), pygame.Rect(10, 10, 30, 20)


def test_a_picture_is_kept_once_its_look_comes_back_and_then_never_painted_again() -> None:
    calls, paint, target, rect = counted_box((200, 40, 40))
    pictures = Pictures()
    pictures.draw(target, rect, ("box", 1), paint)                    # first seen: painted on the table
    assert len(pictures) == 0 and target.get_at((15, 15))[:3] == (200, 40, 40)
    pictures.draw(target, rect.move(40, 40), ("box", 1), paint)      # back (moved): its picture is made
    pictures.draw(target, rect.move(20, 20), ("box", 1), paint)      # and blitted from then on
    pictures.draw(target, rect, ("box", 1), paint)
    assert calls == [(30, 20), (30, 20)] and len(pictures) == 1
    assert target.get_at((55, 55))[:3] == (200, 40, 40)
    for look, size in ((("box", 2), (30, 20)), (("box", 1), (31, 20))):   # another look or size: its own
        for _ in range(3):
            pictures.draw(target, pygame.Rect((0, 0), size), look, paint)
    assert calls == [(30, 20)] * 4 + [(31, 20)] * 2 and len(pictures) == 3
    pictures.draw(target, rect, None, paint)                          # no look: painted every time
    pictures.draw(target, rect, None, paint)
    assert len(calls) == 8


def test_a_piece_in_motion_is_blitted_only_from_a_picture_of_its_size_and_leaves_none_behind() -> None:
    """`Pictures.show` (a sliding piece, overlay.draw_tweens): the kept picture of that look and size when
    there is one, else painted; the sizes a slide passes through are neither kept nor remembered."""
    calls, paint, target, rect = counted_box((30, 160, 60))
    pictures = Pictures()
    for _ in range(3):
        pictures.show(target, rect, ("chip", 1), paint)               # no picture yet: painted each time
    assert calls == [(30, 20)] * 3 and len(pictures) == 0
    pictures.draw(target, rect, ("chip", 1), paint)                   # seen on the table, then back:
    pictures.draw(target, rect, ("chip", 1), paint)                   # its picture is kept
    calls.clear()
    target.fill((0, 0, 0))
    pictures.show(target, rect.move(50, 50), ("chip", 1), paint)
    assert calls == [] and target.get_at((65, 65))[:3] == (30, 160, 60)
    for w in range(31, 40):                                           # resized on its way: painted, not kept
        pictures.show(target, pygame.Rect(0, 0, w, 20), ("chip", 1), paint)
    assert len(calls) == 9 and len(pictures) == 1
    pictures.draw(target, pygame.Rect(0, 0, 35, 20), ("chip", 1), paint)   # first seen on the table
    assert len(pictures) == 1, "a size a slide passed through was remembered as seen"


def test_a_redraw_makes_only_a_few_new_pictures() -> None:
    pictures = Pictures()
    target = pygame.Surface((100, 100))
    paint = lambda s, r: pygame.draw.rect(s, (1, 2, 3), r)  # noqa: E731
    looks_seen = [("chip", i) for i in range(NEW_PER_FRAME + 4)]
    for _ in range(2):                                                # seen, then back in the next redraw
        pictures.begin()
        for look in looks_seen:
            pictures.draw(target, pygame.Rect(0, 0, 20, 10), look, paint)
    assert len(pictures) == NEW_PER_FRAME                            # the rest waits for later redraws
    pictures.begin()
    for look in looks_seen:
        pictures.draw(target, pygame.Rect(0, 0, 20, 10), look, paint)
    assert len(pictures) == len(looks_seen)


def test_the_frame_after_a_move_makes_no_picture_and_an_idle_moment_makes_what_it_put_off() -> None:
    calls = []

    def paint(surface: pygame.Surface, rect: pygame.Rect) -> None:
        calls.append(rect.size)
        pygame.draw.rect(surface, (30, 160, 60), rect)

    pictures = Pictures()
    target = pygame.Surface((100, 100))
    rect = pygame.Rect(10, 10, 30, 20)
    for _ in range(2):                                  # seen, then back in a frame right after a move
        pictures.begin(0)
        pictures.draw(target, rect, ("chip", 1), paint)
    assert len(pictures) == 0 and pictures.pending == 1 and len(calls) == 2     # painted, put aside
    assert pictures.make_pending() is False             # an idle moment: made, nothing left
    assert len(pictures) == 1 and pictures.pending == 0 and len(calls) == 3
    pictures.begin(0)
    pictures.draw(target, rect.move(40, 40), ("chip", 1), paint)        # blitted from then on
    assert len(calls) == 3 and target.get_at((55, 55))[:3] == (30, 160, 60)
    for i in range(5):                                  # a few at a time, the latest seen first
        for _ in range(2):
            pictures.draw(target, rect, ("chip", 10 + i), paint)
    assert pictures.pending == 5
    assert pictures.make_pending(2) is True and pictures.pending == 3
    assert pictures.picture(("chip", 14), rect, paint) is not None and len(calls) == 3 + 10 + 2
    pictures.clear()
    assert pictures.pending == 0 and pictures.make_pending() is False


def test_the_window_loop_gives_idle_moments_to_the_scene_until_its_work_is_done(app) -> None:
    from guardians.ui.app import Scene

    class Busy(Scene):
        def __init__(self, app) -> None:
            super().__init__(app)
            self.left = 3
            self.idles = 0

        def idle(self) -> bool:
            self.idles += 1
            self.left -= 1
            return self.left > 0

    scene = Busy(app)
    app.replace(scene)
    app.step(wait=False)                # dirty: drawn, no idle moment
    assert scene.idles == 0
    for _ in range(5):
        app.step(wait=True)             # nothing to draw: idle moments, without sleeping while work is left
    assert scene.idles == 5 and scene.left < 0


def test_an_opaque_picture_is_colour_keyed_and_a_translucent_one_keeps_its_alpha() -> None:
    pictures = Pictures()
    rect = pygame.Rect(0, 0, 40, 30)
    solid = pictures.picture(("solid",), rect, lambda s, r: pygame.draw.rect(s, (10, 200, 10), r, border_radius=6))
    tinted = pictures.picture(("tinted",), rect, lambda s, r: pygame.draw.rect(s, (10, 200, 10, 120), r))
    assert solid.get_colorkey() is not None and not solid.get_flags() & pygame.SRCALPHA
    assert tinted.get_colorkey() is None and tinted.get_flags() & pygame.SRCALPHA
    under = pygame.Surface((60, 50))
    under.fill((0, 0, 90))
    under.blit(solid, (0, 0))
    m = pictures.margin
    assert under.get_at((0, 0))[:3] == (0, 0, 90)                  # the margin shows the table beneath
    assert under.get_at((m + 20, m + 15))[:3] == (10, 200, 10)
    assert under.get_at((m, m))[:3] == (0, 0, 90)                  # a rounded corner, untouched


def test_a_painter_tagged_with_its_look_gives_it_to_its_piece() -> None:
    paint = looks(lambda s, r: None, "chip", "Sword", 3)
    assert Piece("a", pygame.Rect(0, 0, 5, 5), paint).look == ("chip", "Sword", 3)
    assert Piece("b", pygame.Rect(0, 0, 5, 5), paint, look=("own",)).look == ("own",)
    assert Piece("c", pygame.Rect(0, 0, 5, 5), lambda s, r: None).look is None


@pytest.mark.parametrize("game_id", TABLE_GAMES)
def test_kept_pictures_draw_the_same_table_as_painting_every_piece(app, game_id: str) -> None:
    scene, session, bots = start_table(app, game_id, seed=5)
    assert isinstance(scene, TableScene)
    for _ in range(WARM_UP.get(game_id, 0)):          # past a phase whose pieces keep no pictures
        play_one(app, scene, session, bots)
    compared = 0
    for _ in range(MOVES):
        if not play_one(app, scene, session, bots):
            break
        assert scene.pictures is not None and scene.pictures.pending == 0   # idle moments made those put off
        kept, painted = both_pictures(scene)
        assert differing(kept, painted) == 0, f"{game_id}: a kept picture differs after move {compared + 1}"
        compared += 1
    assert compared >= MOVES // 2
    assert scene.pictures is not None and scene.pictures.hits > scene.pictures.misses   # pictures were reused
    assert any(p.look is not None for p in scene.view.all())


def test_after_a_move_unchanged_pieces_reuse_their_picture_and_a_changed_one_is_repainted(app) -> None:
    scene, session, bots = start_table(app, "realms", seed=3)
    pictures = scene.pictures
    reused = repainted = 0
    for _ in range(60):
        before = {p.key: (p.look, pictures.picture(p.look, p.rect, p.paint)) for p in scene.view.all()
                  if p.look is not None}
        if not play_one(app, scene, session, bots):
            break
        for piece in scene.view.all():
            if piece.key not in before or piece.look is None:
                continue
            look, picture = before[piece.key]
            now = pictures.picture(piece.look, piece.rect, piece.paint)
            if piece.look == look and picture.get_size() == now.get_size():
                assert now is picture                    # the very surface kept before the move
                reused += 1
            elif picture.get_size() == now.get_size():
                assert now is not picture and differing(now, picture) > 0, piece.key
                repainted += 1
        if reused and repainted:
            break
    assert reused > 0 and repainted > 0


def test_realms_combat_tables_keep_no_stale_picture(app) -> None:
    """The combat panel's cards write their strength ("now 7") or their fate ("beaten") over the card's
    face: the look must say so, or a card kept plain (or at another strength) would be blitted instead.
    The 4-player seeded bench game (greedy seats, as `guardians.bench_frames` plays it) fights its first
    combats after move 150: played untimed up to there, then compared after every move that shows one."""
    config = GameConfig("realms", 4, ("human",) + ("ai:greedy",) * 3)
    session = Session.start(config, 7, pace=0.0)
    bots = [make_player("ai:greedy", "realms", 7 * 31 + s) for s in range(4)]
    for _ in range(150):
        session.apply(bots[session.state.decision.seat].choose(session.state))
    scene = make_play_scene(app, session)
    app.replace(scene)
    app.draw()
    compared = written = 0
    for _ in range(450):
        if not play_one(app, scene, session, bots) or compared >= 24:
            break
        if scene.view.mode != "combat":
            continue
        for _ in range(2):                                # the second time, every look seen has its picture
            kept, painted = both_pictures(scene)
        assert differing(kept, painted) == 0, f"a kept picture differs on the combat table ({compared})"
        compared += 1
        written += sum(1 for p in scene.view.all() if p.key.startswith("card:") and p.look is not None
                       and len(p.look) > 2 and p.look[-3] in ("now", "marked"))   # (..., word, value, size)
    assert compared >= 10 and written > 0


def spilled(piece: Piece, margin: int) -> int:
    """How many pixels `piece`'s painter draws outside its rect grown by `margin` (what its kept picture keeps)."""
    pad = 3 * margin
    rect = piece.rect
    surface = pygame.Surface((rect.w + 2 * pad, rect.h + 2 * pad))
    surface.fill((255, 0, 254))
    piece.paint(surface, pygame.Rect(pad, pad, rect.w, rect.h))
    kept = pygame.Rect(pad - margin, pad - margin, rect.w + 2 * margin, rect.h + 2 * margin)
    touched = pygame.mask.from_threshold(surface, (255, 0, 254), (1, 1, 1, 255))
    touched.invert()                                        # the pixels the painter drew on
    inside = pygame.mask.Mask(surface.get_size())
    inside.draw(pygame.mask.Mask(kept.size, fill=True), kept.topleft)
    return touched.count() - touched.overlap_area(inside, (0, 0))


@pytest.mark.parametrize("game_id", TABLE_GAMES)
@pytest.mark.parametrize("players", (2, 4))
def test_no_piece_with_a_look_paints_beyond_what_its_picture_keeps(app, game_id: str, players: int) -> None:
    """A kept picture holds a piece's rect and `MARGIN` pixels around it; what a painter draws further out
    is shown on the frame that paints it and cut off on every frame that blits its picture (heroes' "Discard
    13" lost its first and last letters that way). Every piece with a look, on each game's table at two player
    counts along seeded moves, paints within its rect and that margin."""
    from guardians.engine.registry import get_game
    from guardians.ui.table.pictures import MARGIN

    info = get_game(game_id).INFO
    players = min(max(players, info.min_players), info.max_players)
    config = GameConfig(game_id, players, ("human",) + ("ai:random",) * (players - 1))
    session = Session.start(config, 11, pace=0.0)
    scene = make_play_scene(app, session)
    app.replace(scene)
    app.draw()
    bots = [make_player("ai:random", game_id, 11 * 31 + s) for s in range(players)]
    checked: set[tuple] = set()
    for _ in range(60):
        for piece in scene.view.all():
            if piece.look is None or (piece.look, piece.rect.size) in checked:
                continue
            checked.add((piece.look, piece.rect.size))
            assert spilled(piece, MARGIN) == 0, f"{game_id}: {piece.key} {piece.look!r} paints outside its picture"
        if not play_one(app, scene, session, bots):
            break
    assert len(checked) > 20            # looks seen (explore shows few: its draft blits cached card faces)
