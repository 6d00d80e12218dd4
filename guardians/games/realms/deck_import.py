"""Import LackeyCCG `.dek` decks (the plugin's saved theme decks) into realms decks.

A `.dek` file is XML: `<deck>` with `<superzone name="Deck">` (the draw deck) and
`<superzone name="Starting">` (the Guardian and the three Stronghold cards), each card
`<card><name id="IMAGE.png">Card Name</name><set>RE</set></card>`. Names are matched with
`cards.norm_name` (case, spaces and punctuation do not count) and the cards' `aliases` (the data's
misspellings), within the card's set first. Every unknown card is named in one error. `deck_yaml`
writes a deck as the YAML of `cards/realms/decks/`: the theme decks there were made with it.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from pathlib import Path
from typing import Iterable, Mapping

from guardians.games.realms.cards import CardDef, DeckDef, norm_name

ZONES = ("Deck", "Starting")


class DeckImportError(Exception):
    """A `.dek` file that cannot be read or names cards we do not know."""


class NameIndex:
    """Card names (and aliases) to ids, per set and over all sets."""

    def __init__(self, cards: Mapping[str, CardDef]) -> None:
        self.by_set: dict[tuple[str, str], str] = {}
        self.any_set: dict[str, list[str]] = {}
        for card in cards.values():        # file order: of two same-named cards in a set the first wins
            for name in (card.name, *card.aliases):
                key = norm_name(name)
                self.by_set.setdefault((key, card.set), card.id)
                ids = self.any_set.setdefault(key, [])
                if card.id not in ids:
                    ids.append(card.id)

    def resolve(self, name: str, set_id: str | None = None) -> str | None:
        """The id for a name (in `set_id` if it has one there, else the only card of that name)."""
        key = norm_name(name)
        if set_id and (key, set_id) in self.by_set:
            return self.by_set[(key, set_id)]
        ids = self.any_set.get(key, [])
        return ids[0] if ids else None


def read_dek(path: Path) -> list[tuple[str, str, str | None]]:
    """The (zone, name, set) of every card in the file, in file order."""
    try:
        root = ET.parse(path).getroot()
    except (ET.ParseError, OSError) as exc:
        raise DeckImportError(f"{path}: not a readable LackeyCCG deck ({exc})") from exc
    if root.tag != "deck":
        raise DeckImportError(f"{path}: not a LackeyCCG deck (the root element is <{root.tag}>, not <deck>)")
    out = []
    for zone in root.findall("superzone"):
        zname = zone.get("name", "")
        if zname not in ZONES:
            raise DeckImportError(f"{path}: unknown zone {zname!r} (a deck has the zones {', '.join(ZONES)})")
        for card in zone.findall("card"):
            name = (card.findtext("name") or "").strip()
            set_id = (card.findtext("set") or "").strip() or None
            out.append((zname, name, set_id))
    return out


def deck_id_for(path: Path) -> str:
    """An id from the file name: "Basic_Knights_Theme.dek" -> "basic_knights_theme"."""
    value = re.sub(r"[^a-z0-9]+", "_", path.stem.lower()).strip("_")
    return value if re.match(r"^[a-z]", value) else f"deck_{value}"


def import_dek(path: Path, cards: Mapping[str, CardDef], deck_id: str | None = None,
               name: str | None = None) -> DeckDef:
    """The deck in a `.dek` file. Starting-zone cards must be Guardians or Stronghold cards; the Deck
    zone is the draw deck as it is (a Guardian put there is kept, for `validate_deck` to report)."""
    index = NameIndex(cards)
    unknown: list[str] = []
    guardians: list[str] = []
    strongholds: list[str] = []
    counts: dict[str, int] = {}
    for zone, card_name, set_id in read_dek(path):
        cid = index.resolve(card_name, set_id)
        if cid is None:
            unknown.append(f"{card_name!r} (set {set_id or '?'}, zone {zone})")
            continue
        card = cards[cid]
        if zone == "Starting":
            if card.type == "guardian":
                guardians.append(cid)
            elif card.type == "stronghold":
                strongholds.append(cid)
            else:
                raise DeckImportError(f"{path}: {card.name!r} is in the Starting zone, which holds only the "
                                      f"Guardian and the Stronghold cards")
        else:
            counts[cid] = counts.get(cid, 0) + 1
    if unknown:
        raise DeckImportError(f"{path}: unknown card{'s' if len(unknown) > 1 else ''}: {', '.join(unknown)}")
    return DeckDef(deck_id or deck_id_for(path), name or path.stem.replace("_", " "), tuple(guardians),
                   tuple(strongholds), tuple(counts.items()), path.name)


def _quoted(text: str) -> str:
    return '"' + text.replace("\\", "\\\\").replace('"', '\\"') + '"'


def deck_yaml(deck: DeckDef, cards: Mapping[str, CardDef], note: Iterable[str] = ()) -> str:
    """The deck as a `cards/realms/decks/*.yaml` file (one Guardian: a deck with more cannot be written)."""
    if len(deck.guardians) != 1:
        raise DeckImportError(f"deck {deck.id!r} has {len(deck.guardians)} Guardians; the YAML holds one")
    lines = [f"# {line}" for line in note]
    lines += ["deck:", f"  id: {deck.id}", f"  name: {_quoted(deck.name)}"]
    if deck.source:
        lines.append(f"  source: {_quoted(deck.source)}")
    lines.append(f"  guardian: {deck.guardians[0]}    # {cards[deck.guardians[0]].name}")
    lines.append(f"  strongholds: [{', '.join(deck.strongholds)}]")
    lines.append(f"  cards:    # {deck.size} cards")
    width = max(len(cid) for cid, _ in deck.cards) if deck.cards else 0
    for cid, count in deck.cards:
        lines.append(f"    {cid}: {count}{' ' * (width - len(cid))}    # {cards[cid].name}")
    return "\n".join(lines) + "\n"
