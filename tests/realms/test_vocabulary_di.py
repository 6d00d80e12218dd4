"""Keywords that express Dagger Isle (DI) cards, one test each, on a real card using it.

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook), sections as printed there: "Other Card
Effects" (a card's text beats the rules), "2. Command Cards", "Off-Color Bonus", "Secondary Attacks",
"Channeling", "Bribery", "Flying", "Terrain Settlement", "Stronghold Upgrade". The texts are our paraphrases in
cards/realms/; where the rulebook is silent the reading is a comment at the card in the YAML."""

from __future__ import annotations

from realms.helpers import act, fight, fresh, give, options, put, terrain, vanilla
from realms.helpers import last_event as _last, pass_all as _pass_all, play_pair as _play

X2, X5, X9, X30 = (vanilla(v, border="external", name=f"test_ext{v}") for v in (2, 5, 9, 30))
M2, M9 = (vanilla(v, name=f"test_mortal{v}") for v in (2, 9))
E2 = vanilla(2, border="elemental", name="test_elem2")
E9 = vanilla(9, border="elemental", name="test_elem9")
OCB = vanilla(4, name="test_mortal_ocb5", ocb=5)
DEMON = vanilla(3, border="external", classes=("demon",), name="test_demon3")
FAIRY = vanilla(4, border="elemental", size="S", classes=("fairy",), name="test_fairy4")
RX9 = vanilla(9, border="external", receiver=True, name="test_receiver9")
RX12 = vanilla(12, border="external", receiver=True, name="test_receiver12")
EOCB = vanilla(4, border="elemental", name="test_elem_ocb5", ocb=5)
M0 = vanilla(0, name="test_mortal0")
CARDS = (X2, X5, X9, X30, M2, M9, E2, E9, OCB, DEMON, FAIRY, RX9, RX12, EOCB, M0)


def _matchup(att, dfn, land=None, shield_att=None, shield_dfn=None):
    state = fresh(CARDS)
    a = put(state, 0, "D0C", att)
    d = put(state, 1, "D1C", dfn)
    if shield_att:
        state.spaces["D0C"].stacks[0].shield = state.new_inst(shield_att, 0)
    if shield_dfn:
        state.spaces["D1C"].stacks[1].shield = state.new_inst(shield_dfn, 1)
    terrain(state, "D1C", 1, land or "woods", face_down=land is None)
    fight(state, 0, 1, "D1C", "D0C")
    return state, a, d


def test_no_off_colour_bonus_from_own_externals() -> None:
    """Old Gumper in play and unbeaten: its side's Externals give the opposing Elementals no off-colour bonus
    (RB "Off-Color Bonus": Elemental over External otherwise)."""
    for defenders, value in (([X2.id, X9.id], 4 + 5), (["old_gumper", X9.id], 4)):
        state, a, d = _matchup([X2.id, EOCB.id], defenders)
        _play(state, a[0], d[0])                   # 2 against 2 or 3: the first defender is not beaten
        assert state.alive(d[0])
        _play(state, a[1], d[1])
        assert _last(state, "matchup")["a_value"] == value


def _hold_fight(att, dfn):
    """Seat 0 attacks seat 1's intact centre Stronghold card (Carreg Amroth: +5 to its defenders)."""
    state = fresh(CARDS, decks=("slag_beast_theme", "knights_theme"))
    a = put(state, 0, "D1C", att)
    d = put(state, 1, "S1C", dfn, shield=False)
    fight(state, 0, 1, "S1C", "D1C")
    return state, a, d


def test_ignore_the_stronghold_bonus() -> None:
    """Starling Dodd Boys (Fairies themselves) in play and unbeaten: their side's Fairies get none of the
    opposing Stronghold bonus (RB "Stronghold bonus" adds it to the defenders of a standing Stronghold card)."""
    state, a, d = _hold_fight([FAIRY.id], [X2.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["d_value"] == 2 + 5
    state, a, d = _hold_fight(["starling_dodd_boys", FAIRY.id], [M0.id, X2.id])
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["d_value"] == 0 and state.alive(a[0])
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["d_value"] == 2


def test_secondary_immune() -> None:
    """Great Bate: a secondary attacker that is an Elemental cannot beat it whatever the sum (RB "Secondary
    Attacks" would beat it on a higher value)."""
    state, a, d = _matchup([E2.id, E9.id], ["great_bate"])
    _play(state, a[0], d[0])
    act(state, "sec", a[1], d[0])
    _pass_all(state)
    assert _last(state, "secondary")["outcome"] == "not beaten"


def test_no_secondary_target_after_beating_an_external() -> None:
    """Monolith of Chaos: once it has beaten an External in the primary round it is no secondary target."""
    state, a, d = _matchup([X2.id, X2.id], ["monolith_of_chaos"])
    _play(state, a[0], d[0])
    assert a[0] in state.combat.beaten and not [o for o in options(state, "sec") if o.args[1] == d[0]]
    state, a, d = _matchup([M2.id, X2.id], ["monolith_of_chaos"])
    _play(state, a[0], d[0])                       # it beat a Mortal: still a target
    assert a[0] in state.combat.beaten and [o for o in options(state, "sec") if o.args[1] == d[0]]


def test_bonus_per_beaten_demon() -> None:
    """Chephros: +2 for each Demon or Devil already beaten in this combat (either side)."""
    state, a, d = _matchup([X9.id, X2.id], [DEMON.id, "chephros"])
    _play(state, a[0], d[0])
    assert d[0] in state.combat.beaten
    _play(state, a[1], d[1])
    assert _last(state, "matchup")["d_value"] == 9 + 2 + 2       # base, off-colour bonus (Elemental), one Demon


def test_stone_per_enemy_channel() -> None:
    """Koset of the Light in play: each channel by the opponent (RB "Channeling") earns its side a Power Stone."""
    state, a, d = _matchup(["koset_of_the_light", X2.id], [RX9.id])
    state.seats[0].stones, state.seats[1].stones = 0, 2
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "channel_g", d[0])
    assert state.seats[0].stones == 1 and state.seats[1].stones == 1


def test_beater_owner_pays() -> None:
    """Shadrune: a Channeling Receiver that beats it costs its owner a Power Stone."""
    state, a, d = _matchup([RX12.id], ["shadrune"])
    state.seats[0].stones = 2
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["outcome"] == "a" and state.seats[0].stones == 1


def test_win_discards_pen_and_terrain() -> None:
    """Howling Reaver winning a primary match-up discards a random card of the opposing Creature Pen; Gumbo
    Jake winning on an opposing Terrain card discards that Terrain (RB "Terrain Settlement": the land is open)."""
    state, a, d = _matchup(["howling_reaver"], [X2.id])
    pen = give(state, 1, X9.id, "pen")
    _play(state, a[0], d[0])
    assert pen in state.seats[1].discard
    state, a, d = _matchup(["gumbo_jake"], [X2.id], land="swamp")
    land = state.spaces["D1C"].terrain
    _play(state, a[0], d[0])
    assert _last(state, "matchup")["outcome"] == "a" and land in state.seats[1].discard
    state, a, d = _matchup(["gumbo_jake"], [X9.id], land="swamp")
    land = state.spaces["D1C"].terrain
    _play(state, a[0], d[0])                       # it loses: the Terrain stays
    assert land not in state.seats[1].discard


def test_recover_a_bribery_card_as_command() -> None:
    """Jambo Slick, Smuggler as a Command Card: a Bribery card (filter key `type`) comes back from the discard
    pile to the Storage Depot."""
    state, a, d = _matchup(["jambo_slick_smuggler", X2.id], [X9.id])
    beer = give(state, 0, "beer", "discard")
    give(state, 0, X5.id, "discard")
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert [o.args[0] for o in options(state, "target")] == [beer]
    act(state, "target", beer)
    assert beer in state.seats[0].depot


def test_bribe_any_icon() -> None:
    """Jamchops the Trader as a Command Card: its side's Bribery cards work on any creature showing any icon
    (RB "Bribery" asks for the matching icon)."""
    GOLD = vanilla(6, border="external", bribery=("gold",), name="test_gold6")
    state = fresh(CARDS + (GOLD,))
    a = put(state, 0, "D0C", ["jamchops_the_trader", X2.id])
    d = put(state, 1, "D1C", [GOLD.id, X9.id])
    terrain(state, "D1C", 1, face_down=True)
    babes = give(state, 0, "babes")
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])
    act(state, "pick", d[0])
    assert [o.args for o in options(state, "bribe")] == [(babes, d[0])]


def test_terrain_shift_of_standard_bearers() -> None:
    """Standard Bearer Brom's Goblin 11: the opposing creatures' terrain bonuses are 3 lower, never below 0;
    Goblin 16: every creature's terrain bonus is 1 higher."""
    for bearer, value in (("standard_bearer_broms_goblin_11", 6 + 2), ("standard_bearer_broms_goblin_16", 6 + 2 + 4),
                          (None, 6 + 2 + 3)):
        state, a, d = _matchup(["snow_daughters"], [X30.id], land="mountains", shield_dfn=bearer)
        _play(state, a[0], d[0])                   # Snow Daughters: 6, off-colour 2, +3 on Mountains
        assert _last(state, "matchup")["a_value"] == value


def test_command_strike() -> None:
    """Kazarian Squawker as a Command Card strikes the opposing Command creature (RB "2. Command Cards"): it
    beats a weaker one, whose Command ability then does not act."""
    state, a, d = _matchup(["kazarian_squawker", X2.id], ["jamchops_the_trader", X5.id])     # 5 against 4
    act(state, "declare", True)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "cmdpick", d[0])
    assert state.combat.beaten.get(d[0]) == a[0] and not state.effects_of("bribe_any_icon")
    state, a, d = _matchup(["kazarian_squawker", X2.id], ["arms_of_the_earth", X5.id])       # 5 against 6
    act(state, "declare", True)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "cmdpick", d[0])
    assert state.combat.beaten.get(a[0]) == d[0] and state.combat.flags.get("stunned")


def test_flee_margin() -> None:
    """Weasly Guy beaten by more than 4 in a primary match-up goes back to its Creature Pen at once."""
    state, a, d = _matchup([X30.id], ["weasly_guy", X2.id])
    _play(state, a[0], d[0])
    assert d[0] in state.seats[1].pen and d[0] not in state.combat.beaten


def test_narrow_win_destroys_both() -> None:
    """Hal-a-Tosis Dragon as a Command Card: a primary match-up its opponent wins by less than 5 destroys both."""
    state, a, d = _matchup([X5.id, X2.id], ["hal_a_tosis_dragon", X2.id])
    act(state, "declare", True)
    act(state, "declare", False) if options(state, "declare") else None
    act(state, "cmdpick", d[0])
    _play(state, a[0], d[1])                       # 5 against 2: the attacker wins by 3
    assert a[0] in state.combat.destroyed and d[1] in state.combat.destroyed


def test_extra_flight() -> None:
    """Ongo, Air Traffic Controller: its player may fly a second Shield this turn (RB "Flying": one a turn)."""
    FLYER = vanilla(5, border="external", flying=True, name="test_flyer5")
    state = fresh(CARDS + (FLYER,))
    put(state, 0, "D0C", [FLYER.id])
    state.seats[0].flew = 1
    st = state.spaces["D0C"].stacks[0]
    assert not [k for k, _ in state.paths(0, "D0C", st) if k == "fly"]
    ongo = give(state, 0, "ongo_air_traffic_controller")
    state.cast(0, ongo, "upcard")
    state.advance()
    assert [k for k, _ in state.paths(0, "D0C", st) if k == "fly"]


def test_guardian_cmp_for_the_round() -> None:
    """Channeling Flux: for the round its Guardian channels 20 a stone (RB "Channeling": its printed CMP)."""
    state, a, d = _matchup([RX9.id], [X30.id])
    state.seats[0].stones = 2
    state.flags["cmp:0"] = (state.round, 20)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "channel_g", a[0])
    _pass_all(state)
    assert _last(state, "channel")["amount"] == 20 and _last(state, "matchup")["a_value"] == 9 + 9   # capped
    state2 = fresh(CARDS)
    put(state2, 0, "D0C", [X2.id])                 # a Shield to move: the round waits for its player
    flux = give(state2, 0, "channeling_flux")
    state2.cast(0, flux, "dno")
    state2.advance()
    assert state2.guardian_cmp(0) == 20 and state2.guardian_cmp(1) == state2.cd(state2.seats[1].guardian).cmp


def test_destroy_upgrade() -> None:
    """Summon Loghammer's Sapper: a Stronghold Upgrade of the player's choice is discarded (RB "Stronghold
    Upgrade" cards stay otherwise)."""
    state = fresh(CARDS)
    put(state, 0, "D0C", [X2.id])
    hold = next(sid for sid, sp in state.spaces.items() if sp.kind == "hold" and sp.realm == 1)
    idol = state.spaces[hold].upgrade = state.new_inst("large_idol", 1)
    sapper = give(state, 0, "summon_loghammers_sapper")
    state.cast(0, sapper, "move")
    state.advance()
    act(state, "target", hold)
    assert state.spaces[hold].upgrade is None and idol in state.seats[1].discard


def test_dare_the_opponent() -> None:
    """Slimwit Man as a Command Card: the opponent retreats at once (RB "Retreat": the space is lost), or fights
    with +2 for each creature and loses them all if Slimwit's side wins."""
    state, a, d = _matchup(["slimwit_man", X9.id], [X2.id, X2.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert state.decision.seat == 1
    act(state, "target", "retreat")
    assert _last(state, "victor")["seat"] == 0
    state, a, d = _matchup(["slimwit_man", X9.id], [X2.id, X5.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "target", "fight")
    _play(state, a[1], d[0])
    assert _last(state, "matchup")["d_value"] == 2 + 2
    while options(state, "sec_stop"):                 # no secondary attack by the defender's 5
        act(state, "sec_stop")
    assert _last(state, "victor")["seat"] == 0 and d[1] in state.seats[1].discard     # unplayed, yet destroyed


def test_toll_before_the_fight() -> None:
    """Great Horned Troll, a Command Card only when defending: the attacker retreats, pays a Power Stone, or
    discards two cards of its Storage Depot, its choice."""
    state, a, d = _matchup([X2.id], ["great_horned_troll", X9.id])
    state.seats[0].stones = 0
    cards = [give(state, 0, "beer"), give(state, 0, "gold"), give(state, 0, "babes")]
    act(state, "declare", True)
    act(state, "cmdpick", d[0])
    while options(state, "react_pass"):              # no bribe of the Troll
        act(state, "react_pass")
    assert {o.args[0] for o in options(state, "target")} == {"retreat", "depot"}
    act(state, "target", "depot")
    act(state, "target", cards[0])
    act(state, "target", cards[2])
    assert [i for i in cards if i in state.seats[0].depot] == [cards[1]]


def test_secondary_bonus_after_its_sides_fight() -> None:
    """Holy Avenger as a secondary attacker (RB "Secondary Attacks") gets +10 against a target its side's
    Paladin or Angel (not another Holy Avenger) already fought."""
    ANGEL = vanilla(2, border="elemental", classes=("angel",), name="test_angel2")
    for first, bonus in ((ANGEL.id, 10), (X2.id, 0)):
        state = fresh(CARDS + (ANGEL,))
        a = put(state, 0, "D0C", [first, "holy_avenger"])
        d = put(state, 1, "D1C", [X30.id])
        terrain(state, "D1C", 1, face_down=True)
        fight(state, 0, 1, "D1C", "D0C")
        _play(state, a[0], d[0])
        act(state, "sec", a[1], d[0])
        _pass_all(state)
        assert _last(state, "secondary")["value"] == 5 + bonus + 2     # its own 5, the bonus, the helper's base 2


def _enter_platform(creature: str):
    """Seat 0's Shield with `creature` alone moves from D1L into seat 1's left Stronghold, where a Pirate Log
    Platform stands."""
    from guardians.engine.flow import Pending
    state = fresh(CARDS)
    state.spaces["S1L"].upgrade = state.new_inst("pirate_log_platform", 1)
    (inst,) = put(state, 0, "D1L", [creature], turned=True)
    state.pending = Pending("option", 0, "D1L")
    state.invalidate()
    act(state, "move", "D1L>S1L")
    return state, inst


def test_entry_aoe_that_takes_every_creature_loses_the_shield() -> None:
    """Pirate Log Platform (`entry_aoe`, "struck by a 7-point AOE") discards a lone 2: the Shield has no Creature
    left, and RB-MR I.C says "A Shield may NEVER be in play without at least one Creature underneath" (spec R33),
    so it is lost (RB-MR 5, R94) to the Stronghold's owner, and the Stronghold it did not survive to take stands.
    (It used to stay on the Rubble empty, and the Terrain Settlement later had no option to offer it.)"""
    state, inst = _enter_platform(M2.id)
    assert inst in state.seats[0].discard
    assert 0 not in state.spaces["S1L"].stacks and not state.spaces["S1L"].rubble
    assert state.seats[0].lost == 1 and state.seats[1].kills == [0]
    assert state.result is None and state.decision is not None and state.decision.options


def test_entry_aoe_spares_a_creature_above_its_points() -> None:
    """The same Platform against a lone 9: nothing is discarded, and the Stronghold falls to Rubble."""
    state, inst = _enter_platform(M9.id)
    assert state.spaces["S1L"].stacks[0].cards == [inst]
    assert state.spaces["S1L"].rubble and state.seats[0].lost == 0
