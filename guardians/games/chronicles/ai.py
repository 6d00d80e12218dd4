"""The chronicles evaluation used by the greedy AI (spec §4.4): how good a position is for Doktor Skarov;
a hero seat uses its negation.

Articles decide the game (L554), so they dominate; then each unsettled objective's race between its threat
track and the Patrol's progress; the heroes' wounds, damage and knock-outs; the villain's losses; how far the
heroes are from what they must reach (the nearest orange space of an unsettled objective, or the airlock and
Doktor Skarov in the Final Showdown); guards on orange spaces; cards in hand. Weights are plain numbers tuned by
simulation (docs/balance/chronicles.md). Card steps are valued in `rules/effects.py` (`steps_value`).
"""

from __future__ import annotations

from guardians.engine.state import GameState
from guardians.games.chronicles.rules.board import HEROES, VILLAINS
from guardians.games.chronicles.rules.effects import steps_value
from guardians.games.chronicles.tactical import tactical_choice

__all__ = ["evaluate", "villain_value", "steps_value", "rollout_policy", "SEARCH", "SEARCH_VERSION"]

# ISMCTS in chronicles (`guardians.ai.search_settings`): random play moves figures nowhere and throws the dice
# at nothing, so a random rollout says little, and the greedy player's one-ply ranking plays the heroes badly
# (greedy heroes beat a greedy villain in 1 game of 20). Rollouts follow the tactical planner instead (about a
# millisecond a decision) for 8 decisions, then the evaluation scores them. Measured against greedy as the heroes
# (performance-notes, "ISMCTS in chronicles"): 0 of 8 games before, 5 of 8 at 250 ms a decision.
SEARCH = {"rollout_depth": 8}
SEARCH_VERSION = 1   # bumped when the rollout policy, SEARCH or EVAL_SCALE changes (the strength table)

ARTICLE = 100.0
OBJECTIVE = 60.0
WOUND = 35.0
DAMAGE = 10.0
KNOCKED_OUT = 120.0
LIEUTENANT_HIT, LIEUTENANT_LOST, MINION_LOST, BOSS_HIT = 8.0, 30.0, 6.0, 20.0
DISTANCE = 5.0
GUARD = 10.0
EVENT_CARD, POWER_CARD = 3.0, 2.0
DOOR = 4.0
TOKEN = 0.25          # a -1 token on an objective's check is a step toward a success (ruling Q32)


def evaluate(state: GameState, seat: int) -> float:
    value = villain_value(state)
    return value if seat == 0 else -value


def villain_value(state: GameState) -> float:
    from guardians.games.chronicles.rules.state import ChroniclesState

    assert isinstance(state, ChroniclesState)
    if not all(h.hero for h in state.heroes.values()):
        return 0.0
    box = state.box
    value = ARTICLE * -state.margin()
    for face, (progress, threat, done) in state.objectives.items():
        if done:
            continue
        obj = box.rooms[face].objective
        assert obj is not None
        tokens = sum(n for key, n in state.check_tokens.items() if key.startswith(face + "."))
        value += OBJECTIVE * (threat / obj.length - (progress + TOKEN * tokens) / obj.needed)
    targets = _targets(state)
    for seat, hs in state.heroes.items():
        fig = state.figures[hs.hero]
        if not hs.in_play:
            value += KNOCKED_OUT
            continue
        wounds = sum(1 for c in hs.hand + hs.discard if c.startswith("?") or box.cards[c].deck == "wound")
        value += WOUND * wounds + DAMAGE * fig.damage / state.health(fig.id)
        value -= POWER_CARD * sum(1 for c in hs.hand if not c.startswith("?") and box.cards[c].deck != "wound")
        if fig.cell is not None and targets:
            value += DISTANCE * _distance(state, fig.cell, targets)
    for fig in state.figures.values():
        if fig.side != VILLAINS:
            continue
        role = box.villains[fig.card].role
        if role == "minion":
            if fig.cell is None:
                value -= MINION_LOST
            continue
        if fig.cell is None and fig.card in state.scenario.lieutenants and role == "lieutenant":
            value -= LIEUTENANT_LOST
        elif role == "lieutenant":
            value -= LIEUTENANT_HIT * fig.damage
        elif role == "boss":
            value -= BOSS_HIT * fig.damage
    guarded = {c for c in _orange(state)}
    value += GUARD * sum(1 for f in state.on_board(VILLAINS) if f.cell in guarded)
    value += EVENT_CARD * len(state.v_hand)
    value -= DOOR * bin(state.doors).count("1")
    value -= DOOR * 0.25 * sum(n for key, n in state.check_tokens.items() if key.startswith("door."))
    return value


def _orange(state: object) -> list:
    """The orange spaces of unsettled objectives and lit traps."""
    out = []
    for face, placed in state.base.faces.items():  # type: ignore[attr-defined]
        if face in state.objectives and not state.objectives[face][2]:  # type: ignore[attr-defined]
            out += [m.at for m in placed.marks if m.kind == "check" and m.at not in state.spent]  # type: ignore[attr-defined]
    return out


def _targets(state: object) -> set[str]:
    """The areas the heroes want to reach: orange spaces of unsettled objectives; in the Final Showdown the
    Control Room's airlocks and Doktor Skarov."""
    base = state.base  # type: ignore[attr-defined]
    if not state.showdown:  # type: ignore[attr-defined]
        return {base.area_of[c] for c in _orange(state)}
    out = set()
    skarov = state.figures["skarov"]  # type: ignore[attr-defined]
    if skarov.cell is not None and state.cr_open():  # type: ignore[attr-defined]
        out.add(base.area_of[skarov.cell])
    else:
        for door in base.doors:
            if door.kind == "airlock":
                out.update(base.area_of[c] for c in door.cells)
    return out


def _distance(state: object, cell: tuple[int, int], targets: set[str]) -> float:
    """Area steps to the nearest target, walking as a villain would (doors ignored) plus a toll per door
    still closed on the way for the hero (approximated: unreachable now = +2)."""
    base = state.base  # type: ignore[attr-defined]
    area = base.area_of[cell]
    if area in targets:
        return 0.0
    free = base.area_steps(area, VILLAINS, 0)
    best = min((free[t] for t in targets if t in free), default=12)
    now = base.area_steps(area, HEROES, state.doors)  # type: ignore[attr-defined]
    if not any(t in now for t in targets):
        best += 2
    return float(best)


def make_player(level: str, seed: int) -> object | None:
    """The game's own players for `guardians.ai.make_player`: `ai:tactical` (spec §4.3) for either side."""
    if level == "tactical":
        from guardians.games.chronicles.tactical import TacticalPlayer

        return TacticalPlayer(seed)
    return None


# ISMCTS rollouts: the tactical planner's choice for the deciding seat, read from that seat's view of the
# sampled world (`tactical.tactical_choice`), ties broken by the search's RNG.
rollout_policy = tactical_choice
