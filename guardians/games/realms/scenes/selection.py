"""Two-step choices on the realms table. An option naming a card and then where it goes or what it hits
(place a creature on a Stronghold card, put a Shield on a stack, take a creature to reinforce, a
secondary attacker and its target, a bribe, a heal) is a pair: click the card, then its destination.
A movement names its path of spaces: one click on where it ends. Pure functions of the decision.
"""

from __future__ import annotations

from guardians.engine.actions import Action, Decision
from guardians.ui.table.selection import ActorClicks


def is_path(action: Action) -> bool:
    """A move: every ref a space, the last where the Shield ends."""
    return len(action.refs) >= 2 and all(r.startswith("space:") for r in action.refs)


class RealmsClicks(ActorClicks):
    keep_refless = True     # "Done placing" stays a button while a card is selected

    def is_pair(self, action: Action) -> bool:
        return len(action.refs) == 2 and not is_path(action)

    def anchors(self, action: Action) -> tuple[str, ...]:
        return (action.refs[-1],) if is_path(action) else super().anchors(action)


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
