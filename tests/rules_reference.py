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
