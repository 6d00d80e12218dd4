"""The `guardians` command (also `python -m guardians`): menu, play, simulate, replay, cards validate,
deck validate.

Start-up stays fast: pygame and the UI are imported only inside the commands that open a window, and
the engine only inside the commands that need it.
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import os
import sys
from pathlib import Path
from typing import TYPE_CHECKING, Any, Sequence

from guardians import __version__
from guardians.engine.words import counted

if TYPE_CHECKING:
    from guardians.engine.registry import GameModule
    from guardians.engine.state import GameState

HUMAN = "human"
DEFAULT_AI = "ai:tactical"    # a seat not given: the game's own planner, else greedy (see guardians.ai)
GAME_API = ("INFO", "new_game", "content_hash", "validate_content", "evaluate")


class UsageError(Exception):
    """A bad command line: printed as `guardians: error: …`, exit status 2."""


class ContentInvalid(Exception):
    """The game's content has errors: each is printed, exit status 1."""

    def __init__(self, lines: list[str]) -> None:
        self.lines = lines
        super().__init__("\n".join(lines))


# ----- arguments -------------------------------------------------------------------------------

def _window_size(text: str) -> tuple[int, int]:
    """WIDTHxHEIGHT, at least the smallest window the tables are laid out for (a smaller one used to be
    widened without a word)."""
    from guardians.ui.settings import MIN_SIZE   # no pygame there

    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected WIDTHxHEIGHT such as 1280x720, got {text!r}") from None
    if width < MIN_SIZE[0] or height < MIN_SIZE[1]:
        raise argparse.ArgumentTypeError(f"the window must be at least {MIN_SIZE[0]}x{MIN_SIZE[1]} "
                                         f"(the smallest the tables are laid out for), got {width}x{height}")
    return width, height


def _add_window_flags(parser: argparse.ArgumentParser, on_subcommand: bool) -> None:
    """The flags every window mode takes. On subcommands they default to SUPPRESS so
    `guardians --headless play …` and `guardians play --headless …` both work."""
    group = parser.add_argument_group("window")

    def default(value: Any) -> Any:
        return argparse.SUPPRESS if on_subcommand else value

    group.add_argument("--headless", action="store_true", default=default(False),
                       help="no visible window (SDL dummy driver); for tests and screenshots")
    group.add_argument("--autoplay", action="store_true", default=default(False),
                       help="AI plays every seat, humans included")
    group.add_argument("--max-frames", type=int, metavar="N", default=default(None),
                       help="quit after N frames")
    group.add_argument("--screenshot", type=Path, metavar="PATH", default=default(None),
                       help="save the last frame as a PNG on quit")
    group.add_argument("--quit-when-over", action="store_true", default=default(False),
                       help="quit as soon as the game ends")
    group.add_argument("--window-size", type=_window_size, metavar="WxH", default=default(None),
                       help="initial window size, e.g. 1280x720")


def _add_game_flags(parser: argparse.ArgumentParser, seat_help: str, seats_required: bool) -> None:
    parser.add_argument("--game", required=True, metavar="ID", help="the game's id, e.g. heroes")
    parser.add_argument("--seat", action="append", dest="seats", default=[], metavar="SPEC",
                        required=seats_required, help=seat_help)
    parser.add_argument("--players", type=int, metavar="N",
                        help="player count (default: the smallest count that seats every --seat)")
    parser.add_argument("--variant", metavar="NAME", help="game variant (default: standard)")
    parser.add_argument("--seed", type=int, metavar="N", help="random seed, for reproducible games")
    parser.add_argument("--option", action="append", dest="options", default=[], metavar="NAME=VALUE",
                        help="a set-up option the game declares (a per-seat one takes one value per seat, "
                             "comma-separated); repeatable; an unknown name or value is refused with the allowed "
                             "ones; options not given take the game's default")


def build_parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="guardians",
        description="Guardians Tabletop: tabletop card games against the computer or hotseat. "
                    "Without a command, opens the menu.")
    parser.add_argument("--version", action="version", version=f"guardians {__version__}")
    _add_window_flags(parser, on_subcommand=False)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    play = commands.add_parser("play", help="start a game in the window")
    _add_game_flags(play, "one per seat, in order: human, ai:random, ai:tactical, ai:greedy or ai:ismcts; seats "
                          "not given are ai:tactical (with none given, you play seat 1)", seats_required=False)
    _add_window_flags(play, on_subcommand=True)

    sim = commands.add_parser("simulate", help="play AI-vs-AI games headless and print statistics")
    _add_game_flags(sim, "ai:random, ai:tactical, ai:greedy or ai:ismcts; repeat it: the specs rotate over the "
                         "seats game by game (default: ai:tactical in every seat)", seats_required=False)
    sim.add_argument("--games", type=int, default=100, metavar="N", help="how many games (default 100)")
    sim.add_argument("--json", action="store_true", help="print one JSON object instead of a summary")
    sim.add_argument("--max-decisions", type=int, metavar="M",
                     help="a game still running after M decisions counts as an error (default 20000)")
    sim.add_argument("--errors-dir", type=Path, metavar="DIR",
                     help="where failed games are written (default: the current folder)")

    replay = commands.add_parser("replay", help="check a save (with --headless) or open it in the window")
    replay.add_argument("save", type=Path, metavar="SAVE", help="a save file (JSON)")
    _add_window_flags(replay, on_subcommand=True)

    bench = commands.add_parser("bench", help="measure every speed figure (writes docs/PERFORMANCE.md with --out)",
                                add_help=False)
    commands.add_parser("tournament", help="play the AI levels against each other (writes docs/balance/ai-strength.md)",
                        add_help=False)
    cards = commands.add_parser("cards", help="content tools")
    cards_commands = cards.add_subparsers(dest="cards_command", metavar="COMMAND", required=True)
    validate = cards_commands.add_parser("validate", help="check every card file; exit 1 on any error")
    validate.add_argument("--game", metavar="ID", help="check only this game")
    deck = commands.add_parser("deck", help="deck tools (realms)")
    deck_commands = deck.add_subparsers(dest="deck_command", metavar="COMMAND", required=True)
    deck_validate = deck_commands.add_parser(
        "validate", help="check a realms deck (YAML or LackeyCCG .dek) against the deck rules; exit 1 on problems")
    deck_validate.add_argument("file", type=Path, metavar="FILE", help="a deck file (.yaml or .dek)")
    return parser


# ----- shared checks ---------------------------------------------------------------------------

def _load_game(game_id: str) -> "GameModule":
    from guardians.engine.registry import game_ids, get_game

    if game_id not in game_ids():
        raise UsageError(f"unknown game {game_id!r}; known games: {', '.join(game_ids())}")
    try:
        game = get_game(game_id)
    except ImportError as exc:
        raise UsageError(f"game {game_id!r} is not available in this build ({exc})") from None
    missing = [name for name in GAME_API if not hasattr(game, name)]
    if missing:
        raise UsageError(f"game {game_id!r} is not available in this build (it lacks {', '.join(missing)})")
    return game


def _content_errors(game: "GameModule") -> list[str]:
    """Every content error of a game as printable lines (validation that raises counts too)."""
    from guardians.engine.content import ContentErrors

    try:
        errors = list(game.validate_content())
    except ContentErrors as exc:
        errors = list(exc.errors)
    return [str(error) for error in errors]


def _check_seats(seats: list[str], allow_human: bool) -> None:
    from guardians.ai import LEVELS
    from guardians.engine.state import is_seat_spec

    known = ([HUMAN] if allow_human else []) + [f"ai:{level}" for level in LEVELS]
    for spec in seats:
        if spec == HUMAN and not allow_human:
            raise UsageError("simulate plays AI seats only; use ai:random, ai:tactical, ai:greedy or ai:ismcts")
        if not is_seat_spec(spec):
            raise UsageError(f"unknown seat {spec!r}; use one of: {', '.join(known)} "
                             f"(ai:ismcts may name its time a move: ai:ismcts:2000ms)")


def _resolve_players(game: "GameModule", seats: list[str], players: int | None) -> int | None:
    """The player count, checked against the game's allowed counts.

    Without --players it is the smallest allowed count that seats everyone given (None when no seat
    was given either: the launcher decides). Seats not given are filled by the launcher or rotated by
    simulate; more seats than players is an error.
    """
    allowed = game.INFO.allowed_counts()
    counts = ", ".join(map(str, allowed))
    if players is not None:
        if players not in allowed:
            raise UsageError(f"{game.INFO.title} is for {counts} players, not {players}")
        if len(seats) > players:
            raise UsageError(f"{len(seats)} --seat given for {players} players")
        return players
    fitting = [n for n in allowed if n >= len(seats)]
    if not fitting:
        raise UsageError(f"{game.INFO.title} is for {counts} players; {len(seats)} --seat given")
    return fitting[0] if seats else None


def _resolve_variant(game: "GameModule", variant: str | None) -> str:
    variants = game.INFO.variants
    if variant is None:
        return "standard" if "standard" in variants else variants[0]
    if variant not in variants:
        raise UsageError(f"unknown variant {variant!r} for {game.INFO.title}; known: {', '.join(variants)}")
    return variant


def _resolve_options(game: "GameModule", flags: list[str], players: int | None) -> tuple[dict[str, str], int]:
    """The --option texts by name, checked against what the game declares for the player count (without
    --players, the count a per-seat option's values give, if allowed). Returns them and that count."""
    from guardians.engine.options import game_option_specs, parse_option_flags, resolve_options

    try:
        given = parse_option_flags(flags)
    except ValueError as exc:
        raise UsageError(str(exc)) from None
    allowed = game.INFO.allowed_counts()
    count = players if players is not None else allowed[0]
    if players is None and given:
        seated = {len(text.split(",")) for name, text in given.items()
                  if any(s.per_seat and s.name == name for s in game_option_specs(game, count))}
        if len(seated) == 1 and seated <= set(allowed):
            count = seated.pop()
    try:
        resolve_options(game_option_specs(game, count), given, count)
    except ValueError as exc:
        raise UsageError(f"{game.INFO.title}: {exc}") from None
    return given, count


def _launch_options(args: argparse.Namespace, **fields: Any) -> Any:
    from guardians.ui.launch import LaunchOptions  # the UI is imported only by window commands

    window = {name: getattr(args, name) for name in
              ("headless", "autoplay", "max_frames", "screenshot", "quit_when_over", "window_size")
              if hasattr(args, name)}
    return LaunchOptions(**window, **fields)


OFFSCREEN_DRIVERS = ("dummy", "offscreen")


def no_display_reason() -> str | None:
    """Why a window could not be seen here, or None. Only Linux is checked: there SDL without X11 or
    Wayland falls back to drawing nowhere, and the app would run invisibly. An SDL driver chosen on
    purpose (dummy, offscreen: tests, screenshots) is fine."""
    if not sys.platform.startswith("linux"):
        return None
    if os.environ.get("DISPLAY") or os.environ.get("WAYLAND_DISPLAY"):
        return None
    if os.environ.get("SDL_VIDEODRIVER", "").strip().lower() in OFFSCREEN_DRIVERS:
        return None
    return "neither DISPLAY nor WAYLAND_DISPLAY is set"


def _run_app(options: Any) -> int:
    if not getattr(options, "headless", False):
        reason = no_display_reason()
        if reason is not None:
            print(f"guardians: no display to open the window on ({reason}); run it in a desktop session, "
                  "or add --headless to run without a window", file=sys.stderr)
            return 1
    from guardians.ui.launch import run_app

    status = run_app(options)
    return int(status or 0)


# ----- commands --------------------------------------------------------------------------------

def cmd_menu(args: argparse.Namespace) -> int:
    return _run_app(_launch_options(args))


def cmd_play(args: argparse.Namespace) -> int:
    game = _load_game(args.game)
    _check_seats(args.seats, allow_human=True)
    players = _resolve_players(game, args.seats, args.players)
    variant = _resolve_variant(game, args.variant)
    errors = _content_errors(game)
    if errors:
        raise ContentInvalid(errors)
    options, count = _resolve_options(game, args.options, players)
    if options and players is None:
        players = count
    return _run_app(_launch_options(args, game=args.game, seats=list(args.seats), players=players,
                                    seed=args.seed, variant=variant, options=options))


def cmd_simulate(args: argparse.Namespace) -> int:
    from guardians import sim

    game = _load_game(args.game)
    _check_seats(args.seats, allow_human=False)
    seats = list(args.seats) or [DEFAULT_AI]      # as with play: seats not given are the computer's
    players = _resolve_players(game, seats, args.players)
    assert players is not None  # at least one seat spec
    variant = _resolve_variant(game, args.variant)
    if args.games < 1:
        raise UsageError("--games must be at least 1")
    if args.max_decisions is not None and args.max_decisions < 1:
        raise UsageError("--max-decisions must be at least 1")
    max_decisions = args.max_decisions or sim.DEFAULT_MAX_DECISIONS
    errors = _content_errors(game)
    if errors:
        raise ContentInvalid(errors)
    from guardians.engine.options import game_option_specs, resolve_options

    given, _ = _resolve_options(game, args.options, players)
    options = resolve_options(game_option_specs(game, players), given, players)
    report = sim.simulate(args.game, seats, args.games, args.seed or 0, players, variant,
                          max_decisions, args.errors_dir, options=options)
    if args.json:
        print(json.dumps(report.to_json()))
    else:
        print(report.summary())
    return 1 if report.errors else 0


def _load_checked(path: Path) -> "GameState | None":
    """The save's state, or None after printing why it cannot be used (the file is left as it was)."""
    from guardians.engine.saves import SaveError, load_save

    try:
        return load_save(path)
    except SaveError as exc:
        print(f"guardians: cannot use {exc.path}: it {exc.reason}. The file was left as it was.",
              file=sys.stderr)
        return None


def replay_headless(path: Path) -> int:
    """Load and verify a save; print what it holds. A bad save prints its reason (exit 1)."""
    state = _load_checked(path)
    if state is None:
        return 1
    result = state.result
    print(f"game: {state.game_id}")
    print(f"players: {state.config.players} ({', '.join(state.config.seats)})")
    print(f"actions: {len(state.history)}")
    print(f"digest: {state.digest()}")
    if result is None:
        print("status: in progress")
    elif result.winners:
        names = ", ".join(state.seat_name(seat) for seat in result.winners)
        print(f"status: over, won by {names} ({result.reason})")
    else:
        print(f"status: over, {'co-operative loss' if result.coop_loss else 'draw'} ({result.reason})")
    return 0


def cmd_replay(args: argparse.Namespace) -> int:
    if getattr(args, "headless", False):
        return replay_headless(args.save)
    state = _load_checked(args.save)     # refuse before opening a window
    if state is None:
        return 1
    from guardians.ui.launch import LaunchOptions

    fields = {f.name for f in dataclasses.fields(LaunchOptions)}
    if "save" not in fields:
        print("note: this build cannot open a save in the window yet; the save is valid. "
              "Use --headless to check saves.", file=sys.stderr)
        return 2
    handed = {"loaded": state} if "loaded" in fields else {}     # the window plays on without replaying it again
    return _run_app(_launch_options(args, resume=True, save=args.save, **handed))


def cmd_cards_validate(args: argparse.Namespace) -> int:
    from guardians.engine.registry import game_ids

    ids = [args.game] if args.game else game_ids()
    failed = 0
    for game_id in ids:
        try:
            game = _load_game(game_id)
        except UsageError as exc:
            if args.game:
                raise
            print(f"{game_id}: cannot load the game: {exc}")
            failed += 1
            continue
        errors = _content_errors(game)
        from guardians.engine.guide import check_guide    # the guided first game's tips: words, checked too

        errors += [str(error) for error in check_guide(game_id)[1]]
        for line in errors:
            print(line)
        if errors:
            print(f"{game_id}: {counted(len(errors), 'content error')}")
            failed += 1
        elif hasattr(game, "content_report"):
            for line in game.content_report():
                print(f"{game_id} {line}")
    total = len(ids)
    if failed:
        print(f"{failed} of {counted(total, 'game')} failed validation", file=sys.stderr)
        return 1
    print(f"content OK: checked {counted(total, 'game')} ({', '.join(ids)})")
    return 0


def cmd_deck_validate(args: argparse.Namespace) -> int:
    """Check one realms deck file: rule problems, then the cards the engine cannot play yet; "ok" if none."""
    from guardians.engine.content import ContentErrors
    from guardians.games.realms.cards import load_content
    from guardians.games.realms.decks import DeckFileError, check_deck, read_deck

    if not args.file.is_file():
        raise UsageError(f"no such deck file: {args.file}")
    try:
        content = load_content()
    except ContentErrors as exc:
        raise ContentInvalid([str(e) for e in exc.errors]) from None
    try:
        deck = read_deck(args.file, content)
    except DeckFileError as exc:
        print(exc)
        return 1
    report = check_deck(deck, content.cards)
    for line in report.problems:
        print(f"problem: {line}")
    if report.unplayable:
        print(f"not yet playable ({len(report.unplayable)} cards): {', '.join(report.unplayable)}")
    if report.ok:
        print(f"ok: {deck.name} ({deck.size} cards)")
        return 0
    return 1


COMMANDS = {"play": cmd_play, "simulate": cmd_simulate, "replay": cmd_replay}


def main(argv: Sequence[str] | None = None) -> int:
    argv = list(sys.argv[1:] if argv is None else argv)
    if argv[:1] == ["bench"]:          # the benchmark has its own option parser
        from guardians.bench import main as bench_main

        return bench_main(argv[1:])
    if argv[:1] == ["tournament"]:     # so has the tournament
        from guardians.tournament import main as tournament_main

        return tournament_main(argv[1:])
    args = build_parser().parse_args(argv)
    try:
        if args.command is None:
            return cmd_menu(args)
        if args.command == "cards":
            return cmd_cards_validate(args)
        if args.command == "deck":
            return cmd_deck_validate(args)
        return COMMANDS[args.command](args)
    except UsageError as exc:
        print(f"guardians: error: {exc}", file=sys.stderr)
        return 2
    except ContentInvalid as exc:
        for line in exc.lines:
            print(line, file=sys.stderr)
        print(f"guardians: the game's content has {counted(len(exc.lines), 'error')}; fix them first "
              f"(`guardians cards validate`)", file=sys.stderr)
        return 1
    except ModuleNotFoundError as exc:
        if exc.name and (exc.name.startswith("guardians.ui") or exc.name.startswith("pygame")):
            print(f"guardians: the game window is not available ({exc})", file=sys.stderr)
            return 1
        raise


if __name__ == "__main__":
    raise SystemExit(main())
