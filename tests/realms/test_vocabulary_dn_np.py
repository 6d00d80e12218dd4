"""Keywords that express Drifter's Nexus (DN) and Necropolis Park (NP) cards, one test each, on a real card.

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook), sections as printed there: "Other Card
Effects" (a card's text beats the rules), "Secondary Attacks", "Channeling", "Off-Color Bonus", "Deciding the
victor", "Terrain Settlement". The texts are our paraphrases in cards/realms/."""

from __future__ import annotations

from realms.helpers import act, fight, fresh, give, options, put, terrain, vanilla
from realms.helpers import last_event as _last, pass_all as _pass_all, play_pair as _play

X2, X5, X9, X30 = (vanilla(v, border="external", name=f"test_ext{v}") for v in (2, 5, 9, 30))
M2 = vanilla(2, name="test_mortal2")
E_OCB = vanilla(3, border="elemental", name="test_elem_ocb4", ocb=4)
NYMPH = vanilla(2, border="elemental", classes=("nymph",), name="test_nymph2")
KNIGHT = vanilla(2, classes=("knight",), name="test_knight2")
UNDEAD = vanilla(2, border="external", classes=("undead",), name="test_undead2")
GIANT = vanilla(9, border="mortal", classes=("giant",), name="test_giant9")
BEER = vanilla(2, border="external", bribery=("beer",), name="test_beer2")
RX9 = vanilla(9, border="external", receiver=True, name="test_receiver9")
RX2 = vanilla(2, border="external", receiver=True, name="test_receiver2")
X20 = vanilla(20, border="external", name="test_ext20")
M30 = vanilla(30, name="test_mortal30")
LOCAL = vanilla(-5, name="test_local_minus5")
CARDS = (X2, X5, X9, X20, X30, M2, E_OCB, NYMPH, KNIGHT, UNDEAD, GIANT, BEER, RX9, RX2, M30, LOCAL)


def _matchup(att, dfn, land=None, face_down=True, shield_att=None):
    state = fresh(CARDS)
    a = put(state, 0, "D0C", att)
    d = put(state, 1, "D1C", dfn)
    if shield_att:
        state.spaces["D0C"].stacks[0].shield = state.new_inst(shield_att, 0)
    if land != "none":
        terrain(state, "D1C", 1, land or "woods", face_down=land is None and face_down)
    fight(state, 0, 1, "D1C", "D0C")
    return state, a, d


def test_secondary_immune_to_small_attackers() -> None:
    """Vesuvious Rex: a secondary attacker of base Vitality 5 or less does nothing to it (RB "Secondary
    Attacks" would beat it on a higher sum)."""
    state, a, d = _matchup([X9.id, X5.id], ["vesuvious_rex"])
    _play(state, a[0], d[0])                       # 9 against 13: the Rex stays unbeaten
    act(state, "sec", a[1], d[0])
    _pass_all(state)
    assert _last(state, "secondary")["outcome"] == "not beaten" and _last(state, "secondary")["value"] > _last(
        state, "secondary")["base"]


def test_drain_of_a_channelled_loser() -> None:
    """Buzz, Vampire Mosquito: beating a creature that was channelled this combat costs its owner a stone."""
    for channelled, stones in ((True, 2), (False, 3)):
        state, a, d = _matchup(["buzz_vampire_mosquito"], [RX2.id])
        state.seats[1].stones = 3
        act(state, "pick", a[0])
        act(state, "pick", d[0])
        if channelled:
            state.combat.channelled.append(d[0])   # as if a channel had gone into it earlier this combat
        _pass_all(state)
        assert _last(state, "matchup")["outcome"] == "a" and state.seats[1].stones == stones


def test_win_costs_the_opponent_a_stone() -> None:
    """Goat: a primary match-up it wins costs the opponent a Power Stone."""
    state, a, d = _matchup(["goat"], [M2.id])
    state.seats[1].stones = 2
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["outcome"] == "a" and state.seats[1].stones == 1


def test_bonus_on_a_land_without_terrain_or_face_down() -> None:
    """Silver Server: +3 on a disputed land without Terrain; Tiger Baloo: +3 on face-down Terrain (RB "Terrain
    Settlement": a face-down card is Terrain of no type)."""
    state, a, d = _matchup(["silver_server"], [X30.id], land="none")
    _play(state, a[0], d[0])
    base = state.cd(a[0]).vitality
    assert _last(state, "matchup")["a_value"] == base + 3
    state, a, d = _matchup(["silver_server"], [X30.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == base
    state, a, d = _matchup(["tiger_baloo"], [X30.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == state.cd(a[0]).vitality + 3


def test_bonus_per_things_counted() -> None:
    """Woodland Troll +4 per own Nymph in play; Phil Bar Fly +1 per other Beer creature in play (either side);
    Jimandu +1 per primary match-up already fought; Carrag the Black +1 per Undead in its owner's discard pile."""
    state, a, d = _matchup([NYMPH.id, "woodland_troll"], [X2.id, X20.id])
    _play(state, a[0], d[0])                       # 2 against 2: a push, the Nymph stays in play
    assert state.alive(a[0])
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["a_value"] == state.cd(a[1]).vitality + 4
    state, a, d = _matchup([BEER.id, "phil_bar_fly"], [BEER.id, X20.id])
    _play(state, a[0], d[0])                       # 2 against 2: a push, both stay in play
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["a_value"] == state.cd(a[1]).vitality + 2
    state, a, d = _matchup([X2.id, X2.id, "jimandu"], [X2.id, X2.id, X20.id])
    _play(state, a[0], d[0])
    _play(state, a[1], d[1])
    _play(state, a[2], d[2])                       # Elemental against External: its off-colour bonus too
    assert _last(state, "matchup")["a_value"] == state.cd(a[2]).vitality + state.cd(a[2]).ocb + 2
    state, a, d = _matchup(["carrag_the_black"], [X30.id])
    for cid in (UNDEAD.id, UNDEAD.id, X2.id):
        give(state, 0, cid, "discard")
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == state.cd(a[0]).vitality + 2


def test_bonus_of_the_foes_off_colour() -> None:
    """Evil Baron Stoner: + the off-colour bonus printed on the creature facing it."""
    state, a, d = _matchup(["evil_baron_stoner"], [E_OCB.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == 3 + 4      # its own off-colour bonus does not apply here


def test_bonus_while_alone() -> None:
    """Kurgan, Blademaster of the Exiled: +4 while no other Knight is in play."""
    state, a, d = _matchup(["kurgan_blademaster_of_the_exiled"], [X30.id])
    _play(state, a[0], d[0])
    alone = _last(state, "matchup")["a_value"]
    state, a, d = _matchup([KNIGHT.id, "kurgan_blademaster_of_the_exiled"], [X2.id, X20.id])
    _play(state, a[0], d[0])
    assert state.alive(a[0])
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["a_value"] == alone - 4


def test_stones_only_on_a_terrain() -> None:
    """Judge Dredge as a Command Card: a Power Stone, only in a combat on Swamp."""
    for land, gained in (("swamp", 1), ("mountains", 0)):
        state, a, d = _matchup(["judge_dredge", X2.id], [X9.id], land=land)
        state.seats[0].stones = 0
        act(state, "declare", True)
        act(state, "cmdpick", a[0])
        assert state.seats[0].stones == gained


def test_channel_grant_from_a_creature_in_play() -> None:
    """Giant Shaman in play: every Giant may receive channelling (RB "Channeling": receivers only)."""
    state, a, d = _matchup([GIANT.id], [X30.id])
    state.seats[0].stones = 2
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert not options(state, "channel_g")
    state, a, d = _matchup(["giant_shaman", GIANT.id], [X2.id, X20.id])
    state.seats[0].stones = 2
    _play(state, a[0], d[0])
    assert state.alive(a[0])
    act(state, "pick", a[1])
    act(state, "pick", d[1])
    assert options(state, "channel_g")


def test_shield_earns_a_stone_per_won_combat() -> None:
    """Egyptian Motif Standard 11: each combat its Shield wins (RB "Deciding the victor") earns a Power Stone."""
    state, a, d = _matchup([X9.id], [X2.id], shield_att="egyptian_motif_standard_11")
    state.seats[0].stones = 0
    _play(state, a[0], d[0])
    assert _last(state, "victor")["seat"] == 0 and state.seats[0].stones == 1


def test_upgrade_boosts_its_channelers() -> None:
    """Wizard's Tower: a channeler under its Stronghold card channels 1 more (RB "Channeling")."""
    state, a, d = _matchup([RX9.id], [X30.id])
    hold = next(sid for sid, sp in state.spaces.items() if sp.kind == "hold" and sp.realm == 0)
    state.spaces[hold].upgrade = state.new_inst("wizards_tower", 0)
    channeler = state.new_inst("grand_avatar", 0)
    state.spaces[hold].under.append(channeler)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "channel_c", channeler, a[0])
    assert _last(state, "channel")["amount"] == state.cd(channeler).cmp + 1


def test_beaten_are_destroyed() -> None:
    """Eater of the Dead as a Command Card: in primary match-ups every beaten creature is destroyed instead
    (RB "Destroyed": nothing of it counts for secondary attackers)."""
    state, a, d = _matchup(["eater_of_the_dead", X9.id], [X2.id, X2.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    _play(state, a[1], d[0])
    assert d[0] in state.combat.destroyed and d[0] not in state.combat.beaten


def test_skip_to_terrain() -> None:
    """Peace (one Power Stone, after the Up-cards): no Shield moves this round; the Terrain Settlement Phase
    comes next (RB "Terrain Settlement")."""
    state = fresh(CARDS)
    put(state, 0, "D0C", [X2.id])
    put(state, 1, "D1C", [X2.id])
    state.seats[0].stones = 1
    peace = give(state, 0, "peace")
    state.phase, state.step = "movement", "upcards"
    state.advance()
    act(state, "cast", peace)
    while options(state, "cast_pass"):
        act(state, "cast_pass")
    assert state.phase in ("terrain", "dno") and state.seats[0].stones == 0
    assert not [e for e in state.log if e.kind == "turn"]


def test_bonus_of_the_shield_number() -> None:
    """Captain South America in a primary match-up: + the number of its Shield card."""
    state, a, d = _matchup(["captain_south_america"], [X30.id])
    number = state.cd(state.spaces["D1C"].stacks[0].shield).number
    _play(state, a[0], d[0])
    assert number and _last(state, "matchup")["a_value"] == state.cd(a[0]).vitality + number


def test_hold_raid() -> None:
    """Thief of Shadow surviving a combat on the opponent's standing Stronghold card: that opponent loses two
    Power Stones; Red Master of Shadow: two random cards of its Creature Pen are discarded."""
    state = fresh(CARDS, decks=("slag_beast_theme", "knights_theme"))
    a = put(state, 0, "D1C", ["thief_of_shadow", "red_master_of_shadow"])
    d = put(state, 1, "S1C", [LOCAL.id], shield=False)
    state.seats[1].stones = 3
    pen = [give(state, 1, X2.id, "pen") for _ in range(3)]
    fight(state, 0, 1, "S1C", "D1C")
    _play(state, a[0], d[0])                          # 5 against -5 + 5: the Thief wins, the card falls
    assert _last(state, "victor")["seat"] == 0
    assert state.seats[1].stones == 3 - 2 and sum(1 for i in pen if i in state.seats[1].discard) == 2


def test_strip_the_depot_of_an_icon() -> None:
    """Lizards of the Toast revealed in a match-up: the opposing Storage Depot is shown to its player alone and
    its Gold Bribery cards are discarded; Buffy Evil Hornbag does the same (Beer) once she survives hers."""
    state, a, d = _matchup(["lizards_of_the_toast"], [X30.id])
    gold, beer = give(state, 1, "gold"), give(state, 1, "beer")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert gold in state.seats[1].discard and beer in state.seats[1].depot
    peek = _last(state, "peek")
    assert "Beer" in peek.data_for(0)["names"] and "names" not in peek.data_for(1)
    for dfn, stripped in ((X2.id, True), (X30.id, False)):
        state, a, d = _matchup(["buffy_evil_hornbag"], [dfn])
        beer = give(state, 1, "beer")
        _play(state, a[0], d[0])
        assert (beer in state.seats[1].discard) == stripped


def test_survive_discards_from_the_pen() -> None:
    """Sneaky Varmit surviving its primary match-up: a random card of the opposing Creature Pen is discarded."""
    state, a, d = _matchup(["sneaky_varmit"], [M2.id])
    pen = give(state, 1, X9.id, "pen")
    _play(state, a[0], d[0])
    assert pen in state.seats[1].discard


def test_foe_to_pen() -> None:
    """Fan Bearer: a flying opponent in its match-up goes back to its Creature Pen at once, adding nothing."""
    FLYER = vanilla(9, border="external", flying=True, name="test_flyer9")
    state = fresh(CARDS + (FLYER,))
    a = put(state, 0, "D0C", ["fan_bearer"])
    d = put(state, 1, "D1C", [FLYER.id, X2.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert d[0] in state.seats[1].pen and d[0] in state.combat.bribed


def test_bonus_per_card_in_the_combat_hand() -> None:
    """Priestess of Isis: +1 for each card left in its Combat Hand when it is played."""
    state, a, d = _matchup(["priestess_of_isis", X2.id, X2.id], [X30.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == state.cd(a[0]).vitality + 2


def test_loss_costs_the_own_command_card() -> None:
    """Ba-Choomba losing its primary match-up destroys its side's own Command creature."""
    state, a, d = _matchup([M30.id], ["judge_dredge", "ba_choomba"])
    act(state, "declare", True)
    act(state, "cmdpick", d[0])
    _play(state, a[0], d[1])                          # a Mortal 30 beats the Elemental 22
    assert _last(state, "matchup")["outcome"] == "a" and d[0] in state.seats[1].discard   # not back under a Shield


def test_strip_a_face_down_terrain_after_the_fight() -> None:
    """Reverend Smilin' Jackoid as a Command Card: the opponent's face-down Terrain on the space is discarded
    once the fight is over (RB "Terrain Settlement" then finds the land open)."""
    state, a, d = _matchup(["reverend_smilin_jackoid", X9.id], [X2.id])
    land = state.spaces["D1C"].terrain
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    _play(state, a[1], d[0])
    assert land in state.seats[1].discard and state.spaces["D1C"].terrain is None


def test_immune_on_a_terrain_only() -> None:
    """River Giant: on Rivers and Lakes an Elemental cannot beat it (RB "Immunity"), nor harm it as a
    secondary attacker; elsewhere it can."""
    E20 = vanilla(20, border="elemental", name="test_elem20")
    for land, beaten in (("rivers_and_lakes", False), ("mountains", True)):
        state = fresh(CARDS + (E20,))
        a = put(state, 0, "D0C", [E20.id])
        d = put(state, 1, "D1C", ["river_giant"])
        terrain(state, "D1C", 1, land)
        fight(state, 0, 1, "D1C", "D0C")
        _play(state, a[0], d[0])
        assert _last(state, "victor")["d_total"] == (0 if beaten else state.cd(d[0]).vitality)


def test_discard_both_depots() -> None:
    """High Priest of Sethos as a Command Card: both players discard their Storage Depots."""
    state, a, d = _matchup(["high_priest_of_sethos", X2.id], [X9.id])
    mine, theirs = give(state, 0, "beer"), give(state, 1, "gold")
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert mine in state.seats[0].discard and theirs in state.seats[1].discard


def test_stun_all_of_a_class() -> None:
    """Mayor McFood as a Command Card: every Barnyard Animal of both Combat Hands is out of the fight."""
    state, a, d = _matchup(["mayor_mcfood", "goat", X2.id], ["cow", X9.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert state.stunned(a[1]) and state.stunned(d[0]) and not state.stunned(a[2])
    assert a[1] not in state.pick_choices(0)


def test_shield_bonus_for_creatures_with_an_icon() -> None:
    """Standard Bearer Dem Bones 19: its side's creatures showing a bribery icon get +2."""
    state, a, d = _matchup([BEER.id, X2.id], [X30.id], shield_att="standard_bearer_dem_bones_19")
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["a_value"] == 2 + 2


def test_no_dispel_on_a_terrain() -> None:
    """The Maitz Hotel: in combats on it the Command Card window offers no dispelling answer."""
    for land, offered in (("the_dry_heaps", True), ("the_maitz_hotel", False)):
        state, a, d = _matchup(["yandrax", X2.id], [X9.id], land=land)
        give(state, 1, "dispel_magic")
        state.seats[1].stones = 3
        act(state, "declare", True)
        act(state, "cmdpick", a[0])
        assert bool(options(state, "dispel")) == offered


def test_no_secondary_target_with_its_foe() -> None:
    """Fatback Chak: no secondary attacker may go into its match-up: neither it nor its opponent there is a
    target (RB "Secondary Attacks" would allow any unbeaten creature in play)."""
    X8 = vanilla(8, border="external", name="test_ext8")
    for first, reachable in ((X8.id, True), ("fatback_chak", False)):
        state = fresh(CARDS + (X8,))
        a = put(state, 0, "D0C", [X8.id, X2.id])
        d = put(state, 1, "D1C", [first, X9.id, X5.id])
        terrain(state, "D1C", 1, face_down=True)
        fight(state, 0, 1, "D1C", "D0C")
        _play(state, a[0], d[0])                       # 8 against 8: a push, both stay unbeaten
        _play(state, a[1], d[1])
        targets = {o.args[1] for o in options(state, "sec")}     # the defender's X5 may attack now
        assert (a[0] in targets) == reachable


def test_bonus_of_the_previous_foe() -> None:
    """Moheidra, Mistress of Souls: + the base Vitality of the creature the opponent played in the match-up
    before hers."""
    state, a, d = _matchup([X9.id, "moheidra_mistress_of_souls"], [X2.id, X20.id])
    _play(state, a[0], d[0])
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["a_value"] == 0 + 2


def test_beaten_aura() -> None:
    """Dead Cats: once beaten, they give every creature of their side +2 for the rest of the combat."""
    state, a, d = _matchup(["dead_cats", X2.id], [X9.id, X20.id])
    _play(state, a[0], d[0])
    assert a[0] in state.combat.beaten
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["a_value"] == 2 + 2


def test_aura_for_creatures_with_a_terrain_bonus() -> None:
    """Barnacle Bazulee in play: its side's creatures with a Rivers and Lakes terrain bonus get +2 (filter key
    `terrain_bonus`)."""
    rivers = [cid for cid, card in fresh().content.cards.items() if card.type == "creature"
              and any(p["terrain"] == "rivers_lakes" for p in card.static_index.get("terrain_bonus", ()))
              and card.status == "expressed" and len(card.static_index) == 1 and not card.abilities_index
              and (card.vitality or 0) <= 20]
    state, a, d = _matchup(["barnacle_bazulee", rivers[0]], [M2.id, X20.id], land="mountains")
    _play(state, a[0], d[0])                           # 3 (+ off-colour) against 2: it stays in play
    assert state.alive(a[0])
    _play(state, a[1], d[1])
    plain = state.cd(a[1]).vitality + (state.cd(a[1]).ocb if state.cd(a[1]).border == "elemental" else 0)
    assert _last(state, "matchup")["a_value"] == plain + 2


def test_hand_items_barred() -> None:
    """Geldspar, Court Magician in play: the other side may play no Hand Item in that combat."""
    item = next(cid for cid, card in fresh().content.cards.items() if card.type == "item" and card.kind == "hand"
                and card.status == "expressed" and any(a.get("when") == "modify" and not a.get("needs")
                                                       and not a.get("cost") for a in card.abilities))
    for dfn, offered in ((X2.id, True), ("geldspar_court_magician", False)):
        state, a, d = _matchup([X9.id], [dfn])
        give(state, 0, item)
        act(state, "pick", a[0])
        act(state, "pick", d[0])
        listed = [o for o in options(state, "cast") if state.cards[o.args[0]] == item]
        assert bool(listed) == offered


def test_opponent_discards_a_creature_of_its_choice() -> None:
    """Mocodabi as a Command Card: the opponent discards a Medium creature of its choice from its Combat Hand."""
    state, a, d = _matchup(["mocodabi", X2.id], [X5.id, X9.id, "fan_bearer"])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert state.decision.seat == 1 and {o.args[0] for o in options(state, "target")} >= {d[0], d[1]}
    act(state, "target", d[1])
    assert d[1] in state.seats[1].discard and d[0] in state.combat.hands[1]


def test_bonus_unless_the_opponent_pays() -> None:
    """Sales Weasel revealed in a match-up: +6 unless the opponent burns a Power Stone."""
    for pay, value in ((True, 4), (False, 4 + 6)):
        state, a, d = _matchup(["sales_weasel"], [X30.id])
        state.seats[1].stones = 1
        act(state, "pick", a[0])
        act(state, "pick", d[0])
        act(state, "target", pay)
        _pass_all(state)
        assert _last(state, "matchup")["a_value"] == value and state.seats[1].stones == (0 if pay else 1)


def test_lost_swap_lets_any_creature_take_the_defeat() -> None:
    """Soggybottom Gertz beaten in a match-up: a creature of its Combat Hand, the player's choice, takes its
    place and counts as beaten instead; Gertz goes back to the Combat Hand."""
    state, a, d = _matchup(["soggybottom_gertz", X2.id, X5.id], [X20.id, X2.id])
    _play(state, a[0], d[0])
    assert {o.args[0] for o in options(state, "swap_lost")} == {a[1], a[2], None}
    act(state, "swap_lost", a[2])
    c = state.combat
    assert a[2] in c.beaten and a[0] not in c.beaten and a[0] in c.hands[0]


def test_item_destroys_the_opposing_command_in_a_giant_match_up() -> None:
    """Rock of Far Rolling, played while the player's Giant fights a primary match-up: the opposing Command
    creature is destroyed (offered only with a Giant in the match-up)."""
    for mine, offered in ((GIANT.id, True), (X9.id, False)):
        state, a, d = _matchup([mine], ["judge_dredge", X20.id])
        rock = give(state, 0, "rock_of_far_rolling")
        act(state, "declare", True)
        act(state, "cmdpick", d[0])
        act(state, "pick", a[0])
        act(state, "pick", d[1])
        listed = [o for o in options(state, "cast") if o.args[0] == rock]
        assert bool(listed) == offered
        if offered:
            act(state, "cast", rock)
            assert d[0] in state.seats[1].discard          # not back under its Shield


def test_aura_per_bribery_icon() -> None:
    """Doogop the Greedy in play: its side's other creatures get +1 per bribery icon they show."""
    TWO = vanilla(2, border="external", bribery=("beer", "gold"), name="test_two_icons2")
    state = fresh(CARDS + (TWO,))
    a = put(state, 0, "D0C", ["doogop_the_greedy", TWO.id])
    d = put(state, 1, "D1C", [M2.id, X20.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    _play(state, a[0], d[0])                           # 6 against 2
    assert state.alive(a[0])
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["a_value"] == 2 + 2


def test_terrain_bonus_on_any_terrain() -> None:
    """Rachur, Field Marshal in play: its side's other creatures use their terrain bonuses on any terrain."""
    for first, value in ((X2.id, 6 + 2), ("rachur_field_marshal", 6 + 2 + 3)):
        state, a, d = _matchup([first, "snow_daughters"], [M2.id, X20.id], land="swamp")
        _play(state, a[0], d[0])
        assert state.alive(a[0])
        _play(state, a[1], d[1])                       # Snow Daughters: 6, off-colour 2, +3 on Mountains
        assert _last(state, "matchup")["a_value"] == value


def test_aoe_grows_per_terrain_in_play() -> None:
    """Odious Clamjack: a 2-point AOE (RB "Area Of Effect"), 1 more per Swamp Terrain card in play."""
    state = fresh(CARDS)
    a = put(state, 0, "D0C", ["odious_clamjack"])
    d = put(state, 1, "D1C", [X20.id, X2.id, X5.id])
    terrain(state, "D1C", 1, "swamp")
    terrain(state, "D1L", 1, "swamp")
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert _last(state, "aoe")["amount"] == 2 + 2
    assert d[1] in state.seats[1].discard and d[2] not in state.seats[1].discard


def test_push_margin_from_a_command() -> None:
    """Urufa, Queen of Goblins as a Command Card: a Goblin of hers beaten by less than 5 pushes instead."""
    GOB = vanilla(5, border="external", classes=("goblin",), name="test_goblin5")
    state = fresh(CARDS + (GOB,))
    a = put(state, 0, "D0C", ["urufa_queen_of_goblins", GOB.id, GOB.id])
    d = put(state, 1, "D1C", [X9.id, X20.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    _play(state, a[1], d[0])                           # 5 against 9: by 4, a push
    assert _last(state, "matchup")["outcome"] == "push"
    _play(state, a[2], d[1])                           # 5 against 20: beaten
    assert _last(state, "matchup")["outcome"] == "d"


def test_guardian_draws_when_an_enemy_plays_a_hand_item() -> None:
    """Eisnmir: whenever an opponent uses a Hand Item, its player draws the top card of its deck."""
    state = fresh(CARDS)
    state.seats[1].guardian = state.new_inst("eisnmir", 1)
    state.seats[1].deck.append(top := state.new_inst(X5.id, 1))
    item = next(cid for cid, card in state.content.cards.items() if card.type == "item" and card.kind == "hand"
                and card.status == "expressed" and any(a.get("when") == "move" and not a.get("cost") for a in card.abilities))
    put(state, 0, "D0C", [X2.id])
    cast = give(state, 0, item)
    state.cast(0, cast, "move")
    assert top in state.seats[1].pen and top not in state.seats[1].deck


def test_guess_the_size_of_the_opposing_pick() -> None:
    """Jalupee Lobo as a Command Card: once both picks are made, its player guesses the size of the opposing
    creature; a right guess gives its own +2."""
    for guess, bonus in (("M", 2), ("L", 0)):
        state, a, d = _matchup(["jalupee_lobo", X2.id], [X30.id])
        act(state, "declare", True)
        act(state, "cmdpick", a[0])
        act(state, "pick", a[1])
        act(state, "pick", d[0])
        assert state.decision.seat == 0
        act(state, "guess_size", guess)
        _pass_all(state)
        assert _last(state, "matchup")["a_value"] == 2 + bonus


def test_aoe_per_own_creature_and_fear_boost() -> None:
    """Annoying Gnats in the Hood: a 1-point fear AOE (RB "Area Of Effect"), 1 more per other Bug of its side in
    play; Plague Walker in play makes every fear AOE 2 stronger."""
    BUG = vanilla(2, classes=("bug",), name="test_bug2")
    state = fresh(CARDS + (BUG,))
    a = put(state, 0, "D0C", [BUG.id, "annoying_gnats_in_the_hood"])
    d = put(state, 1, "D1C", [M2.id, X20.id, X2.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    _play(state, a[0], d[0])                           # 2 against 2: the Bug stays in play
    act(state, "pick", a[1])
    act(state, "pick", d[1])
    assert _last(state, "aoe")["amount"] == 1 + 1 and d[2] in state.seats[1].discard
    state = fresh(CARDS)
    a = put(state, 0, "D0C", ["plague_walker", "annoying_gnats_in_the_hood"])
    d = put(state, 1, "D1C", [M2.id, X20.id, X2.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    _play(state, a[0], d[0])
    assert state.alive(a[0])
    act(state, "pick", a[1])
    act(state, "pick", d[1])
    assert _last(state, "aoe")["amount"] == 1 + 2


def test_ranged_plus_the_others_made_before() -> None:
    """Jinshade, Second Called as a ranged attack (RB "Ranged Attacks"): 3, plus the printed values of the ranged
    attacks already made in this match-up (Bellaret's 2 before it)."""
    state, a, d = _matchup([X2.id, "bellaret_third_called", "jinshade_second_called"], [X20.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "ranged", a[1])
    act(state, "ranged", a[2])
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] == 2 + 2 + (3 + 2)


def test_ranged_card_destroys_on_a_win() -> None:
    """Drizzle Bone the Hack used as a ranged attack: if its side's creature wins the match-up, the loser is
    destroyed (RB "Destroyed"), not only beaten."""
    state, a, d = _matchup([X9.id, "drizzle_bone_the_hack"], [X5.id, X2.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "ranged", a[1])
    _pass_all(state)
    assert d[0] in state.combat.destroyed


def test_ranged_card_grants_the_off_colour_bonus() -> None:
    """Gorcoo used as a ranged attack: its side's Saurian gets its off-colour bonus even against a border it
    does not beat (RB "Off-Color Bonus")."""
    SAUR = vanilla(4, border="elemental", classes=("saurian",), ocb=3, name="test_saurian4")
    state = fresh(CARDS + (SAUR,))
    a = put(state, 0, "D0C", [SAUR.id, "gorcoo"])
    d = put(state, 1, "D1C", [M2.id])                 # a Mortal: an Elemental gets no bonus against it
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "ranged", a[1])
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] == 4 + 3


def test_return_unless_the_opponent_pays() -> None:
    """Blue Mountain Leechfoot beaten in a primary match-up goes back to its Creature Pen after the combat
    (RB "Deciding the victor" discards losers) unless the opponent pays a Power Stone."""
    for pay in (True, False):
        state, a, d = _matchup([X30.id], ["blue_mountain_leechfoot"])
        state.seats[0].stones = 1
        _play(state, a[0], d[0])
        act(state, "ransom", pay)
        assert (d[0] in state.seats[1].pen) != pay and state.seats[0].stones == (0 if pay else 1)
