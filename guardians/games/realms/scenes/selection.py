"""Two-step choices on the realms table. An option naming a card and then where it goes or what it hits
(place a creature on a Stronghold card, put a Shield on a stack, take a creature to reinforce, a
secondary attacker and its target, a bribe, a heal) is a pair: click the card, then its destination.
A movement names its path of spaces: one click on where it ends. Pure functions of the decision.
"""

from __future__ import annotations

from guardians.engine.actions import Action, Decision
from guardians.ui.table.selection import Clicks, restyled, with_option_refs


def is_path(action: Action) -> bool:
    """A move: every ref a space, the last where the Shield ends."""
    return len(action.refs) >= 2 and all(r.startswith("space:") for r in action.refs)


class RealmsClicks(Clicks):
    def is_pair(self, action: Action) -> bool:
        return len(action.refs) == 2 and not is_path(action)

    def anchors(self, action: Action) -> tuple[str, ...]:
        if is_path(action):
            return (action.refs[-1],)
        if self.is_pair(action):
            return (action.refs[0],)
        return action.refs

    def selectable_refs(self, decision: Decision) -> set[str]:
        return {a.refs[0] for a in decision.options if self.is_pair(a)}

    def focus(self, decision: Decision, selected: str) -> Decision:
        """While `selected` is picked: its pairs by their second ref, its other options and the options
        naming nothing ("Done placing") as buttons, so an automatic selection never hides them."""
        options: list[Action] = []
        for action in decision.options:
            if self.is_pair(action) and action.refs[0] == selected:
                options.append(Action(action.kind, action.args, action.label, (action.refs[1],)))
            elif (selected in action.refs and not self.is_pair(action)) or not action.refs:
                options.append(Action(action.kind, action.args, action.label, ()))
        return with_option_refs(restyled(decision, options))

    def auto_selection(self, decision: Decision) -> str | None:
        """Every option with refs a pair from one card: select it at once."""
        with_refs = [a for a in decision.options if a.refs]
        if not with_refs or not all(self.is_pair(a) for a in with_refs):
            return None
        actors = {a.refs[0] for a in with_refs}
        return actors.pop() if len(actors) == 1 else None


CLICKS = RealmsClicks()


def hint(decision: Decision, selected: str | None) -> str:
    """What to click now, in a few words."""
    if selected is not None:
        return "Click where it goes (highlighted), or a button. Right-click or Esc cancels."
    kinds = {a.kind for a in decision.options}
    if decision.kind == "place":
        return "Click a card of your hand, then the Stronghold card to put it on (30 Vitality at most)."
    if decision.kind == "shield":
        return "Click a Shield in your hand, then the stack it goes on (one Shield a space)."
    if decision.kind == "discard":
        return "Click a card to discard it."
    if decision.kind == "turn_shield":
        return "Click a space with your unturned Shield to turn it."
    if decision.kind == "move_option":
        return "Click a highlighted space to move there (or reinforce), or Pass."
    if decision.kind in ("matchup_pick", "command_pick"):
        return "Click a card: both choices are shown together."
    if "retreat" in kinds:
        return "Click the space to retreat to."
    if any(a.refs for a in decision.options):
        return "Click a highlighted card or space, or a button."
    return "Choose a button."
