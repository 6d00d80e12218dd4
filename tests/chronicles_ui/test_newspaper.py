"""The end-of-game front page: made for games each side wins (seeded computer games), composed from a public
view only, laid out so no line leaves its column, saved as a PNG that loads, and shown by the end scene."""

from __future__ import annotations

import subprocess
import sys

import pygame
import pytest
from PIL import Image
from ui_helpers import make_app, pump

from guardians.ai import make_player
from guardians.engine.state import GameConfig
from guardians.games.chronicles.rules.state import ChroniclesState
from guardians.games.chronicles.scenes import newspaper
from guardians.games.chronicles.scenes import end as end_module
from guardians.games.chronicles.scenes.end import ChroniclesEndScene, game_key
from guardians.ui.session import Session

# (scenario, villain, heroes, seed) -> who wins, checked by the tests themselves
GAMES = {
    "heroes": ("welcome_to_the_lair", "ai:random", "ai:tactical", 1),
    "villain": ("blackout_broadcast", "ai:tactical", "ai:random", 1),
}


def play(scenario: str, villain: str, heroes: str, seed: int, n_heroes: int = 3) -> ChroniclesState:
    specs = (villain,) + (heroes,) * n_heroes
    state = ChroniclesState(GameConfig("chronicles", n_heroes + 1, specs, options=(("scenario", scenario),)), seed)
    bots = [make_player(spec, "chronicles", seed * 7 + s) for s, spec in enumerate(specs)]
    while not state.is_over:
        state.apply(bots[state.decision.seat].choose(state))
    return state


@pytest.fixture(scope="module")
def games() -> dict[str, ChroniclesState]:
    return {side: play(*args) for side, args in GAMES.items()}


def assert_inside(lay: newspaper.Layout) -> None:
    w, h = lay.size
    for ln in lay.lines:
        left, top, right, bottom = ln.box
        assert left <= ln.x and ln.x + ln.width <= right, (ln.text, ln.x, ln.width, ln.box)
        assert top <= ln.y and ln.y + ln.height <= min(bottom, h), (ln.text, ln.y, ln.box, h)
        assert 0 <= left < right <= w


@pytest.mark.parametrize("side", sorted(GAMES))
def test_the_page_tells_the_game(games, side: str, tmp_path):
    state = games[side]
    assert state.winner == side and state.headline
    view = state.view(None)
    page = newspaper.compose(view)
    lay = newspaper.lay_out(page)
    assert " ".join(lay.texts("headline")) == state.headline
    assert lay.texts("masthead") == ["The Guardians' Chronicles"]
    dateline = " ".join(lay.texts("dateline"))
    assert state.scenario.name in dateline and f"Turn {state.turn}" in dateline
    words = " ".join(lay.texts())
    news = state.box.newspaper
    for aid, printed_side in state.articles:          # every printed article is on the page, with its text
        if aid in news.articles:
            _, head, body = news.articles[aid]
            assert " ".join(head.split()) in words and body.split()[0] in words
    showdown = news.arrest if ("arrest", "heroes") in state.articles else news.escape
    assert showdown in words
    for hs in state.heroes.values():
        hero = state.box.heroes[hs.hero]
        mission = next(m for m in hero.missions if m.id == hs.mission)
        assert hero.name in lay.texts("byline")
        assert mission.text.split()[0] in words
    assert_inside(lay)
    image = newspaper.render(lay)
    key = game_key(state)
    path = newspaper.save_front_page(image, newspaper.page_path(key, state.scenario.name, folder=tmp_path))
    assert path == newspaper.page_path(key, state.scenario.name, folder=tmp_path) and path.suffix == ".png"
    other = newspaper.page_path(f"{state.seed + 1}-{key.split('-')[1]}", state.scenario.name, folder=tmp_path)
    assert other != path                        # another game, another file
    assert [p.name for p in tmp_path.iterdir()] == [path.name]      # no partial file left beside it
    with Image.open(path) as loaded:
        assert loaded.format == "PNG" and loaded.size == lay.size


def test_the_page_reads_nothing_hidden(games):
    """A view whose hidden cards are masked composes the same page as the spectator's view: hands, decks and
    Skarov's cards play no part."""
    state = games["heroes"]
    pages = {newspaper.compose(state.view(seat)) for seat in (None, 0, 1)}
    assert len(pages) == 1
    page = pages.pop()
    hidden = set(state.v_hand) | {c for hs in state.heroes.values() for c in hs.hand}
    words = " ".join([page.headline, page.showdown.headline, page.showdown.text] +
                     [a.headline + a.text for _, arts in page.columns for a in arts])
    for card in hidden:
        name = state.card_name(card)
        assert name == "a face-down card" or name not in words


def test_long_words_and_crowded_columns_stay_inside():
    """Content with long words and many articles: the wrap cuts, the column shrinks, nothing leaves its box."""
    long = newspaper.Article("SUPERCALIFRAGILISTICEXPIALIDOCIOUSLYENORMOUSHEADLINEWORD " * 2, "word " * 120, "heroes",
                             byline="A hero with a very long name indeed")
    page = newspaper.FrontPage("The Guardians' Chronicles", "A very long scenario name · Turn 99 of 99",
                               "THE LONGEST HEADLINE THAT A NEWSPAPER HAS EVER PRINTED ABOUT ANY HERO " * 2,
                               "heroes", long, "score " * 30,
                               (("One", (long,) * 6), ("Two", ()), ("Three", (long,) * 2)), ("An ad",) * 10)
    lay = newspaper.lay_out(page)
    assert_inside(lay)
    assert len(lay.texts("headline")) <= 4


def test_the_end_scene_shows_and_keeps_the_page(games):
    state = games["villain"]
    app = make_app()
    try:
        session = Session(state)
        play_scene = type("Play", (), {"session": session})()
        scene = ChroniclesEndScene(app, play_scene)
        assert scene.page is None                # made, not shown: nothing printed yet
        app.reset(scene)
        assert scene.page is not None and scene.page_path is not None and scene.page_path.exists()
        assert scene.page_path.parent == newspaper.newspaper_dir()
        pump(app, 2)
        assert scene.thumb.w > 0 and scene.box.contains(scene.thumb)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_f, mod=0, unicode="f"))
        assert scene.large
        pump(app, 2)
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_PAGEDOWN, mod=0, unicode=""))
        assert scene.large
        pump(app, 2)
        assert scene.scroll > 0                 # a page taller than the window scrolls
        scene.handle(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode=""))
        assert not scene.large
    finally:
        app.close()                 # not pygame.quit(): that kills the font module the other tests' cached fonts need


def test_the_page_is_written_once_per_game(games, monkeypatch):
    """Making the end scene prints nothing; showing it for one game, again, or for the same game resumed from its
    seed and moves after its end, writes one PNG; another game writes its own."""
    state = games["heroes"]
    composed: list[str] = []
    real = newspaper.front_page
    monkeypatch.setattr(newspaper, "front_page", lambda view: composed.append(view.scenario.id) or real(view))
    end_module._PRINTED.clear()
    app = make_app()
    try:
        folder = newspaper.newspaper_dir()
        before = set(folder.iterdir())
        for _ in range(3):
            ChroniclesEndScene(app, type("Play", (), {"session": Session(state)})())
        assert set(folder.iterdir()) == before and composed == []
        resumed = ChroniclesState(state.config, state.seed)
        for entry in state.history:
            resumed.apply(entry.action)
        shown = []
        for game, restart in ((state, False), (state, False), (resumed, True), (resumed, False)):
            if restart:                          # as after a restart of the app: only the file is left
                end_module._PRINTED.clear()
            scene = ChroniclesEndScene(app, type("Play", (), {"session": Session(game)})())
            app.reset(scene)
            pump(app, 1)
            shown.append(scene.page_path)
        written = set(folder.iterdir()) - before
        assert len(written) == 1 and len(set(shown)) == 1 and shown[0] in written
        assert len(composed) == 1                # once composed; then read back from the file
        scene = ChroniclesEndScene(app, type("Play", (), {"session": Session(games["villain"])})())
        app.reset(scene)
        assert scene.page_path not in written and len(set(folder.iterdir()) - before) == 2
    finally:
        app.close()


def test_the_page_module_needs_no_pygame():
    """The page is Pillow only (it could be printed by a tool with no window)."""
    probe = "import sys, guardians.games.chronicles.scenes.newspaper; print('pygame' in sys.modules)"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True)
    assert out.stdout.strip() == "False"
