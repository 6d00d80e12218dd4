"""The guided first game's tips (issue #18), `cards/<id>/guide.yaml` read by `guardians.engine.guide`: every
game has one that is valid and in our own words, every kind of decision met in seeded games has a tip (so a new
rule cannot arrive untaught), a broken file names file, line and field, and the card loaders and the card-set
hash leave the file out."""

from __future__ import annotations

import importlib
import random
import shutil
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1]))

from rules_reference import shared_runs, sources  # noqa: E402

from guardians.engine.content import GUIDE_FILE  # noqa: E402
from guardians.engine.guide import check_guide, guide_path, load_guide, rules_headings  # noqa: E402
from guardians.engine.paths import cards_dir  # noqa: E402
from guardians.engine.registry import get_game  # noqa: E402
from guardians.engine.state import GameConfig  # noqa: E402

GAMES = ["heroes", "explore", "realms", "chronicles"]
SEEDS = range(1, 6)
MAX_STEPS = 2500         # a random game that runs long is cut: its kinds so far still count


@pytest.mark.parametrize("game_id", GAMES)
def test_the_guide_file_is_valid_and_links_to_real_sections(game_id):
    guide, errors = check_guide(game_id)
    assert errors == [], [e.words() for e in errors]
    assert len(guide.tips) >= 8
    sections = set(rules_headings(game_id))
    assert all(tip.rules in sections for tip in guide.tips.values() if tip.rules), game_id
    assert sum(1 for tip in guide.tips.values() if tip.rules) == len(guide.tips)   # each links somewhere


@pytest.mark.parametrize("game_id", GAMES)
def test_the_tips_are_our_own_words(game_id):
    words = " ".join(tip.say for tip in load_guide(game_id).tips.values())
    for source in sources():
        text = source.read_text(encoding="utf-8", errors="replace")
        assert not shared_runs(words, text, 10), (source.name, shared_runs(words, text, 10)[:2])


def decision_keys(game_id: str) -> set[tuple[object, str]]:
    """(phase, decision kind) of every decision met in random seeded games, over the variants and counts."""
    info = get_game(game_id).INFO
    met: set[tuple[object, str]] = set()
    for seed in SEEDS:
        for variant in info.variants:
            counts = info.allowed_counts()
            players = counts[seed % len(counts)]
            try:
                state = get_game(game_id).new_game(GameConfig(game_id, players, ("ai:random",) * players, variant),
                                                   seed)
            except ValueError:          # a variant for fewer players (heroes' First Game is for two)
                state = get_game(game_id).new_game(GameConfig(game_id, counts[0], ("ai:random",) * counts[0],
                                                              variant), seed)
            rng = random.Random(seed)
            for _ in range(MAX_STEPS):
                if state.is_over:
                    break
                decision = state.decision
                met.add((getattr(state, "phase", None), decision.kind))
                state.apply(rng.choice(decision.options))
    return met


@pytest.mark.parametrize("game_id", GAMES)
def test_every_kind_of_decision_met_in_seeded_games_has_a_tip(game_id):
    guide = load_guide(game_id)
    met = decision_keys(game_id)
    assert len({kind for _, kind in met}) >= 5, met           # the games did go somewhere
    untaught = sorted((str(phase), kind) for phase, kind in met if guide.tip_for(phase, kind) is None)
    assert not untaught, f"decisions without a tip in {guide_path(game_id)}: {untaught}"


def test_a_phase_tip_comes_before_the_kinds_own():
    guide = load_guide("explore")
    assert guide.key_for("battle", "main") == "battle/main"
    assert guide.key_for("powerup", "main") == "powerup/main"
    assert guide.key_for("battle", "target") == "target"        # no phase tip: the kind's
    assert guide.key_for("battle", "no_such_kind") is None


def copy_cards(game_id: str, tmp_path: Path) -> Path:
    root = tmp_path / game_id
    shutil.copytree(cards_dir(game_id), root)
    return root


def test_a_broken_guide_names_file_line_and_field(tmp_path):
    root = copy_cards("heroes", tmp_path)
    (root / GUIDE_FILE).write_text(
        "tips:\n"
        "  draft:\n"
        "    say: Pick a hero.\n"
        "  main:\n"
        "    say: Act.\n"
        "    rules: No Such Section\n"
        "  target:\n"
        "    sya: typo\n"
        "  Bad Key:\n"
        "    say: x\n", encoding="utf-8")
    guide, errors = check_guide("heroes", root)
    found = {(e.line, e.card, e.field) for e in errors}
    assert (6, "main", "rules") in found                 # a link to a section that is not there
    assert (8, "target", "sya") in found                 # an unknown field
    assert (7, "target", "say") in found or (8, "target", "say") in found     # and its words missing
    assert any(e.card == "Bad Key" and e.line == 9 for e in errors)
    assert all(e.file.endswith("guide.yaml") for e in errors)
    assert "guide.yaml, line 6" in next(e for e in errors if e.field == "rules").words()
    assert set(guide.tips) == {"draft"}                   # the good tip stays, the broken ones are left out


def test_an_unparsable_guide_is_reported_not_raised(tmp_path):
    root = copy_cards("heroes", tmp_path)
    (root / GUIDE_FILE).write_text("tips:\n  draft: [unclosed\n", encoding="utf-8")
    guide, errors = check_guide("heroes", root)
    assert errors and errors[0].file.endswith("guide.yaml") and errors[0].line
    assert guide.tips == {}


@pytest.mark.parametrize("game_id", GAMES)
def test_the_card_loaders_and_the_card_set_hash_leave_the_guide_out(game_id, tmp_path):
    card_set = importlib.import_module(f"guardians.games.{game_id}.cards").CARD_SET
    root = copy_cards(game_id, tmp_path)
    assert (root / GUIDE_FILE).is_file()
    before = card_set.hash(root)
    assert card_set.validate(root) == []                  # the loader accepts a folder with a guide
    (root / GUIDE_FILE).write_text("tips: {}\n# changed words\n", encoding="utf-8")
    assert card_set.hash(root) == before                  # new words do not make saves "cards changed"
    (root / GUIDE_FILE).unlink()
    assert card_set.hash(root) == before and card_set.validate(root) == []
    assert get_game(game_id).content_hash() == card_set.hash()
