"""Every heroes card for the card viewer: the heroes, each hero's Ultimate and power cards, the basic
deck and the locations, drawn with the same faces the table uses.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from guardians.engine.table import CardFace
from guardians.games.heroes.cards import load_content
from guardians.games.heroes.rules.state import HeroesState


def _faces(content) -> SimpleNamespace:
    # HeroesState's face builders read only `content`: reuse them without a game in progress.
    return SimpleNamespace(content=content)


def card_face(content, card_id: str, copies: int = 1) -> CardFace:
    face = HeroesState.card_face(_faces(content), card_id)  # type: ignore[arg-type]
    return replace(face, footer=f"{face.footer} · ×{copies}") if copies > 1 else face


def hero_face(content, hero_id: str) -> CardFace:
    return HeroesState.hero_face(_faces(content), hero_id)  # type: ignore[arg-type]


def location_face(content, loc_id: str) -> CardFace:
    location = content.locations[loc_id]
    return CardFace(location.name, "Location", location.text,
                    (("PTS", str(location.points)), ("TRACK", str(location.track))), "location")


def catalogue() -> list[tuple[str, list[CardFace]]]:
    content = load_content()
    heroes = sorted(content.heroes.values(), key=lambda h: h.name)
    sections: list[tuple[str, list[CardFace]]] = [("Heroes", [hero_face(content, h.id) for h in heroes])]
    for hero in heroes:
        faces = [hero_face(content, hero.id), card_face(content, hero.ultimate.id)]
        faces += [card_face(content, card.id, card.copies) for card in hero.cards]
        sections.append((hero.name, faces))
    sections.append(("Basic deck", [card_face(content, c.id, c.copies) for c in content.basic]))
    locations = sorted(content.locations.values(), key=lambda l: (l.points, l.name))  # noqa: E741
    sections.append(("Locations", [location_face(content, loc.id) for loc in locations]))
    return sections
