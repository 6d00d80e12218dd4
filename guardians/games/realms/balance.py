"""Balance report for realms: greedy vs greedy over the theme-deck pairings, written as Markdown.

    python -m guardians.games.realms.balance --games 4500 --four-games 200 --out docs/balance/realms.md

Each game `seed` plays one ordered pairing of the six theme decks (seat 0's deck first), so every deck meets
every other from both seats. Reported: win rates per deck and pairing, how games end, game length, the
2-player first-game decks (`DEFAULT_DECKS`) seat by seat, and `--four-games` 4-player games of the 4-player
first-game decks, each deck rotated through the seats.
"""

from __future__ import annotations

import argparse
import itertools
from collections import Counter, defaultdict

from guardians import balance
from guardians.ai import make_player
from guardians.engine import GameConfig
from guardians.games.realms.rules.state import DEFAULT_DECKS

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


def play_four(seed: int, seat_spec: str = "ai:greedy") -> dict:
    """One 4-player game of the first-game decks, turned by `seed` so that each deck plays every seat."""
    from guardians.games.realms.rules import RealmsState

    base = DEFAULT_DECKS[4]
    decks = base[seed % 4:] + base[:seed % 4]
    state = RealmsState(GameConfig("realms", 4, (seat_spec,) * 4, options=(("decks", decks),)), seed)
    bots = [make_player(seat_spec, "realms", seed * 7 + s) for s in range(4)]
    while not state.is_over:
        state.apply(bots[state.decision.seat].choose(state))  # type: ignore[union-attr]
    assert state.result is not None
    return {"seed": seed, "decks": decks, "winners": list(state.result.winners)}


def four_player_lines(games: list[dict], names: dict[str, str]) -> list[str]:
    """Wins per deck (a fair share is a quarter) and per seat of the 4-player games."""
    won: Counter[str] = Counter()
    seats: Counter[int] = Counter()
    for g in games:
        for w in g["winners"]:
            won[g["decks"][w]] += 1
            seats[w] += 1
    n = len(games)
    lines = balance.section("Four players: the first-game decks")
    lines += [f"{n} greedy 4-player games of `DEFAULT_DECKS[4]`, each deck rotated through the four seats; "
              "a fair share is 25 %. Seat wins (seat 0 first): " + ", ".join(str(seats[s]) for s in range(4)) + ".",
              ""]
    lines += balance.table(("deck", "games", "wins", "share", "95 % interval"), [
        (names[d], n, won[d], f"{won[d] / max(1, n):.0%}", _interval(won[d], n)) for d in DEFAULT_DECKS[4]])
    return lines


def summarise(games: list[dict]) -> dict:
    played: Counter[str] = Counter()
    won: Counter[str] = Counter()
    pair: dict[tuple[str, str], list[int]] = defaultdict(lambda: [0, 0, 0])   # wins of a, of b, draws
    seat_wins = [0, 0]
    orders: Counter[tuple[str, str]] = Counter()      # games per ordered pairing (seat 1's deck first)
    by_seat: Counter[tuple[str, str, int]] = Counter()    # each seat's wins per ordered pairing
    for g in games:
        a, b = g["decks"]
        orders[a, b] += 1
        if len(g["winners"]) == 1:
            by_seat[a, b, g["winners"][0]] += 1
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
            "orders": orders, "by_seat": by_seat,
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
    lines += balance.table(("deck", "games", "wins", "win rate", "95 % interval"), [
        (names[d], summary["played"][d], summary["won"][d], f"{summary['won'][d] / max(1, summary['played'][d]):.0%}",
         _interval(summary["won"][d], summary["played"][d]))
        for d in sorted(summary["played"], key=lambda d: -summary["won"][d] / max(1, summary["played"][d]))])
    pairs = summary["pairs"]
    lines += balance.section("Pairings (both seat orders together)")
    lines += balance.table(("deck A", "deck B", "A wins", "B wins", "draws", "A's score", "95 % interval"), [
        (names[a], names[b], *pairs[(a, b)], f"{_score(pairs[(a, b)]) / sum(pairs[(a, b)]):.0%}",
         _interval(_score(pairs[(a, b)]), sum(pairs[(a, b)]))) for a, b in sorted(pairs)])
    close = min(pairs, key=lambda k: (abs(_score(pairs[k]) / sum(pairs[k]) - 0.5), k))
    default = tuple(sorted(DEFAULT_DECKS[2]))
    lines += balance.section("First-game pairing")
    lines += [f"The closest pairing: {_pairing(close, pairs, names)}."]
    if default in pairs:
        lines += ["", f"The 2-player default (`rules/state.py: DEFAULT_DECKS`): {_pairing(default, pairs, names)}."]
        first, second = DEFAULT_DECKS[2]
        seated, orders = summary["by_seat"], summary["orders"]
        lines += ["", f"By seat: {names[first]} won {seated[first, second, 0]} of {orders[first, second]} games "
                      f"from seat 0 and {seated[second, first, 1]} of {orders[second, first]} from seat 1."]
    lines += balance.section("How games ended")
    lines += balance.table(("reason", "games"), summary["reasons"].most_common())
    return "\n".join(lines) + "\n"


def _score(record: list[int]) -> float:
    """Deck A's score in a pairing's [A wins, B wins, draws]: a draw counts ½."""
    return record[0] + record[2] / 2


def _interval(score: float, games: int) -> str:
    low, high = balance.wilson(score, games)
    return f"{low:.0%}–{high:.0%}"


def _pairing(key: tuple[str, str], pairs: dict, names: dict[str, str]) -> str:
    """A pairing's record in words: who won how often, with the 95 % interval of the first deck's score."""
    record = pairs[key]
    games = sum(record)
    return (f"{names[key[0]]} against {names[key[1]]}, {record[0]}–{record[1]} in {games} games "
            f"({_score(record) / games:.0%} for {names[key[0]]}, 95 % interval {_interval(_score(record), games)})")


def main(argv: list[str] | None = None) -> int:
    from guardians.games.realms.cards import load_content

    content = load_content()
    names = {d: content.decks[d].name for d in DECKS}

    def write(args: argparse.Namespace, games: list[dict], command: str, seconds: float) -> str:
        text = report(summarise(games), command, seconds, names)
        if args.four_games:
            seeds = list(range(args.seed, args.seed + args.four_games))
            text += "\n".join(four_player_lines(balance.play_all(play_four, seeds, args.jobs, 1), names)) + "\n"
        return text

    return balance.main(
        argv, module="guardians.games.realms.balance", description=__doc__.splitlines()[0], play_one=play_one,
        games=300, chunksize=5, report=write,
        options=lambda parser: parser.add_argument("--four-games", type=int, default=0,
                                                   help="4-player games of the 4-player first-game decks"))


if __name__ == "__main__":
    raise SystemExit(main())
