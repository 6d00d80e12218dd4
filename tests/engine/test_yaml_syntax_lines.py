"""A YAML syntax error names the line where the mistake is, in plain words (issue #12, item 11).

A missing closing quote makes YAML read on to the next quote, many lines below, and fail there; the
error must point at the line where the quote opened."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest
import yaml

from guardians.engine import content
from guardians.engine.content import ContentErrors, load_yaml
from guardians.engine.paths import cards_dir

HEROES = cards_dir("heroes") / "heroes.yaml"


class _PureLineLoader(yaml.SafeLoader):
    """The loader as it is where PyYAML has no libyaml (other words, other marks)."""


_PureLineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, content._construct_mapping)


@pytest.fixture(autouse=True, params=["libyaml", "pure-python"])
def _parser(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> None:
    if request.param == "pure-python":      # (without libyaml both runs use it)
        monkeypatch.setattr(content, "_LineLoader", _PureLineLoader)


def _broken(tmp_path: Path, line: int, old: str, new: str) -> Path:
    path = tmp_path / "heroes.yaml"
    shutil.copyfile(HEROES, path)
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    assert old in lines[line - 1]
    lines[line - 1] = lines[line - 1].replace(old, new, 1)
    path.write_text("".join(lines), encoding="utf-8")
    return path


def _error(path: Path):
    with pytest.raises(ContentErrors) as caught:
        load_yaml(path)
    [error] = caught.value.errors
    return error


def test_a_missing_closing_quote_is_reported_where_the_quote_opened(tmp_path: Path) -> None:
    path = _broken(tmp_path, 12, 'range 2."', "range 2.")
    error = _error(path)
    assert error.line == 12
    assert "quote" in error.message and "not closed" in error.message
    assert "block end" not in error.message.split("(")[0]       # plain words first


def test_a_quote_left_open_to_the_end_of_the_file(tmp_path: Path) -> None:
    path = tmp_path / "cards.yaml"
    path.write_text('cards:\n  - id: a\n    name: "Alpha\n    text: plain\n  - id: b\n    name: Beta\n')
    error = _error(path)
    assert error.line == 3 and "quote" in error.message and "not closed" in error.message


def test_a_missing_single_quote(tmp_path: Path) -> None:
    path = _broken(tmp_path, 5, "name: Astra", "name: 'Astra")
    error = _error(path)
    assert error.line == 5 and "quote" in error.message


def test_a_colon_in_plain_text_is_explained(tmp_path: Path) -> None:
    path = _broken(tmp_path, 9, "profile: A hired marksman", "profile: A hired: marksman")
    error = _error(path)
    assert error.line == 9 and "quotes" in error.message
    assert "mapping values are not allowed" in error.message     # YAML's own words stay, after ours


def test_bad_indentation_is_explained(tmp_path: Path) -> None:
    path = _broken(tmp_path, 7, "    life: 7", "   life: 7")
    error = _error(path)
    assert error.line == 7 and "indent" in error.message


def test_a_tab_is_explained(tmp_path: Path) -> None:
    path = _broken(tmp_path, 7, "    life: 7", "\tlife: 7")
    error = _error(path)
    assert error.line == 7 and "tab" in error.message
