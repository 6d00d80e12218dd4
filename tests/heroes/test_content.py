"""The shipped heroes card set: it loads, it matches the rulebook's facts, and its hash is stable.

Rulebook: ../shared/seeds/000_04d8657756ecac85.txt. Format: docs/rules-notes/heroes-content.md.
"""

from __future__ import annotations

import random
import re
import shutil
from collections import Counter
from pathlib import Path

import pytest
from content_helpers import assert_plain

from guardians.engine.paths import cards_dir
from guardians.games.heroes import cards
from guardians.games.heroes.cards import CardDef, HeroesContent
from guardians.games.heroes.rules.effects import STEPS

RULEBOOK_HEROES = {"Astra", "Grave", "Whiplash", "Valkyrie", "Harbinger", "Mauler", "Paladin", "Kosi",
                   "Venger", "Ronin"}
SPEC = Path(__file__).resolve().parents[2] / "docs" / "rules-notes" / "heroes-content.md"


@pytest.fixture(scope="module")
def content() -> HeroesContent:
    return cards.load_content()


def _hero(content: HeroesContent, name: str):
    return next(h for h in content.heroes.values() if h.name == name)


def _card(content: HeroesContent, name: str) -> CardDef:
    found = [c for c in content.cards.values() if c.name == name]
    assert len(found) == 1, f"expected one card named {name!r}, found {len(found)}"
    return found[0]


def _names(effect) -> list[str]:
    return [name for name, _ in effect]


# ----- the set loads --------------------------------------------------------------------------

def test_shipped_content_validates_without_errors():
    assert cards.validate() == []


def test_load_content_is_cached_for_the_default_folder(content):
    assert cards.load_content() is content


def test_cards_index_holds_every_power_basic_and_ultimate_card(content):
    expected = {c.id for c in content.basic}
    for hero in content.heroes.values():
        expected |= {c.id for c in hero.cards} | {hero.ultimate.id}
        assert all(c.hero == hero.id for c in hero.cards)
        assert hero.ultimate.type == "ultimate" and hero.ultimate.hero == hero.id
    assert set(content.cards) == expected
    assert len(expected) == 10 * 1 + 3 + sum(len(h.cards) for h in content.heroes.values())


def test_effects_are_plain_python_values(content):
    """The rules read params as plain dicts and tuples, never the loader's line-tracking LDict."""
    effects = [c.effect for c in content.cards.values()]
    effects += [h.ability.effect for h in content.heroes.values() if h.ability]
    effects += [loc.effect for loc in content.locations.values()]
    effects += [loc.passive.get("enter", ()) for loc in content.locations.values()]
    for effect in effects:
        assert isinstance(effect, tuple)
        for name, params in effect:
            assert name in STEPS and type(params) is dict
            assert_plain(params)


def _all_effects(content: HeroesContent) -> list[tuple]:
    effects = [c.effect for c in content.cards.values()]
    effects += [h.ability.effect for h in content.heroes.values() if h.ability]
    effects += [loc.effect for loc in content.locations.values()]
    effects += [loc.passive.get("enter", ()) for loc in content.locations.values()]
    return effects


def _step_names(steps) -> set[str]:
    names = set()
    for name, params in steps:
        names.add(name)
        names |= _step_names(params.get("then", ())) | _step_names(params.get("else", ()))
        for option in params.get("options", ()):
            names |= _step_names(option["steps"])
    return names


def test_step_registry_is_complete_and_covers_every_yaml_step(content):
    """Every step has its schema and an AI value (no step silently scores 0), and every step the YAML
    uses, nested ones included, is registered."""
    assert STEPS.check() == []
    used = set().union(*(_step_names(effect) for effect in _all_effects(content)))
    assert used and used <= set(STEPS.names())
    assert cards.vocabulary() == {name: list(STEPS.params(name).values()) for name in STEPS.names()}


def test_step_values_are_numbers_for_every_yaml_step(content):
    from guardians.games.heroes.ai import steps_value

    for effect in _all_effects(content):
        assert isinstance(steps_value(None, 0, effect), float)


def test_first_game_teams_come_from_yaml(content):
    """Rulebook, FIRST GAME: the pre-set teams live in cards/heroes/variants.yaml, not in Python."""
    assert content.first_game == (("astra", "valkyrie", "whiplash"), ("grave", "mauler", "ronin"))


def test_a_bad_first_game_team_names_file_line_and_field(tmp_path):
    copy = tmp_path / "heroes"
    shutil.copytree(cards_dir("heroes"), copy)
    path = copy / "variants.yaml"
    text = path.read_text(encoding="utf-8")
    path.write_text(text.replace("[grave, mauler, ronin]", "[grave, mauler, astra]"), encoding="utf-8")
    errors = cards.validate(copy)
    assert len(errors) == 1
    error = errors[0]
    line = text.splitlines().index("    teams:") + 1
    assert (Path(error.file).name, error.line, error.card, error.field) == ("variants.yaml", line, "first_game", "teams")
    assert "astra" in error.message


def test_vocabulary_and_triggers_match_the_spec_document():
    """The loader's step names and triggers are exactly the tables of heroes-content.md."""
    text = SPEC.read_text(encoding="utf-8")
    steps_table = text.split("## Effect steps")[1].split("## Reaction triggers")[0]
    triggers_table = text.split("## Reaction triggers")[1]
    rows = [line for line in steps_table.splitlines() if line.startswith("| `")]
    steps = {name for row in rows for name in re.findall(r"`(\w+)`", row.split("|")[1])}
    triggers = {re.findall(r"`(\w+)`", line)[0] for line in triggers_table.splitlines()
                if line.startswith("| `")}
    assert set(STEPS.names()) == steps
    assert set(cards.TRIGGERS) == triggers


# ----- components --------------------------------------------------------------------------------

def test_ten_heroes_with_the_rulebook_names(content):
    """Rulebook, Components and Character Profiles: 10 hero cards, the ten profiled heroes."""
    assert len(content.heroes) == 10
    assert {h.name for h in content.heroes.values()} == RULEBOOK_HEROES


def test_each_power_deck_is_six_cards_with_one_utility(content):
    """Rulebook, Components ("10 Power Decks (6 Cards Each)") and Card Types ("Each hero has a single
    utility card in its power deck")."""
    for hero in content.heroes.values():
        assert sum(c.copies for c in hero.cards) == 6, hero.id
        assert sum(c.copies for c in hero.cards if c.type == "utility") == 1, hero.id
        assert all(c.type in ("action", "reaction", "utility") for c in hero.cards)


def test_every_hero_has_one_ultimate(content):
    """Rulebook, Components ("10 Ultimate Cards") and Ultimate Cards: one per hero, played once."""
    for hero in content.heroes.values():
        ult = hero.ultimate
        assert ult.type == "ultimate" and ult.copies == 1 and ult.effect
        assert 2 <= ult.charge <= 4, ult.id


def test_basic_deck_is_two_barrier_two_intel_two_reposition(content):
    """Rulebook, Setup step 3 and Glossary "Basic": 2 Barrier, 2 Intel, 2 Reposition, no hero."""
    assert Counter({c.name: c.copies for c in content.basic}) == Counter(
        {"Barrier": 2, "Intel": 2, "Reposition": 2})
    assert all(c.hero is None for c in content.basic)


def test_basic_cards_never_use_self(content):
    """A basic card has no hero (heroes-content.md, "Basic card"), so it must choose its heroes."""
    name_keys = ("target", "from", "to", "with_hero", "exclude", "attacker", "location")
    for card in content.basic:
        for name, params in card.effect:
            used = [params[k] for k in name_keys if k in params]
            assert "self" not in used and "here" not in used, card.id
            assert not (name in ("choose_hero", "each_hero") and "range" in params and "from" not in params)


def test_fourteen_locations(content):
    """Rulebook, Components: 1 Location Deck (14 Cards)."""
    assert len(content.locations) == 14
    assert len({loc.name for loc in content.locations.values()}) == 14


def test_location_kinds_each_appear(content):
    kinds = Counter(loc.kind for loc in content.locations.values())
    assert set(kinds) == {"none", "score", "action", "passive"}
    for loc in content.locations.values():
        assert bool(loc.effect) == (loc.kind in ("score", "action")), loc.id
        assert bool(loc.passive) == (loc.kind == "passive"), loc.id


def test_longer_tracks_on_locations_worth_more(content):
    by_points = sorted(content.locations.values(), key=lambda loc: loc.points)
    tracks = [loc.track for loc in by_points]
    assert tracks == sorted(tracks)


def test_points_allow_a_legal_row_of_four(content):
    """Rulebook, Setup step 4: 4 locations, never more than two with the same point value. Dealing by
    that rule (set aside a third of a value) must always finish, whatever the shuffle."""
    counts = Counter(loc.points for loc in content.locations.values())
    assert len(counts) >= 3
    assert sum(min(n, 2) for n in counts.values()) >= 4
    rng = random.Random(4)
    points = [loc.points for loc in content.locations.values()]
    for _ in range(500):
        deck = points[:]
        rng.shuffle(deck)
        row: list[int] = []
        while len(row) < 4:
            assert deck, "the location deck ran out before 4 locations were dealt"
            value = deck.pop()
            if row.count(value) < 2:
                row.append(value)
        assert max(Counter(row).values()) <= 2


def test_numbers_suit_a_nine_point_race(content):
    """Plausible ranges for tuning later: attack 2-4, life 6-10, about half the power cards charge."""
    for hero in content.heroes.values():
        assert 2 <= hero.attack <= 4 and 6 <= hero.life <= 10, hero.id
    power = [c for h in content.heroes.values() for c in h.cards]
    total = sum(c.copies for c in power)
    charged = sum(c.copies for c in power if c.charge_point)
    assert 0.4 <= charged / total <= 0.6


# ----- rulebook facts ----------------------------------------------------------------------------

def test_whiplash_knocks_out_venger_in_the_rulebook_example(content):
    """Rulebook, "Example: Attack & Knock Out": Whiplash (attack 3) hits Venger, who had 6 damage;
    9 damage equals Venger's life value, so he is knocked out."""
    whiplash, venger = _hero(content, "Whiplash"), _hero(content, "Venger")
    assert whiplash.attack == 3
    assert venger.life == 9
    assert 6 < venger.life <= 6 + whiplash.attack


def test_harbinger_is_unmovable_and_mauler_cannot_be_immobilized(content):
    """Rulebook, Move ("Harbinger can never be moved by any means") and Glossary "Prevent" ("you can
    play a card ... that would immobilize Mauler, but no condition token is placed")."""
    assert "unmovable" in _hero(content, "Harbinger").traits
    assert "immune_immobilize" in _hero(content, "Mauler").traits
    others = [h for h in content.heroes.values() if h.name not in ("Harbinger", "Mauler")]
    assert all(not h.traits for h in others)


def test_harbinger_cards_place_him_never_move_him(content):
    """Rulebook, Glossary "Place": Harbinger's power and Ultimate cards place him."""
    harbinger = _hero(content, "Harbinger")
    steps = [s for c in (*harbinger.cards, harbinger.ultimate) for s in c.effect]
    assert not [p for name, p in steps if name == "move_hero" and p["target"] == "self"]
    assert any(name == "place_hero" and p["target"] == "self" for name, p in steps)


def test_split_shot_damages_each_enemy_hero(content):
    """Rulebook, "Example: Reaction Card": "Split Shot" deals 2 damage to each enemy hero."""
    card = _card(content, "Split Shot")
    assert card.type == "action" and content.heroes[card.hero].name == "Astra"
    (each, group), (deal, damage) = card.effect
    assert each == "each_hero" and group.get("side", "enemy") == "enemy" and "range" not in group
    assert deal == "deal_damage" and damage == {"target": group["as"], "amount": 2}


def test_rapid_response_moves_paladin_then_deals_three(content):
    """Rulebook, "Example: Reaction Card": Paladin's "Rapid Response", two copies, moves Paladin to
    another hero's location and deals 3 damage, in response to Split Shot's damage."""
    card = _card(content, "Rapid Response")
    assert content.heroes[card.hero].name == "Paladin"
    assert card.type == "reaction" and card.copies == 2 and card.when == "enemy_damages_friendly"
    assert _names(card.effect) == ["choose_location", "move_hero", "choose_hero", "deal_damage"]
    (_, loc), (_, move), (_, foe), (_, deal) = card.effect
    assert "with_hero" in loc and move == {"target": "self", "to": loc["as"]}
    assert foe["range"] == 0 and foe.get("side", "enemy") == "enemy"
    assert deal == {"target": foe["as"], "amount": 3}


def test_guttersnare_deals_its_damage_even_if_the_move_is_blocked(content):
    """Rulebook, "Example: Card Effects & Timing": Guttersnare moves an enemy within range 1 to
    Mauler's location, then deals 3 damage to that hero; an immobilized target still takes it. The
    damage is a separate step on the same chosen name, so a skipped move cannot skip it."""
    card = _card(content, "Guttersnare")
    assert content.heroes[card.hero].name == "Mauler" and card.type == "action"
    (c, choose), (m, move), (d, deal) = card.effect
    assert (c, m, d) == ("choose_hero", "move_hero", "deal_damage")
    assert choose["range"] == 1 and choose.get("side", "enemy") == "enemy"
    assert move == {"target": choose["as"], "to": "here"}
    assert deal == {"target": choose["as"], "amount": 3}


def test_lotus_blade_lets_the_opponent_pick_move_or_powerlock(content):
    """Rulebook, "Example: Card Effects & Timing" step 4: Lotus Blade forces the opponent to move or
    powerlock the hero; an immobilized hero cannot be moved, so powerlock is the only option it can
    completely resolve."""
    card = _card(content, "Lotus Blade")
    assert content.heroes[card.hero].name == "Ronin"
    (_, choose), (name, params) = card.effect
    assert name == "choose_one" and params["chooser"] == "opponent"
    options = [o["steps"] for o in params["options"]]
    assert len(options) == 2
    assert options[0] == (("move_hero", {"target": choose["as"], "to": "adjacent"}),)
    assert options[1] == (("condition", {"target": choose["as"], "kind": "powerlock"}),)


def test_spirit_strike_is_kosis_reaction_ability(content):
    """Rulebook, Reaction cards note: Kosi's "Spirit Strike" ability has a reaction card's timing."""
    ability = _hero(content, "Kosi").ability
    assert ability is not None and ability.name == "Spirit Strike"
    assert ability.timing == "reaction" and ability.when in cards.TRIGGERS and ability.effect
    assert "Spirit Strike" not in {c.name for c in content.cards.values()}


def test_detention_facility_exists(content):
    """Rulebook, "Example: Attack & Knock Out" takes place at the Detention Facility."""
    assert "Detention Facility" in {loc.name for loc in content.locations.values()}


# ----- content hash ------------------------------------------------------------------------------

def test_content_hash_is_stable_and_follows_the_files(tmp_path):
    copy = tmp_path / "heroes"
    shutil.copytree(cards_dir("heroes"), copy)
    original = cards.content_hash()
    assert cards.content_hash() == original
    assert cards.content_hash(copy) == original
    assert cards.load_content(copy).hash == original
    path = copy / "locations.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("points: 3\n", "points: 2\n", 1),
                    encoding="utf-8")
    changed = cards.content_hash(copy)
    assert changed != original
    assert cards.load_content(copy).hash == changed
