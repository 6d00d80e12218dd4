"""Spaces in words (issue #16: "Move to 1,5 (Rock Shelf)" named a place by its coordinates): every option label and
every log line names a space by its area and where in the area it lies, never by coordinates, and the words tell
each space of a base apart (a label is enough to know which space is meant). Presentation only: the digests stay
(tests/engine/test_golden.py)."""

from __future__ import annotations

import re

import pytest

from chronicles.game_helpers import random_decisions, random_game
from guardians.games.chronicles.rules.places import _across, _where

COORDS = re.compile(r"\d+\s*,\s*\d+")
SCENARIOS = ("welcome_to_the_lair", "blackout_broadcast", "the_hostage", "send_in_the_clones", "doomsday_reactor",
             "skarovs_masterstroke")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_space_of_a_base_has_words_of_its_own(scenario: str):
    state = random_game(scenario, 1)
    words = {c: state.place(c) for c in state.base.cells}
    assert len(set(words.values())) == len(words)
    for c, said in words.items():
        assert said.startswith(state.base.area(c).name) and not COORDS.search(said), said


def test_the_words_of_a_row_and_a_column():
    assert _across(0, 1, ("north", "south")) == ""
    assert [_across(i, 2, ("west", "east")) for i in range(2)] == ["west", "east"]
    assert [_across(i, 3, ("west", "east")) for i in range(3)] == ["west", "middle", "east"]
    assert _across(3, 5, ("west", "east")) == "4th from west"
    assert _across(1, 4, ("north", "south"), " row") == "2nd row from north"
    assert _where("north", "west") == "north-west"
    assert _where("middle", "east") == "middle row, east"
    assert _where("2nd row from north", "west") == "2nd row from north, west"
    assert _where("", "east") == "east" and _where("south", "") == "south"


@pytest.mark.parametrize("scenario", ("welcome_to_the_lair", "doomsday_reactor"))
def test_no_option_nor_log_line_names_a_space_by_its_coordinates(scenario: str):
    seen = 0
    for seed in range(3):
        state = random_game(scenario, seed)
        for decision in random_decisions(state, seed, 500):
            assert not COORDS.search(decision.prompt), decision.prompt
            for option in decision.options:
                assert not COORDS.search(option.label), option.label
                seen += any(r.startswith("cell:") for r in option.refs)
            labels = [o.label for o in decision.options]
            assert len(set(labels)) == len(labels), labels
        for event in state.log:                     # a line about a space (dice faces are lists of numbers)
            if any(r.startswith("cell:") for r in event.refs):
                assert not COORDS.search(event.text), event.text
                seen += 1
    assert seen > 100


DOOR_ID = re.compile(r"\bd\d+\b")


@pytest.mark.parametrize("scenario", SCENARIOS)
def test_each_door_of_a_base_has_words_of_its_own(scenario: str):
    """A door or airlock is named by the two areas it joins (the spaces in front of it when two of a kind join the
    same areas), never by its id: the words tell every door of a base apart."""
    state = random_game(scenario, 1)
    words = {d.id: state.door_name(d.id) for d in state.base.doors}
    assert len(set(words.values())) == len(words)
    for door in state.base.doors:
        said = words[door.id]
        assert said.startswith(f"{door.kind} between ") and not DOOR_ID.search(said), said
        for c in door.cells:
            assert state.base.area(c).name in said


@pytest.mark.parametrize("scenario", ("welcome_to_the_lair", "doomsday_reactor"))
def test_no_option_nor_log_line_names_a_door_by_its_id(scenario: str):
    """Opening, closing and trying a door say which one in words, in the options and in the log (before: "tries
    door d1")."""
    seen = 0
    for seed in range(4):
        state = random_game(scenario, seed)
        for decision in random_decisions(state, seed, 600):
            for option in decision.options:
                if any(r.startswith("door:") for r in option.refs):
                    assert not DOOR_ID.search(option.label) and " between " in option.label, option.label
                    seen += 1
        for event in state.log:
            if any(r.startswith("door:") for r in event.refs) or "door" in event.text or "airlock" in event.text:
                assert not DOOR_ID.search(event.text), event.text
                seen += 1
    assert seen > 20
