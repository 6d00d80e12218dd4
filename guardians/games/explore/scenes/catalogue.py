"""Every explore card for the card viewer, drawn with the faces the table uses: the Guardian cards by
kind (generics, each class's skills, items, familiars, SUPER cards), the monsters, the locations, the
bosses, the secret quests and the five Apprentice decks.
"""

from __future__ import annotations

from dataclasses import replace
from types import SimpleNamespace

from guardians.engine.table import CardFace
from guardians.games.explore.cards import load_content
from guardians.games.explore.rules.state import ExploreState

CLASS_TITLES = {"knight": "Knight skills", "wizard": "Wizard skills", "archer": "Archer skills",
                "rogue": "Rogue skills"}


def card_face(content, card_id: str, copies: int = 1) -> CardFace:
    # ExploreState's face builders read only `content`: reuse them without a game in progress.
    face = ExploreState.card_face(SimpleNamespace(content=content), card_id)  # type: ignore[arg-type]
    if copies > 1:
        return replace(face, footer=(face.footer + " · " if face.footer else "") + f"×{copies}")
    return face


def monster_face(content, kind_id: str) -> CardFace:
    kind = content.monsters[kind_id]
    family = content.families[kind.family]
    waves = ", ".join(f"wave {w + 1}: {n}" for w, n in enumerate(kind.waves) if n)
    return CardFace(kind.name, f"{family.name} · tier {kind.tier}", family.text,
                    (("ATK", str(kind.attack)), ("PTS", str(kind.trophy))), kind.family, waves,
                    ("explore", "families", kind.family))


def location_face(content, loc: int) -> CardFace:
    ns = SimpleNamespace(L=content.locations, home_flipped=False)
    return ExploreState.location_face(ns, loc)  # type: ignore[arg-type]


def boss_face(content, boss_id: str) -> CardFace:
    boss = content.bosses[boss_id]
    return CardFace(boss.name, f"{boss.colour.title()} Boss", boss.text,
                    (("ATK", f"{boss.per_player} per player"),), "boss",
                    "the final boss" if boss.colour == "red" else "Round 4", ("explore", "bosses", boss_id))


def quest_face(content, quest_id: str) -> CardFace:
    quest = content.quests[quest_id]
    return CardFace(quest.name, "Secret Quest", quest.text, (("PTS", str(quest.points)),), "quest")


def catalogue() -> list[tuple[str, list[CardFace]]]:
    content = load_content()
    cards = sorted(content.cards.values(), key=lambda c: (c.requires, c.name))
    sections: list[tuple[str, list[CardFace]]] = []

    def add(title: str, chosen) -> None:
        faces = [card_face(content, c.id, c.copies) for c in chosen]
        if faces:
            sections.append((title, faces))

    add("Generic cards", [c for c in cards if c.type in ("generic", "coward")])
    for klass, title in CLASS_TITLES.items():
        add(title, [c for c in cards if c.type == "skill" and not c.super and c.klass == klass])
    add("Items", [c for c in cards if c.type == "item" and not c.super])
    add("Familiars", [c for c in cards if c.type == "familiar" and not c.super])
    add("SUPER cards", [c for c in cards if c.super])
    monsters = sorted(content.monsters.values(), key=lambda m: (m.family, m.tier))
    sections.append(("Monsters", [monster_face(content, m.id) for m in monsters]))
    sections.append(("Locations", [location_face(content, i) for i in range(len(content.locations))]))
    bosses = sorted(content.bosses.values(), key=lambda b: (b.colour != "blue", b.per_player))
    sections.append(("Bosses", [boss_face(content, b.id) for b in bosses]))
    sections.append(("Secret quests", [quest_face(content, q) for q in content.quests]))
    for deck in content.decks.values():
        faces = [card_face(content, deck.super)] + [card_face(content, cid, n) for cid, n in deck.cards]
        faces += [card_face(content, cid, n) for cid, n in content.setup.starting_generics]
        sections.append((f"Apprentice deck: {deck.colour}", faces))
    return sections
