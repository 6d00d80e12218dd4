"""`python -m guardians.games.explore.coop_strength` (issue #17): a team of computer seats in the co-operative
game, its win rate with an interval, the party's attack against the final boss and how many battled it."""

from __future__ import annotations

from pathlib import Path

from guardians.games.explore import coop_strength
from guardians.games.explore.balance import modes_table, play_mode


def test_the_report_counts_each_game_and_names_its_command(tmp_path: Path) -> None:
    out = tmp_path / "coop.md"
    argv = ["--players", "2", "--seat", "ai:greedy", "--games", "2", "--out", str(out)]
    assert coop_strength.main(argv) == 0
    text = out.read_text(encoding="utf-8")
    games = [play_mode(seed, 2, "coop", "ai:greedy") for seed in (0, 1)]
    won = sum(g["won"] for g in games)
    assert f"| 2 | coop | 2 | {won} ({won / 2:.0%}) |" in text
    assert "python -m guardians.games.explore.coop_strength --players 2 --seat ai:greedy --games 2" in text
    assert "Why multiplayer" not in text                       # the greedy report's explanation stays there


def test_the_balance_report_keeps_its_explanation() -> None:
    lines = modes_table({(2, "coop"): [{"won": True, "total": 30, "need": 24, "fighters": 2, "blue": True}]},
                        "ai:greedy")
    assert "| 2 | coop | 1 | 1 (100%) |" in "\n".join(lines)
    assert any(line.startswith("Why multiplayer") for line in lines)


def test_each_game_is_recorded_as_it_ends_and_a_later_run_plays_only_the_seeds_not_recorded(tmp_path: Path,
                                                                                             monkeypatch) -> None:
    """A team of Hard seats plays for hours: the row is filled over several sittings (`--out` keeps the games
    in `<out>.jsonl`), and a record is keyed by what it depends on, so another seat or player count is its own."""
    out = tmp_path / "coop.md"
    base = ["--players", "2", "--seat", "ai:greedy", "--out", str(out)]
    assert coop_strength.main(base + ["--games", "2"]) == 0
    records = out.with_suffix(".jsonl")
    assert len(records.read_text(encoding="utf-8").splitlines()) == 2
    played: list[int] = []
    timed = coop_strength._timed

    def counted(seed: int, players: int, seat: str) -> dict:
        played.append(seed)
        return timed(seed, players=players, seat=seat)

    monkeypatch.setattr(coop_strength, "_timed", counted)
    assert coop_strength.main(base + ["--games", "3"]) == 0
    assert played == [2]                                           # seeds 0 and 1 were read, not replayed
    assert len(records.read_text(encoding="utf-8").splitlines()) == 3
    games = [play_mode(seed, 2, "coop", "ai:greedy") for seed in (0, 1, 2)]
    won = sum(g["won"] for g in games)
    assert f"| 2 | coop | 3 | {won} ({won / 3:.0%}) |" in out.read_text(encoding="utf-8")
    assert coop_strength.main(["--players", "3", "--seat", "ai:greedy", "--games", "1", "--out", str(out)]) == 0
    assert played == [2, 0]                                        # another player count: its own records


def test_a_row_not_yet_played_in_full_says_how_many_games_it_holds() -> None:
    games = [{"won": True, "total": 30, "need": 24, "fighters": 2, "blue": True}]
    text = coop_strength.report(3, "ai:ismcts:1000ms", games, "python -m ...", 60.0, asked=20)
    assert "1 of the 20 games asked for are played so far" in text and "| 3 | coop | 1 | 1 (100%) |" in text
    assert "played so far" not in coop_strength.report(3, "ai:ismcts:1000ms", games, "python -m ...", 60.0, asked=1)
