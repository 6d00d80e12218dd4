"""Two-step choices on the heroes table: click your hero, then its target or destination.

An attack names its attacker and its target, a move or a placement its hero and a location. Rather than
a menu of every pairing, a click on the first thing selects it and the second things light up (the
kit's `ActorClicks` does the rest: option buttons, selection, focus). Pure functions of the decision.
"""

from __future__ import annotations

from guardians.engine.actions import Action, Decision
from guardians.ui.table.selection import OPT, ActorClicks, restyled, with_option_refs  # noqa: F401

PAIR_KINDS = frozenset({"attack", "move", "place"})


class HeroesClicks(ActorClicks):
    def is_pair(self, action: Action) -> bool:
        """An option naming an actor and then its target or destination."""
        return action.kind in PAIR_KINDS and len(action.refs) == 2

    def selectable_refs(self, decision: Decision) -> set[str]:
        """Actors of pairs, and in the Action Phase any hero with something to do (so a click on a hero
        shows what it can do instead of doing it)."""
        refs = super().selectable_refs(decision)
        if decision.kind == "main":
            refs.update(r for a in decision.options for r in self.anchors(a) if r.startswith("hero:"))
        return refs


CLICKS = HeroesClicks()
is_pair, anchors, selectable_refs, focus, auto_selection = (
    CLICKS.is_pair, CLICKS.anchors, CLICKS.selectable_refs, CLICKS.focus, CLICKS.auto_selection)


def hint(decision: Decision, selected: str | None, name: str = "") -> str:
    """What to click now, in a few words."""
    if selected is not None:
        kinds = {a.kind for a in decision.options if CLICKS.is_pair(a) and a.refs[0] == selected}
        parts = []
        if "attack" in kinds:
            parts.append("an enemy hero to attack it")
        if "move" in kinds:
            parts.append("a location to move there")
        if "place" in kinds:
            parts.append("a location to place the hero there")
        what = ", or ".join(parts) if parts else "a button"
        return f"{name or 'Selected'}: click {what}. Right-click or Esc cancels."
    kinds = {a.kind for a in decision.options}
    if decision.kind == "main":
        return "Click a hero to act with it, a card to play it, your deck to draw, or a button."
    if decision.kind == "place":
        return "Click a hero, then the location to place it at." if "place" in kinds else "Click a location."
    if decision.kind == "reaction":
        return "Click a highlighted card or hero to react, or Pass."
    if decision.kind == "utility":
        return "Click a highlighted card to play it, or the button to go on."
    if decision.kind == "draft":
        return "Click a hero to draft it. Right-click any hero to see its power cards."
    if any(a.refs for a in decision.options):
        return "Click a highlighted card, hero or location, or a button."
    return "Choose a button."
