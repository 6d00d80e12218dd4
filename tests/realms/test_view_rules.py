"""Rules read on a seat's view (`state.view(seat)`): they must not crash on hidden cards, and what they
compute there must be what the viewer may know (spec §5; ruling A36 in docs/rules-notes/realms.md).

RB = ../shared/seeds/001_7eb27caf5825ab9d.txt (the revised rulebook).
"""

from __future__ import annotations

from realms.helpers import fight, fresh, put, terrain, vanilla

from guardians.games.realms.rules.model import HIDDEN

V5, V6, V9 = vanilla(5), vanilla(6), vanilla(9)


def test_kill_score_on_a_four_player_view_with_a_hidden_victory_card() -> None:
    """RB-4P "Random Victory Conditions": the Victory Card is seen by its owner only. Another seat's view
    hides it, so the kill score there counts only the Shields destroyed the viewer saw (the 8-10 card's
    doubling of Stronghold cards is not known); the owner's own view counts it."""
    state = fresh(players=4)
    pl = state.seats[0]
    pl.kills = [1, 2]
    pl.holds_destroyed = 1
    # make seat 0's Victory Card one that doubles Stronghold cards destroyed (number 8 to 10)
    card = next(cid for cid, c in state.content.cards.items() if c.number is not None and 8 <= c.up_card <= 10)
    state.cards = state.cards[:pl.victory] + (card,) + state.cards[pl.victory + 1:]
    state.invalidate()
    assert state.kill_score(0) == 4
    other = state.view(1)
    assert other.cards[other.seats[0].victory] == HIDDEN
    assert other.kill_score(0) == 2
    assert state.view(0).kill_score(0) == 4


def test_victory_cards_are_shown_to_everyone_once_the_game_is_over() -> None:
    """RB-4P "Random Victory Conditions" and ruling A38: a Victory Card is its owner's secret until its
    condition is claimed; once the game is over every seat's view shows every Victory Card, so the end
    screen can say which condition won."""
    state = fresh(players=4)
    victory = state.seats[0].victory
    assert state.view(1).cards[victory] == HIDDEN
    state.winners = (0,)
    state.invalidate()
    for seat in range(4):
        seen = state.view(seat)
        assert all(seen.cards[pl.victory] != HIDDEN for pl in seen.seats)


def test_a_view_does_not_reveal_the_hidden_strength_of_a_combat_hand() -> None:
    """RB-MR Combat, "Decide the victor": the totals count unplayed creatures of the Combat Hand too, but
    those cards are face down to the opponent until shown (spec §5). On the opponent's view the total
    counts only creatures it may identify, so two combats that differ only in the hidden hand give the
    same number; the owner's own view counts its whole hand."""
    totals = []
    for hidden in (V5, V9):
        state = fresh((V5, V6, V9))
        put(state, 0, "D0C", [V6.id])
        put(state, 1, "D1C", [hidden.id])
        terrain(state, "D1C", 1, face_down=True)
        fight(state, 0, 1, "D1C", "D0C")
        view = state.view(0)
        totals.append(view.total(1))
        assert state.view(1).total(1) == hidden.vitality
        assert view.total(0) == 6
    assert totals[0] == totals[1] == 0


# ----- what the choice list says ------------------------------------------------------------------

def test_option_labels_name_spaces_in_words_and_keep_their_codes() -> None:
    """A player reads the choice list: no label shows a space code (S0L, D1C, X), while the action's
    arguments keep the codes saves and replays use (RB-MR Movement: a Shield moves space by space)."""
    import re

    from realms.helpers import options

    state = fresh((V5,))
    put(state, 0, "D0C", [V5.id])
    terrain(state, "D0L", 0)              # an own Terrain: the Shield may walk on through it
    state.advance()
    state.invalidate()
    turn = options(state, "turn")
    assert [o.args for o in turn] == [("D0C",)]
    assert turn[0].label == "Turn the Shield on P1's centre land"
    state.apply(turn[0])
    moves = options(state, "move")
    assert moves and all(">" in o.args[0] for o in moves)
    code = re.compile(r"\b([SD][0-3][LCR]|X)\b")
    for option in state.legal_actions():
        assert not code.search(option.label), option.label
    by_path = {o.args[0]: o.label for o in moves}
    assert by_path["D0C>D1C"] == "Move to P2's centre land"
    assert by_path["D0C>D0L>S0L"] == "Move to P1's left Stronghold via P1's left land"
    # the log says it in words too, while the event's data keeps the codes for scenes and tests
    state.apply(next(o for o in moves if o.args[0] == "D0C>D1C"))
    moved = [e for e in state.log if e.kind == "move"][-1]
    assert moved["path"] == "D0C > D1C"
    assert moved.text == "Player 1's Shield moves P1's centre land > P2's centre land"
    assert not any(code.search(e.text) for e in state.log)


def test_a_turn_option_tells_where_the_shield_could_go() -> None:
    """RB-MR II.B-C: a player turns a Shield and then moves it. Before the turn, the rules say where each
    unturned Shield could go (the same walks and flights its movement option will list), on the seat's
    own view too, so the table can preview the reach before the Shield is turned."""
    state = fresh((V5,))
    put(state, 0, "D0C", [V5.id])
    put(state, 1, "D1L", [V5.id])
    state.advance()
    state.invalidate()
    before = state.view(0).reach_if_turned(0, "D0C")
    assert before == state.reach_if_turned(0, "D0C")
    assert state.reach_if_turned(1, "D0C") == []
    state.apply(next(o for o in state.legal_actions() if o.kind == "turn"))
    listed = sorted((o.kind, tuple(o.args[0].split(">"))) for o in state.legal_actions() if o.kind in ("move", "fly"))
    assert sorted(before) == listed and listed
