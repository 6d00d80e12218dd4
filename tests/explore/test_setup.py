"""Set-up and deck creation, section by section (rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt)."""

from __future__ import annotations

from collections import Counter

import pytest

from guardians.engine.flow import WAITING

from explore.helpers import act, first, names, new, options, to_phase


def draft_through(state):
    """Answer every draft pick with the first option; returns picks as (seat, pack index, instance)."""
    picks = []
    while state.phase == "draft":
        decision = state.decision
        k = state.pending[2]
        picks.append((decision.seat, k, decision.options[0].args[0], list(state.packs[k])))
        state.apply(decision.options[0])
    return picks


def test_guardian_setup_steps_1_to_14():
    """SET-UP 4-10 and DECK CREATION 11-14 (Guardian difficulty, 4 players)."""
    state = new(4, seed=11)
    content = state.content
    assert [loc.name for loc in state.L][:2] == ["Home", "Candy Shop"]
    # 5: the First Wave invades every monster symbol, face up
    city = [m for loc in state.city_indices for m in state.mloc[loc]]
    assert len(city) == 12 and all(state.mwave[m] == 1 for m in city) and not state.down
    for loc in state.city_indices:
        assert len(state.mloc[loc]) == state.L[loc].symbols
    # 6: the other waves wait face down
    assert [len(d) for d in state.wave_decks] == [0, 19, 30]
    # 7: one Blue and one Red boss
    assert content.bosses[state.bosses["blue"]].colour == "blue"
    assert content.bosses[state.bosses["red"]].colour == "red"
    # 10: the Timekeeper moved one step from SET-UP
    assert state.track[state.tk] == "deck_creation"
    for player in state.p:
        assert Counter(names(state, player.deck)) == {"practice_swing": 5, "explore": 1}
        assert len(player.quest_hand) == 2 and len(player.super_hand) == 2
        assert all(state.cdef(i).super for i in player.super_hand)
    assert len(state.boss_cards["red"]) == 2 and len(state.boss_cards["blue"]) == 2
    assert len(state.quest_box) == 12 - 10
    assert [len(p) for p in state.packs] == [13] * 4
    assert len(state.supply) == 74 - 52
    assert len(state.ps_pool) == 25 - 20
    assert state.decision.kind == "draft"


def test_trailblazer_is_random():
    """SET-UP 9: the Trailblazer token is given at random."""
    assert len({new(4, seed=s).trail for s in range(20)}) == 4


def test_apprentice_setup_preconstructed_decks_and_blue_boss_only():
    """SET-UP 7 (Apprentice: only a Blue boss) and PRECONSTRUCTED DECKS (skip to 19)."""
    state = new(3, "apprentice", seed=5)
    assert set(state.bosses) == {"blue"}
    assert state.track.count("blue_boss") == 1 and "red_boss" not in state.track
    assert not any(p.quest_hand or p.super_hand for p in state.p) and not state.boss_cards["blue"]
    chosen = []
    while state.phase == "colour":
        decision = state.decision
        assert decision.seat == state.order()[len(chosen)]
        colours = {o.args[0] for o in decision.options}
        assert not colours & set(chosen)
        pick = sorted(colours)[0]
        chosen.append(pick)
        act(state, "colour", pick)
    to_phase(state, "location")
    for seat, deck_id in zip(state.order(), chosen):
        player = state.p[seat]
        owned = Counter(names(state, player.hand + player.deck))
        deck = state.content.decks[deck_id]
        expected = Counter(dict(deck.cards)) + Counter({deck.super: 1, "explore": 1, "practice_swing": 5})
        assert owned == expected and sum(owned.values()) == 17
        assert len(player.hand) == 4
    used = sum(sum(n for _, n in state.content.decks[d].cards) for d in chosen)
    assert len(state.supply) == 74 - used


def test_draft_passes_left_until_no_cards_remain():
    """DRAFT 16: choose one card, pass the rest to the LEFT, until none remain; picks are secret."""
    state = new(3, seed=8)
    start = {state.holder[k]: list(pack) for k, pack in enumerate(state.packs)}
    picks = draft_through(state)
    assert len(picks) == 39
    for seat in range(3):
        assert len(state.p[seat].drafted) == 13 or state.phase != "draft"
    # the pack first held by seat s reaches seat s+1 for the second pick
    first_round = {seat: pack for seat, k, _, pack in picks[:3]}
    second_round = {seat: pack for seat, k, _, pack in picks[3:6]}
    for seat, pack in first_round.items():
        picked = next(i for s, k, i, _ in picks[:3] if s == seat)
        assert sorted(second_round[(seat + 1) % 3]) == sorted(x for x in pack if x != picked)
    assert sorted(start) == [0, 1, 2]


def test_final_choice_and_twenty_card_decks_opening_hand_four():
    """FINAL CHOICE 17-18 and WARM UP 19: keep one SUPER and one quest, the others face down on the
    bosses, then flipped up; twenty-card decks; four cards drawn."""
    state = new(2 + 1, seed=3)
    draft_through(state)
    assert state.phase == "final" and not state.boss_up
    seen = []
    while state.phase == "final":
        decision = state.decision
        assert decision.kind == "setup" and len(decision.options) == 4
        seen.append(decision.seat)
        state.apply(decision.options[-1])
    assert seen == state.order()
    assert state.boss_up
    assert len(state.boss_cards["blue"]) == 2 + 3 and len(state.boss_cards["red"]) == 2 + 3
    to_phase(state, "location")
    for player in state.p:
        assert len(player.quests) == 1
        assert len(player.hand) == 4 and len(player.hand) + len(player.deck) == 20
        assert sum(1 for i in player.hand + player.deck if state.cdef(i).super) == 1
    assert state.track[state.tk] == "round" and state.round_no == 1


def test_two_player_ghost_draft_as_printed():
    """TWO PLAYER MODE: a Ghost's stack; whoever holds it puts a random card into the Ghost's deck, then
    picks; the three stacks pass until empty; the Ghost's deck goes to the trash face up."""
    state = new(2, seed=9)
    a, b = state.order()
    assert state.holder == [a, b, a] and state.ghost_pack == 2
    first_pick = state.decision
    assert first_pick.seat == a and state.pending[2] == 0          # A picks from A's stack first
    draft_through(state)
    assert len(state.ghost) == 0 and len(state.trash) == 7
    assert len(state.p[a].drafted) == 16 and len(state.p[b].drafted) == 16
    to_phase(state, "location")
    assert all(len(p.hand) + len(p.deck) == 6 + 16 + 1 for p in state.p)


def test_one_player_deal_36_keep_13():
    """ONE PLAYER MODE: 36 dealt, 13 kept, the rest to the trash face up."""
    state = new(1, seed=2)
    assert len(state.packs[0]) == 36
    picks = draft_through(state)
    assert len(picks) == 13 and len(state.p[0].drafted) == 13
    assert len(state.trash) == 23 and not state.packs[0]


def test_draft_picks_and_stacks_are_hidden_from_other_seats():
    """DRAFT 16: a player sees the stack in hand and the cards already chosen, not other players'."""
    state = new(3, seed=4)
    draft_through_one = state.decision
    state.apply(draft_through_one.options[0])
    picker = draft_through_one.seat
    other = (picker + 1) % 3
    assert state.p[picker].drafted[0] in state.hidden_cards(other)
    assert state.p[picker].drafted[0] not in state.hidden_cards(picker)
    held = [k for k, h in enumerate(state.holder) if h == other]
    assert not set(state.packs[held[0]]) & state.hidden_cards(other)
    mine = [k for k, h in enumerate(state.holder) if h == picker][0]
    assert set(state.packs[mine]) <= state.hidden_cards(other)


def test_boss_cards_face_down_until_step_18():
    state = new(2, seed=1)
    hidden = state.hidden_cards(0)
    assert set(state.boss_cards["blue"]) <= hidden
    assert set(state.boss_cards["red"]) <= state.hidden_quests(0)
    to_phase(state, "location")
    assert not set(state.boss_cards["blue"]) & state.hidden_cards(0)
    assert not set(state.boss_cards["red"]) & state.hidden_quests(0)


@pytest.mark.parametrize("variant", ["standard", "apprentice"])
def test_every_player_count_reaches_the_first_round(variant):
    for players in range(1, 6):
        state = new(players, variant, seed=players)
        to_phase(state, "location")
        assert state.round_no == 1 and all(state.power_up_status(s) == WAITING for s in range(players))
        assert {o.args for o in options(state, "visit")} == {(state.base_index,)}
        first(state)
