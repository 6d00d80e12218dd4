"""A realms card's face is made once per card and reused by every frame that shows it
(`facts.face`): the same face as made afresh from the card's facts, for every card of the content."""

from __future__ import annotations

from realms.helpers import fixture_config

from guardians.engine.registry import get_game
from guardians.games.realms.scenes import facts


def test_a_card_face_is_made_once_and_is_the_face_of_its_facts() -> None:
    state = get_game("realms").new_game(fixture_config(2, ("human", "ai:random")), 3)
    seen = state.view(0)
    shown = [inst for inst in range(len(seen.cards)) if facts.known(seen, inst)]
    assert len(shown) > 10
    for inst in shown:
        face = facts.face(seen, inst)
        assert face == facts.face_of(facts.card_of(seen, inst))       # what its facts say
        assert facts.face(seen, inst) is face                          # and kept, not made again
    hidden = [inst for inst in range(len(seen.cards)) if not facts.known(seen, inst)]
    assert hidden and all(facts.face(seen, inst) is None for inst in hidden)
