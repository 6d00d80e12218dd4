"""The heroes evaluation used by the greedy AI: how good a position is for a seat's team.

Weights are plain numbers tuned by simulation (docs/balance/heroes.md): points dominate, then how
far each control token has gone toward our end (worth the location's points), then the health and
readiness of heroes, cards in hand and charges on Ultimates.
"""

from __future__ import annotations

from guardians.engine.state import GameState
from guardians.games.heroes.rules.effects import steps_value

__all__ = ["evaluate", "steps_value"]   # steps_value: each step's worth, declared with the step (rules/effects.py)


def evaluate(state: GameState, seat: int) -> float:
    from guardians.games.heroes.rules import HeroesState

    assert isinstance(state, HeroesState)
    team = state.team_of(seat)
    if state.faction[team] is None:
        return 0.0
    value = 100.0 * (state.points(team) - state.points(1 - team))
    mine_dir = state.direction(team)
    readied_at: dict[int, list[int]] = {}
    for hero in state.heroes.values():
        friendly = state.team_of(hero.owner) == team
        sign = 1.0 if friendly else -1.0
        if not hero.placed:
            continue
        if not hero.in_play:
            value -= sign * 12.0
            continue
        life = state.life_of(hero.id)
        value += sign * 10.0 * (life - hero.damage) / life
        value += sign * 1.5 * state.attack_of(hero.id)
        if not hero.exhausted:
            value += sign * 2.0
            counts = readied_at.setdefault(hero.slot, [0, 0])
            counts[0 if friendly else 1] += 1
    for slot, (loc, token) in enumerate(state.row):
        location = state.content.locations[loc]
        progress = token * mine_dir / location.track
        value += 22.0 * location.points * progress
        if abs(token) == location.track:
            value += 15.0 * location.points * (1 if progress > 0 else -1)
        mine, theirs = readied_at.get(slot, (0, 0))
        if mine and not theirs:
            value += 4.0 * location.points
        elif theirs and not mine:
            value -= 4.0 * location.points
    for s, player in enumerate(state.seats):
        sign = 1.0 if state.team_of(s) == team else -1.0
        value += sign * 2.5 * min(len(player.hand), 8)
        value += sign * 1.5 * sum(c for c, up in player.ultimates.values() if up)
    return value
