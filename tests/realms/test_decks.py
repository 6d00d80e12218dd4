"""Realms decks: the `.dek` importer on the six saved LackeyCCG theme decks, the deck rules of the
rulebook, and the `guardians deck validate` / `guardians cards validate` commands.

The six `.dek` files are copies in tests/data/realms/ (from ../shared/data/realms/lackey/decks/).
"""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from guardians import cli
from guardians.games.realms import cards
from guardians.games.realms.cards import DeckDef, RealmsContent
from guardians.games.realms.deck_import import DeckImportError, NameIndex, deck_yaml, import_dek, read_dek
from guardians.games.realms.decks import DeckFileError, check_deck, read_deck, validate_deck

DATA = Path(__file__).resolve().parents[1] / "data" / "realms"
DEKS = {
    "Basic_Knights_Theme.dek": ("knights_theme", 70, "rak_nam", "carreg_amroth"),
    "Basic_Giants_and_Fairies_Theme.dek": ("giants_and_fairies_theme", 70, "rak_nam", "carreg_amroth"),
    "Guidebook_The_Deck.dek": ("guidebook_the_deck", 65, "harkin", "khnumian"),
    "Pirates_Theme.dek": ("pirates_theme", 70, "grahzue", "freebooters"),
    "Slag_Beast_Theme.dek": ("slag_beast_theme", 70, "rak_nam", "sabu_amantek"),
    "Undead_Theme.dek": ("undead_theme", 70, "tes_let", "carreg_amroth"),
}


@pytest.fixture(scope="module")
def content() -> RealmsContent:
    return cards.load_content()


def _deck(guardian: str = "rak_nam", holds: tuple[str, ...] = ("carreg_amroth_left", "carreg_amroth_centre",
                                                                "carreg_amroth_right"),
          draw: dict[str, int] | None = None) -> DeckDef:
    draw = {"shield_maitzs_lightning_14": 10, "spires": 10, "axeman": 35} if draw is None else draw
    return DeckDef("test_deck", "Test", (guardian,) if guardian else (), holds, tuple(draw.items()))


# ----- import --------------------------------------------------------------------------------------

@pytest.mark.parametrize("file", sorted(DEKS))
def test_import_the_six_theme_decks(content: RealmsContent, file: str) -> None:
    deck_id, size, guardian, stronghold = DEKS[file]
    deck = import_dek(DATA / file, content.cards, deck_id)
    assert deck.size == size
    assert deck.guardians == (guardian,)
    assert sorted(content.cards[c].position for c in deck.strongholds) == ["centre", "left", "right"]
    assert {content.cards[c].stronghold for c in deck.strongholds} == {stronghold}
    entries = read_dek(DATA / file)
    assert sum(1 for zone, _, _ in entries if zone == "Deck") == size
    assert sum(1 for zone, _, _ in entries if zone == "Starting") == 4


@pytest.mark.parametrize("file", sorted(DEKS))
def test_shipped_yaml_decks_are_the_imported_decks(content: RealmsContent, file: str) -> None:
    """cards/realms/decks/*.yaml were made by the importer; the facts of each deck are kept as saved."""
    deck_id = DEKS[file][0]
    imported = import_dek(DATA / file, content.cards, deck_id)
    shipped = content.decks[deck_id]
    assert (shipped.guardians, sorted(shipped.strongholds), shipped.cards) == (
        imported.guardians, sorted(imported.strongholds), imported.cards)
    assert shipped.source.endswith(file)


def test_deck_yaml_round_trip(content: RealmsContent, tmp_path: Path) -> None:
    deck = import_dek(DATA / "Pirates_Theme.dek", content.cards, "pirates_theme", "Pirates")
    path = tmp_path / "pirates.yaml"
    path.write_text(deck_yaml(deck, content.cards, ["a note"]), encoding="utf-8")
    again = read_deck(path, content)
    assert (again.id, again.name, again.guardians, again.strongholds, again.cards) == (
        deck.id, deck.name, deck.guardians, deck.strongholds, deck.cards)


def test_names_are_matched_tolerantly(content: RealmsContent) -> None:
    index = NameIndex(content.cards)
    assert index.resolve("Rouge Spectre", "RE") == "rogue_spectre"
    assert index.resolve("McHooter s Distraction", "NP") == "mchooters_distraction"
    assert index.resolve("Ankh ", "NP") == "ankh"
    assert index.resolve("Sikura, Preceptor of  Prophets", "DN") == "sikura"
    assert index.resolve("shield maitz's lightning 14") == "shield_maitzs_lightning_14"
    assert index.resolve("Druk", "PR") == "druk_pr" and index.resolve("Druk", "DI") == "druk"
    assert index.resolve("Land Drake") == "land_drake"
    assert index.resolve("No Such Card") is None


def test_an_unknown_card_is_named(content: RealmsContent, tmp_path: Path) -> None:
    text = (DATA / "Basic_Knights_Theme.dek").read_text(encoding="utf-8")
    path = tmp_path / "bad.dek"
    path.write_text(text.replace(">Horse</name>", ">Horsey</name>", 1), encoding="utf-8")
    with pytest.raises(DeckImportError, match=r"unknown card: 'Horsey' \(set RE, zone Deck\)"):
        import_dek(path, content.cards)


def test_a_creature_in_the_starting_zone_is_refused(content: RealmsContent, tmp_path: Path) -> None:
    text = (DATA / "Basic_Knights_Theme.dek").read_text(encoding="utf-8")
    path = tmp_path / "bad.dek"
    path.write_text(text.replace(">Carreg Amroth Left</name>", ">Horse</name>"), encoding="utf-8")
    with pytest.raises(DeckImportError, match="Starting zone"):
        import_dek(path, content.cards)


def test_not_a_deck_file(tmp_path: Path, content: RealmsContent) -> None:
    path = tmp_path / "x.dek"
    path.write_text("<notadeck/>", encoding="utf-8")
    with pytest.raises(DeckImportError, match="not a LackeyCCG deck"):
        import_dek(path, content.cards)


# ----- deck rules ----------------------------------------------------------------------------------

def test_the_theme_decks_keep_the_deck_rules(content: RealmsContent) -> None:
    """All six saved decks have one Guardian, three Stronghold cards of one image and 55+ cards."""
    for deck in content.decks.values():
        assert check_deck(deck, content.cards).problems == [], deck.id
    assert len(content.decks) == 6


def test_a_55_card_deck_passes_and_54_fails(content: RealmsContent) -> None:
    """RB Intro: "Each player needs a draw deck of at least 55 cards" (RB-MR Set-up repeats it); the
    Guardian and the three Stronghold cards are set out, not part of the draw deck."""
    assert check_deck(_deck(), content.cards).problems == []
    short = _deck(draw={"shield_maitzs_lightning_14": 10, "spires": 10, "axeman": 34})
    problems = check_deck(short, content.cards).problems
    assert problems == ["the draw deck has 54 cards; it needs at least 55 (the Guardian and the Stronghold cards "
                        "do not count)"]


def test_two_stronghold_images_fail(content: RealmsContent) -> None:
    """RB-GL Stronghold: "The three cards form one image, mixing cards from different Stronghold images
    together is not allowed"."""
    deck = _deck(holds=("carreg_amroth_left", "khnumian_centre", "carreg_amroth_right"))
    problems = check_deck(deck, content.cards).problems
    assert len(problems) == 1 and "mix Strongholds (carreg_amroth, khnumian)" in problems[0]


def test_three_cards_of_one_image_must_be_left_centre_right(content: RealmsContent) -> None:
    deck = _deck(holds=("carreg_amroth_left", "carreg_amroth_left", "carreg_amroth_right"))
    assert check_deck(deck, content.cards).problems == [
        "the Stronghold cards are the left, centre and right card of one Stronghold"]


def test_stronghold_count_and_kind(content: RealmsContent) -> None:
    """RB Intro: a deck comes with three Strongholds; a Creature is no Stronghold card."""
    problems = check_deck(_deck(holds=("carreg_amroth_left", "carreg_amroth_centre")), content.cards).problems
    assert problems == ["a deck has 3 Stronghold cards, this one has 2"]
    problems = check_deck(_deck(holds=("carreg_amroth_left", "carreg_amroth_centre", "axeman")),
                          content.cards).problems
    assert "not a Stronghold card: Axeman" in problems


def test_one_guardian(content: RealmsContent) -> None:
    """RB Intro: "Each Starter Deck contains a Guardian"."""
    assert check_deck(_deck(guardian=""), content.cards).problems == ["a deck has one Guardian, this one has 0"]
    two = dataclasses.replace(_deck(), guardians=("rak_nam", "tookle"))
    assert check_deck(two, content.cards).problems == ["a deck has one Guardian, this one has 2"]
    assert check_deck(_deck(guardian="axeman"), content.cards).problems == ["not a Guardian: Axeman"]


def test_guardians_and_strongholds_are_not_in_the_draw_deck(content: RealmsContent) -> None:
    deck = _deck(draw={"shield_maitzs_lightning_14": 10, "spires": 10, "axeman": 34, "tookle": 1})
    problems = check_deck(deck, content.cards).problems
    assert problems == ["Guardians and Stronghold cards are set out, not shuffled into the draw deck: "
                        "Tookle, Leader of the Many"]


def test_no_copy_limit(content: RealmsContent) -> None:
    """The rulebook sets no limit on copies; the fan convention (five) is not a rule here."""
    assert check_deck(_deck(draw={"axeman": 55}), content.cards).problems == []


def test_unknown_ids_are_problems(content: RealmsContent) -> None:
    deck = _deck(draw={"axeman": 54, "no_such_card": 1})
    assert "unknown cards: no_such_card" in check_deck(deck, content.cards).problems


def test_unplayable_cards_are_listed_apart(content: RealmsContent) -> None:
    """A deck whose cards the engine cannot play yet says so, apart from the rule violations."""
    draw = {"shield_maitzs_lightning_14": 10, "spires": 10, "axeman": 34, "demorgan_the_inciter": 1}
    report = check_deck(_deck(draw=draw), content.cards)
    assert report.problems == []
    assert any(line.startswith("Demorgan the Inciter (demorgan_the_inciter, ") for line in report.unplayable)
    lines = validate_deck(_deck(draw=draw), content.cards)
    assert len(lines) == 1 and lines[0].startswith("not yet playable: ")
    assert "Axeman" not in lines[0]           # flavour only: vanilla
    assert "Carreg Amroth" not in lines[0]    # expressed by its effect steps
    everything_vanilla = {cid: dataclasses.replace(card, status="vanilla") for cid, card in content.cards.items()}
    assert validate_deck(_deck(draw=draw), everything_vanilla) == []
    short = _deck(draw={"axeman": 53, "demorgan_the_inciter": 1})
    assert validate_deck(short, content.cards)[0].startswith("the draw deck has 54 cards")
    assert validate_deck(short, content.cards)[-1].startswith("not yet playable: ")


def test_read_deck_reports_a_bad_yaml_deck(content: RealmsContent, tmp_path: Path) -> None:
    path = tmp_path / "deck.yaml"
    path.write_text("deck:\n  id: x\n  name: X\n  guardian: rak_nam\n  strongholds: []\n  cards:\n    axemen: 3\n",
                    encoding="utf-8")
    with pytest.raises(DeckFileError, match=r"deck.yaml:7: card 'x' field 'cards': unknown card 'axemen'"):
        read_deck(path, content)


# ----- commands ------------------------------------------------------------------------------------

def test_deck_validate_command_on_a_dek(capsys: pytest.CaptureFixture[str]) -> None:
    """Every card of the Slag Beast theme deck is playable (vanilla or expressed): the deck is ok."""
    assert cli.main(["deck", "validate", str(DATA / "Slag_Beast_Theme.dek")]) == 0
    out = capsys.readouterr().out
    assert "problem:" not in out and "not yet playable" not in out and out.startswith("ok")


def test_deck_validate_command_names_unplayable_cards(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "odd.yaml"
    path.write_text("deck:\n  id: odd\n  name: Odd\n  guardian: rak_nam\n"
                    "  strongholds: [carreg_amroth_left, carreg_amroth_centre, carreg_amroth_right]\n"
                    "  cards:\n    axeman: 54\n    demorgan_the_inciter: 1\n", encoding="utf-8")
    assert cli.main(["deck", "validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "problem:" not in out
    assert "not yet playable (1 card" in out and "Demorgan the Inciter (demorgan_the_inciter" in out


def test_deck_validate_command_on_a_short_yaml_deck(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "short.yaml"
    path.write_text("deck:\n  id: short\n  name: Short\n  guardian: rak_nam\n"
                    "  strongholds: [carreg_amroth_left, khnumian_centre, carreg_amroth_right]\n"
                    "  cards:\n    axeman: 54\n", encoding="utf-8")
    assert cli.main(["deck", "validate", str(path)]) == 1
    out = capsys.readouterr().out
    assert "problem: the draw deck has 54 cards" in out
    assert "problem: the Stronghold cards mix Strongholds" in out


def test_deck_validate_command_without_the_file(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["deck", "validate", "no-such-deck.yaml"]) == 2
    assert "no such deck file" in capsys.readouterr().err


def test_cards_validate_checks_realms(capsys: pytest.CaptureFixture[str]) -> None:
    """realms is a registered game; `cards validate` checks it and prints its per-set playable counts."""
    from guardians.engine.registry import GAME_MODULES

    assert "realms" in GAME_MODULES
    assert cli.main(["cards", "validate", "--game", "realms"]) == 0
    out = capsys.readouterr().out
    assert "realms RE: 324 cards, " in out and "realms PR: 7 cards, " in out


@pytest.mark.parametrize("deck", sorted(p.name for p in (Path(__file__).parents[2] / "cards/realms/decks").glob("*.yaml")))
def test_every_theme_deck_card_is_playable(deck: str, capsys: pytest.CaptureFixture[str]) -> None:
    """Every card of the six theme decks is vanilla or expressed: `guardians deck validate` says ok."""
    path = Path(__file__).parents[2] / "cards/realms/decks" / deck
    code = cli.main(["deck", "validate", str(path)])
    out = capsys.readouterr().out
    assert code == 0 and out.startswith("ok"), out
