"""The `quick_start` variant (RB-QS Combat; spec R139): creatures fight with their base Vitality only.

The rules stay the same; the cards lose what the Quick Start leaves out. Each card keeps its printed
facts that the basic game uses (type, border, Vitality, shield cost, flying for movement, Terrain types
of Terrain cards, the Guardian's draw and stones, the Up-card number) and loses its text (static steps
and abilities: auras, bonuses, AOE, Command Cards, Spells and Items, Stronghold and Shield bonuses), its
off-colour bonus, ranged value, channelling (no receivers, no channelers) and bribery icons. So no rule
code needs a quick-start branch: with nothing to offer, those windows and options never open.
"""

from __future__ import annotations

import dataclasses

from guardians.games.realms.cards import CardDef, RealmsContent

VARIANT = "quick_start"
_CACHE: dict[int, tuple[RealmsContent, RealmsContent]] = {}     # id -> (the content, its basic form)


def basic_card(card: CardDef) -> CardDef:
    """The card as the Quick Start plays it: no text, no bonus, no ranged, channelling or bribery."""
    return dataclasses.replace(card, static=(), abilities=(), ocb=0, ranged=0, cmp=0, receiver=False,
                               bribery=(), command=False)


def quick_start_content(content: RealmsContent) -> RealmsContent:
    """The content with every card made basic (cached per content: new games share it)."""
    found = _CACHE.get(id(content))
    if found is not None and found[0] is content:
        return found[1]
    cards = {cid: basic_card(card) for cid, card in content.cards.items()}
    basic = RealmsContent(cards, content.decks, content.hash)
    _CACHE[id(content)] = (content, basic)
    return basic
