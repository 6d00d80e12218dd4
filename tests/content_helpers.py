"""Checks every game's content tests share."""

from __future__ import annotations

from typing import Any

from guardians.engine.content import LDict


def assert_plain(value: Any) -> None:
    """`value` holds plain Python values only (dicts, tuples, scalars): never the loader's line-tracking
    LDict nor a list, which the rules would copy or mutate by mistake."""
    assert not isinstance(value, (LDict, list)), value
    if isinstance(value, dict):
        for item in value.values():
            assert_plain(item)
    elif isinstance(value, tuple):
        for item in value:
            assert_plain(item)
