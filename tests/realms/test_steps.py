"""The effect vocabulary (rules/effects.py), keyword by keyword, on real cards of the theme decks.

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt: RB-MR "Other Card Effects" (card text beats the rules) and
"Combat Modifiers"; the texts are our paraphrases in cards/realms/."""

from __future__ import annotations

from realms.helpers import act, fight, fresh, give, options, put, seat_deciding, terrain, vanilla

from guardians.games.realms.rules import RealmsState
from guardians.games.realms.rules.effects import SPECIAL_HANDLERS, STEPS, WHENS

V2, V5, V9, V20 = vanilla(2), vanilla(5), vanilla(9), vanilla(20)
S3 = vanilla(3, size="S", name="test_small3")
S15 = vanilla(15, size="S", name="test_small15")
L9 = vanilla(9, size="L", name="test_large9")
CARDS = (V2, V5, V9, V20, S3, L9, S15)


def _last(state, kind):
    return [e for e in state.log if e.kind == kind][-1]


def _pass_all(state) -> None:
    while state.decision is not None and any(o.kind.endswith("_pass") for o in state.legal_actions()):
        act(state, next(o.kind for o in state.legal_actions() if o.kind.endswith("_pass")))


def _matchup(att, dfn, land="the_dry_heaps", **kw):
    state = fresh(CARDS, **kw)
    a = put(state, 0, "D0C", att)
    d = put(state, 1, "D1C", dfn)
    terrain(state, "D1C", 1, land) if land else terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    return state, a, d


def _first(state, a, d):
    act(state, "pick", a)
    act(state, "pick", d)
    _pass_all(state)
    e = _last(state, "matchup")
    return e["a_value"], e["d_value"]


def test_every_step_has_an_ai_value_and_every_special_a_handler() -> None:
    assert STEPS.check() == []
    for handler in SPECIAL_HANDLERS:
        assert callable(getattr(RealmsState, f"_special_{handler}", None)), handler
    assert "as_command" in WHENS and "modify" in WHENS


def test_terrain_bonus() -> None:
    state, a, d = _matchup(["sloarch"], [V20.id])
    assert _first(state, a[0], d[0]) == (14 + 7, 20)


def test_bonus_vs_by_size() -> None:
    state, a, d = _matchup(["lancer"], [L9.id], land=None)
    assert _first(state, a[0], d[0]) == (20, 9)
    state, a, d = _matchup(["lancer"], [S3.id], land=None)
    assert _first(state, a[0], d[0]) == (3, 3)


def test_immune_to_a_filter() -> None:
    """Na'Boob: small creatures cannot harm it; its opponent is turned around."""
    state, a, d = _matchup([S15.id, V2.id], ["naboob", V2.id], land=None)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    _pass_all(state)
    assert _last(state, "matchup")["a_value"] > _last(state, "matchup")["d_value"]
    assert a[0] in state.combat.turned and d[0] not in state.combat.beaten


def test_destroys_on_win_and_on_match() -> None:
    state, a, d = _matchup(["sleeping_spirit", V2.id], [V2.id, V9.id], land=None)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    _pass_all(state)
    assert d[0] in state.combat.destroyed
    state, a, d = _matchup(["merchant", V2.id], ["groatie", V9.id], land=None)   # Groatie shows Gold
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    _pass_all(state)
    assert d[0] in state.combat.destroyed                  # Vitality 1 destroys a Gold creature anyway


def test_command_aura_and_uniqueness() -> None:
    """Gringe Commander's Command: all own Slag Beasts +3 for the combat; one per space per player."""
    state, a, d = _matchup(["gringe_commander", "grilbus"], [V20.id], land=None)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    assert _first(state, a[1], d[0])[0] == 6 + 3
    state = fresh()
    one = give(state, 0, "gringe_commander", "hand")
    two = give(state, 0, "gringe_commander", "hand")
    planned = [("creature", one, "S0L")]
    assert (two, "S0L", "creature") not in [o.args for o in state._placement_options(0, planned)]


def test_control_value() -> None:
    """Lying Scum counts 4 for control."""
    state, a, d = _matchup(["lying_scum"], [V2.id, V2.id], land=None)
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    _pass_all(state)
    act(state, "sec_stop")
    victor = _last(state, "victor")
    assert (victor["a_total"], victor["d_total"]) == (4, 2)


def test_heal_after_a_won_combat() -> None:
    state, a, d = _matchup(["cleric", "corporal", V9.id], [V9.id, V5.id], land=None)
    act(state, "pick", a[1])          # Corporal 8 + OCB 0 vs 9: beaten
    act(state, "pick", d[0])
    _pass_all(state)
    act(state, "pick", a[2])
    act(state, "pick", d[1])
    _pass_all(state)
    act(state, "sec_stop")
    assert options(state, "heal")
    act(state, "heal", a[0], a[1])
    assert a[1] in state.combat.healed


def test_standard_bearer_wins_pushes() -> None:
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [V5.id])
    d = put(state, 1, "D1C", [V5.id])
    state.spaces["D1C"].stacks[1].shield = state.new_inst("standard_bearer_warholas_snakes_06", 1)
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    _pass_all(state)
    assert state.seats[0].lost == 1


def test_no_ranged_command() -> None:
    state, a, d = _matchup(["iron_crag_buggler", V5.id], [V9.id, "archer"], land=None)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])
    act(state, "pick", d[0])
    assert not options(state, "ranged")


def test_sidelined_creatures_sit_out() -> None:
    """Major Party Animal: Beer creatures neither fight nor count."""
    state, a, d = _matchup(["major_party_animal", V5.id], ["rock_giant", V2.id], land=None)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])
    assert [o.args[0] for o in options(state, "pick")] == [d[1]]


def test_stronghold_bonus_and_strip() -> None:
    """Carreg Amroth +5 to defenders; a Cave Giant attacking strips it from its opponent."""
    state = fresh(CARDS, decks=("slag_beast_theme", "knights_theme"))
    a = put(state, 0, "D1C", ["cave_giant"])
    d = put(state, 1, "S1C", [V9.id], shield=False)
    fight(state, 0, 1, "S1C", "D1C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    _pass_all(state)
    assert _last(state, "matchup")["d_value"] == 9


def test_return_when_lost_for_a_stone() -> None:
    state, a, d = _matchup(["skeletal_minion"], [V20.id, V2.id], land=None)
    stones = state.seats[0].stones
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    _pass_all(state)
    act(state, "sec_stop") if options(state, "sec_stop") else None
    act(state, "keep", a[0], True)
    assert a[0] in state.seats[0].pen and state.seats[0].stones == stones - 1


def test_channel_to_any_creature_with_riksook() -> None:
    state, a, d = _matchup(["riksook", V5.id], [V9.id, V2.id], land=None)
    act(state, "declare", True)
    act(state, "cmdpick", a[0])
    act(state, "pick", a[1])
    act(state, "pick", d[0])
    assert seat_deciding(state) == 0 and options(state, "channel_g")
