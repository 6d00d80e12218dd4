"""The harness must catch the bugs it exists for: each broken toy below fails it with a clear reason."""

from __future__ import annotations

import random

import pytest
from conformance import ConformanceFailure, run_conformance
from toy_game import ToyState, make_module

from guardians.engine import Action, Decision, GameConfig
from guardians.engine import registry
from guardians.engine.rng import Rng


def _register(monkeypatch: pytest.MonkeyPatch, cls: type[ToyState]) -> str:
    """Registered for one test only: other tests (the UI's) walk every registered game."""
    module = make_module()
    module.new_game = cls  # type: ignore[attr-defined]
    module.INFO = module.INFO.__class__(cls.game_id, cls.game_id, 2, 2)  # type: ignore[attr-defined]
    monkeypatch.setitem(registry._extra, cls.game_id, module)
    return cls.game_id


class Broken(ToyState):
    """ToyState's `_copy` builds a ToyState; keep the subclass so clones keep the bug under test."""

    def _copy(self):  # type: ignore[override]
        other = super()._copy()
        other.__class__ = type(self)
        return other


class LeakyView(Broken):
    game_id = "toy-leaky-view"

    def view(self, seat):  # type: ignore[override]
        return self.clone()


class HiddenCardInView(Broken):
    """The view masks the other hand but puts one hidden card back (its first card)."""

    game_id = "toy-hidden-card-in-view"

    def _observe(self, seat):  # type: ignore[override]
        other = super()._observe(seat)
        if seat is not None and self.hands[1 - seat]:
            other.hands[1 - seat][0] = self.hands[1 - seat][0]
        return other


class SeedInView(Broken):
    game_id = "toy-seed-in-view"

    def _seal(self, seat, source, with_log):  # type: ignore[override]
        super()._seal(seat, source, with_log)
        self.seed = source.seed


class SharedClone(Broken):
    game_id = "toy-shared-clone"

    def _copy(self):  # type: ignore[override]
        other = super()._copy()
        other.hands = self.hands  # the bug: both states hold the same lists
        return other


class ShuffledOptions(Broken):
    game_id = "toy-shuffled-options"

    def _decide(self):  # type: ignore[override]
        decision = super()._decide()
        if decision is None:
            return None
        options = list(decision.options)
        random.shuffle(options)  # the bug: a global, unseeded order
        return Decision(decision.seat, decision.prompt, tuple(options), decision.kind)


class AcceptsAnything(Broken):
    game_id = "toy-accepts-anything"

    def find_legal(self, action):  # type: ignore[override]
        return super().find_legal(action) or Action("pass", (), "Pass")


class NeverEnds(Broken):
    game_id = "toy-never-ends"

    @property
    def result(self):  # type: ignore[override]
        return None

    def _decide(self):  # type: ignore[override]
        decision = super()._decide()
        assert decision is not None
        return decision


class CheatingDeterminize(Broken):
    game_id = "toy-cheating-determinize"

    def determinize(self, seat, rng):  # type: ignore[override]
        other = super().determinize(1 - seat, rng)  # the bug: re-samples the seat's own hand
        return other


class OptionsPeek(Broken):
    game_id = "toy-options-peek"

    def _decide(self):  # type: ignore[override]
        decision = super()._decide()
        if decision is None or decision.kind != "main" or 12 not in self.hands[1 - self.turn]:
            return decision
        return Decision(decision.seat, decision.prompt, decision.options + (Action("accuse", (), "Accuse"),))

    def _apply(self, action):  # type: ignore[override]
        if action.kind == "accuse":
            self.passes += 1
            self.turn = 1 - self.turn
            return
        super()._apply(action)


class ForgetfulDigest(Broken):
    """Replays differ from the live game: the first state built in this process plays differently."""

    game_id = "toy-forgetful"
    built = 0

    def __init__(self, config, seed):
        super().__init__(config, seed)
        ForgetfulDigest.built += 1
        self.quirk = ForgetfulDigest.built == 1

    def _copy(self):  # type: ignore[override]
        other = super()._copy()
        other.quirk = self.quirk
        return other

    def _apply(self, action):  # type: ignore[override]
        super()._apply(action)
        if self.quirk:
            self.scores[0] += 1


CASES = [
    (LeakyView, "must not"),
    (SharedClone, "changed the original"),
    (ShuffledOptions, "different options"),
    (AcceptsAnything, "not listed"),
    (NeverEnds, "no result after"),
    (CheatingDeterminize, "disagrees with what seat|would see differently"),
    (OptionsPeek, "depend on hidden information"),
    (ForgetfulDigest, "differ"),
]


@pytest.mark.parametrize("cls, message", CASES, ids=[c.game_id for c, _ in CASES])
def test_harness_catches_broken_game(monkeypatch: pytest.MonkeyPatch, cls: type[ToyState], message: str) -> None:
    from test_conformance_toy import toy_hidden_check

    game_id = _register(monkeypatch, cls)
    random.seed(1)
    with pytest.raises(ConformanceFailure, match=message) as caught:
        run_conformance(game_id, [GameConfig(game_id, 2)], range(30), hidden_check=toy_hidden_check,
                        max_decisions=60, sample_every=1)
    assert f"{game_id} seed=" in str(caught.value)   # enough to reproduce it
    assert "actions so far" in str(caught.value)


def test_leaky_view_caught_without_a_game_hidden_check(monkeypatch: pytest.MonkeyPatch) -> None:
    """Without the game's own check, the harness notices a view that is the whole state."""
    game_id = _register(monkeypatch, LeakyView)
    with pytest.raises(ConformanceFailure, match="keeps the seed"):
        run_conformance(game_id, [GameConfig(game_id, 2)], range(10), sample_every=1)
    with pytest.raises(ConformanceFailure, match="disagrees with what seat"):
        run_conformance(game_id, [GameConfig(game_id, 2)], range(10), sample_every=1, observation=False)


@pytest.mark.parametrize("cls, message", [(HiddenCardInView, "leaks hidden information"),
                                          (SeedInView, "keeps the seed")],
                         ids=["hidden-card-in-view", "seed-in-view"])
def test_observation_check_catches_a_leaking_view(monkeypatch: pytest.MonkeyPatch, cls: type[ToyState],
                                                  message: str) -> None:
    """Issue "one house", item 2: put a hidden card back into the view and the view-equality test fails."""
    game_id = _register(monkeypatch, cls)
    with pytest.raises(ConformanceFailure, match=message):
        run_conformance(game_id, [GameConfig(game_id, 2)], range(10), sample_every=1)


def test_sound_toy_passes_the_same_strict_settings() -> None:
    """The strict settings above are not what fails: the real toy passes them."""
    from test_conformance_toy import toy_hidden_check

    report = run_conformance("toy", [GameConfig("toy", 2)], range(30), hidden_check=toy_hidden_check,
                             max_decisions=60, sample_every=1)
    assert report.games == 30
    assert report.variants_checked > 100 and report.variants_differed > 50


def test_bad_sampling_arguments_rejected() -> None:
    with pytest.raises(ValueError):
        run_conformance("toy", [GameConfig("toy", 2)], range(1), sample_every=0)


def test_rng_helper_is_seeded() -> None:
    assert Rng(3).random() == Rng(3).random()
