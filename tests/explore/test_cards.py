"""Every Guardian card's effect, at least once ("CARDS AND CLARIFICATION", 1/59-44/59, and COWARD!).

Rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt. The worked examples (Daze, Axe, Wand, Borrow, Potion,
Mystic Ball, Pixie, the attack of 17) are in test_examples.py.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from guardians.games.explore.cards import load_content
from explore.helpers import (
    act, battle_turn, clear_seat, empty_city, end_power_up, finish, give, loc_index, monster, names,
    options, play, power_up, ready, start_power_up,
)


@pytest.fixture
def s():
    state = ready(seed=6)
    clear_seat(state, 0)
    empty_city(state)
    return state


def levels(state, seat=0):
    p = state.p[seat]
    return p.energy, p.attack, p.dc


# ----- generics ---------------------------------------------------------------------------------

def test_explore_and_practice_swing(s):
    """1/59 Explore: +2 energy, draw one. 2/59 Practice Swing: +1 energy, +1 attack."""
    explore, swing = give(s, 0, "explore", "practice_swing")
    top = give(s, 0, "coward", to="deck")[0]
    power_up(s, 0)
    play(s, explore)
    assert levels(s) == (2, 0, 0) and top in s.p[0].hand
    play(s, swing)
    assert levels(s) == (3, 1, 0)


def test_coward_does_nothing(s):
    """Blue boss penalty card (rules notes): no requirement, no effect."""
    coward = give(s, 0, "coward")[0]
    power_up(s, 0)
    play(s, coward)
    assert levels(s) == (0, 0, 0) and coward in s.p[0].chain


# ----- knights ----------------------------------------------------------------------------------

def test_bash(s):
    """3/59 Bash: +1 energy, +1 attack; a Knight."""
    bash = give(s, 0, "bash")[0]
    power_up(s, 0)
    play(s, bash)
    assert levels(s) == (1, 1, 0) and s.count(0, {"tag": "knight"}, None) == 1


def test_cleave_extra_attack_with_two_monsters(s):
    """4/59 Cleave: +1 energy, +3 attack; +3 more battling where more than one monster stands."""
    one = monster(s, "ghoul", "zoo")
    monster(s, "ghoul", "hill")
    monster(s, "shambler", "hill")
    cleave = give(s, 0, "cleave")[0]
    power_up(s, 0, energy=2)
    play(s, cleave)
    assert levels(s) == (3, 3, 0)
    assert s.attack_vs(0, loc_index(s, "zoo")) == 3 and one is not None
    assert s.attack_vs(0, loc_index(s, "hill")) == 6


def test_mastering_slash_trashes_for_three_attack(s):
    """5/59 Mastering Slash: +4 attack; once in the Battle Phase trash a card from hand or discard pile
    for +3 attack (the card goes to the trash, not the discard pile)."""
    monster(s, "plague_hulk", "hill")
    slash = give(s, 0, "mastering_slash")[0]
    junk = give(s, 0, "coward")[0]
    old = give(s, 0, "practice_swing", to="discard")[0]
    power_up(s, 0, energy=3)
    play(s, slash)
    assert s.p[0].attack == 4
    end_power_up(s)
    ability = [o for o in options(s, "ability") if o.args == (slash,)]
    assert ability
    s.apply(ability[0])
    assert {o.args for o in s.decision.options} == {("hand", junk), ("discard", old)}
    act(s, "trash_for", "discard", old)
    assert s.p[0].attack == 7 and old in s.trash and old not in s.p[0].discard
    assert not [o for o in options(s, "ability") if o.args == (slash,)]     # once per Battle Phase


# ----- wizards ----------------------------------------------------------------------------------

def test_ice_blast(s):
    """6/59 Ice Blast: +3 energy, +1 attack; a Wizard."""
    ice = give(s, 0, "ice_blast")[0]
    power_up(s, 0, energy=1)
    play(s, ice)
    assert levels(s) == (4, 1, 0)


def test_arcane_knowledge(s):
    """7/59 Arcane Knowledge: draw three, then discard two."""
    arcane = give(s, 0, "arcane_knowledge")[0]
    drawn = give(s, 0, "bash", "daze", "shot", to="deck")
    power_up(s, 0, energy=2)
    act(s, "play", arcane)
    assert sorted(s.p[0].hand) == sorted(drawn)
    act(s, "discard", drawn[0])
    act(s, "discard", drawn[1])
    assert s.p[0].hand == [drawn[2]] and s.p[0].discard == drawn[:2]


def test_fireball_three_on_a_location_one_around(s):
    """8/59 Fireball: in the Battle Phase, 3 damage counters on every monster at a chosen location and 1
    on every monster in the surrounding locations; Robots are immune to damage counters."""
    centre = monster(s, "plague_hulk", "garage")          # row 2, middle
    near = monster(s, "ghoul", "candy_shop")              # diagonal neighbour
    robot = monster(s, "siege_mech", "school")            # neighbour, but a Robot
    far = monster(s, "ghoul", "hill")                     # two columns away
    fireball = give(s, 0, "fireball")[0]
    power_up(s, 0, energy=3)
    play(s, fireball)
    finish(s)
    act(s, "area", loc_index(s, "garage"))
    assert s.mdmg.get(centre) == 3 and s.mdmg.get(near) == 1
    assert s.mdmg.get(robot, 0) == 0 and s.mdmg.get(far, 0) == 0


# ----- archers ----------------------------------------------------------------------------------

def test_shot_and_point_blank_shot_against_overrun_monsters(s):
    """9/59 Shot: +2 energy, +1 attack, +1 more where a monster with Overrun stands. 10/59 Point Blank
    Shot: +2 energy, +3 attack, +2 more there."""
    monster(s, "shadow_warlock", "hill")
    monster(s, "ghoul", "zoo")
    shot, pbs = give(s, 0, "shot", "point_blank_shot")
    power_up(s, 0, energy=1)
    play(s, shot)
    play(s, pbs)
    assert levels(s) == (5, 4, 0)
    assert s.attack_vs(0, loc_index(s, "hill")) == 4 + 1 + 2
    assert s.attack_vs(0, loc_index(s, "zoo")) == 4


def test_aimed_shot_three_plus_three_per_card_under(s):
    """11/59 Aimed Shot: set cards from hand face down under it; in the Battle Phase target a monster: 3
    damage counters, plus 3 per card under it."""
    target = monster(s, "orc_warboss", "hill")
    aimed, a, b = give(s, 0, "aimed_shot", "bash", "daze")
    give(s, 0, *["practice_swing"] * 4, to="deck")
    power_up(s, 0, energy=2)
    act(s, "play", aimed)
    act(s, "tuck", a)
    act(s, "tuck", b)
    assert s.p[0].under[aimed] == [a, b] and not s.p[0].hand
    finish(s)
    assert s.mdmg.get(target) == 9                        # the only target: chosen at once
    s._cleanup_seat(0)
    assert a in s.p[0].discard and b in s.p[0].discard and aimed in s.p[0].discard   # discarded with it


# ----- rogues -----------------------------------------------------------------------------------

def test_precise_strike_sifts_and_counts_rogues(s):
    """13/59 Precise Strike: look at the top two, discard any, put the rest back in any order; end of
    Power Up +1 attack per Rogue in play."""
    strike, daze = give(s, 0, "precise_strike", "daze")
    top, second = give(s, 0, "shot", "bash", to="deck")[::-1]    # deck end = top: "bash" is on top
    power_up(s, 0, energy=1)
    act(s, "play", strike)
    keep = next(o for o in s.decision.options if o.args == (top,))
    s.apply(keep)                                         # keep Bash on top, discard Shot
    assert s.p[0].deck[-1] == top and second in s.p[0].discard and s.p[0].known_top == 1
    play(s, daze)
    end_power_up(s)
    assert s.p[0].attack == 2 + 2                         # each of the two Rogues counts two


def test_dramatic_display_three_per_rogue(s):
    """36/59 Dramatic Display: sift the top two; end of Power Up +3 attack per Rogue in play."""
    display, daze = give(s, 0, "dramatic_display", "daze")
    give(s, 0, "coward", "coward", to="deck")
    power_up(s, 0, energy=2)
    act(s, "play", display)
    act(s, "sift")                                        # discard them both
    assert names(s, s.p[0].discard) == ["coward", "coward"]
    play(s, daze)
    end_power_up(s)
    assert s.p[0].attack == 3 * 2 + 2


# ----- items ------------------------------------------------------------------------------------

def test_bow_and_dagger(s):
    """17/59 Bow: end of Power Up, 1 damage counter per Archer in play. 18/59 Dagger: +2 attack per
    Rogue in play."""
    bow, dagger, shot1, shot2, daze = give(s, 0, "bow", "dagger", "shot", "shot", "daze")
    power_up(s, 0, energy=3)
    for inst in (shot1, shot2, daze, bow, dagger):
        play(s, inst)
    end_power_up(s)
    assert s.p[0].dc == 2
    assert s.p[0].attack == 1 + 1 + 1 + 2               # shots 1+1, Daze 1, Dagger 2 x 1 Rogue


def test_shield_may_ignore_a_final_act():
    """19/59 Shield: you may ignore Final Acts (an Orc's Practice Swing)."""
    state = ready(seed=3, players=2)
    a, b = state.order()
    empty_city(state)
    orc = monster(state, "orc_whelp", "zoo")
    give(state, b, "shield", to="persist")
    battle_turn(state, a)
    state.p[a].attack = 10
    act(state, "go", loc_index(state, "zoo"))
    assert orc in state.p[a].trophies
    decision = state.decision
    assert decision.seat == b and {o.kind for o in decision.options} == {"ignore", "accept"}
    deck = len(state.p[b].deck)
    act(state, "ignore")
    assert len(state.p[b].deck) == deck


def test_breastplate_and_robe_are_persistent(s):
    """21/59 Breastplate +5 attack, 22/59 Robe +3 energy; persistent: next round they give it again
    without their requirement."""
    plate, robe = give(s, 0, "breastplate", "robe")
    power_up(s, 0, energy=4)
    play(s, plate)
    play(s, robe)
    assert levels(s) == (7, 5, 0)
    s._cleanup_seat(0)
    assert set(s.p[0].persist) == {plate, robe}
    s.p[0].hand = []
    start_power_up(s, 0)
    assert levels(s) == (3, 5, 0)


def test_backpack_draws_six_then_discards_two(s):
    """23/59 Backpack: in the Clean Up Phase draw six instead of four, then discard two."""
    give(s, 0, "backpack", to="persist")
    give(s, 0, "bash", "daze", "shot", "ice_blast", "robe", "axe", "wand", "bow", to="deck")
    s._cleanup_seat(0)
    assert len(s.p[0].hand) == 6
    s.pending = None
    s.phase = "round_start"
    s.advance()
    assert s.decision.kind == "discard"
    act(s, "discard", s.p[0].hand[0])
    act(s, "discard", s.p[0].hand[0])
    assert len(s.p[0].hand) == 4 and s.decision.kind == "location"


def test_marbles_five_counters_then_trashed(s):
    """24/59 Marbles: once in your Battle Phase gain five damage counters, then trash Marbles."""
    marbles = give(s, 0, "marbles", to="persist")[0]
    monster(s, "plague_hulk", "hill")
    battle_turn(s, 0)
    act(s, "ability", marbles)
    assert s.p[0].dc == 5 and marbles in s.trash and marbles not in s.p[0].persist


# ----- familiars --------------------------------------------------------------------------------

def test_caterpillar_look_two_keep_one_trash_one(s):
    """25/59 Caterpillar: look at the top two, one to hand and one discarded; trash up to one card from
    the discard pile."""
    cat = give(s, 0, "caterpillar")[0]
    low, high = give(s, 0, "bash", "pulverize", to="deck")
    power_up(s, 0)
    act(s, "play", cat)
    act(s, "keep", high)
    assert high in s.p[0].hand and low in s.p[0].discard
    act(s, "trash", low)
    assert low in s.trash


def test_butterfly_trashes_with_a_caterpillar(s):
    """26/59 Butterfly: gain 3 damage counters; with a Caterpillar in play trash up to six from the
    discard pile."""
    give(s, 0, "caterpillar", to="chain")
    fly = give(s, 0, "butterfly")[0]
    junk = give(s, 0, *["practice_swing"] * 7, to="discard")
    power_up(s, 0, energy=2)
    act(s, "play", fly)
    assert s.p[0].dc == 3
    for _ in range(6):
        act(s, "trash", s.p[0].discard[0])
    assert len(s.p[0].discard) == 1 and len(s.trash) >= 6 and s.decision.kind == "main"
    assert junk[-1] in s.p[0].discard


def test_butterfly_without_caterpillar_trashes_nothing(s):
    fly = give(s, 0, "butterfly")[0]
    give(s, 0, "practice_swing", to="discard")
    power_up(s, 0, energy=2)
    play(s, fly)
    assert s.decision.kind == "main" and len(s.p[0].discard) == 1


def test_sapling_pair_gets_plus_two_each(s):
    """27/59 Sapling: +3 energy, +2 more if you play or have played another Plant card (so two Saplings
    give 3+2 each, whichever came first)."""
    one, two = give(s, 0, "sapling", "sapling")
    power_up(s, 0)
    play(s, one)
    assert s.p[0].energy == 3
    play(s, two)
    assert s.p[0].energy == 10


def test_elder_oak_turns_energy_into_attack_with_a_sapling(s):
    """28/59 Elder Oak: +5 attack; end of Power Up with a Sapling in play, attack += energy, energy 0."""
    sap, oak = give(s, 0, "sapling", "elder_oak")
    power_up(s, 0, energy=1)
    play(s, sap)
    play(s, oak)
    assert levels(s) == (1 + 3 + 2, 5, 0)
    end_power_up(s)
    assert levels(s) == (0, 11, 0)


def test_wolf_pups_draw_once_each(s):
    """29/59 Wolf Pup: if you play or have played another Wolf card, draw a card (only once)."""
    pup1, pup2 = give(s, 0, "wolf_pup", "wolf_pup")
    give(s, 0, "coward", "coward", "coward", to="deck")
    power_up(s, 0)
    play(s, pup1)
    assert len(s.p[0].hand) == 1
    play(s, pup2)
    assert len(s.p[0].hand) == 0 + 2                     # each pup drew once


def test_dire_wolf_extra_four_once_even_if_the_pup_comes_later(s):
    """30/59 Dire Wolf: +4 attack; with a Wolf Pup in play +4 more (only once)."""
    dire, pup1, pup2 = give(s, 0, "dire_wolf", "wolf_pup", "wolf_pup")
    give(s, 0, "coward", "coward", "coward", to="deck")
    power_up(s, 0, energy=3)
    play(s, dire)
    assert s.p[0].attack == 4
    play(s, pup1)
    play(s, pup2)
    assert s.p[0].attack == 8


def test_tiger_cub(s):
    """31/59 Tiger Cub: +2 energy, +1 attack."""
    cub = give(s, 0, "tiger_cub")[0]
    power_up(s, 0)
    play(s, cub)
    assert levels(s) == (2, 1, 0)


def test_sabertooth_extra_six_at_a_damaged_monster_with_a_cub(s):
    """32/59 Sabertooth Tiger: +6 attack; with a Tiger Cub in play and battling where a damaged monster
    stands, +6 more."""
    monster(s, "plague_hulk", "hill", damage=1)
    monster(s, "plague_hulk", "zoo")
    saber, cub = give(s, 0, "sabertooth_tiger", "tiger_cub")
    power_up(s, 0, energy=4)
    play(s, saber)
    assert s.attack_vs(0, loc_index(s, "hill")) == 6        # no Tiger Cub yet
    play(s, cub)
    assert s.attack_vs(0, loc_index(s, "hill")) == 7 + 6
    assert s.attack_vs(0, loc_index(s, "zoo")) == 7


# ----- SUPER cards ------------------------------------------------------------------------------

def test_pulverize(s):
    """33/59 Pulverize: +9 attack; a Knight."""
    pulverize = give(s, 0, "pulverize")[0]
    power_up(s, 0, energy=5)
    play(s, pulverize)
    assert s.p[0].attack == 9 and s.count(0, {"tag": "knight"}, None) == 1


def test_falling_star_six_and_one_around(s):
    """34/59 Falling Star: in the Battle Phase 6 on every monster at a location, 1 around it."""
    centre = monster(s, "plague_hulk", "zoo")
    near = monster(s, "ghoul", "hill")
    star = give(s, 0, "falling_star")[0]
    power_up(s, 0, energy=6)
    play(s, star)
    finish(s)
    act(s, "area", loc_index(s, "zoo"))
    assert s.mdmg[centre] == 6 and s.mdmg[near] == 1


def test_rain_of_arrows(s):
    """35/59 Rain of Arrows: gain nine damage counters."""
    rain = give(s, 0, "rain_of_arrows")[0]
    power_up(s, 0, energy=5)
    play(s, rain)
    assert s.p[0].dc == 9


def test_super_potion_replays_every_round_and_stays(s):
    """38/59 Super Potion: once during the Power Up or your Battle Phase replay a non-item, non-SUPER card
    of yours; it is not trashed."""
    potion = give(s, 0, "super_potion", to="persist")[0]
    ice, pulverize = give(s, 0, "ice_blast", "pulverize")
    start_power_up(s, 0)
    s.p[0].energy = 1
    play(s, ice)
    s.invalidate()
    replay = [o for o in options(s, "ability") if o.args == (potion,)]
    assert replay
    s.apply(replay[0])                                    # the only non-SUPER card: Ice Blast, at once
    assert levels(s) == (7, 2, 0) and potion in s.p[0].persist
    assert not [o for o in options(s, "ability") if o.args == (potion,)]
    play(s, pulverize)
    assert all(o.args != (pulverize,) for o in [])        # Pulverize is SUPER: never replayable
    assert pulverize not in s.replay_targets(0)


def test_sticker_duplicates_the_attached_items_persistent_effect(s):
    """39/59 Sticker: attach to a non-SUPER, non-consumable item in play; it becomes SUPER and Sticker
    gains its persistent effect (now and later rounds)."""
    robe = give(s, 0, "robe", to="persist")[0]
    give(s, 0, "potion", to="persist")
    sticker = give(s, 0, "sticker")[0]
    start_power_up(s, 0)
    assert s.p[0].energy == 3
    play(s, sticker)                                      # Potion is consumable: only the Robe can take it
    assert s.p[0].attached[sticker] == robe and s.is_super(0, robe)
    assert s.p[0].energy == 6
    s._cleanup_seat(0)
    s.p[0].hand = []
    start_power_up(s, 0)
    assert s.p[0].energy == 6


def test_ancient_hilt_turns_energy_into_attack_when_the_battle_turn_starts(s):
    """40/59 Ancient Hilt: at the start of your Battle Phase attack += energy, energy becomes zero."""
    hilt, ice = give(s, 0, "ancient_hilt", "ice_blast")
    power_up(s, 0, energy=3)
    play(s, ice)
    play(s, hilt)
    assert levels(s) == (6, 1, 0)
    end_power_up(s)
    assert levels(s) == (0, 7, 0)


def test_world_spirit(s):
    """41/59 World Spirit: look at the top three, one to hand, the rest discarded; end of Power Up +1
    attack per non-item card in play (itself too)."""
    spirit, bash = give(s, 0, "world_spirit", "bash")
    give(s, 0, "robe", to="persist")
    cards = give(s, 0, "daze", "shot", "pulverize", to="deck")
    power_up(s, 0, energy=3)
    act(s, "play", spirit)
    act(s, "keep", cards[2])
    assert cards[2] in s.p[0].hand and set(cards[:2]) <= set(s.p[0].discard)
    play(s, bash)
    end_power_up(s)
    assert s.p[0].attack == 1 + 2                         # Bash 1; World Spirit counts itself and Bash


def test_immortal_elk(s):
    """42/59 Immortal Elk: +1 energy +1 attack; discard the whole deck, trash up to three from the
    discard pile, then draw a card (the discard pile is reshuffled)."""
    elk = give(s, 0, "immortal_elk")[0]
    deck = give(s, 0, "practice_swing", "practice_swing", "bash", "bash", to="deck")
    power_up(s, 0, energy=2)
    act(s, "play", elk)
    assert levels(s)[:2] == (3, 1) and not s.p[0].deck
    for _ in range(2):
        act(s, "trash", next(o.args[0] for o in s.decision.options if o.kind == "trash"
                             and s.cards[o.args[0]] == "practice_swing"))
    act(s, "stop")
    assert names(s, s.trash[-2:]) == ["practice_swing", "practice_swing"] and deck
    assert len(s.p[0].hand) == 1 and len(s.p[0].deck) == 1 and not s.p[0].discard


def test_elf(s):
    """43/59 Elf: gain four damage counters, draw two cards, then discard one."""
    elf = give(s, 0, "elf")[0]
    drawn = give(s, 0, "bash", "daze", to="deck")
    power_up(s, 0, energy=3)
    act(s, "play", elf)
    assert s.p[0].dc == 4
    act(s, "discard", drawn[0])
    assert s.p[0].hand == [drawn[1]]


def test_every_card_has_a_test():
    """Every Guardian card id is named in a test of this folder ("every card's effect tested")."""
    text = "".join(p.read_text() for p in Path(__file__).parent.glob("test_*.py"))
    missing = [cid for cid in load_content().cards if f'"{cid}"' not in text]
    assert not missing, missing
