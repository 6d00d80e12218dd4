"""Two-click pairs on the explore table: options that name a pair of things of different kinds (the
final choice's SUPER card and quest) are made in two clicks, either one first. The kit's `Clicks` does
the rest (option buttons, selection). Pure functions of the decision: no drawing, no rules.
"""

from __future__ import annotations

from guardians.engine.actions import Action, Decision
from guardians.ui.table.selection import OPT, Clicks, restyled, with_option_refs  # noqa: F401


class ExploreClicks(Clicks):
    def is_pair(self, action: Action) -> bool:
        """An option naming two things of different kinds (a card and a quest)."""
        refs = action.refs
        return len(refs) == 2 and refs[0].split(":")[0] != refs[1].split(":")[0]

    def selectable_refs(self, decision: Decision) -> set[str]:
        """Both halves of every pair select."""
        return {ref for a in decision.options if self.is_pair(a) for ref in a.refs}

    def partner(self, action: Action, selected: str) -> str | None:
        if not self.is_pair(action) or selected not in action.refs:
            return None
        return action.refs[1] if action.refs[0] == selected else action.refs[0]

    def focus(self, decision: Decision, selected: str) -> Decision:
        """The options while `selected` is picked: its pairs, each pointed at its other half."""
        options = [Action(a.kind, a.args, a.label, (other,)) for a in decision.options
                   if (other := self.partner(a, selected)) is not None]
        return restyled(decision, options)


CLICKS = ExploreClicks()
is_pair, selectable_refs, partner, focus = CLICKS.is_pair, CLICKS.selectable_refs, CLICKS.partner, CLICKS.focus


def hint(decision: Decision | None, selected: str | None, phase: str) -> str:
    """What to click now, in a few words."""
    if decision is None:
        return ""
    if selected is not None:
        return "Now click the other card to keep with it. Right-click or Esc cancels."
    kinds = {a.kind for a in decision.options}
    if decision.kind == "draft":
        return "Click a card to add it to your deck. Hover any card to read it."
    if decision.kind == "setup" and "keep" in kinds:
        return "Click the SUPER card and the secret quest to keep, one after the other."
    if "colour" in kinds:
        return "Click a deck to play it. Hover a card to read it."
    if decision.kind == "wave":
        return "Click a wave pile in the Monster Aid: the empty spots are invaded face down from it."
    if decision.kind == "retreat":
        return "Click a monster to retreat it, or stop retreating."
    if decision.kind == "location":
        return "Click a safe location to visit it (its benefit happens at once)."
    if decision.kind == "main" and "done" in kinds:
        return "Click a card in your hand to play it (its energy need is not spent), or Finish your Power Up."
    if decision.kind == "main":
        return ("Click a monster to place damage counters, a location (or the boss) to battle there, "
                "or Battle nowhere.")
    if decision.kind == "place" and kinds & {"fort", "keep", "none", "remove"}:
        return "Click a vacant location for your Blanket Fort, or a button."
    if decision.kind == "place":
        return "Click a location with another monster to place it."
    if any(a.refs for a in decision.options):
        return "Click a highlighted card, monster or location, or a button."
    return "Choose a button."
