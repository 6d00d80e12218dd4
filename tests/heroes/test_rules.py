"""heroes rules, section by section (rulebook: ../shared/seeds/000_04d8657756ecac85.txt)."""

from __future__ import annotations

import dataclasses

import pytest

from guardians.engine import GameConfig
from guardians.games.heroes.rules import HeroesState

from guardians.engine import IllegalAction
from guardians.games.heroes.rules.model import IMMOBILIZE, POWERLOCK, SHIELD

from heroes.helpers import act, arrange, give, main_turn, new, options, set_location, to_first_action


def next_turn(state):
    """End the current team's Action Phase and play on (first options) to the next team's Action Phase."""
    team = state.active
    for _ in range(500):
        if state.phase == "action" and state.active != team and state.decision.kind == "main":
            return state
        decision = state.decision
        pick = next((a for a in decision.options if a.kind in ("keep", "continue", "end", "pass")), decision.options[0])
        state.apply(pick)
    raise AssertionError("the next turn never came")


def advance_to(state, phase):
    """Answer decisions with the first option (or keep/continue/end) until `phase` starts."""
    for _ in range(500):
        if state.phase == phase:
            return state
        decision = state.decision
        pick = next((a for a in decision.options if a.kind in ("keep", "continue", "end", "pass")), decision.options[0])
        state.apply(pick)
    raise AssertionError(f"never reached {phase}")


# ----- setup ------------------------------------------------------------------------------------

def test_setup_first_player_chooses_faction_then_second_player_drafts_first():
    """000, SETUP 1-2: a random first player chooses Loyalist or Renegade; 8 heroes are dealt; picks
    alternate starting with the SECOND player until each has 3."""
    firsts = set()
    for seed in range(12):
        state = new(seed=seed)
        assert state.decision.kind == "faction" and state.decision.seat == state.first_team
        firsts.add(state.first_team)
        act(state, "faction", "renegade")
        assert state.faction[state.first_team] == "renegade" and state.faction[1 - state.first_team] == "loyalist"
        assert len(state.pool) == 8
        order = []
        while state.phase == "draft":
            order.append(state.decision.seat)
            state.apply(state.decision.options[0])
        second = 1 - state.first_team
        assert order == [second, state.first_team] * 3
        assert sorted(len(state._heroes_of_seat(s)) for s in (0, 1)) == [3, 3]
        assert len(state.pool) == 2
    assert firsts == {0, 1}


def test_setup_decks_ultimates_row_tokens():
    """000, SETUP 3-4: 24-card decks (3 power decks + Barrier, Intel, Reposition x2); the 3 Ultimates
    face up; 4 locations, never three of one point value; tokens on the centre space."""
    for seed in range(40):
        state = new(seed=seed)
        while state.phase in ("faction", "draft"):
            state.apply(state.decision.options[0])
        for s in (0, 1):
            player = state.seats[s]
            assert len(player.deck) == 24
            names = sorted(state.cards[i] for i in player.deck)
            assert names.count("basic_barrier") == names.count("basic_intel") == names.count("basic_reposition") == 2
            assert {h: v for h, v in player.ultimates.items()} == {h: [0, True] for h in state._heroes_of_seat(s)}
        points = [state.content.locations[loc].points for loc, _ in state.row]
        assert len(points) == 4 and max(points.count(p) for p in points) <= 2
        assert all(token == 0 for _, token in state.row)
        assert len(state.loc_deck) == 10


def test_setup_set_aside_locations_are_logged_and_shuffled_back():
    """000, SETUP 4: a third location of one value is set aside, replaced, then shuffled back."""
    seen = False
    for seed in range(60):
        state = new(seed=seed)
        while state.phase in ("faction", "draft"):
            state.apply(state.decision.options[0])
        aside = [e for e in state.log if e.kind == "setup" and e.get("what") == "aside"]
        if aside:
            assert all(e["location"] in state.loc_deck and e["points"] == state.content.locations[e["location"]].points
                       for e in aside)
            seen = True
            assert len(state.loc_deck) + len(state.row) == 14
    assert seen


def test_placement_alternates_from_first_player_and_ignores_location_effects():
    """000, SETUP 6: placement alternates starting with the FIRST player; location effects do not
    apply during placement (a hero placed at the Detention Facility is not immobilized)."""
    state = new(seed=5)
    while state.phase in ("faction", "draft"):
        state.apply(state.decision.options[0])
    set_location(state, 0, "detention_facility")
    order = []
    while state.phase == "place":
        order.append(state.decision.seat)
        state.apply(next(a for a in state.decision.options if a.args[1] == 0))
    assert order == [state.first_team, 1 - state.first_team] * 3
    assert all(h.slot == 0 and not h.conds for h in state.heroes.values())


def test_opening_hand_and_single_mulligan():
    """000, SETUP 7: a hand of 5; one optional mulligan, and the second hand must be kept."""
    state = new(seed=2)
    while state.phase != "mulligan":
        state.apply(state.decision.options[0])
    first = state.decision.seat
    assert all(len(state.seats[s].hand) == 5 for s in (0, 1))
    before = sorted(state.seats[first].hand)
    act(state, "mulligan")
    assert len(state.seats[first].hand) == 5 and len(state.seats[first].deck) == 19
    assert sorted(state.seats[first].hand) != before or True   # a reshuffle may deal the same cards
    assert state.decision.seat != first                         # no second mulligan offered to her


def test_first_player_first_action_phase_has_two_actions():
    """000, SETUP 8: the first player's first Action Phase allows only 2 actions; later turns 3."""
    state = to_first_action(new(seed=4))
    assert state.seats[state.actor].actions == 2
    first = state.actor
    next_turn(state)
    assert state.actor != first and state.seats[state.actor].actions == 3


def test_first_game_variant_fixed_heroes_and_no_location_text():
    """000, "First Game": the first player gets Astra, Valkyrie, Whiplash; the second Grave, Mauler,
    Ronin; all location text is ignored."""
    state = new(variant="first_game", seed=8)
    act(state, "faction", "loyalist")
    assert state.phase == "place"
    first = state.first_team
    assert set(state._heroes_of_seat(first)) == {"astra", "valkyrie", "whiplash"}
    assert set(state._heroes_of_seat(1 - first)) == {"grave", "mauler", "ronin"}
    to_first_action(state)
    assert not state.locations_active()
    set_location(state, 1, "detention_facility")
    arrange(state, {"astra": (first, 0), "grave": (1 - first, 3)})
    main_turn(state, first)
    act(state, "move", "astra", 1)
    assert not state.heroes["astra"].conds & IMMOBILIZE
    assert not options(state, "location")


# ----- the turn ---------------------------------------------------------------------------------

@pytest.fixture
def game():
    return to_first_action(new(seed=3))


def test_control_phase_moves_token_where_only_you_have_a_readied_hero(game):
    """000, "1. Control Phase" and Glossary "Control (location)": a readied hero of yours and none of the
    opponent's moves the token 1; an exhausted hero does not count; a contested location does not move."""
    me = game.active
    for slot in range(4):
        set_location(game, slot, "market_square")
    arrange(game, {"astra": (me, 0), "whiplash": (me, 1), "valkyrie": (me, 2), "grave": (1 - me, 2),
                   "mauler": (1 - me, 3)})
    game.heroes["whiplash"].exhausted = True
    game._control_phase()
    d = game.direction(me)
    assert [token for _, token in game.row] == [d, 0, 0, 0]


def test_token_never_passes_the_movers_faction_space(game):
    """000, OBJECTIVE: a player cannot move a control token past her own faction space."""
    me = game.active
    set_location(game, 0, "market_square", token=0)
    track = game.track(0)
    game.move_token(0, me, track + 5)
    assert game.row[0][1] == game.direction(me) * track
    game.move_token(0, 1 - me, 1)
    assert game.row[0][1] == game.direction(me) * (track - 1)


def test_ready_phase_readies_and_returns_knocked_out_heroes_by_choice(game):
    """000, "2. Ready Phase": exhausted heroes are readied; each knocked-out hero is placed readied at a
    location of its owner's choosing (a place, not a move)."""
    me = game.active
    arrange(game, {"astra": (me, 0), "whiplash": (me, 1), "grave": (1 - me, 3)})
    game.heroes["astra"].exhausted = True
    game.heroes["whiplash"].slot = None
    game.heroes["whiplash"].ko = True
    set_location(game, 2, "detention_facility")
    game.phase = "ready"
    game.pending = None
    game.advance()
    assert not game.heroes["astra"].exhausted
    decision = game.decision
    assert decision.seat == me and {a.args for a in decision.options} == {("whiplash", s) for s in range(4)}
    act(game, "return", "whiplash", 2)
    whip = game.heroes["whiplash"]
    assert whip.slot == 2 and not whip.ko and not whip.exhausted and not whip.conds   # placing is not moving


def test_attack_needs_a_readied_hero_and_a_target_at_its_location(game):
    """000, ACTIONS, Attack: choose a readied hero, target an enemy sharing its location."""
    me = game.active
    arrange(game, {"astra": (me, 1), "whiplash": (me, 2), "grave": (1 - me, 1), "mauler": (1 - me, 3)})
    game.heroes["whiplash"].exhausted = True
    main_turn(game, me)
    assert {a.args for a in options(game, "attack")} == {("astra", "grave")}
    with pytest.raises(IllegalAction):
        act(game, "attack", "whiplash", "mauler")


def test_illegal_action_leaves_state_untouched(game):
    """DESIGN (State API): an unlisted action raises and changes nothing."""
    digest = game.digest()
    with pytest.raises(IllegalAction):
        act(game, "attack", "nobody", "nothing")
    assert game.digest() == digest


def test_actions_run_out_and_end_the_phase(game):
    """000, "3. Action Phase": up to 3 actions, the same one more than once."""
    me = game.active
    arrange(game, {"astra": (me, 1), "grave": (1 - me, 3)})
    main_turn(game, me, actions=3)
    for _ in range(3):
        act(game, "draw")
    assert not options(game, "draw")
    act(game, "end")
    assert game.phase != "action" or game.active != me


def test_score_phase_scores_replaces_and_heroes_stay(game):
    """000, "4. Score Phase": a token on your faction space scores; the card goes to your score area; a
    new location with a centred token replaces it; heroes there are now at the new location."""
    me = game.active
    arrange(game, {"astra": (me, 2), "grave": (1 - me, 0)})
    set_location(game, 2, "market_square", token=game.direction(me) * game.content.locations["market_square"].track)
    deck_before = len(game.loc_deck)
    main_turn(game, me)
    act(game, "end")
    assert "market_square" in game.scored[me]
    assert game.row[2][0] != "market_square" and game.row[2][1] == 0
    assert game.heroes["astra"].slot == 2
    assert len(game.loc_deck) == deck_before - 1


def test_nine_points_wins_immediately(game):
    """000, WINNING THE GAME: 9 or more points wins at once."""
    me = game.active
    game.scored[me] = ["hall_of_unity", "reactor_core"]          # 6 points
    arrange(game, {"astra": (me, 0), "grave": (1 - me, 3)})
    set_location(game, 0, "skybridge", token=game.direction(me) * game.content.locations["skybridge"].track)
    main_turn(game, me)
    act(game, "end")
    while game.decision and game.decision.kind != "main":
        game.apply(next((a for a in game.decision.options if a.kind in ("continue", "pass")), game.decision.options[0]))
        if game.is_over:
            break
    assert game.is_over and game.result.winners == (me,)
    assert game.points(me) == 9


def test_draw_phase_draws_then_discards_to_eight_and_reshuffles(game):
    """000, "5. Draw Phase" and Draw: draw 1, then discard down to 8 (checked only here); an empty deck
    is formed again by shuffling the discard pile."""
    me = game.active
    arrange(game, {"astra": (me, 0), "grave": (1 - me, 3)})
    give(game, me, "basic_intel", copies=9)                 # 9 in hand during the Action Phase is fine
    game.seats[me].discard = give(game, me, "basic_barrier", copies=3)
    for instance in game.seats[me].discard:
        game.seats[me].hand.remove(instance)
    assert game.seats[me].deck == []
    main_turn(game, me)
    act(game, "end")
    advance_to(game, "discard")
    assert len(game.seats[me].hand) == 10 and len(game.seats[me].deck) == 2   # reshuffled then drew
    assert game.decision.kind == "discard" and game.decision.seat == me
    act(game, "discard", game.decision.options[0].args[0])
    act(game, "discard", game.decision.options[0].args[0])
    assert len(game.seats[me].hand) == 8 and game.phase != "discard"


# ----- conditions -------------------------------------------------------------------------------

def test_shield_prevents_damage_and_leaves_at_start_of_owners_action_phase(game):
    """000, CONDITION TOKENS, Shield: prevents all damage; discarded at the START of your Action Phase."""
    me = game.active
    arrange(game, {"astra": (me, 1), "grave": (1 - me, 1)})
    game.heroes["grave"].conds |= SHIELD
    main_turn(game, me)
    act(game, "attack", "astra", "grave")
    assert game.heroes["grave"].damage == 0
    act(game, "end")
    advance_to(game, "action")
    assert game.active == 1 - me and not game.heroes["grave"].conds & SHIELD


def test_immobilize_blocks_moves_until_end_of_owners_action_phase_and_no_second_token(game):
    """000, CONDITION TOKENS, Immobilize: cannot be moved by any means; discarded at the END of your
    Action Phase. A second token of a kind is prevented."""
    me = game.active
    arrange(game, {"astra": (me, 1), "grave": (1 - me, 3)})
    game.add_condition("astra", "immobilize")
    game.add_condition("astra", "immobilize")
    assert game.heroes["astra"].conds == IMMOBILIZE
    assert any(e.kind == "prevent" and e["hero"] == "astra" and e["condition"] == "immobilize" for e in game.log)
    main_turn(game, me)
    assert not options(game, "move")
    act(game, "end")
    assert not game.heroes["astra"].conds & IMMOBILIZE


def test_mauler_cannot_be_immobilized_and_harbinger_cannot_be_moved(game):
    """000, Glossary "Prevent" (Mauler) and ACTIONS, Move note (Harbinger never moved, may be placed)."""
    me = game.active
    arrange(game, {"harbinger": (me, 1), "mauler": (1 - me, 2)})
    game.add_condition("mauler", "immobilize")
    assert not game.heroes["mauler"].conds & IMMOBILIZE
    main_turn(game, me)
    assert not [a for a in options(game, "move") if a.args[0] == "harbinger"]
    assert not game.can_be_moved("harbinger")


def test_powerlock_stops_the_heroes_cards_but_not_attacks(game):
    """000, CONDITION TOKENS, Powerlock, and PLAYING A POWER OR ULTIMATE CARD: no power or Ultimate cards
    for a powerlocked (or knocked-out) hero; it may still attack or move."""
    me = game.active
    arrange(game, {"astra": (me, 1), "grave": (1 - me, 1)})
    split = give(game, me, "astra_split_shot")[0]
    game.seats[me].ultimates["astra"][0] = 5
    game.heroes["astra"].conds |= POWERLOCK
    main_turn(game, me)
    assert not [a for a in options(game, "play") if a.args == (split,)]
    assert not options(game, "ultimate")
    assert options(game, "attack") and options(game, "move")


# ----- charge and Ultimates ---------------------------------------------------------------------

def test_charge_point_goes_on_any_ultimate_even_face_down_or_knocked_out(game):
    """000, Card Types: a charge token goes on ANY of your Ultimates, even face down or of a knocked-out hero."""
    me = game.active
    arrange(game, {"astra": (me, 0), "whiplash": (me, 1), "grave": (1 - me, 3)})
    game.heroes["whiplash"].slot = None
    game.heroes["whiplash"].ko = True
    game.seats[me].ultimates["whiplash"] = [0, False]
    split = give(game, me, "astra_split_shot")[0]
    main_turn(game, me)
    act(game, "play", split)
    decision = game.decision
    assert {a.args for a in decision.options} == {("astra",), ("whiplash",)}
    act(game, "charge", "whiplash")
    assert game.seats[me].ultimates["whiplash"] == [1, False]


def test_ultimate_needs_its_charges_and_is_played_once(game):
    """000, Ultimate Cards: discard the charge cost, resolve, flip face down; once per game."""
    me = game.active
    arrange(game, {"astra": (me, 0), "grave": (1 - me, 3)})
    cost = game.content.heroes["astra"].ultimate.charge
    game.seats[me].ultimates["astra"] = [cost - 1, True]
    main_turn(game, me)
    assert not options(game, "ultimate")
    game.seats[me].ultimates["astra"] = [cost, True]
    game.invalidate()
    act(game, "ultimate", "astra")
    while game.decision.kind == "target":
        game.apply(game.decision.options[0])
    assert game.seats[me].ultimates["astra"] == [0, False]
    assert game.heroes["grave"].damage == 5
    game.seats[me].ultimates["astra"][0] = 9
    game.invalidate()
    assert not options(game, "ultimate")


# ----- reactions --------------------------------------------------------------------------------

def test_kosi_spirit_strike_is_usable_beside_a_reaction_card(game):
    """000, Reaction note: Kosi's Spirit Strike has reaction timing but can be used in addition to a
    reaction card in the same window."""
    me = game.active
    arrange(game, {"kosi": (1 - me, 2), "whiplash": (1 - me, 2), "astra": (me, 1), "grave": (me, 3)})
    give(game, 1 - me, "whiplash_restraint")                      # a reaction to an enemy move
    main_turn(game, me)
    act(game, "move", "astra", 2)
    decision = game.decision
    assert decision.seat == 1 - me and decision.kind == "reaction"
    kinds = {a.kind for a in decision.options}
    assert {"react", "react_ability", "pass"} <= kinds
    game.apply(next(a for a in decision.options if a.kind == "react"))
    decision = game.decision
    assert decision.seat == 1 - me and {a.kind for a in decision.options} == {"react_ability", "pass"}


def test_you_may_react_to_yourself_and_the_active_player_orders_reactions():
    """000, Reaction: a player may react to her own action; when both players react, the player whose
    turn it is chooses the order. No shipped card reacts to its own side's attack, so a test-only card
    (draw 1 after a friendly hero attacks) exercises the rule."""
    base = new(seed=3).content
    own_card = dataclasses.replace(base.cards["astra_covering_fire"], id="test_self_reaction", name="Follow Through",
                                   when="friendly_attacks", hero=None, effect=(("draw", {"amount": 1, "who": "self"}),))
    content = dataclasses.replace(base, cards={**base.cards, own_card.id: own_card})
    game = to_first_action(HeroesState(GameConfig("heroes", 2, ("human", "human")), 3, content))
    me = game.active
    arrange(game, {"astra": (me, 1), "grave": (1 - me, 1)})
    mine = give(game, me, "test_self_reaction")[0]
    theirs = give(game, 1 - me, "astra_covering_fire")[0]
    main_turn(game, me)
    act(game, "attack", "astra", "grave")
    decision = game.decision
    assert decision.seat == me and decision.kind == "reaction"      # the active player is asked first
    act(game, "react", mine)
    assert game.decision.seat == 1 - me
    act(game, "react", theirs)
    decision = game.decision
    assert decision.seat == me and decision.kind == "order" and len(decision.options) == 2
    hand_before = len(game.seats[me].hand)
    game.apply(next(a for a in decision.options if "Covering Fire" in a.label))
    assert game.heroes["astra"].damage == 2                         # theirs first, as the active player chose
    assert len(game.seats[me].hand) == hand_before                   # mine not yet resolved
    while game.decision.kind != "main":
        game.apply(next((a for a in game.decision.options if a.kind == "pass"), game.decision.options[0]))
    assert theirs in game.seats[1 - me].discard and mine in game.seats[me].discard


# ----- four players -----------------------------------------------------------------------------

def test_four_player_setup_and_actions():
    """000, 4-PLAYER GAME: teams draft 4 heroes (2 per player), 18-card decks, 4-card hands, teams
    alternate placing, 2 actions per player in the first team turn too."""
    state = new(players=4, seed=11)
    act(state, "faction", "loyalist")
    while state.phase == "draft":
        state.apply(state.decision.options[-1])
    for s in range(4):
        assert len(state._heroes_of_seat(s)) == 2
        assert len(state.seats[s].deck) == 18
    teams = []
    while state.phase == "place":
        teams.append(state.team_of(state.decision.seat))
        state.apply(state.decision.options[0])
    assert teams == [state.first_team, 1 - state.first_team] * 4
    assert all(len(state.seats[s].hand) == 4 for s in range(4))
    to_first_action(state)
    for s in state.team_seats(state.active):
        assert state.seats[s].actions == 2


def test_four_player_control_knockout_and_handover():
    """000, 4-PLAYER GAME: control needs more readied friendly heroes than enemy; a knock-out moves the
    token 1; teammates act in any order (hand over keeping actions)."""
    state = to_first_action(new(players=4, seed=12))
    team = state.active
    a, b = state.team_seats(team)
    e1, e2 = state.team_seats(1 - team)
    for slot in range(4):
        set_location(state, slot, "intergov_archive")
    arrange(state, {"astra": (a, 0), "whiplash": (b, 0), "grave": (e1, 0), "venger": (e2, 2),
                    "mauler": (e1, 3), "kosi": (e2, 3), "ronin": (a, 1), "paladin": (b, 1)})
    state._control_phase()
    d = state.direction(team)
    assert state.row[0][1] == d          # 2 readied vs 1
    assert state.row[1][1] == d          # 2 vs 0
    assert state.row[3][1] == 0          # theirs
    state.heroes["venger"].damage = state.life_of("venger") - 1
    state.heroes["venger"].slot = 1
    main_turn(state, a, actions=2)
    act(state, "attack", "ronin", "venger")
    assert state.row[1][1] == 2 * d      # 1 from control + 1 for the knock-out (not 2)
    act(state, "handover")
    assert state.decision.seat == b
    act(state, "end")
    assert state.decision.seat == a and state.seats[a].actions == 1


def test_one_candidate_for_that_hero_asks_nothing(game):
    """000, "Example: Reaction Card": "that hero" is the reacting player's choice only when the trigger
    was about several heroes; with one damaged hero (the other shielded) it is bound without a question."""
    me = game.active
    arrange(game, {"astra": (me, 0), "grave": (1 - me, 0), "paladin": (1 - me, 3)})
    game.heroes["paladin"].conds |= SHIELD
    split = give(game, me, "astra_split_shot")[0]
    give(game, 1 - me, "paladin_rapid_response")
    main_turn(game, me)
    act(game, "play", split)
    if game.decision.kind == "target":
        act(game, "charge", "astra")
    act(game, "react", options(game, "react")[0].args[0])
    decision = game.decision
    assert decision.seat == 1 - me and {a.kind for a in decision.options} == {"charge"}
    act(game, "charge", "paladin")
    assert game.heroes["paladin"].slot == 0 and game.heroes["astra"].damage == 3


def test_that_hero_is_asked_only_when_the_effect_names_it(game):
    """000, "Example: Reaction Card": a reaction that never speaks of "that hero" (Bulwark shields the
    heroes at Harbinger's location) needs no choice of it, however many heroes were damaged."""
    me = game.active
    arrange(game, {"astra": (me, 0), "grave": (1 - me, 0), "harbinger": (1 - me, 3)})
    split = give(game, me, "astra_split_shot")[0]
    give(game, 1 - me, "harbinger_bulwark")
    main_turn(game, me)
    act(game, "play", split)
    if game.decision.kind == "target":
        act(game, "charge", "astra")
    act(game, "react", options(game, "react")[0].args[0])
    assert game.decision.seat == me and game.decision.kind == "main"
    assert game.heroes["harbinger"].conds & SHIELD


def test_four_player_either_teammate_may_act_first():
    """000, 4-PLAYER GAME, "Action Phase": "Both players may take up to 2 actions during their team's turn,
    and these actions may be done in any order." The seat first asked may hand the turn to her teammate
    before acting; handing it straight back would change nothing, so it is not offered; each teammate
    still has exactly her own 2 actions."""
    state = to_first_action(new(players=4, seed=12))
    team = state.active
    a, b = state.team_seats(team)
    assert state.decision.seat == a and state.seats[a].actions == state.seats[b].actions == 2
    assert options(state, "handover")                     # before acting
    act(state, "handover")
    assert state.decision.seat == b and not options(state, "handover")
    act(state, "draw")
    act(state, "draw")
    assert state.seats[b].actions == 0 and not options(state, "draw")
    act(state, "handover")
    assert state.decision.seat == a and state.seats[a].actions == 2
    act(state, "draw")
    act(state, "end")
    assert state.decision.seat == b and state.seats[b].actions == 0   # her actions are spent, not refilled
    act(state, "end")
    assert state.phase != "action" or state.active != team


# ----- timing: effects do not interrupt one another ----------------------------------------------

def test_blade_dance_into_detention_facility_still_makes_its_second_move(game):
    """000, CARD EFFECTS & TIMING: "Effects cannot interrupt one another. When performing card effects, a
    player must perform as much of the card's effect as possible, in the order presented on the card."
    Kosi's Blade Dance moves her into the Detention Facility ("a hero that moves here is immobilized"):
    the location's effect waits until Blade Dance has finished, so her second move still happens; then
    the location's effect resolves (she did move there, so she is immobilized)."""
    me = game.active
    set_location(game, 1, "detention_facility")
    for slot in (0, 2, 3):
        set_location(game, slot, "market_square")
    arrange(game, {"kosi": (me, 0), "grave": (1 - me, 1)})
    dance = give(game, me, "kosi_blade_dance")[0]
    main_turn(game, me)
    act(game, "play", dance)
    decision = game.decision                      # the second move: back to 0 or on to 2
    assert decision.seat == me and {a.args for a in decision.options} == {(0,), (2,)}
    assert not game.heroes["kosi"].conds & IMMOBILIZE
    act(game, "slot", 2)
    kosi = game.heroes["kosi"]
    assert kosi.slot == 2 and game.heroes["grave"].damage == 2
    assert kosi.conds & IMMOBILIZE
    assert [e.kind for e in game.log[-3:]] == ["damage", "move", "condition"]


def test_location_enter_effect_resolves_before_the_reaction_window(game):
    """000, CARD EFFECTS & TIMING: "The effects of a card, ability or attack must be resolved entirely
    before a reaction can be activated": a move action into the Detention Facility immobilizes the hero
    (the location's triggered effect) before the enemy may react to the move."""
    me = game.active
    set_location(game, 1, "detention_facility")
    arrange(game, {"astra": (me, 0), "whiplash": (1 - me, 3)})
    give(game, 1 - me, "whiplash_restraint")
    main_turn(game, me)
    act(game, "move", "astra", 1)
    assert game.decision.seat == 1 - me and game.decision.kind == "reaction"
    assert game.heroes["astra"].conds & IMMOBILIZE


# ----- utility cards: at any moment of their phase ------------------------------------------------

def to_deck(state, seat: int, card_id: str, copies: int) -> None:
    """Put new instances of a card on a seat's deck."""
    for instance in give(state, seat, card_id, copies):
        state.seats[seat].hand.remove(instance)
        state.seats[seat].deck.append(instance)
    state.invalidate()


def test_utility_card_playable_after_a_knocked_out_hero_returns(game):
    """000, Utility Cards: they "can be played in the specified phase of your turn" — at any moment of it,
    not only at its start. "2. Ready Phase": Valkyrie, knocked out, returns to play; her Ready Phase
    utility card (Flight Check: move her to an adjacent location) may then be played."""
    me = game.active
    arrange(game, {"valkyrie": (me, 0), "astra": (me, 1), "grave": (1 - me, 3)})
    game.heroes["valkyrie"].slot = None
    game.heroes["valkyrie"].ko = True
    flight = give(game, me, "valkyrie_flight_check")[0]
    game.phase = "ready"
    game.pending = None
    game.advance()
    assert game.decision.kind == "place"          # nothing to play while Valkyrie is out: no question
    act(game, "return", "valkyrie", 1)
    decision = game.decision
    assert decision.seat == me and decision.kind == "utility"
    assert {a.kind for a in decision.options} == {"utility", "continue"}
    assert next(a for a in decision.options if a.kind == "continue").label == "End the Ready Phase"
    act(game, "utility", flight)
    act(game, "slot", 2)
    assert game.heroes["valkyrie"].slot == 2 and flight in game.seats[me].discard
    assert game.phase == "action" and game.decision.kind == "main"


def test_draw_phase_utility_after_the_draw_reads_the_hand_when_played(game):
    """000, Utility Cards and "5. Draw Phase": Resupply ("if you hold 3 cards or fewer, draw 1 card") may be
    played after the phase's draw, and its condition is read when it is played: 2 other cards at the
    phase's start, 3 after the draw — it still draws."""
    me = game.active
    arrange(game, {"venger": (me, 0), "grave": (1 - me, 3)})
    resupply = give(game, me, "venger_resupply")[0]
    give(game, me, "basic_intel", copies=2)
    to_deck(game, me, "basic_barrier", 3)
    main_turn(game, me)
    act(game, "end")
    decision = game.decision
    assert decision.seat == me and decision.kind == "utility" and game.phase == "draw"
    assert next(a for a in decision.options if a.kind == "continue").label == "Continue: draw a card"
    act(game, "continue")
    assert len(game.seats[me].hand) == 4            # drew 1: Resupply and 3 others
    decision = game.decision
    assert decision.seat == me and decision.kind == "utility"
    act(game, "utility", resupply)
    assert len(game.seats[me].hand) == 4            # 3 others when played: drew 1 more
    assert resupply in game.seats[me].discard


def test_draw_phase_utility_condition_is_not_read_at_the_phase_start(game):
    """000, Utility Cards: with 3 other cards at the Draw Phase's start Resupply would draw, but played after
    the phase's draw (4 other cards) it draws nothing: the condition is read when the card is played."""
    me = game.active
    arrange(game, {"venger": (me, 0), "grave": (1 - me, 3)})
    resupply = give(game, me, "venger_resupply")[0]
    give(game, me, "basic_intel", copies=3)
    to_deck(game, me, "basic_barrier", 3)
    main_turn(game, me)
    act(game, "end")
    act(game, "continue")
    assert len(game.seats[me].hand) == 5
    act(game, "utility", resupply)
    assert len(game.seats[me].hand) == 4 and len(game.seats[me].deck) == 2


def test_utility_question_is_asked_at_each_moment_of_the_phase():
    """000, Utility Cards ("can be played in the specified phase of your turn") and "1. Control Phase": a
    Control Phase utility card may be played before the tokens move or after; "continue" names what comes
    next. No shipped card is a Control Phase utility, so a test-only one (draw 1) exercises the rule."""
    base = new(seed=3).content
    card = dataclasses.replace(base.cards["venger_resupply"], id="test_control_utility", name="Field Report",
                               phase="control", hero=None, effect=(("draw", {"amount": 1, "who": "self"}),))
    content = dataclasses.replace(base, cards={**base.cards, card.id: card})
    game = to_first_action(HeroesState(GameConfig("heroes", 2, ("human", "human")), 3, content))
    me = game.active
    arrange(game, {"astra": (me, 0), "grave": (1 - me, 3)})
    for slot in range(4):
        set_location(game, slot, "market_square")
    give(game, 1 - me, "test_control_utility", copies=2)
    to_deck(game, 1 - me, "basic_barrier", 3)
    main_turn(game, me)
    act(game, "end")
    while game.active == me:
        game.apply(next((a for a in game.decision.options if a.kind in ("continue", "pass")), game.decision.options[0]))
    them = 1 - me
    decision = game.decision
    assert decision.seat == them and decision.kind == "utility" and game.phase == "control"
    assert next(a for a in decision.options if a.kind == "continue").label == "Continue: move the control tokens"
    act(game, "continue")
    assert game.row[3][1] == game.direction(them)   # the tokens moved
    decision = game.decision
    assert decision.seat == them and decision.kind == "utility" and game.phase == "control"
    assert next(a for a in decision.options if a.kind == "continue").label == "End the Control Phase"
    act(game, "utility", decision.options[0].args[0])
    assert game.decision.kind == "utility"           # after a card, asked again (another copy in hand)
    act(game, "continue")
    assert game.phase != "control"
