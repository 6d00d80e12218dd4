"""The guided first game's tips (issue #18): `cards/<id>/guide.yaml`, read and checked, no pygame.

A tip is keyed by what the state exposes: a decision's kind ("target"), or a phase and a kind together
("battle/main") where one kind means different things in different phases. The first time a decision of that
key comes up in a guided game, the table shows the tip: what to do now, in our words, and a link to the
section of the game's rules reference (`guardians/games/<id>/rules_summary.md`) named by its heading.

The file is words, not rules: no card loader reads it and the card-set hash leaves it out
(`engine.content.GUIDE_FILE`). A broken file is reported like card files are: file, line and field.

    tips:
      main:
        say: Play a card from your hand, or use a hero's action.
        rules: "3. Action"          # a heading of the rules reference (without the #s)
      battle/main:
        say: ...
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from typing import Mapping

import guardians.games
from guardians.engine.content import GUIDE_FILE, ContentError, ContentErrors, line_of, load_yaml

KEY = re.compile(r"^(?:[a-z][a-z0-9_]*/)?[a-z][a-z0-9_]*$")    # "kind" or "phase/kind"
LONGEST = 320          # characters: a tip is a line or two on the table, not a rules page
FIELDS = ("say", "rules")


@dataclass(frozen=True)
class Tip:
    key: str
    say: str
    rules: str | None      # the rules reference's section (a heading), or None
    line: int              # where it is written in guide.yaml


@dataclass(frozen=True)
class Guide:
    game_id: str
    tips: Mapping[str, Tip]

    def key_for(self, phase: object, kind: str) -> str | None:
        """The key of the tip for a decision of `kind` in `phase`: the phase's own, else the kind's."""
        for key in (f"{phase}/{kind}", kind):
            if key in self.tips:
                return key
        return None

    def tip_for(self, phase: object, kind: str) -> Tip | None:
        key = self.key_for(phase, kind)
        return self.tips[key] if key is not None else None


def rules_summary_path(game_id: str) -> Path:
    """The game's rules reference, the Markdown the Rules screen shows."""
    return Path(guardians.games.__file__).parent / game_id / "rules_summary.md"


def headings(markdown: str) -> list[str]:
    """The section headings of a Markdown text, without the #s, in order."""
    return [line.strip().lstrip("#").strip() for line in markdown.splitlines() if line.strip().startswith("#")]


def rules_headings(game_id: str) -> list[str]:
    try:
        return headings(rules_summary_path(game_id).read_text(encoding="utf-8"))
    except (OSError, UnicodeDecodeError):
        return []


def guide_path(game_id: str, root: Path | None = None) -> Path:
    from guardians.engine.paths import cards_dir

    return (Path(root) if root is not None else cards_dir(game_id)) / GUIDE_FILE


def check_guide(game_id: str, root: Path | None = None) -> tuple[Guide, list[ContentError]]:
    """The game's guide and every problem in its file (a game without a file has an empty guide and no
    problem); a tip with a problem is left out."""
    path = guide_path(game_id, root)
    display = str(path)
    if not path.is_file():
        return Guide(game_id, {}), []
    try:
        data = load_yaml(path, display)
    except ContentErrors as exc:
        return Guide(game_id, {}), list(exc.errors)
    errors: list[ContentError] = []

    def error(line: int | None, field: str | None, message: str, tip: str | None = None) -> None:
        errors.append(ContentError(display, line, tip, field, message))

    if not isinstance(data, dict) or set(data) != {"tips"} or not isinstance(data["tips"], dict):
        error(line_of(data) or 1, "tips", "the file must be a mapping with one key 'tips' holding a mapping")
        return Guide(game_id, {}), errors
    sections = set(rules_headings(game_id))
    tips: dict[str, Tip] = {}
    for key, raw in data["tips"].items():
        line = line_of(data["tips"], key)
        key = str(key)
        if not KEY.match(key):
            error(line, None, "a tip's key is a decision kind or phase/kind, in lower_snake_case", key)
            continue
        if not isinstance(raw, dict):
            error(line, None, f"expected a mapping with 'say' (and 'rules'), got {type(raw).__name__}", key)
            continue
        ok = True
        for field in raw:
            if field not in FIELDS:
                error(line_of(raw, field), str(field), "unknown field", key)
                ok = False
        say = raw.get("say")
        if not isinstance(say, str) or not say.strip():
            error(line_of(raw, "say") if "say" in raw else line_of(raw), "say", "a tip needs words to say", key)
            ok = False
        elif len(say) > LONGEST:
            error(line_of(raw, "say"), "say", f"{len(say)} characters: keep a tip under {LONGEST}", key)
            ok = False
        rules = raw.get("rules")
        if rules is not None and (not isinstance(rules, str) or rules not in sections):
            error(line_of(raw, "rules"), "rules", f"{rules!r} is not a heading of the rules reference "
                                                  f"({rules_summary_path(game_id).name})", key)
            ok = False
        if ok:
            tips[key] = Tip(key, " ".join(say.split()), rules, line)
    return Guide(game_id, tips), errors


@lru_cache(maxsize=None)
def load_guide(game_id: str) -> Guide:
    """The game's checked guide from the installed cards (read once); ContentErrors when it is broken."""
    guide, errors = check_guide(game_id)
    if errors:
        raise ContentErrors(errors)
    return guide
