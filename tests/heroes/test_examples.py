"""Every worked example printed in the heroes rulebook, as a scenario on the real rules."""

from __future__ import annotations

import pytest

from guardians.engine import IllegalAction
from guardians.games.heroes.rules.model import IMMOBILIZE, POWERLOCK, Frame

from heroes.helpers import act, arrange, give, main_turn, new, options, set_location, to_first_action


@pytest.fixture
def game():
    return to_first_action(new(seed=3))


def test_attack_and_knock_out_example(game):
    """000_04d8657756ecac85.txt, "Example: Attack & Knock Out": Whiplash (attack 3) attacks Venger (6 of 9
    damage) at the Detention Facility; Venger reaches 9, is removed from play, the Loyalist player moves the
    token 2 spaces and Whiplash is exhausted."""
    loyal = game.faction.index("loyalist")
    renegade = 1 - loyal
    set_location(game, 1, "detention_facility")
    arrange(game, {"whiplash": (loyal, 1), "venger": (renegade, 1)}, damage={"venger": 6})
    main_turn(game, loyal)
    assert game.attack_of("whiplash") == 3 and game.life_of("venger") == 9
    act(game, "attack", "whiplash", "venger")
    venger = game.heroes["venger"]
    assert venger.ko and venger.slot is None and venger.damage == 0
    assert game.row[1][1] == 2 * game.direction(loyal)          # 2 spaces toward the Loyalist space
    assert game.heroes["whiplash"].exhausted
    # a knocked-out hero is at no location and cannot be targeted
    assert "venger" not in game._filter_heroes(Frame((), loyal, {"self": "whiplash"}), {"side": "enemy"})


def test_move_example_adjacent_only(game):
    """000, "Example: Move" and ACTIONS, Move: Astra may move to the location directly left or right only."""
    seat = game.faction.index("loyalist")
    arrange(game, {"astra": (seat, 1), "grave": (1 - seat, 3)})
    main_turn(game, seat)
    moves = {a.args for a in options(game, "move")}
    assert moves == {("astra", 0), ("astra", 2)}
    with pytest.raises(IllegalAction):
        act(game, "move", "astra", 3)


def test_reaction_example_split_shot_then_one_rapid_response(game):
    """000, "Example: Reaction Card": after Split Shot fully resolves (2 damage to each enemy hero) the
    Renegade player may react with Rapid Response — only one copy, though she holds two."""
    loyal = game.faction.index("loyalist")
    ren = 1 - loyal
    arrange(game, {"astra": (loyal, 0), "whiplash": (loyal, 2), "paladin": (ren, 3), "grave": (ren, 2)})
    for seat in (loyal, ren):
        game.seats[seat].hand = []
    split = give(game, loyal, "astra_split_shot")[0]
    give(game, ren, "paladin_rapid_response", copies=2)
    main_turn(game, loyal)
    act(game, "play", split)
    if game.decision.kind == "target":          # the charge point: which Ultimate gets the token
        act(game, "charge", "astra")
    assert game.heroes["paladin"].damage == 2 and game.heroes["grave"].damage == 2
    decision = game.decision
    assert decision.seat == ren and decision.kind == "reaction"
    reacts = [a for a in decision.options if a.kind == "react"]
    assert len(reacts) == 1                      # two copies, one option: at most one reaction card
    act(game, "react", reacts[0].args[0])
    # Rapid Response: Paladin moves to a damaged friendly hero's location and deals 3 damage there
    while game.decision.seat == ren and game.decision.kind == "target":
        game.apply(game.decision.options[0])
    assert len(game.seats[ren].hand) == 1        # the second copy is still in hand
    assert game.heroes["whiplash"].damage == 3   # Paladin joined Grave at Whiplash's location
    assert game.heroes["paladin"].slot == 2


def test_card_effects_and_timing_guttersnare_on_immobilized_ronin(game):
    """000, "Example: Card Effects & Timing" 1-3: Guttersnare on Ronin (range 1, immobilized): Ronin does
    not move but still takes 3 damage; Kosi at range 2 could not have been chosen."""
    loyal = game.faction.index("loyalist")
    ren = 1 - loyal
    arrange(game, {"mauler": (ren, 1), "valkyrie": (ren, 1), "ronin": (loyal, 2), "kosi": (loyal, 3)})
    game.heroes["ronin"].conds |= IMMOBILIZE
    game.heroes["valkyrie"].conds |= IMMOBILIZE
    game.seats[ren].hand = []
    snare = give(game, ren, "mauler_guttersnare")[0]
    main_turn(game, ren)
    act(game, "play", snare)
    if game.decision.kind == "target" and game.decision.options[0].kind == "charge":
        act(game, "charge", "mauler")
    # Ronin was the only enemy within range 1, so he was chosen; Kosi (range 2) never was
    assert game.heroes["ronin"].slot == 2
    assert game.heroes["ronin"].damage == 3
    assert game.heroes["kosi"].damage == 0


def test_card_effects_and_timing_lotus_blade_forces_powerlock(game):
    """000, "Example: Card Effects & Timing" 4: Lotus Blade makes the Renegade player move or powerlock
    Valkyrie; Valkyrie is immobilized, so the only option she can completely resolve is the powerlock."""
    loyal = game.faction.index("loyalist")
    ren = 1 - loyal
    arrange(game, {"mauler": (ren, 1), "valkyrie": (ren, 1), "ronin": (loyal, 2), "kosi": (loyal, 3)})
    game.heroes["valkyrie"].conds |= IMMOBILIZE
    game.heroes["mauler"].slot = 0                  # only Valkyrie is within range 1 of Ronin
    game.seats[loyal].hand = []
    blade = give(game, loyal, "ronin_lotus_blade")[0]
    main_turn(game, loyal)
    act(game, "play", blade)
    if game.decision.kind == "target" and game.decision.options[0].kind == "charge":
        act(game, "charge", "ronin")
    assert game.heroes["valkyrie"].conds & POWERLOCK
    assert game.heroes["valkyrie"].slot == 1


def test_lotus_blade_gives_the_choice_to_the_opponent_when_both_resolve(game):
    """000, CARD EFFECTS & TIMING: "That player must choose an option that she can completely resolve" —
    with Valkyrie free to move, the Renegade player (not the card's player) chooses."""
    loyal = game.faction.index("loyalist")
    ren = 1 - loyal
    arrange(game, {"valkyrie": (ren, 1), "ronin": (loyal, 2), "mauler": (ren, 0)})
    game.seats[loyal].hand = []
    blade = give(game, loyal, "ronin_lotus_blade")[0]
    main_turn(game, loyal)
    act(game, "play", blade)
    if game.decision.options[0].kind == "charge":
        act(game, "charge", "ronin")
    decision = game.decision
    assert decision.seat == ren
    assert {a.label for a in decision.options} == {"Move it to an adjacent location", "Powerlock it"}


def test_reaction_example_the_reacting_player_chooses_that_hero(game):
    """000_04d8657756ecac85.txt, "Example: Reaction Card": Split Shot deals 2 damage to each enemy hero;
    after it has fully resolved the Renegade player plays Rapid Response "to move Paladin to another hero's
    location and deal 3 damage". Split Shot damaged three of her heroes, so she chooses which one is "that
    hero" (docs/rules-notes/heroes-content.md, `enemy_damages_friendly`: "you choose if several") — here
    not the leftmost one."""
    loyal = game.faction.index("loyalist")
    ren = 1 - loyal
    arrange(game, {"astra": (loyal, 0), "whiplash": (loyal, 1),
                   "grave": (ren, 0), "mauler": (ren, 1), "paladin": (ren, 3)})
    split = give(game, loyal, "astra_split_shot")[0]
    give(game, ren, "paladin_rapid_response", copies=2)
    main_turn(game, loyal)
    act(game, "play", split)
    if game.decision.kind == "target":          # the charge point: which Ultimate gets the token
        act(game, "charge", "astra")
    assert [game.heroes[h].damage for h in ("grave", "mauler", "paladin")] == [2, 2, 2]
    reacts = [a for a in game.decision.options if a.kind == "react"]
    assert game.decision.seat == ren and len(reacts) == 1
    act(game, "react", reacts[0].args[0])
    decision = game.decision
    assert decision.seat == ren and decision.kind == "target"
    assert {a.kind for a in decision.options} == {"hero"}
    assert {a.args for a in decision.options} == {("grave",), ("mauler",), ("paladin",)}
    assert {a.refs for a in decision.options} == {("hero:grave",), ("hero:mauler",), ("hero:paladin",)}
    act(game, "hero", "mauler")
    if game.decision.seat == ren and game.decision.options[0].kind == "charge":
        act(game, "charge", "paladin")
    assert game.heroes["paladin"].slot == 1                     # Mauler's location, not Grave's
    assert game.heroes["whiplash"].damage == 3 and game.heroes["astra"].damage == 0
    assert len(game.seats[ren].hand) == 1
