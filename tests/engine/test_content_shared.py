"""The parts of `engine/content.py` every game's loader calls: the step schema read from a step
registry (`step_fields`), checked YAML steps compiled for the rules (`compile_steps`), and a folder's
files and records (`FolderBuild.read_key`, `FolderBuild.checked`) with errors naming file, line, card and
field."""

from __future__ import annotations

from pathlib import Path

from content_helpers import assert_plain

from guardians.engine.content import Checker, Field, FolderBuild, compile_steps, load_yaml, step_fields
from guardians.engine.flow import StepRegistry

STEPS = StepRegistry("test")


@STEPS.step("draw", params={"amount": Field("amount", int, minimum=1)}, value=lambda *_: 1.0)
def _draw(state, frame, p):
    return None


@STEPS.step("pass", params={}, value=lambda *_: 0.0)
def _pass(state, frame, p):
    return None


def _yaml(tmp_path: Path, text: str, name: str = "x.yaml"):
    path = tmp_path / name
    path.write_text(text, encoding="utf-8")
    return load_yaml(path)


def test_step_fields_reads_the_registry_params():
    assert step_fields(STEPS) == {"draw": [Field("amount", int, minimum=1)], "pass": []}
    assert step_fields(STEPS, ["pass"]) == {"pass": []}


def test_compile_steps_makes_plain_tuples_and_compiles_nested_lists(tmp_path):
    raw = _yaml(tmp_path, """
- draw: {amount: 2}
- if:
    test: {tags: [a, b]}
    then: [{draw: {amount: 1}}]
    else: [{pass: }]
- choose_one:
    options: [{label: One, steps: [{draw: {amount: 1}}]}]
""")
    options = lambda value: tuple((o["label"], compile_steps(o["steps"])) for o in value)  # noqa: E731
    steps = compile_steps(raw, ("then", "else"), {"options": options})
    assert steps == (("draw", {"amount": 2}),
                     ("if", {"test": {"tags": ("a", "b")}, "then": (("draw", {"amount": 1}),),
                             "else": (("pass", {}),)}),
                     ("choose_one", {"options": (("One", (("draw", {"amount": 1}),)),)}))
    assert_plain(steps)
    assert compile_steps(None) == ()
    # a key not named nested stays a plain value, not compiled steps
    assert compile_steps(raw[1:2])[0][1]["then"] == ({"draw": {"amount": 1}},)


class _Build(FolderBuild[list]):
    def run(self) -> list | None:
        read = self.read_key("things.yaml", "things")
        if read is None:
            return None
        display, line, records = read
        checker = Checker(display)
        fields = [Field("id", str), Field("size", int, minimum=1)]
        kept = [rid for rid, _ in self.checked(checker, records, fields, line, strict=True)]
        loose = [rid for rid, _ in FolderBuild(self.root).checked(Checker(display), records, fields, line)]
        self.errors.extend(checker.errors)
        return [kept, loose, line]


def test_read_key_and_checked_name_file_line_card_and_field(tmp_path):
    (tmp_path / "things.yaml").write_text("# things\nthings:\n  - {id: a, size: 1}\n  - {id: b, size: 0}\n"
                                          "  - just words\n  - {id: a, size: 2}\n  - {id: Bad, size: 3}\n")
    content, errors = _Build.check(tmp_path)
    kept, loose, line = content
    assert line == 2
    assert kept == ["a", "a", "Bad"]                 # b's size is below its minimum: strict leaves it out
    assert loose == ["a", "b", "a", "Bad"]           # not strict: every mapping
    words = [e.words() for e in errors]
    assert any("line 4, card 'b', field 'size'" in w and "below the minimum" in w for w in words), words
    assert any("line 2" in w and "expected a mapping" in w for w in words), words
    assert any("line 6, card 'a', field 'id'" in w and "duplicate id" in w for w in words), words
    assert any("line 7, card 'Bad', field 'id'" in w and "lower_snake_case" in w for w in words), words


def test_read_key_reports_a_missing_file_and_a_wrong_shape(tmp_path):
    content, [missing] = _Build.check(tmp_path)
    assert content is None and missing.message == "missing content file"
    (tmp_path / "things.yaml").write_text("stuff: []\n")
    content, [wrong] = _Build.check(tmp_path)
    assert content is None and wrong.field == "things" and "one key 'things'" in wrong.message
