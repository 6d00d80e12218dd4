"""Broken content is rejected with the file, the exact line, the card id and the field.

Each case copies the valid heroes folder into tmp_path and breaks one thing: either by swapping in
a broken `basic.yaml` from tests/data/bad_yaml/ or by editing one snippet of the copy. Every case
expects exactly one error, so a check that reports the wrong place, or reports twice, fails.
"""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from guardians.engine.content import ContentError, ContentErrors, load_yaml
from guardians.engine.paths import cards_dir
from guardians.games.heroes import cards

BAD = Path(__file__).resolve().parents[1] / "data" / "bad_yaml"


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    root = tmp_path / "heroes"
    shutil.copytree(cards_dir("heroes"), root)
    return root


def _only_error(root: Path) -> ContentError:
    errors = cards.validate(root)
    assert len(errors) == 1, "\n".join(map(str, errors))
    with pytest.raises(ContentErrors) as raised:
        cards.load_content(root)
    assert raised.value.errors == errors
    return errors[0]


def _edit(root: Path, file: str, old: str, new: str, anchor: str = "") -> int:
    """Replace the one `old` after `anchor` in `file`; return the 1-based line where `new` starts."""
    path = root / file
    text = path.read_text(encoding="utf-8")
    start = text.index(anchor) if anchor else 0
    at = text.index(old, start)
    path.write_text(text[:at] + new + text[at + len(old):], encoding="utf-8")
    return text.count("\n", 0, at) + 1


def _line_of(root: Path, file: str, needle: str, anchor: str = "") -> int:
    text = (root / file).read_text(encoding="utf-8")
    start = text.index(anchor) if anchor else 0
    return text.count("\n", 0, text.index(needle, start)) + 1


# ----- the broken files in tests/data/bad_yaml (each replaces basic.yaml) -------------------------

BAD_FILES = [
    # file, line, card, field, words in the message
    ("syntax_error.yaml", 17, None, None, "mapping values are not allowed"),
    ("missing_field.yaml", 12, "basic_intel", "text", "missing required field"),
    ("wrong_type.yaml", 23, "basic_reposition", "copies", "expected int"),
    ("unknown_effect.yaml", 19, "basic_intel", "effect", "unknown effect 'draw_cards'"),
    ("unsafe_tag.yaml", 8, None, None, "unsafe or unknown YAML tag"),
    ("duplicate_key.yaml", 17, None, None, "duplicate key 'copies'"),
    ("unbound_target.yaml", 29, "basic_reposition", "target", "'friend'"),
]


@pytest.mark.parametrize(("name", "line", "card", "field", "words"), BAD_FILES)
def test_bad_file_is_rejected_at_its_line(folder, name, line, card, field, words):
    shutil.copyfile(BAD / name, folder / "basic.yaml")
    error = _only_error(folder)
    assert error.file == str(folder / "basic.yaml")
    assert (error.line, error.card, error.field) == (line, card, field)
    assert words in error.message
    assert f"basic.yaml:{line}" in str(error)


@pytest.mark.parametrize(("name", "line", "card", "field", "words"), BAD_FILES)
def test_bad_file_lines_point_at_the_broken_text(name, line, card, field, words):
    """The pinned line numbers above are where each file's defect really is (guards the table)."""
    text = (BAD / name).read_text(encoding="utf-8").splitlines()[line - 1]
    marker = {"syntax_error.yaml": "cards: then", "missing_field.yaml": "id: basic_intel",
              "wrong_type.yaml": "copies: two", "unknown_effect.yaml": "draw_cards",
              "unsafe_tag.yaml": "!!python", "duplicate_key.yaml": "copies: 3",
              "unbound_target.yaml": "target: friend"}[name]
    assert marker in text


def test_unsafe_tag_is_never_executed(capfd):
    """The safe loader refuses the tag before any object is built: nothing is echoed."""
    with pytest.raises(ContentErrors) as raised:
        load_yaml(BAD / "unsafe_tag.yaml")
    assert raised.value.errors[0].line == 8
    assert raised.value.errors[0].file == str(BAD / "unsafe_tag.yaml")
    assert "hi" not in capfd.readouterr().out


def test_every_error_is_listed_not_just_the_first(folder):
    shutil.copyfile(BAD / "wrong_type.yaml", folder / "basic.yaml")
    line = _edit(folder, "heroes.yaml", "traits: [unmovable]", "traits: [unmoveable]")
    errors = cards.validate(folder)
    where = {(Path(e.file).name, e.line, e.card, e.field) for e in errors}
    assert where == {("basic.yaml", 23, "basic_reposition", "copies"), ("heroes.yaml", line, "harbinger", "traits")}


# ----- heroes rules the loader enforces (edits of the valid copy) -----------------------------------

def test_unknown_trait(folder):
    line = _edit(folder, "heroes.yaml", "traits: [unmovable]", "traits: [unmoveable]")
    error = _only_error(folder)
    assert (Path(error.file).name, error.line, error.card, error.field) == ("heroes.yaml", line, "harbinger", "traits")
    assert "unmoveable" in error.message


def test_power_deck_must_hold_six_copies(folder):
    """Rulebook, Components: each power deck has 6 cards (copies count)."""
    _edit(folder, "heroes.yaml", "copies: 1", "copies: 2", anchor="id: paladin_command")
    error = _only_error(folder)
    line = _line_of(folder, "heroes.yaml", "cards:", anchor="id: paladin\n")
    assert (error.line, error.card, error.field) == (line, "paladin", "cards")
    assert "found 7" in error.message


def test_power_deck_must_hold_one_utility_card(folder):
    """Rulebook, Card Types: "Each hero has a single utility card in its power deck"."""
    _edit(folder, "heroes.yaml", "type: utility\n        copies: 1\n        phase: draw\n",
          "type: action\n        copies: 1\n", anchor="id: paladin_briefing")
    error = _only_error(folder)
    line = _line_of(folder, "heroes.yaml", "cards:", anchor="id: paladin\n")
    assert (error.line, error.card, error.field) == (line, "paladin", "cards")
    assert "utility" in error.message


def test_reaction_needs_a_trigger(folder):
    _edit(folder, "heroes.yaml", "        when: enemy_damages_friendly\n", "", anchor="id: paladin_rapid_response")
    error = _only_error(folder)
    line = _line_of(folder, "heroes.yaml", "id: paladin_rapid_response")
    assert (error.line, error.card, error.field) == (line, "paladin_rapid_response", "when")


def test_trigger_only_on_reactions(folder):
    line = _edit(folder, "heroes.yaml", "        text: Another friendly hero attacks.\n",
                 "        when: any\n        text: Another friendly hero attacks.\n")
    error = _only_error(folder)
    assert (error.line, error.card, error.field) == (line, "paladin_command", "when")


def test_unknown_trigger(folder):
    line = _edit(folder, "heroes.yaml", "when: enemy_moves", "when: enemy_sneezes", anchor="id: venger_overwatch")
    error = _only_error(folder)
    assert (error.line, error.card, error.field) == (line, "venger_overwatch", "when")


def test_utility_needs_a_phase(folder):
    _edit(folder, "heroes.yaml", "        phase: ready\n", "", anchor="id: grave_fume_mask")
    error = _only_error(folder)
    line = _line_of(folder, "heroes.yaml", "id: grave_fume_mask")
    assert (error.line, error.card, error.field) == (line, "grave_fume_mask", "phase")


def test_duplicate_id_across_files(folder):
    line = _edit(folder, "basic.yaml", "id: basic_intel", "id: astra_split_shot")
    error = _only_error(folder)
    assert (Path(error.file).name, error.line, error.card, error.field) == ("basic.yaml", line, "astra_split_shot", "id")
    assert "heroes.yaml" in error.message


def test_that_is_unbound_outside_a_reaction(folder):
    """`that` is bound only by a reaction trigger; Guttersnare is an action card."""
    line = _edit(folder, "heroes.yaml", "deal_damage: {target: prey", "deal_damage: {target: that",
                 anchor="id: mauler_guttersnare")
    error = _only_error(folder)
    assert (error.line, error.card, error.field) == (line, "mauler_guttersnare", "target")


def test_self_is_unbound_in_a_basic_card(folder):
    """Basic cards have no hero (heroes-content.md, "Basic card"), so `self` means nothing there."""
    line = _edit(folder, "basic.yaml", "move_hero: {target: ally", "move_hero: {target: self")
    error = _only_error(folder)
    assert (error.line, error.card, error.field) == (line, "basic_reposition", "target")


def test_a_location_name_cannot_be_a_target(folder):
    line = _edit(folder, "locations.yaml", "move_hero: {target: self, to: dest}", "move_hero: {target: dest, to: dest}")
    error = _only_error(folder)
    assert (error.line, error.card, error.field) == (line, "rail_yard", "target")
    assert "location" in error.message


def test_names_bound_inside_a_branch_stay_inside(folder):
    """Nested steps see outer names, but a name bound in `else` is not visible after the `if`."""
    anchor = "id: kosi_counterstrike"
    _edit(folder, "heroes.yaml", "                - move_hero: {target: self, to: spot}\n",
          "                - move_hero: {target: self, to: spot}\n"
          "          - move_hero: {target: self, to: spot}\n", anchor=anchor)
    error = _only_error(folder)
    line = _line_of(folder, "heroes.yaml", "          - move_hero: {target: self, to: spot}\n", anchor=anchor) + 1
    assert (error.line, error.card, error.field) == (line, "kosi_counterstrike", "to")


def test_choose_one_needs_options(folder):
    anchor = "id: ronin_lotus_blade"
    text = (folder / "heroes.yaml").read_text(encoding="utf-8")
    start = text.index("              options:\n", text.index(anchor))
    end = text.index("      - id: ronin_twin_edge")
    (folder / "heroes.yaml").write_text(text[:start] + "              options: []\n" + text[end:], encoding="utf-8")
    error = _only_error(folder)
    line = _line_of(folder, "heroes.yaml", "options: []")
    assert (error.line, error.card, error.field) == (line, "ronin_lotus_blade", "options")


def test_choose_one_options_are_checked_like_steps(folder):
    line = _edit(folder, "heroes.yaml", "condition: {target: mark, kind: powerlock}",
                 "condition: {target: mark, kind: frozen}", anchor="label: Powerlock it")
    error = _only_error(folder)
    assert (error.line, error.card, error.field) == (line, "ronin_lotus_blade", "kind")


def test_passive_only_on_passive_locations(folder):
    line = _edit(folder, "locations.yaml", "    kind: score\n    effect:\n",
                 "    kind: score\n    passive:\n      ko_bonus: 1\n    effect:\n", anchor="id: supply_depot")
    error = _only_error(folder)
    assert (Path(error.file).name, error.line, error.card, error.field) == ("locations.yaml", line + 1, "supply_depot", "passive")


def test_action_location_needs_an_effect(folder):
    _edit(folder, "locations.yaml", "    effect:\n      - heal: {target: self, amount: 2}\n", "",
          anchor="id: field_hospital")
    error = _only_error(folder)
    line = _line_of(folder, "locations.yaml", "id: field_hospital")
    assert (error.line, error.card, error.field) == (line, "field_hospital", "effect")


def test_exactly_fourteen_locations(folder):
    """Rulebook, Components: 1 Location Deck (14 Cards)."""
    text = (folder / "locations.yaml").read_text(encoding="utf-8")
    start, end = text.index("  - id: market_square"), text.index("  - id: flooded_underpass")
    (folder / "locations.yaml").write_text(text[:start] + text[end:], encoding="utf-8")
    error = _only_error(folder)
    line = _line_of(folder, "locations.yaml", "locations:\n")
    assert (error.line, error.card, error.field) == (line, None, "locations")
    assert "found 13" in error.message


def test_missing_file_is_reported(folder):
    (folder / "basic.yaml").unlink()
    error = _only_error(folder)
    assert error.file == str(folder / "basic.yaml") and "missing" in error.message
