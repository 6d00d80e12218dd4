"""R139 the `quick_start` variant (RB-QS "Combat": use only the base Vitality for the first games; spec
R139 in ../shared/specs/realms.md; RB-QS is part of ../shared/seeds/001_7eb27caf5825ab9d.txt)."""

from __future__ import annotations

from realms.helpers import fight, fresh, put, terrain, vanilla, act

from guardians.ai import RandomPlayer
from guardians.engine import GameConfig
from guardians.games.realms import INFO
from guardians.games.realms.rules import RealmsState
from guardians.games.realms.rules.quick_start import quick_start_content

MORTAL = vanilla(6, "mortal", name="test_mortal6_ocb3", ocb=3, ranged=2, bribery=("beer",), receiver=True)
ELEMENTAL = vanilla(8, "elemental", name="test_elemental8")


def duel(quick: bool) -> tuple[int, int]:
    """A mortal 6 (off-colour bonus 3) attacks an elemental 8: the match-up's two values."""
    state = fresh((MORTAL, ELEMENTAL))
    if quick:
        state.content = quick_start_content(state.content)
    (a,) = put(state, 0, "D0C", [MORTAL.id])
    (d,) = put(state, 1, "D1C", [ELEMENTAL.id])
    terrain(state, "D1C", 1, face_down=True)
    fight(state, 0, 1, "D1C", "D0C")
    act(state, "pick", a)
    act(state, "pick", d)
    while state.decision is not None and not [e for e in state.log if e.kind == "matchup"]:
        act(state, next(o.kind for o in state.legal_actions() if o.kind.endswith("pass")))
    told = [e for e in state.log if e.kind == "matchup"][-1]
    return told["a_value"], told["d_value"]


def test_base_vitality_only() -> None:
    """RB-QS: no off-colour bonus (nor ranged, channelling or bribery): the mortal fights with 6, not 9."""
    assert duel(quick=False) == (9, 8)
    assert duel(quick=True) == (6, 8)


def test_the_variant_strips_card_text_and_keeps_the_basics() -> None:
    """Spec R139: drop bonuses, text, ranged, AOE, channelling and bribery; keep Vitality, borders, flying
    (movement), shield costs and the Terrain cards' terrain."""
    assert "quick_start" in INFO.variants
    state = RealmsState(GameConfig("realms", 2, variant="quick_start"), 5)
    cards = state.content.cards.values()
    assert all(not c.static and not c.abilities and c.ocb == 0 and c.ranged == 0 and c.cmp == 0
               and not c.receiver and not c.bribery and not c.command for c in cards)
    full = RealmsState(GameConfig("realms", 2), 5).content.cards
    assert any(c.static for c in full.values())
    for cid, card in state.content.cards.items():
        assert (card.vitality, card.border, card.flying, card.shield_cost, card.terrain_types) == \
            (full[cid].vitality, full[cid].border, full[cid].flying, full[cid].shield_cost, full[cid].terrain_types)


def test_a_quick_start_game_plays_to_its_end() -> None:
    """The variant is a whole game: random players finish one (within the round limit)."""
    state = RealmsState(GameConfig("realms", 2, variant="quick_start"), 11)
    player = RandomPlayer(3)
    for _ in range(20000):
        if state.is_over:
            break
        state.apply(player.choose(state))
    assert state.is_over and state.result is not None
    kinds = {e.kind for e in state.log}
    assert not kinds & {"bribe", "channel", "ranged", "aoe", "command"}
