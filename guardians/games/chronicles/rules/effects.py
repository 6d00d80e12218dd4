"""The chronicles effect vocabulary: every step a card, room or event may use, declared once in `STEPS`.

A step is declared with its executor, the parameters YAML may give it (the loader checks them: `cards.py`
builds its schema from `STEPS`) and its value for the AI. Executors run on a `ChroniclesState` (duck-typed here
so this module imports no state) from a `Frame` whose `env` binds names: `self` (the figure using the power, or
None), `here` (the room's face), `activated` (the villain ID card being activated), and names bound by
`choose_*` steps (`as`). A target name bound to nobody (no legal choice) makes the steps that use it do nothing.

Passive entries (`aura`, `rule`) are steps too, so they are validated and valued like the rest, but they never
run as frames: the state reads them from the cards in play when it computes a statistic or asks a rule.
No pygame, and no card id in this module.
"""

from __future__ import annotations

from typing import Any, Callable

from guardians.engine.content import Field, opt
from guardians.engine.flow import DONE, PUSHED, WAIT, Frame, StepRegistry

STEPS = StepRegistry("chronicles")

STATS = ("speed", "combat", "defense", "mental")
RULES = ("ranged", "ignore_enemy_stop", "no_exit_stop", "first_hit_negated", "check_from_area", "check_from_los",
         "door_dice_minus", "check_dice_minus", "melee_damage", "no_ranged_against", "unpushable", "push_extra",
         "regenerate", "events_per_activation", "ranged_dice_minus")
AURA_WHO = ("self", "others_in_area", "all_allies", "allies_in_los")
HERO_FILTERS = ("los_from_self", "not_self", "not_activated", "in_area_of_self", "seen_by_villains")
VILLAIN_FILTERS = ("role", "damaged", "los_from_self")


def _fields(*fields: Field) -> dict[str, Field]:
    return {f.name: f for f in fields}


def _target(state: Any, frame: Frame, name: str) -> list[str]:
    """The figures a target name stands for: `self`, `activated` (every figure of the activated card) or a
    bound name. Only figures still on the board."""
    if name == "activated":
        vid = frame.env.get("activated")
        return [f.id for f in state.figures_of(vid)] if vid else []
    fid = frame.env.get(name)
    if fid is None or fid not in state.figures or state.figures[fid].cell is None:
        return []
    return [fid]


def _fig_refs(args: tuple) -> tuple[str, ...]:
    return (f"fig:{args[0]}",)


def _cell_refs(args: tuple) -> tuple[str, ...]:
    return (f"cell:{args[0]},{args[1]}",)


ANSWER_REFS = {"pick": _fig_refs, "target": _fig_refs, "push": _cell_refs, "move": _cell_refs}
"""What the figure and space answers the steps below ask for point at on the table. The steps `ask` them
without refs, because the asked options are pending data and so part of the state's digest (and refs are
presentation); `with_refs` names their figure or space when the decision is listed."""


def with_refs(option: tuple) -> tuple:
    """An asked option (kind, args, label, refs) with the refs of its figure or space, if it has none."""
    kind, args, label, refs = option
    named = ANSWER_REFS.get(kind)
    return option if refs or named is None else (kind, args, label, named(args))


# ----- selection ------------------------------------------------------------------------------

@STEPS.step("choose_hero", params=_fields(Field("as", str), opt("filter", dict)), value=lambda s, seat, p: 0.0)
def step_choose_hero(state: Any, frame: Frame, p: dict) -> int:
    if frame.answer is not None:
        frame.env[p["as"]] = frame.answer[0]
        return DONE
    options = state.hero_choices(frame, p.get("filter") or {})
    if not options:
        frame.env[p["as"]] = None
        return DONE
    return state.ask(frame.seat, "target", "Choose a hero", [
        ("pick", (fid,), f"Choose {state.fig_name(fid)}", ()) for fid in options])


@STEPS.step("choose_villain", params=_fields(Field("as", str), opt("filter", dict)), value=lambda s, seat, p: 0.0)
def step_choose_villain(state: Any, frame: Frame, p: dict) -> int:
    if frame.answer is not None:
        frame.env[p["as"]] = frame.answer[0]
        return DONE
    options = state.villain_choices(frame, p.get("filter") or {})
    if not options:
        frame.env[p["as"]] = None
        return DONE
    return state.ask(frame.seat, "target", "Choose a villain figure", [
        ("pick", (fid,), f"Choose {state.fig_name(fid)}", ()) for fid in options])


@STEPS.step("choose_area", params=_fields(Field("as", str), Field("among", str, choices=("here", "with_heroes"))),
            value=lambda s, seat, p: 0.0)
def step_choose_area(state: Any, frame: Frame, p: dict) -> int:
    """Skarov chooses (ruling Q67: a choice inside a room or event effect is the villain's)."""
    if frame.answer is not None:
        frame.env[p["as"]] = frame.answer[0]
        return DONE
    options = state.area_choices(frame, p["among"])
    if not options:
        frame.env[p["as"]] = None
        return DONE
    return state.ask(0, "target", "Choose an area", [
        ("area", (a,), f"Area {state.base.areas[a].name} ({state.face_name(state.base.areas[a].face)})",
         ()) for a in options])


@STEPS.step("each_hero", params=_fields(Field("where", str, choices=("tile", "area", "adjacent", "all")),
                                        opt("area", str), opt("of", str), Field("do", "steps")),
            value=lambda s, seat, p: 0.0)
def step_each_hero(state: Any, frame: Frame, p: dict) -> int:
    heroes = state.heroes_where(frame, p["where"], p.get("area"), p.get("of"))
    frame.index += 1
    frame.answer = None
    steps = state.compiled(p["do"])
    for fid in reversed(heroes):
        env = dict(frame.env)
        env["it"] = fid
        state.stack.append(Frame(steps, frame.seat, env))
    return PUSHED


# ----- figures --------------------------------------------------------------------------------

@STEPS.step("damage", params=_fields(Field("target", str), Field("amount", int, minimum=1)),
            value=lambda s, seat, p: 3.0 * p["amount"])
def step_damage(state: Any, frame: Frame, p: dict) -> int:
    for fid in _target(state, frame, p["target"]):
        state.deal_damage(fid, p["amount"], source=frame.env.get("self"))
    return DONE


@STEPS.step("heal", params=_fields(Field("target", str), Field("amount", int, minimum=1)),
            value=lambda s, seat, p: 2.0 * p["amount"])
def step_heal(state: Any, frame: Frame, p: dict) -> int:
    for fid in _target(state, frame, p["target"]):
        state.heal(fid, p["amount"])
    return DONE


@STEPS.step("modify", params=_fields(Field("target", str), Field("stat", str, choices=STATS), Field("amount", int),
                                     Field("until", str, choices=("turn", "next_turn"))),
            value=lambda s, seat, p: 1.0 * p["amount"])
def step_modify(state: Any, frame: Frame, p: dict) -> int:
    for fid in _target(state, frame, p["target"]):
        state.add_modifier(fid, p["stat"], p["amount"], p["until"])
    return DONE


@STEPS.step("grant", params=_fields(Field("target", str), Field("rule", str, choices=RULES),
                                    Field("until", str, choices=("turn", "activation"))),
            value=lambda s, seat, p: 1.5)
def step_grant(state: Any, frame: Frame, p: dict) -> int:
    for fid in _target(state, frame, p["target"]):
        state.add_grant(fid, p["rule"], p["until"])
    return DONE


@STEPS.step("extra_actions", params=_fields(Field("target", str), Field("amount", int, minimum=1)),
            value=lambda s, seat, p: 2.5 * p["amount"])
def step_extra_actions(state: Any, frame: Frame, p: dict) -> int:
    for fid in _target(state, frame, p["target"]):
        state.give_actions(fid, p["amount"])
    return DONE


@STEPS.step("check", params=_fields(Field("target", str), Field("stat", str, choices=STATS),
                                    Field("dice", int, minimum=1), opt("plus_heroes", bool),
                                    opt("fail", "steps"), opt("success", "steps")),
            value=lambda s, seat, p: 1.5)
def step_check(state: Any, frame: Frame, p: dict) -> int:
    """A reactive value check forced by a room or event (no action, no -1 token: ruling Q35)."""
    targets = _target(state, frame, p["target"])
    if not targets:
        return DONE
    ok = state.reactive_check(targets[0], p["stat"], p["dice"], bool(p.get("plus_heroes")))
    steps = p.get("success" if ok else "fail")
    if steps:
        return state.push(frame, state.compiled(steps), dict(frame.env))
    return DONE


@STEPS.step("attack", params=_fields(Field("mode", str, choices=("melee", "ranged")), opt("dice", int, minimum=0),
                                     opt("red", int, minimum=0), opt("push", int, minimum=0),
                                     opt("each_adjacent", bool)),
            value=lambda s, seat, p: 3.0 + p.get("red", 0))
def step_attack(state: Any, frame: Frame, p: dict) -> int:
    """A power's attack: the user chooses a target (or hits every adjacent enemy), then it resolves as an
    ordinary attack with the card's dice (L430-L438)."""
    me = frame.env.get("self")
    if me is None or state.figures[me].cell is None:
        return DONE
    if p.get("each_adjacent"):
        targets = state.attack_targets(me, "melee")
        frame.index += 1
        frame.answer = None
        for fid in reversed(targets):
            state.stack.append(Frame(state.strike_steps(me, fid, "melee", p), frame.seat, {"self": me}))
        return PUSHED
    if frame.answer is not None:
        return state.push(frame, state.strike_steps(me, frame.answer[0], p["mode"], p), {"self": me})
    targets = state.attack_targets(me, p["mode"])
    if not targets:
        return DONE
    return state.ask(frame.seat, "target", "Attack whom?", [
        ("target", (fid,), f"Attack {state.fig_name(fid)} ({p['mode']})", ()) for fid in targets])


@STEPS.step("strike", params={}, internal=True)
def step_strike(state: Any, frame: Frame, p: dict) -> int:
    """One attack roll and its consequences; then the attacker's pushes, one step at a time (Q27)."""
    env = frame.env
    if "_push" not in env:
        pushes = state.resolve_attack(p["attacker"], p["target"], p["mode"], p.get("dice"), p.get("red", 0),
                                      p.get("push", 0))
        env["_push"] = pushes
        env["_target"] = p["target"]
    elif frame.answer is not None:
        if frame.answer[0] is None:
            env["_push"] = 0
        else:
            state.push_figure(env["_target"], tuple(frame.answer))
            env["_push"] -= 1
        frame.answer = None
    if env["_push"] > 0:
        cells = state.push_cells(p["attacker"], env["_target"])
        if cells:
            return state.ask(frame.seat, "push", f"Push {state.fig_name(env['_target'])}?",
                             [("push", c, f"Push to {c[0]},{c[1]}", ()) for c in cells]
                             + [("no_push", (None,), "Do not push", ())])
    for key in ("_push", "_target"):
        env.pop(key, None)
    return DONE


@STEPS.step("push", params=_fields(Field("target", str), Field("spaces", int, minimum=1), opt("away_from_self", bool)),
            value=lambda s, seat, p: 1.0 * p["spaces"])
def step_push(state: Any, frame: Frame, p: dict) -> int:
    targets = _target(state, frame, p["target"])
    if not targets or not state.can_be_pushed(targets[0]):
        return DONE
    origin = frame.env.get("self") if p.get("away_from_self") else None
    return _drag(state, frame, targets[0], p["spaces"], frame.seat, "Push", "Stop pushing",
                 lambda: state.push_cells(origin, targets[0]))


@STEPS.step("pull", params=_fields(Field("target", str), Field("toward", str), Field("spaces", int, minimum=1)),
            value=lambda s, seat, p: 1.0 * p["spaces"])
def step_pull(state: Any, frame: Frame, p: dict) -> int:
    """Drag a figure step by step toward a named anchor of the room (Skarov chooses each step)."""
    targets = _target(state, frame, p["target"])
    if not targets or not state.can_be_pushed(targets[0]):
        return DONE
    return _drag(state, frame, targets[0], p["spaces"], 0, "Drag", "Stop",
                 lambda: state.pull_cells(targets[0], frame.env.get("here"), p["toward"]))


def _drag(state: Any, frame: Frame, figure: str, spaces: int, seat: int, verb: str, stop: str,
          cells_of: Callable[[], list]) -> int:
    """Move `figure` one space at a time, up to `spaces`, `seat` choosing each space among `cells_of()` or
    stopping (push and pull: "Push Lyra?", "Push to 3,4", `stop`; the places in words come with the listing,
    `ChroniclesState._worded`)."""
    left = frame.env.get("_left", spaces)
    if frame.answer is not None:
        if frame.answer[0] is None:
            left = 0
        else:
            state.push_figure(figure, tuple(frame.answer))
            left -= 1
        frame.answer = None
    frame.env["_left"] = left
    if left > 0:
        cells = cells_of()
        if cells:
            return state.ask(seat, "push", f"{verb} {state.fig_name(figure)}?",
                             [("push", c, f"{verb} to {c[0]},{c[1]}", ()) for c in cells]
                             + [("no_push", (None,), stop, ())])
    frame.env.pop("_left", None)
    return DONE


@STEPS.step("move", params=_fields(Field("target", str), opt("ignore_enemies", bool), opt("areas", int, minimum=1)),
            value=lambda s, seat, p: 2.0)
def step_move(state: Any, frame: Frame, p: dict) -> int:
    return _relocate(state, frame, p, "Move", "Move to", lambda figure: state.move_cells(
        figure, ignore_enemies=bool(p.get("ignore_enemies")), areas=p.get("areas")))


@STEPS.step("place", params=_fields(Field("target", str), Field("within", int, minimum=0)),
            value=lambda s, seat, p: 2.0)
def step_place(state: Any, frame: Frame, p: dict) -> int:
    """Put a figure on a free space it can see, at most `within` spaces away (0: any distance)."""
    return _relocate(state, frame, p, "Place", "Land on", lambda figure: state.place_cells(figure, p["within"]))


@STEPS.step("reposition", params=_fields(Field("target", str)), value=lambda s, seat, p: 0.5)
def step_reposition(state: Any, frame: Frame, p: dict) -> int:
    return _relocate(state, frame, p, "Reposition", "Step to", state.reposition_cells)


def _relocate(state: Any, frame: Frame, p: dict, ask: str, verb: str, cells_of: Callable[[str], list]) -> int:
    """Put the target figure on one space of `cells_of(figure)`, or let it stay (move, place, reposition:
    "Move Lyra", "Move to 3,4", "Stay")."""
    targets = _target(state, frame, p["target"])
    if not targets:
        return DONE
    if frame.answer is not None:
        if frame.answer[0] is not None:
            state.move_figure(targets[0], tuple(frame.answer))
        return DONE
    cells = cells_of(targets[0])
    if not cells:
        return DONE
    return state.ask(frame.seat, "move", f"{ask} {state.fig_name(targets[0])}",
                     [("move", c, f"{verb} {c[0]},{c[1]}", ()) for c in cells]
                     + [("stay", (None,), "Stay", ())])


@STEPS.step("spawn", params=_fields(Field("villain", str), Field("count", int, minimum=0), opt("per_hero", bool),
                                    Field("tile", str, choices=("here", "choose")),
                                    Field("onto", str, choices=("reinforcement", "free"))),
            value=lambda s, seat, p: -2.0 * max(1, p["count"]))
def step_spawn(state: Any, frame: Frame, p: dict) -> int:
    """Figures from the supply (L60: 20 Robots, 10 Androids; none left, none come) onto free spaces."""
    count = state.heroes_in_play_count() if p.get("per_hero") else p["count"]
    if p["tile"] == "here":
        state.spawn(p["villain"], count, frame.env.get("here"), p["onto"])
        return DONE
    if frame.answer is not None:
        state.spawn(p["villain"], count, frame.answer[0], p["onto"])
        return DONE
    faces = state.spawn_faces(p["onto"])
    if not faces or not state.supply(p["villain"]):
        return DONE
    return state.ask(0, "target", "Where do the reinforcements arrive?",
                     [("tile", (f,), f"On {state.face_name(f)}", (f"tile:{f}",)) for f in faces])


@STEPS.step("remove_figure", params=_fields(Field("target", str)), value=lambda s, seat, p: -1.0)
def step_remove_figure(state: Any, frame: Frame, p: dict) -> int:
    for fid in _target(state, frame, p["target"]):
        state.remove_figure(fid)
    return DONE


# ----- objectives, doors, cards --------------------------------------------------------------

@STEPS.step("threat", params=_fields(Field("by", int, minimum=1), opt("which", str, choices=("here", "choose"))),
            value=lambda s, seat, p: -4.0 * p["by"])
def step_threat(state: Any, frame: Frame, p: dict) -> int:
    if p.get("which", "here") == "here":
        state.add_threat(frame.env.get("here"), p["by"])
        return DONE
    if frame.answer is not None:
        state.add_threat(frame.answer[0], p["by"])
        return DONE
    faces = state.unsettled()
    if not faces:
        return DONE
    return state.ask(0, "target", "Which objective's threat rises?",
                     [("tile", (f,), f"{state.face_name(f)}", (f"tile:{f}",)) for f in faces])


@STEPS.step("progress", params=_fields(Field("by", int, minimum=1)), value=lambda s, seat, p: 6.0 * p["by"])
def step_progress(state: Any, frame: Frame, p: dict) -> int:
    state.add_progress(frame.env.get("here"), p["by"], frame.env.get("self"))
    return DONE


@STEPS.step("free_hostage", params={}, value=lambda s, seat, p: 5.0)
def step_free_hostage(state: Any, frame: Frame, p: dict) -> int:
    state.free_hostage(frame.env.get("self"))
    return DONE


@STEPS.step("close_door", params={}, value=lambda s, seat, p: -2.0)
def step_close_door(state: Any, frame: Frame, p: dict) -> int:
    """Skarov closes an open door (never an airlock, ruling Q56) with nobody on its front spaces."""
    if frame.answer is not None:
        state.close_door(frame.answer[0])
        return DONE
    doors = state.closable_doors()
    if not doors:
        return DONE
    return state.ask(0, "target", "Close which door?",
                     [("door", (d,), f"Close door {d}", (f"door:{d}",)) for d in doors])


@STEPS.step("draw_events", params=_fields(Field("amount", int, minimum=1)), value=lambda s, seat, p: -1.0)
def step_draw_events(state: Any, frame: Frame, p: dict) -> int:
    state.draw_events(p["amount"])
    return DONE


@STEPS.step("activate_room", params={}, value=lambda s, seat, p: -3.0)
def step_activate_room(state: Any, frame: Frame, p: dict) -> int:
    """Power Surge: one room activation now, while the Control Room is closed (L518)."""
    if frame.answer is not None:
        if frame.answer[0] is None:
            return DONE
        return state.push(frame, state.room_steps(frame.answer[0]), {"here": frame.answer[0], "self": None}, seat=0)
    faces = state.lit_rooms()
    if not faces:
        return DONE
    return state.ask(0, "room", "Which room wakes?",
                     [("room", (f,), f"Activate {state.face_name(f)}", (f"tile:{f}",)) for f in faces]
                     + [("no_room", (None,), "No room", ())])


# ----- passive entries (read by the state, never run) ----------------------------------------

def _passive(state: Any, frame: Frame, p: dict) -> int:
    return DONE


STEPS.add("aura", _passive, params=_fields(Field("stat", str, choices=STATS), Field("amount", int),
                                          Field("who", str, choices=AURA_WHO)),
          value=lambda s, seat, p: 1.5 * p["amount"])
STEPS.add("rule", _passive, params=_fields(Field("name", str, choices=RULES), Field("value", int)),
          value=lambda s, seat, p: 1.5)

PASSIVE_STEPS = ("aura", "rule")


def steps_value(steps: tuple, state: Any = None, seat: int = 0) -> float:
    """The AI's estimate of a list of compiled steps (nested `do`/`fail`/`success` lists count too)."""
    total = 0.0
    for name, params in steps:
        value = STEPS.value(name)
        if value is not None:
            total += value(state, seat, params)
        for key in ("do", "success"):
            if isinstance(params.get(key), tuple):
                total += steps_value(params[key], state, seat)
    return total
