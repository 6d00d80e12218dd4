"""The `guardians` command line: argument checks, exit codes, and the simulate / replay / validate tools.

The toy game is registered only inside this test process, so commands on it run in-process through
`cli.main`; subprocess runs cover what a real user runs on the shipped games.
"""

from __future__ import annotations

import dataclasses
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from toy_game import ToyState, make_module

from guardians import __version__, cli, sim
from guardians.ai import RandomPlayer
from guardians.engine import GameConfig
from guardians.engine.content import ContentError
from guardians.engine import registry
from guardians.engine.registry import GAME_MODULES, GameInfo
from guardians.engine import saves
from guardians.engine.saves import write_save
from guardians.ui.launch import LaunchOptions

ROOT = Path(__file__).resolve().parents[1]


def run_cli(*args: str, cwd: Path = ROOT, home: Path | None = None) -> subprocess.CompletedProcess[str]:
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", PYGAME_HIDE_SUPPORT_PROMPT="1")
    if home is not None:
        env["GUARDIANS_HOME"] = str(home)
    return subprocess.run([sys.executable, "-m", "guardians", *args], cwd=cwd, env=env, capture_output=True,
                          text=True, timeout=600)


# ----- the launcher: `launched` (tests/conftest.py) records what the window would have been given --------

FakeLaunchOptions = LaunchOptions   # the real options (guardians.ui.launch imports no pygame)


@dataclasses.dataclass
class NoSaveLaunchOptions:
    """A launcher that cannot open a given save."""

    resume: bool = False


def _register_toy(monkeypatch: pytest.MonkeyPatch, game_id: str, **attrs: Any) -> str:
    """Registered for one test only: other tests (the UI's) walk every registered game."""
    module = make_module()
    module.INFO = GameInfo(game_id, game_id.title(), 2, 2, variants=("standard", "short"))  # type: ignore[attr-defined]
    for name, value in attrs.items():
        setattr(module, name, value)
    monkeypatch.setitem(registry._extra, game_id, module)
    return game_id


# ----- --version, menu, play -------------------------------------------------------------------

def test_version_subprocess() -> None:
    done = run_cli("--version")
    assert done.returncode == 0
    assert done.stdout.strip() == f"guardians {__version__}"


def test_menu_with_window_flags(launched: list[Any]) -> None:
    assert cli.main(["--headless", "--autoplay", "--max-frames", "5", "--screenshot", "shot.png",
                     "--quit-when-over", "--window-size", "1366x768"]) == 0
    assert launched == [FakeLaunchOptions(headless=True, autoplay=True, max_frames=5, screenshot=Path("shot.png"),
                                          quit_when_over=True, window_size=(1366, 768))]


def test_menu_without_flags(launched: list[Any]) -> None:
    assert cli.main([]) == 0
    assert launched == [FakeLaunchOptions()]


def test_play_builds_launch_options(monkeypatch: pytest.MonkeyPatch, launched: list[Any]) -> None:
    _register_toy(monkeypatch, "toyplay")
    status = cli.main(["play", "--game", "toyplay", "--seat", "human", "--seat", "ai:greedy", "--seed", "5",
                       "--variant", "short", "--headless", "--max-frames", "3"])
    assert status == 0
    assert launched == [FakeLaunchOptions(game="toyplay", seats=["human", "ai:greedy"], players=2, seed=5,
                                          variant="short", headless=True, max_frames=3)]


def test_window_flags_before_the_subcommand_are_kept(launched: list[Any]) -> None:
    assert cli.main(["--headless", "play", "--game", "toy", "--seat", "human", "--seat", "human"]) == 0
    assert launched[0].headless is True
    assert launched[0].variant == "standard"


def test_play_without_seats_leaves_them_to_the_launcher(launched: list[Any]) -> None:
    assert cli.main(["play", "--game", "toy"]) == 0
    assert launched[0].game == "toy" and launched[0].seats == [] and launched[0].players is None


def test_play_with_fewer_seats_than_players(launched: list[Any]) -> None:
    """The seats not given are filled by the launcher; the CLI picks the smallest count that fits."""
    assert cli.main(["play", "--game", "toy", "--seat", "human"]) == 0
    assert launched[0].seats == ["human"] and launched[0].players == 2


@pytest.mark.parametrize("argv, message", [
    (["play", "--game", "nope"], "unknown game 'nope'"),
    (["play", "--game", "toy", "--seat", "human", "--seat", "ai:genius"], "unknown seat 'ai:genius'"),
    (["play", "--game", "toy", "--seat", "robot", "--seat", "human"], "unknown seat 'robot'"),
    (["play", "--game", "toy", "--players", "3"], "is for 2 players, not 3"),
    (["play", "--game", "toy", "--seat", "human", "--seat", "human", "--seat", "human"],
     "is for 2 players; 3 --seat given"),
    (["play", "--game", "toy", "--seat", "human", "--seat", "human", "--seat", "human", "--players", "2"],
     "3 --seat given for 2 players"),
    (["play", "--game", "toy", "--variant", "marathon"], "unknown variant 'marathon'"),
    (["simulate", "--game", "toy", "--seat", "human", "--seat", "ai:random"], "AI seats only"),
    (["simulate", "--game", "toy", "--seat", "ai:random", "--games", "0"], "at least 1"),
    (["simulate", "--game", "toy", "--seat", "ai:random", "--max-decisions", "0"], "at least 1"),
    (["simulate", "--game", "toy", "--seat", "ai:random", "--seat", "ai:random", "--seat", "ai:random"],
     "is for 2 players; 3 --seat given"),
])
def test_bad_arguments_exit_2_with_a_clear_message(launched: list[Any], capsys: pytest.CaptureFixture[str],
                                                   argv: list[str], message: str) -> None:
    assert cli.main(argv) == 2
    err = capsys.readouterr().err
    assert message in err
    assert err.startswith("guardians: error:")
    assert launched == []


def test_argparse_errors_exit_2(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as caught:
        cli.main(["play", "--game", "toy", "--seed", "abc"])
    assert caught.value.code == 2
    with pytest.raises(SystemExit) as caught:
        cli.main(["--window-size", "huge"])
    assert caught.value.code == 2
    assert "WIDTHxHEIGHT" in capsys.readouterr().err


@pytest.mark.parametrize("size", ["800x600", "1023x640", "1024x639", "320x240"])
def test_window_size_below_the_supported_minimum_is_refused(launched: list[Any], capsys: pytest.CaptureFixture[str],
                                                            size: str) -> None:
    """The app lays out nothing smaller than MIN_SIZE; a smaller --window-size is refused, not widened."""
    from guardians.ui.settings import MIN_SIZE

    with pytest.raises(SystemExit) as caught:
        cli.main(["play", "--game", "toy", "--window-size", size])
    assert caught.value.code == 2
    assert f"at least {MIN_SIZE[0]}x{MIN_SIZE[1]}" in capsys.readouterr().err
    assert launched == []


def test_window_size_at_or_above_the_minimum_is_passed_on(launched: list[Any]) -> None:
    assert cli.main(["--window-size", "1024x640"]) == 0
    assert cli.main(["--window-size", "1280x720"]) == 0
    assert cli.main(["--window-size", "1920X1080"]) == 0
    assert [options.window_size for options in launched] == [(1024, 640), (1280, 720), (1920, 1080)]


# ----- no display ------------------------------------------------------------------------------

def _no_display(monkeypatch: pytest.MonkeyPatch) -> None:
    """A Linux session with no X11 or Wayland display and no SDL driver chosen."""
    monkeypatch.setattr(sys, "platform", "linux")
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)


@pytest.mark.parametrize("argv", [[], ["play", "--game", "toy"], ["--max-frames", "3"]])
def test_window_commands_without_a_display_say_so_and_exit(monkeypatch: pytest.MonkeyPatch, launched: list[Any],
                                                           capsys: pytest.CaptureFixture[str], argv: list[str]) -> None:
    _no_display(monkeypatch)
    assert cli.main(argv) == 1
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and err.startswith("guardians: no display")
    assert "--headless" in err
    assert launched == []


def test_replay_in_window_without_a_display_says_so(monkeypatch: pytest.MonkeyPatch, launched: list[Any],
                                                   capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    path = tmp_path / "game.json"
    _toy_save(path)
    _no_display(monkeypatch)
    assert cli.main(["replay", str(path)]) == 1
    assert capsys.readouterr().err.startswith("guardians: no display")
    assert launched == []


@pytest.mark.parametrize("env", [{"DISPLAY": ":0"}, {"WAYLAND_DISPLAY": "wayland-0"},
                                 {"SDL_VIDEODRIVER": "dummy"}, {"SDL_VIDEODRIVER": "offscreen"}])
def test_a_display_or_an_offscreen_driver_lets_the_window_open(monkeypatch: pytest.MonkeyPatch, launched: list[Any],
                                                               env: dict[str, str]) -> None:
    _no_display(monkeypatch)
    for name, value in env.items():
        monkeypatch.setenv(name, value)
    assert cli.main(["--max-frames", "1"]) == 0
    assert len(launched) == 1


def test_headless_needs_no_display(monkeypatch: pytest.MonkeyPatch, launched: list[Any]) -> None:
    _no_display(monkeypatch)
    assert cli.main(["--headless", "--screenshot", "shot.png", "--max-frames", "1"]) == 0
    assert cli.main(["play", "--game", "toy", "--headless"]) == 0
    assert len(launched) == 2


def test_no_display_check_is_for_linux_only(monkeypatch: pytest.MonkeyPatch) -> None:
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "SDL_VIDEODRIVER"):
        monkeypatch.delenv(name, raising=False)
    for platform in ("win32", "darwin"):
        monkeypatch.setattr(sys, "platform", platform)
        assert cli.no_display_reason() is None
    monkeypatch.setattr(sys, "platform", "linux")
    assert cli.no_display_reason() is not None


# ----- --autoplay --------------------------------------------------------------------------------

def test_autoplay_plays_the_human_seats_too(tmp_path: Path) -> None:
    """`play --seat ai:greedy --seat human --autoplay`: the computer plays the human seat as well, so the
    game reaches its end (and a finished game removes its autosave). Without it the game would wait for
    the human after the first move, with the autosave of that move on disk."""
    home = tmp_path / "home"
    code = (f"import sys\nsys.path.insert(0, {str(ROOT / 'tests')!r})\nimport toy_game\ntoy_game.install()\n"
            "from guardians.cli import main\n"
            "sys.exit(main(['play', '--game', 'toy', '--seat', 'ai:greedy', '--seat', 'human', '--seed', '3', "
            "'--headless', '--autoplay', '--quit-when-over', '--max-frames', '5000']))\n")
    env = dict(os.environ, SDL_VIDEODRIVER="dummy", SDL_AUDIODRIVER="dummy", GUARDIANS_HOME=str(home))
    try:    # a seat nobody plays leaves the loop idling (half a second a frame): it would run for ages
        done = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=env, capture_output=True, text=True,
                              timeout=120)
    except subprocess.TimeoutExpired:
        pytest.fail("the game never ended: the human seat was not played")
    assert done.returncode == 0, done.stderr
    assert home.exists() and not (home / "autosave.json").exists()


def test_autoplay_session_has_no_human_seats() -> None:
    """What --autoplay does to a game in the window: every seat, human ones included, is the computer's."""
    from guardians.ui.session import Session

    session = Session.start(GameConfig("toy", 2, ("human", "human")), 5)
    assert session.human_to_move is not None
    session.play_every_seat()
    assert session.humans == () and session.human_to_move is None and session.ai_to_move is not None
    assert session.state.config.seats == ("human", "human")       # the save still says who sat there
    assert session.player_for(session.ai_to_move) is not None


BROKEN_CONTENT = [
    ContentError("cards/toybad/heroes.yaml", 12, "blaze", "attack", "expected int, got str 'high'"),
    ContentError("cards/toybad/basic.yaml", 3, "intel", "effect", "unknown effect 'teleport'"),
]


def test_play_refuses_invalid_content(monkeypatch: pytest.MonkeyPatch, launched: list[Any], capsys: pytest.CaptureFixture[str]) -> None:
    _register_toy(monkeypatch, "toybad", validate_content=lambda: list(BROKEN_CONTENT))
    assert cli.main(["play", "--game", "toybad", "--seat", "human", "--seat", "ai:random"]) == 1
    err = capsys.readouterr().err
    assert "cards/toybad/heroes.yaml:12: card 'blaze' field 'attack': expected int" in err
    assert "cards/toybad/basic.yaml:3: card 'intel' field 'effect': unknown effect 'teleport'" in err
    assert launched == []


def test_launch_options_contract_with_the_real_ui() -> None:
    """Once the UI's launcher exists, it takes every field the CLI passes."""
    launch = pytest.importorskip("guardians.ui.launch")
    names = {f.name for f in dataclasses.fields(launch.LaunchOptions)}
    assert {f.name for f in dataclasses.fields(FakeLaunchOptions)} <= names


# ----- cards validate --------------------------------------------------------------------------

def test_cards_validate_reports_every_error(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    _register_toy(monkeypatch, "toybad", validate_content=lambda: list(BROKEN_CONTENT))
    assert cli.main(["cards", "validate", "--game", "toybad"]) == 1
    out = capsys.readouterr().out
    assert "cards/toybad/heroes.yaml:12: card 'blaze' field 'attack'" in out
    assert "cards/toybad/basic.yaml:3: card 'intel' field 'effect'" in out
    assert "2 content errors" in out


def test_cards_validate_ok_on_good_content(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["cards", "validate", "--game", "toy"]) == 0
    assert "content OK: checked 1 game (toy)" in capsys.readouterr().out


def test_cards_validate_unknown_game_subprocess() -> None:
    done = run_cli("cards", "validate", "--game", "nope")
    assert done.returncode == 2
    assert "unknown game 'nope'" in done.stderr


def test_cards_validate_shipped_content_subprocess() -> None:
    """The shipped cards are valid: `guardians cards validate` exits 0 and says what it checked."""
    pytest.importorskip("guardians.games.heroes.rules")
    done = run_cli("cards", "validate")
    assert done.returncode == 0, done.stdout + done.stderr
    assert f"content OK: checked {len(GAME_MODULES)} game" in done.stdout


# ----- simulate --------------------------------------------------------------------------------

def test_simulate_rotates_seats_and_counts(tmp_path: Path) -> None:
    report = sim.simulate("toy", ["ai:random", "ai:greedy"], games=20, seed=3, errors_dir=tmp_path)
    seats = [o.config.seats for o in report.outcomes]
    assert seats[0] == ("ai:random", "ai:greedy") and seats[1] == ("ai:greedy", "ai:random")
    assert [o.seed for o in report.outcomes] == list(range(3, 23))
    data = report.to_json()
    for key in ("game", "games", "seats", "wins", "draws", "errors", "avg_decisions", "games_per_sec",
                "first_seat_wins", "avg_seconds_per_game"):
        assert key in data
    assert data["game"] == "toy" and data["games"] == 20 and data["errors"] == 0
    assert sum(data["wins"].values()) + data["draws"] == 20
    assert data["wins"]["ai:greedy"] > data["wins"]["ai:random"]
    assert data["avg_decisions"] > 0 and data["games_per_sec"] > 0
    assert list(tmp_path.iterdir()) == []


def test_simulate_is_reproducible() -> None:
    a = sim.simulate("toy", ["ai:random", "ai:greedy"], games=10, seed=8)
    b = sim.simulate("toy", ["ai:random", "ai:greedy"], games=10, seed=8)
    assert [(o.winners, o.decisions) for o in a.outcomes] == [(o.winners, o.decisions) for o in b.outcomes]


def test_simulate_json_via_cli(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status = cli.main(["simulate", "--game", "toy", "--seat", "ai:random", "--seat", "ai:greedy", "--games", "6",
                       "--seed", "1", "--json", "--errors-dir", str(tmp_path)])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 6 and data["seats"] == ["ai:random", "ai:greedy"] and data["errors"] == 0
    assert data["first_seat_wins"] <= 6


def test_simulate_without_seats_uses_the_default_seats(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """As with `play`, seats not given are ai:tactical (greedy where a game has no planner): every seat of the
    smallest player count."""
    status = cli.main(["simulate", "--game", "toy", "--games", "2", "--seed", "1", "--json",
                       "--errors-dir", str(tmp_path)])
    assert status == 0
    data = json.loads(capsys.readouterr().out)
    assert data["games"] == 2 and data["players"] == 2 and data["seats"] == ["ai:tactical"] and data["errors"] == 0


def test_simulate_summary_via_cli(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli.main(["simulate", "--game", "toy", "--seat", "ai:greedy", "--games", "4"]) == 0
    out = capsys.readouterr().out
    assert "4 games of toy" in out and "ai:greedy" in out


class BoomState(ToyState):
    """Crashes when a seat shares: a rules bug for the simulator to find."""

    game_id = "toyboom"

    def _copy(self):  # type: ignore[override]
        other = super()._copy()
        other.__class__ = BoomState
        return other

    def _apply(self, action):  # type: ignore[override]
        if action.kind == "share":
            raise ZeroDivisionError("share went wrong")
        super()._apply(action)


def test_simulate_counts_and_reports_a_crash(monkeypatch: pytest.MonkeyPatch, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _register_toy(monkeypatch, "toyboom", new_game=BoomState)
    status = cli.main(["simulate", "--game", "toyboom", "--seat", "ai:random", "--games", "5", "--seed", "40",
                       "--json", "--errors-dir", str(tmp_path)])
    assert status != 0
    data = json.loads(capsys.readouterr().out)
    assert 0 < data["errors"] <= 5
    files = sorted(tmp_path.glob("simulate-errors-toyboom-*.json"))
    assert len(files) == data["errors"]
    assert sorted(data["error_files"]) == sorted(str(f) for f in files)
    report = json.loads(files[0].read_text())
    seed = int(files[0].stem.rsplit("-", 1)[1])
    assert report["seed"] == seed and 40 <= seed < 45
    assert report["config"]["game"] == "toyboom"
    assert "ZeroDivisionError: share went wrong" in report["error"]
    assert report["crashed_on_last_action"] is True
    assert report["actions"][-1]["kind"] == "share"
    # The file reproduces the crash: replaying the actions before the last, then the last, raises.
    state = BoomState(GameConfig.from_json(report["config"]), seed)
    from guardians.engine import Action
    for action in report["actions"][:-1]:
        state.apply(Action.from_json(action))
    with pytest.raises(ZeroDivisionError):
        state.apply(Action.from_json(report["actions"][-1]))


def test_simulate_counts_games_that_run_too_long(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)          # default errors dir: the current folder
    report = sim.simulate("toy", ["ai:random"], games=3, seed=0, max_decisions=2)
    assert report.errors == 3 and report.to_json()["errors"] == 3
    names = sorted(p.name for p in tmp_path.iterdir())
    assert names == ["simulate-errors-toy-0.json", "simulate-errors-toy-1.json", "simulate-errors-toy-2.json"]
    data = json.loads((tmp_path / names[0]).read_text())
    assert "TimeoutError: no result after 2 decisions" in data["error"]
    assert len(data["actions"]) == 2 and data["crashed_on_last_action"] is False


def test_simulate_heroes_subprocess(tmp_path: Path) -> None:
    """The real game under the real command: three headless games, one JSON object, no errors."""
    pytest.importorskip("guardians.games.heroes.rules")
    done = run_cli("simulate", "--game", "heroes", "--seat", "ai:random", "--seat", "ai:greedy", "--games", "3",
                   "--seed", "1", "--json", cwd=tmp_path, home=tmp_path / "home")
    assert done.returncode == 0, done.stdout + done.stderr
    data = json.loads(done.stdout)
    assert data["game"] == "heroes" and data["games"] == 3 and data["errors"] == 0
    assert sum(data["wins"].values()) + data["draws"] <= 3
    assert list(tmp_path.glob("simulate-errors-*")) == []


# ----- replay ----------------------------------------------------------------------------------

def _toy_save(path: Path, moves: int = 6) -> ToyState:
    state = ToyState(GameConfig("toy", 2, ("human", "ai:greedy")), 21)
    player = RandomPlayer(2)
    for _ in range(moves):
        if not state.is_over:
            state.apply(player.choose(state))
    write_save(path, state)
    return state


def test_replay_headless_prints_the_save(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    state = _toy_save(path)
    assert cli.main(["replay", str(path), "--headless"]) == 0
    out = capsys.readouterr().out
    assert "game: toy" in out
    assert f"actions: {len(state.history)}" in out
    assert f"digest: {state.digest()}" in out
    assert "status: in progress" in out


def test_replay_headless_finished_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "done.json"
    state = _toy_save(path, moves=500)
    assert state.is_over
    assert cli.main(["replay", str(path), "--headless"]) == 0
    assert "status: over" in capsys.readouterr().out


def test_replay_in_window_opens_the_save(tmp_path: Path, launched: list[Any], monkeypatch: pytest.MonkeyPatch) -> None:
    """The save is replayed once: the command line checks it and hands the window the state it got."""
    path = tmp_path / "game.json"
    state = _toy_save(path)
    replays: list[Path] = []
    verify = saves.verify
    monkeypatch.setattr(saves, "verify", lambda header: replays.append(header.path) or verify(header))
    assert cli.main(["replay", str(path), "--max-frames", "2"]) == 0
    assert launched == [FakeLaunchOptions(resume=True, save=path, max_frames=2)]
    assert replays == [path] and launched[0].loaded.digest() == state.digest()


def test_replay_in_window_needs_a_launcher_field(tmp_path: Path, launched: list[Any], monkeypatch: pytest.MonkeyPatch,
                                                 capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys.modules["guardians.ui.launch"], "LaunchOptions", NoSaveLaunchOptions)
    path = tmp_path / "game.json"
    _toy_save(path)
    assert cli.main(["replay", str(path)]) == 2
    assert "cannot open a save in the window" in capsys.readouterr().err
    assert launched == []


def test_replay_in_window_refuses_a_damaged_save(tmp_path: Path, launched: list[Any]) -> None:
    path = tmp_path / "game.json"
    path.write_text("{")
    assert cli.main(["replay", str(path)]) == 1
    assert launched == []


def test_replay_damaged_save_in_process(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "game.json"
    _toy_save(path)
    data = json.loads(path.read_text())
    data["digest"] = "f" * 32
    path.write_text(json.dumps(data))
    before = path.read_bytes()
    assert cli.main(["replay", str(path), "--headless"]) == 1
    assert "digest mismatch" in capsys.readouterr().err
    assert path.read_bytes() == before


@pytest.mark.parametrize("content, message", [
    (b'{"format": "guardians-save", "version": 1, "ga', "damaged or truncated"),
    (b'{"format": "guardians-save", "version": 99}', "different version of the save format"),
    (b'{"hello": "world"}', "not a Guardians Tabletop save"),
])
def test_replay_damaged_save_subprocess(tmp_path: Path, content: bytes, message: str) -> None:
    path = tmp_path / "bad save.json"
    path.write_bytes(content)
    done = run_cli("replay", str(path), "--headless", home=tmp_path / "home")
    assert done.returncode == 1
    assert message in done.stderr
    assert str(path) in done.stderr
    assert "Traceback" not in done.stderr
    assert path.read_bytes() == content


def test_replay_missing_file_subprocess(tmp_path: Path) -> None:
    done = run_cli("replay", str(tmp_path / "none.json"), "--headless", home=tmp_path / "home")
    assert done.returncode == 1
    assert "cannot be read" in done.stderr
