"""The State API conformance harness on realms: 2 and 4 players, random and greedy seats, every theme deck,
with a hidden-information check (decks, other hands, Pens, Depots, face-down stacks, channelers, Combat
Hands and unrevealed commitments)."""

from __future__ import annotations

import pytest

from conformance import run_conformance

from guardians.engine import GameConfig, GameState
from guardians.games.realms.rules import RealmsState
from guardians.games.realms.rules.model import HIDDEN

DECKS = ("knights_theme", "slag_beast_theme", "undead_theme", "pirates_theme", "giants_and_fairies_theme",
         "guidebook_the_deck")


def realms_hidden_check(state: GameState, view: GameState, seat: int) -> None:
    """RB-MR "Place Cards" (creatures face down), "Create Combat Hand", "D. Discard Down to Seven Cards"
    (Pen and Depot), "Combat ... Primary Attackers" (picks revealed together): every card the seat may not
    identify is unnamed in its view; its own Storage Hand, Pen, Depot and stacks stay named."""
    assert isinstance(state, RealmsState) and isinstance(view, RealmsState)
    hidden = state.hidden_instances(seat)
    for inst in hidden:
        assert view.cards[inst] == HIDDEN, f"{state.cards[inst]} (instance {inst}) is visible to seat {seat}"
    pl = state.seats[seat]
    for inst in pl.hand + pl.pen + pl.depot:
        assert view.cards[inst] == state.cards[inst]
    for s, other in enumerate(state.seats):
        assert all(view.cards[i] == HIDDEN for i in other.deck), "a deck card is visible"
        if s != seat:
            assert all(view.cards[i] == HIDDEN for i in other.pen + other.depot + other.hand)
    for commit in view._commitments():
        for s in commit.hidden_from(seat):
            assert commit.committed.get(s) is None, "an unrevealed commitment is visible"
    for panel in state.table(seat):
        for item in panel.items:
            if item.ref and item.ref.startswith("card:"):
                assert int(item.ref[5:]) not in hidden, f"hidden card {item.ref} on the table of seat {seat}"


def configs() -> list[GameConfig]:
    two = [GameConfig("realms", 2, options=(("decks", (DECKS[i], DECKS[(i + k) % 6])),))
           for i, k in ((0, 1), (2, 1), (4, 1), (1, 2), (3, 3))]
    four = [GameConfig("realms", 4, options=(("decks", tuple(DECKS[(i + j) % 6] for j in range(4))),))
            for i in (0, 2)]
    return two + four


def test_realms_conforms_quick() -> None:
    """The contract on a few games, sampled densely: the fast loop runs this one."""
    report = run_conformance("realms", configs(), range(1), hidden_check=realms_hidden_check,
                             max_decisions=20000, sample_every=11, save_every=6)
    assert report.games == 7
    assert report.variants_checked > 100 and report.variants_differed > 50


@pytest.mark.slow
@pytest.mark.parametrize("players", [2, 4])
def test_realms_conforms_over_500_games(players: int) -> None:
    """DESIGN.md "Testing": at least 500 seeded games per player count, random seats with a greedy seat in
    every few games (greedy plays every game of the quick run and of tests/realms/test_determinize.py)."""
    chosen = [c for c in configs() if c.players == players]
    seeds = range(-(-500 // len(chosen)))
    report = run_conformance("realms", chosen, seeds, seat_kinds=("random",) * 9 + ("greedy",),
                             hidden_check=realms_hidden_check, max_decisions=20000, sample_every=97, save_every=10,
                             twin=False)
    assert report.games >= 500
    assert report.determinizations_checked > 500
    assert len(report.outcomes) >= 2


LAST_RE = ("earth_mother", "spirit_of_the_hunt", "arms_of_the_earth", "grim_skull", "phantom_stalker", "rogue_spectre",
           "slippery_slime", "sphinx", "cow", "pauly_official_parrot", "shadow_spy", "shadow_warrior",
           "standard_bearer_broms_dragon_19", "helm_of_the_brotherhood", "summon_gravity_well", "flame_cannon",
           "sacrificial_altar", "agent_of_shadow", "bruce_the_goose", "reverend_smilin_jack", "heels_of_speed",
           "holy_grail")


NEW_DI_DN_NP = ("old_gumper", "starling_dodd_boys", "great_bate", "monolith_of_chaos", "chephros", "koset_of_the_light",
                "shadrune", "howling_reaver", "gumbo_jake", "jambo_slick_smuggler", "jamchops_the_trader",
                "standard_bearer_broms_goblin_11", "standard_bearer_broms_goblin_16", "kazarian_squawker", "weasly_guy",
                "hal_a_tosis_dragon", "ongo_air_traffic_controller", "channeling_flux", "summon_loghammers_sapper",
                "vesuvious_rex", "buzz_vampire_mosquito", "goat", "silver_server", "tiger_baloo", "woodland_troll",
                "phil_bar_fly", "jimandu", "carrag_the_black", "evil_baron_stoner", "kurgan_blademaster_of_the_exiled",
                "judge_dredge", "giant_shaman", "egyptian_motif_standard_11", "wizards_tower", "eater_of_the_dead",
                "peace", "captain_south_america", "thief_of_shadow", "red_master_of_shadow", "lizards_of_the_toast",
                "buffy_evil_hornbag", "lucinda_evil_hornbag", "wanda_evil_hornbag", "sneaky_varmit", "fan_bearer",
                "priestess_of_isis", "ba_choomba", "reverend_smilin_jackoid", "river_giant", "high_priest_of_sethos",
                "mayor_mcfood", "standard_bearer_dem_bones_19", "the_maitz_hotel", "fatback_chak",
                "moheidra_mistress_of_souls", "dead_cats", "barnacle_bazulee", "geldspar_court_magician", "mocodabi",
                "slimwit_man", "sales_weasel", "great_horned_troll", "soggybottom_gertz", "rock_of_far_rolling",
                "doogop_the_greedy", "rachur_field_marshal", "odious_clamjack", "urufa_queen_of_goblins", "eisnmir",
                "jalupee_lobo", "annoying_gnats_in_the_hood", "plague_walker", "tavinmoor_first_called",
                "jinshade_second_called", "bellaret_third_called", "drizzle_bone_the_hack", "gorcoo",
                "holy_avenger", "blue_mountain_leechfoot")


def _conform_with(monkeypatch: pytest.MonkeyPatch, extra: tuple[str, ...]):
    """The conformance report of one 2-player and one 4-player game whose decks are theme decks plus two of
    each card of `extra` (the content the games load is patched for this test only)."""
    import dataclasses

    import guardians.games.realms.cards as cards_module
    import guardians.games.realms.rules.state as state_module
    from guardians.games.realms.cards import RealmsContent, load_content

    base = load_content()
    decks = dict(base.decks)
    for name in ("knights_theme", "pirates_theme", "undead_theme"):
        deck = decks[name]
        decks[f"x_{name}"] = dataclasses.replace(deck, id=f"x_{name}", cards=deck.cards + tuple((c, 2) for c in extra))
    content = RealmsContent(base.cards, decks, base.hash)
    monkeypatch.setattr(state_module, "load_content", lambda *a, **k: content)
    monkeypatch.setattr(cards_module, "load_content", lambda *a, **k: content)
    chosen = [GameConfig("realms", 2, options=(("decks", ("x_knights_theme", "x_pirates_theme")),)),
              GameConfig("realms", 4, options=(("decks", ("x_undead_theme", "x_knights_theme", "x_pirates_theme",
                                                          "x_undead_theme")),))]
    return run_conformance("realms", chosen, range(1), hidden_check=realms_hidden_check,
                           max_decisions=20000, sample_every=13, save_every=7)


def test_realms_conforms_with_the_last_re_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The contract (hidden information included) on games whose decks also hold two of each of the last RE
    cards expressed (issue #13): their picks, swaps, guesses and peeks keep every hidden card hidden and every
    determinized world consistent. (A redrawn foe once stayed in its Combat Hand as well: caught here.)"""
    report = _conform_with(monkeypatch, LAST_RE)
    assert report.games == 2 and report.variants_checked > 50 and report.determinizations_checked > 20


def test_realms_conforms_with_the_new_di_dn_np_cards(monkeypatch: pytest.MonkeyPatch) -> None:
    """The same contract with the Dagger Isle, Drifter's Nexus and Necropolis Park cards expressed after them."""
    report = _conform_with(monkeypatch, NEW_DI_DN_NP)
    assert report.games == 2 and report.variants_checked > 50 and report.determinizations_checked > 20
