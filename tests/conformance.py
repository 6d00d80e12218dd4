"""The State API conformance harness every game runs (the idea of OpenSpiel's random_sim_test).

`run_conformance` plays seeded games with AI seats and checks, along the way, what every game must
do for the UI, the AI, saves and undo to work: options listed, deterministic and the only thing
`apply` accepts; clones independent; views masking what they should; determinizations agreeing with
the view; saves replaying to the same digest; the game ending within a bound.

Cheap properties are checked at every decision; expensive ones (save/load, undo, determinize, views)
on a deterministic sample of decisions (`sample_every`) so a game can run hundreds of games in CI.
A failure raises `ConformanceFailure` naming the game, seed, decision and the actions so far, which
is everything needed to reproduce it with `saves.replay(config, seed, actions)`.
"""

from __future__ import annotations

import json
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, Callable, Iterable, Sequence

from guardians.ai import make_player
from guardians.engine import Action, GameConfig, GameState, IllegalAction, Rng
from guardians.engine.registry import get_game
from guardians.engine.saves import load_save, undo, write_save

HiddenCheck = Callable[[GameState, GameState, int], None]
ViewKey = Callable[[GameState, int], Any]

NOT_AN_ACTION = Action("__conformance_not_an_action__", ("x",))


class ConformanceFailure(AssertionError):
    """A game broke a rule of the State API."""


@dataclass
class ConformanceReport:
    games: int = 0
    decisions: int = 0
    longest: int = 0
    sampled: int = 0
    saves_checked: int = 0
    undos_checked: int = 0
    determinizations_checked: int = 0
    variants_checked: int = 0
    variants_differed: int = 0          # hidden variants that really changed something (a sanity count)
    outcomes: dict[str, int] = field(default_factory=dict)


def default_view_key(state: GameState, seat: int) -> Any:
    """What `seat` knows: its masked view's position data and its table panels.

    A state and any determinization of it for `seat` must give the same key. The RNG is left out on
    purpose: a determinization may re-sample the future as well as the hidden present.
    """
    view = state.view(seat)
    return json.dumps([view._digest_data(), [repr(panel) for panel in state.table(seat)]],
                      sort_keys=True, default=str)


def _option_signature(state: GameState) -> Any:
    decision = state.decision
    if decision is None:
        return None
    return (decision.seat, decision.prompt, decision.kind,
            tuple((o.kind, o.args, o.label, o.refs) for o in decision.options))


def _not_listed(options: Sequence[Action]) -> list[Action]:
    """Actions that are not among `options`: a made-up kind, and listed kinds with altered args."""
    candidates = [NOT_AN_ACTION]
    for option in options[:3]:
        candidates.append(Action(option.kind, option.args + ("__extra__",)))
        if option.args and isinstance(option.args[0], int) and not isinstance(option.args[0], bool):
            candidates.append(Action(option.kind, (option.args[0] + 10_007,) + option.args[1:]))
    return [c for c in candidates if c not in options]


class _Playout:
    """One seeded game under test, with a twin that must stay identical to it (unless `twin` is off)."""

    def __init__(self, game_id: str, config: GameConfig, seed: int, kinds: Sequence[str],
                 tmp: Path, options: dict[str, Any]) -> None:
        self.game_id = game_id
        self.config = config
        self.seed = seed
        self.tmp = tmp
        self.o = options
        game = get_game(game_id)
        self.state = game.new_game(config, seed)
        self.twin = game.new_game(config, seed) if options["twin"] else None
        self.players = [make_player(f"ai:{kinds[seat % len(kinds)]}", game_id, seed * 7919 + seat)
                        for seat in range(config.players)]
        self.step = 0
        # Where in the cycle samples fall differs by seed, so different positions get checked.
        self.offset = seed % options["sample_every"]

    def fail(self, message: str) -> ConformanceFailure:
        actions = [entry.action.to_json() for entry in self.state.history]
        shown = actions if len(actions) <= 40 else ["…"] + actions[-40:]
        return ConformanceFailure(
            f"{self.game_id} seed={self.seed} config={self.config.to_json()} decision #{self.step}: "
            f"{message}\n  actions so far ({len(actions)}): {json.dumps(shown)}")

    def check(self, ok: bool, message: str) -> None:
        if not ok:
            raise self.fail(message)

    # ----- the checks ----------------------------------------------------------------------------

    def check_decision(self) -> None:
        state = self.state
        decision = state.decision
        self.check(decision is not None, "the game is not over but there is no decision")
        assert decision is not None
        self.check(len(decision.options) > 0, f"decision {decision.prompt!r} has no options")
        self.check(0 <= decision.seat < self.config.players, f"decision for seat {decision.seat}")
        self.check(len(set(decision.options)) == len(decision.options),
                   f"decision {decision.prompt!r} lists the same action twice")
        for event in state.events:
            self.check(event.secret is None or bool(event.seats),
                       f"event {event.kind!r} has a secret but no seat allowed to read it")

    def check_illegal(self) -> None:
        state = self.state
        before = state.digest()
        signature = _option_signature(state)
        for action in _not_listed(state.legal_actions()):
            try:
                state.apply(action)
            except IllegalAction:
                pass
            else:
                raise self.fail(f"apply accepted an action that was not listed: {action}")
            self.check(state.digest() == before, f"a refused action {action} changed the state")
            self.check(_option_signature(state) == signature, f"a refused action {action} changed the options")

    def check_clone(self) -> None:
        state = self.state
        before = state.digest()
        signature = _option_signature(state)
        copy = state.clone()
        self.check(copy.digest() == before, "clone() has a different digest")
        self.check(_option_signature(copy) == signature, "clone() lists different options")
        options = copy.legal_actions()
        copy.apply(options[-1])
        while not copy.is_over and len(copy.history) < len(state.history) + 3:
            copy.apply(copy.legal_actions()[0])
        self.check(state.digest() == before, "playing on a clone changed the original (shared state)")
        self.check(_option_signature(state) == signature, "playing on a clone changed the original's options")

    def check_views(self) -> None:
        state = self.state
        before = state.digest()
        state.view(None)
        state.table(None)
        for seat in range(self.config.players):
            view = state.view(seat)
            state.table(seat)
            if self.o["hidden_check"] is not None:
                try:
                    self.o["hidden_check"](state, view, seat)
                except AssertionError as exc:
                    raise self.fail(f"view({seat}) shows what it must not: {exc}") from None
        if self.o["observation"]:
            self.check_observation()
        self.check(state.digest() == before, "view() or table() changed the state")

    def check_observation(self) -> None:
        """A view is an observation: no seed, RNG or history, and two states that differ only in what a
        seat may not see (`hidden_variant`: other hands and decks shuffled, hidden commitments changed)
        give byte-identical observations. A hidden card put back into the view fails this."""
        state = self.state
        for seat in range(self.config.players):
            view = state.view(seat)
            self.check(view.seed is None and not view.history, f"view({seat}) keeps the seed or the history")
            try:
                view.rng.random()
            except RuntimeError:
                pass
            else:
                raise self.fail(f"view({seat}) keeps a usable RNG")
            decision = state.decision
            if decision is not None and decision.seat != seat:
                self.check(not view.decision or not view.decision.options,
                           f"view({seat}) lists seat {decision.seat}'s options")
            mine = state.observation(seat)
            for k in range(2):
                token = self.seed * 7_919 + self.step * 13 + seat * 3 + k
                variant = state.hidden_variant(seat, Rng(token))
                if variant.digest() != state.digest():
                    self.report.variants_differed += 1
                self.report.variants_checked += 1
                if variant.observation(seat) != mine:
                    raise self.fail(f"view({seat}) differs between two states that differ only in what seat "
                                    f"{seat} may not see: it leaks hidden information")
            world = state.determinize(seat, Rng(self.seed + self.step + seat))
            self.check(json.dumps(world.view(seat)._observation_data(), sort_keys=True, default=str)
                       == json.dumps(view._observation_data(), sort_keys=True, default=str),
                       f"determinize({seat}) gives a world that seat {seat} would see differently")

    def check_determinize(self, report: ConformanceReport) -> None:
        state = self.state
        decision = state.decision
        assert decision is not None
        before = state.digest()
        view_key = self.o["view_key"]
        for seat in sorted({decision.seat, (decision.seat + 1) % self.config.players}):
            token = self.seed * 1_000_003 + self.step * 31 + seat
            world = state.determinize(seat, Rng(token))
            again = state.determinize(seat, Rng(token))
            self.check(world.digest() == again.digest(), f"determinize({seat}) is not deterministic for one rng seed")
            self.check(view_key(world, seat) == view_key(state, seat),
                       f"determinize({seat}) disagrees with what seat {seat} sees")
            if seat == decision.seat:
                world.invalidate()  # recompute from the re-sampled world, not the decision cached by clone()
                self.check(_option_signature(world) == _option_signature(state),
                           f"seat {seat}'s options differ in a determinization: they depend on hidden information")
                world.apply(world.legal_actions()[0])
            report.determinizations_checked += 1
        self.check(state.digest() == before, "determinize() changed the state")

    def check_save(self, report: ConformanceReport) -> None:
        state = self.state
        path = self.tmp / f"{self.game_id}-{self.seed}-{self.step}.json"
        write_save(path, state)
        loaded = load_save(path)
        self.check(loaded.digest() == state.digest(), "save then load gives a different digest")
        self.check(_option_signature(loaded) == _option_signature(state), "save then load lists different options")
        path.unlink()
        report.saves_checked += 1

    def check_undo(self, seat: int, digest_before: str, report: ConformanceReport) -> None:
        state = self.state
        if state.undoable_count(seat) < 1:
            return
        back = undo(state, seat, 1)
        self.check(back.digest() == digest_before, "undo of the last action does not give the prior digest")
        report.undos_checked += 1

    # ----- the game ------------------------------------------------------------------------------

    def run(self, report: ConformanceReport) -> None:
        self.report = report
        state, twin, o = self.state, self.twin, self.o
        self.check(twin is None or state.digest() == twin.digest(), "two new games with one config and seed differ")
        while not state.is_over:
            self.check(self.step < o["max_decisions"], f"no result after {o['max_decisions']} decisions")
            self.check_decision()
            sampled = self.step % o["sample_every"] == self.offset
            digest_before = ""
            if sampled:
                report.sampled += 1
                if twin is not None:
                    self.check(_option_signature(twin) == _option_signature(state),
                               "two states built from the same config, seed and actions list different options")
                self.check_illegal()
                self.check_clone()
                self.check_views()
                self.check_determinize(report)
                deep = self.step % (o["sample_every"] * o["save_every"]) == self.offset
                if deep:
                    self.check_save(report)
                    digest_before = state.digest()
            decision = state.decision
            assert decision is not None
            action = self.players[decision.seat].choose(state)
            state.apply(action)
            if twin is not None:
                twin.apply(action)
            self.step += 1
            if sampled:
                self.check(twin is None or twin.digest() == state.digest(), "two states given the same actions differ")
                if digest_before:
                    self.check_undo(decision.seat, digest_before, report)
        self.check(state.decision is None and not state.legal_actions(), "a finished game still offers a decision")
        result = state.result
        assert result is not None
        self.check(all(0 <= w < self.config.players for w in result.winners), f"winners {result.winners}")
        try:
            state.apply(state.history[-1].action if state.history else NOT_AN_ACTION)
        except IllegalAction:
            pass
        else:
            raise self.fail("apply accepted an action after the game ended")
        self.check_save(report)
        self.check_views()
        report.games += 1
        report.decisions += self.step
        report.longest = max(report.longest, self.step)
        key = "draw" if result.is_draw else "coop_loss" if result.coop_loss else \
            "won:" + ",".join(str(w) for w in result.winners)
        report.outcomes[key] = report.outcomes.get(key, 0) + 1


def run_conformance(game_id: str, configs: list[GameConfig], seeds: Iterable[int],
                    seat_kinds: Sequence[str] = ("random", "greedy"), max_decisions: int = 5000,
                    hidden_check: HiddenCheck | None = None, view_key: ViewKey | None = None,
                    sample_every: int = 7, save_every: int = 10, observation: bool = True,
                    twin: bool = True) -> ConformanceReport:
    """Play every config with every seed and check the State API along the way.

    - `seat_kinds` rotate over seats game by game, so each AI level plays each seat.
    - `hidden_check(state, view, seat)` is the game's own test that `view` hides what `seat` may
      not see; it raises AssertionError on a leak.
    - `view_key(state, seat)` is what `seat` knows; a determinization for `seat` must give the same
      key (default: `default_view_key`).
    - The twin's options, clone, views, determinize and illegal actions are checked every
      `sample_every`-th decision; save/load and undo (both replay the game from its seed, the costly
      checks) every `save_every`-th sample, and save/load again at the end of every game.
    - `observation`: check that views are observations (see `check_observation`).
    - `twin`: play a second state beside the first and compare them at every sample. It doubles the cost of
      a game; the long sparse runs leave it out, since the save/load at the end of every game replays the
      game from its seed and compares digests, which catches the same nondeterminism, only later.
    """
    if sample_every < 1 or save_every < 1:
        raise ValueError("sample_every and save_every must be at least 1")
    options = {"max_decisions": max_decisions, "hidden_check": hidden_check,
               "view_key": view_key or default_view_key, "sample_every": sample_every, "save_every": save_every,
               "observation": observation, "twin": twin}
    report = ConformanceReport()
    with tempfile.TemporaryDirectory(prefix="guardians-conformance-") as tmp:
        for index, seed in enumerate(seeds):
            for config in configs:
                kinds = [seat_kinds[(index + j) % len(seat_kinds)] for j in range(len(seat_kinds))]
                _Playout(game_id, config, seed, kinds, Path(tmp), options).run(report)
    return report
