"""Our card texts are our own words: none equals or nearly equals the LackeyCCG data's Effect text.

The data's Effect column is FPG's (or the plugin author's) prose, so `text:` is written afresh with the
same game meaning. The check reads the data where the project keeps it, `../shared/data/realms/lackey/`
(beside the clone, as in CI), so that no copy of that prose lives in this repository.
"""

from __future__ import annotations

import difflib
import re
from pathlib import Path

import pytest

from guardians.games.realms import cards
from guardians.games.realms.cards import RealmsContent
from guardians.games.realms.deck_import import NameIndex

DATA = Path(__file__).resolve().parents[3] / "shared" / "data" / "realms" / "lackey" / "carddata.txt"
if not DATA.exists():                                   # a worktree outside the usual layout
    DATA = Path("/work/shared/data/realms/lackey/carddata.txt")
OFFICIAL = ("RE", "DI", "DN", "NP", "PR")
LIMIT = 0.8     # difflib ratio above which two texts count as the same prose


def _plain(text: str) -> str:
    """Lower case, no punctuation, single spaces: what the similarity is measured on."""
    return " ".join(re.sub(r"[^a-z0-9 ]+", " ", text.lower()).split())


def _effects() -> list[tuple[str, str, str]]:
    """(Name, Set, Effect) of the official rows of the LackeyCCG carddata.txt (26 tab-separated columns)."""
    rows = [line.rstrip("\n").split("\t") for line in DATA.read_text(encoding="utf-8").splitlines()]
    assert rows[0][0] == "Name" and rows[0][1] == "Set" and rows[0][23] == "Effect"
    return [(row[0].strip(), row[1].strip(), row[23]) for row in rows[1:] if row[1].strip() in OFFICIAL]


def similar(a: str, b: str) -> float:
    """difflib's ratio of the two plain texts, with its cheap upper bounds first."""
    x, y = _plain(a), _plain(b)
    if not x or not y:
        return 0.0
    if 2 * min(len(x), len(y)) / (len(x) + len(y)) <= LIMIT:
        return 0.0          # the length difference alone keeps the ratio at or below the limit
    matcher = difflib.SequenceMatcher(None, x, y, autojunk=False)
    if matcher.real_quick_ratio() <= LIMIT or matcher.quick_ratio() <= LIMIT:
        return 0.0
    return matcher.ratio()


@pytest.fixture(scope="module")
def content() -> RealmsContent:
    return cards.load_content()


def test_the_data_copy_holds_the_680_official_rows(content: RealmsContent) -> None:
    rows = _effects()
    assert len(rows) == 680
    index = NameIndex(content.cards)
    assert all(index.resolve(name, set_id) for name, set_id, _ in rows)


def test_no_text_copies_its_own_effect(content: RealmsContent) -> None:
    """Against the card's own row(s) and, for the RE Upgrades whose texts the data rotated, all three."""
    index = NameIndex(content.cards)
    by_card: dict[str, list[str]] = {}
    for name, set_id, effect in _effects():
        cid = index.resolve(name, set_id)
        by_card.setdefault(cid, []).append(effect)
    rotated = [e for cid in ("flame_cannon", "large_idol", "sacrificial_altar") for e in by_card[cid]]
    copies = []
    for card in content.cards.values():
        if card.text is None:
            continue
        originals = by_card.get(card.id, []) + (rotated if card.id in ("flame_cannon", "large_idol",
                                                                         "sacrificial_altar") else [])
        for effect in originals:
            ratio = similar(card.text, effect)
            if _plain(card.text) == _plain(effect) or ratio > LIMIT:
                copies.append(f"{card.id}: {ratio:.2f} {card.text!r} ~ {effect!r}")
    assert copies == []


def test_no_text_copies_any_effect(content: RealmsContent) -> None:
    """Against every Effect of the data: a text may not be another card's prose either."""
    effects = sorted({effect for _, _, effect in _effects() if effect.strip()})
    copies = []
    for card in content.cards.values():
        if card.text is None:
            continue
        for effect in effects:
            if similar(card.text, effect) > LIMIT:
                copies.append(f"{card.id}: {card.text!r} ~ {effect!r}")
    assert copies == []


def test_the_similarity_measure_catches_a_copy() -> None:
    assert similar("Immune to fire.", "Immune to fire") == 1.0
    assert similar("4 pt. AOE fireball!", "4 pt. AOE fireball.") == 1.0
    assert similar("Unaffected by fire.", "Immune to fire.") < LIMIT


def test_texts_are_short_plain_sentences(content: RealmsContent) -> None:
    for card in content.cards.values():
        if card.text is None:
            continue
        assert card.text == card.text.strip() and "  " not in card.text, card.id
        assert card.text[-1] in ".)", card.id
        assert len(card.text) <= 420, card.id
