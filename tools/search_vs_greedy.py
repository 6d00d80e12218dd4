"""ISMCTS settings against the greedy player, seats swapped game by game (issue #17's tuning runs).

    python tools/search_vs_greedy.py realms --games 40 --budget 100it --prior 16 --depth 4
    python tools/search_vs_greedy.py chronicles --games 20 --budget 100it --prior 0 --depth 30

An iteration budget makes the play independent of the machine's load (the strength table's millisecond
budgets are not). Game i uses seed `--seed + i`; ISMCTS sits first in even games. Prints each game and the
score (a win 1, a draw or a game nobody won ½) with its 95 % interval, and the score by seat: a game whose
seats differ (realms' theme decks, chronicles' sides) shows it there. `--seat` keeps ISMCTS in one seat (to
tune the side it plays badly).
"""

from __future__ import annotations

import argparse
import time

from guardians.ai import GreedyPlayer, rollout_policy
from guardians.ai.ismcts import Budget, ISMCTSPlayer, random_policy, relative_value
from guardians.engine.registry import get_game
from guardians.engine.state import GameConfig
from guardians.sim import player_seed
from guardians.tournament import wilson


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("game")
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--budget", default="100it")
    parser.add_argument("--prior", type=int, default=0, help="visits each root option's one-ply reward counts as")
    parser.add_argument("--depth", type=int, default=30, help="rollout depth")
    parser.add_argument("--seat", type=int, choices=(1, 2), default=None,
                        help="ISMCTS always in this seat (default: seats swapped game by game)")
    args = parser.parse_args()
    game = get_game(args.game)
    policy = rollout_policy(args.game) or random_policy
    total = 0.0
    by_seat: dict[int, list[float]] = {0: [], 1: []}
    for seed in range(args.seed, args.seed + args.games):
        mine = args.seat - 1 if args.seat else seed % 2
        config = GameConfig(args.game, 2, ("ai:greedy", "ai:greedy"), game.INFO.variants[0])
        state = game.new_game(config, seed)
        players = [ISMCTSPlayer(relative_value(game.evaluate), Budget.parse(args.budget), player_seed(seed, s),
                                policy=policy, rollout_depth=args.depth, prior_visits=args.prior) if s == mine
                   else GreedyPlayer(game.evaluate, player_seed(seed, s)) for s in range(2)]
        began, decisions = time.time(), 0
        while not state.is_over and decisions < 20000:
            state.apply(players[state.decision.seat].choose(state))  # type: ignore[union-attr]
            decisions += 1
        result = state.result
        score = 0.5 if result is None or len(result.winners) != 1 else float(result.winners[0] == mine)
        total += score
        by_seat[mine].append(score)
        print(f"seed {seed}: ISMCTS in seat {mine + 1}, score {score}, {decisions} decisions, "
              f"{time.time() - began:.0f} s", flush=True)
    low, high = wilson(total, args.games)
    print(f"ISMCTS {args.budget} prior {args.prior} depth {args.depth} against greedy: {total:g} of {args.games} "
          f"({total / args.games:.0%}, 95 % {low:.0%}-{high:.0%}); by seat: "
          + ", ".join(f"seat {s + 1} {sum(v):g} of {len(v)}" for s, v in by_seat.items()))


if __name__ == "__main__":
    main()
