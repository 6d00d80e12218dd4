"""GameConfig, apply and undo: the shared part of every game state (engine/state.py, engine/saves.py)."""

from __future__ import annotations

import json

import pytest
from hypothesis import given
from hypothesis import strategies as st
from toy_game import DiceToy, ToyState, register_dice_toy

from guardians.engine import Action, GameConfig, IllegalAction
from guardians.engine.saves import replay, undo

SEATS = st.sampled_from(["human", "ai:random", "ai:greedy"])


@given(st.integers(1, 6).flatmap(lambda n: st.tuples(st.just(n), st.lists(SEATS, min_size=n, max_size=n))),
       st.sampled_from(["standard", "first_game", "veteran"]),
       st.dictionaries(st.text(min_size=1, max_size=8), st.one_of(st.integers(), st.booleans(), st.text(max_size=5)),
                       max_size=4))
def test_config_json_round_trip(players_seats, variant, options) -> None:
    players, seats = players_seats
    config = GameConfig("heroes", players, tuple(seats), variant, tuple(options.items()))
    back = GameConfig.from_json(json.loads(json.dumps(config.to_json())))
    assert back == config
    assert hash(back) == hash(config)
    assert back.option(next(iter(options), "none"), "dflt") == config.option(next(iter(options), "none"), "dflt")


def test_config_normalises_lists_and_option_order() -> None:
    a = GameConfig("toy", 2, ["human", "ai:greedy"], options=(("b", 1), ("a", 2)))  # type: ignore[arg-type]
    b = GameConfig("toy", 2, ("human", "ai:greedy"), options=(("a", 2), ("b", 1)))
    assert a == b and hash(a) == hash(b)
    assert a.option("a") == 2 and a.option("zzz", 5) == 5


def test_config_defaults_and_seat_count() -> None:
    assert GameConfig("toy", 3).seats == ("ai:random",) * 3
    with pytest.raises(ValueError, match="3 players need 3 seats"):
        GameConfig("toy", 3, ("human",))


def test_illegal_action_leaves_state_untouched() -> None:
    state = ToyState(GameConfig("toy", 2), 11)
    before, options = state.digest(), state.legal_actions()
    not_in_hand = next(c for c in range(1, 13) if c not in state.hands[0])
    for action in (Action("play", (not_in_hand,)), Action("bank"), Action("nonsense", (1, 2))):
        with pytest.raises(IllegalAction):
            state.apply(action)
        assert state.digest() == before
        assert state.legal_actions() == options
        assert state.history == []


def test_apply_uses_the_listed_option_with_its_label() -> None:
    state = ToyState(GameConfig("toy", 2), 11)
    card = state.hands[0][0]
    state.apply(Action("play", (card,)))   # a bare action, as a save stores it
    assert state.history[-1].action.label == f"Play {card}"
    assert state.history[-1].action.refs == (f"card:{card}",)
    assert state.events and state.events[-1].kind == "play"


def test_apply_after_the_end_is_refused() -> None:
    state = ToyState(GameConfig("toy", 2), 3)
    state.apply(Action("pass"))
    state.apply(Action("pass"))
    assert state.is_over and state.decision is None
    with pytest.raises(IllegalAction, match="over"):
        state.apply(Action("pass"))


def test_undo_own_latest_actions() -> None:
    state = ToyState(GameConfig("toy", 2), 5)
    start = state.digest()
    state.apply(Action("play", (state.hands[0][0],)))
    assert state.undoable_count(0) == 1
    assert state.undoable_count(1) == 0        # not yours
    back = undo(state, 0)
    assert back.digest() == start
    assert back.legal_actions() == ToyState(GameConfig("toy", 2), 5).legal_actions()


def test_undo_two_actions_when_nothing_was_revealed() -> None:
    """Once the deck is empty, banking draws nothing: a play and its bank can both be taken back."""
    state = ToyState(GameConfig("toy", 2), 5)
    while state.deck:                 # play and bank until the deck runs out
        state.apply(Action("play", (state.hands[state.turn][0],)))
        state.apply(Action("bank"))
    seat = state.turn
    start = state.digest()
    state.apply(Action("play", (state.hands[seat][0],)))
    state.apply(Action("bank"))
    assert state.undoable_count(seat) == 2
    assert undo(state, seat, 2).digest() == start
    assert undo(state, seat, 1).digest() != start


def test_no_undo_after_a_reveal() -> None:
    state = ToyState(GameConfig("toy", 2), 5)
    state.apply(Action("play", (state.hands[0][0],)))
    state.apply(Action("bank"))      # draws a hidden card: information was revealed
    assert state.undoable_count(0) == 0
    with pytest.raises(IllegalAction):
        undo(state, 0)


def test_no_undo_after_another_seat_acted() -> None:
    state = ToyState(GameConfig("toy", 2), 5)
    state.apply(Action("pass"))
    assert state.undoable_count(0) == 1
    state.apply(Action("play", (state.hands[1][0],)))
    assert state.undoable_count(0) == 0
    assert state.undoable_count(1) == 1
    with pytest.raises(IllegalAction):
        undo(state, 0)


def test_no_undo_after_a_random_draw(monkeypatch: pytest.MonkeyPatch) -> None:
    game_id = register_dice_toy(monkeypatch)
    state = DiceToy(GameConfig(game_id, 2), 9)
    state.apply(Action("pass"))      # rolls the die
    assert state.undoable_count(0) == 0
    with pytest.raises(IllegalAction):
        undo(state, 0)
    state.apply(Action("play", (state.hands[1][0],)))   # no randomness
    assert state.undoable_count(1) == 1
    before_play = replay(state.config, 9, [Action("pass")]).digest()
    assert undo(state, 1).digest() == before_play


def test_undo_count_bounds() -> None:
    state = ToyState(GameConfig("toy", 2), 5)
    state.apply(Action("play", (state.hands[0][0],)))
    with pytest.raises(IllegalAction):
        undo(state, 0, 2)
    with pytest.raises(IllegalAction):
        undo(state, 0, 0)


def test_clone_is_independent_and_equal() -> None:
    state = ToyState(GameConfig("toy", 2), 8)
    copy = state.clone()
    assert copy.digest() == state.digest()
    copy.apply(Action("play", (copy.hands[0][0],)))
    assert copy.digest() != state.digest()
    assert state.history == [] and state.pending is None


def test_digest_covers_rng_position() -> None:
    """Two positions alike except for the future shuffles must not share a digest (replays would lie)."""
    state = ToyState(GameConfig("toy", 2), 8)
    copy = state.clone()
    copy.rng.random()
    assert copy.digest() != state.digest()


def test_clone_shares_history_until_either_appends() -> None:
    """A clone shares its source's history (copy-on-write): an action applied to either one never shows in
    the other's history, whichever acts first."""
    state = ToyState(GameConfig("toy", 2), 11)
    state.apply(state.legal_actions()[0])
    clone = state.clone()
    assert clone.history == state.history
    first = list(state.history)
    clone.apply(clone.legal_actions()[0])
    assert state.history == first and len(clone.history) == len(first) + 1
    state.apply(state.legal_actions()[-1])
    assert clone.history[:len(first)] == first and len(state.history) == len(first) + 1
    again = state.clone()
    state.apply(state.legal_actions()[0])
    assert len(again.history) == len(first) + 1 and len(state.history) == len(first) + 2


def _read(log) -> list:
    return [(e.kind, e.text, e.refs, e.data) for e in log]


def test_views_keep_each_seats_sealed_log_and_seal_only_what_is_new() -> None:
    """A view's log is the source log as that seat reads it (engine/state.py `_sealed_log`): kept per seat
    between views, it must read exactly as sealing the whole log afresh, after moves, after the log is cut
    back and grown again with other events, and for a clone (which keeps none of its source's)."""
    state = ToyState(GameConfig("toy", 2), 5)
    for step in range(40):
        if state.is_over:
            break
        for seat in (0, 1, None):
            fresh = [e.seen_by(seat) for e in state.log]
            assert _read(state.view(seat).log) == _read(fresh)
        if step == 20:
            length = len(state.log)
            cut = length // 2
            del state.log[cut:]                   # as if taken back, then played differently, and longer
            state.emit("note", "a different line", secret="only seat 0 reads this", seats=(0,))
            for i in range(length - cut):
                state.emit("note", f"filler {i}")
            assert state.view(1).log[cut].text == "a different line"
            assert state.view(0).log[cut].text == "only seat 0 reads this"
            assert _read(state.view(0).log) == _read([e.seen_by(0) for e in state.log])
        state.apply(state.legal_actions()[0])
    other = state.clone()
    other.log = list(state.log)
    other.emit("note", "only on the clone")
    assert state.view(0).log[-1].text != "only on the clone"
    assert other.view(0).log[-1].text == "only on the clone"
    assert _read(other.view(1).log) == _read([e.seen_by(1) for e in other.log])
    view = state.view(0)
    view.log.append(view.log[0])                 # a view's log is its own list
    assert len(state.view(0).log) == len(state.log)
