"""Realms' set-up options for the menu and the command line: the deck each seat plays."""

from __future__ import annotations

from guardians.engine.options import OptionChoice, OptionSpec


def config_options(players: int) -> list[OptionSpec]:
    """A deck per seat, labelled by its name and explained by its Guardian; the default is the assignment
    the rules make unasked (`DEFAULT_DECKS`)."""
    from guardians.games.realms.cards import load_content
    from guardians.games.realms.rules.state import DEFAULT_DECKS

    content = load_content()
    choices = []
    for deck in content.decks.values():
        guardian = content.cards.get(deck.guardians[0]) if deck.guardians else None
        choices.append(OptionChoice(deck.id, deck.name, f"led by {guardian.name}" if guardian else ""))
    default = DEFAULT_DECKS.get(players, tuple(choices[i % len(choices)].value for i in range(players)))
    specs = [OptionSpec("decks", "Deck", tuple(choices), tuple(default), per_seat=True)]
    # The Memory Rule (R28) is the rules' option `memory_rule` (on unless a config turns it off); it has no
    # menu row: six rows do not fit the set-up menu at 1280x720 with four seats.
    if players == 4:
        # RB-4P's optional rule (R137): bystanders may channel into others' combats too.
        specs.append(OptionSpec("channel_4p", "Bystanders channel", (
            OptionChoice("off", "Off", "only the two combatants channel into a combat"),
            OptionChoice("on", "On", "every player may channel into any combat (the rulebook's optional rule)")),
            "off"))
    return specs
