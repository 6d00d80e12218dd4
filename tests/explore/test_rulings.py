"""Our rulings where the rulebook contradicts itself or is silent: each pinned by a test citing the passages
it reconciles, documented in docs/rules-notes/explore.md ("Rulings") and shown to players as a "Ruling:"
paragraph where the rule appears in the in-app rules reference (guardians/games/explore/rules_summary.md).

Rulebook: ../shared/seeds/002_2f2b06678a8a6611.txt. The rulings "A card played again in your Battle turn acts
there" and "Cards under Aimed Shot are cards you own" are pinned by test_replay.py and by
test_monsters_bosses.py::test_quests_count_cards_set_under_aimed_shot.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path

import pytest
from rules_reference import ruling_paragraphs, summary_path, summary_sections

from guardians.games.explore.rules.model import BOSS

from explore.helpers import (
    act, battle_turn, clear_seat, empty_city, give, loc_index, monster, names, new, play, power_up, to_phase,
)

REPO = Path(__file__).resolve().parents[2]
SUMMARY = summary_path("explore")
NOTES = REPO / "docs" / "rules-notes" / "explore.md"

RULINGS = {
    # ruling: (its heading in the rules notes, the rules reference section it appears in, words it says)
    "two-player decks": ("Two-player decks hold 23 cards", "## Warm Up", ("two players", "23 cards", "twenty")),
    "apprentice decks": ("Apprentice decks hold 17 cards", "## Warm Up", ("Apprentice deck", "17 cards", "twenty")),
    "bosses and overrun": ("Bosses never count for Overrun, nor for Shot", "### 2. Overrun",
                           ("boss", "never counts towards two Warlocks or two Spiders", "Shot")),
    "practice swings": ("Practice Swings come from the box, and can run out", "### 4. Battle",
                        ("Practice Swings", "box", "nobody gains one", "five players")),
    "dire wolf": ("Dire Wolf counts a Wolf Pup played after it", "### 3. Power Up",
                  ("Dire Wolf", "Wolf Pup", "played after", "only once")),
    "played again": ("A card played again in your Battle turn acts there", "### 4. Battle",
                     ("played again", "Battle turn", "Fireball", "Aimed Shot", "end of the Power Up Phase")),
    "aimed shot quests": ("Cards under Aimed Shot are cards you own", "## The end",
                          ("quests", "Dual Wielder", "under Aimed Shot")),
}


@pytest.mark.parametrize("ruling", sorted(RULINGS))
def test_the_rules_reference_shows_each_ruling_where_its_rule_appears(ruling):
    """Each ruling is a marked "Ruling:" paragraph in the section of the rules reference (the text the
    rules screen shows) where that rule is explained."""
    _, heading, words = RULINGS[ruling]
    sections = summary_sections(SUMMARY.read_text(encoding="utf-8"))
    assert heading in sections, heading
    paragraphs = ruling_paragraphs(sections[heading])
    assert any(all(w in p for w in words) for p in paragraphs), (ruling, paragraphs)


def test_every_ruling_paragraph_in_the_rules_reference_is_a_known_ruling():
    """No ruling is shown to players without being documented and pinned here."""
    text = SUMMARY.read_text(encoding="utf-8")
    shown = [p for section in summary_sections(text).values() for p in ruling_paragraphs(section)]
    matched = [p for p in shown if any(all(w in p for w in words) for _, _, words in RULINGS.values())]
    assert len(shown) == len(RULINGS) and matched == shown


@pytest.mark.parametrize("ruling", sorted(RULINGS))
def test_the_rules_notes_document_each_ruling_with_its_passages(ruling):
    """docs/rules-notes/explore.md gives each ruling its heading, the passages it reconciles and the ruling."""
    title = RULINGS[ruling][0]
    text = NOTES.read_text(encoding="utf-8")
    match = re.search(rf"^### {re.escape(title)}\n(.*?)(?=^##)", text, re.S | re.M)
    assert match, title
    body = match.group(1)
    assert "*Passages.*" in body and "*Ruling.*" in body


# ----- the behaviour each ruling pins ------------------------------------------------------------

def test_two_player_decks_hold_23_cards():
    """Ruling "Two-player decks hold 23 cards": TWO PLAYER MODE (the Ghost's stack; "Do this until all
    three stacks run out of cards") over WARM UP 19 ("twenty cards"): 6 generic + 16 picks + 1 SUPER."""
    state = to_phase(new(2, seed=9), "location")
    for player in state.p:
        owned = player.hand + player.deck
        assert len(owned) == 23
        assert sum(1 for i in owned if state.cdef(i).type == "generic") == 6
        assert sum(1 for i in owned if state.cdef(i).super) == 1
    assert sum(1 for i in state.trash if not state.cdef(i).super) == 39 - 2 * 16       # the Ghost's 7


def test_three_players_still_hold_twenty():
    """WARM UP 19: "Players should have twenty cards in their deck" (the ordinary draft of thirteen)."""
    state = to_phase(new(3, seed=3), "location")
    assert all(len(p.hand) + len(p.deck) == 20 for p in state.p)


def test_apprentice_decks_hold_17_cards():
    """Ruling "Apprentice decks hold 17 cards": GENERIC CARDS 12 (six generic cards, "skip to 19") and the
    PRECONSTRUCTED DECKS (ten cards each, named after a SUPER card) over WARM UP 19 ("twenty cards")."""
    state = to_phase(new(5, "apprentice", seed=5), "location")
    for player in state.p:
        owned = Counter(names(state, player.hand + player.deck))
        deck = next(d for d in state.content.decks.values() if d.colour == player.colour)
        assert owned == Counter(dict(deck.cards)) + Counter({deck.super: 1, "explore": 1, "practice_swing": 5})
        assert sum(owned.values()) == 17


@pytest.fixture
def table():
    state = to_phase(new(2, seed=7), "location")
    for seat in range(2):
        clear_seat(state, seat)
    empty_city(state)
    return state


def test_a_boss_never_counts_for_overrun(table):
    """Ruling "Bosses never count for Overrun, nor for Shot": MONSTERS 4/5 Warlocks Overrun "if there are
    two or more Warlocks in play"; Kevin, Archwarlock (BOSSSES 5/6) is a boss, not a Warlock in the town."""
    state = table
    state.bosses["red"] = "kevin"
    state.boss = "red"
    monster(state, "shadow_warlock", "hill")
    assert state.overrunning() == []
    hands = [give(state, seat, "bash") for seat in range(2)]
    state.stack, state.pending, state.phase = [], None, "overrun"
    state.advance()
    assert state.phase == "powerup" and all(state.p[s].hand == hands[s] for s in range(2))   # nobody discarded
    monster(state, "hex_novice", "zoo")
    assert state.overrunning() == ["warlock"]                                          # two in the town do


def test_shot_gets_no_extra_attack_against_a_boss(table):
    """Ruling "Bosses never count for Overrun, nor for Shot": 9/59 Shot and 10/59 Point Blank Shot give
    more attack "if you battle at a location with a monster that has Overrun"; a boss has none."""
    state = table
    state.bosses["red"] = "kevin"
    state.boss = "red"
    hill = loc_index(state, "hill")
    monster(state, "shadow_warlock", "hill")
    a = state.order()[0]
    shot, pbs = give(state, a, "shot", "point_blank_shot")
    power_up(state, a, energy=2)
    play(state, shot)
    play(state, pbs)
    assert state.p[a].attack == 4
    assert state.attack_vs(a, hill) == 4 + 1 + 2
    assert state.attack_vs(a, BOSS) == 4


def test_practice_swings_come_from_the_box_and_run_out_with_five_players():
    """Ruling "Practice Swings come from the box": GAME PIECES (25 Practice Swings), GENERIC CARDS 12
    ("Return the rest to the box"), MONSTERS 2/5 (the Orc Final Act: "gain a Practice Swing"). Five
    players take all 25, so a Final Act gives nothing, even with a Practice Swing in the trash pile."""
    assert len(new(2, seed=1).ps_pool) == 25 - 2 * 5
    state = new(5, seed=1)
    assert state.ps_pool == []
    for seat in range(5):
        clear_seat(state, seat)
    empty_city(state)
    trashed = give(state, 1, "practice_swing", to="discard")[0]
    state.trash_card(1, trashed, state.p[1].discard)
    orc = monster(state, "orc_whelp", "zoo")
    a = state.order()[0]
    battle_turn(state, a)
    state.p[a].attack = 5
    state.invalidate()
    act(state, "go", loc_index(state, "zoo"))
    assert orc in state.p[a].trophies
    assert all(not state.p[s].deck for s in range(5))                  # nobody gained a Practice Swing
    assert trashed in state.trash and not any(e.kind == "gain" for e in state.events)


def test_dire_wolf_counts_a_wolf_pup_played_after_it_once(table):
    """Ruling "Dire Wolf counts a Wolf Pup played after it": 30/59 Dire Wolf ("If you have a Wolf Pup in
    play ... an additional four (Only gain this extra attack once)") read with 29/59 Wolf Pup ("if you play
    or have played another Wolf card, draw a card")."""
    state = table
    a = state.order()[0]
    dire, pup1, pup2 = give(state, a, "dire_wolf", "wolf_pup", "wolf_pup")
    drawn = give(state, a, "coward", "coward", "coward", to="deck")
    power_up(state, a, energy=3)
    play(state, dire)
    assert state.p[a].attack == 4
    play(state, pup1)
    assert state.p[a].attack == 4 + 4 and drawn[-1] in state.p[a].hand    # the Pup after it: +4, and a draw
    play(state, pup2)
    assert state.p[a].attack == 8 and drawn[-2] in state.p[a].hand        # only once; the second Pup draws
