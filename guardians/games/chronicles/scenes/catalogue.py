"""Every chronicles card for the card viewer: each hero's Power cards, the villains' ID cards, the Event
cards, the Wounds and the room cards, drawn with the faces the table shows on hover.
"""

from __future__ import annotations

from types import SimpleNamespace

from guardians.engine.table import CardFace
from guardians.games.chronicles.cards import load_content
from guardians.games.chronicles.scenes.faces import card_face


def villain_face(v) -> CardFace:
    stats = tuple((k[:3].upper(), str(n)) for k, n in v.stats.items() if k != "actions")
    words = f"{v.power_name}: {v.power_text}" if v.power_name else ""
    return CardFace(v.name, v.role.title(), words, stats[:5], "villain")


def catalogue() -> list[tuple[str, list[CardFace]]]:
    box = load_content().box
    seen = SimpleNamespace(box=box)            # the face builder reads only the box
    sections: list[tuple[str, list[CardFace]]] = []
    for hero in sorted(box.heroes.values(), key=lambda h: h.name):
        faces = [card_face(seen, c.id) for c in hero.cards]
        sections.append((hero.name, [f for f in faces if f is not None]))
    sections.append(("Villains", [villain_face(v) for v in box.villains.values()]))
    events = [card_face(seen, e) for e in sorted(box.events)]
    sections.append(("Events", [f for f in events if f is not None]))
    wounds = [card_face(seen, w) for w in sorted(set(box.wounds))]
    sections.append(("Wounds", [f for f in wounds if f is not None]))
    sections.append(("Rooms", [CardFace(r.title, "Room", r.text, (), "room") for r in box.rooms.values()]))
    return sections
