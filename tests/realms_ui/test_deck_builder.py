"""The realms deck builder (issue #15), driven by mouse clicks at 1280×720 in a private user folder
(GUARDIANS_HOME, tests/conftest.py): the draw deck count and the rule check (the code of `guardians deck
validate`, RB Intro: at least 55 cards) follow each + and −; a card the engine cannot play yet is refused
with the reason; a saved deck validates and appears in the menu's deck option; a broken file is named and
skipped; a `.dek` file fills the builder.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pygame
import pytest
from ui_helpers import click, make_app, pump

from guardians import cli
from guardians.games.realms.decks import unplayable_reason, user_deck_dir
from guardians.games.realms.scenes.deckbuilder import DeckBuilderScene, Source
from guardians.ui import theme
from guardians.ui.scenes.menu import MenuScene

DATA = Path(__file__).resolve().parents[1] / "data" / "realms"


@pytest.fixture
def app():
    app = make_app((1280, 720))
    yield app
    app.close()


def builder(app) -> DeckBuilderScene:
    scene = DeckBuilderScene(app)
    app.push(scene)
    pump(app, 2)
    return scene


def row_of(scene: DeckBuilderScene, card_id: str):
    """The deck list's row of the card (rect, id, role, − rect, + rect), scrolled to with the ▼ button."""
    scene.offset = 0
    pump(scene.app)
    for _ in range(40):
        found = next((r for r in scene.rows if r[1] == card_id), None)
        if found is not None:
            return found
        click(scene.app, scene.down.rect.center)
    raise AssertionError(f"{card_id} is not in the deck list")


def test_minus_and_plus_update_the_count_and_the_rule_check(app) -> None:
    scene = builder(app)
    assert scene.open(Source("shipped", "Knights", "knights_theme"))
    pump(app)
    assert scene.draft.report().ok
    for card_id in ["spires"] * 7 + ["archer"] * 5 + ["st_ballantines_evocation"] * 3:   # 70 -> 55: a deck
        click(app, row_of(scene, card_id)[3].center)
    assert scene.draft.size == 55 and scene.draft.report().ok
    click(app, row_of(scene, "axeman")[3].center)           # the 54th card
    assert scene.draft.size == 54
    assert scene.draft.summary()[0] == "Draw deck: 54 of at least 55 cards"
    assert any("54 cards; it needs at least 55" in p for p in scene.draft.report().problems)
    click(app, row_of(scene, "axeman")[4].center)           # + on the row
    assert scene.draft.size == 55 and scene.draft.report().ok


def test_clicking_catalogue_cards_builds_a_deck_from_empty(app) -> None:
    scene = builder(app)
    assert "a deck has one Guardian, this one has 0" in scene.draft.report().problems
    guardian = next(rect for rect, card in scene.cells if card.type == "guardian" and card.playable)
    click(app, guardian.center)
    assert len(scene.draft.guardians) == 1
    assert not any(p.startswith("a deck has one Guardian") for p in scene.draft.report().problems)
    scene.type_filter.select("creature")
    scene._filters_changed()
    pump(app)
    rect, card = scene.cells[0]
    click(app, rect.center)
    click(app, rect.center)
    assert scene.draft.copies(card.id) == 2 and scene.draft.size == 2
    click(app, rect.center, button=3)                       # a right click takes one out
    assert scene.draft.copies(card.id) == 1


def test_an_unplayable_card_is_refused_with_the_reason(app) -> None:
    scene = builder(app)
    scene.show.select(False)                                # all cards, the unplayable greyed
    scene.type_filter.select("creature")
    scene._filters_changed()
    pump(app)
    while not any(not card.playable for _, card in scene.cells):
        scene.turn(1)
        pump(app)
    rect, card = next((r, c) for r, c in scene.cells if not c.playable)
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=rect.center, rel=(0, 0), buttons=(0, 0, 0)))
    pump(app)                                               # hovered: the message line says why, in red
    assert scene.hover_reason() == unplayable_reason(card) and "cannot be played yet" in scene.hover_reason()
    app.draw(force=True)
    assert tuple(app.screen.get_at((scene.message_rect.x + 3, scene.message_rect.centery)))[:3] == theme.ERROR_BG
    click(app, rect.center)
    assert scene.draft.copies(card.id) == 0 and scene.draft.size == 0
    assert scene.message_bad and card.name in scene.message and "cannot be played yet" in scene.message


def test_save_writes_a_valid_file_the_menu_offers(app, capsys) -> None:
    menu = MenuScene(app)
    app.push(menu)
    menu.game.select("realms")
    menu._game_changed()
    pump(app, 3)
    assert menu.decks is not None and menu.decks.visible
    click(app, menu.decks.rect.center)                       # "Build decks"
    scene = app.top
    assert isinstance(scene, DeckBuilderScene)
    scene.start_from.select(next(v for v, _ in scene.start_from.choices if v.deck_id == "undead_theme"))
    click(app, scene.open_button.rect.center)
    scene.name.entry.set_text("Night Watch")
    pump(app)
    click(app, scene.save_button.rect.center)
    path = user_deck_dir() / "night_watch.yaml"
    assert path.is_file() and "Saved as" in scene.message
    assert cli.main(["deck", "validate", str(path)]) == 0
    assert "ok: Night Watch (70 cards)" in capsys.readouterr().out
    click(app, scene.back.rect.center)                       # back in the menu: the deck is offered
    pump(app, 3)
    assert app.top is menu
    steppers = [s for spec, seat, s in menu.option_rows if spec.name == "decks"]
    assert steppers and all(("night_watch", "Night Watch (yours)") in s.choices for s in steppers)


def test_saving_over_another_file_needs_a_second_click(app) -> None:
    scene = builder(app)
    scene.open(Source("shipped", "Pirates", "pirates_theme"))
    scene.name.entry.set_text("Mine")
    pump(app)
    first = scene.save()
    assert first is not None
    scene.open(Source("empty", "An empty deck"))
    scene.open(Source("shipped", "Knights", "knights_theme"))
    scene.name.entry.set_text("Mine")
    pump(app)
    assert scene.save() is None and "Save again to replace" in scene.message
    assert "grahzue" in first.read_text(encoding="utf-8")        # the Pirates' Guardian, untouched
    assert scene.save() == first and "rak_nam" in first.read_text(encoding="utf-8")


def test_a_broken_file_is_reported_and_the_deck_kept(app) -> None:
    folder = user_deck_dir()
    (folder / "broken.yaml").write_text("deck: [\n", encoding="utf-8")
    menu = MenuScene(app)
    app.push(menu)
    menu.game.select("realms")
    menu._game_changed()
    pump(app, 3)                                             # the menu stands and names the file
    assert any("broken.yaml cannot be read" in m for m in menu.messages)
    scene = builder(app)
    scene.open(Source("shipped", "Knights", "knights_theme"))
    broken = next(v for v, _ in scene.start_from.choices if v.path is not None and v.path.name == "broken.yaml")
    assert not scene.open(broken)
    assert scene.message_bad and "broken.yaml cannot be opened, your deck is kept" in scene.message
    assert scene.draft.size == 70 and scene.draft.guardians == ["rak_nam"]


def test_unsaved_changes_need_a_second_open(app) -> None:
    scene = builder(app)
    scene.open(Source("shipped", "Knights", "knights_theme"))
    scene.remove("archer")
    assert not scene.open(Source("empty", "An empty deck"))
    assert scene.draft.size == 69 and "not saved" in scene.message
    assert scene.open(Source("empty", "An empty deck")) and scene.draft.size == 0


def test_back_with_unsaved_changes_needs_a_second_press(app) -> None:
    menu = MenuScene(app)
    app.push(menu)
    scene = builder(app)
    scene.open(Source("shipped", "Knights", "knights_theme"))
    click(app, scene.back.rect.center)
    assert app.top is menu                                   # nothing changed yet: back at once
    scene = builder(app)
    scene.open(Source("shipped", "Knights", "knights_theme"))
    scene.remove("archer")
    click(app, scene.back.rect.center)
    assert app.top is scene and "not saved" in scene.message
    click(app, scene.back.rect.center)
    assert app.top is menu


def test_a_dek_file_fills_the_builder(app) -> None:
    shutil.copy(DATA / "Guidebook_The_Deck.dek", user_deck_dir() / "Guidebook_The_Deck.dek")
    scene = builder(app)
    source = next(v for v, _ in scene.start_from.choices if v.kind == "dek")
    scene.start_from.select(source)
    click(app, scene.open_button.rect.center)
    assert scene.draft.size == 65 and scene.draft.guardians == ["harkin"]
    assert scene.name.text == "Guidebook The Deck"
    scene.open(Source("empty", "An empty deck"))
    scene.path_field.entry.set_text(str(DATA / "Pirates_Theme.dek"))   # any path, typed
    click(app, scene.import_button.rect.center)
    assert scene.draft.size == 70 and scene.draft.guardians == ["grahzue"]


def all_listed(scene: DeckBuilderScene) -> list:
    """Every card the catalogue lists under the filters, page by page with the ▶ button."""
    app = scene.app
    while scene.page > 0:
        click(app, scene.prev_page.rect.center)
    seen = [card for _, card in scene.cells]
    while scene.page < scene.pages - 1:
        click(app, scene.next_page.rect.center)
        seen += [card for _, card in scene.cells]
    return seen


def wheel_over(app, pos: tuple[int, int], notches: int) -> None:
    """Turn the mouse wheel at `pos`: positive notches scroll down."""
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=pos, rel=(0, 0), buttons=(0, 0, 0)))
    for _ in range(abs(notches)):
        pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-1 if notches > 0 else 1, flipped=False))
    pump(app)


def test_class_and_size_filters_by_their_arrows_and_the_wheel(app) -> None:
    scene = builder(app)
    everything = len(scene.cards)
    classes = [label for _, label in scene.class_filter.choices]
    assert classes[0] == "Any class" and "Knight" in classes and "Misc. Human" in classes
    wheel_over(app, scene.class_filter.rect.center, classes.index("Knight"))   # down the list, one a notch
    assert scene.class_filter.text == "Knight"
    knights = all_listed(scene)
    assert {c.id for c in knights} >= {"archer", "axeman", "arnath_lord_of_the_skies"}
    assert all("knight" in c.classes and c.playable for c in knights) and len(knights) < everything
    for _ in range(2):                                       # Any size -> Small -> Medium
        click(app, scene.size_filter.next.rect.center)
    assert scene.size_filter.text == "Medium"
    medium = all_listed(scene)
    assert medium and all(c.size == "M" and "knight" in c.classes for c in medium)
    assert "arnath_lord_of_the_skies" not in {c.id for c in medium}          # a Large Knight
    wheel_over(app, scene.class_filter.rect.center, -classes.index("Knight"))  # back up to any class
    assert scene.class_filter.text == "Any class"
    assert any("knight" not in c.classes for c in all_listed(scene))


def test_the_search_reads_the_card_text_and_keywords_not_only_names(app) -> None:
    scene = builder(app)
    scene.search.entry.set_text("unaffected by fire")       # words of our text, in no name
    pump(app, 2)
    found = all_listed(scene)
    # every word somewhere, not the phrase: "Unaffected by fear and by fire" is found too
    assert found and all(all(w in (c.text or "").lower() for w in ("unaffected", "by", "fire")) for c in found)
    assert "baal_a_gog" in {c.id for c in found}             # "Baal-a-Gog": found by its text alone
    scene.search.entry.set_text("immune")                   # a keyword: the text says "unaffected"
    pump(app, 2)
    found = {c.id: c for c in all_listed(scene)}
    assert "baal_a_gog" in found and "immune" not in (found["baal_a_gog"].text or "").lower()
    scene.search.entry.set_text("flying knight")             # every word somewhere: a fact and a class
    pump(app, 2)
    found = all_listed(scene)
    assert [c.id for c in found] == ["arnath_lord_of_the_skies"]
    scene.search.entry.set_text("fire")                      # cards named so are listed first
    pump(app, 2)
    found = all_listed(scene)
    named = [("fire" in c.name.lower()) for c in found]
    assert named[0] and not named[-1] and named == sorted(named, reverse=True)
    scene.search.entry.set_text("no such words anywhere")
    pump(app, 2)
    assert scene.cards == [] and scene.cells == []
