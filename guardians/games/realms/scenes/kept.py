"""Parts of the realms table kept between builds while what they show is unchanged.

After a pick in a combat most of the table shows what it showed before: the same spaces and stacks, the
same seat bars, the same cards in hand. Building their pieces again (fitting titles, wording notes, making
painters) was most of a redraw's `build`. Each part of the table has a slot here (a space, a seat's bar, a
combat column) holding the inputs it was last built from and what was built: a part whose inputs are
equal is handed back as it was, pieces and all.

The inputs are the builder's promise, as a look is a painter's: a hashable of exactly the values the
part's pieces are made of (numbers, words, card ids, rects, the window's scale), never the identity of a
state (a view is a new copy at every move). A part whose tip or face is worded when hovered gets that
function bound to the current view again (`rebind`), so what hovering reads is always today's.

A slot keeps only its last build, so the store never grows beyond the table's parts. The store is emptied
with the text caches (`register_cache`: the text audit starts from nothing).
"""

from __future__ import annotations

from typing import Any, Callable, Hashable, TypeVar

from guardians.ui.text import register_cache

T = TypeVar("T")


class Kept:
    """One table's kept parts: slot -> (inputs, what was built from them)."""

    def __init__(self) -> None:
        self._slots: dict[Hashable, tuple[Hashable, Any]] = {}
        self.hits = 0
        self.misses = 0
        register_cache(self.clear)

    def get(self, slot: Hashable, inputs: Hashable, make: Callable[[], T]) -> T:
        """What `make()` built for `slot` from equal `inputs` last time; else built now and kept."""
        found = self._slots.get(slot)
        if found is not None and found[0] == inputs:
            self.hits += 1
            return found[1]
        self.misses += 1
        value = make()
        self._slots[slot] = (inputs, value)
        return value

    def clear(self) -> None:
        self._slots.clear()

    def __len__(self) -> int:
        return len(self._slots)


def build(kept: Kept | None, slot: Hashable, inputs: Callable[[], Hashable], make: Callable[[], T]) -> T:
    """`kept.get(slot, inputs(), make)`, or `make()` when nothing is kept (a table built once, a test)."""
    if kept is None:
        return make()
    return kept.get(slot, inputs(), make)


def ids(cards: tuple, insts) -> tuple[tuple[int, Any], ...]:
    """Instances with what the view says each is (its card id, or HIDDEN): what a card piece shows."""
    return tuple((i, cards[i]) for i in insts)


def card_id(cards: tuple, inst: int | None) -> Any:
    return cards[inst] if inst is not None else None
