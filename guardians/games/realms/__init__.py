"""realms — Guardians: the Mid Realms, the 1995 collectible card game (FPG).

Spec: ../shared/specs/realms.md. Rulebook: ../shared/seeds/001_7eb27caf5825ab9d.txt. Content:
cards/realms/*.yaml and cards/realms/decks/*.yaml; contract: docs/rules-notes/realms-content.md.

Only the content exists so far (cards, loader, decks), no rules: the game is therefore not in
`engine/registry.py: GAME_MODULES` (that would put it in the menu and the UI tests) but in
`CONTENT_ONLY`, which `guardians cards validate` also checks. The entry points import `cards` only
when called.
"""

from __future__ import annotations

from typing import Any


def validate_content() -> list:
    """Every content error of cards/realms/ ([] when valid)."""
    from guardians.games.realms.cards import validate

    return validate()


def content_hash() -> str:
    from guardians.games.realms.cards import content_hash as _hash

    return _hash()


def content_report() -> list[str]:
    """Per-set progress lines (cards, playable, texted) for `guardians cards validate`."""
    from guardians.games.realms.cards import content_report as _report

    return _report()


def load_content() -> Any:
    from guardians.games.realms.cards import load_content as _load

    return _load()
