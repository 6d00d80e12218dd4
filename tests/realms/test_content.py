"""The realms card content: all 680 official cards load, their counts match the data (spec §3.1), a
dozen cards carry exactly the data's facts, each data correction holds, and a broken file is reported
with file, line, card and field.

Spec: ../shared/specs/realms.md §1.0, §3.1, §4 A40. Contract: docs/rules-notes/realms-content.md.
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest

from guardians.engine.paths import cards_dir
from guardians.games.realms import cards
from guardians.games.realms.cards import CardDef, RealmsContent

CONTRACT = Path(__file__).resolve().parents[2] / "docs" / "rules-notes" / "realms-content.md"


@pytest.fixture(scope="module")
def content() -> RealmsContent:
    return cards.load_content()


def _by_name(content: RealmsContent, name: str, set_id: str | None = None) -> CardDef:
    found = [c for c in content.cards.values() if c.name == name and (set_id is None or c.set == set_id)]
    assert len(found) == 1, f"expected one card named {name!r}, found {[c.id for c in found]}"
    return found[0]


# ----- it loads ---------------------------------------------------------------------------------

def test_all_680_official_cards_load_without_errors(content: RealmsContent) -> None:
    assert cards.validate() == []
    assert len(content.cards) == 680


def test_counts_per_set_match_the_data(content: RealmsContent) -> None:
    """Spec §3.1: RE 324, DI 124, DN 123, NP 102, PR 7 (Adventure and Events rows dropped)."""
    assert Counter(c.set for c in content.cards.values()) == cards.SET_SIZES
    assert {s: n["cards"] for s, n in cards.playable_counts(content).items()} == cards.SET_SIZES


def test_counts_per_type_match_the_spec_table(content: RealmsContent) -> None:
    """Spec §3.1 "Counts by type" (official sets only)."""
    kinds = Counter((c.type, c.kind) for c in content.cards.values())
    assert sum(n for (t, _), n in kinds.items() if t == "creature") == 395
    borders = Counter(c.border for c in content.cards.values() if c.type == "creature")
    assert borders == {"mortal": 151, "external": 123, "elemental": 121}
    creatures_by_set = Counter(c.set for c in content.cards.values() if c.type == "creature")
    assert creatures_by_set == {"RE": 196, "DI": 66, "DN": 69, "NP": 61, "PR": 3}
    spells = Counter(c.set for c in content.cards.values() if c.type == "spell")
    assert spells == {"RE": 16, "DI": 29, "DN": 15, "NP": 13, "PR": 1}
    assert kinds[("shield", "shield")] == 64
    assert kinds[("shield", "standard_bearer")] == 24
    assert kinds[("shield", "shield_terrain")] == 12
    assert kinds[("item", "hand")] == 26
    assert kinds[("item", "creature")] == 13
    assert kinds[("item", "accessory")] == 7
    assert sum(n for (t, _), n in kinds.items() if t == "terrain") == 15
    assert sum(n for (t, _), n in kinds.items() if t == "stronghold") == 18
    assert kinds[("upgrade", "upgrade")] == 12 and kinds[("upgrade", "downgrade")] == 3
    assert sum(n for (t, _), n in kinds.items() if t == "bribery") == 3
    guardians = Counter(c.set for c in content.cards.values() if c.type == "guardian")
    assert guardians == {"RE": 8, "DI": 2, "DN": 2, "NP": 2}
    shields_by_set = Counter(c.set for c in content.cards.values() if c.kind == "shield")
    assert shields_by_set == {"RE": 54, "DI": 4, "DN": 4, "NP": 2}
    terrain_by_set = Counter(c.set for c in content.cards.values() if c.type == "terrain")
    assert terrain_by_set == {"RE": 6, "DN": 5, "NP": 4}


def test_creature_fact_totals(content: RealmsContent) -> None:
    """Spec §3.1 "Creature facts available", after the corrections: Doomwing is no channeler (15 CMP
    values, not 16) but a ranged attacker (26), Rock Giant's icon is Beer, not Gold."""
    creatures = [c for c in content.cards.values() if c.type == "creature"]
    assert Counter(c.size for c in creatures) == {"M": 211, "S": 93, "L": 91}
    assert sum(c.flying for c in creatures) == 55
    assert sum(c.shield_cost is not None for c in creatures) == 37
    assert sum(c.ocb > 0 for c in creatures) == 199
    assert sum(bool(c.bribery) for c in creatures) == 258
    icons = Counter(i for c in creatures for i in c.bribery)
    assert icons == {"babes": 84, "gold": 122, "beer": 107}
    assert sum(c.receiver for c in creatures) == 58
    assert sum(c.cmp > 0 for c in creatures) == 15
    assert sum(c.ranged > 0 for c in creatures) == 26
    assert sum(c.command for c in creatures) == 80
    assert sum(not c.classes for c in creatures) == 13
    assert min(c.vitality for c in creatures) == -5 and max(c.vitality for c in creatures) == 29


def test_double_bordered_backs(content: RealmsContent) -> None:
    """R8: the data's back images make Spells (74), Hand Items (26) and Bribery (3) double-bordered."""
    double = [c for c in content.cards.values() if c.back == "double"]
    assert len(double) == 103
    assert {(c.type, c.kind) for c in double} == {("spell", "spell"), ("item", "hand"), ("bribery", "bribery")}


def test_ids_are_unique_snake_case_and_names_trimmed(content: RealmsContent) -> None:
    for card in content.cards.values():
        assert re.fullmatch(r"[a-z][a-z0-9_]*", card.id)
        assert card.name == " ".join(card.name.split())
    assert {c.id for c in content.cards.values() if c.name in ("Druk", "Barrow Wight", "Land Drake")} == {
        "druk", "druk_pr", "barrow_wight", "barrow_wight_pr", "land_drake", "land_drake_pr"}


# ----- exact facts ------------------------------------------------------------------------------

def test_tookle_matches_the_rulebook_card_layout(content: RealmsContent) -> None:
    """RB-CL p. 6 (and spec T15): Vitality 27, base draw 3, LDL -1, MDL +1, LUC +1, 7 stones, CMP 5."""
    tookle = content.cards["tookle"]
    assert tookle.name == "Tookle, Leader of the Many" and tookle.type == "guardian" and tookle.set == "RE"
    assert (tookle.vitality, tookle.cmp, tookle.stones) == (27, 5, 7)
    assert (tookle.draw.base, tookle.draw.ldl, tookle.draw.mdl, tookle.draw.luc) == (3, -1, 1, 1)
    assert tookle.border is None


def test_grand_avatar_matches_the_rulebook_creature_layout(content: RealmsContent) -> None:
    """RB-CL p. 5: M Grand Avatar, Vitality 6, shield cost 12, Wizard, CMP 6, a receiver."""
    card = content.cards["grand_avatar"]
    assert (card.border, card.size, card.vitality, card.shield_cost, card.classes, card.cmp, card.receiver) == (
        "mortal", "M", 6, 12, ("wizard",), 6, True)
    assert card.space_cost == 12 and card.up_card == 6


@pytest.mark.parametrize("cid, facts", [
    ("death", dict(border="elemental", classes=("manifestation",), size="M", vitality=7, shield_cost=13, ocb=0,
                   bribery=("beer",), receiver=False, command=False, flying=False)),
    ("sorcerer", dict(border="mortal", classes=("wizard",), size="M", vitality=8, ocb=0, bribery=("gold",),
                      receiver=True, command=True, cmp=0, ranged=0)),
    ("energy_toad", dict(border="elemental", classes=("force",), size="S", vitality=5, ocb=0, ranged=2, cmp=0,
                         bribery=())),
    ("thunder_hawk", dict(border="elemental", classes=("spirit",), size="L", vitality=1, shield_cost=7, ocb=1,
                          flying=True, ranged=13)),
    ("varmit_archer", dict(border="mortal", classes=("varmit",), size="S", vitality=2, ranged=1)),
    ("captain_red_nose", dict(border="mortal", classes=("pirate",), size="M", vitality=15, ocb=5)),
    ("wraith", dict(border="external", classes=("undead",), size="M", vitality=8, receiver=True)),
    ("rak_nam", dict(type="guardian", vitality=30, cmp=9, stones=7)),
    ("finn", dict(type="guardian", vitality=27, cmp=8, stones=6)),
    ("babes", dict(type="bribery", icon="babes", number=13, back="double")),
    ("spires", dict(type="terrain", number=10, terrain_types=("spires",))),
    ("carreg_amroth_centre", dict(type="stronghold", stronghold="carreg_amroth", position="centre", number=None)),
    ("shield_maitzs_lightning_14", dict(kind="shield", series="Maitz's Lightning", number=14)),
    ("amber_well", dict(border="elemental", size="L", vitality=4)),
])
def test_spot_facts(content: RealmsContent, cid: str, facts: dict) -> None:
    card = content.cards[cid]
    for key, value in facts.items():
        assert getattr(card, key) == value, (cid, key)


def test_finn_draw(content: RealmsContent) -> None:
    finn = content.cards["finn"]
    assert (finn.draw.base, finn.draw.ldl, finn.draw.mdl, finn.draw.luc) == (2, -1, 0, 1)


def test_up_card_numbers(content: RealmsContent) -> None:
    """R5: a creature's Up-card number is its base Vitality; other cards use the printed number."""
    assert content.cards["death"].up_card == 7
    assert content.cards["gold"].up_card == 7
    assert content.cards["beer"].up_card == 10
    assert content.cards["mountains"].up_card == 3


def test_two_class_creatures_and_class_spellings(content: RealmsContent) -> None:
    """"Saurina/Blood Spear" and "Undeal/Animal" are typos; "Misc Human" is "Misc. Human"."""
    for card in content.cards.values():
        assert all(cls in cards.CLASSES for cls in card.classes)
    two = [c for c in content.cards.values() if len(c.classes) == 2]
    assert two and all(len(set(c.classes)) == 2 for c in two)


# ----- the data corrections (each also in docs/rules-notes/realms-content.md) --------------------

def test_doomwing_ranged_not_channeler(content: RealmsContent) -> None:
    """Data: the 6 sits in the Channeler column; it is the 6-point ranged attack of the text."""
    card = content.cards["doomwing"]
    assert card.ranged == 6 and card.cmp == 0


def test_rock_giant_beer_and_ranged_six(content: RealmsContent) -> None:
    """Data: Beer's B in the Gold column; ranged 4 against its text's 6 (A40: use 6)."""
    card = content.cards["rock_giant"]
    assert card.bribery == ("beer",) and card.ranged == 6
    assert content.cards["huge_rock_giant"].ranged == 6


def test_re_upgrade_texts_unrotated(content: RealmsContent) -> None:
    """Data: the three RE Upgrade texts are rotated; the text follows the name."""
    assert "AOE" in content.cards["flame_cannon"].text and "Command" in content.cards["flame_cannon"].text
    assert "control" in content.cards["large_idol"].text
    assert "Power Stone" in content.cards["sacrificial_altar"].text and \
        "Storage Hand" in content.cards["sacrificial_altar"].text


def test_broms_goblin_shield_numbers_follow_their_names(content: RealmsContent) -> None:
    for n in (4, 8, 12, 16):
        assert content.cards[f"shield_broms_goblin_{n:02d}"].number == n


def test_land_drake_one_off_colour_bonus(content: RealmsContent) -> None:
    assert content.cards["land_drake"].ocb == content.cards["land_drake_pr"].ocb == 5


def test_fangis_misprint_plays_as_an_animal(content: RealmsContent) -> None:
    a, b = content.cards["fangis_the_hunter"], content.cards["fangis_the_hunter_misprint"]
    assert a.classes == b.classes == ("animal",)
    assert (a.vitality, a.ocb, a.text) == (b.vitality, b.ocb, b.text)


def test_tweezle_number_and_locals(content: RealmsContent) -> None:
    assert content.cards["tweezle_the_sneaky"].number == 0
    assert content.cards["rye_beaner"].vitality == -5 and content.cards["scamp_jones"].vitality == -3


def test_shield_cost_below_vitality_kept(content: RealmsContent) -> None:
    assert (content.cards["fatback_chak"].vitality, content.cards["fatback_chak"].shield_cost) == (8, 7)
    assert (content.cards["rotten_guy"].vitality, content.cards["rotten_guy"].shield_cost) == (7, 6)


def test_truncated_texts_completed(content: RealmsContent) -> None:
    assert content.cards["death_pit_of_djoser"].text.rstrip().endswith(".")
    assert "0" in content.cards["standard_bearer_broms_goblin_11"].text


def test_renamed_cards_keep_the_data_names_as_aliases(content: RealmsContent) -> None:
    renamed = {"rogue_spectre": "Rouge Spectre", "priest_of_horus": "Preist of Horus", "minotaur": "Minataur",
               "mchooters_distraction": "McHooter s Distraction"}
    for cid, old in renamed.items():
        assert old in content.cards[cid].aliases
    assert content.cards["sikura"].name == "Sikura, Preceptor of Prophets"


def test_every_correction_is_recorded_in_the_contract() -> None:
    text = CONTRACT.read_text(encoding="utf-8")
    for name in ("Doomwing", "Rock Giant", "Flame Cannon", "Large Idol", "Sacrificial Altar", "Brom's Goblin",
                 "Land Drake", "Fangis", "Death Pit of Djoser", "Tweezle the Sneaky", "Rye Beaner", "Scamp Jones",
                 "Fatback Chak", "Rotten Guy", "Rogue Spectre", "Priest of Horus", "Minotaur", "McHooter",
                 "Sooooooul Mirror", "Saurina", "Undeal", "Misc Human"):
        assert name in text, name


# ----- status and text --------------------------------------------------------------------------

def test_statuses_agree_with_texts(content: RealmsContent) -> None:
    for card in content.cards.values():
        if card.status == "untexted":
            assert card.text is None
        if card.status == "unexpressed":
            assert card.text
        if card.flavour:
            assert card.text is None and card.status == "vanilla"


def test_plain_shields_and_basic_terrain_are_vanilla(content: RealmsContent) -> None:
    for card in content.cards.values():
        if card.kind == "shield" or card.id in ("mountains", "rivers_and_lakes", "swamp", "the_dry_heaps"):
            assert card.status == "vanilla" and card.text is None, card.id
    assert content.cards["rak_nam"].status == "vanilla"


def test_playable_counts(content: RealmsContent) -> None:
    counts = cards.playable_counts(content)
    for set_id, n in counts.items():
        in_set = content.in_set(set_id)
        assert n["playable"] == sum(c.status in ("vanilla", "expressed") for c in in_set)
        assert n["texted"] == sum(c.status != "untexted" for c in in_set)
    assert cards.content_report()[0].startswith("RE: 324 cards, ")


def test_hash_is_stable_and_covers_decks(tmp_path: Path) -> None:
    copy = tmp_path / "realms"
    shutil.copytree(cards_dir("realms"), copy)
    first = cards.content_hash(copy)
    assert first == cards.content_hash()
    deck = copy / "decks" / "knights_theme.yaml"
    deck.write_text(deck.read_text().replace("archer: 5", "archer: 4"))
    assert cards.content_hash(copy) != first


# ----- broken content is reported with file, line, card and field ---------------------------------

def _broken(tmp_path: Path, file: str, old: str, new: str) -> list:
    copy = tmp_path / "realms"
    shutil.copytree(cards_dir("realms"), copy)
    path = copy / file
    text = path.read_text(encoding="utf-8")
    assert old in text, old
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    return cards.validate(copy)


def _line_of(tmp_path: Path, file: str, needle: str) -> int:
    lines = (tmp_path / "realms" / file).read_text(encoding="utf-8").splitlines()
    return next(i for i, line in enumerate(lines, 1) if needle in line)


def test_bad_size_is_reported(tmp_path: Path) -> None:
    death = "  - id: death\n    name: Death\n    set: RE\n    border: elemental\n    class: [manifestation]\n"
    errors = _broken(tmp_path, "creatures-re.yaml", death + "    size: M", death + "    size: XL")
    assert len(errors) == 1
    err = errors[0]
    assert err.file.endswith("creatures-re.yaml") and err.card == "death" and err.field == "size"
    assert err.line == _line_of(tmp_path, "creatures-re.yaml", "size: XL")
    assert "'XL' is not one of S, M, L" in str(err)


def test_unknown_icon_is_reported(tmp_path: Path) -> None:
    errors = _broken(tmp_path, "creatures-re.yaml", "shield_cost: 13\n    ocb: 0\n    bribery: [beer]",
                     "shield_cost: 13\n    ocb: 0\n    bribery: [wine]")
    assert [(e.card, e.field) for e in errors] == [("death", "bribery")]
    assert errors[0].line == _line_of(tmp_path, "creatures-re.yaml", "bribery: [wine]")
    assert "'wine'" in str(errors[0]) and "creatures-re.yaml" in str(errors[0])


def test_missing_field_is_reported(tmp_path: Path) -> None:
    errors = _broken(tmp_path, "guardians.yaml", "    stones: 7\n    draw: {base: 3, ldl: -1, mdl: 1, luc: 1}\n"
                                                 "    text: If your Up-card",
                     "    draw: {base: 3, ldl: -1, mdl: 1, luc: 1}\n    text: If your Up-card")
    assert [(e.card, e.field, e.message) for e in errors] == [("tookle", "stones", "missing required field")]
    assert errors[0].line == _line_of(tmp_path, "guardians.yaml", "id: tookle")


def test_unknown_class_wrong_set_and_duplicate_id(tmp_path: Path) -> None:
    copy = tmp_path / "realms"
    shutil.copytree(cards_dir("realms"), copy)
    path = copy / "creatures-di.yaml"
    text = path.read_text(encoding="utf-8")
    text = text.replace("class: [devil]", "class: [devill]", 1).replace("set: DI", "set: DN", 1)
    text += "  - id: death\n    name: Death\n    set: DI\n    border: elemental\n    class: []\n    size: M\n" \
            "    vitality: 7\n    ocb: 0\n    text: null\n    status: vanilla\n"
    path.write_text(text, encoding="utf-8")
    found = {(e.field, e.card) for e in cards.validate(copy)}
    assert ("id", "death") in found
    assert any(field == "class" for field, _ in found)
    assert any(field == "set" for field, _ in found)


def test_status_text_mismatch_is_reported(tmp_path: Path) -> None:
    errors = _broken(tmp_path, "terrain.yaml", "    text: null\n    status: vanilla",
                     "    text: null\n    status: unexpressed")
    assert [(e.card, e.field) for e in errors] == [("mountains", "text")]


def test_a_yaml_syntax_error_names_file_and_line(tmp_path: Path) -> None:
    errors = _broken(tmp_path, "bribery.yaml", "bribery:\n", "bribery:\n  - id: [\n")
    assert len(errors) == 1 and errors[0].file.endswith("bribery.yaml") and errors[0].line


def test_effect_steps_are_checked_against_the_step_registry(tmp_path: Path) -> None:
    """`static:` and `abilities:` are checked step by step against rules/effects.py's registry: names,
    parameters, triggers; a card with steps is expressed (or still unexpressed), never vanilla."""
    errors = _broken(tmp_path, "creatures-re.yaml", "    status: expressed\n    static:\n      - {terrain_bonus: {terrain: dry_heaps, amount: 7}}",
                     "    status: expressed\n    static:\n      - {terrain_bonus: {terrain: dryheaps, amount: 7}}\n"
                     "      - {no_ranged: {}}\n      - {no_such_step: {}}\n"
                     "    abilities:\n      - {when: someday, effect: []}")
    found = {(e.card, e.field) for e in errors}
    assert ("sloarch", "terrain") in found and ("sloarch", "side") in found and ("sloarch", "when") in found
    assert any("unknown effect 'no_such_step'" in e.message for e in errors)
    errors = _broken(tmp_path / "b", "terrain.yaml", "    text: null\n    status: vanilla",
                     "    text: null\n    status: vanilla\n    static:\n      - no_ranged: {side: both}\n")
    assert [(e.card, e.field) for e in errors] == [("mountains", "status")]
