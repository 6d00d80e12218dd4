"""Monster families, bosses, the Third Wave, scoring and quests (rulebook:
../shared/seeds/002_2f2b06678a8a6611.txt, "MONSTERS", "BOSS BATTLE", "BOSSSES", "THIRD WAVE", "SCORING",
"QUESTS", "ONE PLAYER MODE")."""

from __future__ import annotations

import pytest

from guardians.games.explore.rules.model import NONE

from explore.helpers import (
    act, battle_turn, clear_seat, empty_city, first, give, loc_index, monster, names, new, start_power_up,
    to_phase,
)


def game(players=3, variant="standard", seed=7):
    state = to_phase(new(players, variant, seed), "location")
    for seat in range(players):
        clear_seat(state, seat)
    empty_city(state)
    return state


def settle(state, seat=None):
    """Answer pending effect decisions (first options) until a main/location/place decision."""
    for _ in range(100):
        d = state.decision
        if d is None or d.kind in ("main", "location", "place", "choose") and (seat is None or d.seat == seat):
            return
        first(state, "accept", "stop", "none")


# ----- families ---------------------------------------------------------------------------------

def test_zombies_only_give_points():
    """MONSTERS 1/5 Zombie: trophy points, nothing else."""
    state = game()
    a = state.order()[0]
    z = monster(state, "plague_hulk", "zoo")
    battle_turn(state, a)
    state.p[a].attack = 20
    act(state, "go", loc_index(state, "zoo"))
    assert state.trophy_points(a) == 7 and not state.stack and state.decision.kind == "place"


def test_orcs_damage_every_orc_on_entering_play():
    """MONSTERS 2/5 Orc: entering play it damages all Orc monsters, itself included."""
    state = game()
    old = monster(state, "orc_bruiser", "hill")
    state.wave_decks[1].append(monster(state, "orc_whelp", "zoo"))
    state.mloc[loc_index(state, "zoo")].clear()
    new_orc = state.wave_decks[1][-1]
    state.invade(only=(loc_index(state, "zoo"),))
    assert state.mdmg[old] == 1 and state.mdmg[new_orc] == 1


def test_orc_final_act_from_the_slayers_left():
    """MONSTERS 2/5 Orc Final Act: each opponent, starting left of the slayer, puts a Practice Swing on
    top of their deck."""
    state = game(3)
    a, b, c = state.order()
    orc = monster(state, "orc_whelp", "zoo")
    pool = len(state.ps_pool)
    battle_turn(state, a)
    state.p[a].attack = 9
    act(state, "go", loc_index(state, "zoo"))
    gains = [(e["seat"], e["card_name"]) for e in state.log if e.kind == "gain"][-2:]
    assert gains == [(b, "Practice Swing"), (c, "Practice Swing")]
    assert names(state, state.p[b].deck[-1:]) == ["practice_swing"] and not state.p[a].deck
    assert len(state.ps_pool) == pool - 2 and orc in state.p[a].trophies


def test_robots_immune_and_reward_persistent_energy():
    """MONSTERS 3/5 Robot: immune to damage counters; reward a persistent energy."""
    state = game(1)
    bot = monster(state, "scrap_drone", "zoo")
    assert not state.place_dc(bot, 3) and state.mdmg.get(bot, 0) == 0
    battle_turn(state, 0)
    state.p[0].attack = 4
    act(state, "go", loc_index(state, "zoo"))
    assert state.p[0].bonus_energy == 1
    state._cleanup_seat(0)
    start_power_up(state, 0)
    assert state.p[0].energy == 1


def test_warlocks_reward_persistent_attack():
    """MONSTERS 4/5 Warlock: reward a persistent attack."""
    state = game(1)
    monster(state, "hex_novice", "zoo")
    battle_turn(state, 0)
    state.p[0].attack = 4
    act(state, "go", loc_index(state, "zoo"))
    assert state.p[0].bonus_attack == 1 and state.p[0].attack == 5
    state._cleanup_seat(0)
    start_power_up(state, 0)
    assert state.p[0].attack == 1


def test_spiders_reward_two_supply_cards_gain_one_trash_one():
    """MONSTERS 5/5 Spider: reveal the top two Guardian Supply cards; gain one into the discard pile,
    trash the other."""
    state = game(1)
    monster(state, "spiderling", "zoo")
    top = state.supply[-2:]
    battle_turn(state, 0)
    state.p[0].attack = 3
    act(state, "go", loc_index(state, "zoo"))
    decision = state.decision
    assert decision.kind == "supply" and {o.kind for o in decision.options} >= {"gain", "none"}
    gain = next(o for o in decision.options if o.kind == "gain")
    state.apply(gain)
    assert gain.args[0] in state.p[0].discard
    other = [i for i in top if i != gain.args[0]]
    assert other and other[0] in state.trash


# ----- bosses -----------------------------------------------------------------------------------

def boss_round(state, colour, boss_id):
    """Start the round of the `colour` boss with `boss_id` attacking."""
    state.bosses[colour] = boss_id
    state.tk = state.track.index(f"{colour}_boss")
    state.round_no = 3
    state.stack, state.pending, state.phase = [], None, "round_start"
    state.advance()
    state.invalidate()
    return state


def test_boss_attack_is_value_times_players():
    """BOSS MONSTER MAT LAYOUT 2: the attack of a boss is its value multiplied by the players."""
    for players, expected in ((1, 20), (3, 60), (5, 100)):
        state = new(players, seed=1)
        state.bosses["red"] = "purify_a1"
        assert state.boss_attack("red") == expected


def test_patient_zero_discards_hands_and_redraws():
    state = game(2)
    for seat in range(2):
        give(state, seat, "bash", "daze")
        give(state, seat, "shot", "robe", "axe", to="deck")
    boss_round(state, "blue", "patient_zero")
    assert all(len(p.hand) == 2 and len(p.discard) == 2 for p in state.p)


def test_kiara_practice_swing_on_top():
    state = game(2)
    boss_round(state, "blue", "kiara")
    assert all(names(state, p.deck) == ["practice_swing"] for p in state.p)


def test_araknesh_discards_a_non_super_item():
    state = game(2)
    a, b = state.order()
    robe, axe = give(state, a, "robe", "axe", to="persist")
    give(state, b, "ancient_hilt", to="persist")
    boss_round(state, "blue", "araknesh")
    assert state.decision.seat == a and {o.args[0] for o in state.decision.options} == {robe, axe}
    act(state, "discard", axe)
    assert axe in state.p[a].discard and state.p[b].persist and state.decision.kind == "location"


def test_purify_a1_shields_the_city():
    state = game(2)
    m = monster(state, "ghoul", "zoo")
    boss_round(state, "red", "purify_a1")
    assert state.shield_round and not state.place_dc(m, 2)


def test_kevin_every_player_discards():
    state = game(2)
    for seat in range(2):
        give(state, seat, "bash", "daze")
    boss_round(state, "red", "kevin")
    while state.decision.kind == "discard":
        first(state)
    assert all(len(p.hand) == 1 for p in state.p)


def test_zarkoth_removes_forts_and_resets_the_city():
    """BOSSSES 6/6 Zarkoth: remove all Blanket Forts, retreat all other monsters, invade replacements;
    if no location is safe the Location Phase is skipped."""
    state = game(2)
    a, b = state.order()
    old = monster(state, "ghoul", "hill")
    state.p[a].fort = loc_index(state, "zoo")
    state.home_flipped = True
    boss_round(state, "red", "zarkoth")
    assert state.p[a].fort == NONE and old in state.retreat_pile
    assert all(len(state.mloc[loc]) == state.L[loc].symbols for loc in state.city_indices)
    assert state.phase != "location"                 # nobody could visit anything


def fight(state, seat, attack, boss=True):
    battle_turn(state, seat)
    state.p[seat].attack = attack
    state.invalidate()
    act(state, "boss") if boss else act(state, "stay")
    settle(state)
    if state.decision and state.decision.kind == "place":
        first(state, "none", "keep")


def test_boss_fighters_add_up_and_take_rewards_in_order_of_attack():
    """BOSS BATTLE: boss or city; the fighters' attacks (damage counters included) add up; if the boss
    falls, the fighters take the displayed cards, highest attack first."""
    state = game(3)
    a, b, c = state.order()
    state.boss_up = True
    boss_round(state, "blue", "kiara")                 # 36 to beat
    state.stack, state.pending = [], None
    display = list(state.boss_cards["blue"])
    state.p[a].dc = 5
    fight(state, a, 10)                                 # 15
    fight(state, b, 3, boss=False)
    state.p[c].attack = 21
    battle_turn(state, c)
    act(state, "boss")                                  # 21
    settle(state)
    if state.decision.kind == "place":
        first(state, "none", "keep")
    assert state.boss_done["blue"] is True
    order = []
    while state.phase == "boss_reward":
        order.append(state.decision.seat)
        first(state)
    assert order == [c, a]
    def owned(seat):
        return state.p[seat].hand + state.p[seat].deck + state.p[seat].discard

    assert sum(1 for i in display if i in owned(c)) == 1     # into the discard pile (then Clean-up draws)
    assert sum(1 for i in display if i in owned(a)) == 1
    assert not any(i in owned(b) for i in display)


def test_blue_boss_failure_flips_home_and_cowards_the_absent():
    """Blue Boss: fail — the base location is flipped; players who did not battle gain a COWARD!."""
    state = game(2)
    a, b = state.order()
    boss_round(state, "blue", "araknesh")
    state.stack, state.pending = [], None
    fight(state, a, 3)
    fight(state, b, 3, boss=False)
    while state.phase not in ("round_start", "location") and state.decision is not None:
        first(state, "stop")
    assert state.home_flipped and state.boss_done["blue"] is False
    assert state.base_index not in state.safe_locations()
    owned_b = state.p[b].hand + state.p[b].deck + state.p[b].discard
    assert "coward" in names(state, owned_b)
    assert "coward" not in names(state, state.p[a].hand + state.p[a].deck + state.p[a].discard)


def test_red_boss_failure_loses_and_the_absent_retreat_two_best_trophies():
    """Red Boss: fail — Arthursburg falls and everyone loses; non-fighters retreat their two highest
    trophies (SCORING: the best loser is still named)."""
    state = game(2)
    a, b = state.order()
    for kind in ("plague_hulk", "ghoul", "shambler"):
        m = monster(state, kind, "zoo")
        state.mloc[loc_index(state, "zoo")].remove(m)
        state.p[b].trophies.append(m)
    boss_round(state, "red", "kevin")
    state.stack, state.pending = [], None
    fight(state, a, 10)
    fight(state, b, 0, boss=False)
    result = state.result
    assert result is not None and result.coop_loss and result.winners == ()
    assert names_of_trophies(state, b) == ["shambler"]
    assert "best loser" in result.reason and result.scores[b] == 2 and result.scores[a] == 0


def names_of_trophies(state, seat):
    return [state.mons[m] for m in state.p[seat].trophies]


def test_apprentice_everyone_must_battle_the_boss():
    """BOSS BATTLE: "In an Apprentice game all players work together and must battle the boss."
    The Blue boss is the final boss there."""
    state = game(2, "apprentice")
    monster(state, "shambler", "zoo")
    a, b = state.order()
    boss_round(state, "blue", "patient_zero")
    state.stack, state.pending = [], None
    battle_turn(state, a)
    state.p[a].attack = 30
    state.invalidate()
    kinds = {o.kind for o in state.decision.options}
    assert "boss" in kinds and "go" not in kinds and "stay" not in kinds
    fight(state, a, 30)
    fight(state, b, 0)
    assert state.result is not None and not state.result.coop_loss and state.result.winners


def test_third_wave_after_the_first_boss():
    """THIRD WAVE: after the first Boss Battle, monsters on red locations retreat, Third Wave monsters
    invade there face down (flipped at the next Battle Phase), reinforcements come from the Third Wave and
    the Timekeeper moves a step."""
    state = game(1)
    for loc in state.city_indices:
        monster(state, "ghoul", state.L[loc].id)
    reds = state.red_indices
    assert {state.L[i].name for i in reds} == {"Field", "Playground", "Museum"}
    state.tk = state.track.index("blue_boss")
    state.stack, state.pending, state.phase = [], None, "cleanup"
    state.advance()
    assert state.cur_wave == 3 and state.track[state.tk] == "round"
    for loc in reds:
        assert len(state.mloc[loc]) == state.L[loc].symbols
        assert all(m in state.down and state.mwave[m] == 3 for m in state.mloc[loc])
    assert state.draw_monster() in range(len(state.mons)) and state.mwave[state.wave_decks[2][-1]] == 3


# ----- scoring ----------------------------------------------------------------------------------

def finish_game(state, trophies: dict, quests: dict | None = None, defeated=True):
    for seat, kinds in trophies.items():
        for kind in kinds:
            m = monster(state, kind, "zoo")
            state.mloc[loc_index(state, "zoo")].remove(m)
            state.p[seat].trophies.append(m)
    for seat, qids in (quests or {}).items():
        state.p[seat].quests = [state.quests.index(q) for q in qids]
    state.boss_done[state.final_colour] = defeated
    state._finish()
    return state.result


def test_highest_total_wins_quests_break_ties_then_shared():
    """SCORING: quests are scored, highest trophy total wins; a tie goes to more completed quests; still
    tied, both are True Guardians."""
    state = game(3)
    result = finish_game(state, {0: ["plague_hulk"], 1: ["ghoul", "shambler", "spiderling"], 2: ["ghoul"]})
    assert result.winners == (0, 1) and result.scores == (7, 7, 4)
    state = game(3)
    result = finish_game(state, {0: ["plague_hulk"], 1: ["orc_whelp", "ghoul"]},
                         {1: ["orc_slayer"]})
    assert result.scores == (7, 5 + 6, 0) and result.winners == (1,)
    state = game(2)
    result = finish_game(state, {0: ["shambler", "shambler"], 1: ["ghoul"]}, {0: ["zombie_slayer"]})
    assert result.scores == (4 + 7, 4)


def test_tie_broken_by_completed_quests():
    state = game(2)
    result = finish_game(state, {0: ["plague_hulk"], 1: ["shambler"]},
                         {0: ["weakling_hunter"], 1: ["versatile_hunter"]})
    assert result.scores == (7, 2)
    state = game(2)
    # 1 completes Spider Slayer (8): 8 + 0; 0 has a Ghoul and a Shambler (4 + 2) and Zombie Slayer (7)...
    result = finish_game(state, {0: ["ghoul"], 1: ["spiderling", "spiderling"]}, {1: ["orc_slayer"]})
    assert result.scores == (4, 2) and result.winners == (0,)


def test_final_boss_not_defeated_everyone_loses():
    state = game(2)
    result = finish_game(state, {0: ["ghoul"]}, defeated=False)
    assert result.coop_loss and result.winners == () and result.scores == (4, 0)


def test_cooperative_variant_ignores_trophies():
    """SCORING: "For a completely cooperative experience, do not count the trophy points.\""""
    state = game(3, "coop")
    result = finish_game(state, {0: ["ghoul"]})
    assert result.winners == (0, 1, 2) and not result.coop_loss


@pytest.mark.parametrize("kinds,title", [
    (["plague_hulk"] * 5, "True Guardian"), (["plague_hulk"] * 3 + ["ghoul"], "Guardian"),
    (["plague_hulk"] * 3, "Apprentice"), (["ghoul"], "Please play again!")])
def test_one_player_rating(kinds, title):
    """ONE PLAYER MODE: 30+ True Guardian, 25+ Guardian, 20+ Apprentice, less: play again."""
    state = game(1)
    result = finish_game(state, {0: kinds})
    assert result.reason.endswith(f"rating: {title} ({result.scores[0]} points)")


# ----- quests -----------------------------------------------------------------------------------

def quest(state, seat, qid):
    return state.quest_met(seat, state.quests.index(qid))


def trophies(state, seat, *kinds, wave=None):
    for kind in kinds:
        m = monster(state, kind, "zoo", wave=wave)
        state.mloc[loc_index(state, "zoo")].remove(m)
        state.p[seat].trophies.append(m)


def test_quests_that_compare_with_every_other_player():
    """QUESTS 1-6: more generic cards / more trophies of a family than any other player."""
    state = game(2)
    give(state, 0, "practice_swing", "explore", to="deck")
    give(state, 1, "practice_swing", to="discard")
    assert quest(state, 0, "generic_master") and not quest(state, 1, "generic_master")
    for family, kind in (("zombie", "shambler"), ("spider", "spiderling"), ("warlock", "hex_novice"),
                         ("orc", "orc_whelp"), ("robot", "scrap_drone")):
        assert not quest(state, 0, f"{family}_slayer")
        trophies(state, 0, kind)
        assert quest(state, 0, f"{family}_slayer")
        trophies(state, 1, kind)
        assert not quest(state, 0, f"{family}_slayer") and not quest(state, 1, f"{family}_slayer")


def test_trophy_quests():
    """QUESTS 7 Versatile Hunter, 8 Weakling Hunter, 10 Trophy Specialist."""
    state = game(1)
    trophies(state, 0, "shambler", "orc_whelp", "scrap_drone", "hex_novice")
    assert not quest(state, 0, "versatile_hunter")
    trophies(state, 0, "spiderling")
    assert quest(state, 0, "versatile_hunter")
    trophies(state, 0, "ghoul", "ghoul", "ghoul", "ghoul", wave=2)
    assert not quest(state, 0, "weakling_hunter")
    trophies(state, 0, "hex_novice", wave=2)
    assert quest(state, 0, "weakling_hunter")
    assert not quest(state, 0, "trophy_specialist")
    trophies(state, 0, "plague_hulk")
    assert quest(state, 0, "trophy_specialist")        # Shambler, Ghoul, Plague Hulk


def test_card_quests():
    """QUESTS 9 Skill Specialist, 11 Familiar Specialist, 12 Dual Wielder."""
    state = game(1)
    give(state, 0, "bash", "cleave", "pulverize", to="deck")
    assert not quest(state, 0, "skill_specialist")      # Pulverize is SUPER
    give(state, 0, "mastering_slash", to="discard")
    assert quest(state, 0, "skill_specialist")
    give(state, 0, "wolf_pup", "wolf_pup", "dire_wolf", to="deck")
    assert not quest(state, 0, "familiar_specialist")
    give(state, 0, "dire_wolf", to="persist")
    assert quest(state, 0, "familiar_specialist")
    give(state, 0, "axe", "wand", to="deck")
    assert not quest(state, 0, "dual_wielder")
    give(state, 0, "axe", to="hand")
    assert quest(state, 0, "dual_wielder")


def tuck_under_aimed_shot(state, seat, *card_ids):
    """An Aimed Shot in play this round with `card_ids` set face down under it (11/59 Aimed Shot)."""
    aimed = give(state, seat, "aimed_shot", to="chain")[0]
    under = give(state, seat, *card_ids)
    for inst in under:
        state.p[seat].hand.remove(inst)
    state.p[seat].under[aimed] = under
    return aimed, under


@pytest.mark.parametrize("qid,owned,tucked", [
    ("generic_master", [], ["practice_swing"]),
    ("dual_wielder", ["axe"], ["axe"]),
    ("skill_specialist", ["bash", "cleave"], ["mastering_slash"]),
    ("familiar_specialist", ["wolf_pup", "wolf_pup", "dire_wolf"], ["dire_wolf"]),
])
def test_quests_count_cards_set_under_aimed_shot(qid, owned, tucked):
    """QUESTS 1/12 Generic Master and 12/12 Dual Wielder count cards "between your hand, deck, in play, and
    discard pile" (9/12 and 11/12 count the cards you "have" the same way): a card set face down under
    Aimed Shot (11/59) is in play, so it counts — the game ends in the final boss round, before the
    Clean Up that would discard it."""
    state = game(2)
    give(state, 0, *owned, to="deck")
    assert not quest(state, 0, qid)
    tuck_under_aimed_shot(state, 0, *tucked)
    assert quest(state, 0, qid)


def test_generic_master_counts_the_other_players_tucked_cards_too():
    """QUESTS 1/12 Generic Master: "more generic cards ... than any other player" — the other player's
    cards under Aimed Shot are theirs too."""
    state = game(2)
    give(state, 0, "practice_swing", to="discard")
    assert quest(state, 0, "generic_master")
    tuck_under_aimed_shot(state, 1, "explore")
    assert not quest(state, 0, "generic_master")
