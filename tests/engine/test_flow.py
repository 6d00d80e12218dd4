"""The flow kernel (guardians/engine/flow.py) on a tiny game: phases, the effect stack, triggered effects
waiting for their card, reaction windows, hidden commitments, the step registry and typed events."""

from __future__ import annotations

from typing import Any

import pytest

from guardians.engine.actions import Action, Result
from guardians.engine.flow import (
    BUILDING, COMMITTED, DONE, PUSHED, WAIT, WAITING, Commitments, FlowState, Frame, Pending, ReactionWindow,
    Resolution, StepRegistry, pending_repr,
)
from guardians.engine.state import GameConfig

STEPS = StepRegistry("tiny")
LOG: list[str] = []


@STEPS.step("note", params={"text": str}, value=lambda state, seat, p: 0.0)
def step_note(state: "Tiny", frame: Frame, p: dict) -> int:
    state.notes.append(p["text"])
    return DONE


@STEPS.step("pick", params={}, value=lambda state, seat, p: 1.0)
def step_pick(state: "Tiny", frame: Frame, p: dict) -> int:
    if frame.answer is None:
        return state.ask(frame.seat, "pick", "Pick a number", [("pick", (n,), str(n), ()) for n in (1, 2)])
    state.notes.append(f"picked {frame.answer}")
    return DONE


@STEPS.step("trigger", params={"text": str}, value=lambda state, seat, p: 0.0)
def step_trigger(state: "Tiny", frame: Frame, p: dict) -> int:
    state.trigger(Frame((("note", {"text": p["text"]}),), frame.seat, {}))
    return DONE


@STEPS.step("twice", params={"text": str}, value=lambda state, seat, p: 0.0)
def step_twice(state: "Tiny", frame: Frame, p: dict) -> int:
    return state.push(frame, (("note", {"text": p["text"]}),) * 2, {})


class Card(Resolution):
    __slots__ = ("name",)

    def __init__(self, name: str) -> None:
        super().__init__()
        self.name = name

    def copy(self) -> "Card":
        other = Card(self.name)
        self.copy_base(other)
        return other


class Tiny(FlowState):
    """Phase "play" resolves a card; phase "end" finishes the game."""

    game_id = "tiny"
    PHASES = ("play", "end")
    STEPS = STEPS
    EVENT_TEXT = {"note": "Player {seat} notes {text}", "draw": ("Player {seat} draws", "You draw {card}")}

    def __init__(self, steps: tuple) -> None:
        super().__init__(GameConfig("tiny", 2), 1)
        self.notes: list[str] = []
        self.over = False
        self.card_steps = steps
        self.init_flow("play")
        self.advance()

    def _game_over(self) -> bool:
        return self.over

    def _phase_play(self) -> None:
        self.stack.append(Card("Card"))
        self.stack.append(Frame(self.card_steps, 0, {}))
        self.phase = "end"

    def _phase_end(self) -> None:
        self.over = True

    def _resolved(self, marker: Any) -> None:
        self.notes.append(f"{marker.name} done")

    def _options_effect(self, seat: int, data: Any) -> tuple:
        kind, prompt, options = data
        return prompt, list(options), kind

    def _do_effect(self, seat: int, data: Any, action: Action) -> None:
        self.stack[-1].answer = action.args[0]

    @property
    def result(self) -> Result | None:
        return Result((0,), "done") if self.over else None

    def _copy(self) -> "Tiny":
        raise NotImplementedError

    def _digest_data(self) -> Any:
        return [self.notes, pending_repr(self.pending)]


def test_steps_run_in_order_and_finish_the_card() -> None:
    state = Tiny((("note", {"text": "a"}), ("twice", {"text": "b"}), ("note", {"text": "c"})))
    assert state.notes == ["a", "b", "b", "c", "Card done"]
    assert state.is_over


def test_a_step_that_asks_waits_for_the_answer() -> None:
    state = Tiny((("pick", {}), ("note", {"text": "after"})))
    decision = state.decision
    assert decision is not None and decision.kind == "pick" and len(decision.options) == 2
    assert state.notes == []
    state.apply(decision.options[1])
    assert state.notes == ["picked 2", "after", "Card done"]


def test_a_triggered_effect_waits_until_its_card_has_finished() -> None:
    """DESIGN.md / issue "one house": an effect a card's resolution triggers waits for that card."""
    state = Tiny((("trigger", {"text": "triggered"}), ("note", {"text": "rest of the card"})))
    assert state.notes == ["rest of the card", "triggered", "Card done"]


def test_a_trigger_outside_any_card_runs_next() -> None:
    state = Tiny(())
    state.stack = []
    state.trigger(Frame((("note", {"text": "x"}),), 0, {}))
    assert len(state.stack) == 1 and isinstance(state.stack[0], Frame)


def test_unknown_phase_handler_is_refused_at_class_creation() -> None:
    with pytest.raises(TypeError, match="phases without a handler"):
        class Broken(FlowState):
            PHASES = ("missing",)


def test_pending_repr_is_the_plain_tuple() -> None:
    assert pending_repr(Pending("main", 1, None)) == repr(("main", 1, None))
    assert pending_repr(None) == "None"


def test_reaction_window_one_response_of_a_kind_per_seat() -> None:
    window = ReactionWindow(record={"label": "x"}, ask=[0, 1])
    window.commit((1, "card", 7))
    window.commit((1, "ability", "hero"))
    with pytest.raises(ValueError):
        window.commit((1, "card", 8))
    assert window.hidden_from(0) == [(1, "card", 7), (1, "ability", "hero")]
    assert window.hidden_from(1) == []
    window.pass_turn()
    assert window.asking() == 1
    window.stage = "resolve"
    assert window.hidden_from(0) == []
    copy = window.copy()
    copy.ask.pop()
    assert window.ask == [1]


def test_commitments_stay_hidden_until_revealed_together() -> None:
    commits = Commitments(order=[2, 0, 1])
    assert commits.next_seat() == 2
    commits.commit(2, "attack")
    with pytest.raises(ValueError):
        commits.commit(2, "again")
    with pytest.raises(ValueError):
        commits.reveal()
    commits.commit(0, "defend")
    assert commits.visible(1) == {2: None, 0: None}
    assert commits.visible(0) == {2: None, 0: "defend"}
    commits.commit(1, "wait")
    assert commits.complete
    assert commits.reveal() == {2: "attack", 0: "defend", 1: "wait"}
    assert commits.visible(1) == {2: "attack", 0: "defend", 1: "wait"}
    with pytest.raises(ValueError):
        commits.commit(1, "late")


def test_step_registry_names_params_values_and_checks() -> None:
    registry = StepRegistry("x")

    @registry.step("a", params={"n": int}, value=lambda s, seat, p: 1.0)
    def a(state: Any, frame: Frame, p: dict) -> int:
        return DONE

    registry.add("b", a)
    registry.add("_c", a, internal=True)
    assert registry.names() == ["a", "b"]
    assert "_c" in registry.names(include_internal=True)
    assert registry.params("a") == {"n": int}
    assert registry.check() == ["x: step 'b' has no AI value"]
    with pytest.raises(ValueError):
        registry.add("a", a)
    assert WAIT != DONE != PUSHED


def test_typed_events_render_words_from_data_and_keep_secrets_for_their_seats() -> None:
    state = Tiny(())
    public = state.say("note", seat=1, text="hello")
    assert public.text == "Player 1 notes hello" and public["text"] == "hello"
    drawn = state.say("draw", seats=(1,), secret={"card": "Axe"}, seat=1)
    assert drawn.text == "Player 1 draws" and drawn.text_for(1) == "You draw Axe"
    assert drawn.data_for(0) == {"seat": 1}
    assert drawn.data_for(1) == {"seat": 1, "card": "Axe"}
    assert drawn.get("card") is None


def test_a_commitment_built_over_several_actions_stays_hidden_until_every_seat_finished() -> None:
    """Explore's Power Up: a seat's commitment is its chain, begun, added to, then finished."""
    commits = Commitments(order=[1, 0])
    assert commits.status(1) == WAITING and commits.next_seat() == 1 and commits.hidden_from(0) == []
    commits.begin(1)
    commits.add(1, "ice")
    commits.add(1, "fire")
    assert commits.status(1) == BUILDING and commits.next_seat() == 1
    assert commits.is_hidden(1) and commits.hidden_from(0) == [1] and commits.hidden_from(1) == []
    assert commits.visible(0) == {1: None} and commits.visible(1) == {1: ["ice", "fire"]}
    assert commits.hidden_from(None) == [1]
    with pytest.raises(ValueError):
        commits.add(0, "not begun")
    with pytest.raises(ValueError):
        commits.reveal()
    commits.finish(1)
    with pytest.raises(ValueError):
        commits.finish(1)
    assert commits.status(1) == COMMITTED and commits.next_seat() == 0
    copy = commits.copy()
    copy.add(1, "late")
    assert commits.committed[1] == ["ice", "fire"]
    commits.begin(0)
    commits.finish(0)
    assert commits.complete and commits.next_seat() is None
    assert commits.reveal() == {1: ["ice", "fire"], 0: []}
    assert commits.hidden_from(0) == [] and not commits.is_hidden(1)
    assert commits.visible(0) == {1: ["ice", "fire"], 0: []}
    with pytest.raises(ValueError):
        commits.add(0, "after the reveal")


def test_open_commitments_hide_nothing_but_are_still_collected_in_turn() -> None:
    """Explore's Apprentice game: the Power Up is played openly, in turn order."""
    commits = Commitments(order=[0, 1], hidden=False)
    commits.begin(0)
    commits.add(0, "ice")
    assert not commits.sealed and not commits.is_hidden(0)
    assert commits.hidden_from(1) == [] and commits.visible(1) == {0: ["ice"]}
    commits.finish(0)
    commits.commit(1, ["fire"])
    assert commits.reveal() == {0: ["ice"], 1: ["fire"]}


def test_after_the_reveal_seats_amend_in_turn_in_sight_of_all() -> None:
    """Explore's Borrow: after the reveal, each seat in turn may go on with its Power Up openly."""
    commits = Commitments(order=[1, 0, 2])
    for seat in (1, 0, 2):
        commits.commit(seat, [seat])
    with pytest.raises(ValueError):
        commits.amend()
    commits.reveal()
    assert commits.next_seat() is None
    commits.amend()
    assert commits.next_seat() == 1
    with pytest.raises(ValueError):
        commits.reopen(0)
    commits.skip(1)
    assert commits.next_seat() == 0
    commits.reopen(0)
    assert commits.status(0) == BUILDING and not commits.complete and commits.hidden_from(1) == []
    assert commits.next_seat() == 0
    commits.finish(0)
    assert commits.status(0) == COMMITTED and commits.next_seat() == 2
    commits.skip(2)
    assert commits.next_seat() is None and commits.complete
