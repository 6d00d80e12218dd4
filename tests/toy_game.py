"""A tiny two-player game with hidden hands and a shuffled deck, for kernel and UI tests.

Each player holds 3 numbered cards from a shuffled deck of 1..12. On a turn a player plays a card
onto the pile (adding its number to her score) and, if the deck has cards, draws one; or passes.
After playing she picks a "target" sub-choice: bank the points or give half (rounded down) to the
opponent's total as a penalty... the point is the sub-decision, not the strategy. The game ends when
both hands are empty or after two passes in a row; the higher score wins.
"""

from __future__ import annotations

import sys
from types import ModuleType
from typing import Any

import pytest

from guardians.engine import Action, Decision, GameConfig, GameState, Result
from guardians.engine import registry
from guardians.engine.registry import GameInfo, register
from guardians.engine.rng import Rng
from guardians.engine.state import blank_state

HIDDEN = -1


class ToyState(GameState):
    game_id = "toy"

    def __init__(self, config: GameConfig, seed: int) -> None:
        super().__init__(config, seed)
        self.deck = list(range(1, 13))
        self.rng.shuffle(self.deck)
        self.hands = [sorted(self.deck[:3]), sorted(self.deck[3:6])]
        self.deck = self.deck[6:]
        self.scores = [0, 0]
        self.played: list[int] = []      # the pile, face up
        self.turn = 0
        self.pending: int | None = None
        self.passes = 0

    def _decide(self) -> Decision | None:
        if self.result is not None:
            return None
        if self.pending is not None:
            return Decision(self.turn, "Bank the points or share them?", (
                Action("bank", (), "Bank"), Action("share", (), "Share half")), kind="choice")
        options = [Action("play", (card,), f"Play {card}", (f"card:{card}",)) for card in self.hands[self.turn]]
        options.append(Action("pass", (), "Pass"))
        return Decision(self.turn, "Play a card or pass", tuple(options))

    def _apply(self, action: Action) -> None:
        if action.kind == "play":
            card = int(action.args[0])
            self.hands[self.turn].remove(card)
            self.played.append(card)
            self.pending = card
            self.passes = 0
            self.emit("play", f"Player {self.turn + 1} plays {card}", (f"card:{card}",))
            return
        if action.kind in ("bank", "share"):
            card = self.pending or 0
            if action.kind == "bank":
                self.scores[self.turn] += card
            else:
                self.scores[self.turn] += card - card // 2
                self.scores[1 - self.turn] += card // 2
            self.pending = None
            if self.deck:
                drawn = self.deck.pop()
                self.hands[self.turn].append(drawn)
                self.hands[self.turn].sort()
                self.mark_revealed()
                self.emit("draw", f"Player {self.turn + 1} draws", secret=f"You draw {drawn}", seats=(self.turn,))
        else:
            self.passes += 1
        self.turn = 1 - self.turn

    @property
    def result(self) -> Result | None:
        if self.pending is None and (self.passes >= 2 or not any(self.hands)):
            a, b = self.scores
            winners = (0,) if a > b else (1,) if b > a else ()
            return Result(winners, "all cards played" if not any(self.hands) else "both passed", tuple(self.scores))
        return None

    def _copy(self) -> "ToyState":
        other = blank_state(ToyState)
        other.deck = list(self.deck)
        other.hands = [list(h) for h in self.hands]
        other.scores = list(self.scores)
        other.played = list(self.played)
        other.turn = self.turn
        other.pending = self.pending
        other.passes = self.passes
        return other  # type: ignore[return-value]

    def _digest_data(self) -> Any:
        return [self.deck, self.hands, self.scores, self.played, self.turn, self.pending, self.passes]

    def _observe(self, seat: int | None) -> "ToyState":
        other = self.clone()
        other.deck = [HIDDEN] * len(self.deck)
        for s in (0, 1):
            if s != seat:
                other.hands[s] = [HIDDEN] * len(self.hands[s])
        return other  # type: ignore[return-value]

    def _vary_hidden(self, variant: GameState, seat: int, rng: Rng) -> None:
        assert isinstance(variant, ToyState)
        unseen = sorted(variant.deck + variant.hands[1 - seat])
        rng.shuffle(unseen)
        n = len(variant.hands[1 - seat])
        variant.hands[1 - seat] = sorted(unseen[:n])
        variant.deck = unseen[n:]

    def _fill_hidden(self, seat: int, rng: Rng) -> None:
        """The unseen cards are 1..12 minus the own hand and the pile, dealt to the hidden places."""
        known = set(self.hands[seat]) | set(self.played)
        unseen = sorted(set(range(1, 13)) - known)
        rng.shuffle(unseen)
        n = len(self.hands[1 - seat])
        self.hands[1 - seat] = sorted(unseen[:n])
        self.deck = unseen[n:n + len(self.deck)]


def _evaluate(state: GameState, seat: int) -> float:
    assert isinstance(state, ToyState)
    return state.scores[seat] - state.scores[1 - seat]


def make_module() -> ModuleType:
    module = ModuleType("toy_game_module")
    module.INFO = GameInfo("toy", "Toy", 2, 2)  # type: ignore[attr-defined]
    module.new_game = ToyState  # type: ignore[attr-defined]
    module.content_hash = lambda: "toy-content"  # type: ignore[attr-defined]
    module.validate_content = lambda: []  # type: ignore[attr-defined]
    module.evaluate = _evaluate  # type: ignore[attr-defined]
    return module


def install() -> None:
    register("toy", make_module())


def _table(self: ToyState, seat: int | None) -> list:
    from guardians.engine.table import CardFace, Item, Panel
    panels = []
    for s in (0, 1):
        if s == seat or seat is None and False:
            items = tuple(Item(f"card:{c}", str(c), CardFace(f"Card {c}", "Number", f"Worth {c} points.",
                                                              (("VAL", str(c)),))) for c in self.hands[s])
        else:
            items = tuple(Item(None, "?") for _ in self.hands[s])
        panels.append(Panel(f"Player {s + 1}", items, group="hand" if s == seat else "table", owner=s,
                            extra=(f"Score {self.scores[s]}",)))
    panels.append(Panel("Deck", (), extra=(f"{len(self.deck)} cards",)))
    return panels


ToyState.table = _table  # type: ignore[method-assign]


class DiceToy(ToyState):
    """The toy where passing rolls a die for a point: a random draw in the middle of the game."""

    game_id = "toy-dice"

    def _copy(self):  # type: ignore[override]
        other = super()._copy()     # ToyState._copy builds a ToyState: keep the subclass
        other.__class__ = DiceToy
        return other

    def _apply(self, action):  # type: ignore[override]
        if action.kind == "pass":
            self.scores[self.turn] += self.rng.randint(0, 1)
        super()._apply(action)


def register_dice_toy(monkeypatch: pytest.MonkeyPatch, **module_attrs: object) -> str:
    """Registered for one test only: other tests (the UI's) walk every registered game."""
    module = make_module()
    module.new_game = DiceToy  # type: ignore[attr-defined]
    module.INFO = GameInfo(DiceToy.game_id, "Dice toy", 2, 2)  # type: ignore[attr-defined]
    for name, value in module_attrs.items():
        setattr(module, name, value)
    monkeypatch.setitem(registry._extra, DiceToy.game_id, module)
    return DiceToy.game_id


class PatchedToy(ToyState):
    """The toy whose "card files" can change: BANNED cards may no longer be played (a balance patch)."""

    game_id = "toy-cards"
    BANNED: frozenset[int] = frozenset()

    def _copy(self):  # type: ignore[override]
        other = super()._copy()
        other.__class__ = PatchedToy
        return other

    def _decide(self) -> Decision | None:
        decision = super()._decide()
        if decision is None:
            return None
        options = tuple(o for o in decision.options if not (o.kind == "play" and o.args[0] in self.BANNED))
        return Decision(decision.seat, decision.prompt, options, decision.kind)


def register_patched_toy(monkeypatch: pytest.MonkeyPatch) -> ModuleType:
    """Registered for one test only, with card files at version "cards-v1"."""
    module = make_module()
    module.new_game = PatchedToy  # type: ignore[attr-defined]
    module.content_hash = lambda: "cards-v1"  # type: ignore[attr-defined]
    module.INFO = GameInfo(PatchedToy.game_id, "Patched toy", 2, 2)  # type: ignore[attr-defined]
    monkeypatch.setitem(registry._extra, PatchedToy.game_id, module)
    return module
