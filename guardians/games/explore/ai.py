"""The explore evaluation used by the greedy AI: how good a position is for one seat.

The greedy player tries every option one ply deep (on a determinized copy) and keeps the best value of
this function, so it has to see the worth of every kind of choice in the position that follows it:

- trophies and quests are points (x10); persistent trophy rewards count for the rounds left;
- the deck is judged by the mean worth of its cards (draft picks, trashing, gains), each card's worth read
  from its YAML steps, with class/family counts for "per card in play" effects;
- in the current round, before the seat's battle: attack, damage counters and energy (while it can still
  play cards), a small worth per card in hand, and the best trophy haul its attack can reach now (so that
  damage counters are placed to bring a location within reach);
- in a boss round, the attack a seat brings to the boss, more for the final boss (losing it loses all);
- Blanket Forts by the best location benefit they keep safe for the next round;
- in competitive games, a little against the best other seat.
"""

from __future__ import annotations

import math
from functools import lru_cache

from guardians.engine.state import GameState
from guardians.games.explore.rules.effects import steps_worth

# The evaluation's main weights (tuned by simulation, docs/balance/explore.md).
WEIGHTS = {
    "trophy": 10.0, "deck": 20.0, "attack": 1.5, "counters": 1.0, "energy": 0.45, "haul": 7.0,
    "reach_k": 3.2, "reach_c": 0.5, "slope": 1.4, "persistent": 1.6, "quest": 10.0,
    "bonus_attack": 4.0, "bonus_energy": 2.5,
}
REWARD_WORTH = {"robot": 2.5, "warlock": 3.5, "spider": 1.5, "orc": 0.5, "zombie": 0.0}


def _steps_worth(steps: tuple, est: dict[str, float]) -> float:
    """Each step's worth is declared with the step (rules/effects.py `STEPS`, `value=`)."""
    return steps_worth(steps, est)


@lru_cache(maxsize=64)
def _location_worth(loc_id: str) -> float:
    """What visiting a location is worth, read from its YAML steps (hooks count 1)."""
    from guardians.games.explore.cards import load_content

    location = next(loc for loc in load_content().locations if loc.id == loc_id)
    hooks = sum(1.0 for name, _ in location.effect if name.startswith(("visit_", "ignore_")))
    return 1.0 + max(0.0, _steps_worth(location.effect, {})) + hooks


@lru_cache(maxsize=4096)
def _card_worth(card_id: str, est_key: tuple) -> float:
    from guardians.games.explore.cards import load_content

    card = load_content().cards[card_id]
    est = dict(est_key)
    if card.type == "coward":
        return -1.5
    worth = _steps_worth(card.effect, est)
    if card.persistent is not None:
        worth += WEIGHTS["persistent"] * _steps_worth(card.persistent, est)
    if card.ability is not None:
        worth += (0.5 if card.ability.consume else 0.9) * _steps_worth(card.ability.steps, est)
    if card.passive.get("cleanup_draw"):
        worth += 2.5
    if card.passive.get("ignore_final_acts"):
        worth += 0.5
    return worth - 0.22 * card.requires


def _estimates(state, owned: list[int]) -> tuple:
    """How many cards of each tag a seat can expect in play at once (for per-card counts)."""
    cards = state.content.cards
    counts: dict[str, int] = {}
    size = max(1, len(owned))
    for inst in owned:
        card = cards[state.cards[inst]]
        for tag in card.tags:
            counts[tag] = counts.get(tag, 0) + 1
        counts[card.id] = counts.get(card.id, 0) + 1
        counts[card.type] = counts.get(card.type, 0) + 1
    seen = 6.0 / size
    est = {k: min(4.0, 1.0 + (v - 1) * seen) for k, v in counts.items()}
    est["not_type"] = est["item"] = 2.5
    est["attached"] = 2.0
    return tuple(sorted((k, round(v, 1)) for k, v in est.items()))


@lru_cache(maxsize=256)
def _energy_of(card_id: str) -> tuple[float, int, float]:
    """(energy a card gives when played, its requirement, persistent energy it gives every round)."""
    from guardians.games.explore.cards import load_content

    card = load_content().cards[card_id]
    energy = sum(p["amount"] for name, p in card.effect if name == "energy")
    energy += sum(p2["amount"] for name, p in card.effect if name == "with_another"
                  for n2, p2 in p["then"] if n2 == "energy") * 0.5
    if any(name in ("draw", "look_top") for name, _ in card.effect):
        energy += 0.6
    persistent = sum(p["amount"] for name, p in card.persistent or () if name == "energy")
    return energy, card.requires, persistent


def _playable(requires: int, reach: float) -> float:
    """How likely a card's energy requirement is met in a typical chain (a smooth threshold)."""
    if requires <= 0:
        return 1.0
    return 1.0 / (1.0 + math.exp((requires - reach) / WEIGHTS["slope"]))


def deck_worth(state, seat: int) -> float:
    """The mean worth of the seat's cards, each discounted by how often its energy need is reached:
    a hand of four from the deck, energy from cheap cards (requirement 0-1) and persistent energy."""
    player = state.p[seat]
    owned = [i for i in player.hand + player.deck + player.discard + player.chain + player.persist + player.drafted
             + player.super_hand if i not in state.virtual]
    if not owned:
        return 0.0
    est = _estimates(state, owned)
    cheap = 0.0
    lasting = float(player.bonus_energy)
    for i in owned:
        energy, requires, persistent = _energy_of(state.cards[i])
        if requires <= 1:
            cheap += energy
        lasting += 0.6 * persistent * (1.0 if i in player.persist else _playable(requires, 3.0))
    reach = WEIGHTS["reach_k"] * cheap / len(owned) + WEIGHTS["reach_c"] + lasting
    total = 0.0
    for i in owned:
        cid = state.cards[i]
        total += _card_worth(cid, est) * _playable(_energy_of(cid)[1], reach)
    return total / len(owned)


def hand_worth(state, seat: int, est: tuple) -> float:
    """Cards in hand that this Power Up can still play (energy permitting) are worth half their worth."""
    player = state.p[seat]
    energy = player.energy
    left = sorted(player.hand, key=lambda i: _energy_of(state.cards[i])[1])
    total = 0.3 * len(left)
    changed = True
    while changed:
        changed = False
        for i in list(left):
            gives, requires, _ = _energy_of(state.cards[i])
            if requires <= energy:
                energy += gives
                total += 0.5 * _card_worth(state.cards[i], est)
                left.remove(i)
                changed = True
    return total + sum(0.05 * _card_worth(state.cards[i], est) for i in left)


def pending_worth(state, seat: int, est: tuple, end_pu: bool, battle: bool) -> float:
    """Effects registered for the end of the Power Up and the Battle turn, not yet resolved."""
    player = state.p[seat]
    total = 0.0
    if end_pu:
        for source, steps in player.end_pu:
            for name, p in steps:
                if name == "per_count":
                    gain = 1.5 if p["gain"] == "attack" else 1.0
                    total += gain * p["each"] * state.count(seat, p["count"], source)
                else:
                    total += 1.2 * _steps_worth(((name, p),), dict(est))
    if battle:
        for source, steps in player.battle_fx:
            total += 1.0 * _steps_worth(steps, dict(est))
    return total


def quest_progress(state, seat: int, q: int) -> float:
    """0..1, 1 when the quest is met now."""
    if state.quest_met(seat, q):
        return 1.0
    name, params = state.content.quests[state.quests[q]].test
    player = state.p[seat]
    monsters = state.content.monsters
    if name == "every_family":
        return len({monsters[state.mons[m]].family for m in player.trophies}) / 5.0 * 0.7
    if name == "wave_trophies":
        return min(1.0, sum(1 for m in player.trophies if state.mwave[m] == params["wave"]) / params["at_least"]) * 0.7
    if name == "family_trophies_distinct":
        fams: dict[str, set] = {}
        for m in player.trophies:
            fams.setdefault(monsters[state.mons[m]].family, set()).add(state.mons[m])
        return max((len(v) for v in fams.values()), default=0) / params["at_least"] * 0.7
    return 0.3


def _reachable_haul(state, seat: int) -> float:
    best = 0.0
    monsters = state.content.monsters
    for loc in state.city_indices:
        here = state.mloc[loc]
        if here and state.value(loc) <= state.attack_vs(seat, loc):
            haul = sum(monsters[state.mons[m]].trophy + REWARD_WORTH[monsters[state.mons[m]].family] for m in here
                       if state.mons[m] != "?")
            best = max(best, haul)
    return best


def evaluate(state: GameState, seat: int) -> float:
    from guardians.games.explore.rules import ExploreState
    from guardians.engine.flow import COMMITTED
    from guardians.games.explore.rules.model import NONE

    assert isinstance(state, ExploreState)
    player = state.p[seat]
    rounds_left = sum(1 for s in state.track[state.tk + 1:] if s in ("round", "blue_boss", "red_boss"))
    w = WEIGHTS
    value = w["trophy"] * state.trophy_points(seat)
    value += (w["bonus_attack"] * player.bonus_attack + w["bonus_energy"] * player.bonus_energy) * (rounds_left + 0.5)
    for q in player.quests + player.quest_hand:
        points = state.content.quests[state.quests[q]].points
        value += w["quest"] * points * quest_progress(state, seat, q) * (0.5 if q in player.quest_hand else 1.0)
    value += w["deck"] * deck_worth(state, seat)
    phase = state.phase
    order = state.order()
    me = order.index(seat)
    my_turn_done = phase == "battle" and (me < state.turn_i or (me == state.turn_i and state.bstep >= 3))
    in_round = phase in ("location", "overrun", "powerup", "end_pu", "battle_start", "battle")
    if in_round and not my_turn_done:
        value += w["attack"] * player.attack + w["counters"] * player.dc
        still_playing = phase in ("location", "overrun") or (phase == "powerup" and state.power_up_status(seat) != COMMITTED)
        owned = player.hand + player.deck + player.discard + player.chain + player.persist
        est = _estimates(state, owned) if owned else ()
        if still_playing:
            value += w["energy"] * player.energy + hand_worth(state, seat, est)
        else:
            value += 0.1 * player.energy + 0.1 * len(player.hand)
        before_end = phase in ("location", "overrun", "powerup")
        before_fx = before_end or phase in ("end_pu", "battle_start") or (phase == "battle" and (
            me > state.turn_i or (me == state.turn_i and state.bstep <= 1)))
        value += pending_worth(state, seat, est, before_end, before_fx)
        value += 0.7 * sum(amount for _, amount, _ in player.bonuses)
        if state.boss is None or state.boss != state.final_colour:
            value += w["haul"] * _reachable_haul(state, seat)
        if player.museum != NONE:
            value += 1.0
        if state.boss is not None and not player.fights_boss:
            value += 1.2 * player.boss_dc
    if state.boss is not None and (player.fights_boss or phase == "boss_resolve"):
        need = state.boss_attack(state.boss)
        others = sum(pl.boss_contrib for s, pl in enumerate(state.p) if s != seat and pl.fights_boss)
        later = 0
        if phase == "battle":
            later = sum(state.attack_vs(s, -2) + state.p[s].dc + state.p[s].boss_dc for s in order[state.turn_i + 1:])
        final = state.boss == state.final_colour
        if player.fights_boss:
            if others + player.boss_contrib >= need:
                value += 200.0 if final else 90.0
            elif others + player.boss_contrib + later >= need:
                value += (6.0 if final else 8.0) * player.boss_contrib
            else:
                value += 0.5 * player.boss_contrib
    # Blanket Forts: the best benefit kept safe for next round
    safe = [state.L[loc].id for loc in state.city_indices if not state.mloc[loc]]
    if safe:
        value += 1.5 * max(_location_worth(i) for i in safe)
    if player.fort != NONE:
        value += 0.5 * _location_worth(state.L[player.fort].id)
    if not state.coop and state.n > 1:
        value -= 3.0 * max(state.trophy_points(s) for s in range(state.n) if s != seat)
    return value
