"""Helpers for explore scenario tests: play set-up through real actions, then arrange the table.

Arranging (a hand, a deck, monsters at a location) mutates the state directly, as a tester sets up a
physical table; every rule under test then runs through `apply`.
"""

from __future__ import annotations

from guardians.engine import Action, GameConfig
from guardians.engine.flow import Commitments, Pending
from guardians.games.explore.rules import ExploreState

RULEBOOK = "../shared/seeds/002_2f2b06678a8a6611.txt"


def new(players: int = 2, variant: str = "standard", seed: int = 1) -> ExploreState:
    return ExploreState(GameConfig("explore", players, ("human",) * players, variant), seed)


def act(state: ExploreState, kind: str, *args) -> None:
    state.apply(Action(kind, tuple(args)))


def options(state: ExploreState, kind: str | None = None) -> list[Action]:
    return [a for a in state.legal_actions() if kind is None or a.kind == kind]


def first(state: ExploreState, *kinds: str) -> None:
    """Answer with the first option of one of `kinds` (else the first option)."""
    decision = state.decision
    pick = next((a for a in decision.options if a.kind in kinds), decision.options[0])
    state.apply(pick)


def to_phase(state: ExploreState, phase: str, limit: int = 3000) -> ExploreState:
    """Answer decisions (finishing Power Ups, battling nowhere, keeping forts) until `phase` is pending."""
    for _ in range(limit):
        if state.phase == phase and state.pending is not None and not state.stack:
            return state
        first(state, "done", "stay", "stop", "none", "keep")
    raise AssertionError(f"never reached {phase}")


def ready(seed: int = 1, players: int = 1, variant: str = "standard") -> ExploreState:
    """A game advanced to its first Power Up decision (set-up, draft and Location Phase answered)."""
    return to_phase(new(players, variant, seed), "powerup")


def clear_seat(state: ExploreState, seat: int) -> None:
    player = state.p[seat]
    player.hand, player.deck, player.discard, player.chain, player.persist = [], [], [], [], []
    player.energy = player.attack = player.dc = 0
    player.watch, player.end_pu, player.battle_fx, player.bonuses, player.used = [], [], [], [], []
    player.attached, player.under, player.borrows = {}, {}, []
    player.known_top = 0


def make(state: ExploreState, *card_ids: str) -> list[int]:
    return [state.new_instance(cid) for cid in card_ids]


def give(state: ExploreState, seat: int, *card_ids: str, to: str = "hand") -> list[int]:
    """New instances of cards put into a seat's hand, deck (top last), discard, chain or persist."""
    insts = make(state, *card_ids)
    getattr(state.p[seat], to).extend(insts)
    state.invalidate()
    return insts


def power_ups_reaching(state: ExploreState, seat: int) -> Commitments:
    """This round's Power Up commitments with the seats before `seat` (turn order) done, `seat` next."""
    commits = Commitments(state.order(), hidden=state.hidden_power_up)
    for s in state.order()[:state.order().index(seat)]:
        commits.commit(s, [])
    return commits


def power_up(state: ExploreState, seat: int, energy: int = 0) -> ExploreState:
    """Make it `seat`'s Power Up (persistent benefits already taken) with the table as arranged."""
    state.stack = []
    state.phase = "powerup"
    state.power_ups = power_ups_reaching(state, seat)
    state.power_ups.begin(seat)
    state.p[seat].energy = energy
    state.pending = Pending("powerup", seat, None)
    state.invalidate()
    return state


def play(state: ExploreState, inst: int, *answers) -> None:
    """Play a card from hand; `answers` answer the effect decisions that follow, in order (an answer is
    an option kind, an (kind, args) pair, or a callable picking from the options)."""
    act(state, "play", inst)
    answer(state, *answers)


def answer(state: ExploreState, *answers) -> None:
    for item in answers:
        decision = state.decision
        assert decision is not None and decision.kind not in ("main",), f"no effect decision for {item!r}"
        if callable(item):
            state.apply(item(decision.options))
        elif isinstance(item, tuple):
            kind, args = item
            act(state, kind, *args)
        else:
            state.apply(next(a for a in decision.options if a.kind == item))


def finish(state: ExploreState) -> None:
    act(state, "done")


def battle_turn(state: ExploreState, seat: int) -> ExploreState:
    """Make it `seat`'s Battle turn, at the step where counters are placed and a location chosen."""
    state.stack = []
    state.phase = "battle"
    state.turn_i = state.order().index(seat)
    state.bstep = 2
    state.power_ups = Commitments(state.order(), hidden=state.hidden_power_up)
    for s in state.order():
        state.power_ups.commit(s, [])
    state.power_ups.reveal()
    state.pending = Pending("battle", seat, None)
    state.invalidate()
    return state


def empty_city(state: ExploreState) -> None:
    for loc in state.city_indices:
        for m in list(state.mloc[loc]):
            state.mloc[loc].remove(m)
            state.retreat_pile.append(m)
    state.down = set()
    state.mdmg = {}
    state.invalidate()


def monster(state: ExploreState, kind: str, loc_id: str, damage: int = 0, wave: int | None = None,
            face_down: bool = False) -> int:
    """A new monster instance of `kind` placed at a location (by id)."""
    state.mons = list(state.mons) + [kind]
    state.mwave = list(state.mwave) + [wave or state.content.monsters[kind].tier]
    m = len(state.mons) - 1
    state.mloc[loc_index(state, loc_id)].append(m)
    if damage:
        state.mdmg[m] = damage
    if face_down:
        state.down.add(m)
    state.invalidate()
    return m


def loc_index(state: ExploreState, loc_id: str) -> int:
    return next(i for i, loc in enumerate(state.L) if loc.id == loc_id)


def names(state: ExploreState, pile: list[int]) -> list[str]:
    return [state.cards[i] for i in pile]



def start_power_up(state: ExploreState, seat: int) -> ExploreState:
    """Begin `seat`'s Power Up through the rules: persistent benefits resolve, then it decides."""
    state.stack = []
    state.phase = "powerup"
    state.power_ups = power_ups_reaching(state, seat)
    state.pending = None
    state.advance()
    state.invalidate()
    return state


def end_power_up(state: ExploreState) -> None:
    """Finish every remaining Power Up (choosing nothing more) until the Battle Phase asks."""
    for _ in range(200):
        if state.phase == "battle" and state.pending is not None and state.pending[0] == "battle":
            return
        first(state, "done", "none", "stop")
    raise AssertionError("the Battle Phase never came")
