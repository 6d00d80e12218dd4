"""Realms' set-up options for the menu and the command line: the deck each seat plays, a preconstructed
deck or one of the player's own (the deck builder's files in the user folder, decks.read_user_decks)."""

from __future__ import annotations

from guardians.engine.options import OptionChoice, OptionSpec


def config_options(players: int) -> list[OptionSpec]:
    """A deck per seat, labelled by its name and explained by its Guardian; the default is the assignment
    the rules make unasked (`DEFAULT_DECKS`). The player's playable decks follow the preconstructed ones;
    a deck file that cannot be offered is left out and named in the option's `notes`."""
    from guardians.games.realms.cards import load_content
    from guardians.games.realms.decks import read_user_decks
    from guardians.games.realms.rules.state import DEFAULT_DECKS

    content = load_content()
    mine = read_user_decks(content)
    choices = []
    for deck, own in [*((d, False) for d in content.decks.values()), *((d, True) for d in mine.decks.values())]:
        guardian = content.cards.get(deck.guardians[0]) if deck.guardians else None
        choices.append(OptionChoice(deck.id, f"{deck.name} (yours)" if own else deck.name,
                                    f"led by {guardian.name}" if guardian else ""))
    default = DEFAULT_DECKS.get(players, tuple(choices[i % len(choices)].value for i in range(players)))
    specs = [OptionSpec("decks", "Deck", tuple(choices), tuple(default), per_seat=True,
                       notes=tuple(mine.problems))]
    # The Memory Rule (R28) is the rules' option `memory_rule` (on unless a config turns it off); it has no
    # menu row: six rows do not fit the set-up menu at 1280x720 with four seats.
    if players == 4:
        # RB-4P's optional rule (R137): bystanders may channel into others' combats too.
        specs.append(OptionSpec("channel_4p", "Bystanders channel", (
            OptionChoice("off", "Off", "only the two combatants channel into a combat"),
            OptionChoice("on", "On", "every player may channel into any combat (the rulebook's optional rule)")),
            "off"))
    return specs
