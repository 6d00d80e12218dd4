"""The `ai:tactical` computer players of chronicles (spec §4.3, §4.5, §4.6): a fast planner for both sides.

Unlike the greedy player it tries nothing on copies of the game: it reads the seat's own view
(`state.view(seat)`: the villain never sees the heroes' face-down cards nor the initiative order, a hero never
sees the villain's hand or face-down Event cards) and scores each legal option with hand-written tactics and the
exact odds of the dice (`dice.yaml`), so a decision costs about a millisecond. Ties are broken by a seeded RNG.

Heroes (§4.6) share one team plan computed from the shared hero view: each hero heads for the orange space of an
unsettled objective that suits his check statistic best (or brings the freed hostage home, or, in the Final
Showdown, goes for the airlock and then Doktor Skarov); checks are tried for their expected worth (a failure
still leaves a -1 token, ruling Q32); attacks for their chance of a hit on the figures in the way; doors are
opened when they shorten the way. The villain (§4.5) guards orange spaces, closes on the heroes, attacks for
the expected hit, places its Event cards as Secret Techniques where figures will fight, plays Events for their
situational worth, wakes the room that hurts the heroes most and escapes in the Showdown when that wins.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from guardians.engine.actions import Action
from guardians.engine.rng import Rng
from guardians.engine.state import GameState
from guardians.games.chronicles.rules.board import HEROES, VILLAINS

__all__ = ["TacticalPlayer", "check_odds", "hit_odds", "tactical_choice"]

STEP = 10.0          # worth of one area step nearer the hero's goal
CHECK_WORTH = 45.0   # an objective check that succeeds
TOKEN_WORTH = 6.0    # a failed check still leaves a -1 token (ruling Q32)
HIT_WORTH = 12.0     # a villain hit on a hero
GUARD = 30.0         # a villain figure standing on an orange space stops the check (ruling Q59)
CAP = 16             # successes beyond this never matter

_COMBAT = (0, 0, 1, 1, 2, "pow")
_POWER = (0, 1, 1, 2, 2, "pow")
_CHECK = (0, 0, 0, 1, 1, 1, 2, 2)


def _die(faces: tuple) -> tuple[float, ...]:
    """Distribution of one attack die's successes, POW counting 1 and rolling again (L436)."""
    n = len(faces)
    pows = sum(1 for f in faces if f == "pow") / n
    dist = [0.0] * (CAP + 1)
    for f in faces:
        if f != "pow":
            dist[min(CAP, int(f))] += 1 / n
    # d = base + pows * shift(d, 1): iterate to a fixed point (pows < 1).
    d = list(dist)
    for _ in range(CAP + 2):
        nd = list(dist)
        for k in range(CAP + 1):
            nd[min(CAP, k + 1)] += pows * d[k]
        d = nd
    return tuple(d)


def _add(a: tuple[float, ...], b: tuple[float, ...]) -> tuple[float, ...]:
    out = [0.0] * (CAP + 1)
    for i, p in enumerate(a):
        if p:
            for j, q in enumerate(b):
                out[min(CAP, i + j)] += p * q
    return tuple(out)


@lru_cache(maxsize=None)
def _pool(white: int, red: int) -> tuple[float, ...]:
    if white > 0:
        return _add(_pool(white - 1, red), _die(_COMBAT))
    if red > 0:
        return _add(_pool(0, red - 1), _die(_POWER))
    return (1.0,) + (0.0,) * CAP


@lru_cache(maxsize=None)
def hit_odds(white: int, red: int, defense: int) -> float:
    """P(successes >= defense) for an attack roll of `white` Combat and `red` Power dice (L434-L436)."""
    if defense <= 0:
        return 1.0
    return sum(_pool(white, red)[min(CAP, defense):]) if defense <= CAP else 0.0


@lru_cache(maxsize=None)
def _check_sums(n: int) -> tuple[float, ...]:
    dist = [1.0]
    for _ in range(n):
        nd = [0.0] * (len(dist) + 2)
        for s, p in enumerate(dist):
            for f in _CHECK:
                nd[s + f] += p / len(_CHECK)
        dist = nd
    return tuple(dist)


@lru_cache(maxsize=None)
def check_odds(dice: int, add: int, value: int) -> float:
    """P(sum of `dice` orange dice + add <= value) (L460-L466); difficulty 0 succeeds unrolled (ruling Q33)."""
    if dice <= 0 or dice + add <= 0:
        return 1.0 if dice <= 0 and add <= value else (1.0 if dice + add <= 0 else 0.0)
    return sum(p for s, p in enumerate(_check_sums(dice)) if s + add <= value)


def _cheb(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(abs(a[0] - b[0]), abs(a[1] - b[1]))


_ROUTES: WeakKeyDictionary = WeakKeyDictionary()     # per board: (area, area, doors, locked, depth) -> steps


def _route(base: Any, a: str, b: str, doors: int, locked: int, depth: int) -> float:
    """Area steps for a hero from area `a` to area `b`: through open doors; else to the front space of a
    closed door he can reach, a toll for opening it, and on from its far side (up to five doors deep)."""
    cache = _ROUTES.get(base)
    if cache is None:
        cache = _ROUTES[base] = {}
    key = (a, b, doors, locked, depth)
    found = cache.get(key)
    if found is not None:
        return found
    now = base.area_steps(a, HEROES, doors)
    if b in now:
        best = float(now[b])
    else:
        best = base.area_steps(a, VILLAINS, 0).get(b, 12) + 25.0     # no way found: still some slope
        if depth > 0:
            for door in base.doors:
                if doors & door.bit or locked & door.bit:
                    continue
                sides = [base.area_of[c] for c in door.cells]
                if (sides[0] in now) == (sides[1] in now):
                    continue
                near, far = (sides[0], sides[1]) if sides[0] in now else (sides[1], sides[0])
                toll = now[near] + 2.0 + 1.0
                if toll < best:
                    best = min(best, toll + _route(base, far, b, doors | door.bit, locked, depth - 1))
    cache[key] = best
    return best


class TacticalPlayer:
    """`ai:tactical` for either side of chronicles; reads only `state.decision` and `state.view(seat)`."""

    def __init__(self, seed: int = 0) -> None:
        self.rng = Rng(seed)

    def choose(self, state: GameState) -> Action:
        assert state.decision is not None, "choose() called on a finished game"
        return tactical_choice(state, self.rng)


def tactical_choice(state: GameState, rng: Rng) -> Action:
    """The deciding seat's best-scored option by the plan read from its own view; ties broken by `rng`."""
    decision = state.decision
    assert decision is not None
    options = decision.options
    if len(options) == 1:
        return options[0]
    seat = decision.seat
    plan = _Plan(state.view(seat, with_log=False), seat)
    scores = [plan.score(o) for o in options]
    top = max(scores)
    best = [o for o, s in zip(options, scores) if s >= top - 1e-9]
    return best[rng.randrange(len(best))]


class _Plan:
    """One decision's reading of the view, with small caches."""

    def __init__(self, v: Any, seat: int) -> None:
        self.v = v
        self.seat = seat
        self.base = v.base
        self.box = v.box
        self._goals: dict[str, list] = {}
        self._orange: list | None = None
        self._locked: int | None = None
        self._near: dict[str, int] | None = None
        self._heroes: list | None = None
        self._villains: list | None = None
        self._hero_figs: list | None = None
        self._worth: dict[tuple, float] = {}
        self._assign: dict[str, str] | None = None
        self._near_cell: dict[tuple[int, int], float] = {}

    # ----- geometry -------------------------------------------------------------------------------

    def hero_cells(self) -> list[tuple[int, int]]:
        if self._heroes is None:
            self._heroes = [f.cell for f in self.v.on_board(HEROES) if f.cell is not None]
        return self._heroes

    def hero_figs(self) -> list:
        if self._hero_figs is None:
            self._hero_figs = [f for f in self.v.on_board(HEROES) if f.cell is not None]
        return self._hero_figs

    def villain_figs(self) -> list:
        if self._villains is None:
            self._villains = [f for f in self.v.on_board(VILLAINS) if f.cell is not None]
        return self._villains

    def orange(self) -> list[tuple[str, Any, tuple[int, int]]]:
        """(face, check def, cell) of every orange space still worth a check for an unsettled objective."""
        if self._orange is None:
            v = self.v
            out = []
            for face, placed in self.base.faces.items():
                room = self.box.rooms[face]
                if face not in v.objectives or v.objectives[face][2]:
                    continue
                if room.objective is not None and room.objective.escort and v.escort is not None:
                    continue
                for mark in placed.marks:
                    if mark.kind != "check" or mark.check not in room.checks:
                        continue
                    cd = room.checks[mark.check]
                    if cd.per_mark and mark.at in v.spent:
                        continue
                    out.append((face, cd, mark.at))
            self._orange = out
        return self._orange

    def hero_steps(self, cell: tuple[int, int], goal: tuple[int, int], doors: int | None = None) -> float:
        """Area steps a hero needs from `cell` to `goal` with the doors as they are, plus a little for the
        distance inside the goal's area (`_route`)."""
        a, b = self.base.area_of[cell], self.base.area_of[goal]
        fine = 0.15 * _cheb(cell, goal)
        if a == b:
            return fine
        return _route(self.base, a, b, self.v.doors if doors is None else doors, self.locked, 5) + fine

    @property
    def locked(self) -> int:
        if self._locked is None:
            self._locked = sum(d.bit for d in self.base.doors if self.v.door_locked(d))
        return self._locked

    def near_heroes(self, cell: tuple[int, int]) -> float:
        """Area steps (as a villain walks) from `cell` to the nearest hero, and a little for the spaces."""
        if self._near is None:
            near: dict[str, int] = {}
            for h in self.hero_cells():
                for area, n in self.base.area_steps(self.base.area_of[h], VILLAINS, 0).items():
                    if n < near.get(area, 99):
                        near[area] = n
            self._near = near
        found = self._near_cell.get(cell)
        if found is None:
            heroes = self.hero_cells()
            found = 12.0 if not heroes else \
                self._near.get(self.base.area_of[cell], 12) + 0.1 * min(_cheb(cell, h) for h in heroes)
            self._near_cell[cell] = found
        return found

    # ----- the heroes' team plan --------------------------------------------------------------------

    def goals(self, fid: str) -> list[tuple[tuple[int, int], float]]:
        """The cells this hero heads for, each with a bias in area steps (spec §4.6 team plan): the orange
        spaces of unsettled objectives, nearer for a hero with a good value in the check's statistic and
        farther when a guard or an ally already stands there; the entrance for the hostage's escort; the
        airlocks, then Doktor Skarov, in the Final Showdown."""
        if fid in self._goals:
            return self._goals[fid]
        v = self.v
        fig = v.figures[fid]
        out: list[tuple[tuple[int, int], float]] = []
        if fig.cell is None:
            return out
        if v.escort == fid:
            entrance = v.entrance_face()
            out = [(c, 0.0) for c, face in self.base.face_of.items() if face == entrance and c in self.base.area_of]
        elif not v.showdown:
            face = self.assignment().get(fid)
            for f, cd, cell in self.orange():
                if face is not None and f != face:
                    continue
                value = max(v.check_value(fid, s) for s in cd.stats)
                holder = v.at(cell)
                bias = -0.5 * value
                if holder is not None and holder.id != fid:
                    bias += 2.5 if holder.side == VILLAINS else 1.5
                out.append((cell, bias))
        else:
            skarov = v.figures.get("skarov")
            if skarov is not None and skarov.cell is not None:
                out = [(skarov.cell, 0.0)]      # the way runs through an airlock while none is open
            else:
                for door in self.base.doors:
                    if door.kind == "airlock":
                        out += [(c, 0.0) for c in door.cells]
        self._goals[fid] = out
        return out

    def assignment(self) -> dict[str, str]:
        """Which unsettled objective each hero works on (spec §4.6): in seat order, each hero takes the
        objective nearest to him for his check values, an objective already taken by others costing a few
        steps more per hero, so that with two objectives the Patrol splits into two teams."""
        if self._assign is None:
            v = self.v
            faces = sorted({f for f, _, _ in self.orange()})
            taken = {f: 0 for f in faces}
            out: dict[str, str] = {}
            if len(faces) > 1:
                for seat in v.hero_seats():
                    fid = v.heroes[seat].hero
                    cell = v.figures[fid].cell
                    if cell is None or fid == v.escort:
                        continue
                    best = min(faces, key=lambda f: min(
                        self.hero_steps(cell, c) - 0.5 * max(v.check_value(fid, s) for s in cd.stats)
                        for ff, cd, c in self.orange() if ff == f) + 4.0 * taken[f])
                    taken[best] += 1
                    out[fid] = best
            self._assign = out
        return self._assign

    def goal_dist(self, fid: str, cell: tuple[int, int], doors: int | None = None) -> float:
        goals = self.goals(fid)
        if not goals:
            return 0.0
        return min(self.hero_steps(cell, g, doors) + bias for g, bias in goals)

    def danger(self, cell: tuple[int, int]) -> int:
        """Villain figures within one area step (they may attack next)."""
        base = self.base
        near = base.area_steps(base.area_of[cell], VILLAINS, 0)
        return sum(1 for f in self.villain_figs() if near.get(base.area_of[f.cell], 9) <= 1)

    # ----- scoring --------------------------------------------------------------------------------

    def score(self, o: Action) -> float:
        handler = getattr(self, "_" + o.kind, None)
        if handler is None:
            return 0.0
        return float(handler(o))

    def _me(self) -> str:
        return self.v.heroes[self.seat].hero

    # hero set-up and strategy
    def _pick_rank(self, o: Action) -> float:
        return 1.0 if o.args[0] == "normal" else 0.0

    def _place_hero(self, o: Action) -> float:
        cell = (int(o.args[0]), int(o.args[1]))
        targets = [c for _, _, c in self.orange()]
        return -min((self.hero_steps(cell, t) for t in targets), default=0.0)

    def _power(self, o: Action) -> float:
        v = self.v
        card, side = str(o.args[0]), str(o.args[1])
        c = self.box.cards[card]
        fid = self._me()
        fig = v.figures[fid]
        if c.deck == "wound":
            return 6.0
        dist = self.goal_dist(fid, fig.cell) if fig.cell is not None else 0.0
        danger = self.danger(fig.cell) if fig.cell is not None else 0
        mine = {g for g, _ in self.goals(fid)}
        stats = {s for face, cd, cell in self.orange() for s in cd.stats if cell in mine}
        if side == "right":
            t = c.technique or {}
            value = 0.0
            for stat, k in t.items():
                if stat == "speed":
                    value += k * (3.0 if dist >= 1.5 else 0.5)
                elif stat == "combat":
                    value += k * (2.0 + (2.0 if danger else 0.0) + (2.0 if "combat" in stats else 0.0))
                elif stat == "defense":
                    value += k * (1.0 + 1.5 * min(danger, 3))
                elif stat == "mental":
                    value += k * (1.0 + (5.0 if "mental" in stats and dist <= 2 else 0.0))
                else:
                    value += k
            return value
        if c.weakness:
            return 8.0 if fig.damage >= v.health(fid) - 1 else -1.0
        kind = c.special.type if c.special is not None else ""
        if kind == "attack":
            return 3.0 + (2.0 if danger else 0.0)
        if kind == "movement":
            return 3.0 if dist >= 1.5 else 1.0
        return 3.0

    def _power_done(self, o: Action) -> float:
        return 0.5

    def _initiative(self, o: Action) -> float:
        v = self.v
        score = 0.0
        n = len(o.args)
        for pos, seat in enumerate(o.args):
            fid = v.heroes[int(seat)].hero
            fig = v.figures[fid]
            if fig.cell is None:
                continue
            urgency = 2.0 * self.danger(fig.cell) - self.goal_dist(fid, fig.cell)
            score += urgency * (n - pos)
        return score

    # hero activation
    def _move(self, o: Action) -> float:
        v = self.v
        if self.seat == 0:
            return self._villain_effect_move(o)
        decision_fid = self._moving_hero()
        if decision_fid is None:
            return 0.0
        fig = v.figures[decision_fid]
        cell = (int(o.args[0]), int(o.args[1]))
        gain = STEP * (self.goal_dist(decision_fid, fig.cell) - self.goal_dist(decision_fid, cell))
        # a guard on the goal space: stand next to it to attack
        guard = 0.0
        for g, _ in self.goals(decision_fid):
            occ = v.at(g)
            if occ is not None and occ.side == VILLAINS and self.base.adjacent(cell, g, v.doors):
                guard = 6.0
        return gain + guard - 1.5 * (self.danger(cell) - self.danger(fig.cell)) - 0.3

    _reposition = _move

    def _moving_hero(self) -> str | None:
        v = self.v
        pending = v.pending
        if pending is not None and pending.kind == "effect":
            prompt = pending.data[1]
            for f in v.figures.values():
                if f.side == HEROES and prompt.endswith(v.fig_name(f.id)):
                    return f.id
        return self._me()

    def _stay(self, o: Action) -> float:
        return 0.0

    def _end(self, o: Action) -> float:
        # a hero ends early only when nothing helps; the villain ends an activation when nothing scores above 0
        return -0.5 if self.seat != 0 else 0.0

    def _check(self, o: Action) -> float:
        v = self.v
        face, check, _x, _y, stat = o.args
        room = self.box.rooms[str(face)]
        cd = room.checks[str(check)]
        fid = self._me() if self.seat != 0 else None
        if fid is None:
            return 0.0
        key = f"{face}.{check}"
        add = cd.plus + (v.heroes_in_play_count() if cd.plus_heroes else 0) - v.check_tokens.get(key, 0)
        dice = max(1, cd.dice - v.rule(fid, "check_dice_minus")) if cd.dice > 0 else 0
        p = check_odds(dice, add, v.check_value(fid, str(stat)))
        if str(face) in v.objectives and not v.objectives[str(face)][2]:
            return CHECK_WORTH * p + TOKEN_WORTH
        return 8.0 * p + 1.0

    def _attack(self, o: Action) -> float:
        fid = self._me()
        return self._hero_attack_value(fid, str(o.args[0]), "melee")

    def _hero_attack_value(self, fid: str, target: str, mode: str) -> float:
        v = self.v
        t = v.figures[target]
        white, red = v.attack_pool(fid, target, mode)
        p = hit_odds(white, red, v.stat(target, "defense"))
        role = self.box.villains[t.card].role if t.card in self.box.villains else "minion"
        left = v.health(target) - t.damage
        worth = {"minion": 10.0, "lieutenant": 8.0, "boss": 25.0}.get(role, 8.0)
        if left <= 1:
            worth += 8.0
        if t.cell is not None and any(t.cell == c for _, _, c in self.orange()):
            worth += 15.0
        return p * worth + 1.0

    def _door_check(self, o: Action) -> float:
        v = self.v
        door_id, stat = str(o.args[0]), str(o.args[1])
        fid = self._me()
        fig = v.figures[fid]
        door = self.base.door_by_id[door_id]
        diff = v.scenario.doors[door_id][stat]
        add = (v.heroes_in_play_count() if diff.plus_heroes else 0) - v.check_tokens.get(f"door.{door_id}.{stat}", 0)
        dice = max(1, diff.dice - v.rule(fid, "door_dice_minus")) if diff.dice > 0 else 0
        p = check_odds(dice, add, v.check_value(fid, stat))
        gain = 0.0
        for seat in v.hero_seats():
            hf = v.figures[v.heroes[seat].hero]
            if hf.cell is None:
                continue
            gain = max(gain, self.goal_dist(hf.id, hf.cell) - self.goal_dist(hf.id, hf.cell, v.doors | door.bit))
        if gain <= 0:
            return -1.0
        return p * STEP * min(gain, 4.0) + 2.0

    def _use_power(self, o: Action) -> float:
        v = self.v
        c = self.box.cards[str(o.args[0])]
        fid = self._me()
        kind = c.special.type if c.special is not None else ""
        if kind == "attack":
            targets = v.attack_targets(fid, "melee") + v.attack_targets(fid, "ranged")
            return 9.0 if targets else -1.0
        return 2.0

    # effect sub-decisions
    def _pick(self, o: Action) -> float:
        v = self.v
        fid = str(o.args[0])
        f = v.figures[fid]
        prompt = v.pending.data[1] if v.pending is not None and v.pending.kind == "effect" else ""
        if self.seat == 0:
            if f.side == VILLAINS:
                # Kamikaze picks the minion next to most heroes; shields and repairs the figure nearest them
                near = sum(1 for c in self.hero_cells() if f.cell is not None and _cheb(c, f.cell) <= 1)
                return near * 10.0 + 0.1 * f.damage
            return self._hero_exposure(fid)
        if f.side == HEROES and f.cell is not None:
            return self.goal_dist(fid, f.cell) + (0 if v.heroes[v.seat_of(fid)].activated else 2.0)
        return 0.0 if prompt else 0.0

    def _hero_exposure(self, fid: str) -> float:
        f = self.v.figures[fid]
        return 0.0 if f.cell is None else float(self.danger(f.cell))

    def _target(self, o: Action) -> float:
        fid = str(o.args[0])
        if self.seat == 0:
            return self._villain_attack_value(None, fid, "melee")
        return self._hero_attack_value(self._me(), fid, "ranged")

    def _push(self, o: Action) -> float:
        v = self.v
        cell = (int(o.args[0]), int(o.args[1]))
        pending = v.pending
        prompt = pending.data[1] if pending is not None and pending.kind == "effect" else ""
        who = next((f for f in v.figures.values() if f.cell is not None and prompt.endswith(v.fig_name(f.id) + "?")),
                   None)
        if who is None:
            return 0.0
        if who.side == HEROES:
            far = self.goal_dist(who.id, cell) - self.goal_dist(who.id, who.cell)
            return (far if self.seat == 0 else -far) * STEP
        spots = [c for _, _, c in self.orange()] + self.hero_cells()
        gain = min((_cheb(cell, c) for c in spots), default=0) - min((_cheb(who.cell, c) for c in spots), default=0)
        return gain if self.seat != 0 else -gain

    def _no_push(self, o: Action) -> float:
        return 0.0

    # ----- the villain ------------------------------------------------------------------------------

    def _place_minion(self, o: Action) -> float:
        return 0.0

    def _place_lt(self, o: Action) -> float:
        cell = (int(o.args[1]), int(o.args[2]))
        return 10.0 - min((_cheb(cell, c) for _, _, c in self.orange()), default=5)

    def _lt_done(self, o: Action) -> float:
        return -1.0

    def _activate(self, o: Action) -> float:
        vid = str(o.args[0])
        heroes = self.hero_cells()
        value = 0.0
        for f in self.v.figures_of(vid):
            if f.cell is None or not heroes:
                continue
            value += max(0.0, 4.0 - self.near_heroes(f.cell))
            if vid == "skarov":
                value += 2.0
        return value

    def _guard_worth(self, cell: tuple[int, int]) -> float:
        """A figure on an orange space stops its check (ruling Q59); in the Final Showdown one on the front
        space of a closed airlock keeps the heroes from opening it (L485)."""
        for _, _, c in self.orange():
            if c == cell:
                return GUARD
        v = self.v
        if v.showdown:
            for door in self.base.doors:
                if door.kind == "airlock" and not v.doors & door.bit and cell in door.cells:
                    return GUARD
        return 0.0

    def _villain_cell_worth(self, fid: str, cell: tuple[int, int], actions_after: int) -> float:
        key = (fid, cell, actions_after > 0)
        found = self._worth.get(key)
        if found is None:
            found = self._worth[key] = self._cell_worth(fid, cell, actions_after)
        return found

    def _cell_worth(self, fid: str, cell: tuple[int, int], actions_after: int) -> float:
        v = self.v
        value = self._guard_worth(cell)
        heroes = self.hero_figs()
        if not heroes:
            return value
        # minions and lieutenants close in; Doktor Skarov keeps his distance unless he strikes (spec §4.5)
        value += (1.5 if fid == "skarov" else -3.0) * min(self.near_heroes(cell), 4.0)
        if actions_after > 0:
            best = 0.0
            for h in heroes:
                if _cheb(cell, h.cell) == 1 and self.base.adjacent(cell, h.cell, v.doors):
                    best = max(best, self._villain_attack_value(fid, h.id, "melee"))
            value += best
        # blocking: in the area of an orange space the heroes need
        area = self.base.area_of[cell]
        if any(self.base.area_of[c] == area for _, _, c in self.orange()):
            value += 5.0
        return value

    def _fig_move(self, o: Action) -> float:
        fid = str(o.args[0])
        f = self.v.figures[fid]
        cell = (int(o.args[1]), int(o.args[2]))
        left = f.actions - 1
        return (self._villain_cell_worth(fid, cell, left) - self._villain_cell_worth(fid, f.cell, left)) - 0.2

    def _villain_effect_move(self, o: Action) -> float:
        v = self.v
        pending = v.pending
        prompt = pending.data[1] if pending is not None and pending.kind == "effect" else ""
        who = next((f for f in v.figures.values() if f.cell is not None and f.side == VILLAINS
                    and prompt.endswith(v.fig_name(f.id))), None)
        if who is None:
            return 0.0
        cell = (int(o.args[0]), int(o.args[1]))
        return self._villain_cell_worth(who.id, cell, 1) - self._villain_cell_worth(who.id, who.cell, 1)

    def _villain_attack_value(self, fid: str | None, target: str, mode: str) -> float:
        v = self.v
        t = v.figures[target]
        if fid is None:
            p = 0.5
        else:
            white, red = v.attack_pool(fid, target, mode)
            p = hit_odds(white, red, v.stat(target, "defense"))
        worth = HIT_WORTH
        if t.side == HEROES and t.damage + 1 >= v.health(target):
            worth += 25.0
        if t.cell is not None and t.side == HEROES and any(
                self.base.area_of[t.cell] == self.base.area_of[c] for _, _, c in self.orange()):
            worth += 10.0
        return p * worth + 0.5

    def _fig_attack(self, o: Action) -> float:
        fid, target, mode = str(o.args[0]), str(o.args[1]), str(o.args[2])
        stay = self._guard_worth(self.v.figures[fid].cell)
        return self._villain_attack_value(fid, target, mode) + 3.0 + 0.0 * stay

    def _fig_open(self, o: Action) -> float:
        return -5.0

    def _escape(self, o: Action) -> float:
        v = self.v
        praise = sum(1 for s in v.hero_seats() if v.mission_done(s))
        margin = v.margin() - 1 + praise
        skarov = v.figures["skarov"]
        if margin <= 0 or skarov.damage >= v.health("skarov") - 2:
            return 1000.0
        return -10.0

    def _event(self, o: Action) -> float:
        v = self.v
        card = str(o.args[0])
        ev = self.box.events[card]
        steps = [name for name, _ in ev.effect]
        heroes = self.hero_cells()
        vid = v.active_vid
        figs = [f for f in v.figures_of(vid) if f.cell is not None] if vid else []
        engaged = sum(1 for f in figs if f.actions > 0 and any(_cheb(f.cell, h) <= 2 for h in heroes))
        keep = 4.0
        if "remove_figure" in steps:        # Kamikaze
            best = max((sum(1 for h in heroes if _cheb(f.cell, h) <= 1) for f in v.on_board(VILLAINS)
                        if f.cell is not None and self.box.villains[f.card].role == "minion"), default=0)
            return best * 9.0 - 4.0 - keep
        if "spawn" in steps:
            return 7.0 - keep if v.supply("robot") else -5.0
        if "extra_actions" in steps:
            return engaged * 5.0 - keep
        if "threat" in steps:
            close = max((v.objectives[f][1] / self.box.rooms[f].objective.length for f in v.unsettled()),
                        default=0.0)
            return 10.0 + 10.0 * close - keep if v.unsettled() else -5.0
        if "activate_room" in steps:
            return max((self._room_worth(f) for f in v.lit_rooms()), default=0.0) - keep
        if "close_door" in steps:
            return 3.0 - keep if v.closable_doors() else -5.0
        if "heal" in steps:
            return (6.0 if any(f.damage for f in v.on_board(VILLAINS) if self.box.villains[f.card].role != "boss")
                    else -5.0) - keep
        if "each_hero" in steps:
            return 6.0 * max((sum(1 for h in heroes if self.base.area_of[h] == a) for a in
                              {self.base.area_of[h] for h in heroes}), default=0) - keep
        if "grant" in steps:
            return engaged * 3.0 - keep
        return 2.0 - keep

    def _event_st(self, o: Action) -> float:
        v = self.v
        card, vid = str(o.args[0]), str(o.args[1])
        ev = self.box.events[card]
        heroes = self.hero_cells()
        figs = [f for f in v.figures_of(vid) if f.cell is not None]
        if not figs or not heroes:
            return -1.0
        near = sum(1 for f in figs if self.near_heroes(f.cell) <= 1.5)
        value = 0.0
        for stat, k in (ev.technique or {}).items():
            if stat == "combat":
                value += k * 2.5 * near
            elif stat == "defense":
                value += k * 1.5 * near
            elif stat == "speed":
                value += k * 0.8 * (len(figs) - near)
        return value - 4.0

    def _events_done(self, o: Action) -> float:
        return 0.0

    def _room_worth(self, face: str) -> float:
        v = self.v
        room = self.box.rooms[face]
        value = 0.0
        on_tile = [h for h in self.hero_cells() if self.base.face_of[h] == face]
        for name, p in room.activation:
            if name == "threat":
                if face in v.objectives and not v.objectives[face][2]:
                    value += 25.0
            elif name == "spawn":
                value += 6.0 * max(1, int(p.get("count", 1)) or v.heroes_in_play_count())
            elif name == "close_door":
                value += 3.0 if v.closable_doors() else 0.0
            elif name in ("each_hero", "choose_area"):
                value += 9.0 * len(on_tile)
        return value

    def _room(self, o: Action) -> float:
        if o.args[0] is None:
            return 0.0
        return self._room_worth(str(o.args[0]))

    def _no_room(self, o: Action) -> float:
        return 0.5

    def _area(self, o: Action) -> float:
        a = str(o.args[0])
        return float(sum(1 for h in self.hero_cells() if self.base.area_of[h] == a))

    def _tile(self, o: Action) -> float:
        v = self.v
        face = str(o.args[0])
        if face in v.objectives:
            obj = self.box.rooms[face].objective
            return 10.0 * v.objectives[face][1] / obj.length if obj is not None else 0.0
        return float(sum(1 for h in self.hero_cells() if self.base.face_of[h] == face)) + (
            3.0 if any(self.base.face_of[c] == face for _, _, c in self.orange()) else 0.0)

    def _door(self, o: Action) -> float:
        door = self.base.door_by_id[str(o.args[0])]
        heroes = self.hero_cells()
        return -min((_cheb(c, h) for c in door.cells for h in heroes), default=0)

    def _react(self, o: Action) -> float:
        return 2.0

    def _pass(self, o: Action) -> float:
        return 0.0

