"""The decision presenter: turns any `Decision` into mouse targets, with no rules of its own.

Every drawn item whose ref is named by some option is highlighted and clickable; when several options
name the same ref, clicking it opens a small chooser of those options. Every option is also a row in
a scrollable list, so options that name nothing on the table ("Pass", "End turn") are reachable too.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from guardians.engine.actions import Action, Decision
from guardians.ui import theme
from guardians.ui.widgets import Button, ScrollList, draw_box, event_pos, is_press, is_release


@dataclass
class Target:
    """A clickable thing on the table: one option picks directly, several open a chooser."""

    rect: pygame.Rect
    ref: str
    actions: tuple[Action, ...]

    @property
    def direct(self) -> Action | None:
        return self.actions[0] if len(self.actions) == 1 else None


def option_label(action: Action) -> str:
    if action.label:
        return action.label
    return " ".join([action.kind.replace("_", " ")] + [str(a) for a in action.args])


def options_by_ref(decision: Decision) -> dict[str, tuple[Action, ...]]:
    """Each ref named by the decision's options, with those options in the decision's order."""
    by_ref: dict[str, list[Action]] = {}
    for option in decision.options:
        for ref in dict.fromkeys(option.refs):
            by_ref.setdefault(ref, []).append(option)
    return {ref: tuple(actions) for ref, actions in by_ref.items()}


def targets(decision: Decision | None, rects: dict[str, pygame.Rect]) -> list[Target]:
    """Pure: the clickable targets for `decision` given where each ref is drawn."""
    if decision is None:
        return []
    return [Target(pygame.Rect(rects[ref]), ref, actions)
            for ref, actions in options_by_ref(decision).items() if ref in rects]


class Chooser:
    """A small popup listing the options that name one clicked ref, plus Cancel."""

    ROW = 34

    def __init__(self, anchor: pygame.Rect, actions: tuple[Action, ...], bounds: pygame.Rect) -> None:
        self.actions = actions
        fnt = theme.font(15)
        width = max(180, min(380, max(fnt.size(option_label(a))[0] for a in actions) + 28))
        height = (len(actions) + 1) * (self.ROW + 4) + 8
        rect = pygame.Rect(anchor.right + 6, anchor.y, width, height)
        if rect.right > bounds.right:
            rect.right = anchor.x - 6
        rect.clamp_ip(bounds)
        self.rect = rect
        self.buttons = [Button(option_label(a), size=15) for a in actions] + [Button("Cancel", size=15)]
        for i, button in enumerate(self.buttons):
            button.rect = pygame.Rect(rect.x + 4, rect.y + 4 + i * (self.ROW + 4), rect.w - 8, self.ROW)

    def handle(self, event: pygame.event.Event) -> Action | bool | None:
        """An Action when one is picked, True when the chooser should close, else None."""
        for i, button in enumerate(self.buttons):
            if button.handle(event):
                return self.actions[i] if i < len(self.actions) else True
        pos = event_pos(event)
        if is_press(event) and pos is not None and not self.rect.collidepoint(pos):
            return True
        if event.type == pygame.KEYDOWN and getattr(event, "key", None) == pygame.K_ESCAPE:
            return True
        return None

    def draw(self, surface: pygame.Surface) -> None:
        shadow = self.rect.move(4, 4)
        draw_box(surface, shadow, (8, 8, 12))
        draw_box(surface, self.rect, theme.PANEL, theme.ACCENT, 2)
        for button in self.buttons:
            button.draw(surface)


class Presenter:
    """Holds the current decision's controls: table targets, the option list and a chooser popup."""

    def __init__(self) -> None:
        self.decision: Decision | None = None
        self.targets: list[Target] = []
        self.list = ScrollList(size=15)
        self.chooser: Chooser | None = None
        self.bounds = pygame.Rect(0, 0, 1280, 720)
        self.hover_ref: str | None = None
        self._armed: Target | None = None

    def present(self, decision: Decision | None, rects: dict[str, pygame.Rect], list_rect: pygame.Rect,
                bounds: pygame.Rect) -> None:
        """Show `decision` (None hides everything) with items drawn at `rects`."""
        if decision is not self.decision:
            self.chooser = None
            self._armed = None
        self.decision = decision
        self.bounds = pygame.Rect(bounds)
        self.targets = targets(decision, rects)
        self.list.layout(list_rect)
        self.list.set_items([option_label(a) for a in decision.options] if decision else [])

    @property
    def options(self) -> tuple[Action, ...]:
        return self.decision.options if self.decision else ()

    def target_at(self, pos: tuple[int, int]) -> Target | None:
        for target in reversed(self.targets):
            if target.rect.collidepoint(pos):
                return target
        return None

    def highlighted(self) -> set[str]:
        return {t.ref for t in self.targets}

    def hot_refs(self) -> set[str]:
        """Refs to mark extra: those of the hovered option row, and the hovered target."""
        refs: set[str] = set()
        if self.list.hover is not None and self.list.hover < len(self.options):
            refs.update(self.options[self.list.hover].refs)
        if self.hover_ref is not None:
            refs.add(self.hover_ref)
        return refs

    def handle(self, event: pygame.event.Event) -> Action | None:
        """The option picked by this event, if any."""
        if self.decision is None:
            return None
        if self.chooser is not None:
            picked = self.chooser.handle(event)
            if isinstance(picked, Action):
                self.chooser = None
                return picked
            if picked is True:
                self.chooser = None
                return None
            if event.type in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP, pygame.MOUSEWHEEL):
                return None     # a modal popup: clicks inside it go nowhere else
        index = self.list.handle(event)
        if index is not None and index < len(self.options):
            return self.options[index]
        pos = event_pos(event)
        if pos is None:
            return None
        target = self.target_at(pos)
        if event.type == pygame.MOUSEMOTION:
            self.hover_ref = target.ref if target else None
            self._sync_marks()
        elif is_press(event):
            self._armed = target
        elif is_release(event):
            armed, self._armed = self._armed, None
            if target is not None and armed is not None and armed.ref == target.ref:
                if target.direct is not None:
                    return target.direct
                self.chooser = Chooser(target.rect, target.actions, self.bounds)
        return None

    def _sync_marks(self) -> None:
        """Mark the option rows that name the hovered table item."""
        if self.hover_ref is None:
            self.list.marked = set()
        else:
            self.list.marked = {i for i, a in enumerate(self.options) if self.hover_ref in a.refs}

    def draw_highlights(self, surface: pygame.Surface) -> None:
        """Outline every clickable item: thick for all, thicker with a corner mark for the hot ones."""
        hot = self.hot_refs()
        for target in self.targets:
            rect = target.rect.inflate(6, 6)
            width = 5 if target.ref in hot else 3
            pygame.draw.rect(surface, theme.ACCENT, rect, width, border_radius=8)
            if len(target.actions) > 1:   # a chooser opens: say so with a count badge
                badge = theme.render(f"{len(target.actions)}…", 11, theme.TEXT_DARK, bold=True)
                box = badge.get_rect(topright=(rect.right - 2, rect.y + 2)).inflate(6, 2)
                draw_box(surface, box, theme.ACCENT, radius=4)
                surface.blit(badge, badge.get_rect(center=box.center))

    def draw(self, surface: pygame.Surface) -> None:
        if self.decision is None:
            return
        self.list.draw(surface)

    def draw_popup(self, surface: pygame.Surface) -> None:
        if self.chooser is not None:
            self.chooser.draw(surface)

    # ----- for tests: where to click ------------------------------------------------------------

    def direct_point(self, action: Action) -> tuple[int, int] | None:
        """A table point whose click picks `action` at once (a ref named by it alone), if any."""
        for target in self.targets:
            if target.direct == action:
                return target.rect.center
        return None
