"""A damaged save never crashes the loader: whatever the bytes, it loads or raises SaveError.

The cases the issue names (deep nesting, a number too large, an unknown AI seat, a game that is not
installed) each get the one-line reason the other damaged saves get; hypothesis then feeds random JSON,
random bytes and valid saves with one field replaced.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from toy_game import ToyState

from guardians.ai import RandomPlayer
from guardians.engine import GameConfig
from guardians.engine.saves import SaveError, load_save, save_data


def _save(moves: int = 5) -> dict[str, Any]:
    state = ToyState(GameConfig("toy", 2, ("human", "ai:greedy")), 3)
    player = RandomPlayer(3)
    for _ in range(moves):
        state.apply(player.choose(state))
    return json.loads(json.dumps(save_data(state)))


def _load_text(tmp_path: Path, text: str | bytes) -> SaveError:
    path = tmp_path / "save.json"
    path.write_bytes(text.encode() if isinstance(text, str) else text)
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_save(path)
    assert path.read_bytes() == before
    assert "\n" not in caught.value.reason
    return caught.value


def test_deeply_nested_json_is_damaged(tmp_path: Path) -> None:
    error = _load_text(tmp_path, "[" * 100_000 + "]" * 100_000)
    assert "damaged" in error.reason


def test_deeply_nested_field_is_damaged(tmp_path: Path) -> None:
    data = json.dumps(_save()).replace('"seed":', '"seed":' + "[" * 50_000 + "]" * 50_000 + ',"x":', 1)
    assert "damaged" in _load_text(tmp_path, data).reason


@pytest.mark.parametrize("field", ["seed", "players"])
def test_a_number_too_large_is_damaged(tmp_path: Path, field: str) -> None:
    data = _save()
    target = data["config"] if field == "players" else data
    target[field] = "HUGE"
    error = _load_text(tmp_path, json.dumps(data).replace('"HUGE"', "1e400"))
    assert "damaged" in error.reason


def test_an_integer_with_too_many_digits_is_damaged(tmp_path: Path) -> None:
    data = json.dumps(_save()).replace('"seed":', '"seed":' + "9" * 5000 + ',"x":', 1)
    assert "damaged" in _load_text(tmp_path, data).reason


def test_an_absurd_player_count_is_damaged(tmp_path: Path) -> None:
    data = _save()
    data["config"]["players"] = 10**12
    data["config"]["seats"] = []
    assert "damaged" in _load_text(tmp_path, json.dumps(data)).reason


def test_an_unknown_ai_seat_is_named(tmp_path: Path) -> None:
    data = _save()
    data["config"]["seats"][1] = "ai:genius"
    error = _load_text(tmp_path, json.dumps(data))
    assert "'ai:genius'" in error.reason and "Player 2" in error.reason


def test_a_game_that_is_not_installed_is_named(tmp_path: Path) -> None:
    data = _save()
    data["game"] = data["config"]["game"] = "chess"
    error = _load_text(tmp_path, json.dumps(data))
    assert "'chess'" in error.reason and "does not have" in error.reason


# ----- random input: only SaveError ever comes out -----------------------------------------------

# Values a broken or hand-edited save holds: besides any JSON, numbers past every limit and words
# close to real ones.
NASTY = st.sampled_from([float("inf"), float("-inf"), float("nan"), 1e308, 10**400, -(2**63), 0, -1, 2, 10**12,
                         "", "toy", "human", "ai:greedy", "ai:nobody", "play", "pass", [], {}])
JSON = st.recursive(
    NASTY | st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=12),
    lambda inner: st.lists(inner, max_size=5) | st.dictionaries(st.text(max_size=8), inner, max_size=5),
    max_leaves=25,
)
FIELDS = ["format", "version", "app_version", "game", "content_hash", "config", "seed", "actions", "digest"]
CONFIG_FIELDS = ["game", "players", "seats", "variant", "options"]
FUZZ = settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])


def _only_save_errors(path: Path, raw: bytes) -> None:
    path.write_bytes(raw)
    try:
        load_save(path)
    except SaveError as exc:
        assert exc.path == path and exc.reason and "\n" not in exc.reason
    assert path.read_bytes() == raw


@FUZZ
@given(raw=st.binary(max_size=300))
def test_random_bytes_raise_only_save_error(tmp_path: Path, raw: bytes) -> None:
    _only_save_errors(tmp_path / "bytes.json", raw)


@FUZZ
@given(value=JSON)
def test_random_json_raises_only_save_error(tmp_path: Path, value: Any) -> None:
    _only_save_errors(tmp_path / "json.json", json.dumps(value).encode())


@FUZZ
@given(field=st.sampled_from(FIELDS), value=JSON)
def test_a_save_with_one_field_replaced_raises_only_save_error(tmp_path: Path, field: str, value: Any) -> None:
    data = _save()
    data[field] = value
    _only_save_errors(tmp_path / "field.json", json.dumps(data).encode())


@FUZZ
@given(field=st.sampled_from(CONFIG_FIELDS), value=JSON)
def test_a_save_with_one_setting_replaced_raises_only_save_error(tmp_path: Path, field: str, value: Any) -> None:
    data = _save()
    data["config"][field] = value
    _only_save_errors(tmp_path / "config.json", json.dumps(data).encode())


@FUZZ
@given(index=st.integers(0, 9), value=JSON)
def test_a_save_with_one_action_replaced_raises_only_save_error(tmp_path: Path, index: int, value: Any) -> None:
    data = _save(moves=10)
    data["actions"][index] = value
    _only_save_errors(tmp_path / "action.json", json.dumps(data).encode())


@FUZZ
@given(field=st.sampled_from(["seed", "players", "version"]), digits=st.integers(300, 6000),
       depth=st.integers(0, 30_000))
def test_huge_numbers_and_deep_nesting_raise_only_save_error(tmp_path: Path, field: str, digits: int,
                                                             depth: int) -> None:
    data = _save()
    (data["config"] if field == "players" else data)[field] = "HOLE"
    filler = "[" * depth + "9" * digits + "]" * depth
    _only_save_errors(tmp_path / "huge.json", json.dumps(data).replace('"HOLE"', filler).encode())


@FUZZ
@given(cut=st.integers(0, 2000), junk=st.binary(max_size=8))
def test_a_save_cut_short_or_with_junk_raises_only_save_error(tmp_path: Path, cut: int, junk: bytes) -> None:
    raw = json.dumps(_save()).encode()
    _only_save_errors(tmp_path / "cut.json", raw[:cut] + junk)
