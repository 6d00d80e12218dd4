"""The explore effect vocabulary is one registry (rules/effects.py `STEPS`): every step declares its YAML
schema and its AI value together, and every step the content uses is registered (DESIGN.md, "Effects run
from a queue/stack ... Card effects are YAML steps drawn from a small vocabulary per game")."""

from __future__ import annotations

from guardians.games.explore.cards import REWARD_STEPS, load_content, reward_vocabulary, vocabulary
from guardians.games.explore.rules.effects import STEPS, steps_worth


def _names(steps: tuple) -> set[str]:
    out = set()
    for name, params in steps:
        out.add(name)
        for key in ("steps", "then", "else"):
            if key in params:
                out |= _names(params[key])
    return out


def _used() -> set[str]:
    content = load_content()
    used: set[str] = set()
    for card in content.cards.values():
        used |= _names(card.effect) | _names(card.persistent or ())
        if card.ability is not None:
            used |= _names(card.ability.steps)
    for family in content.families.values():
        used |= _names(family.reward)
    for location in content.locations:
        used |= _names(location.effect)
    return used


def test_every_step_has_a_value() -> None:
    assert STEPS.check() == []


def test_every_step_the_content_uses_is_registered() -> None:
    used = _used()
    assert used, "the content uses no steps?"
    assert sorted(n for n in used if n not in STEPS) == []
    assert all(not STEPS[n].internal for n in used), "YAML uses an internal step"


def test_the_loader_reads_its_schema_from_the_registry() -> None:
    vocab = vocabulary()
    assert set(vocab) | set(REWARD_STEPS) == set(STEPS.names())
    assert [f.name for f in vocab["look_top"]] == list(STEPS.params("look_top"))
    assert set(reward_vocabulary()) == set(REWARD_STEPS)


def test_every_card_has_a_worth_from_the_registry() -> None:
    content = load_content()
    for card in content.cards.values():
        steps_worth(card.effect, {})
    assert steps_worth((("energy", {"amount": 2}), ("draw", {"amount": 1})), {}) == 0.6 * 2 + 1.8
