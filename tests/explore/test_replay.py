"""Playing a card again (Potion, Super Potion) in the Battle Phase: the replayed card's Battle Phase effect
resolves then and there.

Rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt, "CARDS AND CLARIFICATION": 20/59 Potion and 38/59 Super
Potion ("once during the Power Up Phase or your Battle Phase, you may play one of your non-item, non-SUPER
cards again, as if played from your hand"), 8/59 Fireball ("After playing Fireball, if it is your Battle
Phase, choose a location and place three damage counters on all monsters there. Then, place one damage
counter on all monsters in the surrounding locations") and 11/59 Aimed Shot ("When you play Aimed Shot, you
may set cards from your hand facedown under Aimed Shot. During your Battle Phase, target a monster. Place
three damage counters ... Then place three additional damage counters ... for each card under Aimed Shot").
"""

from __future__ import annotations

import pytest

from explore.helpers import (
    act, battle_turn, clear_seat, empty_city, give, loc_index, monster, options, play, ready,
    start_power_up,
)


@pytest.fixture
def s():
    state = ready(seed=6)
    clear_seat(state, 0)
    empty_city(state)
    return state


def use(state, potion: int) -> None:
    """Use the Potion's (Super Potion's) ability: it must be offered."""
    assert (potion,) in {o.args for o in options(state, "ability")}
    act(state, "ability", potion)


@pytest.mark.parametrize("potion_id", ["potion", "super_potion"])
def test_replaying_fireball_in_the_battle_phase_asks_for_the_location_and_deals_the_damage(s, potion_id):
    """20/59 Potion, 38/59 Super Potion with 8/59 Fireball: Fireball played again in your Battle Phase is
    "after playing Fireball, if it is your Battle Phase": the location is chosen and the damage dealt now."""
    centre = monster(s, "plague_hulk", "garage")
    near = monster(s, "ghoul", "candy_shop")
    other = monster(s, "ghoul", "hill")                     # two columns away
    potion = give(s, 0, potion_id, to="persist")[0]
    give(s, 0, "fireball", to="chain")
    battle_turn(s, 0)
    use(s, potion)                                        # Fireball is the only card to replay: at once
    decision = s.decision
    assert decision.seat == 0 and decision.kind == "target"
    assert {o.kind for o in decision.options} == {"area"}
    act(s, "area", loc_index(s, "garage"))
    assert s.mdmg.get(centre) == 3 and s.mdmg.get(near) == 1 and s.mdmg.get(other, 0) == 0
    assert s.decision.kind == "main" and s.decision.seat == 0          # back to the Battle turn
    if potion_id == "potion":
        assert potion in s.trash and potion not in s.p[0].persist
    else:
        assert potion in s.p[0].persist
    assert (potion,) not in {o.args for o in options(s, "ability")}   # once


@pytest.mark.parametrize("potion_id", ["potion", "super_potion"])
def test_replaying_aimed_shot_in_the_battle_phase_tucks_then_targets_now(s, potion_id):
    """11/59 Aimed Shot played again in the Battle Phase: cards may be set under it again, then a monster
    is targeted at once: three counters, plus three for each card under Aimed Shot (from both plays)."""
    target = monster(s, "plague_hulk", "hill")
    spare = monster(s, "plague_hulk", "zoo")
    potion = give(s, 0, potion_id, to="persist")[0]
    aimed = give(s, 0, "aimed_shot", to="chain")[0]
    first_under = give(s, 0, "bash")[0]
    s.p[0].hand.remove(first_under)
    s.p[0].under[aimed] = [first_under]                   # set under it when it was played
    tuck = give(s, 0, "daze")[0]
    battle_turn(s, 0)
    use(s, potion)
    assert s.decision.kind == "tuck"
    act(s, "tuck", tuck)                                  # the hand is now empty: no more to set
    assert s.p[0].under[aimed] == [first_under, tuck]
    assert s.decision.kind == "target"
    act(s, "monster", target)
    assert s.mdmg.get(target) == 3 + 3 * 2 and s.mdmg.get(spare, 0) == 0
    assert s.decision.kind == "main"


def test_potion_in_the_power_up_makes_fireball_resolve_twice_when_the_battle_turn_starts(s):
    """20/59 Potion used in the Power Up Phase on Fireball: both Fireballs wait for your Battle Phase."""
    centre = monster(s, "plague_hulk", "garage")
    potion = give(s, 0, "potion", to="persist")[0]
    fireball = give(s, 0, "fireball")[0]
    start_power_up(s, 0)
    s.p[0].energy = 3
    s.invalidate()
    play(s, fireball)
    use(s, potion)
    assert s.mdmg.get(centre, 0) == 0                     # nothing yet: it is the Power Up
    act(s, "done")
    for _ in range(2):                                    # the Battle turn starts: one Fireball, then the other
        assert s.phase == "battle" and s.decision.kind == "target"
        act(s, "area", loc_index(s, "garage"))
    assert s.mdmg.get(centre) == 6
    assert s.decision.kind == "main" and s.phase == "battle"


def test_a_replayed_end_of_power_up_effect_does_nothing_in_the_battle_phase(s):
    """12/59 Daze played again in the Battle Phase: "at the end of your Power Up Phase" has passed, so its
    attack is not gained (rules notes, ruling "A card played again in your Battle turn acts there")."""
    potion = give(s, 0, "potion", to="persist")[0]
    give(s, 0, "daze", to="chain")
    battle_turn(s, 0)
    s.p[0].attack = 1
    s.invalidate()
    use(s, potion)
    assert s.p[0].attack == 1 and not s.p[0].end_pu
    assert s.decision.kind == "main"
