"""Balance report for explore: win rates per player count and mode, and the solo score distribution.

    python -m guardians.games.explore.balance --games 1000 --mode-games 40 --jobs 2 --out docs/balance/explore.md

First `--mode-games` games of every mode in `MODES` (player count and variant, every seat `--seat`): how
often the final boss falls (the game is won), with a 95 % Wilson interval, and how far the party's attack
was from it.

One player, Guardian difficulty (the `standard` variant), greedy AI, game i uses seed `--seed + i`. The
score is what the rulebook's ONE PLAYER MODE rates (trophies plus completed quests; 30+ True Guardian,
25+ Guardian, 20+ Apprentice); a game whose final boss was not defeated is lost whatever the score.
"""

from __future__ import annotations

import argparse
import functools
import statistics
from collections import Counter

from guardians import balance
from guardians.ai import make_player
from guardians.balance import wilson
from guardians.engine import GameConfig


def play_one(seed: int, players: int = 1, variant: str = "standard") -> dict:
    """One game; returns what the report needs (no state crosses the process boundary)."""
    from guardians.games.explore.rules import ExploreState

    config = GameConfig("explore", players, ("ai:greedy",) * players, variant)
    state = ExploreState(config, seed)
    bots = [make_player("ai:greedy", "explore", seed * 7 + s) for s in range(players)]
    decisions = 0
    while not state.is_over:
        state.apply(bots[state.decision.seat].choose(state))  # type: ignore[union-attr]
        decisions += 1
    result = state.result
    assert result is not None
    score = result.scores[0]
    met = [state.content.quests[state.quests[q]].name for q in state.p[0].quests if state.quest_met(0, q)]
    owned = state.p[0].hand + state.p[0].deck + state.p[0].discard + state.p[0].persist + state.p[0].chain
    return {
        "seed": seed,
        "score": score,
        "won": not result.coop_loss,
        "rating": state.rating(score),
        "trophies": state.trophy_points(0),
        "quests_met": met,
        "quests_kept": [state.content.quests[state.quests[q]].name for q in state.p[0].quests],
        "blue": (state.bosses["blue"], bool(state.boss_done.get("blue"))),
        "red": (state.bosses["red"], bool(state.boss_done.get("red"))),
        "decisions": decisions,
        "cards": Counter(state.cards[i] for i in owned if state.content.cards[state.cards[i]].type
                         in ("skill", "item", "familiar")),
    }


MODES = ((1, "standard"), (2, "standard"), (3, "standard"), (4, "standard"), (5, "standard"), (3, "coop"),
         (1, "apprentice"), (3, "apprentice"), (3, "apprentice_coop"))


def play_mode(seed: int, players: int, variant: str, seat: str) -> dict:
    """One game of a mode: won or not, and the final boss battle (the party's attack, the need, fighters)."""
    from guardians.games.explore.rules import ExploreState

    config = GameConfig("explore", players, (seat,) * players, variant)
    state = ExploreState(config, seed)
    bots = [make_player(seat, "explore", seed * 7 + s) for s in range(players)]
    final = {"total": 0, "need": 0, "fighters": 0}
    while not state.is_over:
        state.apply(bots[state.decision.seat].choose(state))  # type: ignore[union-attr]
        for event in state.events:
            if event.kind == "boss" and event.get("need") is not None and event.get("colour") == state.final_colour:
                final = {"total": event["total"], "need": event["need"], "fighters": len(event["fighters"])}
    assert state.result is not None
    return {"won": not state.result.coop_loss, "blue": bool(state.boss_done.get("blue")), **final}


def modes_table(results: dict[tuple[int, str], list[dict]], seat: str, why: bool = True) -> list[str]:
    """The modes' win rates; `why`: with what the greedy games showed about multiplayer losses."""
    rows = []
    for (players, variant), games in results.items():
        n = len(games)
        won = sum(g["won"] for g in games)
        low, high = wilson(won, n)
        ratio = statistics.mean(g["total"] / g["need"] for g in games if g["need"]) if n else 0.0
        fighters = statistics.mean(g["fighters"] for g in games) if n else 0.0
        blue = "—" if variant.startswith("apprentice") else f"{sum(g['blue'] for g in games)}"
        rows.append((players, variant, n, f"{won} ({won / max(1, n):.0%})", f"{low:.0%}–{high:.0%}",
                     f"{ratio:.2f}", f"{fighters:.1f}", blue))
    lines = [f"Every seat `{seat}`; a game is won when the final boss (Red; Blue in the Apprentice game) is",
             "defeated. *Attack / need*: the party's attack against the final boss over its value × players",
             "(mean); *fighters*: how many seats battled it.", "",
             *balance.table(("players", "variant", "games", "won", "95 % interval", "attack / need", "fighters",
                             "Blue boss beaten"), rows)]
    if not why:
        return lines
    return lines + [
            "",
            "Why multiplayer Guardian games are lost (issue #17): the boss rules are as printed (value x players,",
            "counters converted to attack, any seat may battle it, Apprentice seats must); the seats now battle it",
            "together whenever their joint attack can reach it (`boss_value` in `ai.py`). What is short is the",
            "attack itself: with everyone fighting, a Guardian party of three could bring about 0.7 of the need",
            "(20 games measured), a solo deck about all of it. Multiplayer decks carry more Practice Swings (every Orc another seat",
            "defeats puts one on top of each other deck; the box holds 25 - 5 x players), fewer Warlock trophies",
            "(persistent attack) each, and lose Home (their trashing) whenever the Blue boss is not beaten; greedy",
            "one-ply play does not plan the several rounds of trashing and buying that would make up for it."]


def summarise(games: list[dict]) -> dict:
    scores = [g["score"] for g in games]
    won = [g for g in games if g["won"]]
    buckets = Counter(min(g["score"] // 5 * 5, 50) for g in games)
    ratings = Counter(g["rating"] for g in games)
    won_ratings = Counter(g["rating"] for g in won)
    bosses: dict[str, list[int]] = {}
    for g in games:
        for boss, beaten in (g["blue"], g["red"]):
            entry = bosses.setdefault(boss, [0, 0])
            entry[0] += 1
            entry[1] += beaten
    kept: Counter[str] = Counter()
    met: Counter[str] = Counter()
    for g in games:
        kept.update(g["quests_kept"])
        met.update(g["quests_met"])
    cards: Counter[str] = Counter()
    for g in games:
        cards.update(g["cards"])
    return {
        "games": len(games), "won": len(won), "scores": scores, "buckets": buckets, "ratings": ratings,
        "won_ratings": won_ratings, "bosses": bosses, "kept": kept, "met": met, "cards": cards,
        "mean": statistics.mean(scores), "median": statistics.median(scores),
        "stdev": statistics.pstdev(scores), "won_mean": statistics.mean([g["score"] for g in won]) if won else 0.0,
        "decisions": statistics.mean(g["decisions"] for g in games),
        "trophies": statistics.mean(g["trophies"] for g in games),
    }


def speed(games: int) -> dict:
    """Random seats, 4 players, Guardian mode: what `guardians simulate` measures (one process)."""
    from guardians import sim

    data = sim.simulate("explore", ["ai:random"], games, 0, 4, "standard").to_json()
    return {"games": games, "per_sec": data["games_per_sec"], "decisions": data["avg_decisions"],
            "errors": data["errors"]}


def report(s: dict, command: str, seconds: float, names: dict[str, str], titles: list[str],
           fast: dict | None = None, modes: list[str] | None = None) -> str:
    n = s["games"]
    lines = [
        "# explore — win rates per player count and mode; the greedy AI's solo score distribution",
        "",
        f"{balance.made(seconds)}",
        "",
        f"    {command}",
        "",
    ]
    if modes:
        lines += ["## Win rates per player count and mode", "", *modes, "", "## Solo score distribution", ""]
    lines += [
        f"One player, Guardian difficulty (`standard`), greedy AI, {n} seeded games (seeds from the command's "
        f"`--seed`), {s['decisions']:.0f} decisions a game.",
        "",
        "The score is trophy points plus completed quests, rated as ONE PLAYER MODE prints it; a game is won",
        "only if the final (Red) boss is defeated.",
        "",
        *balance.table(("measure", "value"), [
            ("final boss defeated (game won)", f"{s['won']} of {n} ({s['won'] / n:.1%})"),
            ("score: mean / median / st. dev.", f"{s['mean']:.1f} / {s['median']:.1f} / {s['stdev']:.1f}"),
            ("mean score of won games", f"{s['won_mean']:.1f}"),
            ("mean trophy points", f"{s['trophies']:.1f}"),
            ("min / max score", f"{min(s['scores'])} / {max(s['scores'])}"),
        ]),
    ]
    lines += balance.section("Ratings")
    lines += balance.table(("rating", "all games", "won games"), [
        (title, f"{s['ratings'].get(title, 0)} ({s['ratings'].get(title, 0) / n:.1%})",
         s["won_ratings"].get(title, 0)) for title in titles])
    lines += balance.section("Score distribution") + ["| score | games | |", "|---|---|---|"]
    top = max(s["buckets"].values()) if s["buckets"] else 1
    for low in range(0, 55, 5):
        count = s["buckets"].get(low, 0)
        label = f"{low}+" if low == 50 else f"{low}–{low + 4}"
        lines.append(f"| {label} | {count} | {'█' * round(40 * count / top)} |")
    lines += balance.section("Bosses")
    lines += balance.table(("boss", "games", "defeated"), [
        (names.get(boss, boss), games, f"{beaten} ({beaten / max(1, games):.0%})")
        for boss, (games, beaten) in sorted(s["bosses"].items(), key=lambda kv: names.get(kv[0], kv[0]))])
    lines += balance.section("Secret quests (kept, completed)")
    lines += balance.table(("quest", "kept", "completed"), [
        (quest, count, f"{s['met'].get(quest, 0)} ({s['met'].get(quest, 0) / count:.0%})")
        for quest, count in s["kept"].most_common()])
    if fast:
        lines += ["", "## Speed", "",
                  f"Random seats, 4 players, Guardian mode: {fast['per_sec']:.0f} games per second "
                  f"({fast['games']} games, {fast['decisions']:.0f} decisions a game, {fast['errors']} errors), "
                  "timed with the runner behind",
                  "",
                  f"    guardians simulate --game explore --players 4 --seat ai:random --games {fast['games']} --json",
                  "",
                  "(its `games_per_sec`)."]
    lines += balance.section("Cards owned at the end (all games)")
    lines += balance.table(("card", "copies"),
                           [(names.get(card, card), count) for card, count in s["cards"].most_common()])
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from guardians.games.explore.cards import load_content

    content = load_content()
    names = {cid: c.name for cid, c in content.cards.items()}
    names.update({bid: b.name for bid, b in content.bosses.items()})
    titles = [t for _, t in content.setup.solo_ratings]

    def options(parser: argparse.ArgumentParser) -> None:
        parser.add_argument("--speed", type=int, default=200, help="random 4-player games to time (0: skip)")
        parser.add_argument("--mode-games", type=int, default=40, help="games of every mode in MODES (0: skip)")
        parser.add_argument("--seat", default="ai:greedy", help="the AI of every seat in the modes' games")

    def write(args: argparse.Namespace, games: list[dict], command: str, seconds: float) -> str:
        fast = speed(args.speed) if args.speed else None
        modes = None
        if args.mode_games:
            seeds = list(range(args.seed, args.seed + args.mode_games))
            results = {(players, variant): balance.play_all(
                functools.partial(play_mode, players=players, variant=variant, seat=args.seat), seeds, args.jobs, 1)
                for players, variant in MODES}
            modes = modes_table(results, args.seat)
        return report(summarise(games), command, seconds, names, titles, fast, modes)

    return balance.main(argv, module="guardians.games.explore.balance", description=__doc__.splitlines()[0],
                        play_one=play_one, games=1000, chunksize=10, report=write, options=options)


if __name__ == "__main__":
    raise SystemExit(main())
