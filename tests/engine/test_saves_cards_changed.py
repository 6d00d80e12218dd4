"""A balance patch does not orphan the game in progress (issue #12, item 12).

When the card files changed since a save was written, its moves are replayed under the new cards: if
every one is still legal the save loads (and says the cards changed); if not, the error names the move
(number and label) that no longer fits, and the file is kept. A save that meets broken card files says
the card files are broken, not that the save is."""

from __future__ import annotations

import json
import re
import shutil
from pathlib import Path
from typing import Any, Iterator

import pytest
from toy_game import PatchedToy, register_patched_toy

from guardians.ai import RandomPlayer
from guardians.engine import GameConfig, saves
from guardians.engine.content import ContentError, ContentErrors
from guardians.engine.paths import cards_dir
from guardians.engine.saves import SaveError, load_save, read_header, write_save


@pytest.fixture
def patched_toy(monkeypatch: pytest.MonkeyPatch) -> Any:
    return register_patched_toy(monkeypatch)


def _saved(tmp_path: Path, moves: int = 8) -> tuple[Path, PatchedToy]:
    state = PatchedToy(GameConfig("toy-cards", 2, ("human", "human")), 6)
    player = RandomPlayer(6)
    for _ in range(moves):
        state.apply(player.choose(state))
    path = tmp_path / "save.json"
    write_save(path, state)
    return path, state


def test_a_save_records_the_labels_of_its_moves(tmp_path: Path, patched_toy: Any) -> None:
    path, state = _saved(tmp_path)
    data = json.loads(path.read_text())
    assert data["labels"] == [entry.action.label for entry in state.history]
    assert read_header(path).labels == tuple(data["labels"])


def test_changed_cards_that_every_move_still_fits_load(tmp_path: Path, patched_toy: Any,
                                                       monkeypatch: pytest.MonkeyPatch) -> None:
    path, state = _saved(tmp_path)
    monkeypatch.setattr(patched_toy, "content_hash", lambda: "cards-v2")
    header = read_header(path)
    assert saves.cards_changed(header)
    loaded = saves.verify(header)
    assert [e.action for e in loaded.history] == [e.action for e in state.history]
    assert not saves.cards_changed(read_header(path)) or path.read_text()     # the file itself is untouched


def test_changed_cards_with_a_digest_that_differs_still_load(tmp_path: Path, patched_toy: Any,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """New cards may change the position a move leads to: only the moves' legality is asked."""
    path, _ = _saved(tmp_path)
    data = json.loads(path.read_text())
    data["digest"] = "0" * 32
    path.write_text(json.dumps(data))
    monkeypatch.setattr(patched_toy, "content_hash", lambda: "cards-v2")
    assert load_save(path).history


def test_a_move_that_no_longer_fits_is_named_and_the_file_kept(tmp_path: Path, patched_toy: Any,
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    path, state = _saved(tmp_path)
    number, entry = next((n, e) for n, e in enumerate(state.history, 1) if e.action.kind == "play")
    monkeypatch.setattr(patched_toy, "content_hash", lambda: "cards-v2")
    monkeypatch.setattr(PatchedToy, "BANNED", frozenset({entry.action.args[0]}))
    before = path.read_bytes()
    with pytest.raises(SaveError) as caught:
        load_save(path)
    error = caught.value
    assert error.kind == saves.NO_LONGER_FITS
    assert f"move {number}" in error.reason and repr(entry.action.label) in error.reason
    assert "card" in error.reason and "damaged" not in error.reason
    assert path.read_bytes() == before


def test_the_same_move_under_the_same_cards_is_damage(tmp_path: Path, patched_toy: Any,
                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    path, state = _saved(tmp_path)
    entry = next(e for e in state.history if e.action.kind == "play")
    monkeypatch.setattr(PatchedToy, "BANNED", frozenset({entry.action.args[0]}))
    with pytest.raises(SaveError, match="actions do not replay") as caught:
        load_save(path)
    assert caught.value.kind == saves.DAMAGED


def test_an_old_save_without_labels_names_the_move_by_its_kind(tmp_path: Path, patched_toy: Any,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    path, state = _saved(tmp_path)
    data = json.loads(path.read_text())
    del data["labels"]
    path.write_text(json.dumps(data))
    number, entry = next((n, e) for n, e in enumerate(state.history, 1) if e.action.kind == "play")
    monkeypatch.setattr(patched_toy, "content_hash", lambda: "cards-v2")
    monkeypatch.setattr(PatchedToy, "BANNED", frozenset({entry.action.args[0]}))
    with pytest.raises(SaveError, match=f"move {number} \\(play {entry.action.args[0]}\\)"):
        load_save(path)


@pytest.mark.parametrize("changed", [True, False], ids=["cards-changed", "same-hash"])
def test_broken_card_files_are_the_app_s_problem_not_the_save_s(tmp_path: Path, patched_toy: Any,
                                                               monkeypatch: pytest.MonkeyPatch,
                                                               changed: bool) -> None:
    path, _ = _saved(tmp_path)
    error = ContentError("cards/toy-cards/cards.yaml", 12, "seven", "value", "expected int, got str 'x'")

    def broken(config: GameConfig, seed: int) -> PatchedToy:
        raise ContentErrors([error])

    if changed:
        monkeypatch.setattr(patched_toy, "content_hash", lambda: "cards-v2")
    monkeypatch.setattr(patched_toy, "new_game", broken)
    with pytest.raises(SaveError) as caught:
        load_save(path)
    assert caught.value.kind == saves.APP_BROKEN
    reason = caught.value.reason
    assert "card files" in reason and "line 12" in reason and "damaged" not in reason


# ----- a real card set, copied and patched ---------------------------------------------------------

@pytest.fixture
def heroes_cards(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Iterator[Path]:
    """Heroes reads its cards from a copy for this test."""
    from guardians.games.heroes import cards

    folder = tmp_path / "cards" / "heroes"
    shutil.copytree(cards_dir("heroes"), folder)
    monkeypatch.setattr(cards.CARD_SET, "folder", lambda root=None: Path(root) if root is not None else folder)
    monkeypatch.setattr(cards.CARD_SET, "_default", None)
    monkeypatch.setattr(cards.CARD_SET, "_default_hash", None)
    yield folder


def _patch(card_set: Any, folder: Path, old: str, new: str) -> None:
    path = folder / "heroes.yaml"
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new), encoding="utf-8")
    card_set._default = card_set._default_hash = None       # a new command would read them afresh


def _heroes_save(tmp_path: Path, moves: int) -> tuple[Path, Any]:
    from guardians.engine.registry import new_game

    state = new_game(GameConfig("heroes", 2, ("human", "ai:greedy")), 12)
    player = RandomPlayer(12)
    for _ in range(moves):
        state.apply(player.choose(state))
    path = tmp_path / "heroes-save.json"
    write_save(path, state)
    return path, state


def test_a_heroes_balance_patch_keeps_the_game_in_progress(tmp_path: Path, heroes_cards: Path) -> None:
    from guardians.games.heroes import cards

    path, state = _heroes_save(tmp_path, 6)          # the draft: a hero's attack does not change it
    _patch(cards.CARD_SET, heroes_cards, "    attack: 3\n    life: 7\n", "    attack: 4\n    life: 7\n")
    header = read_header(path)
    assert saves.cards_changed(header)
    assert [e.action for e in saves.verify(header).history] == [e.action for e in state.history]


def test_a_heroes_patch_that_removes_a_picked_hero_names_the_move(tmp_path: Path, heroes_cards: Path) -> None:
    from guardians.games.heroes import cards

    path, state = _heroes_save(tmp_path, 6)
    number, entry = next((n, e) for n, e in enumerate(state.history, 1) if e.action.kind == "draft")
    picked = str(entry.action.args[0])
    for file in heroes_cards.glob("*.yaml"):          # the hero's id changes wherever it is named
        file.write_text(re.sub(rf"\b{picked}\b", f"{picked}_ii", file.read_text(encoding="utf-8")))
    cards.CARD_SET._default = cards.CARD_SET._default_hash = None
    assert cards.CARD_SET.validate() == []
    with pytest.raises(SaveError) as caught:
        load_save(path)
    assert caught.value.kind == saves.NO_LONGER_FITS, caught.value.reason
    assert f"move {number}" in caught.value.reason and repr(entry.action.label) in caught.value.reason
