"""Chronicles' set-up options for the menu and the command line: which scenario of the booklet to play."""

from __future__ import annotations

from guardians.engine.options import OptionChoice, OptionSpec


def config_options(players: int) -> list[OptionSpec]:
    """The scenario, labelled by name and difficulty; the default is the one the rules pick unasked."""
    from guardians.games.chronicles.cards import load_content
    from guardians.games.chronicles.rules.state import DEFAULT_SCENARIO

    box = load_content().box
    assert box is not None
    choices = tuple(OptionChoice(s.id, f"{s.name} ({s.difficulty})", s.intro) for s in box.scenarios.values())
    return [OptionSpec("scenario", "Scenario", choices, DEFAULT_SCENARIO)]
