"""Options as clicks on the chronicles map. The rules name few things in their options (most carry only
arguments), so the table reads each option's arguments as the thing to click: a space (`cell:x,y`), a
figure (`fig:<id>`), a door (`door:<id>`); a villain's move, attack or door is a pair (click the figure, then
where or whom). Pure functions of the decision: no drawing, no rules.
"""

from __future__ import annotations

from guardians.engine.actions import Action, Decision
from guardians.ui.table.selection import Clicks, restyled, with_option_refs

CELL_KINDS = frozenset({"move", "reposition", "place_hero", "place_skarov", "push"})
FIG_KINDS = frozenset({"attack", "target", "pick"})
PAIR_KINDS = frozenset({"fig_move", "fig_attack", "fig_open"})


def cell_ref(x: object, y: object) -> str:
    return f"cell:{x},{y}"


def refs_of(action: Action) -> tuple[str, ...]:
    """What a click on the map means for `action`: the refs the table draws it at."""
    kind, args = action.kind, action.args
    if kind in CELL_KINDS and len(args) == 2 and args[0] is not None:
        return (cell_ref(*args),)
    if kind in FIG_KINDS and args:
        return (f"fig:{args[0]}",)
    if kind == "check" and len(args) >= 4:
        return (cell_ref(args[2], args[3]),)
    if kind == "place_lt" and len(args) == 3:
        return (cell_ref(args[1], args[2]),)
    if kind == "place_minion" and len(args) == 3:
        return (cell_ref(args[0], args[1]),)
    if kind == "fig_move":
        return (f"fig:{args[0]}", cell_ref(args[1], args[2]))
    if kind == "fig_attack":
        return (f"fig:{args[0]}", f"fig:{args[1]}")
    if kind == "fig_open":
        return (f"fig:{args[0]}", f"door:{args[1]}")
    if kind in ("activate",) and args:
        return (f"vid:{args[0]}",)
    return action.refs


def mapped(action: Action) -> Action:
    refs = refs_of(action)
    return action if refs == action.refs else Action(action.kind, action.args, action.label, refs)


class ChroniclesClicks(Clicks):
    def is_pair(self, action: Action) -> bool:
        """A villain figure's move, attack or door: the figure first, then where or whom."""
        return action.kind in PAIR_KINDS and len(action.refs) != 1     # one ref: already focused on it

    def anchors(self, action: Action) -> tuple[str, ...]:
        if action.kind in PAIR_KINDS and len(action.refs) == 1:
            return action.refs
        refs = refs_of(action)
        return refs[:1] if self.is_pair(action) else refs

    def selectable_refs(self, decision: Decision) -> set[str]:
        return {refs_of(a)[0] for a in decision.options if self.is_pair(a)}

    def focus(self, decision: Decision, selected: str) -> Decision:
        """While a villain figure is picked: its moves, attacks and doors by their second ref, and the
        options that are no pair (end the activation, play an Event) as they are."""
        options: list[Action] = []
        for action in decision.options:
            refs = refs_of(action)
            if self.is_pair(action):
                if refs[0] == selected:
                    options.append(Action(action.kind, action.args, action.label, refs[1:]))
            else:
                options.append(mapped(action))
        return with_option_refs(restyled(decision, options))

    def auto_selection(self, decision: Decision) -> str | None:
        """A villain activation with one figure (Skarov, a lieutenant): it is picked at once."""
        actors = {refs_of(a)[0] for a in decision.options if self.is_pair(a)}
        return actors.pop() if len(actors) == 1 else None

    def shown(self, decision: Decision, selected: str | None) -> Decision:
        if selected is not None:
            return self.focus(decision, selected)
        return with_option_refs(restyled(decision, [mapped(a) for a in decision.options]))


CLICKS = ChroniclesClicks()


def hint(decision: Decision | None, selected: str | None) -> str:
    """What to click now, in a few words."""
    if decision is None:
        return ""
    if selected is not None:
        return "Click a lit space to move, a hero to attack or a door to open. Right-click or Esc cancels."
    kinds = {a.kind for a in decision.options}
    if kinds & PAIR_KINDS:
        return "Click one of your figures to see what it can do, or a button."
    if "move" in kinds or "attack" in kinds:
        return "Click a lit space to move there, a lit enemy to attack, a door or a card, or a button."
    if kinds & CELL_KINDS or kinds & {"place_lt", "place_minion"}:
        return "Click a lit space on the map."
    if kinds & FIG_KINDS:
        return "Click a lit figure on the map."
    named = {r.split(":", 1)[0] for a in decision.options for r in refs_of(a)}
    if "tile" in named:
        return "Click a lit room name on the map, or a button."
    if "vid" in named:
        return "Click a villain ID card on the left to activate its figures."
    if "card" in named and "power" in kinds:
        return "Click a card on the left, then choose its side (left: Special Power, right: Secret Technique)."
    if "card" in named:
        return "Click a lit card on the left, then where it goes; or a button."
    if "door" in named:
        return "Click a lit door on the map."
    return "Choose with the buttons; hover the map to read rooms and figures."
