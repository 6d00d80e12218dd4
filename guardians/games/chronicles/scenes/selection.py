"""Options as clicks on the chronicles map. The rules name what each option points at in its refs (a space
`cell:x,y`, a figure `fig:<id>`, a door `door:<id>`, a room plaque `tile:<face>`, a card or villain ID card);
a villain's move, attack or door names a pair (the figure, then where or whom), made in two clicks. Options
that name nothing (end the activation, an area, the initiative order) are buttons.
Pure functions of the decision: no drawing, no rules.
"""

from __future__ import annotations

from guardians.engine.actions import Action, Decision
from guardians.ui.table.selection import Clicks, restyled, with_option_refs

CELL_KINDS = frozenset({"move", "reposition", "place_hero", "place_skarov", "push"})
FIG_KINDS = frozenset({"attack", "target", "pick"})
PAIR_KINDS = frozenset({"fig_move", "fig_attack", "fig_open"})


def cell_ref(x: object, y: object) -> str:
    return f"cell:{x},{y}"


class ChroniclesClicks(Clicks):
    def is_pair(self, action: Action) -> bool:
        """A villain figure's move, attack or door: the figure first, then where or whom."""
        return action.kind in PAIR_KINDS and len(action.refs) == 2     # one ref: already focused on it

    def anchors(self, action: Action) -> tuple[str, ...]:
        return action.refs[:1] if self.is_pair(action) else action.refs

    def selectable_refs(self, decision: Decision) -> set[str]:
        return {a.refs[0] for a in decision.options if self.is_pair(a)}

    def focus(self, decision: Decision, selected: str) -> Decision:
        """While a villain figure is picked: its moves, attacks and doors by their second ref, and the
        options that are no pair (end the activation, play an Event) as they are."""
        options: list[Action] = []
        for action in decision.options:
            if not self.is_pair(action):
                options.append(action)
            elif action.refs[0] == selected:
                options.append(Action(action.kind, action.args, action.label, action.refs[1:]))
        return with_option_refs(restyled(decision, options))

    def auto_selection(self, decision: Decision) -> str | None:
        """A villain activation with one figure (Skarov, a lieutenant): it is picked at once."""
        actors = self.selectable_refs(decision)
        return actors.pop() if len(actors) == 1 else None


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
    named = {r.split(":", 1)[0] for a in decision.options for r in a.refs}
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
