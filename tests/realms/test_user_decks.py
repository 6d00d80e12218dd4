"""The player's own realms decks (issue #15): YAML files in the user folder's `decks/` (a private
GUARDIANS_HOME per test, tests/conftest.py), listed by the "decks" set-up option next to the
preconstructed ones when they follow the deck rules (RB Intro: at least 55 cards, one Guardian, three
Stronghold cards; RB-GL Stronghold: of one image), a broken or clashing file named and left out, and
played by a new game.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from guardians import cli
from guardians.engine.registry import new_game
from guardians.engine.state import GameConfig
from guardians.games.realms.cards import RealmsContent, load_content
from guardians.games.realms.deck_import import import_dek
from guardians.engine.saves import load_save, write_save
from guardians.games.realms.decks import (KEPT_DECKS_OPTION, content_for_decks, deck_file_name, kept_decks,
                                          read_user_decks, user_deck_dir, write_user_deck)
from guardians.games.realms.options import config_options

DATA = Path(__file__).resolve().parents[1] / "data" / "realms"


@pytest.fixture(scope="module")
def content() -> RealmsContent:
    return load_content()


def _write_mine(content: RealmsContent, deck_id: str = "my_knights", name: str = "My Knights",
                drop: int = 0) -> Path:
    """The Knights theme deck written as the player's, under another id, `drop` draw cards fewer."""
    theme = content.decks["knights_theme"]
    cards = list(theme.cards)
    while drop:
        cid, n = cards[-1]
        take = min(n, drop)
        cards[-1:] = [(cid, n - take)] if n > take else []
        drop -= take
    deck = type(theme)(deck_id, name, theme.guardians, theme.strongholds, tuple(cards))
    return write_user_deck(deck, content.cards)


def test_a_written_deck_is_listed_validated_and_offered(content: RealmsContent, capsys) -> None:
    path = _write_mine(content)
    assert path == user_deck_dir() / "my_knights.yaml"
    assert cli.main(["deck", "validate", str(path)]) == 0
    assert "ok: My Knights (70 cards)" in capsys.readouterr().out
    mine = read_user_decks(content)
    assert list(mine.decks) == ["my_knights"] and not mine.problems
    spec = config_options(2)[0]
    assert "my_knights" in spec.values()
    assert spec.choice("my_knights").label == "My Knights (yours)"
    assert spec.values()[:len(content.decks)] == tuple(content.decks)     # the preconstructed ones first
    assert spec.notes == ()


def test_a_broken_file_is_named_and_skipped(content: RealmsContent) -> None:
    _write_mine(content)
    (user_deck_dir() / "broken.yaml").write_text("deck: [\n", encoding="utf-8")
    (user_deck_dir() / "wrong_shape.yaml").write_text("decks:\n  id: x\n", encoding="utf-8")
    spec = config_options(2)[0]
    assert "my_knights" in spec.values()
    assert len(spec.notes) == 2
    assert "broken.yaml cannot be read" in spec.notes[0]
    assert "wrong_shape.yaml cannot be read" in spec.notes[1] and "'deck'" in spec.notes[1]


def test_a_deck_breaking_a_rule_is_kept_as_a_draft_not_offered(content: RealmsContent) -> None:
    """RB Intro: a draw deck holds at least 55 cards; 54 is a draft the menu does not offer."""
    path = _write_mine(content, drop=16)
    mine = read_user_decks(content)
    assert not mine.decks and list(mine.drafts) == [path]
    assert "54 cards" in mine.problems[0] and "not offered for play" in mine.problems[0]
    assert "my_knights" not in config_options(2)[0].values()


def test_an_id_clashing_with_a_preconstructed_deck_is_refused(content: RealmsContent) -> None:
    _write_mine(content, deck_id="knights_theme", name="Mine")
    mine = read_user_decks(content)
    assert not mine.decks
    assert "knights_theme" in mine.problems[0] and "preconstructed" in mine.problems[0]
    assert config_options(2)[0].values().count("knights_theme") == 1


def test_a_game_plays_a_user_deck(content: RealmsContent) -> None:
    _write_mine(content)
    config = GameConfig("realms", 2, ("ai:random", "ai:random"), options=(("decks", ("my_knights", "pirates_theme")),))
    state = new_game(config, 7)
    assert [seat.deck_name for seat in state.seats] == ["my_knights", "pirates_theme"]
    assert state.content.decks["my_knights"].name == "My Knights"


def test_a_save_keeps_its_own_decks_whatever_happens_to_their_files(content: RealmsContent, tmp_path: Path) -> None:
    """A game is its config, seed and actions: the player's deck goes into the config when the game starts,
    so its save replays to the same position after the deck file is edited, and after it is deleted."""
    path = _write_mine(content)
    config = GameConfig("realms", 2, ("ai:random", "ai:random"), options=(("decks", ("my_knights", "pirates_theme")),))
    state = new_game(config, 11)
    kept = state.config.option(KEPT_DECKS_OPTION)
    assert len(kept) == 1 and "my_knights" in kept[0]
    for _ in range(40):
        if state.is_over:
            break
        state.apply(state.legal_actions()[0])
    save = tmp_path / "game.json"
    write_save(save, state)
    _write_mine(content, drop=5)                    # the deck file edited: five cards fewer
    assert load_save(save).digest() == state.digest()
    path.unlink()                                   # and then deleted
    assert load_save(save).digest() == state.digest()
    assert "my_knights" not in read_user_decks(content).decks


def test_only_preconstructed_decks_keep_nothing_in_the_config(content: RealmsContent) -> None:
    config = GameConfig("realms", 2, ("ai:random", "ai:random"),
                        options=(("decks", ("knights_theme", "pirates_theme")),))
    assert new_game(config, 3).config == config


def test_a_kept_deck_that_breaks_a_rule_is_refused_by_name(content: RealmsContent) -> None:
    body = _write_mine(content, deck_id="short_one", name="Short One", drop=20).read_text(encoding="utf-8")
    with pytest.raises(ValueError, match="the game's own deck 1 \\(Short One\\) cannot be played: the draw deck has"):
        kept_decks((body,), content)
    with pytest.raises(ValueError, match="the game's own deck 1"):
        kept_decks(("deck: [not, a, mapping",), content)


def test_only_preconstructed_decks_keep_the_shipped_content(content: RealmsContent) -> None:
    assert content_for_decks(("knights_theme", "pirates_theme"), content) is None
    assert content_for_decks(None, content) is None
    with pytest.raises(ValueError, match="no playable deck 'nobody_s'"):
        content_for_decks(("nobody_s", "pirates_theme"), content)


def test_an_imported_dek_writes_a_file_that_reads_back(content: RealmsContent) -> None:
    deck = import_dek(DATA / "Pirates_Theme.dek", content.cards, "my_pirates", "My Pirates")
    path = write_user_deck(deck, content.cards)
    again = read_user_decks(content).decks["my_pirates"]
    assert again.guardians == deck.guardians and again.strongholds == deck.strongholds
    assert dict(again.cards) == dict(deck.cards) and path.name == "my_pirates.yaml"


def test_deck_file_names() -> None:
    assert deck_file_name("Fairy Swarm!") == "fairy_swarm"
    assert deck_file_name("55 Knights") == "deck_55_knights"
    assert deck_file_name("!!!") == ""
