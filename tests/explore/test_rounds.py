"""The five phases of a battle round, locations, trash and discard (rulebook:
../shared/seeds/002_2f2b06678a8a6611.txt, "BATTLE", "LOCATIONS", "PLAY AREA LAYOUT")."""

from __future__ import annotations

import pytest

from guardians.engine.flow import COMMITTED
from guardians.games.explore.rules.model import NONE

from explore.helpers import (
    act, battle_turn, clear_seat, empty_city, finish, first, give, loc_index, monster, names, new, options, play,
    power_up, to_phase,
)


def location_phase(state, round_no=2):
    """Make it the Location Phase of a later round (not the first: every safe location is open)."""
    state.stack = []
    state.round_no = round_no
    state.phase = "location"
    state.turn_i = 0
    state.pending = None
    state.advance()
    state.invalidate()
    return state


def visit(state, loc_id, *answers):
    act(state, "visit", loc_index(state, loc_id))
    for item in answers:
        if isinstance(item, tuple):
            act(state, item[0], *item[1:])
        else:
            state.apply(next(a for a in state.decision.options if a.kind == item))


@pytest.fixture
def g():
    state = to_phase(new(2, seed=7), "location")
    for seat in range(2):
        clear_seat(state, seat)
    return state


# ----- Location Phase ---------------------------------------------------------------------------

def test_location_phase_in_turn_order_from_the_trailblazer_first_round_only_home():
    """LOCATION PHASE 1 and "The first turn everyone will only be able to visit Home"."""
    state = to_phase(new(3, seed=12), "location")
    seen = []
    while state.phase == "location" or state.pending[0] == "effect" and state.phase == "location":
        decision = state.decision
        if decision.kind == "location":
            seen.append(decision.seat)
            assert [o.args for o in decision.options] == [(state.base_index,)]
        first(state, "stop")
    assert seen == state.order()


def test_safe_locations_shared_and_fortified(g):
    """LOCATION PHASE 1: a location without a monster; players may choose the same location; a
    Blanket Fort keeps its location safe (BATTLE 12)."""
    empty_city(g)
    for loc in g.city_indices:
        monster(g, "ghoul", g.L[loc].id)
    zoo = loc_index(g, "zoo")
    g.mloc[zoo] = []
    g.p[1].fort = zoo
    location_phase(g)
    a, b = g.order()
    allowed = {o.args[0] for o in options(g, "visit")}
    assert allowed == {g.base_index, zoo}
    visit(g, "zoo")                                  # empty deck and hand: nothing to choose
    assert g.decision.kind == "location" and g.decision.seat == b
    assert zoo in {o.args[0] for o in options(g, "visit")}


def test_home(g):
    """LOCATIONS 1/10 Home: draw two, discard two, trash up to two from the discard pile."""
    a = g.order()[0]
    give(g, a, "bash", "shot", to="deck")
    give(g, a, "daze", "ice_blast")
    old = give(g, a, "coward", "practice_swing", "robe", to="discard")
    location_phase(g)
    visit(g, "home")
    assert len(g.p[a].hand) == 4
    act(g, "discard", g.p[a].hand[0])
    act(g, "discard", g.p[a].hand[0])
    act(g, "trash", old[0])
    act(g, "trash", old[1])
    assert len(g.p[a].hand) == 2 and len(g.p[a].discard) == 2 + 1
    assert old[0] in g.coward_pile and old[1] in g.trash        # COWARD! returns to its pile (rules notes)


def test_candy_shop_and_hill(g):
    """LOCATIONS 2/10 Candy Shop +3 energy; 4/10 Hill +5 attack."""
    empty_city(g)
    a, b = g.order()
    location_phase(g)
    visit(g, "candy_shop")
    visit(g, "hill")
    assert (g.p[a].energy, g.p[b].attack) == (3, 5)


def test_zoo(g):
    """LOCATIONS 3/10 Zoo: top five, one to hand, the rest discarded; then discard one from hand."""
    empty_city(g)
    a = g.order()[0]
    give(g, a, "daze")
    five = give(g, a, "bash", "shot", "robe", "axe", "wand", to="deck")
    location_phase(g)
    visit(g, "zoo")
    act(g, "keep", five[2])
    assert g.p[a].hand[-1] == five[2] and len(g.p[a].discard) == 4
    act(g, "discard", g.p[a].hand[0])
    assert names(g, g.p[a].hand) == ["robe"]


def test_game_store_and_garage(g):
    """LOCATIONS 5/10 Game Store: top five Supply cards, one to hand, the rest trashed, then discard one.
    6/10 Garage: three Supply cards into hand, then discard three."""
    empty_city(g)
    a, b = g.order()
    supply_before = len(g.supply)
    location_phase(g)
    visit(g, "game_store")
    if g.decision.kind == "supply":
        g.apply(g.decision.options[0])
    assert len(g.trash) >= 4 and len(g.supply) == supply_before - 5
    assert g.decision.seat == b or len(g.p[a].hand) == 0        # one card in hand, discarded again
    while g.decision.seat == a:
        g.apply(g.decision.options[0])
    visit(g, "garage")
    while g.decision.kind == "discard":
        g.apply(g.decision.options[0])
    assert len(g.p[b].hand) == 0 and len(g.p[b].discard) == 3


def test_school(g):
    """LOCATIONS 7/10 School: draw three, discard three."""
    empty_city(g)
    a = g.order()[0]
    give(g, a, "bash", "shot", "robe", to="deck")
    location_phase(g)
    visit(g, "school")
    while g.decision.kind == "discard":
        act(g, "discard", g.p[a].hand[0])
    assert not g.p[a].hand and len(g.p[a].discard) == 3


def test_field_retreats_and_invades_face_down_from_a_chosen_wave(g):
    """LOCATIONS 8/10 Field: retreat up to two monsters, invade face down from the wave of your choice,
    flip them face up at the start of the Battle Phase; they do not Overrun before."""
    empty_city(g)
    w1 = monster(g, "shadow_warlock", "hill")
    w2 = monster(g, "shadow_warlock", "zoo")
    location_phase(g)
    a = g.order()[0]
    visit(g, "field")
    act(g, "retreat", w1)
    act(g, "retreat", w2)
    assert w1 in g.retreat_pile and w2 in g.retreat_pile
    assert {o.args for o in g.decision.options} == {(1,), (2,)}
    third = len(g.wave_decks[2])
    act(g, "wave", 2)
    empty = sum(g.L[loc].symbols for loc in g.city_indices)
    assert len(g.down) == empty and len(g.wave_decks[2]) == third - empty
    assert g.overrunning() == []
    assert all(m in g.hidden_monsters(a) for m in g.down)
    to_phase(g, "battle")
    assert not g.down


def test_playground_ignores_overrun_and_trashes_four(g):
    """LOCATIONS 9/10 Playground: ignore Overrun effects and trash up to four from the discard pile;
    OVERRUN PHASE: with two Warlocks every other player discards a card."""
    empty_city(g)
    monster(g, "shadow_warlock", "hill")
    monster(g, "hex_novice", "hill")
    a, b = g.order()
    give(g, a, "coward", "coward", "coward", "coward", "bash", to="discard")
    give(g, a, "daze")
    give(g, b, "shot", "bash")
    location_phase(g)
    visit(g, "playground")
    for _ in range(4):
        act(g, "trash", next(o.args[0] for o in g.decision.options if o.kind == "trash"
                             and g.cards[o.args[0]] == "coward"))
    visit(g, "candy_shop")
    assert g.decision.seat == b and g.decision.kind == "discard"       # a ignores the Overrun
    act(g, "discard", g.p[b].hand[0])
    assert len(g.p[a].hand) == 1 and len(g.p[b].hand) == 1


def test_museum_secret_monster_placed_with_another(g):
    """LOCATIONS 10/10 Museum: draw a monster in secret; at the start of your Battle Phase place it at a
    location with another non-boss monster (symbols may be exceeded)."""
    empty_city(g)
    host = monster(g, "ghoul", "zoo")
    a, b = g.order()
    location_phase(g)
    visit(g, "museum")
    secret = g.p[a].museum
    assert secret != NONE and secret in g.hidden_monsters(b) and secret not in g.hidden_monsters(a)
    visit(g, "candy_shop")
    while not (g.phase == "battle" and g.pending and g.pending[0] == "museum"):
        first(g, "done", "stop")
    act(g, "place", loc_index(g, "zoo"))
    assert g.mloc[loc_index(g, "zoo")] == [host, secret] and g.p[a].museum == NONE


# ----- Overrun ----------------------------------------------------------------------------------

def test_spiders_overrun_discards_a_non_super_card_from_play(g):
    """OVERRUN: two or more Spiders: every player discards a non-SUPER card from play."""
    empty_city(g)
    monster(g, "cave_widow", "hill")
    monster(g, "spiderling", "zoo")
    a, b = g.order()
    robe, super_ = give(g, a, "robe", "ancient_hilt", to="persist")
    g.phase = "overrun"
    g.pending = None
    g.advance()
    assert robe in g.p[a].discard and super_ in g.p[a].persist
    assert g.p[b].persist == []


def test_overrun_once_per_round_and_face_up_only(g):
    """OVERRUN: "This effect only happens once per round"; face-down monsters do not count."""
    empty_city(g)
    monster(g, "shadow_warlock", "hill")
    monster(g, "shadow_warlock", "zoo", face_down=True)
    assert g.overrunning() == []
    g.down.clear()
    assert g.overrunning() == ["warlock"]


# ----- Power Up ---------------------------------------------------------------------------------

def test_energy_is_a_threshold_not_spent_and_unplayable_cards_stay(g):
    """PLAYING CARDS: the requirement is not spent; unplayable cards are held until Clean-up."""
    a = g.order()[0]
    swing, cleave, star = give(g, a, "practice_swing", "cleave", "falling_star")
    power_up(g, a, energy=1)
    assert {o.args[0] for o in options(g, "play")} == {swing}
    play(g, swing)
    assert {o.args[0] for o in options(g, "play")} == {cleave}
    play(g, cleave)
    assert g.p[a].energy == 3                         # 1 + 1 + 1: Cleave's requirement 2 was not spent
    finish(g)
    assert star in g.p[a].hand


def test_hidden_power_up_chains_until_the_reveal():
    """Guardian game: each seat's committed chain stays hidden from the others until everyone is done
    (rules notes); then it is revealed."""
    state = to_phase(new(2, seed=5), "powerup")
    a, b = state.order()
    clear_seat(state, a)
    clear_seat(state, b)
    ice = give(state, a, "ice_blast")[0]
    give(state, b, "bash")
    power_up(state, a, energy=1)
    play(state, ice)
    finish(state)
    assert state.pu_hidden(a) and ice in state.hidden_cards(b) and ice not in state.hidden_cards(a)
    commits = state.power_ups                # the kernel's Commitments: a's Power Up is committed, sealed
    assert commits.status(a) == COMMITTED and commits.next_seat() == b and not commits.revealed
    assert commits.visible(b)[a] is None and commits.hidden_from(b) == [a] and commits.hidden_from(a) == [b]
    view = state.view(b)
    assert view.cards[ice] == "?"
    import json
    assert '"hidden"' in json.dumps(view._digest_data(), default=str)
    panel = next(p for p in state.table(b) if p.owner == a)
    assert "powering up in secret" in panel.extra[0]
    assert state.pu_hidden(a)                # b is powering up: nothing is revealed yet
    finish(state)
    assert not state.pu_hidden(a) and ice not in state.hidden_cards(b)
    assert state.power_ups.revealed and state.power_ups.visible(b) == {a: [], b: []}
    assert [e["seat"] for e in state.events if e.kind == "reveal"] == [a, b]     # all at once, in turn order


def test_apprentice_power_up_is_open_but_collected_in_turn():
    """Apprentice game: the Power Up is played openly in turn order (rulebook, POWER UP PHASE 6)."""
    state = to_phase(new(2, "apprentice", seed=5), "powerup")
    a, b = state.order()
    clear_seat(state, a)
    ice = give(state, a, "ice_blast")[0]
    power_up(state, a, energy=1)
    play(state, ice)
    assert not state.power_ups.hidden and not state.pu_hidden(a) and ice not in state.hidden_cards(b)
    assert state.power_ups.visible(b)[a] == []


# ----- Battle Phase -----------------------------------------------------------------------------

def test_battle_where_the_combined_value_is_at_most_your_attack(g):
    """BATTLE PHASE 10-11: move to a location whose monsters' combined value is less or equal to your
    attack; collect them all as trophies; damage counters weaken monsters."""
    empty_city(g)
    h1 = monster(g, "ghoul", "hill")
    h2 = monster(g, "shambler", "hill")
    z = monster(g, "plague_hulk", "zoo", damage=4)
    a = g.order()[0]
    battle_turn(g, a)
    g.p[a].attack = 10
    g.invalidate()
    goes = {o.args[0] for o in options(g, "go")}
    assert goes == {loc_index(g, "zoo")}               # Hill is 8 + 3 = 11; the Zoo's Hulk is 14 - 4
    g.p[a].attack = 11
    g.invalidate()
    act(g, "go", loc_index(g, "hill"))
    assert g.p[a].trophies == [h1, h2] and not g.mloc[loc_index(g, "hill")]
    assert z in g.mloc[loc_index(g, "zoo")]


def test_damage_counters_defeat_a_monster_and_you_still_battle(g):
    """RESOURCES / BATTLE PHASE 9-11: enough damage counters defeat a monster outright, and the player
    still battles another location."""
    empty_city(g)
    target = monster(g, "orc_bruiser", "zoo", damage=3)
    other = monster(g, "shambler", "candy_shop")
    robot = monster(g, "sentry_bot", "hill")
    a = g.order()[0]
    battle_turn(g, a)
    g.p[a].dc = 6
    g.p[a].attack = 3
    g.invalidate()
    assert not [o for o in options(g, "dc") if o.args[0] == robot]        # Robots are immune
    act(g, "dc", target, 6)
    assert target in g.p[a].trophies and g.p[a].dc == 0
    while g.decision.seat != a or g.decision.kind != "main":
        first(g, "accept")
    act(g, "go", loc_index(g, "candy_shop"))
    assert other in g.p[a].trophies


def test_blanket_fort_place_move_remove_and_invasion(g):
    """BATTLE PHASE 12-13: fortify a vacant location (no invasion there); move or remove it each round;
    new monsters invade the visible symbols."""
    empty_city(g)
    z = monster(g, "shambler", "zoo")
    a = g.order()[0]
    battle_turn(g, a)
    g.p[a].attack = 5
    act(g, "go", loc_index(g, "zoo"))
    assert g.decision.kind == "place"
    forts = {o.args[0] for o in options(g, "fort")}
    assert loc_index(g, "zoo") in forts and g.base_index not in forts
    act(g, "fort", loc_index(g, "zoo"))
    assert g.p[a].fort == loc_index(g, "zoo") and z in g.p[a].trophies
    assert not g.mloc[loc_index(g, "zoo")]                            # fortified: nobody invaded
    filled = [loc for loc in g.city_indices if loc != loc_index(g, "zoo")]
    assert all(len(g.mloc[loc]) == g.L[loc].symbols for loc in filled)
    battle_turn(g, a)
    act(g, "stay")
    assert {o.kind for o in g.decision.options} >= {"keep", "remove"}
    act(g, "remove")
    assert g.p[a].fort == NONE and len(g.mloc[loc_index(g, "zoo")]) == 1


def test_invasion_uses_the_retreat_pile_then_the_next_wave(g):
    """BATTLE PHASE 13: no monsters left in the supply: shuffle the Retreat pile; still none: the next
    wave."""
    empty_city(g)
    g.wave_decks[1] = []
    g.retreat_pile = []
    r = monster(g, "ghoul", "zoo")
    g.retreat(r)
    assert g.draw_monster() == r
    third = g.wave_decks[2][-1]
    assert g.draw_monster() == third


# ----- Clean-up, trash and discard --------------------------------------------------------------

def test_cleanup(g):
    """CLEAN UP PHASE 17-21: non-persistent cards in play and the hand are discarded, levels reset, four
    cards drawn (reshuffling the discard pile), the Trailblazer passes right, the Timekeeper moves on."""
    a, b = g.order()
    give(g, a, "bash", to="chain")
    axe = give(g, a, "axe", to="chain")[0]
    give(g, a, "daze")
    give(g, a, "shot", "robe", to="deck")
    g.p[a].energy, g.p[a].attack, g.p[a].dc = 4, 5, 2
    trail, tk = g.trail, g.tk
    g.stack, g.phase, g.pending = [], "cleanup", None
    g.advance()
    player = g.p[a]
    assert player.persist == [axe] and not player.chain
    assert (player.energy, player.attack, player.dc) == (0, 0, 0)
    assert len(player.hand) == 4 and not player.discard          # 2 from the deck, then the reshuffle
    assert g.trail == (trail - 1) % 2 and g.tk == tk + 1


def test_trash_goes_to_the_supply_and_the_supply_reshuffles_the_trash(g):
    """BATTLE "Trashing" and PLAY AREA LAYOUT Supply: trashed cards go to the trash pile, which becomes
    the new Supply when the Supply runs out."""
    a = g.order()[0]
    card = give(g, a, "bash", to="discard")[0]
    g.trash_card(a, card, g.p[a].discard)
    assert card in g.trash and card not in g.p[a].discard
    g.supply = []
    before = set(g.trash)
    assert g.from_supply() in before and not g.trash and len(g.supply) == len(before) - 1
