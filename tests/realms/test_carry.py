"""R52 pick-up and drop-off: a Shield walking through its own Stronghold cards (RB-MR II.C "Other
Reinforcement", ../shared/seeds/001_7eb27caf5825ab9d.txt; spec R52 and ruling A13 in
../shared/specs/realms.md: the space limit after each step, channelers stay under their card)."""

from __future__ import annotations

from realms.helpers import act, fresh, options, put, seat_deciding, vanilla

V5, V6, V9, V12 = vanilla(5), vanilla(6), vanilla(9), vanilla(12)
CARDS = (V5, V6, V9, V12)


def walking(mover: list[str], through: list[str] | None, shield: bool = True, turned: bool = False):
    """Seat 0's Shield on S0L turned, about to walk S0L > S0C > D0C; `through` is its stack on S0C."""
    state = fresh(CARDS)
    moving = put(state, 0, "S0L", mover)
    held = put(state, 0, "S0C", through, shield=shield, turned=turned) if through is not None else []
    state.advance()
    act(state, "turn", "S0L")
    return state, moving, held


def test_pick_up_from_an_unturned_shield_but_never_its_last_creature() -> None:
    """RB-MR "Other Reinforcement": moving through its own Stronghold a Shield may pick up cards from an
    unturned Shield; that Shield keeps one creature (a Shield must hold a creature, R33; ruling A13)."""
    state, (v5,), (v6, v9) = walking([V5.id], [V6.id, V9.id])
    act(state, "move", "S0L>S0C>D0C")
    assert state.decision.kind == "move_step" and seat_deciding(state) == 0
    assert sorted(o.args[0] for o in options(state, "pick_up")) == sorted([v6, v9])
    assert not options(state, "drop_off")                          # an unturned Shield takes no drop-off
    act(state, "pick_up", v9)
    assert not options(state, "pick_up")                           # v6 is the last one: it stays
    # nothing more to carry here (an unturned Shield takes no drop-off): the Shield walks on at once
    assert sorted(state.spaces["D0C"].stacks[0].cards) == sorted([v5, v9])
    assert state.spaces["S0C"].stacks[0].cards == [v6]


def test_the_space_limit_is_checked_at_every_step() -> None:
    """Ruling A13 (spec): the 30-point limit holds after each pick-up (RB-MR "Space Limitations"): a
    Shield carrying 24 points may pick up a 5 or a 6 but not a 9; once it holds 29, nothing more. Shieldless
    creatures on the Stronghold card may all be taken (RB-MR "Creatures without Shields")."""
    state, _, (v5, v6, v9) = walking([V12.id, V12.id], [V5.id, V6.id, V9.id], shield=False)
    act(state, "move", "S0L>S0C>D0C")
    assert sorted(o.args[0] for o in options(state, "pick_up")) == sorted([v5, v6])
    act(state, "pick_up", v5)
    assert not options(state, "pick_up")
    assert state.stack_cost(state.spaces["S0L"].stacks[0].cards) == 29
    assert v5 not in [o.args[0] for o in options(state, "drop_off")]    # a card moves once per walk
    act(state, "carry_on")
    assert state.stack_cost(state.spaces["D0C"].stacks[0].cards) == 29
    assert sorted(state.spaces["S0C"].stacks[0].cards) == sorted([v6, v9])


def test_drop_off_into_a_turned_shield_or_a_shieldless_stronghold_card() -> None:
    """RB-MR "Other Reinforcement": creatures are dropped off only into turned Shields or onto Stronghold
    cards without a Shield; the moving Shield keeps a creature; channelers under the card are never
    picked up (ruling A13)."""
    state, (v5, v6), (v9,) = walking([V5.id, V6.id], [V9.id], turned=True)
    channeler = state.new_inst(V12.id, 0)
    state.spaces["S0C"].under.append(channeler)
    act(state, "move", "S0L>S0C>D0C")
    assert not options(state, "pick_up")                            # a turned Shield gives nothing
    assert sorted(o.args[0] for o in options(state, "drop_off")) == sorted([v5, v6])
    act(state, "drop_off", v6)
    assert state.decision.kind != "move_step"                       # v5 is the mover's last creature: on
    assert state.spaces["D0C"].stacks[0].cards == [v5]
    assert sorted(state.spaces["S0C"].stacks[0].cards) == sorted([v9, v6])
    assert state.spaces["S0C"].under == [channeler]
    # onto a Stronghold card with no Shield of the player's: a shieldless stack is made
    state, (v5, v6), _ = walking([V5.id, V6.id], None)
    act(state, "move", "S0L>S0C>D0C")
    act(state, "drop_off", v5)
    assert state.spaces["S0C"].stacks[0].shield is None and state.spaces["S0C"].stacks[0].cards == [v5]


def test_no_stop_when_nothing_can_be_carried_and_codes_unchanged() -> None:
    """A walk through a Stronghold card where nothing may be picked up or dropped off asks nothing (a Shield
    of one creature passing an unturned Shield of one creature); the move's arguments stay the path."""
    state, (v5,), (v6,) = walking([V5.id], [V6.id])
    act(state, "move", "S0L>S0C>D0C")
    assert state.decision is None or state.decision.kind != "move_step"
    assert state.spaces["D0C"].stacks[0].cards == [v5]
