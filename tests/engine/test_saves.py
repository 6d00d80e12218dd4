"""Saves and replays (DESIGN.md, "Saves, replays, bad input"): a damaged save is reported, never touched."""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, Callable

import pytest
from toy_game import ToyState, make_module

from guardians.ai import RandomPlayer
from guardians.engine import GameConfig
from guardians.engine import registry
from guardians.engine.saves import (FORMAT_VERSION, SaveError, autosave, autosave_path, load_save, save_data,
                                    write_atomic, write_save)


def _played(seed: int = 4, moves: int = 7) -> ToyState:
    state = ToyState(GameConfig("toy", 2, ("human", "ai:greedy")), seed)
    player = RandomPlayer(seed)
    for _ in range(moves):
        if state.is_over:
            break
        state.apply(player.choose(state))
    return state


def test_round_trip(tmp_path: Path) -> None:
    state = _played()
    path = tmp_path / "game.json"
    write_save(path, state)
    loaded = load_save(path)
    assert loaded.digest() == state.digest()
    assert loaded.config == state.config
    assert [e.action for e in loaded.history] == [e.action for e in state.history]
    assert [e.action.label for e in loaded.history] == [e.action.label for e in state.history]
    assert loaded.legal_actions() == state.legal_actions()


def test_round_trip_of_a_finished_game(tmp_path: Path) -> None:
    state = _played(moves=500)
    assert state.is_over
    write_save(tmp_path / "done.json", state)
    assert load_save(tmp_path / "done.json").result == state.result


def test_a_list_valued_option_round_trips(tmp_path: Path) -> None:
    """Realms keeps a deck per seat in one option: saved as a JSON list, loaded back as the same config."""
    config = GameConfig("toy", 2, ("human", "ai:greedy"), options=(("decks", ("knights", "giants")),))
    state = ToyState(config, 3)
    write_save(tmp_path / "decks.json", state)
    loaded = load_save(tmp_path / "decks.json")
    assert loaded.config == config and loaded.config.option("decks") == ("knights", "giants")
    assert GameConfig.from_json(json.loads(json.dumps(config.to_json()))) == config


@pytest.mark.parametrize("value", [[["nested"]], [{"a": 1}], ["x"] * 17])
def test_a_malformed_list_option_is_damage(tmp_path: Path, value: Any) -> None:
    path = tmp_path / "bad.json"
    write_save(path, ToyState(GameConfig("toy", 2), 3))
    data = json.loads(path.read_text())
    data["config"]["options"] = {"decks": value}
    path.write_text(json.dumps(data))
    with pytest.raises(SaveError, match="options are malformed"):
        load_save(path)


def _edit(field: str, value: Any) -> Callable[[dict], dict]:
    def change(data: dict) -> dict:
        data[field] = value
        return data
    return change


def _bad_action(data: dict) -> dict:
    data["actions"][0] = ["play", [99]]
    return data


def _extra_action(data: dict) -> dict:
    data["actions"].append(["fly", []])
    return data


def _wrong_config_game(data: dict) -> dict:
    data["config"]["game"] = "toy-other"
    return data


def _malformed_actions(data: dict) -> dict:
    data["actions"] = 5
    return data


JSON_CASES = [
    ("wrong format marker", _edit("format", "something-else"), "not a Guardians Tabletop save"),
    ("another format version", _edit("version", FORMAT_VERSION + 1), "different version of the save format"),
    ("another game id", _edit("game", "no-such-game"), "game this app does not have"),
    ("actions that don't replay", _bad_action, "actions do not replay"),
    ("an unknown action at the end", _extra_action, "actions do not replay"),
    ("digest mismatch", _edit("digest", "0" * 32), "digest mismatch"),
    ("config for another game", _wrong_config_game, "settings are for 'toy-other'"),
    ("malformed actions", _malformed_actions, "missing or malformed"),
    ("missing seed", lambda d: {k: v for k, v in d.items() if k != "seed"}, "missing or malformed"),
    ("not a mapping", lambda d: [d], "not a Guardians Tabletop save"),
]


@pytest.mark.parametrize("change, message", [(c, m) for _, c, m in JSON_CASES], ids=[n for n, _, _ in JSON_CASES])
def test_damaged_save_is_reported_and_kept(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                          change: Callable[[dict], Any], message: str) -> None:
    monkeypatch.setitem(registry._extra, "toy-other", make_module())   # exists, but is not the save's game
    state = _played()
    data = save_data(state)
    path = tmp_path / "damaged.json"
    path.write_text(json.dumps(change(json.loads(json.dumps(data)))), encoding="utf-8")
    before = path.read_bytes()
    with pytest.raises(SaveError, match=message) as caught:
        load_save(path)
    assert caught.value.path == path
    assert str(path) in str(caught.value)
    assert path.read_bytes() == before


@pytest.mark.parametrize("raw, message", [
    (None, "damaged or truncated"),                  # the real save cut in half
    (b"this is not json at all", "damaged or truncated"),
    (b"\xff\xfe\x00garbage", "damaged or truncated"),
    (b"", "damaged or truncated"),
], ids=["truncated", "not-json", "binary", "empty"])
def test_unreadable_save_is_reported_and_kept(tmp_path: Path, raw: bytes | None, message: str) -> None:
    path = tmp_path / "broken.json"
    write_save(path, _played())
    if raw is None:
        raw = path.read_bytes()[: len(path.read_bytes()) // 2]
    path.write_bytes(raw)
    with pytest.raises(SaveError, match=message):
        load_save(path)
    assert path.read_bytes() == raw


def test_missing_save(tmp_path: Path) -> None:
    with pytest.raises(SaveError, match="cannot be read"):
        load_save(tmp_path / "nowhere.json")
    assert not (tmp_path / "nowhere.json").exists()


def test_write_atomic_leaves_only_the_file(tmp_path: Path) -> None:
    path = tmp_path / "sub" / "save.json"
    write_atomic(path, "first")
    write_atomic(path, "second")
    assert path.read_text() == "second"
    assert sorted(p.name for p in path.parent.iterdir()) == ["save.json"]


@pytest.mark.parametrize("failing", ["fsync", "replace"])
def test_failed_write_keeps_the_old_file(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, failing: str) -> None:
    path = tmp_path / "save.json"
    write_atomic(path, '{"old": true}')

    def boom(*args: Any, **kwargs: Any) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, failing, boom)
    with pytest.raises(OSError):
        write_atomic(path, '{"new": "a much longer text that only got half written"}')
    monkeypatch.undo()
    assert path.read_text() == '{"old": true}'
    assert [p.name for p in tmp_path.iterdir()] == ["save.json"]


def test_failed_write_of_a_new_file_leaves_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def boom(*args: Any, **kwargs: Any) -> None:
        raise KeyboardInterrupt   # even an interrupt mid-write cleans up

    monkeypatch.setattr(os, "fsync", boom)
    with pytest.raises(KeyboardInterrupt):
        write_atomic(tmp_path / "new.json", "text")
    monkeypatch.undo()
    assert list(tmp_path.iterdir()) == []


def test_autosave_goes_to_guardians_home_and_is_removed_when_over(_private_user_dir: Path) -> None:
    state = _played()
    autosave(state)
    assert autosave_path() == _private_user_dir / "autosave.json"
    assert load_save(autosave_path()).digest() == state.digest()
    finished = _played(moves=500)
    autosave(finished)
    assert not autosave_path().exists()
