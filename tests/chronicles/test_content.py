"""The box beyond the tiles: the shipped content loads, and one broken file per kind of error is reported with
file, line, record and field (spec §3.7).

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt (the box's counts: L59-L80; difficulty table L90-L93).
"""

from __future__ import annotations

import shutil

import pytest

from guardians.engine.paths import cards_dir
from guardians.games.chronicles import cards


def test_shipped_box_is_complete():
    """L59-L80: 4 heroes, 48 Power cards, 20 Event cards, 20 Wound cards; 6 scenarios, two per difficulty."""
    box = cards.load_content().box
    assert len(box.heroes) == 4
    assert sum(len(h.cards) for h in box.heroes.values()) == 48
    assert len(box.event_cards) == 20 and len(box.wounds) == 20
    assert sorted(s.difficulty for s in box.scenarios.values()) == ["challenging"] * 2 + ["difficult"] * 2 + ["easy"] * 2
    assert set(box.rooms) == set(cards.load_content().faces)


def test_worked_example_numbers_stay():
    """L372 "Sgt Freedom has Speed 2" and L471 "His Mental value is 3": the shipped Normal card keeps them; the
    other figures the worked examples use keep spec §2's numbers too (the rule tests rely on them)."""
    box = cards.load_content().box
    assert box.heroes["sgt_freedom"].ranks["normal"] == {"health": 4, "speed": 2, "combat": 3, "defense": 3,
                                                         "mental": 3}
    assert box.heroes["golden_boy"].ranks["normal"]["combat"] == 4
    assert box.villains["android"].stats == {"health": 2, "speed": 2, "combat": 3, "defense": 3, "actions": 1}
    assert box.villains["mutated_alison"].stats["defense"] == 3
    assert box.rooms["missile_silo"].checks["console"].dice == 4
    assert box.rooms["missile_silo"].checks["console"].plus_heroes


def test_rookie_and_veteran_hands():
    """L133 Rookie: two Power cards replaced by the two Rookie cards; L135 Veteran: both Veteran cards added."""
    hero = cards.load_content().box.heroes["sgt_freedom"]
    assert len(hero.deck("normal")) == 8 and len(hero.deck("veteran")) == 10
    rookie = hero.deck("rookie")
    assert "sf_green_recruit" in rookie and "sf_steady_aim" not in rookie and len(rookie) == 8


BROKEN = [
    ("events.yaml", "      - threat: {by: 1, which: choose}", "      - threaten: {by: 1}", "events.yaml",
     "unknown effect 'threaten'"),
    ("events.yaml", "      - threat: {by: 1, which: choose}", "      - threat: {by: 1, which: everywhere}",
     "events.yaml", "is not one of"),
    ("events.yaml", "    copies: 2\n    technique: {defense: 1}\n    text: Up to two", "    copies: 3\n    technique: "
     "{defense: 1}\n    text: Up to two", "events.yaml", "20 Event cards"),
    ("wounds.yaml", "copies: 4, technique: {speed: -1}}", "copies: 4, technique: {speed: 1}}", "wounds.yaml",
     "a penalty"),
    ("rooms.yaml", "{id: console, name: Launch console", "{id: consol, name: Launch console", "rooms.yaml",
     "orange space for check 'console'"),
    ("rooms.yaml", "    disarm: laser_console\n", "", "rooms.yaml", "names the check that disarms it"),
    ("rooms.yaml", "      needed: 4\n", "", "rooms.yaml", "missing required field"),
    ("rooms.yaml", "{villain: robot, count: 1, tile: here, onto: free}", "{villain: kinoshi, count: 1, tile: here, "
     "onto: free}", "rooms.yaml", "is not a minion ID card"),
    ("rooms.yaml", "articles: {heroes: silo_saved, villain: silo_launched}", "articles: {heroes: silo_launched, "
     "villain: silo_saved}", "rooms.yaml", "is not a heroes article"),
    ("rooms.yaml", "pull: {target: it, toward: magnet", "pull: {target: it, toward: mangnet", "rooms.yaml",
     "no anchor"),
    ("heroes.yaml", "        replaces: sf_steady_aim", "        replaces: sf_nothing", "heroes.yaml",
     "is not a normal"),
    ("heroes.yaml", "      - id: sf_steady_aim\n        name: Steady Aim\n        deck: normal",
     "      - id: sf_steady_aim\n        name: Steady Aim\n        deck: veteran", "heroes.yaml", "Veteran cards"),
    ("heroes.yaml", "          passive: [{aura: {stat: defense, amount: -2, who: self}}]",
     "          passive: [{damage: {target: self, amount: 1}}]", "heroes.yaml", "not a passive entry"),
    ("villains.yaml", "    role: lieutenant\n    type: mutant\n    stats: {health: 6",
     "    role: boss\n    type: mutant\n    stats: {health: 6", "villains.yaml", "exactly one boss"),
    ("scenarios.yaml", "      - {face: crusher_hall, at: [1, 1]}", "      - {face: serum_lab, at: [1, 1]}",
     "scenarios.yaml", "has 1 trap tile "),
    ("scenarios.yaml", "      - {between: [[1, 0], [0, 0]], kind: airlock, attack: {dice: 3, plus_heroes: true}, "
     "mental: {dice: 3, plus_heroes: true}}\n    lights: {1: cave_mouth",
     "      - {between: [[1, 0], [0, 0]], kind: door, attack: {dice: 3, plus_heroes: true}, "
     "mental: {dice: 3, plus_heroes: true}}\n    lights: {1: cave_mouth", "scenarios.yaml", "airlocks, and only"),
    ("scenarios.yaml", "    lights: {1: cave_mouth, 2: crusher_hall, 3: missile_silo}",
     "    lights: {1: cave_mouth, 2: crusher_hall}", "scenarios.yaml", "lights wake each tile"),
    ("scenarios.yaml", "    lieutenants: [mutated_alison]\n    minions: [robot]\n  - id: blackout",
     "    lieutenants: [robot]\n    minions: [robot]\n  - id: blackout", "scenarios.yaml", "is not a lieutenant"),
    ("scenarios.yaml", "      - {between: [[0, 1], [1, 1]], kind: door, attack: {dice: 3}, mental: {dice: 3}}\n"
     "      - {between: [[1, 1], [1, 0]]", "      - {between: [[0, 1], [1, 1]], kind: door, attack: {dice: 3}}\n"
     "      - {between: [[1, 1], [1, 0]]", "scenarios.yaml", "missing required field"),
    ("newspaper.yaml", "    - {hero: meridian,", "    - {hero: meridianx,", "newspaper.yaml", "praising"),
    ("dice.yaml", "faces: [0, 0, 0, 1, 1, 1, 2, 2]", "faces: [0, 0, 0, 1, 1, 1, 2, pow]", "dice.yaml", "no pow face"),
]


@pytest.mark.parametrize("name,old,new,where,message", BROKEN, ids=[f"{b[0]}:{b[4][:24]}" for b in BROKEN])
def test_one_broken_file_per_error_kind(tmp_path, name, old, new, where, message):
    folder = tmp_path / "chronicles"
    shutil.copytree(cards_dir("chronicles"), folder)
    path = folder / name
    text = path.read_text(encoding="utf-8")
    assert old in text, f"the fixture edit no longer applies to {name}"
    path.write_text(text.replace(old, new, 1), encoding="utf-8")
    errors = cards.validate(folder)
    hits = [e for e in errors if message in e.message]
    assert hits, [str(e) for e in errors]
    assert all(e.file.endswith(where) for e in hits)
    assert any(e.line for e in hits)


def test_a_missing_file_is_reported(tmp_path):
    folder = tmp_path / "chronicles"
    shutil.copytree(cards_dir("chronicles"), folder)
    (folder / "events.yaml").unlink()
    assert any("missing content file" in e.message and e.file.endswith("events.yaml")
               for e in cards.validate(folder))
