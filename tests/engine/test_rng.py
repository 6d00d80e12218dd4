"""The one seeded random source of a state: deterministic, clonable, and counting its uses (for undo)."""

from __future__ import annotations

from guardians.engine import Rng


def _draws(rng: Rng) -> list:
    deck = list(range(20))
    rng.shuffle(deck)
    return [deck, rng.randint(1, 6), rng.random(), rng.choice("abcdef"), rng.sample(range(50), 5), rng.pick([1, 2, 3])]


def test_same_seed_same_sequence() -> None:
    assert _draws(Rng(42)) == _draws(Rng(42))
    assert _draws(Rng(42)) != _draws(Rng(43))


def test_clone_continues_identically_and_independently() -> None:
    rng = Rng(7)
    rng.random()
    copy = rng.clone()
    assert copy.uses == rng.uses
    assert _draws(copy) == _draws(rng)
    copy.random()
    assert copy.random() != rng.random()   # the streams are apart now: no shared state


def test_every_kind_of_draw_is_counted() -> None:
    rng = Rng(1)
    for draw in (lambda: rng.shuffle([1, 2, 3]), lambda: rng.randint(1, 6), rng.random,
                 lambda: rng.choice([1, 2]), lambda: rng.pick([1, 2]), lambda: rng.uniform(0, 1)):
        before = rng.uses
        draw()
        assert rng.uses > before


def test_state_token_reflects_position() -> None:
    a, b = Rng(5), Rng(5)
    assert a.state_token() == b.state_token()
    a.random()
    assert a.state_token() != b.state_token()
