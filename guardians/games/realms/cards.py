"""The realms content: YAML in `cards/realms/` checked and turned into frozen definitions.

The contract (record kinds, fields, statuses, how ids are made, the data corrections) is
`docs/rules-notes/realms-content.md`. Field types and choices are checked by the engine `Checker`; this
module adds what only realms knows: classes, icons and terrain types from closed lists, a creature file
holds one set, every Stronghold image has its three cards, status and text agree, decks name known
cards. Every error is collected with file, line, card and field. `static:` and `abilities:` are checked
step by step against the rules' step registry (rules/effects.py). No pygame here.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import cached_property
from pathlib import Path
from typing import Any

from guardians.engine.content import (CardSet, Checker, Field, FolderBuild, content_hash as _hash_files,
                                      line_of, opt, plain, record_id)
from guardians.engine.content import ContentErrors  # noqa: F401 - what load_content raises, caught from here

SETS: tuple[str, ...] = ("RE", "DI", "DN", "NP", "PR")
SET_NAMES: dict[str, str] = {"RE": "base set (Revised Edition)", "DI": "Dagger Isle", "DN": "Drifter's Nexus",
                             "NP": "Necropolis Park", "PR": "promo"}
BORDERS: tuple[str, ...] = ("mortal", "elemental", "external")
SIZES: tuple[str, ...] = ("S", "M", "L")
ICONS: tuple[str, ...] = ("babes", "beer", "gold")
BACKS: tuple[str, ...] = ("single", "double")
# vanilla: the facts (and the game's generic rules) are the card's whole behaviour: playable now.
# expressed: its rules text is wholly in its effect steps (`static:`, `abilities:`): playable now.
# unexpressed: has rules text the engine will need effect steps for. untexted: our text not written yet.
STATUSES: tuple[str, ...] = ("vanilla", "expressed", "unexpressed", "untexted")
PLAYABLE: tuple[str, ...] = ("vanilla", "expressed")
ABILITY_FIELDS = [Field("when", str), Field("effect", "steps"), opt("cost", int, minimum=0, maximum=10),
                  opt("needs", str, choices=("knight_matchup", "matchup_creature", "ranged_used", "stronghold_attack",
                                              "pirates_won", "enemy_guardian_channelled", "enemy_creature_channelled",
                                              "defending", "giant_matchup")),
                  opt("undispellable", bool)]
TERRAIN_TYPES: tuple[str, ...] = ("mountains", "rivers_lakes", "spires", "swamp", "dry_heaps", "woods", "jungle")
SHIELD_KINDS: tuple[str, ...] = ("shield", "standard_bearer", "shield_terrain")
ITEM_KINDS: tuple[str, ...] = ("hand", "creature", "accessory")
UPGRADE_KINDS: tuple[str, ...] = ("upgrade", "downgrade")
STRONGHOLDS: tuple[str, ...] = ("carreg_amroth", "khnumian", "sabu_amantek", "freebooters", "drifters_nexus",
                                "necropolis_park")
POSITIONS: tuple[str, ...] = ("left", "centre", "right")

# Creature classes (a card may have two, printed "Saurian/Blood Spear"), as ids with their printed names.
CLASSES: dict[str, str] = {
    "angel": "Angel", "animal": "Animal", "bate": "Ba'te", "barnyard_animal": "Barnyard Animal", "bug": "Bug",
    "cankerd": "Cankerd", "chak": "Chak", "clamjack": "Clamjack", "demon": "Demon", "devil": "Devil",
    "disciple_of_entropy": "Disciple of Entropy", "dragon": "Dragon", "element": "Element",
    "elemental_lord": "Elemental Lord", "evil_twin": "Evil Twin", "fairy": "Fairy", "fiend": "Fiend",
    "force": "Force", "fungus": "Fungus", "geyser": "Geyser", "giant": "Giant", "gnasher": "Gnasher",
    "gnome": "Gnome", "gob": "Gob", "goblin": "Goblin", "guy": "Guy", "henchman": "Henchman",
    "hornbag": "Hornbag", "knight": "Knight", "leechfoot": "Leechfoot", "local": "Local",
    "manifestation": "Manifestation", "mayor": "Mayor", "medium": "Medium", "misc_human": "Misc. Human",
    "mold": "Mold", "monolith": "Monolith", "nymph": "Nymph", "o_men": "O-Men", "ogre": "Ogre",
    "outlaw": "Outlaw", "pirate": "Pirate", "pixie": "Pixie", "plant": "Plant", "rat": "Rat",
    "rishar": "Ri'shar", "saurian": "Saurian", "blood_spear": "Blood Spear", "law_speaker": "Law Speaker",
    "night_spear": "Night Spear", "still_watcher": "Still Watcher", "schnee": "Schnee",
    "shadow_brotherhood": "Shadow Brotherhood", "slag_beast": "Slag Beast", "sliph": "Sliph", "spirit": "Spirit",
    "titan": "Titan", "tragic": "Tragic", "traithe": "Traithe", "troll": "Troll", "undead": "Undead",
    "unicorn": "Unicorn", "varmit": "Varmit", "wanderer": "Wanderer", "well": "Well", "wizard": "Wizard",
}

# file -> (top-level key, record type). Creatures are split by set so each file stays readable.
FILES: dict[str, tuple[str, str]] = {
    **{f"creatures-{s.lower()}.yaml": ("creatures", "creature") for s in SETS},
    "guardians.yaml": ("guardians", "guardian"), "strongholds.yaml": ("strongholds", "stronghold"),
    "shields.yaml": ("shields", "shield"), "terrain.yaml": ("terrain", "terrain"), "spells.yaml": ("spells", "spell"),
    "items.yaml": ("items", "item"), "upgrades.yaml": ("upgrades", "upgrade"), "bribery.yaml": ("bribery", "bribery"),
}
DECK_DIR = "decks"

# What the rulebook and the data give: 680 official cards (spec §3.1).
SET_SIZES: dict[str, int] = {"RE": 324, "DI": 124, "DN": 123, "NP": 102, "PR": 7}


# ----- definitions ------------------------------------------------------------------------------

@dataclass(frozen=True)
class DrawDef:
    """A Guardian's draw: base draw and the three modifiers (RB-CL p. 6)."""

    base: int
    ldl: int
    mdl: int
    luc: int


@dataclass(frozen=True)
class CardDef:
    """One card. `type` is the record kind (creature, guardian, stronghold, shield, terrain, spell, item,
    upgrade, bribery); `kind` the sub-kind (shield/standard_bearer/shield_terrain, hand/creature/accessory,
    upgrade/downgrade), else the type. Facts that do not apply to a type are None/empty."""

    id: str
    name: str
    set: str
    type: str
    kind: str
    text: str | None
    status: str
    flavour: bool
    back: str
    aliases: tuple[str, ...]
    number: int | None = None          # the printed Up-card number of a non-creature (RB-CL p. 7)
    border: str | None = None
    classes: tuple[str, ...] = ()
    size: str | None = None
    flying: bool = False
    vitality: int | None = None
    shield_cost: int | None = None
    ocb: int = 0
    bribery: tuple[str, ...] = ()
    receiver: bool = False
    cmp: int = 0
    ranged: int = 0
    command: bool = False
    stones: int = 0
    draw: DrawDef | None = None
    stronghold: str | None = None
    position: str | None = None
    series: str | None = None
    terrain_types: tuple[str, ...] = ()
    icon: str | None = None
    static: tuple = ()
    abilities: tuple = ()

    @property
    def playable(self) -> bool:
        return self.status in PLAYABLE

    @cached_property
    def static_index(self) -> dict[str, tuple[dict, ...]]:
        """The parameters of the static steps by step name, in card order: built once per card (the rules
        ask for them thousands of times a game; `effects.static_of` reads this)."""
        index: dict[str, list[dict]] = {}
        for step in self.static:
            for name, params in step.items():
                index.setdefault(name, []).append(params)
        return {name: tuple(found) for name, found in index.items()}

    @cached_property
    def unique_groups(self) -> frozenset:
        """The groups of the card's "one per space per player" texts (spec §3.3 `unique`), read once."""
        return frozenset(p["group"] for p in self.static_index.get("unique", ()))

    @cached_property
    def abilities_index(self) -> dict[Any, tuple[dict, ...]]:
        """The abilities by their `when`, in card order (a cache for `effects.abilities_of`)."""
        index: dict[Any, list[dict]] = {}
        for ability in self.abilities:
            index.setdefault(ability.get("when"), []).append(ability)
        return {when: tuple(found) for when, found in index.items()}

    @cached_property
    def up_card(self) -> int:
        """The Up-card number: a Creature's base Vitality (RB-MR p. 32), else the printed number (R5). Read
        once per card, like the two below (the rules ask for these a few thousand times a game)."""
        if self.type == "creature":
            return self.vitality or 0
        return self.number if self.number is not None else (self.vitality or 0)

    @cached_property
    def space_cost(self) -> int:
        """What the creature counts toward the 30-point limits: its shield cost if printed (RB-GL)."""
        return self.shield_cost if self.shield_cost is not None else (self.vitality or 0)


@dataclass(frozen=True)
class DeckDef:
    """A deck: the Guardian and Stronghold cards set out at set-up, and the draw deck as (id, count).
    Guardian and Strongholds are tuples so that a malformed deck (two Guardians) can be represented
    and reported by `decks.validate_deck`."""

    id: str
    name: str
    guardians: tuple[str, ...]
    strongholds: tuple[str, ...]
    cards: tuple[tuple[str, int], ...]
    source: str | None = None

    @property
    def size(self) -> int:
        return sum(count for _, count in self.cards)


@dataclass(frozen=True)
class RealmsContent:
    cards: dict[str, CardDef]
    decks: dict[str, DeckDef]
    hash: str

    def in_set(self, set_id: str) -> list[CardDef]:
        return [c for c in self.cards.values() if c.set == set_id]


# ----- the schema -------------------------------------------------------------------------------

_COMMON = [Field("id", str), Field("name", str), Field("set", str, choices=SETS), Field("text", "any"),
           Field("status", str, choices=STATUSES), opt("flavour", bool), opt("aliases", list),
           opt("back", str, choices=BACKS), opt("static", list), opt("abilities", list)]
_NUMBER = Field("number", int, minimum=0, maximum=40)

SCHEMAS: dict[str, list[Field]] = {
    "creature": _COMMON + [
        Field("border", str, choices=BORDERS), Field("class", list), Field("size", str, choices=SIZES),
        opt("flying", bool), Field("vitality", int, minimum=-10, maximum=40),
        opt("shield_cost", int, minimum=0, maximum=40),
        Field("ocb", int, minimum=0, maximum=20), opt("bribery", list), opt("receiver", bool),
        opt("cmp", int, minimum=1, maximum=20), opt("ranged", int, minimum=1, maximum=20), opt("command", bool)],
    "guardian": _COMMON + [Field("vitality", int, minimum=1, maximum=50), Field("cmp", int, minimum=1, maximum=20),
                           Field("stones", int, minimum=0, maximum=20), Field("draw", dict)],
    "stronghold": _COMMON + [Field("stronghold", str, choices=STRONGHOLDS), Field("position", str, choices=POSITIONS)],
    "shield": _COMMON + [Field("kind", str, choices=SHIELD_KINDS), Field("series", str), _NUMBER],
    "terrain": _COMMON + [Field("types", list), _NUMBER],
    "spell": _COMMON + [_NUMBER],
    "item": _COMMON + [Field("kind", str, choices=ITEM_KINDS), _NUMBER],
    "upgrade": _COMMON + [Field("kind", str, choices=UPGRADE_KINDS), _NUMBER],
    "bribery": _COMMON + [Field("icon", str, choices=ICONS), _NUMBER],
}
_DRAW = [Field("base", int, minimum=0, maximum=10), Field("ldl", int, minimum=-5, maximum=5),
         Field("mdl", int, minimum=-5, maximum=5), Field("luc", int, minimum=-5, maximum=5)]
DECK_FIELDS = [Field("id", str), Field("name", str), opt("source", str), Field("guardian", str),
               Field("strongholds", list), Field("cards", dict)]


def norm_name(name: str) -> str:
    """A card name reduced for matching: case, spaces, apostrophes and punctuation do not count, so
    "McHooter s Distraction", "Ankh " and "Sikura, Preceptor of  Prophets" find their cards."""
    return re.sub(r"[^a-z0-9]+", "", name.lower().replace("\u2019", "'"))


# ----- one pass over the folder -----------------------------------------------------------------

class _Build(FolderBuild[RealmsContent]):
    def run(self) -> RealmsContent | None:
        records: list[tuple[str, dict]] = []              # (type, raw record) of the valid ones
        for name, (key, rtype) in FILES.items():
            read = self.read_key(name, key)
            if read is None:
                continue
            display, _, listed = read
            checker = Checker(display)
            for raw in listed:
                if self._check_card(checker, raw, rtype, name):
                    records.append((rtype, raw))
            if rtype == "stronghold":
                self._check_stronghold_sets(checker, listed)
            self.errors.extend(checker.errors)
        cards = {raw["id"]: _card(rtype, raw) for rtype, raw in records}
        decks = self._decks(cards)
        if self.errors:
            return None
        return RealmsContent(cards, decks, folder_hash(self.root))

    def _check_card(self, checker: Checker, raw: Any, rtype: str, file: str) -> bool:
        rid = record_id(raw)
        if not checker.record(raw, SCHEMAS[rtype], rid, line_of(raw)):
            if isinstance(raw, dict):
                self.check_id(checker, raw)
            return False
        self.check_id(checker, raw)
        before = len(checker.errors)
        text, status = raw["text"], raw["status"]
        if text is not None and (not isinstance(text, str) or not text.strip()):
            checker.error(line_of(raw, "text"), rid, "text", "text is a non-empty string or null")
        if status == "untexted" and text is not None:
            checker.error(line_of(raw, "status"), rid, "status", "an untexted card has text: null")
        if status == "unexpressed" and text is None:
            checker.error(line_of(raw, "text"), rid, "text", "an unexpressed card needs its rules text")
        if raw.get("flavour") and text is not None:
            checker.error(line_of(raw, "flavour"), rid, "flavour", "a flavour-only card has no rules text (text: null)")
        if not raw["name"].strip() or raw["name"] != " ".join(raw["name"].split()):
            checker.error(line_of(raw, "name"), rid, "name", "names have no leading, trailing or double spaces")
        for alias in raw.get("aliases", []):
            if not isinstance(alias, str) or not alias:
                checker.error(line_of(raw, "aliases"), rid, "aliases", "aliases are names (strings)")
        self._check_steps(checker, raw, rid)
        if rtype == "creature":
            self._check_creature(checker, raw, rid, file)
        elif rtype == "guardian":
            checker.record(raw["draw"], _DRAW, rid, line_of(raw, "draw"))
        elif rtype == "terrain":
            types = raw["types"]
            if not types or any(t not in TERRAIN_TYPES for t in types) or len(set(types)) != len(types):
                checker.error(line_of(raw, "types"), rid, "types",
                              f"types is a non-empty list of distinct terrain types: {', '.join(TERRAIN_TYPES)}")
        return len(checker.errors) == before

    def _check_steps(self, checker: Checker, raw: dict, rid: str | None) -> None:
        """`static:` is a list of steps and `abilities:` a list of {when, effect, ...}; every step and its
        parameters are checked against the rules' step registry (rules/effects.py)."""
        from guardians.games.realms.rules.effects import WHENS, vocabulary

        steps = Checker(checker.file, vocabulary())
        if "static" in raw:
            steps.steps(raw["static"], rid, "static", line_of(raw, "static"))
        for ability in raw.get("abilities", []):
            if not steps.record(ability, ABILITY_FIELDS, rid, line_of(ability)):
                continue
            if ability["when"] not in WHENS:
                steps.error(line_of(ability, "when"), rid, "when", f"{ability['when']!r} is not one of {', '.join(WHENS)}")
        checker.errors.extend(steps.errors)
        has_steps = bool(raw.get("static") or raw.get("abilities"))
        if raw["status"] == "expressed" and (not has_steps or raw["text"] is None):
            checker.error(line_of(raw, "status"), rid, "status", "an expressed card has its text and its effect steps")
        if raw["status"] in ("vanilla", "untexted") and has_steps:
            checker.error(line_of(raw, "status"), rid, "status", "a card with effect steps is expressed (or unexpressed)")

    def _check_creature(self, checker: Checker, raw: dict, rid: str | None, file: str) -> None:
        want = file[len("creatures-"):-len(".yaml")].upper()
        if raw["set"] != want:
            checker.error(line_of(raw, "set"), rid, "set", f"{file} holds the {want} creatures only")
        classes = raw["class"]
        bad = [c for c in classes if c not in CLASSES]
        if bad or len(set(map(str, classes))) != len(classes) or len(classes) > 2:
            checker.error(line_of(raw, "class"), rid, "class",
                          f"class is up to two distinct known classes; unknown: {', '.join(map(repr, bad)) or '-'}")
        icons = raw.get("bribery", [])
        bad = [i for i in icons if i not in ICONS]
        if bad or len(set(map(str, icons))) != len(icons) or "bribery" in raw and not icons:
            checker.error(line_of(raw, "bribery"), rid, "bribery",
                          f"bribery lists distinct icons of {', '.join(ICONS)} (omit it when none); "
                          f"unknown: {', '.join(map(repr, bad)) or '-'}")
        if "shield_cost" in raw and raw["shield_cost"] == raw["vitality"]:
            checker.error(line_of(raw, "shield_cost"), rid, "shield_cost",
                          "a shield cost equal to Vitality is not printed: omit it")

    def _check_stronghold_sets(self, checker: Checker, records: list) -> None:
        """Each Stronghold image is three cards: left, centre and right (RB-GL Stronghold)."""
        seen: dict[str, list[str]] = {}
        for raw in records:
            if isinstance(raw, dict) and raw.get("stronghold") in STRONGHOLDS:
                seen.setdefault(raw["stronghold"], []).append(raw.get("position"))
        for image in STRONGHOLDS:
            if sorted(map(str, seen.get(image, []))) != sorted(POSITIONS):
                checker.error(1, None, "stronghold", f"Stronghold {image!r} needs one left, one centre and one "
                                                     f"right card, found {seen.get(image, [])}")

    def _decks(self, cards: dict[str, CardDef]) -> dict[str, DeckDef]:
        decks: dict[str, DeckDef] = {}
        folder = self.root / DECK_DIR
        for path in sorted(folder.glob("*.yaml")) if folder.is_dir() else []:
            read = self.read_key(f"{DECK_DIR}/{path.name}", "deck", dict)
            if read is None:
                continue
            display, _, raw = read
            checker = Checker(display)
            deck = parse_deck(checker, raw, set(cards) if not self.errors else None)
            if deck is not None:
                self.check_id(checker, raw)
                decks[deck.id] = deck
            self.errors.extend(checker.errors)
        return decks


def parse_deck(checker: Checker, raw: Any, known: set[str] | None) -> DeckDef | None:
    """A deck record checked (fields, counts, and, when `known` is given, that every id is a card);
    None after reporting its errors. Deck *rules* (55 cards, one Stronghold image) are
    `decks.validate_deck`'s, so a deck that breaks them still loads and can be reported."""
    rid = record_id(raw)
    if not checker.record(raw, DECK_FIELDS, rid, line_of(raw)):
        return None
    before = len(checker.errors)

    def ref(card: Any, line: int, field: str) -> None:
        if not isinstance(card, str):
            checker.error(line, rid, field, f"expected a card id, got {card!r}")
        elif known is not None and card not in known:
            checker.error(line, rid, field, f"unknown card {card!r}")

    ref(raw["guardian"], line_of(raw, "guardian"), "guardian")
    for card in raw["strongholds"]:
        ref(card, line_of(raw, "strongholds"), "strongholds")
    for card, count in raw["cards"].items():
        line = line_of(raw["cards"], card)
        ref(card, line, "cards")
        if not isinstance(count, int) or isinstance(count, bool) or count < 1:
            checker.error(line, rid, "cards", f"the count of {card!r} is a whole number of at least 1, got {count!r}")
    if len(checker.errors) != before:
        return None
    return DeckDef(raw["id"], raw["name"], (raw["guardian"],), tuple(raw["strongholds"]),
                   tuple((k, v) for k, v in raw["cards"].items()), raw.get("source"))


def _card(rtype: str, raw: dict) -> CardDef:
    common: dict[str, Any] = dict(
        id=raw["id"], name=raw["name"], set=raw["set"], type=rtype, kind=raw.get("kind", rtype),
        text=raw["text"], status=raw["status"], flavour=bool(raw.get("flavour", False)),
        back=raw.get("back", "single"), aliases=tuple(raw.get("aliases", ())),
        static=plain(raw.get("static", [])), abilities=plain(raw.get("abilities", [])))
    if rtype == "creature":
        return CardDef(**common, border=raw["border"], classes=tuple(raw["class"]), size=raw["size"],
                       flying=bool(raw.get("flying", False)), vitality=raw["vitality"],
                       shield_cost=raw.get("shield_cost"), ocb=raw["ocb"], bribery=tuple(raw.get("bribery", ())),
                       receiver=bool(raw.get("receiver", False)), cmp=raw.get("cmp", 0), ranged=raw.get("ranged", 0),
                       command=bool(raw.get("command", False)))
    if rtype == "guardian":
        d = raw["draw"]
        return CardDef(**common, vitality=raw["vitality"], cmp=raw["cmp"], stones=raw["stones"],
                       draw=DrawDef(d["base"], d["ldl"], d["mdl"], d["luc"]))
    if rtype == "stronghold":
        return CardDef(**common, stronghold=raw["stronghold"], position=raw["position"])
    extra: dict[str, Any] = {"number": raw["number"]}
    if rtype == "shield":
        extra["series"] = raw["series"]
    if rtype == "terrain":
        extra["terrain_types"] = tuple(raw["types"])
    if rtype == "bribery":
        extra["icon"] = raw["icon"]
    return CardDef(**common, **extra)


def folder_hash(root: Path) -> str:
    """The hash of every *.yaml file of the folder, the decks included."""
    return _hash_files(root.rglob("*.yaml"), root)


class _RealmsCardSet(CardSet[RealmsContent]):
    def hash(self, root: Path | None = None) -> str:
        """Saves record it; the decks subfolder counts too."""
        return folder_hash(self.folder(root))


# ----- public interface -------------------------------------------------------------------------

CARD_SET: CardSet[RealmsContent] = _RealmsCardSet("realms", _Build.check)

validate = CARD_SET.validate            # every problem in the folder; [] when it is valid
load_content = CARD_SET.load            # the checked content (the default folder once); ContentErrors if not
content_hash = CARD_SET.hash            # the hash over the folder's *.yaml files, decks included


def playable_counts(content: RealmsContent | None = None) -> dict[str, dict[str, int]]:
    """Per set: how many cards, how many the engine can play now (vanilla or expressed) and how many have their text
    settled (not `untexted`): the progress figures `guardians cards validate` prints."""
    content = content or load_content()
    out: dict[str, dict[str, int]] = {}
    for set_id in SETS:
        cards = content.in_set(set_id)
        out[set_id] = {"cards": len(cards), "playable": sum(c.playable for c in cards),
                       "texted": sum(c.status != "untexted" for c in cards)}
    return out


def content_report() -> list[str]:
    """The lines `guardians cards validate` prints for realms."""
    return [f"{set_id}: {n['cards']} cards, {n['playable']} playable, {n['texted']} texted"
            for set_id, n in playable_counts().items()]


