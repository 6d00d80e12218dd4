"""A realms deck being built: the deck builder's model, without pygame.

The Guardian and the Stronghold cards are kept apart from the draw deck, as a deck file keeps them. The
rule check is `decks.check_deck`, the same code as `guardians deck validate`; this module only counts
what the player sees beside it ("53 of at least 55 cards") and refuses the cards the engine cannot play
yet (`decks.unplayable_reason`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from guardians.games.realms.cards import CLASSES, CardDef, DeckDef, RealmsContent
from guardians.games.realms.decks import (MIN_DRAW_DECK, STRONGHOLD_CARDS, DeckReport, check_deck, deck_file_name,
                                          unplayable_reason)

SIZE_NAMES = {"S": "Small", "M": "Medium", "L": "Large"}
# The order cards are listed in, in the catalogue and the deck list.
TYPE_ORDER = ("guardian", "stronghold", "shield", "creature", "terrain", "spell", "item", "upgrade", "bribery")


def card_order(card: CardDef) -> tuple:
    return (TYPE_ORDER.index(card.type) if card.type in TYPE_ORDER else len(TYPE_ORDER), card.name, card.id)


@dataclass
class DeckDraft:
    """The deck on the builder's right: name, Guardian(s), Stronghold cards, draw deck counts."""

    content: RealmsContent
    name: str = ""
    guardians: list[str] = field(default_factory=list)
    strongholds: list[str] = field(default_factory=list)
    counts: dict[str, int] = field(default_factory=dict)

    @classmethod
    def from_deck(cls, deck: DeckDef, content: RealmsContent, name: str | None = None) -> "DeckDraft":
        counts: dict[str, int] = {}
        for cid, n in deck.cards:
            counts[cid] = counts.get(cid, 0) + n
        return cls(content, deck.name if name is None else name, list(deck.guardians), list(deck.strongholds),
                   counts)

    # ----- changes -------------------------------------------------------------------------------

    def add(self, card_id: str) -> str:
        """Add one copy; returns what happened in words. A card the engine cannot play yet is refused:
        ValueError with the reason (and nothing changes)."""
        card = self.content.cards[card_id]
        reason = unplayable_reason(card)
        if reason is not None:
            raise ValueError(reason)
        if card.type == "guardian":
            before = [self.content.cards[g].name for g in self.guardians if g in self.content.cards]
            if self.guardians == [card_id]:
                return f"{card.name} already leads this deck"
            self.guardians = [card_id]      # a deck has one Guardian: the new one takes the place
            return f"{card.name} replaces {', '.join(before)} as the Guardian" if before else \
                f"{card.name} is the Guardian"
        if card.type == "stronghold":
            if card_id in self.strongholds:
                raise ValueError(f"{card.name} is already one of the Stronghold cards")
            self.strongholds.append(card_id)
            return f"{card.name} added to the Stronghold cards"
        self.counts[card_id] = self.counts.get(card_id, 0) + 1
        return f"{card.name} added ({self.counts[card_id]} in the deck)"

    def remove(self, card_id: str) -> bool:
        """Take one copy out (the Guardian or a Stronghold card leaves at once); False if it was not in."""
        if card_id in self.guardians:
            self.guardians.remove(card_id)
        elif card_id in self.strongholds:
            self.strongholds.remove(card_id)
        elif self.counts.get(card_id, 0) > 0:
            self.counts[card_id] -= 1
            if not self.counts[card_id]:
                del self.counts[card_id]
        else:
            return False
        return True

    def copies(self, card_id: str) -> int:
        return self.counts.get(card_id, 0) + self.guardians.count(card_id) + self.strongholds.count(card_id)

    # ----- reading -------------------------------------------------------------------------------

    @property
    def deck_id(self) -> str:
        return deck_file_name(self.name)

    def deck(self) -> DeckDef:
        return DeckDef(self.deck_id or "new_deck", self.name or "New deck", tuple(self.guardians),
                       tuple(self.strongholds), tuple((cid, n) for cid, n in self.counts.items() if n > 0))

    def report(self) -> DeckReport:
        """The rule check of `guardians deck validate`."""
        return check_deck(self.deck(), self.content.cards)

    @property
    def size(self) -> int:
        return sum(self.counts.values())

    def summary(self) -> list[str]:
        """Where the deck stands, counted plainly: draw deck size, Guardian, Stronghold cards."""
        cards = self.content.cards
        size = self.size
        lines = [f"Draw deck: {size} of at least {MIN_DRAW_DECK} cards" + (" ✓" if size >= MIN_DRAW_DECK else "")]
        names = [cards[g].name for g in self.guardians if g in cards]
        lines.append(f"Guardian: {', '.join(names)}" if names else "Guardian: none yet (needs exactly one)")
        images = sorted({(cards[s].stronghold or "").replace("_", " ").title() for s in self.strongholds
                         if s in cards})
        held = len(self.strongholds)
        lines.append(f"Strongholds: {held} of {STRONGHOLD_CARDS} cards" +
                     (f", {' + '.join(images)}" if images else " (left, centre and right of one set)"))
        return lines

    def rows(self) -> list[tuple[str, int, str]]:
        """The deck list: (card id, copies, role) with role "guardian", "stronghold" or "draw", the set-out
        cards first, then the draw deck by type and name."""
        cards = self.content.cards
        out = [(g, 1, "guardian") for g in self.guardians]
        out += [(s, 1, "stronghold") for s in sorted(self.strongholds, key=lambda s: _position(cards.get(s)))]
        draw = sorted((cid for cid, n in self.counts.items() if n > 0),
                      key=lambda cid: card_order(cards[cid]) if cid in cards else (99, cid, cid))
        out += [(cid, self.counts[cid], "draw") for cid in draw]
        return out


def _position(card: CardDef | None) -> int:
    order = ("left", "centre", "right")
    return order.index(card.position) if card is not None and card.position in order else 3


def offered(card: CardDef, set_id: str = "", type_id: str = "", border: str = "", search: str = "",
            playable_only: bool = True, *, class_id: str = "", size: str = "") -> bool:
    """Whether the catalogue lists this card under these filters ("" is any). The search is words, each
    to be found somewhere in the card's name, our text or its keywords (`search_text`)."""
    if set_id and card.set != set_id:
        return False
    if type_id and card.type != type_id:
        return False
    if border and card.border != border:
        return False
    if class_id and class_id not in card.classes:
        return False
    if size and card.size != size:
        return False
    if playable_only and not card.playable:
        return False
    words = search.lower().split()
    if not words:
        return True
    haystack = search_text(card)
    return all(word in haystack for word in words)


def name_matches(card: CardDef, search: str) -> bool:
    """Whether every word of the search is in the card's name (or a former name): such cards are
    listed before those found only by their text."""
    names = " ".join((card.name, *card.aliases)).lower()
    return all(word in names for word in search.lower().split())


# Words a player may search for that a card's facts imply but its text may not say.
FACT_WORDS: dict[str, str] = {"flying": "flying flyer flies", "ranged": "ranged attack", "bribery": "bribery bribe",
                              "command": "command card", "cmp": "channelling channeling channeler",
                              "receiver": "receiver receives channelling"}


def keywords(card: CardDef) -> list[str]:
    """The card's keywords: what its facts make it (flying, ranged, ...) and the names of the effect
    steps its text is written in (docs/rules-notes/realms-content.md), with spaces for underscores."""
    words = [phrase for fact, phrase in FACT_WORDS.items() if getattr(card, fact)]
    steps = [name for step in card.static for name in step]
    for ability in card.abilities:
        steps += [name for step in ability.get("effect", ()) if isinstance(step, dict) for name in step]
    words += [name.replace("_", " ") for name in dict.fromkeys(steps) if name != "special"]
    return words


def search_text(card: CardDef) -> str:
    """Everything the deck builder's search looks in, lower case: name, former names, our text, type,
    kind, border, classes, size, terrain types, Bribery icons and the keywords (not the set: it has
    its own filter, and "base" or "park" would match hundreds of cards)."""
    parts = [card.name, *card.aliases, card.text or "", card.type, card.kind.replace("_", " "), card.border or "",
             *(CLASSES.get(c, c) for c in card.classes), SIZE_NAMES.get(card.size or "", ""),
             *(t.replace("_", " ") for t in card.terrain_types), *card.bribery, *keywords(card)]
    return " | ".join(dict.fromkeys(p for p in parts if p)).lower()
