"""Building realms positions for rule tests: a game wiped down to what a scenario names, test-only
vanilla creatures, and playing the listed options by kind and arguments."""

from __future__ import annotations

import dataclasses
from typing import Any

from guardians.engine import Action, GameConfig
from guardians.games.realms.cards import CardDef, RealmsContent, load_content
from guardians.games.realms.rules import RealmsState
from guardians.games.realms.rules.model import Stack

SHIELD = "shield_maitzs_lightning_14"
# The decks (and so the Guardians) of a test position unless it names its own: fixed here, so the game's
# first-game default (`DEFAULT_DECKS`) may change without moving the tests' Guardians and Strongholds.
FIXTURE_DECKS = {2: ("knights_theme", "giants_and_fairies_theme"),
                 4: ("knights_theme", "slag_beast_theme", "undead_theme", "pirates_theme")}


def content_with(*extra: CardDef) -> RealmsContent:
    base = load_content()
    cards = dict(base.cards)
    for card in extra:
        cards[card.id] = card
    return RealmsContent(cards, base.decks, base.hash)


def vanilla(v: int, border: str = "mortal", size: str = "M", **kw: Any) -> CardDef:
    """Spec §2 fixture: a creature with no text, off-colour bonus 0, no icons, not a receiver."""
    name = kw.pop("name", f"test_{border}_{size}_{v}")
    return CardDef(id=name, name=name, set="RE", type="creature", kind="creature", text=None, status="vanilla",
                   flavour=False, back="single", aliases=(), border=border, classes=kw.pop("classes", ()), size=size,
                   vitality=v, **kw)


def fixture_config(players: int, seats: tuple[str, ...] = ()) -> GameConfig:
    """A realms config on the fixture decks: a seeded test's game stays the game it was written for."""
    return GameConfig("realms", players, seats, options=(("decks", FIXTURE_DECKS[players]),))


def fresh(extra: tuple[CardDef, ...] = (), decks: tuple[str, str] | None = None, seed: int = 0,
          players: int = 2) -> RealmsState:
    """A new game wiped bare: no cards in hands or on the board, in the Movement phase."""
    content = content_with(*extra) if extra else None
    state = RealmsState(GameConfig("realms", players), seed, content=content, decks=decks or FIXTURE_DECKS[players])
    for pl in state.seats:
        pl.hand, pl.pen, pl.depot, pl.discard = [], [], [], []
        pl.upcard = None
    for sp in state.spaces.values():
        sp.stacks = {}
        sp.under = []
    state.pending = None
    state.stack = []
    state.commit = None
    state.combat = None
    state.phase, state.step = "movement", "turn"
    state.first_round = False
    state.order = list(range(players))
    state.mover = 0
    state.invalidate()
    return state


def give(state: RealmsState, seat: int, card_id: str, zone: str = "depot") -> int:
    inst = state.new_inst(card_id, seat)
    if zone in ("depot", "pen", "hand", "deck", "discard"):
        getattr(state.seats[seat], zone).append(inst)
    return inst


def put(state: RealmsState, seat: int, sid: str, card_ids: list[str], shield: bool = True,
        turned: bool = False) -> list[int]:
    insts = [state.new_inst(cid, seat) for cid in card_ids]
    state.spaces[sid].stacks[seat] = Stack(state.new_inst(SHIELD, seat) if shield else None, insts, turned)
    return insts


def terrain(state: RealmsState, sid: str, owner: int, card_id: str = "woods", face_down: bool = False) -> int:
    inst = state.new_inst(card_id, owner)
    sp = state.spaces[sid]
    sp.terrain, sp.terrain_owner, sp.face_down = inst, owner, face_down
    return inst


def fight(state: RealmsState, att: int, dfn: int, space: str, came_from: str | None, guardian: bool = False) -> None:
    """The attacker's Shield (on `came_from`) enters `space` and the combat starts."""
    if came_from is not None and not guardian:
        st = state.spaces[came_from].stacks.pop(att)
        st.turned = True
        state.spaces[space].stacks[att] = st
    state.start_combat(att, dfn, space, came_from, guardian=guardian)
    state.advance()
    state.invalidate()


def options(state: RealmsState, kind: str | None = None) -> list[Action]:
    return [o for o in state.legal_actions() if kind is None or o.kind == kind]


def act(state: RealmsState, kind: str, *args: Any) -> Action:
    """Play the listed option of `kind` whose arguments start with `args`."""
    for option in state.legal_actions():
        if option.kind == kind and tuple(option.args[:len(args)]) == tuple(args):
            state.apply(option)
            return option
    raise AssertionError(f"no option {kind} {args}; listed: {[(o.kind, o.args) for o in state.legal_actions()]}")


def seat_deciding(state: RealmsState) -> int:
    decision = state.decision
    assert decision is not None
    return decision.seat


def replace_card(state: RealmsState, card_id: str, **changes: Any) -> None:
    state.content.cards[card_id] = dataclasses.replace(state.content.cards[card_id], **changes)


def last_event(state: RealmsState, kind: str) -> Any:
    """The latest log event of this kind."""
    return [e for e in state.log if e.kind == kind][-1]


def pass_all(state: RealmsState) -> None:
    """Every open window passed, in turn, until none offers a pass."""
    while state.decision is not None and any(o.kind.endswith("_pass") for o in state.legal_actions()):
        act(state, next(o.kind for o in state.legal_actions() if o.kind.endswith("_pass")))


def play_pair(state: RealmsState, a: int, d: int) -> None:
    """Both picks of a primary match-up, then every window passed."""
    act(state, "pick", a)
    act(state, "pick", d)
    pass_all(state)
