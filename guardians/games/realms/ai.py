"""The greedy AI's evaluation of a realms position, from one seat's side (on a determinized world).

`GreedyPlayer` tries every option on a determinization of its own view and keeps the best `evaluate`.
So the secret combat picks are judged from the seat's own view only: a committed pick is scored against
every creature the opponent could still play (the opponent's hidden cards are whatever the
determinization dealt). The terms, in Vitality-like points: progress toward the three ways to win
(Shields destroyed, disputed lands, the Guardian), material on the board and in hand, Power Stones, the
Strongholds, and the expected result of a combat in progress.
"""

from __future__ import annotations

from typing import Any

from guardians.games.realms.rules.effects import STEPS
from guardians.games.realms.rules.model import HIDDEN, MatchUp

# ISMCTS in realms (`guardians.ai.search_settings`): a placement or a move has dozens of options, which a
# search of a few hundred iterations tries a handful of times each; random rollouts of 30 actions mostly
# place and move at random. So each root option starts with 16 visits of this evaluation one ply deep (the
# greedy player's ranking), and rollouts stop after 4 actions. Measured against greedy at 100 iterations a
# decision, seats swapped: 41 of 70 games (prior 8) and 27 of 47 (prior 16) against 6 of 12 with neither
# (performance-notes, "ISMCTS in realms").
SEARCH = {"prior_visits": 16, "rollout_depth": 4}
AI_VERSION = 1       # bumped when the evaluation changes (1 was SEARCH; search-only changes: SEARCH_VERSION)
# bumped when the rollout policy, SEARCH or RealmsState.EVAL_SCALE changes: only the searching rows start over
# (1: EVAL_SCALE 40, from the kernel's 10; performance-notes, "ISMCTS in realms")
SEARCH_VERSION = 1

KILL = 30.0          # one enemy Shield destroyed
LAND = 7.0           # one disputed land controlled
SHIELD = 6.0         # a Shield of one's own in play (with creatures)
STONE = 1.5
HOLD = 6.0           # an own Stronghold card still standing


def card_worth(state: Any, inst: int) -> float:
    """What a card in hand is worth: creatures by Vitality, other cards by their use, plus the AI values
    of their effect steps (the step registry's `value`)."""
    cid = state.cards[inst]
    if cid == HIDDEN:
        return 3.0
    card = state.content.cards[cid]
    worth = {"creature": 0.45 * (card.vitality or 0), "shield": 4.0, "terrain": 3.0, "bribery": 3.0,
             "spell": 2.0, "item": 2.0, "upgrade": 2.0}.get(card.type, 1.0)
    for step in card.static:
        for name, params in step.items():
            value = STEPS.value(name)
            if value is not None:
                worth += 0.3 * value(state, None, params)
    return worth


def _side_material(state: Any, seat: int) -> float:
    total = 0.0
    for sp in state.spaces.values():
        st = sp.stacks.get(seat)
        if st is None:
            continue
        creatures = [i for i in st.cards if state.cards[i] == HIDDEN or state.is_creature(i)]
        total += sum(_vit(state, i) for i in creatures)
        if st.shield is not None and creatures:
            total += SHIELD
        if sp.under and sp.realm == seat:
            total += 0.3 * sum(_vit(state, i) for i in sp.under)
    return total


def _vit(state: Any, inst: int) -> float:
    cid = state.cards[inst]
    if cid == HIDDEN:
        return 6.0
    return float(state.content.cards[cid].vitality or 0)


def _pick_value(state: Any, seat: int, pick: int) -> float:
    """A committed primary pick against each creature the opponent may still play, averaged."""
    c = state.combat
    enemy = state.opponent_of(seat)
    others = state.fighters(enemy)
    if not others:
        return 0.0
    total = 0.0
    for other in others:
        m = MatchUp(pick, other) if seat == c.att else MatchUp(other, pick)
        mine, theirs = state.strength(pick, m), state.strength(other, m)
        if mine > theirs:
            total += _vit(state, other)
        elif mine < theirs:
            total -= _vit(state, pick)
    return total / len(others)


def _combat_term(state: Any, seat: int) -> float:
    c = state.combat
    if c is None or seat not in (c.att, c.dfn):
        return 0.0
    enemy = state.opponent_of(seat)
    value = 0.0
    for inst in c.beaten:
        value += _vit(state, inst) if state.owner[inst] == enemy else -_vit(state, inst)
    for inst in c.destroyed:
        value += _vit(state, inst) if state.owner[inst] == enemy else -_vit(state, inst)
    mine = state.total(seat)
    theirs = state.total(enemy)
    if c.cur is not None and not c.cur.result and c.cur.a is not None and c.cur.d is not None:
        a, d = c.cur.a, c.cur.d
        sa, sd = state.strength(a, c.cur), state.strength(d, c.cur)
        own, other = (a, d) if seat == c.att else (d, a)
        ahead = (sa - sd) if seat == c.att else (sd - sa)
        value += 0.8 * (_vit(state, other) if ahead > 0 else -_vit(state, own) if ahead < 0 else 0.0)
    if c.commit is not None and c.commit.committed.get(seat) is not None and c.stage == "pick":
        value += _pick_value(state, seat, c.commit.committed[seat])
    # who is likely to hold the space: the share of the stakes (a land, a Shield, maybe a Stronghold)
    stakes = LAND + (KILL * 0.4)
    if c.guardian:
        stakes = 200.0
    value += stakes * max(-1.0, min(1.0, (mine - theirs) / 15.0))
    return value


def evaluate(state: Any, seat: int) -> float:
    """The seat's position minus the best opponent's, in points."""
    scores = [_score(state, s) for s in range(state.n)]
    others = [scores[s] for s in range(state.n) if s != seat]
    return scores[seat] - max(others) + _combat_term(state, seat)


def _score(state: Any, seat: int) -> float:
    pl = state.seats[seat]
    score = KILL * state.kill_score(seat)
    kills = state.kill_score(seat)
    if kills >= 4:
        score += KILL
    lands = state.lands_of(seat)
    score += LAND * lands
    if state.n == 2 and lands >= 5:
        score += 2 * LAND * (lands - 4)
    score += _side_material(state, seat)
    score += STONE * pl.stones
    score += sum(0.5 * card_worth(state, i) for i in pl.hand + pl.pen + pl.depot)
    if state.commit is not None:
        planned = state.commit.committed.get(seat) or []
        for mode, inst, sid in planned:
            if mode in ("creature", "item"):
                score += _vit(state, inst) - 0.5 * card_worth(state, inst)
            elif mode == "channeler":
                score += 0.4 * _vit(state, inst) - 0.5 * card_worth(state, inst) + 1.0
            else:
                score += 2.0
    for sid, sp in state.spaces.items():
        if sp.kind == "hold" and sp.realm == seat and not sp.rubble:
            score += HOLD
        if sp.kind == "land" and sp.terrain is not None and sp.terrain_owner == seat:
            score += 2.0
        st = sp.stacks.get(seat)
        if st is not None and st.shield is not None and sp.kind == "land" and sp.realm is not None and sp.realm != seat:
            score += 2.0
    if not pl.g_alive:
        score -= 40.0
    return score
