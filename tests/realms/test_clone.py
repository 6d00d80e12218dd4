"""A clone shares the card table (`cards`, `owner`) with its source: it must be immutable, so that nothing
done to one state leaks into another (ARCHITECTURE "The State API": `clone()`; the AI plays on clones and
determinized worlds of the real state)."""

from __future__ import annotations

import pytest
from realms.helpers import fresh, give

from guardians.engine.rng import Rng
from guardians.games.realms.rules.model import HIDDEN


def test_the_card_table_cannot_be_changed_in_place() -> None:
    """Instance -> card id and -> owner are tuples: a change is a new table, never a write into the shared one."""
    state = fresh()
    with pytest.raises(TypeError):
        state.cards[0] = HIDDEN  # type: ignore[index]
    with pytest.raises(TypeError):
        state.owner[0] = 1  # type: ignore[index]


def test_a_new_card_on_a_clone_does_not_leak_into_its_source() -> None:
    state = fresh()
    before_cards, before_owner = tuple(state.cards), tuple(state.owner)
    other = state.clone()
    assert other.cards is state.cards                  # shared, not copied: a clone stays cheap
    inst = give(other, 1, "death", "hand")
    assert other.cards[inst] == "death" and other.owner[inst] == 1
    assert state.cards == before_cards and state.owner == before_owner
    assert len(state.cards) == inst and inst not in state.seats[1].hand
    give(state, 0, "wind_spirit", "hand")              # and the other way round
    assert other.cards[inst] == "death" and len(other.cards) == inst + 1


def test_masking_a_view_or_filling_a_world_leaves_the_state_untouched() -> None:
    """A view renames the cards its seat may not identify (HIDDEN) and a determinized world renames them again:
    both on a table of their own."""
    state = fresh()
    hidden = [give(state, 1, "death", "hand"), give(state, 1, "wind_spirit", "hand")]
    before = state.cards
    view = state.view(0)
    assert all(view.cards[i] == HIDDEN for i in hidden)
    world = state.determinize(0, Rng(5))
    assert all(world.cards[i] != HIDDEN for i in hidden)
    assert state.cards is before and [state.cards[i] for i in hidden] == ["death", "wind_spirit"]
