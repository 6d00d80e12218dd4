"""Counts in a player's words, shared by every game's rules and scenes: "1 card", "3 cards", "2 successes"."""

from __future__ import annotations


def counted(n: int, noun: str, plural: str | None = None) -> str:
    """`n` and its noun, singular only for exactly one ("0 cards"); `plural` where adding "s" is wrong."""
    return f"{n} {noun if n == 1 else plural or noun + 's'}"
