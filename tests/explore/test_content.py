"""The shipped explore content: it loads, it matches the rulebook's printed facts, its texts are our own
words, and the loader reports bad content with file, line, record id and field.

Rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt. Format: docs/rules-notes/explore.md, "Content format".
"""

from __future__ import annotations

import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from content_helpers import assert_plain

from guardians.engine.paths import cards_dir
from guardians.games.explore import cards
from guardians.games.explore.cards import ExploreContent

RULEBOOK = Path(__file__).resolve().parents[3] / "shared" / "seeds" / "002_2f2b06678a8a6611.txt"
if not RULEBOOK.exists():
    RULEBOOK = Path("/work/shared/seeds/002_2f2b06678a8a6611.txt")


@pytest.fixture(scope="module")
def content() -> ExploreContent:
    return cards.load_content()


def by_name(content: ExploreContent, name: str):
    found = [c for c in content.cards.values() if c.name == name]
    assert len(found) == 1, name
    return found[0]


# ----- it loads ---------------------------------------------------------------------------------

def test_shipped_content_validates(content):
    assert cards.validate() == []
    assert cards.load_content() is content
    assert len(cards.content_hash()) == 16 and cards.content_hash() == cards.content_hash()


def test_effects_are_plain_python_values(content):
    for card in content.cards.values():
        assert_plain(card.effect)
        assert_plain(card.persistent)
    for loc in content.locations:
        assert_plain(loc.effect)


# ----- the printed facts ------------------------------------------------------------------------

PRINTED_CARDS = [
    "Explore", "Practice Swing", "Bash", "Cleave", "Mastering Slash", "Ice Blast", "Arcane Knowledge", "Fireball",
    "Shot", "Point Blank Shot", "Aimed Shot", "Daze", "Precise Strike", "Borrow", "Axe", "Wand", "Bow", "Dagger",
    "Shield", "Potion", "Breastplate", "Robe", "Backpack", "Marbles", "Caterpillar", "Butterfly", "Sapling",
    "Elder Oak", "Wolf Pup", "Dire Wolf", "Tiger Cub", "Sabertooth Tiger", "Pulverize", "Falling Star",
    "Rain of Arrows", "Dramatic Display", "Mystic Ball", "Super Potion", "Sticker", "Ancient Hilt", "World Spirit",
    "Immortal Elk", "Elf", "Pixie",
]


def test_the_44_guardian_cards_of_the_appendix(content):
    """CARDS AND CLARIFICATION 1/59-44/59 and GUARDIAN CARD LAYOUTS: 44 different Guardian cards."""
    names = [c.name for c in content.cards.values() if c.type != "coward"]
    assert sorted(names) == sorted(PRINTED_CARDS)
    types = Counter(c.type for c in content.cards.values() if not c.super)
    assert types["generic"] == 2 and types["skill"] == 12 and types["item"] == 10 and types["familiar"] == 8
    assert sum(1 for c in content.cards.values() if c.super) == 12


def test_component_counts(content):
    """GAME PIECES: 25 Practice Swing, 5 Explore, 74 Guardian cards, 13 SUPER cards, 5 Coward cards."""
    copies = {c.id: c.copies for c in content.cards.values()}
    assert copies["practice_swing"] == 25 and copies["explore"] == 5 and copies["coward"] == 5
    assert sum(c.copies for c in content.cards.values() if c.type in ("skill", "item", "familiar")
               and not c.super) == 74
    assert sum(c.copies for c in content.cards.values() if c.super) == 13


def test_printed_classes_and_families(content):
    """"Also, this is a Knight/Wizard/Archer/Rogue/Bug/Plant/Wolf/Tiger card" on each appendix entry."""
    expected = {
        "knight": {"Bash", "Cleave", "Mastering Slash", "Pulverize"},
        "wizard": {"Ice Blast", "Arcane Knowledge", "Fireball", "Falling Star"},
        "archer": {"Shot", "Point Blank Shot", "Aimed Shot", "Rain of Arrows"},
        "rogue": {"Daze", "Precise Strike", "Borrow", "Dramatic Display"},
        "bug": {"Caterpillar", "Butterfly"}, "plant": {"Sapling", "Elder Oak"},
        "wolf": {"Wolf Pup", "Dire Wolf"}, "tiger": {"Tiger Cub", "Sabertooth Tiger"},
    }
    for tag, names in expected.items():
        assert {c.name for c in content.cards.values() if tag in c.tags} == names, tag
    items = {c.name for c in content.cards.values() if c.type == "item"}
    assert all(content.cards[c].is_persistent for c in content.cards if content.cards[c].type == "item")
    assert {"Axe", "Wand", "Bow", "Dagger", "Shield", "Potion", "Breastplate", "Robe", "Backpack", "Marbles",
            "Mystic Ball", "Super Potion", "Sticker", "Ancient Hilt"} == items


@pytest.mark.parametrize("name,energy,attack,counters", [
    ("Explore", 2, 0, 0), ("Practice Swing", 1, 1, 0), ("Bash", 1, 1, 0), ("Cleave", 1, 3, 0),
    ("Mastering Slash", 0, 4, 0), ("Ice Blast", 3, 1, 0), ("Shot", 2, 1, 0), ("Point Blank Shot", 2, 3, 0),
    ("Breastplate", 0, 5, 0), ("Robe", 3, 0, 0), ("Sapling", 3, 0, 0), ("Elder Oak", 0, 5, 0),
    ("Dire Wolf", 0, 4, 0), ("Tiger Cub", 2, 1, 0), ("Sabertooth Tiger", 0, 6, 0), ("Pulverize", 0, 9, 0),
    ("Immortal Elk", 1, 1, 0), ("Butterfly", 0, 0, 3), ("Rain of Arrows", 0, 0, 9), ("Elf", 0, 0, 4),
])
def test_printed_generation(content, name, energy, attack, counters):
    """CARDS AND CLARIFICATION: the energy, attack and damage counters each card gives when played."""
    card = by_name(content, name)
    top = {n: sum(p["amount"] for k, p in card.effect if k == n) for n in ("energy", "attack", "damage_counters")}
    assert (top["energy"], top["attack"], top["damage_counters"]) == (energy, attack, counters)


def test_quests_and_their_points(content):
    """QUESTS 1/12-12/12: names and trophy points as printed."""
    printed = {"Generic Master": 8, "Zombie Slayer": 7, "Spider Slayer": 8, "Warlock Slayer": 7, "Orc Slayer": 6,
               "Robot Slayer": 6, "Versatile Hunter": 5, "Weakling Hunter": 6, "Skill Specialist": 7,
               "Trophy Specialist": 7, "Familiar Specialist": 5, "Dual Wielder": 6}
    assert {q.name: q.points for q in content.quests.values()} == printed


def test_locations_in_setup_order_with_their_symbols(content):
    """LOCATIONS 1/10-10/10 and SET-UP 4: Home first, then numerical order; symbols as printed."""
    printed = [("Home", 0), ("Candy Shop", 1), ("Zoo", 1), ("Hill", 2), ("Game Store", 2), ("Garage", 1),
               ("School", 1), ("Field", 1), ("Playground", 1), ("Museum", 2)]
    assert [(loc.name, loc.symbols) for loc in content.locations] == printed
    assert [loc.number for loc in content.locations] == list(range(1, 11))
    assert content.locations[0].base and not any(loc.base for loc in content.locations[1:])
    rows = [loc.row for loc in content.locations]
    assert rows == sorted(rows)                      # a new row per colour, left to right
    for a, b in zip(content.locations, content.locations[1:]):
        assert (a.row == b.row) == (a.colour == b.colour)


def test_bosses_as_printed(content):
    """BOSSSES: three Blue, three Red; attack per player as printed."""
    printed = {"patient_zero": ("blue", 12), "kiara": ("blue", 12), "araknesh": ("blue", 10),
               "purify_a1": ("red", 20), "kevin": ("red", 16), "zarkoth": ("red", 17)}
    assert {b.id: (b.colour, b.per_player) for b in content.bosses.values()} == printed


def test_monsters_five_families_three_tiers_and_three_waves(content):
    """MONSTER CARD LAYOUT and GAME PIECES: 15 monsters, 5 families x 3 tiers, two or more copies each;
    12 First, 19 Second and 30 Third Wave cards."""
    kinds = list(content.monsters.values())
    assert len(kinds) == 15
    assert Counter(m.family for m in kinds) == {f: 3 for f in ("zombie", "orc", "robot", "warlock", "spider")}
    assert all(sorted(m.tier for m in kinds if m.family == f) == [1, 2, 3] for f in content.families)
    assert all(sum(m.waves) >= 2 for m in kinds)
    assert tuple(sum(m.waves[w] for m in kinds) for w in range(3)) == (12, 19, 30)
    assert content.families["robot"].immune
    assert content.families["warlock"].overrun == "discard_hand"
    assert content.families["spider"].overrun == "discard_play"


def test_preconstructed_decks_exactly_as_printed(content):
    """PRECONSTRUCTED DECKS: the five lists, each with the SUPER card it is named after."""
    printed = {
        "Red": ("Pulverize", {"Bash": 3, "Cleave": 1, "Mastering Slash": 1, "Tiger Cub": 2, "Axe": 1,
                              "Breastplate": 1, "Potion": 1}),
        "Black": ("Dramatic Display", {"Daze": 2, "Precise Strike": 2, "Ice Blast": 1, "Caterpillar": 1,
                                       "Backpack": 1, "Dagger": 1, "Marbles": 1, "Potion": 1}),
        "Green": ("Elf", {"Shot": 3, "Point Blank Shot": 1, "Tiger Cub": 2, "Sabertooth Tiger": 1, "Backpack": 1,
                          "Bow": 1, "Marbles": 1}),
        "Blue": ("Pixie", {"Caterpillar": 2, "Butterfly": 1, "Sapling": 2, "Elder Oak": 1, "Wolf Pup": 2,
                           "Dire Wolf": 1, "Robe": 1}),
        "Yellow": ("Ancient Hilt", {"Breastplate": 1, "Robe": 1, "Sapling": 2, "Ice Blast": 2, "Wolf Pup": 2,
                                    "Dire Wolf": 1, "Aimed Shot": 1}),
    }
    got = {d.colour: (content.cards[d.super].name, {content.cards[c].name: n for c, n in d.cards})
           for d in content.decks.values()}
    assert got == printed


def test_setup_numbers(content):
    """DECK CREATION 11-19, ONE PLAYER MODE and the solo ratings."""
    setup = content.setup
    assert dict(setup.starting_generics) == {"explore": 1, "practice_swing": 5}
    assert (setup.quests_dealt, setup.quests_on_boss, setup.supers_dealt, setup.supers_on_boss) == (2, 2, 2, 2)
    assert (setup.draft_size, setup.hand_size, setup.solo_deal, setup.solo_keep) == (13, 4, 36, 13)
    assert [t for t, _ in setup.solo_ratings][:3] == [30, 25, 20]
    rounds = {k: sum(1 for s in v if s in ("round", "blue_boss", "red_boss")) for k, v in setup.tracks.items()}
    assert rounds == {"guardian": 8, "apprentice": 4}


# ----- our own words ----------------------------------------------------------------------------

def test_display_texts_do_not_copy_the_rulebook(content):
    """Display texts are paraphrased: no run of eight or more consecutive words of the rulebook."""
    words = re.findall(r"[a-z0-9']+", RULEBOOK.read_text(encoding="utf-8").lower())
    size = 8
    grams = {tuple(words[i:i + size]) for i in range(len(words) - size + 1)}
    texts = [c.text for c in content.cards.values()] + [q.text for q in content.quests.values()]
    texts += [loc.text for loc in content.locations] + [b.text for b in content.bosses.values()]
    texts += [f.text for f in content.families.values()]
    for text in texts:
        w = re.findall(r"[a-z0-9']+", text.lower())
        copied = [" ".join(w[i:i + size]) for i in range(len(w) - size + 1) if tuple(w[i:i + size]) in grams]
        assert not copied, (text, copied)


# ----- loader errors ----------------------------------------------------------------------------

@pytest.fixture
def folder(tmp_path) -> Path:
    target = tmp_path / "explore"
    shutil.copytree(cards_dir("explore"), target)
    return target


def _edit(path: Path, old: str, new: str) -> None:
    text = path.read_text()
    assert old in text, old
    path.write_text(text.replace(old, new, 1))


def test_unknown_effect_is_an_error_naming_file_line_card_and_field(folder):
    _edit(folder / "guardian.yaml", "      - draw: {amount: 1}\n  - id: practice_swing",
          "      - drawe: {amount: 1}\n  - id: practice_swing")
    errors = cards.validate(folder)
    assert len(errors) == 1
    error = errors[0]
    assert error.file.endswith("guardian.yaml") and error.card == "explore" and error.field == "effect"
    assert "unknown effect 'drawe'" in error.message
    line = (folder / "guardian.yaml").read_text().splitlines()[error.line - 1]
    assert "drawe" in line
    with pytest.raises(cards.ContentErrors):
        cards.load_content(folder)


def test_unknown_test_count_and_card_reference_are_errors(folder):
    _edit(folder / "guardian.yaml", "test: {monsters_here_at_least: 2}", "test: {monsters_there: 2}")
    _edit(folder / "guardian.yaml", "count: {tag: knight}", "count: {klass: knight}")
    _edit(folder / "guardian.yaml", "card: wolf_pup", "card: wolf_cub")
    messages = [(e.card, e.field, e.message) for e in cards.validate(folder)]
    assert ("cleave", "monsters_there", "unknown field") in messages
    assert ("axe", "klass", "unknown field") in messages
    assert any(c == "dire_wolf" and "unknown card 'wolf_cub'" in m for c, f, m in messages)


def test_missing_field_bad_type_and_count_rules(folder):
    _edit(folder / "guardian.yaml", "    requires: 0\n    copies: 3\n    text: \"+1 energy, +1 attack. Knight.\"",
          "    copies: 3\n    text: \"+1 energy, +1 attack. Knight.\"")
    _edit(folder / "guardian.yaml", "    copies: 2\n    text: \"Persistent. +5 attack.\"",
          "    copies: many\n    text: \"Persistent. +5 attack.\"")
    errors = cards.validate(folder)
    found = {(e.card, e.field) for e in errors}
    assert ("bash", "requires") in found
    assert ("breastplate", "copies") in found
    assert all(e.line for e in errors if e.card in ("bash", "breastplate"))


def test_wave_sizes_and_location_hooks_are_checked(folder):
    _edit(folder / "monsters.yaml", "waves: [3, 0, 0]}", "waves: [4, 0, 0]}")
    _edit(folder / "guardian.yaml", "      - energy: {amount: 2}\n      - draw: {amount: 1}",
          "      - energy: {amount: 2}\n      - visit_museum: {}")
    messages = [e.message for e in cards.validate(folder)]
    assert any("13/19/30" in m for m in messages)
    assert any("location hook" in m for m in messages)


def test_yaml_tags_and_syntax_errors_are_reported(folder):
    (folder / "quests.yaml").write_text("quests: !!python/object:os.system {}\n")
    errors = cards.validate(folder)
    assert errors and errors[0].file.endswith("quests.yaml") and errors[0].line == 1
