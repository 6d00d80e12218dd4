"""Helpers for heroes scenario tests: drive setup through real actions, then arrange the table.

Arranging (putting heroes at chosen locations, adding damage, giving a hand) mutates the state
directly, as a tester sets up a physical table; every rule under test then runs through `apply`.
"""

from __future__ import annotations

from guardians.engine import Action, GameConfig
from guardians.engine.flow import Pending
from guardians.games.heroes.rules import HeroesState
from guardians.games.heroes.rules.model import Hero

RULEBOOK = "../shared/seeds/000_04d8657756ecac85.txt"


def new(players: int = 2, variant: str = "standard", seed: int = 1) -> HeroesState:
    return HeroesState(GameConfig("heroes", players, ("human",) * players, variant), seed)


def act(state: HeroesState, kind: str, *args) -> None:
    state.apply(Action(kind, tuple(args)))


def options(state: HeroesState, kind: str | None = None) -> list[Action]:
    return [a for a in state.legal_actions() if kind is None or a.kind == kind]


def to_first_action(state: HeroesState) -> HeroesState:
    """Play setup with the first listed choices (Loyalist, first heroes, keep hands) up to the Action Phase."""
    while state.phase != "action":
        decision = state.decision
        assert decision is not None
        pick = decision.options[0]
        for option in decision.options:
            if option.kind in ("faction", "keep", "continue"):
                pick = option
                break
        state.apply(pick)
    return state


def arrange(state: HeroesState, placement: dict[str, tuple[int, int]], damage: dict[str, int] | None = None) -> None:
    """Replace the drafted heroes: {hero id: (owner seat, slot)}. Ultimates follow the heroes."""
    state.heroes = {}
    for seat in state.seats:
        seat.ultimates = {}
        seat.hand, seat.deck, seat.discard = [], [], []   # the old heroes' cards leave with them
    for hero_id, (owner, slot) in placement.items():
        hero = Hero(hero_id, owner)
        hero.slot = slot
        hero.placed = True
        state.heroes[hero_id] = hero
        state.seats[owner].ultimates[hero_id] = [0, True]
    for hero_id, amount in (damage or {}).items():
        state.heroes[hero_id].damage = amount
    state.invalidate()


def give(state: HeroesState, seat: int, card_id: str, copies: int = 1) -> list[int]:
    """Put new instances of a card into a seat's hand; returns their instance numbers."""
    state.cards = list(state.cards)
    made = []
    for _ in range(copies):
        state.cards.append(card_id)
        instance = len(state.cards) - 1
        state.seats[seat].hand.append(instance)
        made.append(instance)
    state.invalidate()
    return made


def set_location(state: HeroesState, slot: int, location_id: str, token: int = 0) -> None:
    state.row[slot] = [location_id, token]
    state.invalidate()


def main_turn(state: HeroesState, seat: int, actions: int = 3) -> None:
    """Make it `seat`'s Action Phase with `actions` actions (the table is arranged by hand)."""
    state.active = state.team_of(seat)
    state.actor = seat
    state.phase = "action"
    state.stack, state.windows, state.records = [], [], []
    for s in state.team_seats(state.active):
        state.seats[s].actions = actions
        state.seats[s].done = False
    state.pending = Pending("main", seat)
    state.invalidate()
