"""R137 bystanders in 4-player combats (RB-4P "Combat": every player may play Spells that are not Command
Cards, Items and bribes in a combat, even when not fighting in it; channelling too under the optional
rule, our option `channel_4p`). RB = ../shared/seeds/001_7eb27caf5825ab9d.txt; spec R137 in
../shared/specs/realms.md."""

from __future__ import annotations

from realms.helpers import act, fight, fresh, give, options, put, seat_deciding, terrain, vanilla

from guardians.engine import GameConfig
from guardians.games.realms.rules import RealmsState

V6 = vanilla(6)
BEERY = vanilla(7, name="test_beery7", bribery=("beer",))
RECEIVER5 = vanilla(5, name="test_receiver5", receiver=True)
CARDS = (V6, BEERY, RECEIVER5)


def four_player_combat(att: list[str], dfn: list[str]):
    """Seat 0 (from D0R) attacks seat 1 on D1L; seats 2 and 3 look on."""
    state = fresh(CARDS, players=4)
    a = put(state, 0, "D0R", att)
    d = put(state, 1, "D1L", dfn)
    terrain(state, "D1L", 1, face_down=True)
    return state, a, d


def to_picks(state, a: int, d: int) -> None:
    fight(state, 0, 1, "D1L", "D0R")
    act(state, "pick", a)
    act(state, "pick", d)


def test_a_bystander_bribes_after_the_combatants_pass() -> None:
    """RB-4P: a player who is not fighting may bribe. The bribery window after the picks asks the attacker,
    the defender, then the bystanders clockwise from the attacker; the bribed creature goes back to its
    owner's Creature Pen (RB-MR p. 35)."""
    state, (a,), (d,) = four_player_combat([V6.id], [BEERY.id])
    beer = give(state, 2, "beer")
    to_picks(state, a, d)
    assert seat_deciding(state) == 2 and state.decision.kind == "bribe"
    act(state, "bribe", beer, d)
    assert d in state.seats[1].pen
    assert beer in state.seats[2].discard
    bribe = [e for e in state.log if e.kind == "bribe"][-1]
    assert bribe["seat"] == 2


def test_the_window_reopens_for_everyone_after_a_bystanders_bribe() -> None:
    """Ruling A14 with R137: a bribe reopens the window for the other seats in order (the combatants, then
    the other bystanders) before the briber acts again: the defender, who passed, is asked again."""
    state, (a,), (d,) = four_player_combat([BEERY.id], [BEERY.id])
    give(state, 1, "beer")
    beer2 = give(state, 2, "beer")
    to_picks(state, a, d)
    assert seat_deciding(state) == 1                     # the attacker has no bribe; the defender may
    act(state, "react_pass")
    assert seat_deciding(state) == 2
    act(state, "bribe", beer2, d)
    assert seat_deciding(state) == 1 and state.decision.kind == "bribe"
    assert state.combat.window == [1, 3, 2]


def test_bystanders_in_the_modifier_window_and_optional_channelling() -> None:
    """R137: bystanders may play modifiers after the combatants; channelling by a bystander only under the
    optional rule (`channel_4p`), into a receiver of the current match-up (RB-MR p. 39)."""
    for channel in (False, True):
        state, (a,), (d,) = four_player_combat([RECEIVER5.id], [V6.id])
        state.channel_4p = channel
        state.seats[2].stones = 3
        to_picks(state, a, d)
        # the attacker is losing 5 to 6: it acts first, then the defender, then the bystanders 2 and 3
        assert state.combat.window[:2] == [0, 1] and sorted(state.combat.window[2:]) == [2, 3]
        while seat_deciding(state) in (0, 1) and state.decision.kind == "modify":
            act(state, "modify_pass")
        seen = [o for o in state.legal_actions() if o.kind == "channel_g"]
        if not channel:
            assert state.decision is None or state.decision.kind != "modify" or seat_deciding(state) in (0, 1)
            assert not seen
            continue
        assert seat_deciding(state) == 2 and [o.args for o in seen] == [(a,)]
        act(state, "channel_g", a)
        assert state.seats[2].stones == 2
        told = [e for e in state.log if e.kind == "channel"][-1]
        assert told["seat"] == 2 and told["amount"] == state.cd(state.seats[2].guardian).cmp > 0


def test_channel_4p_is_an_option_of_four_player_games_only() -> None:
    """The optional rule is off unless chosen, and means nothing in 2 players."""
    assert not RealmsState(GameConfig("realms", 4), 1).channel_4p
    assert RealmsState(GameConfig("realms", 4, options=(("channel_4p", "on"),)), 1).channel_4p
    assert not RealmsState(GameConfig("realms", 2, options=(("channel_4p", "on"),)), 1).channel_4p


def test_two_player_windows_are_unchanged() -> None:
    """In 2 players nobody looks on: the bribery window after the picks holds the two combatants only."""
    state = fresh(CARDS)
    a = put(state, 0, "D0C", [V6.id])
    d = put(state, 1, "D1C", [BEERY.id])
    terrain(state, "D1C", 1, face_down=True)
    beer = give(state, 0, "beer")
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a[0])
    act(state, "pick", d[0])
    assert seat_deciding(state) == 0 and options(state, "bribe")
    assert state.bystanders(state.combat) == []
    act(state, "react_pass")
    assert beer in state.seats[0].depot
