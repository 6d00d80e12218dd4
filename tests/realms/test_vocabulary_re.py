"""The keywords added to express more base-set (RE) cards, one test each, on a real card using it.

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook), sections as printed there: "Other Card
Effects" (a card's text beats the rules), "Secondary Attacks", "Area Of Effect (AOE) attacks", "Ranged
Attacks", "Other Important Channeling Rules", "Destroyed". The texts are our paraphrases in cards/realms/."""

from __future__ import annotations

from realms.helpers import act, fight, fresh, give, options, put, terrain, vanilla
from realms.helpers import last_event as _last, pass_all as _pass_all, play_pair as _play

X2, X5, X9, X30 = (vanilla(v, border="external", name=f"test_ext{v}") for v in (2, 5, 9, 30))
FAIRY4 = vanilla(4, border="external", size="S", classes=("fairy",), name="test_fairy4")
FAIRY9 = vanilla(9, border="external", size="S", classes=("fairy",), name="test_fairy9")
GOB20 = vanilla(20, classes=("goblin",), name="test_goblin20")
FLYER = vanilla(5, border="external", flying=True, name="test_flyer5")
M9 = vanilla(9, name="test_mortal9")
CARDS = (X2, X5, X9, X30, FAIRY4, FAIRY9, GOB20, FLYER, M9)


def _matchup(att, dfn, **kw):
    """A combat on a disputed land with a face-down Terrain (no terrain type)."""
    state = fresh(CARDS, **kw)
    a = put(state, 0, "D0C", att)
    d = put(state, 1, "D1C", dfn)
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    return state, a, d


def _stronghold(att, dfn):
    """Seat 0 attacks seat 1's intact centre Stronghold card (Carreg Amroth: +5 to its defenders)."""
    state = fresh(CARDS, decks=("slag_beast_theme", "knights_theme"))
    a = put(state, 0, "D1C", att)
    d = put(state, 1, "S1C", dfn, shield=False)
    fight(state, 0, 1, "S1C", "D1C")
    return state, a, d


def test_fragile_destroyed_when_beaten_by_its_foes() -> None:
    """Crook End Snoot: beaten by an External (or Elemental) it is destroyed (RB "Destroyed": nothing of it is
    added for secondary attackers); beaten by a Mortal it is only beaten."""
    state, a, d = _matchup([X9.id], ["crook_end_snoot", X2.id])
    _play(state, a[0], d[0])
    assert d[0] in state.combat.destroyed and d[0] not in state.combat.beaten
    state, a, d = _matchup([M9.id], ["crook_end_snoot", X2.id])
    _play(state, a[0], d[0])
    assert d[0] in state.combat.beaten and d[0] not in state.combat.destroyed


def test_fragile_any_loss_destroys_schneeble() -> None:
    state, a, d = _matchup([X30.id], ["schneeble", X2.id])
    _play(state, a[0], d[0])
    assert d[0] in state.combat.destroyed


def test_no_secondary_target() -> None:
    """Mist Veiler: RB "Secondary Attacks" lets a secondary attacker pick any enemy creature in play; its
    text (RB "Other Card Effects") takes it off that list."""
    state, a, d = _matchup([X2.id, X2.id, X2.id], ["mist_veiler"])
    _play(state, a[0], d[0])
    assert not [o for o in options(state, "sec") if o.args[1] == d[0]]
    state, a, d = _matchup([X2.id, X2.id, X2.id], [X9.id])
    _play(state, a[0], d[0])
    assert [o for o in options(state, "sec") if o.args[1] == d[0]]


def test_secondary_beats() -> None:
    """Corruption Stream: whatever it attacks as a secondary attacker is beaten, whatever the sums."""
    state, a, d = _matchup([X2.id, "corruption_stream"], [X30.id])
    _play(state, a[0], d[0])
    act(state, "sec", a[1], d[0])
    _pass_all(state)
    sec = _last(state, "secondary")
    assert (sec["value"], sec["base"], sec["outcome"]) == (2 + 2, 30, "beaten")


def test_channel_to_a_class_even_into_non_receivers() -> None:
    """Winterseeds Maiden under an own Stronghold card channels into a Fairy that is not a receiver (RB
    "Other Important Channeling Rules": only receivers, unless a card says otherwise), never into others."""
    state, a, d = _matchup([FAIRY4.id, X2.id], [X9.id, X9.id])
    maiden = state.new_inst("winterseeds_maiden", 0)
    state.spaces["S0L"].under.append(maiden)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert [o for o in options(state, "channel_c") if o.args == (maiden, a[0])]
    _pass_all(state)
    act(state, "pick", a[1])
    act(state, "pick", d[1])
    assert not options(state, "channel_c")


def test_channel_from_the_guardian_only() -> None:
    """Grand Avatar (a receiver) takes channelling from the Guardian, not from a channeler."""
    state, a, d = _matchup(["grand_avatar"], [X30.id])
    channeler = state.new_inst("grand_avatar", 0)
    state.spaces["S0L"].under.append(channeler)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert options(state, "channel_g") and not options(state, "channel_c")


def test_channel_cap() -> None:
    """Bone Shambler (base 3) takes up to 6 points of channelling (RB "Other Important Channeling Rules" caps
    it at the base Vitality otherwise): a Guardian channel is still offered at 5 received, not at 6."""
    state, a, d = _matchup(["bone_shambler"], [X30.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    state.combat.cur.channel[a[0]] = 5
    assert options(state, "channel_g")
    state.combat.cur.channel[a[0]] = 6
    state.invalidate()
    assert not options(state, "channel_g")


def test_bonus_against_stronghold_defenders() -> None:
    """Burrowing Barg: +7 against creatures defending a Stronghold card (RB "Other Card Effects")."""
    state, a, d = _stronghold(["burrowing_barg"], [X9.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == 8 + 7
    state, a, d = _matchup(["burrowing_barg"], [X9.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == 8


def test_bonus_when_reads_the_creature_under_a_shield() -> None:
    """Goldthwaite Jumper (under a Shield) gets its +1 as a secondary attacker (RB "Secondary Attacks": only
    the secondary attacker gets its modifiers)."""
    state, a, d = _matchup([X2.id, "goldthwaite_jumper"], [X5.id])
    _play(state, a[0], d[0])
    act(state, "sec", a[1], d[0])
    _pass_all(state)
    assert _last(state, "secondary")["value"] == 2 + 1 + 1


def test_own_command_bonus_against_a_stronghold() -> None:
    """Rock Spirit as the attacker's Command Card: its side gets +5 against Stronghold defenders; played by
    the defender it gives the attacker nothing."""
    state, a, d = _stronghold(["rock_spirit", X9.id], [X30.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    _play(state, a[1], d[0])
    assert _last(state, "matchup")["a_value"] == 9 + 5
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [X9.id])
    d = put(state, 1, "S1C", ["rock_spirit", X2.id], shield=False)
    fight(state, 0, 1, "S1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", d[0])
    _play(state, a[0], d[1])
    assert _last(state, "matchup")["a_value"] == 9


def test_ranged_not_against_flyers() -> None:
    """Rock Rat's ranged attack (RB "Ranged Attacks") is not offered against a flying opponent."""
    state, a, d = _matchup([X5.id, "rock_rat"], [FLYER.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert not options(state, "ranged")
    state, a, d = _matchup([X5.id, "rock_rat"], [X9.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert options(state, "ranged")


def test_ranged_bonus_while_attacking() -> None:
    """Standard Bearer Ploog's Ox 19: the attacking side's ranged attacks are 3 stronger."""
    state, a, d = _matchup([X2.id, "rock_rat"], [X30.id])
    state.spaces["D1C"].stacks[0].shield = state.new_inst("standard_bearer_ploogs_ox_19", 0)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "ranged", a[1])
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] == 2 + 3 + 3


def test_aoe_with_a_filter() -> None:
    """Idiot Fiend's fear AOE (RB "Area Of Effect (AOE) attacks") discards only Fairies of base 8 or less."""
    state, a, d = _matchup(["idiot_fiend"], [X2.id, FAIRY4.id, FAIRY9.id, X5.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    hand = state.combat.hands[1]
    assert d[1] not in hand and d[2] in hand and d[3] in hand


def test_discard_from_hand() -> None:
    """Bungee Bony Ridged: on reveal the opponent discards every unplayed Goblin, whatever its Vitality."""
    state, a, d = _matchup(["bungee_bony_ridged"], [X2.id, GOB20.id, X5.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    hand = state.combat.hands[1]
    assert d[1] not in hand and d[2] in hand and d[1] in state.seats[1].discard


def test_harmless_creature_beats_nobody() -> None:
    """Pink Flamingos: every creature is immune to it (RB "Immunity": the immune creature is not beaten and its
    opponent is turned around)."""
    state, a, d = _matchup(["pink_flamingos"], [X5.id, X2.id])
    _play(state, a[0], d[0])
    assert d[0] not in state.combat.beaten and a[0] in state.combat.turned


def test_immune_to_ranged_attacks() -> None:
    """Old Mold: no ranged attack (RB "Ranged Attacks") is offered against it."""
    state, a, d = _matchup([X2.id, "rock_rat"], ["old_mold"])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert not options(state, "ranged")


def test_uncounted_foe_with_and_without_itself() -> None:
    """Minotaur: it and its melee opponent are left out when control is decided (RB "Deciding the victor" adds
    the surviving creatures); Brap Back Goblins leave out only a Large opponent."""
    state, a, d = _matchup(["minotaur", X2.id], [X5.id, X2.id])
    _play(state, a[0], d[0])                     # Minotaur 10 beats the 5
    _play(state, a[1], d[1])                     # a push: both stay
    _pass_all(state)
    if options(state, "sec_stop"):
        act(state, "sec_stop")
    victor = _last(state, "victor")
    assert (victor["a_total"], victor["d_total"]) == (2, 2)
    big = vanilla(9, size="L", name="test_large9")
    state = fresh(CARDS + (big,))
    a = put(state, 0, "D0C", ["brap_back_goblins"])
    d = put(state, 1, "D1C", [big.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    _play(state, a[0], d[0])
    assert _last(state, "victor")["d_total"] == 0


def test_return_when_lost_only_to_a_large_beater() -> None:
    """Leprechaun goes back to its Storage Hand only when a Large creature beat it."""
    big = vanilla(9, size="L", border="external", name="test_large_ext9")
    state = fresh(CARDS + (big,))
    a = put(state, 0, "D0C", [big.id])
    d = put(state, 1, "D1C", ["leprechaun"])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    _play(state, a[0], d[0])
    assert options(state, "keep")
    act(state, "keep", d[0], True)
    assert d[0] in state.seats[1].pen
    state, a, d = _matchup([X9.id], ["leprechaun"])
    _play(state, a[0], d[0])
    assert not options(state, "keep")


def test_spent_ranged_attacker_counts_as_beaten() -> None:
    """Thunder Hawk: its 13-point ranged attack (RB "Ranged Attacks") helps, then it counts as beaten."""
    state, a, d = _matchup([X2.id, "thunder_hawk"], [X9.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "ranged", a[1])
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] == 2 + 13
    assert _last(state, "victor")["a_total"] == 2          # the Hawk's 1 is not counted


def test_destroy_terrain() -> None:
    """Hammer of Doom, played in the Movement phase: the chosen Terrain card is discarded."""
    state = fresh(CARDS)
    state.pending = None
    hammer = give(state, 0, "hammer_of_doom")
    land = terrain(state, "D1C", 1, "mountains")
    state.cast(0, hammer, "move")
    state.advance()
    act(state, "target", "D1C")
    assert state.spaces["D1C"].terrain is None and land in state.seats[1].discard


def test_aoe_plus_per_kind_in_play() -> None:
    """Rock Lord's fear AOE is 3, plus 3 for each other kind of Elemental Lord in play (RB "Area Of Effect")."""
    state, a, d = _matchup(["iron_lord", "rock_lord"], [X2.id, X2.id, X5.id, X9.id])
    _play(state, a[0], d[0])                     # Iron Lord's own AOE: 3 (no other Lord in play)
    assert d[2] in state.combat.hands[1] and d[1] not in state.combat.hands[1]
    act(state, "pick", a[1])
    act(state, "pick", d[2])                     # Rock Lord: 3 + 3 for the Iron Lord = 6: the 5 goes
    assert _last(state, "aoe")["amount"] == 6 and d[3] in state.combat.hands[1]


def test_aoe_on_both_sides() -> None:
    """Ice Storm as a Command Card: a 7-point AOE on the flyers of both Combat Hands."""
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [X5.id, FLYER.id])
    d = put(state, 1, "D1C", [X5.id, FLYER.id])
    terrain(state, "D1C", 1, face_down=True)
    storm = give(state, 0, "ice_storm")
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", storm)
    assert a[1] not in state.combat.hands[0] and d[1] not in state.combat.hands[1]
    assert a[0] in state.combat.hands[0] and d[0] in state.combat.hands[1]


def test_sidelined_by_base_vitality() -> None:
    """Stinking Spirit: creatures of base Vitality under 5 sit out, on both sides."""
    state, a, d = _matchup(["stinking_spirit", X2.id, X5.id], [X2.id, X9.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert [o.args[0] for o in options(state, "pick")] == [a[2]]


def test_bonus_against_creatures_fear_affects() -> None:
    """Big Groaning Cankerd: +3 against a creature not immune to fear; nothing against Moon Spirit."""
    state, a, d = _matchup(["big_groaning_cankerd"], [X30.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == 8 + 3
    state, a, d = _matchup(["big_groaning_cankerd"], ["moon_spirit"])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == 8 + state.cd(a[0]).ocb     # Mortal against an Elemental


def test_shield_keeps_its_creatures_from_bribes() -> None:
    """Standard Bearer Maitz's Insect 16: RB "Bribery" offers a bribe against a creature showing the icon,
    unless (RB "Other Card Effects") its Shield says no."""
    for bearer, offered in ((None, True), ("standard_bearer_maitzs_insect_16", False)):
        state, a, d = _matchup([X2.id], ["pink_flamingos"])
        if bearer:
            state.spaces["D1C"].stacks[1].shield = state.new_inst(bearer, 1)
        give(state, 0, "beer")
        act(state, "pick", a[0])
        act(state, "pick", d[0])
        assert bool(options(state, "bribe")) == offered


def test_channel_bonus_of_a_shield() -> None:
    """Standard Bearer Warhola's Snakes 17: channelling into its side's creatures adds 2 more."""
    state, a, d = _matchup(["wraith"], [X30.id])
    state.spaces["D1C"].stacks[0].shield = state.new_inst("standard_bearer_warholas_snakes_17", 0)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    cmp = state.cd(state.seats[0].guardian).cmp
    act(state, "channel_g", a[0])
    assert state.combat.cur.channel[a[0]] == cmp + 2


def test_control_extra_while_attacking() -> None:
    """Standard Bearer Maitz's Insect 14: the attacking side counts 3 more for control of the space."""
    state, a, d = _matchup([X5.id], [X5.id])
    state.spaces["D1C"].stacks[0].shield = state.new_inst("standard_bearer_maitzs_insect_14", 0)
    _play(state, a[0], d[0])
    victor = _last(state, "victor")
    assert (victor["a_total"], victor["d_total"]) == (5 + 3, 5)


# ----- keywords first needed by the expansion sets (DI, DN, NP) ---------------------------------------------

def test_secondary_destroys_whatever_the_sums() -> None:
    """Zob Gurgling Gob: an External it attacks as a secondary attacker is destroyed (RB "Destroyed"), though
    2 + 2 would not beat 30 (RB "Secondary Attacks")."""
    state, a, d = _matchup([X2.id, "zob_gurgling_gob"], [X30.id])
    _play(state, a[0], d[0])
    act(state, "sec", a[1], d[0])
    _pass_all(state)
    assert _last(state, "secondary")["outcome"] == "beaten"
    assert _last(state, "victor")["d_total"] == 0


def test_land_is_for_the_combat() -> None:
    """Uras, Overlord of Mountains, as a Command Card: the land counts as Mountains for this combat, so
    Snow Daughters get their Mountains bonus (RB-MR "Terrain" bonuses)."""
    state, a, d = _matchup(["uras_overlord_of_mountains", "snow_daughters"], [X30.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    _play(state, a[1], d[0])
    assert _last(state, "matchup")["a_value"] == 6 + 3 + state.cd(a[1]).ocb     # an Elemental against an External


def test_ranged_only_on_a_terrain() -> None:
    """Clamjack Bomber's ranged attack (RB "Ranged Attacks") is offered on Swamp only."""
    for land, offered in (("swamp", True), ("mountains", False)):
        state = fresh(CARDS)
        a = put(state, 0, "D0C", [X2.id, "clamjack_bomber"])
        d = put(state, 1, "D1C", [X9.id])
        terrain(state, "D1C", 1, land)
        fight(state, 0, 1, "D1C", "D0C")
        act(state, "pick", a[0])
        act(state, "pick", d[0])
        assert bool(options(state, "ranged")) == offered


def test_filters_for_ranged_creatures_and_immunities() -> None:
    """Dead Eye McGrue destroys a creature with a ranged attack on meeting it; Tiny Whining Cankerd gets +5
    against a creature immune to fear (RB "Other Card Effects")."""
    state, a, d = _matchup(["dead_eye_mcgrue", X2.id], ["rock_rat", X2.id])
    _play(state, a[0], d[0])
    assert d[0] in state.combat.destroyed
    state, a, d = _matchup(["tiny_whining_cankerd"], ["moon_spirit"])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == 5 + 5 + state.cd(a[0]).ocb


def test_command_aura_then_destroy_self() -> None:
    """Floyd the Flying Pig as a Command Card: +2 for all its side's creatures this combat, and Floyd is
    destroyed (RB "Destroyed": it counts for nothing at the end)."""
    state, a, d = _matchup(["floyd_the_flying_pig", X5.id], [X5.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert a[0] in state.combat.destroyed
    _play(state, a[1], d[0])
    assert _last(state, "matchup")["a_value"] == 5 + 2
    assert _last(state, "victor")["a_total"] == 5


def test_aura_for_fire_based_attackers() -> None:
    """Flame Geyser: your creatures with a fire-based attack played after it get +2 (filter `attack_type`)."""
    state, a, d = _matchup(["flame_geyser", "fire_walker", X2.id], [X2.id, X9.id, X9.id])
    _play(state, a[0], d[0])
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["a_value"] == 9 + 2 + state.cd(a[1]).ocb     # an Elemental against an External


def test_ranged_bonus_of_a_shield_on_both_sides() -> None:
    """Standard Bearer Brom's Dragon 15 (the defender's): every ranged attack in its combats is 1 weaker, the
    attacker's too (RB "Ranged Attacks" adds the value; the Shield's text lowers it)."""
    state, a, d = _matchup([X2.id, "rock_rat"], [X30.id])
    state.spaces["D1C"].stacks[1].shield = state.new_inst("standard_bearer_broms_dragon_15", 1)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "ranged", a[1])
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] == 2 + 3 - 1


def test_command_bonus_for_secondary_attackers() -> None:
    """Voodoo Wizard as a Command Card: its side's secondary attackers get +4 (RB "Secondary Attacks": only
    the secondary attacker's modifiers count)."""
    state, a, d = _matchup(["voodoo_wizard", X2.id, X2.id], [X9.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    _play(state, a[1], d[0])
    act(state, "sec", a[2], d[0])
    _pass_all(state)
    assert _last(state, "secondary")["value"] == 2 + 4 + 2


def test_push_margin() -> None:
    """Slackback Chak: unless beaten by 3 or more the match-up is a push (RB "Other Card Effects" over the
    strictly-higher rule of a match-up)."""
    state, a, d = _matchup([X2.id, X2.id], ["slackback_chak", X2.id])
    _play(state, a[0], d[0])
    e = _last(state, "matchup")
    assert e["d_value"] - e["a_value"] >= 3 and e["outcome"] == "d"
    big = vanilla(12, border="external", name="test_ext12")
    state = fresh(CARDS + (big,))
    a = put(state, 0, "D0C", [big.id])
    d = put(state, 1, "D1C", ["slackback_chak", X2.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    _play(state, a[0], d[0])                       # 12 against 10: beaten by 2 only
    assert _last(state, "matchup")["outcome"] == "push"


def test_must_lead() -> None:
    """Lawyer has to be its side's first creature in melee; afterwards any may follow."""
    state, a, d = _matchup([X2.id, "lawyer", X5.id], [X9.id, X9.id])
    assert [o.args[0] for o in options(state, "pick")] == [a[1]]


def test_beater_pays_unless_it_holds_the_space() -> None:
    """Tangle Web: the creature that beat it is destroyed when its side loses the combat (RB "Deciding the
    victor": the unplayed 9 counts, a tie favours the defender)."""
    state, a, d = _matchup([M9.id], ["tangle_web", X9.id])
    _play(state, a[0], d[0])                       # the Mortal 9 beats the Web's 8
    assert _last(state, "matchup")["outcome"] == "a"
    act(state, "sec_stop")
    assert _last(state, "victor")["seat"] == 1
    assert state.seats[0].lost == 1                # destroyed, it leaves its Shield empty: the Shield is lost


def test_aura_for_all_including_itself() -> None:
    """Great Fanged Ogre: every Ogre of its side, itself included, gets +3 while it is in play."""
    state, a, d = _matchup(["great_fanged_ogre"], [X30.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == 13 + 3


def test_aura_immune_to_fear() -> None:
    """Paladin: a Mortal of its side played after it is unaffected by fear (RB "Immunity"): beaten by a
    fear-based attacker, it is not beaten and the attacker is turned around."""
    fear = vanilla(20, border="external", name="test_fear20")
    import dataclasses
    fear = dataclasses.replace(fear, static=({"attack_type": {"type": "fear"}},))
    state = fresh(CARDS + (fear,))
    a = put(state, 0, "D0C", ["paladin", M9.id])
    d = put(state, 1, "D1C", [X2.id, fear.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    _play(state, a[0], d[0])
    _play(state, a[1], d[1])
    assert a[1] not in state.combat.beaten and d[1] in state.combat.turned


def test_no_channelling_for_anyone() -> None:
    """Energy Leech in a match-up: neither player may channel any more (RB "Other Important Channeling Rules"
    lets a receiver take channelling; the Leech's text forbids it to all)."""
    state, a, d = _matchup(["energy_leech", "wraith"], [X2.id, X9.id])
    act(state, "declare", False)
    _play(state, a[0], d[0])
    act(state, "pick", a[1])
    act(state, "pick", d[1])
    assert not options(state, "channel_g")


def test_no_foe_aoe() -> None:
    """Haba Naba Daba: its match-up opponent's AOE does not go off (RB "Area Of Effect" fires on reveal)."""
    state, a, d = _matchup(["haba_naba_daba"], ["fire_elemental", X2.id])
    _play(state, a[0], d[0])
    assert not [e for e in state.log if e.kind == "aoe"]
    state, a, d = _matchup([X5.id, X2.id], ["fire_elemental", X2.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert [e for e in state.log if e.kind == "aoe"]


def test_draw_bonus_per_thing() -> None:
    """Finn draws one more card per controlled Swamp, Khutek one more per Shield lost so far (RB-MR "Draw and
    Organize": the Guardian's draw and its modifiers)."""
    state = fresh(CARDS)
    state.seats[0].guardian = state.new_inst("finn", 0)
    before = state.draw_count(0)
    terrain(state, "D0L", 0, "swamp")
    assert state.draw_count(0) == before + 1
    state.seats[1].guardian = state.new_inst("khutek", 1)
    before = state.draw_count(1)
    state.seats[1].lost = 2
    assert state.draw_count(1) == before + 2


def test_declare_the_size_of_every_pick() -> None:
    """Seer as a Command Card: before each match-up pick the opponent names the size of its creature and may
    then pick only a creature of that size (RB "Other Card Effects"; the Standard Bearer rule's flow)."""
    S2 = "test_small_ext2"
    state = fresh(CARDS + (vanilla(2, border="external", size="S", name=S2),))
    a = put(state, 0, "D0C", ["seer", X2.id, X2.id])
    d = put(state, 1, "D1C", [S2, X9.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert sorted(o.args[0] for o in options(state, "border")) == ["size:M", "size:S"]
    act(state, "border", "size:S")
    act(state, "pick", a[1])
    assert [o.args[0] for o in options(state, "pick")] == [d[0]]
    act(state, "pick", d[0])
    _pass_all(state)
    assert state.combat.declare_border.get(1) == "size:M"        # asked again (one size left: no question)


UNDEAD2 = vanilla(2, border="external", classes=("undead",), name="test_undead2")


def test_heal_on_the_losing_side() -> None:
    """Demon Horde of Kabod heals another Horde whichever side holds the space (RB-MR "Deciding the victor":
    healers normally act for the winner only)."""
    state, a, d = _matchup([X9.id, X2.id, X9.id], ["demon_horde_of_kabod", "demon_horde_of_kabod"])
    _play(state, a[0], d[0])
    _play(state, a[1], d[1])
    act(state, "sec_stop")
    assert _last(state, "victor")["seat"] == 0
    assert [o.args for o in options(state, "heal")] == [(d[1], d[0])]


def test_heal_per_enemy_loss() -> None:
    """Eternal Witch Lord heals as many Undead as the opponent lost creatures: two here."""
    state = fresh(CARDS + (UNDEAD2,))
    a = put(state, 0, "D0C", [UNDEAD2.id, UNDEAD2.id, "eternal_witch_lord", X9.id])
    d = put(state, 1, "D1C", [X9.id, X9.id, X5.id, X2.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    for x, y in zip(a, d):
        _play(state, x, y)
    act(state, "heal", a[2], a[0])
    act(state, "heal", a[2], a[1])
    assert {a[0], a[1]} <= set(state.combat.healed)


def test_bribe_refund() -> None:
    """Pig Dog in play: the Babes card its side bribes with goes back to the Storage Hand (RB "Bribery"
    otherwise discards it)."""
    state, a, d = _matchup(["pig_dog", X2.id], [X2.id, "baal_a_gog"])
    babes = give(state, 0, "babes")
    _play(state, a[0], d[0])
    act(state, "pick", a[1])
    act(state, "pick", d[1])
    act(state, "bribe", babes, d[1])
    assert babes in state.seats[0].depot and d[1] in state.seats[1].pen


def test_rising_bonus() -> None:
    """Grand Phooba Schnee as a Command Card: +1 for the first match-up creature, +2 for the second."""
    state, a, d = _matchup(["grand_phooba_schnee", X2.id, X2.id], [X9.id, X9.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    _play(state, a[1], d[0])
    assert _last(state, "matchup")["a_value"] == 2 + 1
    _play(state, a[2], d[1])
    assert _last(state, "matchup")["a_value"] == 2 + 2


def test_margin_kills_the_command_card() -> None:
    """Bold Mold wins by 10, more than the opposing Command Card's Vitality: that card is destroyed."""
    state, a, d = _matchup(["bold_mold"], ["yandrax", X2.id])
    act(state, "declare", True)
    act(state, "cmdpick", d[0])
    _play(state, a[0], d[1])
    assert _last(state, "victor")["d_total"] == 0         # the Command Card, destroyed, counts for nothing


def test_lead_first_from_an_enemy_command() -> None:
    """Trumpeter as a Command Card: the opponent must play its Demons and Devils before its other creatures."""
    DEVIL = vanilla(4, border="elemental", classes=("devil",), name="test_devil4")
    state = fresh(CARDS + (DEVIL,))
    a = put(state, 0, "D0C", ["trumpeter", X2.id, X2.id])
    d = put(state, 1, "D1C", [X5.id, DEVIL.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])
    assert [o.args[0] for o in options(state, "pick")] == [d[1]]


def test_no_channel_zone() -> None:
    """Monolith of Power: nobody channels in a combat on the chosen space (or next to it) this round."""
    state, a, d = _matchup(["wraith"], [X30.id])
    state.flags["nochannel:D1C"] = state.round
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert not options(state, "channel_g")
    state = fresh(CARDS)
    put(state, 0, "D0C", [X2.id])                  # a Shield to move: the turn waits for its player
    monolith = give(state, 0, "monolith_of_power")
    state.cast(0, monolith, "upcard")
    state.advance()
    act(state, "target", "D1C")
    assert all(state.flags.get(f"nochannel:{sid}") == state.round for sid in ("D1C", *state.spaces["D1C"].adj))


def test_peek_is_told_to_the_player_only() -> None:
    """Eye of Long Spying: the player learns the opposing Storage Hand; the other seat is told no names."""
    state = fresh(CARDS)
    eye = give(state, 0, "eye_of_long_spying")
    give(state, 1, "babes")
    state.cast(0, eye, "move")
    state.advance()
    event = _last(state, "peek")
    assert "Babes" in event.data_for(0).get("names", "") and "names" not in event.data_for(1)


def test_shield_takes_back_a_lost_creature() -> None:
    """Standard Bearer Brom's Angelic 19: one Power Stone puts a creature lost under it back in the Storage
    Hand (RB-MR "Deciding the victor" discards lost creatures otherwise)."""
    state, a, d = _matchup([X2.id], [X9.id, X2.id])
    state.spaces["D1C"].stacks[0].shield = state.new_inst("standard_bearer_broms_angelic_19", 0)
    stones = state.seats[0].stones = 3
    _play(state, a[0], d[0])
    act(state, "keep", a[0], True)
    assert a[0] in state.seats[0].pen and state.seats[0].stones == stones - 1


def test_guardian_buys_channelling_for_a_non_receiver() -> None:
    """Gaar: two Power Stones channel 5 into a creature that is not a receiver (RB "Other Important
    Channeling Rules": receivers only, unless a card says otherwise)."""
    state, a, d = _matchup([X5.id], [X30.id])
    state.seats[0].guardian = state.new_inst("gaar", 0)
    state.seats[0].stones = 4
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "channel_g", a[0], 2, 5)
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] == 5 + 5 and state.seats[0].stones == 2


def test_peek_at_the_combat_hand_then_retreat() -> None:
    """Darkness Elemental as a Command Card: its player sees the opposing Combat Hand, then may retreat before
    the match-ups, discarding the Elemental (RB-MR "Retreat": the combat is lost, the creatures retreat)."""
    state, a, d = _matchup(["darkness_elemental", X2.id], [X5.id, X9.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    peek = _last(state, "peek")
    assert peek.data_for(0)["names"] and "names" not in peek.data_for(1)
    act(state, "target", True)
    assert _last(state, "victor")["seat"] == 1
    assert a[0] in state.seats[0].discard and a[1] not in state.seats[0].discard


def test_fly_grant_for_one_creature() -> None:
    """Amulet of Flying makes one creature of its Shield fly: a Shield flies only when all its creatures do
    (RB-MR "Flying")."""
    state = fresh(CARDS)
    put(state, 0, "D0C", [X2.id, "amulet_of_flying"])
    st = state.spaces["D0C"].stacks[0]
    assert state.can_fly(0, st)
    st.cards.append(state.new_inst(X5.id, 0))
    assert not state.can_fly(0, st)


def test_discard_own_hand_after_an_aoe() -> None:
    """Vensuni Inferno Swarm as a Command Card: an 11-point fire AOE, then its own side's Combat Hand is
    discarded (RB "Area Of Effect" first, then the text)."""
    big = vanilla(12, border="external", name="test_ext12")
    state = fresh(CARDS + (big,))
    a = put(state, 0, "D0C", ["vensuni_inferno_swarm", X2.id])
    d = put(state, 1, "D1C", [X9.id, big.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert a[1] in state.seats[0].discard and d[0] in state.seats[1].discard and d[1] not in state.seats[1].discard


def test_bribe_from_hand() -> None:
    """Yap Attack as a Command Card: of the opposing Combat Hand's Gold creatures, the one picked goes to its
    owner's Creature Pen as if bribed (RB "Bribery")."""
    GOLD = vanilla(6, border="external", bribery=("gold",), name="test_gold6")
    state = fresh(CARDS + (GOLD,))
    a = put(state, 0, "D0C", [X2.id])
    d = put(state, 1, "D1C", [GOLD.id, X9.id])
    terrain(state, "D1C", 1, face_down=True)
    yap = give(state, 0, "yap_attack")
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", yap)
    assert [o.args[0] for o in options(state, "target")] == [d[0]]
    act(state, "target", d[0])
    assert d[0] in state.seats[1].pen and d[0] not in state.combat.hands[1]


def test_steal_stones() -> None:
    """Small Mox: for one Power Stone, one moves from the opponent's Guardian to the player's."""
    state = fresh(CARDS)
    put(state, 0, "D0C", [X2.id])
    state.seats[0].stones, state.seats[1].stones = 3, 2
    mox = give(state, 0, "small_mox")
    state.cast(0, mox, "move")
    state.advance()
    assert (state.seats[0].stones, state.seats[1].stones) == (3 - 1 + 1, 1)


def test_immune_to_creatures_without_off_colour_bonus() -> None:
    """Eats Cockroach King: a creature whose off-colour bonus is 0 cannot beat it (filter key `ocb`)."""
    state, a, d = _matchup([X30.id], ["eats_cockroach_king", X2.id])
    _play(state, a[0], d[0])
    assert d[0] not in state.combat.beaten and a[0] in state.combat.turned


def test_draw_bonus_of_the_up_card_itself() -> None:
    """Buster Scrimbo, turned as its owner's Up-card, adds one card to that player's draw."""
    state = fresh(CARDS)
    state.seats[0].upcard = state.new_inst(X2.id, 0)
    before = state.draw_count(0)
    state.seats[0].upcard = state.new_inst("buster_scrimbo", 0)
    assert state.draw_count(0) == before + 1


def _channelled_matchup(prepare=lambda state: None):
    """Seat 0's receiver (Wraith, 8) against a 30: seat 0 channels from its Guardian, seat 1 answers."""
    state, a, d = _matchup(["wraith"], [X30.id])
    state.seats[0].stones = state.seats[1].stones = 4
    prepare(state)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "channel_g", a[0])
    return state, a, d


def test_guardian_undoes_a_channel() -> None:
    """Siin: after an opposing channel, two Power Stones undo it and nobody channels again this combat (RB
    "Other Important Channeling Rules" as the Guardian's text changes them)."""
    state, a, d = _channelled_matchup(lambda st: setattr(st.seats[1], "guardian", st.new_inst("siin", 1)))
    act(state, "channel_undo")
    assert not options(state, "channel_g") and state.seats[1].stones == 2
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] == 8          # the Wraith's base alone: the channel is undone


def test_spell_reverses_a_guardian_channel() -> None:
    """Energy Eater, played right after an opposing Guardian's channel: the points are taken away instead."""
    state, a, d = _channelled_matchup(lambda st: give(st, 1, "energy_eater"))
    cmp = state.cd(state.seats[0].guardian).cmp
    act(state, "cast", state.seats[1].depot[0])
    assert state.combat.cur.channel[a[0]] == -cmp


def test_spell_feeds_back_into_a_channeler() -> None:
    """Magic Feedback after a channel from a creature under a Stronghold card: undone, and the channeler is
    destroyed; after a Guardian's channel it is not offered."""
    state, a, d = _matchup(["wraith"], [X30.id])
    ch = state.new_inst("necromancer", 0)
    state.spaces["S0L"].under.append(ch)
    feedback = give(state, 1, "magic_feedback")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "channel_c", ch, a[0])
    act(state, "cast", feedback)
    assert state.combat.cur.channel[a[0]] == 0 and ch in state.seats[0].discard
    state, a, d = _channelled_matchup(lambda st: give(st, 1, "magic_feedback"))
    assert not options(state, "cast")


def test_destroys_on_a_terrain_only() -> None:
    """Festus destroys an External it meets on Mountains only (RB "Destroyed")."""
    for land, destroyed in (("mountains", True), ("swamp", False)):
        state = fresh(CARDS)
        a = put(state, 0, "D0C", ["festus"])
        d = put(state, 1, "D1C", [X9.id, X2.id])
        terrain(state, "D1C", 1, land)
        fight(state, 0, 1, "D1C", "D0C")
        _play(state, a[0], d[0])
        assert (d[0] in state.combat.destroyed) == destroyed


def test_recover_from_discard() -> None:
    """Chaos Summoner: an Undead of the player's discard pile goes back to the Creature Pen."""
    state = fresh(CARDS + (UNDEAD2,))
    put(state, 0, "D0C", [X2.id])
    dead = give(state, 0, UNDEAD2.id, "discard")
    give(state, 0, X5.id, "discard")
    summoner = give(state, 0, "chaos_summoner")
    state.seats[0].stones = 2
    state.cast(0, summoner, "dno")
    state.advance()
    assert [o.args[0] for o in options(state, "target")] == [dead]
    act(state, "target", dead)
    assert dead in state.seats[0].pen and state.seats[0].stones == 1


def test_summon_to_a_turned_shield() -> None:
    """Summons Gate: Demons and Devils of the Creature Pen join one turned Shield, one at a time, within
    the space limit (RB-GL "Shield Cost"); other creatures stay in the Pen."""
    DEMON = vanilla(9, border="elemental", classes=("demon",), name="test_demon9")
    DEVIL = vanilla(20, border="elemental", classes=("devil",), name="test_devil20")
    state = fresh(CARDS + (DEMON, DEVIL))
    put(state, 0, "D0C", [X2.id], turned=True)
    put(state, 0, "D0L", [X5.id])                  # unturned: not offered
    demon, devil = give(state, 0, DEMON.id, "pen"), give(state, 0, DEVIL.id, "pen")
    other = give(state, 0, X5.id, "pen")
    gate = give(state, 0, "summons_gate")
    state.cast(0, gate, "move")
    state.advance()
    assert [o.args[0] for o in options(state, "target")] == ["D0C"]
    act(state, "target", "D0C")
    assert sorted(o.args[0] for o in options(state, "target") if o.args[0] != "done") == sorted([demon, devil])
    act(state, "target", devil)
    assert [o.args[0] for o in options(state, "target")] == ["done"] or demon not in [
        o.args[0] for o in options(state, "target")]   # 2 + 20 + 9 > 30: the Demon no longer fits
    stack = state.spaces["D0C"].stacks[0]
    assert devil in stack.cards and other in state.seats[0].pen


def test_shield_dispels_the_opposing_command_card() -> None:
    """Standard Bearer Ploog's Chicken 12: for one Power Stone its side dispels the opposing Command Card
    once it is revealed (as Dispel Magic does), once a combat; the Shield stays in play."""
    state, a, d = _matchup(["yandrax", "devil_hedgehog"], [X2.id, X9.id])
    shield = state.spaces["D1C"].stacks[1].shield = state.new_inst("standard_bearer_ploogs_chicken_12", 1)
    state.seats[1].stones = 2
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "dispel", shield)
    assert a[0] in state.combat.dispelled and state.seats[1].stones == 1
    assert state.spaces["D1C"].stacks[1].shield == shield


def test_command_wards_the_hand_from_aoe() -> None:
    """Dachas as the defender's Command Card: the attacker's AOE (RB "Area Of Effect") discards nothing from
    the defender's Combat Hand, the attacker's own Command AOE included."""
    state, a, d = _matchup(["vensuni_inferno_swarm", X2.id], ["dachas_supreme_leader", X9.id])
    act(state, "declare", True)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "cmdpick", d[0])
    assert d[1] in state.combat.hands[1]


def test_command_bars_spells_and_stone_channelling() -> None:
    """Pharaoh Djoser: no Spell may be played in the combat; Priest of Sethos: no Power Stone may be spent
    on channelling (the Guardian's channel is not offered)."""
    state, a, d = _matchup(["priest_of_sethos", "wraith"], [X30.id])
    state.seats[0].stones = 3
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])
    act(state, "pick", d[0])
    assert not options(state, "channel_g")
    state, a, d = _matchup(["pharaoh_djoser", X2.id], [X30.id])
    give(state, 0, "make_juice")
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])
    act(state, "pick", d[0])
    assert not options(state, "cast")


def test_terrain_bans_a_bribery_icon() -> None:
    """The S.S. House of Babes: on this land no Babes Bribery card may be used (RB "Bribery")."""
    for land, offered in (("rivers_and_lakes", True), ("the_s_s_house_of_babes", False)):
        state = fresh(CARDS)
        a = put(state, 0, "D0C", [X2.id])
        d = put(state, 1, "D1C", ["baal_a_gog"])
        terrain(state, "D1C", 1, land)
        give(state, 0, "babes")
        fight(state, 0, 1, "D1C", "D0C")
        act(state, "pick", a[0])
        act(state, "pick", d[0])
        assert bool(options(state, "bribe")) == offered


def _on_land(land, att, dfn):
    state = fresh(CARDS)
    a = put(state, 0, "D0C", att)
    d = put(state, 1, "D1C", dfn)
    terrain(state, "D1C", 1, land)
    fight(state, 0, 1, "D1C", "D0C")
    return state, a, d


def test_land_texts() -> None:
    """A Terrain card's own text (RB-GL Terrain): Jungle bars Command Cards; The Hollens Grove is Woods that
    still allows ranged attacks (the Woods rule forbids them); Spirit Mountain lets every Spirit receive."""
    state, a, d = _on_land("jungle", ["yandrax", X2.id], [X9.id])
    assert not options(state, "declare")
    state, a, d = _on_land("the_hollens_grove", [X2.id, "rock_rat"], [X9.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert options(state, "ranged")
    state, a, d = _on_land("woods", [X2.id, "rock_rat"], [X9.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert not options(state, "ranged")
    state, a, d = _on_land("spirit_mountain", ["snow_daughters"], [X30.id])
    state.seats[0].stones = 2
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert options(state, "channel_g")
