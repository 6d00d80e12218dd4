"""The pictures the program draws (issue #18): the same input gives the same pixels, any two emblems of a game
differ by a measurable amount, the cache draws each (picture, size) once, and every table shows the emblems
instead of two-letter codes."""

from __future__ import annotations

import itertools

import pygame
import pytest
from art_groups import emblem_groups
from PIL import Image, ImageChops, ImageStat
from table_helpers import start
from ui_helpers import make_app, pump, run_until

from guardians.engine.state import GameConfig
from guardians.ui import art, text
from guardians.ui.art.cache import CACHE
from guardians.ui.art.emblems import hints, spec_for
from guardians.ui.art.icons import ICONS, LABELS

THRESHOLD = 15.0            # mean difference per channel (0-255) between two emblems at the table's size


def pixels(surface: pygame.Surface) -> Image.Image:
    """The emblem over a mid-grey ground, as the comparison sees it."""
    ground = pygame.Surface(surface.get_size())
    ground.fill((128, 128, 128))
    ground.blit(surface, (0, 0))
    return Image.frombytes("RGB", ground.get_size(), pygame.image.tobytes(ground, "RGB"))


def difference(a: pygame.Surface, b: pygame.Surface) -> float:
    return sum(ImageStat.Stat(ImageChops.difference(pixels(a), pixels(b))).mean) / 3


def emblem_keys(game: str) -> set[tuple[str, str]]:
    """(group, id) of the `game` emblems the cache holds."""
    wanted = {spec_for(game, g, k): (g, k) for (gm, g), ids in emblem_groups().items() if gm == game for k in ids}
    return {wanted[key[1]] for key in CACHE.keys() if key[0] == "emblem" and key[1] in wanted}


def test_the_same_input_draws_the_same_pixels():
    for (game, group), ids in emblem_groups().items():
        key = ids[0]
        first = pygame.image.tobytes(art.emblem(game, group, key, 44), "RGBA")
        CACHE.clear()
        again = pygame.image.tobytes(art.emblem(game, group, key, 44), "RGBA")
        assert first == again, (game, group, key)
    for deck in ("heroes", "explore:monster", "realms", "chronicles"):
        first = pygame.image.tobytes(art.card_back(deck, (60, 84)), "RGBA")
        CACHE.clear()
        assert pygame.image.tobytes(art.card_back(deck, (60, 84)), "RGBA") == first, deck


@pytest.mark.parametrize("game, groups", [("heroes", ("heroes",)), ("explore", ("families", "bosses")),
                                          ("chronicles", ("figures",)), ("realms", ("guardians",)),
                                          ("realms", ("classes",))])
def test_any_two_emblems_of_a_game_differ_measurably(game: str, groups: tuple[str, ...]):
    found = emblem_groups()
    drawn = {(g, k): art.emblem(game, g, k, 40) for g in groups for k in found[(game, g)]}
    assert len(drawn) >= 6
    closest = min((difference(drawn[a], drawn[b]), a, b) for a, b in itertools.combinations(drawn, 2))
    assert closest[0] > THRESHOLD, closest


def test_every_hero_family_boss_guardian_and_figure_has_its_own_look_in_the_hints():
    """A hint per entity (a class may fall back on its name); a hint names a glyph, outline and colour that exist."""
    for (game, group), ids in emblem_groups().items():
        named = hints(game).get(group, {})
        if group != "classes":
            assert set(ids) <= set(named), (game, group, sorted(set(ids) - set(named)))
        specs = [spec_for(game, group, k) for k in ids]
        assert len({(s.shape, s.motif, s.colour) for s in specs}) == len(ids), (game, group)


def test_each_picture_is_drawn_once_per_size():
    CACHE.clear()
    before = CACHE.renders
    first = art.emblem("heroes", "heroes", "astra", 30)
    assert CACHE.renders == before + 1
    assert art.emblem("heroes", "heroes", "astra", 30) is first
    art.card_back("heroes", (50, 70))
    art.card_back("heroes", (50, 70))
    art.icon("health", 12, (0, 0, 0))
    art.icon("health", 12, (0, 0, 0))
    assert CACHE.renders == before + 1 + 1 + 1 + 1      # the back's crest is an emblem of its own
    art.emblem("heroes", "heroes", "astra", 31)             # another size is another drawing
    assert CACHE.renders == before + 5


def test_stat_icons_cover_the_labels_and_differ():
    assert set(LABELS.values()) <= set(ICONS)
    for name in ("health", "cost", "flying", "bribery", "channelling", "strength"):
        assert pygame.mask.from_surface(art.icon(name, 20, (255, 255, 255))).count() > 20, name
    assert difference(art.icon("health", 20, (255, 255, 255)), art.icon("cost", 20, (255, 255, 255))) > 10


def test_backs_covers_and_icon_are_drawn():
    backs = [art.card_back(d, (60, 84)) for d in ("heroes", "explore", "realms", "chronicles")]
    for a, b in itertools.combinations(backs, 2):
        assert difference(a, b) > THRESHOLD
    for game in ("heroes", "explore", "realms", "chronicles"):
        assert art.cover(game, (320, 200)).get_size() == (320, 200)
    assert art.window_icon().get_size() == (64, 64)


# ----- the tables show them ---------------------------------------------------------------------

def test_heroes_standees_show_each_heros_emblem():
    from guardians.games.heroes.scenes import pieces

    CACHE.clear()
    pieces._hero_body.cache_clear()
    surface = pygame.Surface((300, 200))
    for i, hero in enumerate(("astra", "mauler")):
        pieces.paint_hero(surface, pygame.Rect(10 + i * 100, 10, 70, 100), pieces.HeroLook(hero, hero.title(), 3, 7))
    assert {("heroes", "astra"), ("heroes", "mauler")} <= emblem_keys("heroes")


def test_explore_monsters_show_their_family_emblem():
    from guardians.games.explore.scenes import pieces

    CACHE.clear()
    pieces._monster_body.cache_clear()
    surface = pygame.Surface((200, 100))
    pieces.paint_monster(surface, pygame.Rect(10, 10, 64, 64), pieces.MonsterLook("Ghoul", "zombie", "Zombie", 8, 4))
    assert ("families", "zombie") in emblem_keys("explore")


def test_realms_guardian_and_creature_faces_carry_their_emblem():
    from guardians.games.realms.cards import load_content
    from guardians.games.realms.scenes.facts import face_of
    from guardians.ui.cards import render_card

    content = load_content()
    guardian = next(c for c in content.cards.values() if c.type == "guardian")
    creature = next(c for c in content.cards.values() if c.type == "creature" and c.classes)
    CACHE.clear()
    for card in (guardian, creature):
        render_card(face_of(card), (260, 364))
    assert {("guardians", guardian.id), ("classes", creature.classes[0])} <= emblem_keys("realms")


@pytest.mark.parametrize("game, players", [("heroes", 2), ("explore", 2), ("realms", 2), ("chronicles", 3)])
def test_each_table_draws_its_emblems(game: str, players: int):
    """A fresh table of each game, drawn at 1280x720, asks for emblems of its own game (heroes its draft, realms
    its Guardians, chronicles every figure on the map; explore, whose monsters start face down, once computer
    players have played on to the first revealed monster)."""
    CACHE.clear()
    text.clear_caches()        # card faces rendered by earlier tests in this worker would hide the emblems
    app = make_app()
    try:
        seats = ("ai:random",) * players if game == "explore" else ("human",) + ("ai:random",) * (players - 1)
        config = GameConfig(game, players, seats)
        scene, session = start(app, config, 7)
        pump(app, 3)
        drawn = emblem_keys(game)
        if game == "explore":           # its monsters start face down: play on until some are revealed
            run_until(app, lambda: bool(emblem_keys("explore")) or session.state.result is not None, 600)
            drawn = emblem_keys(game)
        assert drawn, game
        if game == "chronicles":
            from guardians.games.chronicles.scenes.board import emblem_key

            placed = {emblem_key(f) for f in scene.seen.figures.values() if f.cell is not None}
            assert placed and {("figures", k) for k in placed} <= drawn
    finally:
        app.close()
