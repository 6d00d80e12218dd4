"""Action, Decision, Event and Result: the value types every layer exchanges (DESIGN.md, "The State API")."""

from __future__ import annotations

import json

from hypothesis import given
from hypothesis import strategies as st

from guardians.engine import Action, Decision, Event, Result

arg = st.one_of(st.none(), st.booleans(), st.integers(-10**9, 10**9), st.text(max_size=12))
actions = st.builds(Action, st.text(min_size=1, max_size=12), st.tuples(arg, arg) | st.tuples(arg) | st.just(()),
                    st.text(max_size=20), st.lists(st.text(max_size=8), max_size=3).map(tuple))


@given(actions)
def test_action_json_round_trip(action: Action) -> None:
    back = Action.from_json(json.loads(json.dumps(action.to_json())))
    assert back == action
    assert (back.kind, back.args, back.label, back.refs) == (action.kind, action.args, action.label, action.refs)


def test_equality_and_hash_ignore_label_and_refs() -> None:
    a = Action("play", (3, "hero:1"), "Play Blast", ("card:7",))
    b = Action("play", (3, "hero:1"), "another label", ())
    assert a == b and hash(a) == hash(b)
    assert len({a, b}) == 1
    assert a != Action("play", (4, "hero:1"), "Play Blast", ("card:7",))
    assert a != Action("move", (3, "hero:1"), "Play Blast", ("card:7",))
    assert a.key == ("play", (3, "hero:1"))


def test_action_from_json_defaults() -> None:
    assert Action.from_json({"kind": "pass"}) == Action("pass")
    assert Action.from_json({"kind": "pass"}).refs == ()


def test_event_secret_only_for_its_seats() -> None:
    event = Event("draw", "Player 1 draws", secret="You draw 7", seats=(0,))
    assert event.text_for(0) == "You draw 7"
    assert event.text_for(1) == "Player 1 draws"
    assert event.text_for(None) == "Player 1 draws"
    assert Event("play", "Player 2 plays 5").text_for(1) == "Player 2 plays 5"


def test_result_draw_and_coop_loss() -> None:
    assert Result((), "tie").is_draw
    assert not Result((), "overrun", coop_loss=True).is_draw
    assert not Result((1,), "points").is_draw


def test_decision_seats() -> None:
    assert Decision(1, "Choose", (Action("pass"),)).seats == (1,)


def test_option_reads_as_the_tuple_ask_once_kept() -> None:
    """An effect choice kept as an Option: a state's digest holds the repr of its pending data, so an Option
    must repr as the (kind, args, label, refs) tuple did; lazy words resolve to the same text; it equals the
    bare Action a save hands back, either way round, and survives pickling as an Option."""
    import pickle

    from guardians.engine.actions import Option

    lazy = Option("trash", (12,), (str.format, "Trash {}", "Rust"), (tuple, ["card:12", "card:30"]))
    assert repr(lazy) == repr(("trash", (12,), "Trash Rust", ("card:12", "card:30")))
    bare = Action("trash", (12,))
    assert lazy == bare and bare == lazy and hash(lazy) == hash(bare)
    assert lazy != Action("trash", (30,))
    back = pickle.loads(pickle.dumps(lazy))
    assert type(back) is Option and repr(back) == repr(lazy)
