"""Options as clicks, for any game: each option that names nothing gets a button ref of its own
(`opt:<index>`), and options that name a pair of things are made in two clicks (the first selects, the
second chooses). A game says what a pair is (`Clicks.is_pair`) and which refs select; the rest is here.

Pure functions of the decision: no drawing, no rules.
"""

from __future__ import annotations

from guardians.engine.actions import Action, Decision

OPT = "opt:"


def restyled(decision: Decision, options: list[Action]) -> Decision:
    return Decision(decision.seat, decision.prompt, tuple(options), decision.kind)


def with_option_refs(decision: Decision) -> Decision:
    """The decision with each option that names nothing given the ref `opt:<index>`."""
    options = [a if a.refs else Action(a.kind, a.args, a.label, (f"{OPT}{i}",)) for i, a in enumerate(decision.options)]
    return restyled(decision, options)


class Clicks:
    """A game's two-step click rules. The default: nothing is a pair, every click chooses."""

    def is_pair(self, action: Action) -> bool:
        return False

    def anchors(self, action: Action) -> tuple[str, ...]:
        """Where the first click for `action` goes."""
        return action.refs

    def selectable_refs(self, decision: Decision) -> set[str]:
        """Refs whose click selects rather than chooses."""
        return set()

    def focus(self, decision: Decision, selected: str) -> Decision:
        """The options while `selected` is picked."""
        return with_option_refs(restyled(decision, []))

    def auto_selection(self, decision: Decision) -> str | None:
        """A ref to select as soon as the decision is shown, if any."""
        return None

    def shown(self, decision: Decision, selected: str | None) -> Decision:
        return self.focus(decision, selected) if selected is not None else with_option_refs(decision)
