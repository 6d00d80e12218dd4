"""The explore evaluation used by the greedy AI: how good a position is for one seat.

The greedy player tries every option one ply deep (on a determinized copy) and keeps the best value of
this function, so it has to see the worth of every kind of choice in the position that follows it:

- trophies and quests are points (x10); persistent trophy rewards count for the rounds left;
- the deck is judged by the mean worth of its cards (draft picks, trashing, gains), each card's worth read
  from its YAML steps, with class/family counts for "per card in play" effects;
- in the current round, before the seat's battle: attack, damage counters and energy (while it can still
  play cards), a small worth per card in hand, and the best trophy haul its attack can reach now (so that
  damage counters are placed to bring a location within reach);
- the bosses, for every seat alike (`boss_value`): the chance that the party's attack reaches the final
  boss's (everyone loses without it, so helping is in every seat's interest, not only the fighter's) and
  the party's expected shortfall (so a party far behind still prepares: attack in its decks, persistent
  cards); the party's attack is what each seat has committed or can be seen to bring, an estimate
  (`round_attack`) for what is still hidden; the Blue boss of the Guardian game the same way, smaller;
- in co-operative games trophies and quests score nothing, so they count little and the deck more;
- Blanket Forts by the best location benefit they keep safe for the next round;
- in competitive games, a little against the best other seat.
"""

from __future__ import annotations

import math
from functools import lru_cache
from typing import Any

from guardians.engine.actions import Action
from guardians.engine.rng import Rng
from guardians.engine.state import GameState
from guardians.games.explore.rules.effects import steps_worth

# The strength table's explore games (`guardians tournament`): two seats in the Apprentice game. At the
# Guardian difficulty two seats lose to the final boss together in nearly every game (greedy against random:
# 200 of 200), which scores any two levels alike; in the Apprentice game (four rounds, the Blue boss, which
# both must battle) more games are won, by the seat with more trophy points.
STRENGTH_TABLE = (2, "apprentice")
# ISMCTS in explore (`guardians.ai.search_settings`) starts each root option from 16 visits of this evaluation
# one ply deep: without it a co-operative team of searching seats built weaker decks than greedy's and hardly
# battled the final boss (3 players, 100 iterations a decision: 2 games, the party's attack 0.23 and 0 of the
# need, 1 and 0 fighters; with it 2 of the first 5 games won, 2 to 3 fighters; greedy wins 3 of 30).
SEARCH = {"prior_visits": 16}
AI_VERSION = 1       # bumped when the evaluation changes (1 was SEARCH's prior; search-only changes: SEARCH_VERSION)

# The evaluation's main weights (tuned by simulation, docs/balance/explore.md).
WEIGHTS = {
    "trophy": 10.0, "deck": 20.0, "attack": 1.5, "counters": 1.0, "energy": 0.45, "haul": 7.0,
    "reach_k": 3.2, "reach_c": 0.5, "slope": 1.4, "persistent": 1.6, "quest": 10.0,
    "bonus_attack": 4.0, "bonus_energy": 2.5,
}
# Co-operative games do not count trophy points (SCORING): a trophy is worth what it does (its reward, the
# location it clears) and the deck more, the final boss needing it (docs/balance/explore.md).
COOP_TROPHY = 0.5       # a trophy point (10 in a scored game)
COOP_HAUL = 0.4         # times the haul weight
COOP_DECK = 2.5         # times the deck weight
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


# What `round_attack` and `deck_worth` found, by everything they read (`_cards_key`), with the content they
# were found for (the key holds its id: content is not hashable): a greedy player's trials and a search's
# worlds ask again and again for seats whose cards did not change. Emptied when full.
_KEPT: dict[tuple, Any] = {}
_KEPT_LIMIT = 5_000          # a few MB at most (a key holds some 20 to 40 card ids)


def _cards_key(state, what: str, cards: list[int], persist: list[int], player) -> tuple:
    """Everything `round_attack` / `deck_worth` read of a seat, as a key: the content, the cards' ids in
    order (the sums run in that order), which of them are persistent cards in play, the seat's lasting
    bonuses and the hand size. Two seats or worlds with equal keys get the very same figures."""
    names = state.cards
    kept = player.persist
    return (what, id(state.content), tuple([names[i] for i in cards]), tuple([names[i] for i in persist]),
            tuple([i in kept for i in cards]) if kept else (), player.bonus_attack, player.bonus_energy,
            state.content.setup.hand_size)


def _kept(key: tuple, content: Any, make: Any, *args: Any) -> Any:
    """`make(*args)`, or the figure kept for `key` (found for the same content); emptied when full."""
    found = _KEPT.get(key)
    if found is None or found[0] is not content:
        if len(_KEPT) >= _KEPT_LIMIT:
            _KEPT.clear()
        found = _KEPT[key] = (content, make(*args))
    return found[1]


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


def _reach(state, seat: int, owned: list[int]) -> float:
    """The energy a typical chain reaches: cheap cards' energy (requirement 0-1) and persistent energy."""
    player = state.p[seat]
    cheap = 0.0
    lasting = float(player.bonus_energy)
    for i in owned:
        energy, requires, persistent = _energy_of(state.cards[i])
        if requires <= 1:
            cheap += energy
        lasting += 0.6 * persistent * (1.0 if i in player.persist else _playable(requires, 3.0))
    return WEIGHTS["reach_k"] * cheap / max(1, len(owned)) + WEIGHTS["reach_c"] + lasting


def deck_worth(state, seat: int) -> float:
    """The mean worth of the seat's cards, each discounted by how often its energy need is reached:
    a hand of four from the deck, energy from cheap cards (requirement 0-1) and persistent energy."""
    player = state.p[seat]
    owned = [i for i in player.hand + player.deck + player.discard + player.chain + player.persist + player.drafted
             + player.super_hand if i not in state.virtual]
    if not owned:
        return 0.0
    return _kept(_cards_key(state, "deck", owned, (), player), state.content, _deck_worth, state, seat, owned)


def _deck_worth(state, seat: int, owned: list[int]) -> float:
    est = _estimates(state, owned)
    reach = _reach(state, seat, owned)
    total = 0.0
    for i in owned:
        cid = state.cards[i]
        total += _card_worth(cid, est) * _playable(_energy_of(cid)[1], reach)
    return total / len(owned)


def _playable_in_hand(state, seat: int) -> tuple[list[int], list[int]]:
    """The seat's hand split into the cards this Power Up can still play, energy permitting (in the order
    their energy allows them), and the rest."""
    player = state.p[seat]
    energy = player.energy
    left = sorted(player.hand, key=lambda i: _energy_of(state.cards[i])[1])
    played = []
    changed = True
    while changed:
        changed = False
        for i in list(left):
            gives, requires, _ = _energy_of(state.cards[i])
            if requires <= energy:
                energy += gives
                played.append(i)
                left.remove(i)
                changed = True
    return played, left


def hand_worth(state, seat: int, est: tuple) -> float:
    """Cards in hand that this Power Up can still play (energy permitting) are worth half their worth."""
    played, left = _playable_in_hand(state, seat)
    total = 0.3 * (len(played) + len(left))
    for i in played:
        total += 0.5 * _card_worth(state.cards[i], est)
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


# ----- the bosses: what the party can bring, and what beating them is worth ----------------------------

# What one seat's win of the final boss is worth to the evaluation: it decides the game (everyone loses
# without it), so it outweighs any trophy haul; in co-operative and solo games nothing else is scored.
FINAL_WIN = {"coop": 400.0, "standard": 260.0}
FINAL_SHORT = {"coop": 10.0, "standard": 2.5}   # per point of the party's expected shortfall against it
BLUE_WIN = 70.0          # the Guardian game's Blue boss: Home kept, no COWARD!, SUPER cards for the fighters
BLUE_SHORT = 2.0


def _attack_steps(steps: tuple, est: dict[str, float]) -> float:
    """The attack a list of steps brings to a boss battle (damage counters convert to attack there)."""
    total = 0.0
    for name, p in steps:
        if name in ("attack", "damage_counters"):
            total += p["amount"]
        elif name == "energy":
            total += 0.25 * p["amount"]           # it only enables other cards
        elif name == "energy_to_attack":
            total += 4.0
        elif name == "draw":
            total += 2.0 * p["amount"]
        elif name == "discard":
            total -= 1.5 * p["amount"]
        elif name == "look_top":
            total += 1.0 if p["mode"] == "keep_one" else 0.3
        elif name == "per_count":
            count = p["count"]
            key = count.get("tag") or count.get("card") or count.get("type") or count.get("not_type") or "attached"
            share = 0.25 if p["gain"] == "energy" else 1.0
            total += share * p["each"] * est.get(key, 0.0)
        elif name in ("at_end_of_power_up", "in_battle_phase"):
            total += _attack_steps(p["steps"], est)
        elif name == "with_another":
            total += 0.6 * _attack_steps(p["then"], est)
        elif name == "if":
            total += 0.5 * _attack_steps(p["then"], est)
        elif name == "area_damage":
            total += p.get("amount") or est.get(p.get("per", {}).get("tag", ""), 0.0)
        elif name == "target_damage":
            total += p["amount"] + 0.5 * p.get("per_tucked", 0)
        elif name == "battle_bonus":
            total += 0.3 * p["amount"]           # its tests mostly hold at city locations only
        elif name in ("replay", "copy_other"):
            total += 3.0
        elif name == "trash_for":
            total += 0.7 * _attack_steps(p["then"], est)
    return total


@lru_cache(maxsize=4096)
def _card_attack(card_id: str, est_key: tuple, in_play: bool) -> float:
    """A card's attack in a boss round: when played from hand, or (in_play) as a persistent card already in
    play at the start of the Power Up."""
    from guardians.games.explore.cards import load_content

    card = load_content().cards[card_id]
    est = dict(est_key)
    worth = 0.0 if in_play else _attack_steps(card.effect, est)
    if in_play and card.persistent is not None:
        worth += _attack_steps(card.persistent, est)
    if card.ability is not None:
        worth += _attack_steps(card.ability.steps, est) * (0.6 if in_play else 0.3)
    if card.passive.get("cleanup_draw"):
        worth += 2.0 if in_play else 0.5
    return worth


def round_attack(state, seat: int) -> tuple[float, float]:
    """The attack this seat can expect to bring to a boss in a future round, from its cards as they stand:
    persistent attack and cards in play, plus a hand of four from the rest of its cards (each discounted by
    how often its energy need is met). Returns (mean, variance)."""
    player = state.p[seat]
    pool = [i for i in player.hand + player.deck + player.discard + player.chain + player.drafted
            + player.super_hand if i not in state.virtual]
    return _kept(_cards_key(state, "attack", pool, player.persist, player), state.content, _round_attack,
                 state, seat, pool)


def _round_attack(state, seat: int, pool: list[int]) -> tuple[float, float]:
    player = state.p[seat]
    owned = pool + player.persist
    est = _estimates(state, owned) if owned else ()
    lasting = float(player.bonus_attack)
    for i in player.persist:
        lasting += _card_attack(state.cards[i], est, True)
    if not pool:
        return lasting, 4.0
    reach = _reach(state, seat, owned)
    each = [_card_attack(state.cards[i], est, False) * _playable(_energy_of(state.cards[i])[1], reach) for i in pool]
    mean = sum(each) / len(each)
    hand = min(len(pool), state.content.setup.hand_size)
    spread = sum((x - mean) ** 2 for x in each) / len(each)
    return lasting + hand * mean, 4.0 + hand * spread


def _hand_attack(state, seat: int) -> float:
    """The attack the seat's own hand (known to it) still adds this Power Up, energy permitting."""
    player = state.p[seat]
    owned = player.hand + player.deck + player.discard + player.chain + player.persist
    est = _estimates(state, owned) if owned else ()
    total = 0.0
    for i in _playable_in_hand(state, seat)[0]:
        total += _card_attack(state.cards[i], est, False)
    return total


def _seat_boss_attack(state, seat: int, viewer: int) -> tuple[float, float]:
    """What `seat` can bring to the boss of this boss round, as `viewer` may know it: a contribution made,
    exactly; a Power Up it can see, as its levels plus what is still to come; another seat's Power Up not
    yet seen (hidden, or not yet played), as that seat's expected round attack. Returns (mean, variance)."""
    from guardians.engine.flow import COMMITTED, WAITING
    from guardians.games.explore.rules.model import BOSS

    player = state.p[seat]
    phase = state.phase
    k = state.order().index(seat)
    battle = phase == "battle"
    if phase in ("boss_resolve", "boss_reward", "cleanup") or (
            battle and (k < state.turn_i or (k == state.turn_i and state.bstep >= 3))):
        return (float(player.boss_contrib) if player.fights_boss else 0.0), 0.0
    status = state.power_up_status(seat)
    if seat != viewer and (status != COMMITTED or state.pu_hidden(seat)):
        return round_attack(state, seat)
    owned = player.hand + player.deck + player.discard + player.chain + player.persist
    est = dict(_estimates(state, owned)) if owned else {}
    now = float(state.attack_vs(seat, BOSS) + player.dc + player.boss_dc)
    now += sum(_attack_steps(state.cdef(i).ability.steps, est) for i in player.persist
               if i not in player.used and state.cdef(i).ability is not None)
    if phase in ("round_start", "location", "overrun", "powerup"):
        now += sum(_attack_steps(steps, est) for _, steps in player.end_pu)
    if not battle or k > state.turn_i or state.bstep <= 1:
        now += sum(_attack_steps(steps, est) for _, steps in player.battle_fx)
    if status == COMMITTED:
        return now, 1.0
    if status == WAITING:
        now += float(player.bonus_attack) + sum(_card_attack(state.cards[i], dict_key(est), True)
                                                for i in player.persist)
    return now + _hand_attack(state, seat), 9.0


def dict_key(est: dict[str, float]) -> tuple:
    return tuple(sorted(est.items()))


def expected_need(state, colour: str) -> float:
    """A boss's attack (value x players); while it is face down, the mean over its colour's bosses."""
    if state.boss == colour or colour in state.boss_done:
        return float(state.boss_attack(colour))
    values = [b.per_player for b in state.content.bosses.values() if b.colour == colour]
    return sum(values) / len(values) * state.n


def boss_outlook(state, colour: str, viewer: int) -> tuple[float, float, float]:
    """(the party's expected attack against the boss of `colour`, its variance, the attack needed)."""
    need = expected_need(state, colour)
    if state.boss == colour:
        parts = [_seat_boss_attack(state, s, viewer) for s in range(state.n)]
    else:
        parts = [round_attack(state, s) for s in range(state.n)]
    mean = sum(m for m, _ in parts)
    var = sum(v for _, v in parts)
    return mean, var, need


def _normal_cdf(x: float) -> float:
    return 0.5 * (1.0 + math.erf(x / math.sqrt(2.0)))


def win_chance(mean: float, var: float, need: float) -> tuple[float, float]:
    """P(attack >= need) for a normal total, and the expected shortfall E[max(0, need - total)]."""
    sd = math.sqrt(max(var, 0.25))
    z = (mean - need) / sd
    p = _normal_cdf(z)
    short = (need - mean) * (1.0 - p) + sd * math.exp(-0.5 * z * z) / math.sqrt(2.0 * math.pi)
    return p, short


def boss_value(state, seat: int) -> float:
    """What the bosses ahead are worth to `seat`: the chance the party defeats the final boss (it decides
    the game for everyone, so every seat wants it: a shared term, not only the fighter's), and less the
    party's expected shortfall against it, so that a team far behind still prepares (decks with attack,
    persistent cards, Warlock trophies) and nobody wastes a boss round; the Blue boss of the Guardian
    game the same way for its smaller stakes."""
    final = state.final_colour
    if state.boss_done.get(final):
        return FINAL_WIN["coop" if state.coop or state.n == 1 else "standard"]
    if final in state.boss_done:
        return 0.0
    mode = "coop" if state.coop or state.n == 1 else "standard"
    mean, var, need = boss_outlook(state, final, seat)
    p, short = win_chance(mean, var, need)
    value = FINAL_WIN[mode] * p - FINAL_SHORT[mode] * short
    if final != "blue" and "blue" not in state.boss_done:
        # the Blue boss of the Guardian game: losing it flips Home (no more trashing there) for everyone
        mean, var, need = boss_outlook(state, "blue", seat)
        p, short = win_chance(mean, var, need)
        value += BLUE_WIN * p - BLUE_SHORT * short
    return value


def evaluate(state: GameState, seat: int) -> float:
    from guardians.games.explore.rules import ExploreState
    from guardians.engine.flow import COMMITTED
    from guardians.games.explore.rules.model import NONE

    assert isinstance(state, ExploreState)
    player = state.p[seat]
    rounds_left = sum(1 for s in state.track[state.tk + 1:] if s in ("round", "blue_boss", "red_boss"))
    w = WEIGHTS
    coop = state.coop
    # SCORING, co-operative: trophy points are not counted, so a trophy is worth only what it does
    # (its reward, the location it clears), and quests nothing.
    value = (COOP_TROPHY if coop else w["trophy"]) * state.trophy_points(seat)
    value += (w["bonus_attack"] * player.bonus_attack + w["bonus_energy"] * player.bonus_energy) * (rounds_left + 0.5)
    for q in () if coop else player.quests + player.quest_hand:
        points = state.content.quests[state.quests[q]].points
        value += w["quest"] * points * quest_progress(state, seat, q) * (0.5 if q in player.quest_hand else 1.0)
    value += w["deck"] * (COOP_DECK if coop else 1.0) * deck_worth(state, seat)
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
            value += w["haul"] * (COOP_HAUL if coop else 1.0) * _reachable_haul(state, seat)
        if player.museum != NONE:
            value += 1.0
        if state.boss is not None and not player.fights_boss:
            value += 1.2 * player.boss_dc
    value += boss_value(state, seat)
    if state.boss is not None and state.boss != state.final_colour and state.boss not in state.boss_done:
        # the Blue boss of the Guardian game: a SUPER card for its fighters, COWARD! for the others
        mean, var, need = boss_outlook(state, state.boss, seat)
        p, _ = win_chance(mean, var, need)
        if player.fights_boss:
            value += 25.0 * p
        elif my_turn_done:
            value -= 10.0 * (1.0 - p)
    elif state.boss is not None and player.fights_boss and not coop:
        mean, var, need = boss_outlook(state, state.boss, seat)
        value += 10.0 * win_chance(mean, var, need)[0]     # first pick of the displayed quests
    # Blanket Forts: the best benefit kept safe for next round
    safe = [state.L[loc].id for loc in state.city_indices if not state.mloc[loc]]
    if safe:
        value += 1.5 * max(_location_worth(i) for i in safe)
    if player.fort != NONE:
        value += 0.5 * _location_worth(state.L[player.fort].id)
    if not state.coop and state.n > 1:
        value -= 3.0 * max(state.trophy_points(s) for s in range(state.n) if s != seat)
    return value


def rollout_policy(state: GameState, rng: Rng) -> Action:
    """ISMCTS rollouts: random, except where random play throws a round away. A Power Up plays a playable
    card before it finishes (finishing at random after one card leaves the attack a round needs unmade),
    and a Battle turn battles: the boss in a boss round when the party can still reach it, else a
    location in reach, rather than nowhere."""
    decision = state.decision
    assert decision is not None
    options = decision.options
    kinds = {o.kind for o in options}
    pick = options
    if "done" in kinds and ("play" in kinds or "ability" in kinds):
        pick = tuple(o for o in options if o.kind in ("play", "ability"))
    elif "stay" in kinds or "boss" in kinds:
        boss = tuple(o for o in options if o.kind == "boss")
        if boss and state.boss is not None:
            mean, var, need = boss_outlook(state, state.boss, decision.seat)
            if mean + 2.0 * math.sqrt(var) >= need:
                pick = boss
        if pick is options:
            go = tuple(o for o in options if o.kind == "go")
            pick = go or tuple(o for o in options if o.kind not in ("boss", "go", "stay")) or \
                tuple(o for o in options if o.kind == "stay") or options
    return pick[rng.randrange(len(pick))]
