"""The shipped tiles load and keep the rulebook's facts; broken tiles files are rejected with file, line, face
and field.

Rulebook: 004_fe7a1a573f931c0d.txt (L69 "9 double sided tiles", L91-L93 the tile roles of a base, L109-L111
reinforcement spaces, L139 green start spaces, L518 lights). Format: docs/rules-notes/chronicles-content.md.
"""

from __future__ import annotations

import shutil
from collections import Counter
from pathlib import Path

import pytest

from guardians.engine.content import ContentErrors
from guardians.engine.paths import cards_dir
from guardians.games.chronicles import cards
from guardians.games.chronicles.rules.geometry import SOCKETS

from .helpers import BROKEN, FIXTURES


@pytest.fixture(scope="module")
def content() -> cards.ChroniclesContent:
    return cards.load_content()


# ----- the shipped faces ----------------------------------------------------------------------

def test_shipped_tiles_validate_without_errors():
    assert cards.validate() == []


def test_eighteen_faces_on_nine_tiles(content):
    """L69 "9 double sided tiles": 18 faces, each tile's two faces named by the tile and nowhere else."""
    assert len(content.tiles) == 9 and len(content.faces) == 18
    seen = [f for tile in content.tiles.values() for f in tile.faces]
    assert sorted(seen) == sorted(content.faces)
    for tile in content.tiles.values():
        assert all(content.faces[f].tile == tile.id for f in tile.faces)


def test_roles_of_the_box(content):
    """L91-L93: a Difficult base takes the Entrance, the Control Room, 2 Objectives and 5 Traps, so the box has
    one Entrance tile, one Control Room tile and seven tiles with an Objective side and a Trap side."""
    pairs = Counter(tuple(sorted(content.faces[f].role for f in t.faces)) for t in content.tiles.values())
    assert pairs == {("entrance", "entrance"): 1, ("control", "control"): 1, ("objective", "trap"): 7}


def test_every_face_has_its_role_marks(content):
    """L139 the heroes "start the game in the green spaces of the Entry tile" (4 heroes at most, L59); L518 lights
    on the Control Room; L109-L111 one reinforcement space per hero count elsewhere."""
    for face in content.faces.values():
        kinds = Counter(m.kind for m in face.marks)
        if face.role == "entrance":
            assert kinds["start"] == 4 and kinds["reinforcement"] == 0, face.id
        elif face.role == "control":
            assert sorted(m.number for m in face.marks if m.kind == "light") == list(range(1, 9)), face.id
            assert kinds["reinforcement"] == 0, face.id
        else:
            assert sorted(m.heroes for m in face.marks if m.kind == "reinforcement") == [1, 2, 3, 4], face.id
            assert kinds["check"] >= 1, f"{face.id}: an objective or trap needs an orange space (L460)"


def test_sockets_are_spaces_and_areas_are_named(content):
    for face in content.faces.values():
        for x, y in SOCKETS.values():
            assert face.letter(x, y) is not None, face.id
        letters = {ch for row in face.grid for ch in row if ch != "#"}
        assert letters == set(face.areas), face.id
        assert all(face.letter(*m.at) for m in face.marks if m.kind not in ("scenery", "anchor")), face.id


def test_names_and_texts_are_filled(content):
    names = [f.name for f in content.faces.values()]
    assert len(set(names)) == 18
    assert all(len(f.text) > 40 for f in content.faces.values())


def test_content_hash_is_stable_and_tracks_the_files(tmp_path):
    folder = tmp_path / "chronicles"
    shutil.copytree(cards_dir("chronicles"), folder)
    assert cards.content_hash(folder) == cards.content_hash()
    path = folder / "tiles.yaml"
    path.write_text(path.read_text(encoding="utf-8").replace("Cave Mouth", "Cave Entrance", 1), encoding="utf-8")
    assert cards.content_hash(folder) != cards.content_hash()
    assert cards.validate(folder) == []


def test_load_content_is_cached_for_the_default_folder(content):
    assert cards.load_content() is content


def test_fixture_faces_load():
    tiles = cards.load_tiles(FIXTURES)
    assert {"fx_row", "fx_los", "fx_door_l", "fx_door_r", "fx_reinf", "fx_control"} <= set(tiles.faces)


# ----- the box's make-up --------------------------------------------------------------------------

def test_a_box_with_a_tile_missing_is_rejected(tmp_path):
    folder = tmp_path / "chronicles"
    shutil.copytree(cards_dir("chronicles"), folder)
    path = folder / "tiles.yaml"
    text = path.read_text(encoding="utf-8")
    start, end = text.index("  - id: t9\n"), len(text)
    path.write_text(text[:start] + text[end:], encoding="utf-8")
    errors = cards.validate(folder)
    messages = [e.message for e in errors]
    assert "the box holds 9 tiles, found 8" in messages
    assert "the box holds 7 objective+trap tiles, found 6" in messages
    assert all(e.file == str(path) and e.field == "tiles" and e.line == 9 for e in errors)
    with pytest.raises(ContentErrors):
        cards.load_content(folder)


def test_a_missing_tiles_file_is_reported(tmp_path):
    errors = cards.validate(tmp_path)
    assert len(errors) == 1 and errors[0].message == "missing content file"


# ----- one broken file per kind of error ------------------------------------------------------------

BROKEN_CASES = [
    # file, face (or tile) named, field, words of the message
    ("grid_row.yaml", "b_objective", "grid", "row 2 must be a string of 5 characters"),
    ("grid_char.yaml", "b_objective", "grid", "each cell is an area letter A-Z or '#'"),
    ("area_split.yaml", "b_objective", "grid", "area A is not 4-connected"),
    ("area_small.yaml", "b_objective", "grid", "area C has 1 space; an area has at least 2"),
    ("socket_solid.yaml", "b_trap", "grid", "the E socket (4, 2) must be a space"),
    ("area_unnamed.yaml", "b_objective", "areas", "area B is in the grid but has no name"),
    ("wall_border.yaml", "b_objective", "walls", "wall [0, 0, N] is on the tile's border"),
    ("wall_twice.yaml", "b_objective", "walls", "wall [0, 2, N] is listed twice"),
    ("face_apart.yaml", "b_objective", "walls", "the face falls apart"),
    ("mark_solid.yaml", "b_objective", "marks.at", "reinforcement mark at [0, 0] is on a solid cell"),
    ("mark_outside.yaml", "b_trap", "marks.at", "inside the face (0..4), got [5, 0]"),
    ("start_count.yaml", "b_entrance", "marks", "exactly 4 start marks, found 3"),
    ("lights.yaml", "b_control", "marks", "lights numbered 1..8 once each"),
    ("reinforcement.yaml", "b_objective", "marks", "one reinforcement mark for each of 1..4 heroes, found [1, 2, 4]"),
    ("unknown_key.yaml", "b_objective", "colour", "unknown field"),
    ("mark_unknown_key.yaml", "b_objective", "heros", "unknown field"),
    ("mark_kind.yaml", "b_trap", "marks.kind", "mark kind 'teleporter' is not one of"),
    ("mark_role.yaml", "b_trap", "marks.kind", "a trap face has no start marks"),
    ("tile_three_faces.yaml", "bt", "faces", "a tile has exactly two faces, found 3"),
    ("tile_roles.yaml", "bt", "faces", "found objective+objective"),
    ("duplicate_id.yaml", "b_objective", "id", "duplicate id"),
]


def _marked_line(path: Path) -> int:
    lines = path.read_text(encoding="utf-8").splitlines()
    marked = [i + 1 for i, line in enumerate(lines) if line.rstrip().endswith("# ERROR")]
    assert len(marked) == 1, f"{path.name} marks {len(marked)} lines"
    return marked[0]


def test_every_broken_file_has_a_case():
    assert sorted(p.name for p in BROKEN.glob("*.yaml")) == sorted(c[0] for c in BROKEN_CASES)


@pytest.mark.parametrize("name, face, field, words", BROKEN_CASES, ids=[c[0] for c in BROKEN_CASES])
def test_broken_file_names_file_line_face_and_field(name, face, field, words):
    path = BROKEN / name
    with pytest.raises(ContentErrors) as raised:
        cards.load_tiles(path)
    errors = raised.value.errors
    line = _marked_line(path)
    # one mistake, one report -- except a misspelt key, which is also a missing one
    extra = [e for e in errors if not (e.field == "heroes" and e.message == "missing required field")]
    assert len(extra) == 1, "\n".join(map(str, errors))
    error = extra[0]
    assert (error.file, error.line, error.card, error.field) == (str(path), line, face, field), str(error)
    assert words in error.message
    text = str(error)
    assert text.startswith(f"{path}:{line}:") and f"card {face!r}" in text and f"field {field!r}" in text
