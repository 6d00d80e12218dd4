"""The YAML loader: the C parser where libyaml exists, with the same safety and line numbers as the
pure-Python one; a card folder is parsed once per command."""

from __future__ import annotations

from pathlib import Path

import pytest
import yaml

from guardians.engine import content
from guardians.engine.content import CardSet, ContentErrors, load_yaml


def test_uses_the_c_parser_when_pyyaml_has_libyaml() -> None:
    if yaml.__with_libyaml__:
        assert issubclass(content._LineLoader, yaml.CSafeLoader)
    assert issubclass(content._LineLoader, (yaml.SafeLoader, getattr(yaml, "CSafeLoader", yaml.SafeLoader)))


def test_key_lines_and_unsafe_tags(tmp_path: Path) -> None:
    good = tmp_path / "good.yaml"
    good.write_text("cards:\n  - id: a\n    name: A\n  - id: b\n    name: B\n")
    data = load_yaml(good)
    assert data["cards"][1].line_of("name") == 5
    bad = tmp_path / "bad.yaml"
    bad.write_text("cards:\n  - !!python/object:os.system {}\n")
    with pytest.raises(ContentErrors, match="unsafe or unknown YAML tag"):
        load_yaml(bad)


def test_default_folder_is_parsed_once(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    calls: list[Path] = []

    def build(root: Path) -> tuple[object, list]:
        calls.append(root)
        return object(), []

    cards = CardSet("heroes", build)
    assert cards.validate() == []
    first = cards.load()
    assert cards.load() is first and cards.validate() == []
    assert len(calls) == 1
    cards.validate(tmp_path)            # another folder is always read afresh
    assert len(calls) == 2
