"""Options a game declares for its set-up (a scenario, a deck per seat), so that the menu and the command
line can offer them without knowing the game.

A game package may expose `config_options(players) -> list[OptionSpec]`; games without it have none. The
chosen values travel in `GameConfig.options` (a per-seat option as a tuple, one value per seat), which the
rules read with `config.option(name)`. Nothing here imports pygame or a game's rules.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, Mapping, Sequence


@dataclass(frozen=True)
class OptionChoice:
    """One allowed value, with its label and a one-line explanation in plain words."""

    value: str
    label: str
    explanation: str = ""


@dataclass(frozen=True)
class OptionSpec:
    """An option of a game's set-up. `default` is a value, or for a per-seat option a tuple of one value
    per seat; it must equal what the rules pick when the option is not given. `notes` are problems met
    while listing the choices (a player's deck file that cannot be offered), for the menu to show."""

    name: str
    label: str
    choices: tuple[OptionChoice, ...]
    default: Any
    per_seat: bool = False
    notes: tuple[str, ...] = ()

    def values(self) -> tuple[str, ...]:
        return tuple(choice.value for choice in self.choices)

    def choice(self, value: str) -> OptionChoice | None:
        return next((c for c in self.choices if c.value == value), None)

    def allowed(self) -> str:
        """The allowed values in words, for a message that refuses one."""
        return ", ".join(f"{c.value} ({c.label})" for c in self.choices)

    def pick(self, text: str) -> str:
        """The value `text` names: the value itself or, for short typing, its one unambiguous prefix."""
        text = text.strip()
        if text in self.values():
            return text
        near = [v for v in self.values() if v.startswith(text)] if text else []
        if len(near) == 1:
            return near[0]
        raise ValueError(f"{text!r} is not a {self.label.lower()} here; {self.name} is one of: {self.allowed()}")


def game_option_specs(game: Any, players: int) -> list[OptionSpec]:
    """The options the game module `game` declares for `players` players (none without the hook)."""
    hook = getattr(game, "config_options", None)
    return list(hook(players)) if hook is not None else []


def with_defaults(config: Any, specs: Sequence[OptionSpec]) -> Any:
    """`config` (a `GameConfig`) with every declared option it leaves out set to its default: a new game's
    saves then name its whole set-up, and a later release that changes a default (realms' first-game decks)
    still replays them as they were played."""
    given = dict(config.options)
    missing = [(spec.name, spec.default) for spec in specs if spec.name not in given]
    return dataclasses.replace(config, options=config.options + tuple(missing)) if missing else config


def parse_option_flags(flags: Sequence[str]) -> dict[str, str]:
    """`NAME=VALUE` texts (the command line's --option) as a dict; ValueError on one without "="."""
    given: dict[str, str] = {}
    for flag in flags:
        name, sep, value = flag.partition("=")
        if not sep or not name.strip():
            raise ValueError(f"--option takes NAME=VALUE, got {flag!r}")
        given[name.strip()] = value
    return given


def resolve_options(specs: Sequence[OptionSpec], given: Mapping[str, str], players: int
                    ) -> tuple[tuple[str, Any], ...]:
    """The (name, value) pairs for `GameConfig.options` from texts by option name (a per-seat option's
    values comma-separated, one per seat). Only given options are returned: the rest keep the game's
    default. ValueError naming the allowed names or values on anything unknown."""
    by_name = {spec.name: spec for spec in specs}
    chosen: list[tuple[str, Any]] = []
    for name, text in given.items():
        spec = by_name.get(name)
        if spec is None:
            known = ", ".join(by_name) or "none"
            raise ValueError(f"unknown option {name!r}; this game's options: {known}")
        if spec.per_seat:
            parts = text.split(",")
            if len(parts) != players:
                raise ValueError(f"{name} needs one value per seat ({players}, comma-separated), got {len(parts)}")
            chosen.append((name, tuple(spec.pick(part) for part in parts)))
        else:
            chosen.append((name, spec.pick(text)))
    return tuple(chosen)
