"""Loading and checking YAML content.

Only PyYAML's safe loader is used (a tag that would build Python objects is an error). Every mapping
remembers the line of each key, so an error can name file, line, card id and field. Card effects are
lists of steps from a closed, per-game vocabulary; an unknown step is an error at load time.
"""

from __future__ import annotations

import hashlib
import re
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Callable, Generic, Iterable, Iterator, Mapping, TypeVar

import yaml


@dataclass
class ContentError(Exception):
    """One problem in one content file."""

    file: str
    line: int | None
    card: str | None
    field: str | None
    message: str

    def __str__(self) -> str:
        where = self.file + (f":{self.line}" if self.line else "")
        what = ""
        if self.card:
            what += f" card {self.card!r}"
        if self.field:
            what += f" field {self.field!r}"
        return f"{where}:{what}: {self.message}" if what else f"{where}: {self.message}"

    def words(self) -> str:
        """The error for a screen: "cards/heroes/heroes.yaml, line 6, card 'astra', field 'attack': ..."."""
        parts = [short_path(self.file)]
        if self.line:
            parts.append(f"line {self.line}")
        if self.card:
            parts.append(f"card {self.card!r}")
        if self.field:
            parts.append(f"field {self.field!r}")
        return f"{', '.join(parts)}: {self.message}"


def short_path(file: str) -> str:
    """A content file's name as a player finds it: from the `cards` folder on when it is in one."""
    parts = Path(file).parts
    for index in range(len(parts) - 1, -1, -1):
        if parts[index] == "cards":
            return "/".join(parts[index:])
    return file


class ContentErrors(Exception):
    """Raised when content is invalid; holds every error found, not just the first."""

    def __init__(self, errors: list[ContentError]) -> None:
        self.errors = errors
        super().__init__("\n".join(str(e) for e in errors))

    def words(self, limit: int = 3) -> str:
        """The errors for a screen, in one paragraph: how many, the first `limit` in words, and where to
        see the rest."""
        count = len(self.errors)
        head = "1 problem" if count == 1 else f"{count} problems"
        shown = "; ".join(error.words() for error in self.errors[:limit])
        more = count - limit
        tail = (f"; and {more} more (`guardians cards validate` lists them all)." if more > 0 else ".")
        return f"{head} in the card files: {shown}{tail}"


class LDict(dict):
    """A YAML mapping that remembers its own line and the line of each key."""

    line: int = 0
    key_lines: dict

    def line_of(self, key: str) -> int:
        return self.key_lines.get(key, self.line)


# The C parser where PyYAML was built with libyaml (several times faster), the pure-Python one otherwise.
# Both are safe loaders: CSafeLoader is the C parser with the same SafeConstructor.
_SafeBase: type = getattr(yaml, "CSafeLoader", yaml.SafeLoader)


class _LineLoader(_SafeBase):  # type: ignore[valid-type, misc]
    pass


def _construct_mapping(loader: _LineLoader, node: yaml.MappingNode) -> LDict:
    loader.flatten_mapping(node)
    mapping = LDict()
    mapping.line = node.start_mark.line + 1
    mapping.key_lines = {}
    for key_node, value_node in node.value:
        key = loader.construct_object(key_node, deep=True)
        if key in mapping:
            raise yaml.constructor.ConstructorError(
                None, None, f"duplicate key {key!r}", key_node.start_mark)
        mapping[key] = loader.construct_object(value_node, deep=True)
        mapping.key_lines[key] = key_node.start_mark.line + 1
    return mapping


_LineLoader.add_constructor(yaml.resolver.BaseResolver.DEFAULT_MAPPING_TAG, _construct_mapping)


def load_yaml(path: Path, display_name: str | None = None) -> Any:
    """Parse one YAML file safely; raise ContentErrors naming file and line on any problem."""
    name = display_name or str(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as exc:
        raise ContentErrors([ContentError(name, None, None, None, f"cannot read: {exc}")]) from exc
    return load_yaml_text(text, name)


def load_yaml_text(text: str, name: str) -> Any:
    """Parse YAML held in memory (a deck kept inside a save, say) as `load_yaml` parses a file, with line
    numbers on its records; ContentErrors names `name` and the line."""
    try:
        return yaml.load(text, Loader=_LineLoader)  # noqa: S506 - _LineLoader is a SafeLoader
    except yaml.MarkedYAMLError as exc:
        line, problem = yaml_problem(text, exc)
        raise ContentErrors([ContentError(name, line, None, None, problem)]) from exc
    except yaml.YAMLError as exc:
        raise ContentErrors([ContentError(name, None, None, None, str(exc))]) from exc


def _unclosed_quote(text: str, problem_line: int) -> tuple[int, str] | None:
    """A quoted text that opens on one line and only ends on `problem_line` (0-based), where the parser
    failed: its line and quote character. A missing closing quote makes YAML read on to the next quote
    in the file, possibly many lines below, and fail just after it."""
    found = None
    try:
        for token in yaml.scan(text, Loader=yaml.SafeLoader):
            if token.start_mark.line > problem_line:
                break
            if (isinstance(token, yaml.ScalarToken) and token.style in ('"', "'")
                    and token.start_mark.line < token.end_mark.line == problem_line):
                found = (token.start_mark.line, token.style)
    except yaml.YAMLError:
        pass
    return found


def _char_at(text: str, mark: Any) -> str:
    lines = text.splitlines()
    if mark is None or not 0 <= mark.line < len(lines) or not 0 <= mark.column < len(lines[mark.line]):
        return ""
    return lines[mark.line][mark.column]


# PyYAML's problems (the pure-Python and the libyaml wording) in plain words.
_PLAIN_WORDS: list[tuple[tuple[str, ...], str]] = [
    (("mapping values are not allowed",),
     "a colon followed by a space (': ') inside a text: put the whole text in quotes"),
    (("tab", "'\\t'"), "a tab character: indent with spaces only"),
    (("expected <block end>", "did not find expected key", "did not find expected '-' indicator"),
     "this line is not indented like the lines around it (or a quote or bracket above it is not closed)"),
    (("undefined alias",), "a '*' starts a value: put that value in quotes"),
    (("unknown escape character",), 'a backslash (\\) inside "double quotes": write it twice or use single quotes'),
]


def yaml_problem(text: str, exc: yaml.MarkedYAMLError) -> tuple[int | None, str]:
    """The line (1-based) where a YAML syntax mistake is, and what it is in plain words followed by
    PyYAML's own. PyYAML reports where it noticed the problem, which for an unclosed quote or bracket
    is below the mistake: those are traced back to the line where the quote or bracket opened."""
    problem = exc.problem or str(exc)
    context = exc.context or ""
    mark = exc.problem_mark or exc.context_mark
    line = mark.line if mark else None
    words = None
    if "could not determine a constructor" in problem:
        return (line + 1 if line is not None else None), f"unsafe or unknown YAML tag is not allowed ({problem})"
    if "quoted scalar" in context and "end of stream" in problem and exc.context_mark is not None:
        line = exc.context_mark.line
        opened = _char_at(text, exc.context_mark) or '"'
        words = f"a quote ({opened}) opened on this line is not closed"
    elif ("flow mapping" in context or "flow sequence" in context) and exc.context_mark is not None:
        opened = _char_at(text, exc.context_mark) or ("{" if "mapping" in context else "[")
        closing = {"{": "}", "[": "]"}.get(opened, "")
        line = exc.context_mark.line
        words = f"a '{opened}' opened on this line is not closed by '{closing}', or a ',' is missing in it"
    elif line is not None and (quote := _unclosed_quote(text, line)) is not None:
        opened_at, char = quote
        words = (f"a quote ({char}) opened on this line is not closed on it: YAML read on to the next {char} "
                 f"on line {line + 1}")
        line = opened_at
    else:
        lowered = problem.lower()
        words = next((plain for needles, plain in _PLAIN_WORDS if any(n in lowered for n in needles)), None)
    message = f"{words} (YAML: {problem})" if words else problem
    return (line + 1 if line is not None else None), message


# A game's guided-first-game tips (guardians/engine/guide.py): words, not rules, so no card loader reads
# it and the card-set hash leaves it out (a new tip does not make saved games "cards changed").
GUIDE_FILE = "guide.yaml"


def content_hash(files: Iterable[Path], root: Path) -> str:
    """A stable hash of a content folder: the relative names and bytes of its files (not the guide)."""
    digest = hashlib.sha256()
    files = [p for p in files if p.relative_to(root).as_posix() != GUIDE_FILE]
    for path in sorted(files, key=lambda p: p.relative_to(root).as_posix()):
        digest.update(path.relative_to(root).as_posix().encode())
        digest.update(b"\0")
        digest.update(path.read_bytes())
        digest.update(b"\0")
    return digest.hexdigest()[:16]


# ----- a small declarative schema --------------------------------------------------------------

@dataclass(frozen=True)
class Field:
    """One field of a content record. `kind` is int, str, bool, list, dict, "steps" or "any"."""

    name: str
    kind: Any
    required: bool = True
    choices: tuple | None = None
    minimum: int | None = None
    maximum: int | None = None


class Checker:
    """Collects errors for one file while records and their fields are checked."""

    def __init__(self, file: str, vocabulary: Mapping[str, Mapping[str, Any]] | None = None) -> None:
        self.file = file
        self.vocabulary = vocabulary or {}
        self.errors: list[ContentError] = []

    def error(self, line: int | None, card: str | None, field: str | None, message: str) -> None:
        self.errors.append(ContentError(self.file, line, card, field, message))

    def record(self, data: Any, fields: Iterable[Field], card: str | None, line: int = 0) -> bool:
        """Check one mapping against its fields; unknown keys are errors too (typos)."""
        if not isinstance(data, dict):
            self.error(line, card, None, f"expected a mapping, got {type(data).__name__}")
            return False
        fields = list(fields)
        known = {f.name for f in fields}
        ok = True
        for key in data:
            if key not in known:
                self.error(line_of(data, key), card, str(key), "unknown field")
                ok = False
        for spec in fields:
            if spec.name not in data:
                if spec.required:
                    self.error(line_of(data), card, spec.name, "missing required field")
                    ok = False
                continue
            ok = self.value(data[spec.name], spec, card, line_of(data, spec.name)) and ok
        return ok

    def value(self, value: Any, spec: Field, card: str | None, line: int) -> bool:
        kind = spec.kind
        if kind == "steps":
            return self.steps(value, card, spec.name, line)
        if kind == "any":
            return True
        type_ok = isinstance(value, kind) and not (kind is int and isinstance(value, bool))
        if not type_ok:
            name = kind.__name__ if isinstance(kind, type) else str(kind)
            self.error(line, card, spec.name, f"expected {name}, got {type(value).__name__} {value!r}")
            return False
        if spec.choices is not None and value not in spec.choices:
            self.error(line, card, spec.name, f"{value!r} is not one of {', '.join(map(str, spec.choices))}")
            return False
        if spec.minimum is not None and isinstance(value, int) and value < spec.minimum:
            self.error(line, card, spec.name, f"{value} is below the minimum {spec.minimum}")
            return False
        if spec.maximum is not None and isinstance(value, int) and value > spec.maximum:
            self.error(line, card, spec.name, f"{value} is above the maximum {spec.maximum}")
            return False
        return True

    def steps(self, steps: Any, card: str | None, field_name: str, line: int) -> bool:
        """Check a list of effect steps: each a one-key mapping `{effect: {param: value}}`."""
        if not isinstance(steps, list):
            self.error(line, card, field_name, "effect steps must be a list")
            return False
        ok = True
        for step in steps:
            step_line = getattr(step, "line", line)
            if not isinstance(step, dict) or len(step) != 1:
                self.error(step_line, card, field_name, "each effect step is a mapping with one effect name")
                ok = False
                continue
            (name, params), = step.items()
            if name not in self.vocabulary:
                self.error(step_line, card, field_name, f"unknown effect {name!r}")
                ok = False
                continue
            schema = self.vocabulary[name]
            params = {} if params is None else params
            if not isinstance(params, dict):
                self.error(step_line, card, f"{field_name}.{name}", "effect parameters must be a mapping")
                ok = False
                continue
            ok = self.record(params, schema, card, step_line) and ok
        return ok


def line_of(data: Any, key: str | None = None) -> int:
    """The line of a YAML mapping, or of one of its keys; 0 for anything that does not remember lines."""
    if isinstance(data, LDict):
        return data.line_of(key) if key is not None else data.line
    return 0


def known_steps(steps: Any, vocabulary: Mapping[str, Any], line: int = 0) -> Iterator[tuple[str, dict, int]]:
    """The well-formed steps of a step list, for a game's own checks after the `Checker`'s: each step that
    is a one-key mapping naming a step of `vocabulary` with a mapping of parameters, as (name, params,
    line). The others are skipped: the Checker reports them."""
    if not isinstance(steps, list):
        return
    for step in steps:
        if not isinstance(step, dict) or len(step) != 1:
            continue
        (name, params), = step.items()
        if name in vocabulary and isinstance(params, dict):
            yield name, params, getattr(step, "line", line)


def opt(name: str, kind: Any, choices: tuple | None = None, minimum: int | None = None,
        maximum: int | None = None) -> Field:
    """An optional field."""
    return Field(name, kind, False, choices, minimum, maximum)


def record_id(data: Any) -> str | None:
    """A record's `id` when it has a usable one (errors name the card by it), else None."""
    value = data.get("id") if isinstance(data, dict) else None
    return value if isinstance(value, str) else None


def plain(value: Any) -> Any:
    """LDict -> dict and list -> tuple, recursively; scalars as they are."""
    if isinstance(value, dict):
        return {k: plain(v) for k, v in value.items()}
    if isinstance(value, list):
        return tuple(plain(v) for v in value)
    return value


Step = tuple[str, dict]     # a compiled effect step: (name, params)


def step_fields(registry: Any, names: Iterable[str] | None = None) -> dict[str, list[Field]]:
    """The schema a `Checker` checks steps against, read from a game's step registry (each step's
    params, declared with its executor): every registered step, or only `names`."""
    return {name: list(registry.params(name).values()) for name in (registry.names() if names is None else names)}


def compile_steps(raw: Any, nested: Iterable[str] = (),
                  special: Mapping[str, Callable[[Any], Any]] | None = None) -> tuple[Step, ...]:
    """Checked YAML steps -> ((name, params), ...) for the rules: parameters made plain (`plain`), the
    step lists under the `nested` keys (then / else, ...) compiled the same way, and a parameter named
    in `special` turned by its own function (a list of labelled options holding steps)."""
    nested = tuple(nested)
    special = special or {}
    out: list[Step] = []
    for step in raw or ():
        (name, params), = step.items()
        converted: dict = {}
        for key, value in (params or {}).items():
            if key in special:
                converted[key] = special[key](value)
            elif key in nested:
                converted[key] = compile_steps(value, nested, special)
            else:
                converted[key] = plain(value)
        out.append((name, converted))
    return tuple(out)


# ----- a game's content folder -------------------------------------------------------------------

T = TypeVar("T")

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")


class FolderBuild(Generic[T]):
    """One pass over a game's content folder: the errors found and the ids seen so far (unique across
    the folder's files). A game subclasses it with `run()`, which reads and checks its files and returns
    the content, or None when there were errors; `check(root)` is what a `CardSet` calls."""

    def __init__(self, root: Path) -> None:
        self.root = root
        self.errors: list[ContentError] = []
        self.ids: dict[str, tuple[str, int]] = {}

    @classmethod
    def check(cls, root: Path) -> tuple[T | None, list[ContentError]]:
        build = cls(root)
        return build.run(), build.errors

    def run(self) -> T | None:
        raise NotImplementedError

    def read(self, name: str) -> tuple[str, Any] | None:
        """One file of the folder parsed: (its name for errors, its data), or None after reporting it
        missing or unparsable."""
        path = self.root / name
        display = str(path)
        if not path.is_file():
            self.errors.append(ContentError(display, None, None, None, "missing content file"))
            return None
        try:
            return display, load_yaml(path, display)
        except ContentErrors as exc:
            self.errors.extend(exc.errors)
            return None

    def read_key(self, name: str, key: str, want: type = list) -> tuple[str, int, Any] | None:
        """One file of the folder that must be a mapping with the one key `key` holding a list (or a
        `want`): (its name for errors, the line of `key`, what `key` holds), or None after reporting it
        missing, unparsable or of another shape."""
        read = self.read(name)
        if read is None:
            return None
        display, data = read
        if not self.unwrap(display, data, key, want):
            return None
        return display, line_of(data, key), data[key]

    def unwrap(self, file: str, data: Any, key: str, want: type = list) -> bool:
        """Is a file's data a mapping with the one key `key` holding a list (or a `want`)? Reported when not."""
        if isinstance(data, dict) and set(data) == {key} and isinstance(data[key], want):
            return True
        kind = "mapping" if want is dict else "list"
        self.errors.append(ContentError(file, line_of(data) or 1, None, key,
                                        f"the file must be a mapping with one key {key!r} holding a {kind}"))
        return False

    def checked(self, checker: Checker, records: Iterable[Any], fields: Iterable[Field], line: int = 0,
                strict: bool = False) -> Iterator[tuple[str | None, dict]]:
        """A list's records, each checked against `fields` (errors at its own line, else `line`) and its
        id checked (`check_id`): (its id, it) for every mapping, or with `strict` only for those whose
        fields are sound, for the game's own checks."""
        fields = list(fields)
        for data in records:
            rid = record_id(data)
            sound = checker.record(data, fields, rid, line_of(data) or line)
            if not isinstance(data, dict) or (strict and not sound):
                continue
            self.check_id(checker, data)
            yield rid, data

    def check_id(self, checker: Checker, data: dict) -> None:
        """A record's id is lower_snake_case and used once in the whole folder."""
        value = data.get("id")
        if not isinstance(value, str):
            return
        line = line_of(data, "id")
        if not ID_PATTERN.match(value):
            checker.error(line, value, "id", "ids are lower_snake_case")
        if value in self.ids:
            first_file, first_line = self.ids[value]
            checker.error(line, value, "id", f"duplicate id, first used at {first_file}:{first_line}")
        else:
            self.ids[value] = (checker.file, line)


class CardSet(Generic[T]):
    """A game's `cards/<id>/` folder: validate it, load it (the default folder once), hash it.

    `build(root)` checks the folder and returns the content (None when invalid) with every error found.
    """

    def __init__(self, game_id: str, build: Callable[[Path], tuple[T | None, list[ContentError]]]) -> None:
        self.game_id = game_id
        self.build = build
        self._default: tuple[T | None, list[ContentError]] | None = None
        self._default_hash: str | None = None

    def folder(self, root: Path | None = None) -> Path:
        from guardians.engine.paths import cards_dir

        return Path(root) if root is not None else cards_dir(self.game_id)

    def _built(self, root: Path | None) -> tuple[T | None, list[ContentError]]:
        """Parse and check a folder. The default folder is parsed once per process (per command):
        validating it and then loading it does not read the YAML twice."""
        if root is not None:
            return self.build(self.folder(root))
        if self._default is None:
            self._default = self.build(self.folder(None))
        return self._default

    def validate(self, root: Path | None = None) -> list[ContentError]:
        """Every problem in the folder; [] when it is valid."""
        return list(self._built(root)[1])

    def load(self, root: Path | None = None) -> T:
        """The checked content; raises ContentErrors listing every error."""
        content, errors = self._built(root)
        if content is None:
            raise ContentErrors(errors)
        return content

    def hash(self, root: Path | None = None) -> str:
        """The hash of the folder's *.yaml files (saves record it). The default folder's is computed once
        per process, like its content: every autosave records it."""
        if root is None and self._default_hash is not None:
            return self._default_hash
        folder = self.folder(root)
        digest = content_hash(folder.glob("*.yaml"), folder)
        if root is None:
            self._default_hash = digest
        return digest
