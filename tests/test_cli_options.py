"""`--option NAME=VALUE` on `guardians play` and `simulate`: the options a game declares reach its config;
unknown names and values are refused (exit 2) with the allowed ones named."""

from __future__ import annotations

import json
import sys
from typing import Any

import pytest
from toy_game import make_module

from guardians import cli, sim
from guardians.engine import registry
from guardians.engine.options import OptionChoice, OptionSpec
from guardians.engine.registry import GameInfo
from guardians.ui.launch import resolve_config

COLOURS = (OptionChoice("red", "Red", "plays first"), OptionChoice("blue", "Blue", "plays second"))


def toy_options(players: int) -> list[OptionSpec]:
    return [OptionSpec("board", "Board", (OptionChoice("small", "Small board"), OptionChoice("large", "Large board")),
                       "small"),
            OptionSpec("colours", "Colour", COLOURS, ("red", "blue")[:players], per_seat=True)]


@pytest.fixture
def toy_with_options(monkeypatch: pytest.MonkeyPatch) -> str:
    module = make_module()
    module.INFO = GameInfo("toyopts", "Toy Options", 2, 2)  # type: ignore[attr-defined]
    module.config_options = toy_options  # type: ignore[attr-defined]
    monkeypatch.setitem(registry._extra, "toyopts", module)
    return "toyopts"


def test_play_passes_the_options_and_the_launcher_puts_them_in_the_config(toy_with_options: str,
                                                                          launched: list[Any]) -> None:
    assert cli.main(["play", "--game", toy_with_options, "--option", "board=large",
                     "--option", "colours=blue,red"]) == 0
    (options,) = launched
    assert options.options == {"board": "large", "colours": "blue,red"}
    config = resolve_config(options)
    assert config.option("board") == "large" and config.option("colours") == ("blue", "red")


def test_options_not_given_are_left_to_the_game(toy_with_options: str, launched: list[Any]) -> None:
    assert cli.main(["play", "--game", toy_with_options]) == 0
    assert launched[0].options == {} and resolve_config(launched[0]).options == ()


@pytest.mark.parametrize("flag, message", [
    ("size=large", "unknown option 'size'; this game's options: board, colours"),
    ("board=huge", "board is one of: small (Small board), large (Large board)"),
    ("colours=red", "colours needs one value per seat (2, comma-separated), got 1"),
    ("colours=red,green", "colours is one of: red (Red), blue (Blue)"),
    ("board", "--option takes NAME=VALUE"),
])
@pytest.mark.parametrize("command", ["play", "simulate"])
def test_unknown_options_exit_2_naming_the_allowed_ones(toy_with_options: str, launched: list[Any],
                                                        capsys: pytest.CaptureFixture[str], command: str,
                                                        flag: str, message: str) -> None:
    assert cli.main([command, "--game", toy_with_options, "--option", flag]) == 2
    err = capsys.readouterr().err
    assert err.startswith("guardians: error:") and message in err
    assert launched == []


def test_a_game_without_options_refuses_any(launched: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--game", "heroes", "--option", "scenario=x"]) == 2
    assert "this game's options: none" in capsys.readouterr().err


def test_simulate_plays_with_the_options(toy_with_options: str, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    seen: list[Any] = []
    real = sim.simulate

    def recording(*args: Any, **kwargs: Any) -> Any:
        report = real(*args, **kwargs)
        seen.extend(outcome.config.options for outcome in report.outcomes)
        return report

    monkeypatch.setattr(sim, "simulate", recording)
    assert cli.main(["simulate", "--game", toy_with_options, "--seat", "ai:random", "--games", "2", "--json",
                     "--option", "colours=blue,blue"]) == 0
    assert json.loads(capsys.readouterr().out)["errors"] == 0
    assert seen == [(("colours", ("blue", "blue")),)] * 2


def test_real_games_take_their_options(launched: list[Any]) -> None:
    """Chronicles' scenario and realms' decks by id or by a short unambiguous start (knights)."""
    assert cli.main(["play", "--game", "chronicles", "--option", "scenario=the_hostage"]) == 0
    assert resolve_config(launched[-1]).option("scenario") == "the_hostage"
    assert cli.main(["play", "--game", "realms", "--option", "decks=knights,undead"]) == 0
    assert resolve_config(launched[-1]).option("decks") == ("knights_theme", "undead_theme")
    # four decks without --players: the count follows the option
    assert cli.main(["play", "--game", "realms", "--option", "decks=knights,undead,pirates,slag"]) == 0
    assert launched[-1].players == 4
    assert resolve_config(launched[-1]).players == 4


def test_a_realms_deck_unknown_is_refused(launched: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["play", "--game", "realms", "--option", "decks=knights,dragons"]) == 2
    err = capsys.readouterr().err
    assert "'dragons' is not a deck" in err and "undead_theme (Undead (theme deck))" in err


def test_simulate_realms_with_decks_subprocess(tmp_path: Any) -> None:
    """What a user runs: a realms game with chosen decks, and a refused scenario, from a real process."""
    import os
    import subprocess

    env = dict(os.environ, GUARDIANS_HOME=str(tmp_path))
    run = [sys.executable, "-m", "guardians", "simulate", "--games", "1", "--seat", "ai:random", "--json"]
    done = subprocess.run(run + ["--game", "realms", "--option", "decks=pirates,undead"], env=env,
                          capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert done.returncode == 0, done.stderr
    data = json.loads(done.stdout)
    assert data["errors"] == 0 and data["options"] == {"decks": ["pirates_theme", "undead_theme"]}
    refused = subprocess.run(run + ["--game", "chronicles", "--option", "scenario=moon_base"], env=env,
                             capture_output=True, text=True, timeout=300, cwd=tmp_path)
    assert refused.returncode == 2 and "Welcome to the Lair (easy)" in refused.stderr
