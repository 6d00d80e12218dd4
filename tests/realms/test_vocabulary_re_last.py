"""The keywords added for the last RE cards (issue #13), one test each, on a real card using it.

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook), sections as printed there: "Other Card
Effects" (a card's text beats the rules), "2. Command Cards", "Off-Color Bonus", "Area Of Effect (AOE)
attacks", "Secondary Attacks", "Ranged Attacks", "Other Important Channeling Rules", "Flying", "A. Up-card",
"Terrain Settlement", "B. Create Storage Hand". The texts are our paraphrases in cards/realms/; where the
rulebook is silent the ruling is in docs/rules-notes/realms.md."""

from __future__ import annotations

from realms.helpers import act, fight, fresh, give, options, put, terrain, vanilla
from realms.helpers import last_event as _last, pass_all as _pass_all, play_pair as _play

X2, X5, X9, X30 = (vanilla(v, border="external", name=f"test_ext{v}") for v in (2, 5, 9, 30))
M3, M4, M9 = (vanilla(v, name=f"test_mortal{v}") for v in (3, 4, 9))
E5 = vanilla(5, border="elemental", name="test_elem5")
UNDEAD4 = vanilla(4, border="external", classes=("undead",), name="test_undead4")
PIRATE9 = vanilla(9, classes=("pirate",), name="test_pirate9")
MOUNT = vanilla(4, name="test_mountaineer4", ocb=6)
CARDS = (X2, X5, X9, X30, M3, M4, M9, E5, UNDEAD4, PIRATE9)


def _matchup(att, dfn, extra=(), land=None):
    """A combat on a disputed land (a face-down Terrain, no terrain type, unless `land` names one)."""
    state = fresh(CARDS + tuple(extra))
    a = put(state, 0, "D0C", att)
    d = put(state, 1, "D1C", dfn)
    terrain(state, "D1C", 1, land or "woods", face_down=land is None)
    fight(state, 0, 1, "D1C", "D0C")
    return state, a, d


def test_stunning_aoe_puts_creatures_out_of_the_fight() -> None:
    """Cow: its 3-point AOE (RB "Area Of Effect") does not discard; the creatures hit may not be picked and
    count nothing for control, but a secondary attacker may still attack them (RB "Secondary Attacks")."""
    state, a, d = _matchup(["cow", X2.id], [X9.id, X2.id, X5.id])
    _play(state, a[0], d[0])
    c = state.combat
    assert d[1] in c.inplay[1] and d[1] not in c.hands[1] and d[1] not in state.seats[1].discard
    assert state.stunned(d[1]) and not state.stunned(d[2])
    assert state.total(1) == 9 + 5          # the stunned 2 does not count
    state, a, d = _matchup(["cow", X2.id], [X9.id, X2.id])
    _play(state, a[0], d[0])               # the defender has no creature left to pick: secondary attacks
    assert [o for o in options(state, "sec") if o.args[1] == d[1]]


def test_stun_random_takes_one_opposing_card_and_itself_out() -> None:
    """Arms of the Earth as a Command Card (RB "2. Command Cards"): one creature drawn at random from the
    opposing Combat Hand and the Arms are both out of the fight and out of the count."""
    state, a, d = _matchup(["arms_of_the_earth", X9.id], [X5.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    c = state.combat
    assert state.stunned(a[0]) and state.stunned(d[0]) and not c.hands[1]
    assert state.total(0) == 9 and state.total(1) == 0


def test_ranged_receiver_takes_channelling_into_its_ranged_attack() -> None:
    """Grim Skull: used as a ranged attack it may receive up to 3 points of channelling (RB "Other Important
    Channeling Rules" would allow receivers only, up to their base Vitality)."""
    state, a, d = _matchup([X9.id, "grim_skull"], [X30.id])
    state.seats[0].stones = 3
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert not [o for o in options(state, "channel_g") if o.args == (a[1],)]
    act(state, "ranged", a[1])
    assert state.cd(state.seats[0].guardian).cmp > 3
    act(state, "channel_g", a[1])
    _pass_all(state)                                     # channel_cap 3, whatever the Guardian sends
    assert _last(state, "matchup")["a_value"] == 9 + 3 + 3


def test_recolour_changes_the_off_colour_bonus() -> None:
    """Standard Bearer Brom's Dragon 19: for one Power Stone a match-up creature takes another border, so the
    off-colour bonus (RB "Off-Color Bonus": Mortal over Elemental) follows the new border; once a match-up."""
    OCB = vanilla(4, name="test_mortal_ocb4", ocb=5)
    state, a, d = _matchup([OCB.id], [X9.id], extra=(OCB,))
    state.spaces["D1C"].stacks[0].shield = state.new_inst("standard_bearer_broms_dragon_19", 0)
    state.seats[0].stones = 2
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert state.strength(a[0], state.combat.cur) == 4
    act(state, "recolour", d[0], "elemental")
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] == 4 + 5 and state.seats[0].stones == 1
    assert state.combat.flags["recoloured:0"] == 1          # used for this match-up


def test_borrow_bonus_of_the_previous_pick() -> None:
    """Rogue Spectre: against a Mortal it uses its side's previous match-up creature's off-colour bonus (RB
    "Off-Color Bonus" would give its own, 0), and it always takes that creature's terrain bonus."""
    state, a, d = _matchup(["snow_daughters", "rogue_spectre"], [X2.id, M3.id, X9.id], land="mountains")
    prev, spectre = a                     # Snow Daughters: off-colour bonus 2, +3 on Mountains
    _play(state, prev, d[0])
    act(state, "pick", spectre)
    act(state, "pick", d[1])
    _pass_all(state)
    parts = dict(state.strength_parts(spectre, state.combat.matchups[-1]))
    assert parts["off-colour bonus of Snow Daughters"] == 2 and parts["terrain bonus of Snow Daughters"] == 3
    assert "off-colour bonus" not in parts


def test_guess_border_gives_the_bonus_on_a_wrong_guess() -> None:
    """Sphinx as a Command Card: once both picks are made (hidden, RB "2. Command Cards" then the match-up),
    the opponent guesses the border of the Sphinx side's creature; a wrong guess gives it +3."""
    for guess, bonus in (("mortal", 3), ("external", 0)):
        state, a, d = _matchup(["sphinx", X2.id], [X30.id])
        act(state, "declare", True)
        act(state, "cmdpick", a[0])
        act(state, "pick", a[1])
        act(state, "pick", d[0])
        assert state.decision.seat == 1 and {o.args[0] for o in options(state, "guess")} == {
            "mortal", "elemental", "external"}
        act(state, "guess", guess)
        _pass_all(state)
        assert _last(state, "matchup")["a_value"] == 2 + bonus


def test_random_picks_take_the_choice_away() -> None:
    """Shadow Spy as a Command Card: the opponent does not choose its match-up creature; it is drawn at
    random from its Combat Hand (the seed decides, the other seat chooses as usual)."""
    state, a, d = _matchup(["shadow_spy", X2.id], [X5.id, X9.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])                   # seat 1 is never asked: the match-up is made at once
    assert state.combat.matchups and state.combat.matchups[0].d in d


def test_redraw_foe_refuses_the_first_opponent() -> None:
    """Spirit of the Hunt: it may refuse its first opponent in melee; that one goes back to the Combat Hand
    and another is drawn at random from it (RB "Other Card Effects")."""
    state, a, d = _matchup(["spirit_of_the_hunt"], [X9.id, X2.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    _pass_all(state)
    act(state, "hunt", True)
    m = state.combat.matchups[0]
    assert m.d == d[1] and d[0] in state.combat.hands[1] and d[1] not in state.combat.hands[1]
    _pass_all(state)
    assert _last(state, "matchup")["outcome"] == "a"


def test_swap_in_during_the_match_up() -> None:
    """Phantom Stalker: from the Combat Hand it takes the place of its side's Undead in the match-up; the
    Undead goes back to the Combat Hand (only Undead, and only before anything was added to it)."""
    state, a, d = _matchup([UNDEAD4.id, "phantom_stalker"], [X9.id, X2.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    if state.decision.seat != 0:
        act(state, "modify_pass")
    act(state, "swap_in", a[1], a[0])
    assert state.combat.matchups[0].a == a[1] and a[0] in state.combat.hands[0]
    state, a, d = _matchup([X2.id, "phantom_stalker"], [X9.id])
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert not options(state, "swap_in")


def test_swap_in_for_a_loser() -> None:
    """Slippery Slime: it takes the place (and the defeat) of its side's creature that just lost a match-up;
    the loser goes back to the Combat Hand and is not lost (RB-MR "Deciding the victor" discards losers)."""
    state, a, d = _matchup([X2.id, "slippery_slime"], [X9.id, X2.id])
    _play(state, a[0], d[0])
    act(state, "swap_lost", a[1])
    c = state.combat
    assert a[1] in c.beaten and a[0] not in c.beaten and a[0] in c.hands[0]
    assert c.matchups[0].a == a[1]


def test_survives_if_a_pirate_survives() -> None:
    """Pauly as a Command Card: a peek at one opposing card, and once beaten it still goes back to its Shield
    while a Pirate of its side is unbeaten."""
    state, a, d = _matchup(["pauly_official_parrot", PIRATE9.id], [X5.id, X2.id, X2.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert _last(state, "peek").data_for(0)["names"]
    _play(state, a[1], d[0])
    act(state, "sec", d[1], a[0])
    _pass_all(state)
    assert a[0] in state.combat.beaten
    while state.combat is not None and state.combat.stage != "cleanup" and state.decision is not None:
        kinds = {o.kind for o in options(state)}
        act(state, "sec_stop" if "sec_stop" in kinds else sorted(kinds)[0])
    assert a[0] in state.spaces["D1C"].stacks[0].cards


def test_strike_upcard_shortens_the_next_draw() -> None:
    """Shadow Warrior as a Command Card: at base + 2 it beats the opponent's creature Up-card (RB "A.
    Up-card": the Up-card is the first card drawn), so that opponent draws one card fewer next turn."""
    state, a, d = _matchup(["shadow_warrior", X2.id], [X5.id])
    before = state.draw_count(1)
    state.seats[1].upcard = state.new_inst(X9.id, 1)       # 9 + 2 = 11 > 9
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert state.draw_count(1) == max(0, before - 1)
    state, a, d = _matchup(["shadow_warrior", X2.id], [X5.id])
    state.seats[1].upcard = state.new_inst(X30.id, 1)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert "short:1" not in state.flags


def test_arrange_top_of_an_opponent_deck() -> None:
    """Helm of the BrotherHood (after the Up-cards, RB "A. Up-card"): its player sees the opponent's top five
    cards alone and puts them back one by one, on top in the order chosen or at the bottom."""
    state = fresh(CARDS)
    put(state, 0, "D0C", [X2.id])
    deck = state.seats[1].deck
    deck[:] = [state.new_inst(cid, 1) for cid in (X2.id, X5.id, X9.id, X30.id, M3.id, M4.id, M9.id)]
    top5 = list(reversed(deck[-5:]))             # the top card first
    helm = give(state, 0, "helm_of_the_brotherhood")
    state.cast(0, helm, "upcard")
    state.advance()
    peek = _last(state, "peek")
    assert "names" in peek.data_for(0) and "names" not in peek.data_for(1)
    order = [top5[2], top5[0], top5[4]]
    act(state, "target", f"bottom:{top5[1]}")
    for inst in order:
        act(state, "target", f"top:{inst}")
    act(state, "target", f"bottom:{top5[3]}")
    assert list(reversed(deck[-3:])) == order and deck[0] == top5[3] and deck[1] == top5[1] and len(deck) == 7


def test_ground_flyer_stops_a_flight() -> None:
    """Summon Gravity Well: played when an opponent flies a Shield (RB "Flying": one flight per player a
    turn), the Shield stays where it was, still turned."""
    FLYER = vanilla(5, border="external", flying=True, name="test_flyer5")
    state = fresh(CARDS + (FLYER,))
    put(state, 0, "D0C", [FLYER.id])
    terrain(state, "D1C", 1)
    well = give(state, 1, "summon_gravity_well")
    state.advance()
    act(state, "turn", "D0C")
    fly = next(o for o in state.legal_actions() if o.kind == "fly")
    state.apply(fly)
    act(state, "ground", well)
    st = state.spaces["D0C"].stacks[0]
    assert st.turned and well in state.seats[1].discard
    assert not any(0 in sp.stacks for sid, sp in state.spaces.items() if sid != "D0C")


def test_settle_free_keeps_the_creature() -> None:
    """Earth Mother: in Terrain Settlement (RB "Terrain Settlement": a Shield on a land without Terrain loses a
    creature) showing it lets its Shield lose nothing."""
    state = fresh()
    mother, other = put(state, 0, "D1R", ["earth_mother", "grilbus"])
    state.seats[0].stones = 0
    state._start_terrain()
    state.advance()
    act(state, "settle_show", mother)
    assert state.spaces["D1R"].stacks[0].cards == [mother, other] and state.spaces["D1R"].terrain is None
    assert "shows Earth Mother" in _last(state, "note")["text"]


def test_upgrade_fires_in_place_of_a_command_card() -> None:
    """Flame Cannon on a Stronghold card in front of the combat: in place of a Command Card (RB "2. Command
    Cards") it fires a fire AOE, 3 points for one Power Stone and 2 more for each further stone."""
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [X2.id])
    d = put(state, 1, "D1C", [X5.id, X9.id])
    terrain(state, "D1C", 1, face_down=True)
    hold = next(sid for sid, sp in state.spaces.items() if sp.kind == "hold" and sp.realm == 0
                and "D1C" in state.in_front(0, sid))
    cannon = state.spaces[hold].upgrade = state.new_inst("flame_cannon", 0)
    state.seats[0].stones = 3
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    assert {o.args for o in options(state, "cmdpick")} == {(cannon, 1), (cannon, 2), (cannon, 3)}
    act(state, "cmdpick", cannon, 2)                 # 3 + 2 = 5: the 5 goes, the 9 stays
    assert d[0] in state.seats[1].discard and d[1] in state.combat.hands[1]
    assert state.seats[0].stones == 1 and state.spaces[hold].upgrade == cannon and a


def test_sacrifice_cards_for_power_stones() -> None:
    """Sacrificial Altar: a card of the Storage Hand (RB "B. Create Storage Hand") is discarded for a Power
    Stone, offered in the modifier window of a combat."""
    state, a, d = _matchup([X2.id], [X9.id])
    hold = next(sid for sid, sp in state.spaces.items() if sp.kind == "hold" and sp.realm == 0)
    state.spaces[hold].upgrade = state.new_inst("sacrificial_altar", 0)
    babes = give(state, 0, "babes")
    state.seats[0].stones = 0
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    act(state, "sacrifice", babes)
    assert babes in state.seats[0].discard and state.seats[0].stones == 1


def test_shift_combat_moves_the_fight_to_where_the_attacker_came_from() -> None:
    """Agent of Shadow, a Command Card only when defending (RB "2. Command Cards"): the combat moves to the
    land the attacker came from, both Shields with it, and is fought on that land's terrain."""
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [X2.id])
    d = put(state, 1, "D1C", ["agent_of_shadow", X9.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", d[0])
    assert state.combat.space == "D0C" and set(state.spaces["D0C"].stacks) == {0, 1}
    assert not state.spaces["D1C"].stacks and a
    state = fresh(CARDS)                                  # attacking with it, it is no Command Card
    put(state, 0, "D0C", ["agent_of_shadow", X2.id])
    put(state, 1, "D1C", [X9.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    assert not options(state, "declare")


def test_lead_open_forces_the_answer() -> None:
    """Bruce the Goose as a Command Card: in the first match-up its side's creature is played first, face up,
    and the opponent must answer with its highest base Vitality that creature beats (RB "Other Card Effects"
    over the hidden simultaneous pick)."""
    state, a, d = _matchup(["bruce_the_goose", X9.id], [X2.id, X5.id, X9.id])
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])
    assert a[1] in state.combat.inplay[0] and state.decision.seat == 1
    assert [o.args[0] for o in options(state, "pick")] == [d[1]]       # 5: the highest under 9
    act(state, "pick", d[1])
    assert state.combat.matchups[0].a == a[1] and state.combat.matchups[0].d == d[1]


def test_terrain_recruit_and_creature_terrain() -> None:
    """Reverend Smilin' Jack as a Command Card: the player's face-down Terrain that was a creature joins its
    Combat Hand; after a won combat an unbeaten creature of its Shield may be laid as the land's face-down
    Terrain (RB "Terrain Settlement" then finds the land settled)."""
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [X2.id])
    d = put(state, 1, "D1C", ["reverend_smilin_jack", X9.id])
    old = terrain(state, "D1C", 1, X5.id, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "cmdpick", d[0])
    act(state, "target", True)
    assert old in state.combat.hands[1] and state.spaces["D1C"].terrain is None
    _play(state, a[0], d[1])
    while not options(state, "creature_terrain"):          # no secondary attack, no healing
        act(state, next(o.kind for o in options(state) if o.kind.endswith(("_stop", "_pass", "_done"))))
    act(state, "creature_terrain", old)
    sp = state.spaces["D1C"]
    assert (sp.terrain, sp.terrain_owner, sp.face_down) == (old, 1, True)


def test_command_any_strikes_the_opposing_command() -> None:
    """Heels of Speed: any creature of its Shield may be the Command Card (RB "2. Command Cards" asks for a
    Command icon) and it strikes the opposing Command creature first: the stronger base beats the other, whose
    ability then does not act; losing its creature loses the Heels."""
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [X9.id, X2.id, "heels_of_speed"])
    d = put(state, 1, "D1C", ["arms_of_the_earth", X5.id])           # 6: its stun would act
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "declare", True)
    assert {o.args[0] for o in options(state, "cmdpick")} == {a[0], a[1]}
    act(state, "cmdpick", a[0])
    act(state, "cmdpick", d[0])
    c = state.combat
    assert c.beaten.get(d[0]) == a[0] and not c.flags.get("stunned")
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [X2.id, X9.id, "heels_of_speed"])
    d = put(state, 1, "D1C", ["arms_of_the_earth", X5.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "declare", True)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])                                       # 2 against 6: the Heels' creature is beaten
    act(state, "cmdpick", d[0])
    assert state.combat.beaten.get(a[0]) == d[0]
    while state.combat is not None and state.decision is not None and state.decision.seat is not None:
        kinds = sorted(o.kind for o in options(state))
        if "retreat" in kinds or state.combat.stage in ("retreat", "done"):
            break
        act(state, next(k for k in kinds if k.endswith(("_pass", "_stop", "_done"))) if any(
            k.endswith(("_pass", "_stop", "_done")) for k in kinds) else kinds[0])
    assert a[2] in state.seats[0].discard


def test_recover_lost_takes_back_the_turns_losses() -> None:
    """Holy Grail (Draw and Organize, one Power Stone; RB "B. Create Storage Hand"): the creatures its player
    lost in the turn just played go back to the Storage Hand; older losses stay discarded."""
    import dataclasses

    from guardians.games.realms.cards import RealmsContent
    from guardians.games.realms.rules import RealmsState
    from guardians.engine import GameConfig
    from realms.helpers import content_with

    base = content_with(*CARDS)
    deck = base.decks["knights_theme"]
    grail_deck = dataclasses.replace(deck, id="test_grail_deck", cards=deck.cards + (("holy_grail", 1),))
    content = RealmsContent(base.cards, {**base.decks, grail_deck.id: grail_deck}, base.hash)
    state = RealmsState(GameConfig("realms", 2), 0, content=content, decks=(grail_deck.id, "undead_theme"))
    state.phase = "dno"
    old = state.new_inst(X2.id, 0)
    state.discard(old)                                   # lost before the turn: not tracked
    state.phase = "movement"
    lost = state.new_inst(X9.id, 0)
    state.discard(lost)
    assert state.lost_this_turn(0) == (lost,)
    state.seats[0].stones = 1
    grail = state.new_inst("holy_grail", 0)
    state.seats[0].depot.append(grail)
    state.phase, state.pending, state.stack = "dno", None, []
    state.cast(0, grail, "dno")
    state.advance()
    pl = state.seats[0]
    assert lost in pl.hand and lost not in pl.discard and old in pl.discard and pl.stones == 0
    plain = RealmsState(GameConfig("realms", 2), 0, decks=("knights_theme", "undead_theme"))
    plain.phase = "movement"
    plain.discard(plain.new_inst("archer", 0))
    assert plain.lost_this_turn(0) == ()                 # no such card in the deck: nothing is kept
