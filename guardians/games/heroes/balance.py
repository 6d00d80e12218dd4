"""Balance report for heroes: greedy vs greedy over many seeded games, written as Markdown.

    python -m guardians.games.heroes.balance --games 2000 --jobs 2 --out docs/balance/heroes.md

Targets (issue "heroes: the complete rules…"): first-player win rate 45–55 %, each hero's win rate
when drafted 40–60 %, no location scored more than twice the average.
"""

from __future__ import annotations

from collections import Counter

from guardians import balance
from guardians.ai import make_player
from guardians.engine import GameConfig


def play_one(seed: int, seat_spec: str = "ai:greedy", players: int = 2) -> dict:
    """One game; returns what the report needs (no state crosses the process boundary)."""
    from guardians.games.heroes.rules import HeroesState

    config = GameConfig("heroes", players, (seat_spec,) * players)
    state = HeroesState(config, seed)
    bots = [make_player(seat_spec, "heroes", seed * 7 + s) for s in range(players)]
    while not state.is_over:
        state.apply(bots[state.decision.seat].choose(state))  # type: ignore[union-attr]
    winner = state.winner
    return {
        "seed": seed,
        "first_team": state.first_team,
        "winner": winner,
        "turns": state.turn_no + 1,
        "reason": state.end_reason,
        "heroes": {h.id: state.team_of(h.owner) for h in state.heroes.values()},
        "scored": {team: list(state.scored[team]) for team in (0, 1)},
    }


def summarise(games: list[dict]) -> dict:
    decided = [g for g in games if g["winner"] in (0, 1)]
    first_wins = sum(1 for g in decided if g["winner"] == g["first_team"])
    drafted: Counter[str] = Counter()
    hero_wins: Counter[str] = Counter()
    for g in decided:
        for hero, team in g["heroes"].items():
            drafted[hero] += 1
            hero_wins[hero] += team == g["winner"]
    scored: Counter[str] = Counter()
    for g in games:
        for team in (0, 1):
            scored.update(g["scored"][team])
    return {
        "games": len(games),
        "decided": len(decided),
        "draws": len(games) - len(decided),
        "first_rate": first_wins / max(1, len(decided)),
        "heroes": {h: (drafted[h], hero_wins[h] / max(1, drafted[h])) for h in sorted(drafted)},
        "scored": dict(scored),
        "avg_turns": sum(g["turns"] for g in games) / max(1, len(games)),
        "reasons": Counter(g["reason"].split(" (")[0] for g in games),
    }


def report(summary: dict, command: str, seconds: float, names: dict[str, str], locations: dict[str, str]) -> str:
    ok, section = balance.ok, balance.section
    avg_scored = sum(summary["scored"].values()) / max(1, len(locations))
    lines = [
        "# heroes — balance by simulation",
        "",
        f"Greedy vs greedy, 2 players, standard rules, {summary['games']} seeded games "
        f"({summary['draws']} drawn), {summary['avg_turns']:.1f} turns on average. {balance.made(seconds)}",
        "",
        f"    {command}",
        "",
        *balance.table(("measure", "value", "target", "met"), [
            ("first player's win rate", f"{summary['first_rate']:.1%}", "45–55 %",
             ok(0.45 <= summary["first_rate"] <= 0.55))]),
    ]
    lines += section("Heroes (win rate of the side that drafted the hero)")
    lines += balance.table(("hero", "games drafted", "win rate", "within 40–60 %"), [
        (names[hero], count, f"{rate:.1%}", ok(0.40 <= rate <= 0.60))
        for hero, (count, rate) in sorted(summary["heroes"].items(), key=lambda kv: -kv[1][1])])
    lines += section(f"Locations (times scored; average {avg_scored:.1f}, limit 2× = {2 * avg_scored:.1f})")
    lines += balance.table(("location", "times scored", "within 2× average"), [
        (locations[loc], summary["scored"].get(loc, 0), ok(summary["scored"].get(loc, 0) <= 2 * avg_scored))
        for loc in sorted(locations, key=lambda l: -summary["scored"].get(l, 0))])
    lines += section("How games ended")
    lines += balance.table(("reason", "games"), summary["reasons"].most_common())
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from guardians.games.heroes.cards import load_content

    content = load_content()
    heroes = {h: d.name for h, d in content.heroes.items()}
    locations = {l: d.name for l, d in content.locations.items()}
    return balance.main(
        argv, module="guardians.games.heroes.balance", description=__doc__.splitlines()[0], play_one=play_one,
        games=2000, chunksize=20,
        report=lambda args, games, command, seconds: report(summarise(games), command, seconds, heroes, locations))


if __name__ == "__main__":
    raise SystemExit(main())
