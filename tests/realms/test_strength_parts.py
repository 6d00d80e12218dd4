"""`strength_parts`: where a creature's match-up strength comes from, the table's breakdown (issue #15).
The parts are the rules' own arithmetic: `strength` is their sum, checked here at every match-up of seeded
games, on the full state and on every seat's view.

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook); section names as printed there.
"""

from __future__ import annotations

from realms.helpers import act, fight, fresh, put, terrain, vanilla

from guardians.ai import make_player
from guardians.engine import GameConfig
from guardians.games.realms.rules import RealmsState
from guardians.games.realms.rules.model import HIDDEN

# RB-MR "Channeling": "a Seer with a Vitality of 5 may only receive 5 points"; "Off-Color Bonus" diagram:
# "+2 Vitality versus this border color". A mortal receiver of Vitality 5 with that bonus, against an elemental.
SEER = vanilla(5, name="test_seer_ocb2", receiver=True, ocb=2)
E9 = vanilla(9, "elemental")
RANGED1 = vanilla(2, "elemental", name="test_ranged1", ranged=1)   # keeps the defender's modify window open


def _matchups(players: int, seed: int, limit: int):
    """States of one seeded game played by random players at which a match-up is being fought."""
    state = RealmsState(GameConfig("realms", players), seed)
    ais = [make_player("ai:random", "realms", seed * 31 + s) for s in range(players)]
    found = 0
    while not state.is_over and found < limit and len(state.history) < 3000:
        c = state.combat
        if c is not None and c.cur is not None:
            found += 1
            yield state
        decision = state.decision
        assert decision is not None
        state.apply(ais[decision.seat].choose(state))


def test_the_parts_sum_to_the_strength_in_seeded_games_and_on_every_view() -> None:
    """RB-MR "Combat Modifiers": a creature's strength is its base Vitality plus its modifiers; the parts
    the table shows must add up to the number the rules compare, at every match-up (2 and 4 players), on
    the full state and on each seat's view. In a match-up every contributing card is in play, so a view
    computes the same parts as the full state."""
    checked, labels = 0, set()
    for players, seeds in ((2, (1, 2, 3, 4, 7, 8)), (4, (5, 6, 9))):
        for seed in seeds:
            for state in _matchups(players, seed, limit=60):
                m = state.combat.cur
                for inst in (m.a, m.d):
                    if inst is None:
                        continue
                    parts = state.strength_parts(inst, m)
                    assert parts[0][0] == "base Vitality"
                    assert sum(v for _, v in parts) == state.strength(inst, m)
                    labels |= {words for words, _ in parts}
                    for seat in range(players):
                        view = state.view(seat, with_log=False)
                        seen = view.strength_parts(inst, view.combat.cur)
                        assert sum(v for _, v in seen) == view.strength(inst, view.combat.cur)
                        assert seen == parts
                    checked += 1
    assert checked > 100
    assert len(labels) > 2            # more than the base: modifiers were met and named


def test_off_colour_bonus_and_a_capped_channel_with_the_rulebooks_numbers() -> None:
    """RB-MR "Off-Color Bonus" (mortals get theirs against elementals; the diagram's "+2") and "Other
    Important Channeling Rules" (no more channelling than the base Vitality: "a Seer with a Vitality of 5
    may only receive 5 points"). Rak Nam channels 9 into the Vitality 5 receiver: 5 + 2 + 5 = 12 against 9."""
    state = fresh((SEER, E9, RANGED1), decks=("knights_theme", "giants_and_fairies_theme"))
    a = put(state, 0, "D0C", [SEER.id])
    d = put(state, 1, "D1C", [E9.id, RANGED1.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    m = state.combat.cur
    assert state.strength_parts(a[0], m) == [("base Vitality", 5), ("off-colour bonus", 2)]
    assert state.strength_parts(d[0], m) == [("base Vitality", 9)]      # elementals get none against mortals
    act(state, "channel_g", a[0])                                         # Rak Nam: CMP 9
    assert state.combat.cur is m                                          # the defender may still answer
    assert state.strength_parts(a[0], m) == [("base Vitality", 5), ("off-colour bonus", 2),
                                             ("channelled (capped at 5)", 5)]
    assert state.strength(a[0], m) == 12


def test_the_combat_example_ranged_point_is_its_own_part() -> None:
    """RB "COMBAT EXAMPLE" (Marge and Homer), match-up 2: Ice Spirit and Energy Toad are both elementals
    (no off-colour bonus), 5 against 5, until Homer places Varmit Archer's 1-point ranged attack: 6 > 5.
    Spec T7 (Varmit Archer, ruling A2)."""
    state = fresh((RANGED1,))
    ice, spare = put(state, 0, "D0C", ["ice_spirit", RANGED1.id])      # Marge's spare keeps her window open
    toad, varmit = put(state, 1, "D1C", ["energy_toad", "varmit_archer"])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", ice)
    act(state, "pick", toad)
    m = state.combat.cur
    assert state.strength_parts(ice, m) == state.strength_parts(toad, m) == [("base Vitality", 5)]
    act(state, "modify_pass")                                             # a tie: the attacker acts first
    act(state, "ranged", varmit)
    assert state.strength_parts(toad, m) == [("base Vitality", 5), ("ranged: Varmit Archer", 1)]


def test_a_card_the_viewer_may_not_identify_adds_nothing() -> None:
    """Spec §5 (ruling A36): a view hides what the seat may not see, and what the rules compute there must
    not leak it: a fighter the view does not identify shows no parts at all (in a real match-up both
    fighters are face up; this masks one by hand, as `view` masks a hidden card)."""
    state = fresh((SEER, E9))
    a = put(state, 0, "D0C", [SEER.id])
    d = put(state, 1, "D1C", [E9.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    view = state.view(0, with_log=False)
    view.cards = list(view.cards)
    view.cards[d[0]] = HIDDEN
    m = view.combat.cur
    assert view.strength_parts(d[0], m) == []
    assert state.strength_parts(d[0], state.combat.cur) == [("base Vitality", 9)]


def test_an_aura_from_a_card_the_viewer_may_not_identify_adds_nothing_on_its_view() -> None:
    """RB FAQ Captain Red Nose (auras help the creatures played after the Captain) and spec §5 (ruling A36): on
    a view in which the aura's source is not identified (masked by hand, as `view` masks a hidden card), the
    creature it helps shows no aura: the view neither crashes on the unknown source nor reads its text."""
    foes = (vanilla(2), vanilla(3), vanilla(4), RANGED1)     # the last keeps the defender's window open
    state = fresh(foes)
    a = put(state, 0, "D0C", ["jibber", "captain_red_nose", "yard_rat"])
    d = put(state, 1, "D1C", [foe.id for foe in foes])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    for x in range(3):
        act(state, "pick", a[x])
        act(state, "pick", d[x])
        while x < 2 and state.decision is not None and any(o.kind.endswith("_pass") for o in state.legal_actions()):
            act(state, next(o.kind for o in state.legal_actions() if o.kind.endswith("_pass")))
    m = state.combat.cur
    assert ("aura: Captain Red Nose", 4) in state.strength_parts(a[2], m)
    view = state.view(1, with_log=False)
    captain = a[1]
    view.cards = view.cards[:captain] + (HIDDEN,) + view.cards[captain + 1:]
    seen = view.strength_parts(a[2], view.combat.cur)
    assert seen == [("base Vitality", state.cd(a[2]).vitality)]
    assert view.strength(a[2], view.combat.cur) == state.cd(a[2]).vitality
