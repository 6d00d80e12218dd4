"""R28 the Memory Rule and what players remember of cards once shown (RB-MR I.B "Create the Storage Hand":
during Draw and Organize a Shield outside the Stronghold area may not be examined; spec R28 and ruling A35
in ../shared/specs/realms.md; RB = ../shared/seeds/001_7eb27caf5825ab9d.txt)."""

from __future__ import annotations

from realms.helpers import act, fresh, put, terrain, vanilla

from guardians.engine import GameConfig
from guardians.engine.rng import Rng
from guardians.games.realms.rules import RealmsState
from guardians.games.realms.rules.model import HIDDEN

V5, V6 = vanilla(5), vanilla(6)
FLYER = vanilla(4, name="test_flyer4", flying=True)


def organizing(memory: bool = True) -> tuple[RealmsState, list[int], list[int]]:
    state = fresh((V5, V6))
    state.memory_rule = memory
    out = put(state, 0, "D0C", [V5.id])              # a Shield out on a disputed land
    home = put(state, 0, "S0L", [V6.id])             # a Shield on its own Stronghold card
    state.phase, state.step = "dno", "place"
    state.invalidate()
    return state, out, home


def test_own_shields_on_the_lands_are_masked_while_organizing() -> None:
    """RB-MR I.B: during Draw and Organize the player's own Shields outside the Stronghold area show no
    contents in its view (their sizes stay); those on its Stronghold cards do. From the Movement phase on
    it may look again."""
    state, (out,), (home,) = organizing()
    seen = state.view(0)
    assert seen.cards[out] == HIDDEN and len(seen.spaces["D0C"].stacks[0].cards) == 1
    assert seen.cards[home] == V6.id
    state.phase = "movement"
    assert state.view(0).cards[out] == V5.id


def test_the_memory_rule_is_an_option_and_a_display_mask_only() -> None:
    """Ruling A35: `memory_rule` (on by default) can be turned off; the mask is for display only, so a
    computer player's determinized world still holds the real cards."""
    state, (out,), _ = organizing(memory=False)
    assert state.view(0).cards[out] == V5.id
    state, (out,), _ = organizing(memory=True)
    assert state.determinize(0, Rng(3)).cards[out] == V5.id
    assert RealmsState(GameConfig("realms", 2), 1).memory_rule
    assert not RealmsState(GameConfig("realms", 2, options=(("memory_rule", "off"),)), 1).memory_rule


def test_cards_shown_in_flight_are_hidden_again_once_face_down() -> None:
    """RB-MR II.C (flying): the flying Shield's contents are shown to the opponent; once the Shield has
    landed they are face down again and the opponent's view no longer names them (known-card memory is not
    kept: our ruling in docs/rules-notes/realms.md)."""
    state = fresh((FLYER,))
    (flyer,) = put(state, 0, "D0C", [FLYER.id])
    terrain(state, "D1C", 1)
    state.advance()
    act(state, "turn", "D0C")
    fly = next(o for o in state.legal_actions() if o.kind == "fly")
    state.apply(fly)
    assert [e for e in state.log if e.kind == "fly"]
    end = fly.args[0].split(">")[-1]
    assert flyer in state.spaces[end].stacks[0].cards
    assert state.view(1).cards[flyer] == HIDDEN


def test_combat_survivors_are_hidden_again_under_their_shield() -> None:
    """RB-MR Combat: creatures played face up go back under the Shield when the combat is over; the
    opponent's view hides them again."""
    from realms.helpers import fight

    state = fresh((V5, V6))
    (a,) = put(state, 0, "D0C", [V6.id])
    (d,) = put(state, 1, "D1C", [V5.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a)
    act(state, "pick", d)
    while state.combat is not None and state.decision is not None:
        state.apply(next(o for o in state.legal_actions() if o.kind.endswith("pass")) if any(
            o.kind.endswith("pass") for o in state.legal_actions()) else state.legal_actions()[0])
    assert state.combat is None and a in state.spaces["D1C"].stacks[0].cards
    assert state.view(1).cards[a] == HIDDEN and state.view(0).cards[a] == V6.id
