"""Helpers for the tests of the in-app rules reference (guardians/games/<id>/rules_summary.md): its sections,
its "Ruling:" paragraphs, the rulings listed in docs/rules-notes/<id>.md, and the rulebooks and specs in
../shared it must not copy from.

A game's rulings are pinned by a table in its tests (tests/<id>/test_rules_summary.py):
    key phrase of the ruling in the rules notes -> (rules reference heading, words its Ruling paragraph says)
so that a ruling added to the notes without its paragraph, or a paragraph without its ruling, fails.
"""

from __future__ import annotations

import re
from pathlib import Path

import guardians.games

REPO = Path(__file__).resolve().parents[1]
SHARED = REPO.parent / "shared"         # ../shared, beside the repository (CI puts it there)
NOTES = REPO / "docs" / "rules-notes"


def summary_path(game_id: str) -> Path:
    return Path(guardians.games.__file__).parent / game_id / "rules_summary.md"


def summary_text(game_id: str) -> str:
    return summary_path(game_id).read_text(encoding="utf-8")


def summary_sections(text: str) -> dict[str, str]:
    """Heading line -> the text under it, up to the next heading (of any level)."""
    sections: dict[str, str] = {}
    heading = ""
    for line in text.splitlines():
        if line.startswith("#"):
            heading = line.strip()
            sections[heading] = ""
        else:
            sections[heading] = sections.get(heading, "") + line + "\n"
    return sections


def ruling_paragraphs(text: str) -> list[str]:
    return [line for line in text.splitlines() if line.startswith("**Ruling:**")]


def note_bullets(game_id: str, skip_sections: tuple[str, ...] = ()) -> list[tuple[str, str]]:
    """The rulings of docs/rules-notes/<id>.md: every top-level bullet (with its indented continuation lines and
    sub-bullets) as (its `## ` section, its text), leaving out the sections named in `skip_sections`."""
    bullets: list[tuple[str, str]] = []
    section = ""
    current: list[str] | None = None

    def close() -> None:
        nonlocal current
        if current is not None and section not in skip_sections:
            bullets.append((section, " ".join(current)))
        current = None

    for line in (NOTES / f"{game_id}.md").read_text(encoding="utf-8").splitlines():
        if line.startswith("## "):
            close()
            section = line[3:].strip()
        elif line.startswith("#"):
            close()
        elif line.startswith("- "):
            close()
            current = [line[2:].strip()]
        elif current is not None and line.startswith(" ") and line.strip():
            current.append(line.strip())
        elif not line.strip() or not line.startswith(" "):
            close()
    close()
    return bullets


def words(text: str) -> list[str]:
    return re.findall(r"[a-z0-9]+", text.lower())


def shared_runs(text: str, source: str, n: int = 12) -> list[str]:
    """Every run of `n` consecutive words `text` shares with `source` (case and punctuation ignored)."""
    mine = words(text)
    theirs = words(source)
    grams = {tuple(theirs[i:i + n]) for i in range(len(theirs) - n + 1)}
    return sorted({" ".join(mine[i:i + n]) for i in range(len(mine) - n + 1) if tuple(mine[i:i + n]) in grams})


def sources() -> list[Path]:
    """The rulebooks and player summaries (../shared/seeds) and the specs (../shared/specs)."""
    return sorted((SHARED / "seeds").glob("*.txt")) + sorted((SHARED / "specs").glob("*.md"))


Rulings = dict[str, tuple[str, tuple[str, ...]]]


def check_rulings_pinned(game_id: str, rulings: Rulings, minimum: int, skip_sections: tuple[str, ...] = ()) -> None:
    """Each ruling bullet of the notes holds exactly one key of `rulings`, and each key names one bullet."""
    bullets = note_bullets(game_id, skip_sections)
    assert len(bullets) >= minimum
    for section, text in bullets:
        keys = [key for key in rulings if key in text]
        assert len(keys) == 1, (section, text[:80], keys)
    for key in rulings:
        assert sum(key in text for _, text in bullets) == 1, key


def check_ruling_shown(game_id: str, rulings: Rulings, key: str) -> None:
    """The ruling `key` has a **Ruling:** paragraph, saying its words, under the heading its rule is in."""
    heading, said = rulings[key]
    sections = summary_sections(summary_text(game_id))
    assert heading in sections, heading
    paragraphs = ruling_paragraphs(sections[heading])
    assert any(all(w in p for w in said) for p in paragraphs), (key, paragraphs)


def check_no_stray_rulings(game_id: str, rulings: Rulings) -> None:
    """Every **Ruling:** paragraph of the summary is one of the notes' rulings."""
    shown = ruling_paragraphs(summary_text(game_id))
    matched = [p for p in shown if any(all(w in p for w in said) for _, said in rulings.values())]
    assert len(shown) == len(rulings) and matched == shown
