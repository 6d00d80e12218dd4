"""The heroes effect vocabulary: one registered function per YAML step (docs/rules-notes/heroes-content.md).

`STEPS` is the game's `StepRegistry`: each step is declared with its YAML schema (`params`, which the
content loader checks) and the AI's estimate of its worth (`value`). Steps run from the flow kernel's
stack of frames, never Python generators, so a state stopped in the middle of a card (waiting for a
target) can still be cloned for the AI. A step that needs a choice calls `state.ask` and returns WAIT;
when the answer arrives it is stored in `frame.answer` and the step runs again to consume it. Rulebook (000_04d8657756ecac85.txt), "CARD EFFECTS & TIMING": a
player performs as much of a card as possible, in order — so a step with nothing to act on is skipped.
"""

from __future__ import annotations

from operator import itemgetter
from typing import TYPE_CHECKING, Any

from guardians.engine.actions import Option
from guardians.engine.content import Field
from guardians.engine.flow import DONE, StepRegistry, StepValue
from guardians.games.heroes.rules.model import CONDITIONS, IMMOBILIZE, SHIELD, Frame

if TYPE_CHECKING:
    from guardians.games.heroes.rules.state import HeroesState

BUILTINS = ("self", "here", "that", "attacker")
_NO_HERO = Option("none", (), "Choose no hero", ())


_SECOND = itemgetter(1)


class Effects:
    """Mixin of HeroesState: what the steps use (names, filters, tests, "can completely resolve")."""

    # ----- names --------------------------------------------------------------------------------

    def _value(self: "HeroesState", frame: Frame, name: Any) -> Any:
        """A bound name: a hero id, a tuple of hero ids (a group) or a location slot (int)."""
        if name is None:
            return None
        if isinstance(name, int):
            return name
        if name == "here":
            if "here" in frame.env:
                return frame.env["here"]
            me = frame.env.get("self")
            return self.heroes[me].slot if me is not None else None
        return frame.env.get(name)

    def _heroes_named(self: "HeroesState", frame: Frame, name: Any) -> list[str]:
        """The heroes a name stands for that can still be acted on (in play)."""
        value = self._value(frame, name)
        if value is None or isinstance(value, int):
            return []
        heroes = self.heroes
        if isinstance(value, str):
            return [value] if value in heroes and heroes[value].slot is not None else []
        named = []
        for h in value:
            if h in heroes and heroes[h].slot is not None:
                named.append(h)
        return named

    def _slot_named(self: "HeroesState", frame: Frame, name: Any) -> int | None:
        value = self._value(frame, name)
        if isinstance(value, int):
            return value
        if isinstance(value, str) and value in self.heroes:
            return self.heroes[value].slot
        return None

    def _opponent(self: "HeroesState", frame: Frame) -> int:
        """The enemy seat an effect speaks of: the controller of the last enemy hero named, else the next enemy."""
        team = frame.seat % 2
        for key in ("that", *reversed(list(frame.env))):
            value = frame.env.get(key)
            if isinstance(value, str) and value in self.heroes and self.heroes[value].owner % 2 != team:
                return self.heroes[value].owner
        return (frame.seat + 1) % self.n

    def _chooser(self: "HeroesState", frame: Frame, who: str | None) -> int:
        return self._opponent(frame) if who == "opponent" else frame.seat

    # ----- filters ------------------------------------------------------------------------------

    def _filter_heroes(self: "HeroesState", frame: Frame, params: dict) -> list[str]:
        team = frame.seat % 2
        side = params.get("side", "enemy")
        origin = self._slot_named(frame, params.get("from", "self"))
        reach = params.get("range")
        excluded: set[str] = set()
        for name in params.get("exclude", ()) or ():
            excluded.update(self._heroes_named(frame, name))
        want = params.get("state")
        found = []
        for hero in self.heroes.values():
            if hero.slot is None or hero.id in excluded:
                continue
            friendly = hero.owner % 2 == team
            if (side == "enemy" and friendly) or (side == "friendly" and not friendly):
                continue
            if reach is not None and origin is not None and abs(hero.slot - origin) > reach:
                continue
            if want == "damaged" and hero.damage == 0 or want == "undamaged" and hero.damage > 0:
                continue
            if want == "readied" and hero.exhausted or want == "exhausted" and not hero.exhausted:
                continue
            found.append((hero.slot, hero.id))
        found.sort()                            # by location from the left, then by id
        return list(map(_SECOND, found))

    def _location_choices(self: "HeroesState", frame: Frame, params: dict) -> list[int]:
        origin = self._slot_named(frame, params.get("from", "self"))
        here = self._slot_named(frame, "here")
        reach = 1 if params.get("adjacent") else params.get("range")
        slots = []
        with_heroes = None
        if params.get("with_hero") is not None:
            with_heroes = {self.heroes[h].slot for h in self._heroes_named(frame, params["with_hero"])}
        for slot in range(len(self.row)):
            if reach is not None and origin is not None and abs(slot - origin) > reach:
                continue
            if params.get("adjacent") and slot == origin:
                continue
            if params.get("exclude_here") and slot == here:
                continue
            if with_heroes is not None and slot not in with_heroes:
                continue
            slots.append(slot)
        return slots

    # ----- asking -------------------------------------------------------------------------------

    def ask(self: "HeroesState", seat: int, kind: str, prompt: str, options: Any) -> int:
        """The kernel's `ask`, with the prompt naming the card or ability being resolved, so "Choose one"
        reads "Lotus Blade: choose one"."""
        frame = self.stack[-1] if self.stack else None
        source = frame.env.get("__source") if isinstance(frame, Frame) else None
        if source:
            prompt = f"{source}: {prompt[0].lower()}{prompt[1:]}"
        return super().ask(seat, kind, prompt, options)  # type: ignore[misc]

    # ----- tests and "can completely resolve" ---------------------------------------------------

    def test(self: "HeroesState", frame: Frame, test: dict) -> bool:
        (name, arg), = test.items()
        if name == "damaged":
            return any(self.heroes[h].damage > 0 for h in self._heroes_named(frame, arg))
        if name == "exhausted":
            return any(self.heroes[h].exhausted for h in self._heroes_named(frame, arg))
        if name == "at_location_with":
            here = self._slot_named(frame, "self")
            return here is not None and any(self.heroes[h].slot == here for h in self._heroes_named(frame, arg))
        if name == "enemies_here_at_least":
            here = self._slot_named(frame, "here")
            team = frame.seat % 2
            count = sum(1 for h in self.heroes.values()
                        if h.slot == here and here is not None and h.owner % 2 != team)
            return count >= int(arg)
        if name == "hand_at_most":
            return len(self.seats[frame.seat].hand) <= int(arg)
        raise ValueError(f"unknown test {name!r}")

    def can_resolve(self: "HeroesState", steps: tuple, frame: Frame) -> bool:
        """Glossary and "CARD EFFECTS & TIMING": an option can be chosen only if it can be completely
        resolved. A prevented portion counts as resolved (a shield, a second token, Mauler's immunity);
        a move that cannot happen, a discard without the cards, or a target that does not exist does not."""
        for name, p in steps:
            if name == "move_hero":
                movable = [h for h in self._heroes_named(frame, p["target"]) if self.can_be_moved(h)]
                if not movable:
                    return False
                if p.get("to", "adjacent") != "adjacent":
                    slot = self._slot_named(frame, p["to"])
                    if slot is None or all(self.heroes[h].slot == slot for h in movable):
                        return False
            elif name in ("deal_damage", "condition", "reduce_to", "heal", "exhaust", "ready",
                          "place_hero", "attack_bonus", "remove_conditions"):
                if not self._heroes_named(frame, p["target"]):
                    return False
            elif name == "discard":
                seat = self._opponent(frame) if p.get("who") == "opponent" else frame.seat
                if len(self.seats[seat].hand) < int(p["amount"]):
                    return False
            elif name == "choose_hero" and not p.get("optional"):
                if not self._filter_heroes(frame, p):
                    return False
        return True


# ----- the vocabulary's schema and the AI's value of each step ---------------------------------
#
# `params` is what the content loader (cards.py) checks a YAML step against: field name -> `Field`.
# `value(state, seat, params)` is the AI's rough worth of the step for the seat that resolves it (used
# by `guardians.games.heroes.ai.steps_value`); positive is good for that seat's team.

PLAYERS: tuple[str, ...] = ("self", "opponent")
CONDITION_KINDS: tuple[str, ...] = tuple(CONDITIONS)


def _opt(name: str, kind: Any, choices: tuple | None = None, minimum: int | None = None,
         maximum: int | None = None) -> Field:
    return Field(name, kind, False, choices, minimum, maximum)


def _fields(*fields: Field) -> dict[str, Field]:
    return {f.name: f for f in fields}


_TARGET = Field("target", str)
_FILTER = (
    _opt("side", str, ("enemy", "friendly", "any")),
    _opt("range", int, minimum=0),
    _opt("from", str),
    _opt("exclude", list),
    _opt("state", str, ("damaged", "undamaged", "readied", "exhausted")),
)


def _v(worth: float) -> StepValue:
    return lambda state, seat, p: worth


def _per(key: str, worth: float) -> StepValue:
    return lambda state, seat, p: worth * float(p.get(key, 1) or 0)


def _side(p: dict) -> float:
    return -1.0 if p.get("who", p.get("toward")) == "opponent" else 1.0


def _heal_value(state: Any, seat: int, p: dict) -> float:
    return 2.0 * float(p.get("amount") or 3)


def _attack_value(state: Any, seat: int, p: dict) -> float:
    return 4.0 * (2 + float(p.get("bonus", 0)))


def _control_value(state: Any, seat: int, p: dict) -> float:
    return _side(p) * 8.0 * float(p["spaces"])


def _draw_value(state: Any, seat: int, p: dict) -> float:
    return _side(p) * 2.5 * float(p["amount"])


def _discard_value(state: Any, seat: int, p: dict) -> float:
    return -_side(p) * 2.5 * float(p["amount"])


def steps_value(state: Any, seat: int, steps: Any) -> float:
    """The AI's estimate of a list of steps: the sum of each step's declared value."""
    total = 0.0
    for name, params in steps or ():
        value = STEPS.value(name)
        assert value is not None, f"step {name!r} has no AI value"
        total += value(state, seat, params)
    return total


def _choose_one_value(state: Any, seat: int, p: dict) -> float:
    worth = [steps_value(state, seat, option["steps"]) for option in p["options"]]
    if not worth:
        return 0.0
    return max(worth) if p.get("chooser", "self") == "self" else min(worth)


def _if_value(state: Any, seat: int, p: dict) -> float:
    return 0.5 * (steps_value(state, seat, p.get("then")) + steps_value(state, seat, p.get("else")))


STEPS = StepRegistry("heroes")


# ----- the steps (the YAML vocabulary) --------------------------------------------------------------------------------


@STEPS.step("choose_hero", params=_fields(Field("as", str), *_FILTER, _opt("chooser", str, PLAYERS), _opt("optional", bool)),
            value=_v(0.0))
def step_choose_hero(state: "HeroesState", frame: Frame, p: dict) -> int:
    if frame.answer is not None:
        frame.env[p["as"]] = None if frame.answer == "" else frame.answer
        return DONE
    found = state._filter_heroes(frame, p)
    if not found:
        frame.env[p["as"]] = None
        return DONE
    optional = bool(p.get("optional"))
    if len(found) == 1 and not optional:
        frame.env[p["as"]] = found[0]
        return DONE
    acts = state._acts
    options = []
    for h in found:                     # the same hero makes the same option: built once (Option, see ask)
        option = acts.get(("choose_hero", h))
        if option is None:
            option = acts[("choose_hero", h)] = Option("hero", (h,), state._hero_names[h], (f"hero:{h}",))
        options.append(option)
    if optional:
        options.append(_NO_HERO)
    return state.ask(state._chooser(frame, p.get("chooser")), "choose_hero", "Choose a hero", options)


@STEPS.step("each_hero", params=_fields(Field("as", str), *_FILTER),
            value=_v(0.0))
def step_each_hero(state: "HeroesState", frame: Frame, p: dict) -> int:
    frame.env[p["as"]] = tuple(state._filter_heroes(frame, p))
    return DONE


@STEPS.step("choose_location", params=_fields(Field("as", str), _opt("range", int, minimum=0), _opt("from", str), _opt("adjacent", bool),
                       _opt("exclude_here", bool), _opt("with_hero", str)),
            value=_v(0.0))
def step_choose_location(state: "HeroesState", frame: Frame, p: dict) -> int:
    if frame.answer is not None:
        frame.env[p["as"]] = frame.answer
        return DONE
    slots = state._location_choices(frame, p)
    if not slots:
        frame.env[p["as"]] = None
        return DONE
    if len(slots) == 1:
        frame.env[p["as"]] = slots[0]
        return DONE
    acts = state._acts
    row = state.row
    options = []
    for s in slots:                     # the same location in the same place makes the same option
        key = ("choose_location", s, row[s][0])
        option = acts.get(key)
        if option is None:
            option = acts[key] = Option("slot", (s,), state.location_name(s), (f"loc:{s}",))
        options.append(option)
    return state.ask(frame.seat, "choose_location", "Choose a location", options)


@STEPS.step("deal_damage", params=_fields(_TARGET, Field("amount", int, minimum=0)),
            value=_per("amount", 4.0))
def step_deal_damage(state: "HeroesState", frame: Frame, p: dict) -> int:
    for hero in state._heroes_named(frame, p["target"]):
        state.deal_damage(hero, int(p["amount"]), frame.seat)
    return DONE


@STEPS.step("reduce_to", params=_fields(_TARGET, Field("life", int, minimum=0)),
            value=_v(8.0))
def step_reduce_to(state: "HeroesState", frame: Frame, p: dict) -> int:
    for hero_id in state._heroes_named(frame, p["target"]):
        hero = state.heroes[hero_id]
        remaining = state.life_of(hero_id) - hero.damage
        if hero.conds & SHIELD or remaining <= p["life"]:
            continue
        state.deal_damage(hero_id, remaining - int(p["life"]), frame.seat)
    return DONE


@STEPS.step("heal", params=_fields(_TARGET, Field("amount", int, minimum=0)),
            value=_heal_value)
def step_heal(state: "HeroesState", frame: Frame, p: dict) -> int:
    for hero_id in state._heroes_named(frame, p["target"]):
        hero = state.heroes[hero_id]
        amount = hero.damage if not p.get("amount") else min(hero.damage, int(p["amount"]))
        if amount:
            hero.damage -= amount
            state.say("heal", (f"hero:{hero_id}",), hero=hero_id, hero_name=state.hero_name(hero_id), amount=amount)
    return DONE


@STEPS.step("move_hero", params=_fields(_TARGET, Field("to", str)),
            value=_v(3.0))
def step_move_hero(state: "HeroesState", frame: Frame, p: dict) -> int:
    targets = [h for h in state._heroes_named(frame, p["target"]) if state.can_be_moved(h)]
    destination = p.get("to", "adjacent")
    if destination == "adjacent":
        if not targets:
            return DONE
        hero_id = targets[0]
        if frame.answer is not None:
            state.move_hero(hero_id, int(frame.answer))
            return DONE
        here = state.heroes[hero_id].slot
        slots = [s for s in (here - 1, here + 1) if 0 <= s < len(state.row)]
        if len(slots) == 1:
            state.move_hero(hero_id, slots[0])
            return DONE
        acts = state._acts
        options = []
        for s in slots:
            key = ("move_to", hero_id, s, state.row[s][0])
            option = acts.get(key)
            if option is None:
                option = acts[key] = Option("slot", (s,), f"Move {state.hero_name(hero_id)} to {state.location_name(s)}",
                                            (f"loc:{s}",))
            options.append(option)
        return state.ask(frame.seat, "move_to", f"Where does {state.hero_name(hero_id)} move?", options)
    slot = state._slot_named(frame, destination)
    if slot is not None:
        for hero_id in targets:
            if state.heroes[hero_id].slot != slot:
                state.move_hero(hero_id, slot)
    return DONE


@STEPS.step("place_hero", params=_fields(_TARGET, Field("to", str)),
            value=_v(3.0))
def step_place_hero(state: "HeroesState", frame: Frame, p: dict) -> int:
    slot = state._slot_named(frame, p["to"])
    if slot is not None:
        for hero_id in state._heroes_named(frame, p["target"]):
            state.heroes[hero_id].slot = slot
            state.say("place", (f"hero:{hero_id}", f"loc:{slot}"), hero=hero_id, hero_name=state.hero_name(hero_id),
                      slot=slot, location_name=state.location_name(slot))
    return DONE


@STEPS.step("condition", params=_fields(_TARGET, Field("kind", str, choices=CONDITION_KINDS)),
            value=_v(4.0))
def step_condition(state: "HeroesState", frame: Frame, p: dict) -> int:
    for hero_id in state._heroes_named(frame, p["target"]):
        state.add_condition(hero_id, p["kind"])
    return DONE


@STEPS.step("remove_conditions", params=_fields(_TARGET, Field("kind", str, choices=("any", *CONDITION_KINDS))),
            value=_v(2.0))
def step_remove_conditions(state: "HeroesState", frame: Frame, p: dict) -> int:
    kind = p.get("kind", "any")
    mask = 7 if kind == "any" else CONDITIONS[kind]
    for hero_id in state._heroes_named(frame, p["target"]):
        state.heroes[hero_id].conds &= ~mask
    return DONE


@STEPS.step("exhaust", params=_fields(_TARGET),
            value=_v(2.0))
def step_exhaust(state: "HeroesState", frame: Frame, p: dict) -> int:
    for hero_id in state._heroes_named(frame, p["target"]):
        state.heroes[hero_id].exhausted = True
    return DONE


@STEPS.step("ready", params=_fields(_TARGET),
            value=_v(2.0))
def step_ready(state: "HeroesState", frame: Frame, p: dict) -> int:
    for hero_id in state._heroes_named(frame, p["target"]):
        state.heroes[hero_id].exhausted = False
    return DONE


@STEPS.step("attack", params=_fields(_opt("attacker", str), _opt("bonus", int)),
            value=_attack_value)
def step_attack(state: "HeroesState", frame: Frame, p: dict) -> int:
    attackers = state._heroes_named(frame, p.get("attacker", "self"))
    if not attackers or state.heroes[attackers[0]].exhausted:
        return DONE
    attacker = attackers[0]
    if frame.answer is not None:
        state.resolve_attack(attacker, str(frame.answer), int(p.get("bonus", 0)))
        return DONE
    targets = state.attack_targets(attacker)
    if not targets:
        return DONE
    if len(targets) == 1:
        state.resolve_attack(attacker, targets[0], int(p.get("bonus", 0)))
        return DONE
    options = tuple(("target", (t,), f"{state.hero_name(attacker)} attacks {state.hero_name(t)}",
                     (f"hero:{t}",)) for t in targets)
    return state.ask(state.heroes[attacker].owner, "attack_target", "Choose the attack's target", options)


@STEPS.step("attack_bonus", params=_fields(_TARGET, Field("amount", int)),
            value=_per("amount", 1.5))
def step_attack_bonus(state: "HeroesState", frame: Frame, p: dict) -> int:
    for hero_id in state._heroes_named(frame, p["target"]):
        state.heroes[hero_id].attack_mod += int(p["amount"])
    return DONE


@STEPS.step("move_control", params=_fields(_opt("location", str), Field("spaces", int, minimum=1), Field("toward", str, choices=PLAYERS)),
            value=_control_value)
def step_move_control(state: "HeroesState", frame: Frame, p: dict) -> int:
    slot = state._slot_named(frame, p.get("location", "here"))
    if slot is not None:
        team = state.team_of(frame.seat)
        if p.get("toward") == "opponent":
            team = 1 - team
        state.move_token(slot, team, int(p["spaces"]))
    return DONE


@STEPS.step("draw", params=_fields(Field("amount", int, minimum=1), Field("who", str, choices=PLAYERS)),
            value=_draw_value)
def step_draw(state: "HeroesState", frame: Frame, p: dict) -> int:
    seat = state._opponent(frame) if p.get("who") == "opponent" else frame.seat
    for _ in range(int(p["amount"])):
        state.draw(seat)
    return DONE


@STEPS.step("discard", params=_fields(Field("amount", int, minimum=1), Field("who", str, choices=PLAYERS), _opt("random", bool)),
            value=_discard_value)
def step_discard(state: "HeroesState", frame: Frame, p: dict) -> int:
    seat = state._opponent(frame) if p.get("who") == "opponent" else frame.seat
    hand = state.seats[seat].hand
    done = frame.env.get("__discarded", 0)
    if frame.answer is not None:
        state.discard_from_hand(seat, int(frame.answer))
        done += 1
        frame.answer = None
    frame.env["__discarded"] = done
    left = int(p["amount"]) - done
    if left <= 0 or not hand:
        frame.env.pop("__discarded", None)
        return DONE
    if p.get("random"):
        for _ in range(min(left, len(hand))):
            state.discard_from_hand(seat, hand[state.rng.randrange(len(hand))])
        frame.env.pop("__discarded", None)
        return DONE
    options = tuple(("discard", (i,), f"Discard {state.card_name(i)}", (f"card:{i}",))
                    for i in state.distinct_hand(seat))
    return state.ask(seat, "discard", f"Discard a card ({left} to go)", options)


@STEPS.step("gain_actions", params=_fields(Field("amount", int, minimum=1)),
            value=_per("amount", 6.0))
def step_gain_actions(state: "HeroesState", frame: Frame, p: dict) -> int:
    state.seats[frame.seat].actions += int(p["amount"])
    return DONE


@STEPS.step("charge", params=_fields(Field("amount", int, minimum=1)),
            value=_per("amount", 1.5))
def step_charge(state: "HeroesState", frame: Frame, p: dict) -> int:
    ultimates = state.seats[frame.seat].ultimates
    if frame.answer is not None:
        chosen = str(frame.answer)
    elif len(ultimates) == 1:
        chosen = next(iter(ultimates))
    elif not ultimates:
        return DONE
    else:
        acts = state._acts
        options = []
        for h in sorted(ultimates):
            option = acts.get(("charge", h))
            if option is None:
                option = acts[("charge", h)] = Option("charge", (h,), f"Charge {state.content.heroes[h].ultimate.name}",
                                                      (f"ult:{h}",))
            options.append(option)
        return state.ask(frame.seat, "charge", "Place the charge token on which Ultimate?", options)
    ultimates[chosen][0] += int(p.get("amount", 1))
    state.say("charge", (f"ult:{chosen}",), seat=frame.seat, seat_name=state.seat_name(frame.seat), hero=chosen,
              amount=int(p.get("amount", 1)), ultimate_name=state.content.heroes[chosen].ultimate.name)
    return DONE


@STEPS.step("choose_one", params=_fields(Field("chooser", str, choices=PLAYERS), Field("options", list)),
            value=_choose_one_value)
def step_choose_one(state: "HeroesState", frame: Frame, p: dict) -> int:
    chooser = state._chooser(frame, p.get("chooser"))
    options = p["options"]
    if frame.answer is not None:
        return state.push(frame, options[int(frame.answer)]["steps"], dict(frame.env), chooser)
    probe = Frame((), chooser, frame.env)
    able = [i for i, option in enumerate(options) if state.can_resolve(option["steps"], probe)]
    if not able:
        return DONE
    if len(able) == 1:
        return state.push(frame, options[able[0]]["steps"], dict(frame.env), chooser)
    choices = tuple(("option", (i,), options[i]["label"], ()) for i in able)
    return state.ask(chooser, "choose_one", "Choose one", choices)


@STEPS.step("choose_that", internal=True)
def step_choose_that(state: "HeroesState", frame: Frame, p: dict) -> int:
    """Rulebook, "Example: Reaction Card": when the trigger was about several heroes (a card damaged or moved
    more than one), the reacting player picks which of them is "that hero", among those still in play.
    The candidates wait in `__that` (put there by HeroesState._binding); one candidate is taken silently."""
    if frame.answer is not None:
        frame.env.pop("__that", None)
        frame.env["that"] = str(frame.answer)
        return DONE
    alive = [h for h in frame.env.get("__that", ()) if state.heroes[h].slot is not None]
    if len(alive) <= 1:
        frame.env.pop("__that", None)
        if alive:
            frame.env["that"] = alive[0]
        return DONE
    options = tuple(("hero", (h,), f"{state.hero_name(h)} at {state.location_name(state.heroes[h].slot)}",
                     (f"hero:{h}",)) for h in alive)
    return state.ask(frame.seat, "choose_that", 'Choose "that hero"', options)


def mentions(steps: Any, name: str) -> bool:
    """Does any step (nested ones in `if` and `choose_one` included) use the bound name `name`?"""
    if isinstance(steps, str):
        return steps == name
    if isinstance(steps, dict):
        return any(mentions(v, name) for v in steps.values())
    if isinstance(steps, (list, tuple)):
        return any(mentions(v, name) for v in steps)
    return False


@STEPS.step("if", params=_fields(Field("test", dict), Field("then", "steps"), _opt("else", "steps")),
            value=_if_value)
def step_if(state: "HeroesState", frame: Frame, p: dict) -> int:
    branch = p.get("then", ()) if state.test(frame, p["test"]) else p.get("else", ())
    return state.push(frame, tuple(branch or ()), dict(frame.env))
