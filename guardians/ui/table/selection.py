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


class ActorClicks(Clicks):
    """Pairs whose first ref is the actor (a hero, a card in hand) and whose second is its target or
    destination: click the actor, then the second things light up. A game says what a pair is
    (`is_pair`); `keep_refless` keeps the options naming nothing as buttons while an actor is selected
    (so an automatic selection never hides "Done")."""

    keep_refless: bool = False

    def anchors(self, action: Action) -> tuple[str, ...]:
        """The actor of a pair, else any ref the option names."""
        return (action.refs[0],) if self.is_pair(action) else action.refs

    def selectable_refs(self, decision: Decision) -> set[str]:
        """The actors of pairs."""
        return {a.refs[0] for a in decision.options if self.is_pair(a)}

    def focus(self, decision: Decision, selected: str) -> Decision:
        """While `selected` is picked: its pairs by their second ref, its other options as buttons
        (and, with `keep_refless`, the options naming nothing); everything else waits until the
        selection is cancelled."""
        options: list[Action] = []
        for action in decision.options:
            if self.is_pair(action) and action.refs[0] == selected:
                options.append(Action(action.kind, action.args, action.label, (action.refs[1],)))
            elif (selected in action.refs and not self.is_pair(action)) or (self.keep_refless and not action.refs):
                options.append(Action(action.kind, action.args, action.label, ()))
        return with_option_refs(restyled(decision, options))

    def auto_selection(self, decision: Decision) -> str | None:
        """When every option with refs is a pair from one actor (the last hero to place, the one card
        to put down), select it at once."""
        with_refs = [a for a in decision.options if a.refs]
        if not with_refs or not all(self.is_pair(a) for a in with_refs):
            return None
        actors = {a.refs[0] for a in with_refs}
        return actors.pop() if len(actors) == 1 else None
