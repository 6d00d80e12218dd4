"""Balance report for chronicles: greedy seats on both sides over seeded games, per scenario, as Markdown.

    python -m guardians.games.chronicles.balance --games 24 --jobs 2 --out docs/balance/chronicles.md

Targets (spec §4.7, first reading): the Liberty Patrol wins 55-65 % on Easy and 45-55 % on Challenging and
Difficult; games last 8-14 turns. Each seed plays every scenario at the recommended number of heroes.
"""

from __future__ import annotations

from collections import Counter, defaultdict

from guardians import balance
from guardians.ai import make_player
from guardians.engine import GameConfig

TARGETS = {"easy": (0.55, 0.65), "challenging": (0.45, 0.55), "difficult": (0.45, 0.55)}


def play_one(seed: int, seat_spec: str = "ai:greedy") -> dict:
    """Every scenario once with this seed; only plain data crosses the process boundary."""
    from guardians.engine import registry
    import guardians.games.chronicles as game
    from guardians.games.chronicles.cards import load_content
    from guardians.games.chronicles.rules import ChroniclesState

    if "chronicles" not in registry.game_ids():
        registry.register("chronicles", game)
    box = load_content().box
    out = []
    for sid, scenario in sorted(box.scenarios.items()):
        players = scenario.recommended_heroes + 1
        config = GameConfig("chronicles", players, (seat_spec,) * players, options=(("scenario", sid),))
        state = ChroniclesState(config, seed)
        bots = [make_player(seat_spec, "chronicles", seed * 7 + s) for s in range(players)]
        decisions = 0
        while not state.is_over:
            state.apply(bots[state.decision.seat].choose(state))  # type: ignore[union-attr]
            decisions += 1
        out.append({
            "scenario": sid, "difficulty": scenario.difficulty, "heroes": players - 1, "winner": state.winner,
            "turns": state.turn, "reason": state.end_reason, "decisions": decisions,
            "articles": list(state.articles), "knocked_out": sum(not h.in_play for h in state.heroes.values()),
            "objectives": {f: o[2] for f, o in state.objectives.items()},
        })
    return {"seed": seed, "games": out}


def summarise(seeds: list[dict]) -> dict:
    games = [g for s in seeds for g in s["games"]]
    by: dict[str, list[dict]] = defaultdict(list)
    for g in games:
        by[g["scenario"]].append(g)
    rows = {}
    for sid, gs in sorted(by.items()):
        rows[sid] = {
            "difficulty": gs[0]["difficulty"], "heroes": gs[0]["heroes"], "games": len(gs),
            "hero_rate": sum(g["winner"] == "heroes" for g in gs) / len(gs),
            "turns": sum(g["turns"] for g in gs) / len(gs),
            "ko": sum(g["knocked_out"] for g in gs) / len(gs),
            "neutralized": sum(v == "heroes" for g in gs for v in g["objectives"].values()) /
            max(1, sum(len(g["objectives"]) for g in gs)),
        }
    per_diff: dict[str, list[dict]] = defaultdict(list)
    for g in games:
        per_diff[g["difficulty"]].append(g)
    diffs = {d: sum(g["winner"] == "heroes" for g in gs) / len(gs) for d, gs in per_diff.items()}
    reasons = Counter(g["reason"].split(":")[0] for g in games)
    return {"rows": rows, "diffs": diffs, "reasons": reasons, "games": len(games),
            "turns": sum(g["turns"] for g in games) / max(1, len(games))}


def report(summary: dict, command: str, seconds: float) -> str:
    ok, section = balance.ok, balance.section
    lines = [
        "# chronicles — balance by simulation",
        "",
        f"Greedy seats on both sides (`ai:greedy`, one ply on a determinized world), every scenario at its "
        f"recommended number of heroes, Normal rank, {summary['games']} games, {summary['turns']:.1f} turns on "
        f"average. {balance.made(seconds)}",
        "",
        f"    {command}",
        "",
        "One-ply greedy play is weak on both sides (a move's worth shows only after the attack or check it "
        "enables), so these figures say more about the content's pace than about skilled play.",
    ]
    lines += section("Patrol win rate by difficulty")
    lines += balance.table(("difficulty", "Patrol wins", "target", "met"), [
        (d, f"{rate:.0%}", f"{TARGETS[d][0]:.0%}–{TARGETS[d][1]:.0%}", ok(TARGETS[d][0] <= rate <= TARGETS[d][1]))
        for d, rate in sorted(summary["diffs"].items(), key=lambda kv: list(TARGETS).index(kv[0]))])
    lines += section("Per scenario")
    lines += balance.table(("scenario", "difficulty", "heroes", "games", "Patrol wins", "turns",
                            "objectives neutralized", "heroes knocked out"), [
        (sid, r["difficulty"], r["heroes"], r["games"], f"{r['hero_rate']:.0%}", f"{r['turns']:.1f}",
         f"{r['neutralized']:.0%}", f"{r['ko']:.2f}") for sid, r in summary["rows"].items()])
    lines += section("How games ended")
    lines += balance.table(("reason", "games"), summary["reasons"].most_common())
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    return balance.main(
        argv, module="guardians.games.chronicles.balance", description=__doc__.splitlines()[0], play_one=play_one,
        games=24, chunksize=1,
        report=lambda args, games, command, seconds: report(summarise(games), command, seconds))


if __name__ == "__main__":
    raise SystemExit(main())
