"""The set-up options games declare (guardians/engine/options.py): their defaults are what the rules pick
when no option is given, and the command-line texts are resolved or refused by them."""

from __future__ import annotations

import pytest

from guardians.engine.options import OptionChoice, OptionSpec, parse_option_flags, resolve_options, with_defaults
from guardians.engine.registry import game_options, new_game
from guardians.engine.state import GameConfig


def test_games_without_the_hook_declare_nothing() -> None:
    assert game_options("heroes", 2) == [] and game_options("explore", 2) == []


def test_chronicles_offers_its_six_scenarios_by_name_and_difficulty() -> None:
    (spec,) = game_options("chronicles", 3)
    assert (spec.name, spec.label, spec.per_seat) == ("scenario", "Scenario", False)
    assert len(spec.choices) == 6 and "Welcome to the Lair (easy)" in [c.label for c in spec.choices]
    assert {c.label.rsplit("(", 1)[1] for c in spec.choices} == {"easy)", "challenging)", "difficult)"}
    assert all(c.explanation for c in spec.choices)


@pytest.mark.parametrize("players", [2, 5])
def test_chronicles_default_scenario_is_the_rules_default(players: int) -> None:
    (spec,) = game_options("chronicles", players)
    seats = ("ai:random",) * players
    unasked = new_game(GameConfig("chronicles", players, seats), 3)
    assert unasked.scenario.id == spec.default      # type: ignore[attr-defined]
    other = next(v for v in spec.values() if v != spec.default)
    asked = new_game(GameConfig("chronicles", players, seats, options=(("scenario", other),)), 3)
    assert asked.scenario.id == other               # type: ignore[attr-defined]


@pytest.mark.parametrize("players", [2, 4])
def test_realms_default_decks_are_the_rules_default(players: int) -> None:
    specs = game_options("realms", players)
    # 4 players add the rulebook's optional bystander channelling (R137), off unless asked
    assert [s.name for s in specs] == (["decks"] if players == 2 else ["decks", "channel_4p"])
    spec = specs[0]
    assert (spec.name, spec.label, spec.per_seat) == ("decks", "Deck", True)
    assert len(spec.choices) == 6 and "Knights (theme deck)" in [c.label for c in spec.choices]
    seats = ("ai:random",) * players
    unasked = new_game(GameConfig("realms", players, seats), 3)
    assert tuple(p.deck_name for p in unasked.seats) == spec.default     # type: ignore[attr-defined]
    picked = tuple(reversed(spec.values()))[:players]
    asked = new_game(GameConfig("realms", players, seats, options=(("decks", picked),)), 3)
    assert tuple(p.deck_name for p in asked.seats) == picked             # type: ignore[attr-defined]


SPECS = [OptionSpec("scenario", "Scenario", (OptionChoice("alpha", "Alpha (easy)"), OptionChoice("beta", "Beta")),
                    "alpha"),
         OptionSpec("decks", "Deck", (OptionChoice("knights_theme", "Knights"), OptionChoice("undead_theme", "Undead")),
                    ("knights_theme", "undead_theme"), per_seat=True)]


def test_a_new_game_names_its_whole_setup_so_its_saves_survive_a_changed_default() -> None:
    """`with_defaults` writes the options a config leaves out at their defaults and keeps the chosen ones; the
    app starts every game so (`Session.start`), and the game it starts is the one the rules start unasked."""
    from guardians.engine.saves import save_data
    from guardians.ui.session import Session

    chosen = GameConfig("toy", 2, options=(("scenario", "beta"),))
    assert with_defaults(chosen, SPECS).options == (("decks", ("knights_theme", "undead_theme")), ("scenario", "beta"))
    assert with_defaults(GameConfig("toy", 2), []) == GameConfig("toy", 2)
    config = GameConfig("realms", 2, ("ai:random",) * 2)
    session = Session.start(config, 3)
    (spec,) = game_options("realms", 2)
    assert session.state.config.option("decks") == spec.default
    assert save_data(session.state)["config"]["options"] == {"decks": list(spec.default)}
    assert [p.deck_name for p in session.state.seats] == [p.deck_name for p in new_game(config, 3).seats]


def test_option_texts_resolve_by_value_or_unambiguous_prefix() -> None:
    given = parse_option_flags(["scenario=beta", "decks=knights,undead_theme"])
    assert resolve_options(SPECS, given, 2) == (("scenario", "beta"), ("decks", ("knights_theme", "undead_theme")))
    assert resolve_options(SPECS, {}, 2) == ()


@pytest.mark.parametrize("given, message", [
    ({"speed": "fast"}, "unknown option 'speed'; this game's options: scenario, decks"),
    ({"scenario": "gamma"}, "scenario is one of: alpha (Alpha (easy)), beta (Beta)"),
    ({"decks": "knights"}, "one value per seat (2"),
    ({"decks": "knights,pirates"}, "'pirates' is not a deck"),
])
def test_unknown_names_and_values_are_refused_naming_the_allowed_ones(given: dict, message: str) -> None:
    with pytest.raises(ValueError, match=None) as caught:
        resolve_options(SPECS, given, 2)
    assert message in str(caught.value)


def test_a_flag_without_equals_is_refused() -> None:
    with pytest.raises(ValueError, match="NAME=VALUE"):
        parse_option_flags(["scenario"])
