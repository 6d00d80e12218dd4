"""Every card of the realms decks for the card viewer, a section a deck (its Guardian and Strongholds
first, then its cards by type and name, "×n" for copies), drawn with the table's faces (facts.face_of,
cardface.py).
"""

from __future__ import annotations

from dataclasses import replace

from guardians.engine.table import CardFace
from guardians.games.realms.cards import load_content
from guardians.games.realms.scenes.facts import face_of

ORDER = ("guardian", "stronghold", "shield", "creature", "terrain", "spell", "item", "upgrade", "bribery")


def catalogue() -> list[tuple[str, list[CardFace]]]:
    content = load_content()
    sections: list[tuple[str, list[CardFace]]] = []
    for deck in sorted(content.decks.values(), key=lambda d: d.name):
        faces = [face_of(content.cards[c]) for c in deck.guardians + deck.strongholds if c in content.cards]
        cards = sorted(((content.cards[c], n) for c, n in deck.cards if c in content.cards),
                       key=lambda cn: (ORDER.index(cn[0].type) if cn[0].type in ORDER else len(ORDER), cn[0].name))
        for card, copies in cards:
            face = face_of(card)
            faces.append(replace(face, footer=f"{face.footer} · ×{copies}".strip(" ·")) if copies > 1 else face)
        sections.append((deck.name, faces))
    return sections
