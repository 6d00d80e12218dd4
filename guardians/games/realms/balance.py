"""Balance report for realms: greedy vs greedy over the theme-deck pairings, written as Markdown.

    python -m guardians.games.realms.balance --games 300 --jobs 2 --out docs/balance/realms.md

Each game `seed` plays one ordered pairing of the six theme decks (seat 0's deck first), so every deck meets
every other from both seats. Reported: win rates per deck and pairing, how games end, game length.
"""

from __future__ import annotations

import itertools
from collections import Counter, defaultdict

from guardians import balance
from guardians.ai import make_player
from guardians.engine import GameConfig

DECKS = ("knights_theme", "slag_beast_theme", "undead_theme", "pirates_theme", "giants_and_fairies_theme",
         "guidebook_the_deck")
PAIRINGS = list(itertools.permutations(DECKS, 2))


def play_one(seed: int, seat_spec: str = "ai:greedy") -> dict:
    """One game; returns what the report needs (no state crosses the process boundary)."""
    from guardians.games.realms.rules import RealmsState

    decks = PAIRINGS[seed % len(PAIRINGS)]
    config = GameConfig("realms", 2, (seat_spec,) * 2, options=(("decks", decks),))
    state = RealmsState(config, seed)
    bots = [make_player(seat_spec, "realms", seed * 7 + s) for s in range(2)]
    while not state.is_over:
        state.apply(bots[state.decision.seat].choose(state))  # type: ignore[union-attr]
    result = state.result
    assert result is not None
    return {"seed": seed, "decks": decks, "winners": list(result.winners), "reason": result.reason,
            "rounds": state.round, "first": state.order[0]}


def summarise(games: list[dict]) -> dict:
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])   # wins of a, of b, draws
    seat_wins = [0, 0]
    for g in games:
        a, b = g["decks"]
        key = tuple(sorted((a, b)))
        played[a] += 1
        played[b] += 1
        if not g["winners"]:
            pair[key][2] += 1
            continue
        w = g["winners"][0]
        seat_wins[w] += 1
        deck = g["decks"][w]
        won[deck] += 1
        pair[key][0 if deck == key[0] else 1] += 1
    return {"games": len(games), "played": played, "won": won, "pairs": dict(pair), "seat_wins": seat_wins,
            "reasons": Counter(g["reason"] for g in games),
            "rounds": sum(g["rounds"] for g in games) / max(1, len(games)),
            "longest": max((g["rounds"] for g in games), default=0)}


def report(summary: dict, command: str, seconds: float, names: dict[str, str]) -> str:
    games = summary["games"]
    lines = [
        "# realms — balance by simulation",
        "",
        f"Greedy vs greedy, 2 players, the six theme decks in every ordered pairing ({games} seeded games, "
        f"{summary['rounds']:.1f} rounds on average, longest {summary['longest']}). {balance.made(seconds)}",
        "",
        f"    {command}",
        "",
        f"Seat 0 won {summary['seat_wins'][0]}, seat 1 won {summary['seat_wins'][1]}.",
    ]
    lines += balance.section("Decks (win rate over all their games)")
    lines += balance.table(("deck", "games", "wins", "win rate"), [
        (names[d], summary["played"][d], summary["won"][d], f"{summary['won'][d] / max(1, summary['played'][d]):.0%}")
        for d in sorted(summary["played"], key=lambda d: -summary["won"][d] / max(1, summary["played"][d]))])
    lines += balance.section("Pairings (both seat orders together)")
    lines += balance.table(("deck A", "deck B", "A wins", "B wins", "draws"), [
        (names[a], names[b], *summary["pairs"][(a, b)]) for a, b in sorted(summary["pairs"])])
    close = min(summary["pairs"], key=lambda k: (abs(summary["pairs"][k][0] - summary["pairs"][k][1]), k))
    lines += balance.section("First-game pairing")
    lines += [f"The closest pairing: {names[close[0]]} against {names[close[1]]} "
              f"({summary['pairs'][close][0]}–{summary['pairs'][close][1]}). The 2-player default "
              f"(`rules/state.py: DEFAULT_DECKS`) is Knights against Giants and Fairies: both play Rak Nam behind "
              f"Carreg Amroth, so only the decks differ."]
    lines += balance.section("How games ended")
    lines += balance.table(("reason", "games"), summary["reasons"].most_common())
    return "\n".join(lines) + "\n"


def main(argv: list[str] | None = None) -> int:
    from guardians.games.realms.cards import load_content

    content = load_content()
    names = {d: content.decks[d].name for d in DECKS}
    return balance.main(
        argv, module="guardians.games.realms.balance", description=__doc__.splitlines()[0], play_one=play_one,
        games=300, chunksize=5,
        report=lambda args, games, command, seconds: report(summarise(games), command, seconds, names))


if __name__ == "__main__":
    raise SystemExit(main())
