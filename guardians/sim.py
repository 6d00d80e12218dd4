"""`guardians simulate`: many headless AI-vs-AI games, for balance numbers, speed and crash hunting.

No pygame here (a test imports this module in a fresh interpreter). Everything is seeded: the same
arguments play the same games, so a crash found here is reproduced from the file it leaves behind.
"""

from __future__ import annotations

import json
import time
import traceback
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from guardians.ai import make_player
from guardians.engine.actions import Action
from guardians.engine.registry import get_game
from guardians.engine.state import GameConfig, GameState

DEFAULT_MAX_DECISIONS = 20000


def seat_specs_for_game(specs: list[str], players: int, index: int) -> tuple[str, ...]:
    """Game `index` gives seat j the spec (index + j) % len(specs): every spec takes every seat."""
    return tuple(specs[(index + j) % len(specs)] for j in range(players))


def game_seed(seed: int, index: int) -> int:
    return seed + index


def player_seed(seed: int, seat: int) -> int:
    """Each seat's AI gets its own stream, derived from the game's seed."""
    return seed * 1009 + seat + 1


@dataclass
class GameOutcome:
    seed: int
    config: GameConfig
    decisions: int
    seconds: float
    winners: tuple[int, ...] = ()
    draw: bool = False
    coop_loss: bool = False
    error: str | None = None
    error_file: Path | None = None


@dataclass
class SimReport:
    game: str
    seats: list[str]
    players: int
    variant: str
    seed: int
    outcomes: list[GameOutcome] = field(default_factory=list)
    seconds: float = 0.0
    options: tuple[tuple[str, Any], ...] = ()      # the game's set-up options given (--option)

    @property
    def games(self) -> int:
        return len(self.outcomes)

    @property
    def finished(self) -> list[GameOutcome]:
        return [o for o in self.outcomes if o.error is None]

    @property
    def errors(self) -> int:
        return len(self.outcomes) - len(self.finished)

    @property
    def error_files(self) -> list[str]:
        return [str(o.error_file) for o in self.outcomes if o.error_file is not None]

    def wins(self) -> dict[str, int]:
        """Wins per seat spec (a game won by two seats with one spec counts once for it)."""
        counts = {spec: 0 for spec in dict.fromkeys(self.seats)}
        for outcome in self.finished:
            for spec in {outcome.config.seats[w] for w in outcome.winners}:
                counts[spec] += 1
        return counts

    def to_json(self) -> dict[str, Any]:
        finished = self.finished
        played = len(finished)
        return {
            "game": self.game,
            "games": self.games,
            "players": self.players,
            "variant": self.variant,
            "seed": self.seed,
            "options": {name: list(value) if isinstance(value, tuple) else value for name, value in self.options},
            "seats": list(self.seats),
            "wins": self.wins(),
            "draws": sum(1 for o in finished if o.draw),
            "coop_losses": sum(1 for o in finished if o.coop_loss),
            "first_seat_wins": sum(1 for o in finished if 0 in o.winners),
            "errors": self.errors,
            "error_files": self.error_files,
            "avg_decisions": round(sum(o.decisions for o in finished) / played, 2) if played else 0.0,
            "avg_seconds_per_game": round(sum(o.seconds for o in self.outcomes) / self.games, 6)
            if self.games else 0.0,
            "games_per_sec": round(self.games / self.seconds, 3) if self.seconds > 0 else 0.0,
        }

    def summary(self) -> str:
        data = self.to_json()
        options = "".join(f", {name}={','.join(value) if isinstance(value, tuple) else value}"
                          for name, value in self.options)
        lines = [f"{data['games']} games of {self.game} ({self.players} players, {self.variant}{options}), "
                 f"seed {self.seed}, seats rotated: {', '.join(self.seats)}"]
        for spec, count in data["wins"].items():
            lines.append(f"  {spec:<12} won {count}")
        losses = f", co-operative losses {data['coop_losses']}" if data["coop_losses"] else ""
        lines.append(f"  draws {data['draws']}{losses}, first seat won {data['first_seat_wins']}, "
                     f"errors {data['errors']}")
        lines.append(f"  {data['avg_decisions']} decisions a game, {data['games_per_sec']} games/s")
        for path in self.error_files:
            lines.append(f"  error report written: {path}")
        return "\n".join(lines)


class Playout:
    """One seeded AI-vs-AI game. Keeps the state and the action being tried, so a crash can be reported."""

    def __init__(self, config: GameConfig, seed: int) -> None:
        self.config = config
        self.seed = seed
        self.state: GameState | None = None
        self.trying: Action | None = None
        self.decisions = 0

    def run(self, max_decisions: int) -> GameState:
        """Play to the end. Raises on a crash or when the game runs past `max_decisions`."""
        config = self.config
        self.state = state = get_game(config.game).new_game(config, self.seed)
        players = [make_player(spec, config.game, player_seed(self.seed, seat))
                   for seat, spec in enumerate(config.seats)]
        while not state.is_over:
            decision = state.decision
            if decision is None:
                raise RuntimeError("the game is not over but offers no decision")
            if self.decisions >= max_decisions:
                raise TimeoutError(f"no result after {max_decisions} decisions")
            self.trying = players[decision.seat].choose(state)
            state.apply(self.trying)
            self.trying = None
            self.decisions += 1
        return state

    def actions(self) -> list[Action]:
        """The actions applied so far, then the one that was being chosen or applied at a crash."""
        applied = [entry.action for entry in self.state.history] if self.state is not None else []
        return applied + ([self.trying] if self.trying is not None else [])


def write_error_report(directory: Path, config: GameConfig, seed: int, actions: list[Action],
                       error: str, crashed_on_last: bool = False) -> Path:
    """Everything needed to reproduce a failed game from its config, seed and actions.

    When `crashed_on_last` is set, the last action is the one whose choice or application raised.
    """
    directory.mkdir(parents=True, exist_ok=True)
    path = directory / f"simulate-errors-{config.game}-{seed}.json"
    report = {
        "game": config.game,
        "seed": seed,
        "config": config.to_json(),
        "actions": [action.to_json() for action in actions],
        "crashed_on_last_action": crashed_on_last,
        "error": error,
    }
    path.write_text(json.dumps(report, indent=1), encoding="utf-8")
    return path


def simulate(game_id: str, seat_specs: list[str], games: int, seed: int, players: int | None = None,
             variant: str = "standard", max_decisions: int = DEFAULT_MAX_DECISIONS,
             errors_dir: Path | None = None, options: tuple[tuple[str, Any], ...] = ()) -> SimReport:
    """Play `games` seeded games; errors are counted and reported to files, never raised."""
    if not seat_specs:
        raise ValueError("simulate needs at least one seat spec")
    players = players or len(seat_specs)
    report = SimReport(game_id, list(seat_specs), players, variant, seed, options=tuple(options))
    started = time.perf_counter()
    for index in range(games):
        config = GameConfig(game_id, players, seat_specs_for_game(seat_specs, players, index), variant,
                            options=options)
        this_seed = game_seed(seed, index)
        began = time.perf_counter()
        playout = Playout(config, this_seed)
        try:
            state = playout.run(max_decisions)
        except Exception as exc:  # a crash is a finding to report, not a reason to stop
            outcome = GameOutcome(this_seed, config, playout.decisions, time.perf_counter() - began,
                                  error=f"{type(exc).__name__}: {exc}")
            outcome.error_file = write_error_report(
                errors_dir or Path.cwd(), config, this_seed, playout.actions(),
                "".join(traceback.format_exception(exc)), crashed_on_last=playout.trying is not None)
        else:
            result = state.result
            assert result is not None
            outcome = GameOutcome(this_seed, config, playout.decisions, time.perf_counter() - began,
                                  winners=result.winners, draw=result.is_draw, coop_loss=result.coop_loss)
        report.outcomes.append(outcome)
    report.seconds = time.perf_counter() - started
    return report
