"""Card faces of the chronicles table, read from the content (cards/chronicles/*.yaml): what hovering a
Power card, a Wound or an Event shows large. A card the viewer may not identify has no face.
"""

from __future__ import annotations

from guardians.engine.table import CardFace
from guardians.games.chronicles.scenes import sides

STAT_WORDS = {"speed": "Speed", "combat": "Combat", "defense": "Defense", "mental": "Mental", "health": "Health"}


def technique_words(technique: dict[str, int]) -> str:
    return ", ".join(f"{STAT_WORDS.get(k, k.title())} {v:+d}" for k, v in technique.items())


_FACES: dict[tuple[int, str], tuple[object, CardFace | None]] = {}


def card_face(seen, card: str) -> CardFace | None:
    """A hero's Power card or Wound, or an Event card; None for a hidden one. Kept per box and card (a face reads
    nothing else, and the panel shows every card in hand at every redraw); the box is kept with it, so a box made
    later at the same address never reads another box's faces."""
    box = seen.box
    found = _FACES.get((id(box), card))
    if found is not None and found[0] is box:
        return found[1]
    if len(_FACES) > 2048:
        _FACES.clear()
    face = _FACES[(id(box), card)] = (box, _card_face(box, card))
    return face[1]


def _card_face(box, card: str) -> CardFace | None:
    c = box.cards.get(card)
    if c is not None:
        parts = []
        if c.special is not None:
            parts.append(f"Special Power (left): {c.special.text}")
        if c.technique:
            parts.append(f"Secret Technique (right): {technique_words(c.technique)}")
        hero = box.heroes[c.hero].name if c.hero in box.heroes else ""
        kind = "Wound" if c.deck == "wound" else "Power card"
        return CardFace(c.name, kind, "\n".join(parts), (), "wound" if c.deck == "wound" else "hero", hero)
    e = box.events.get(card)
    if e is not None:
        words = e.text + (f"\nSecret Technique: {technique_words(e.technique)}" if e.technique else "")
        return CardFace(e.name, "Event", words, (), "event", sides.villain_name(box))
    return None
