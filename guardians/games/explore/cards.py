"""The explore content: YAML in `cards/explore/` checked and turned into frozen definitions.

The format and the closed effect vocabulary are described in `docs/rules-notes/explore.md` ("Content
format"). Field types and step names are checked by the engine `Checker`; this module adds what only
explore knows: tests and counts inside steps, card-type rules, the printed component counts, wave sizes,
deck lists. Every error is collected (file, line, record id, field). No pygame here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from guardians.engine.content import (CardSet, Checker, ContentError, Field, FolderBuild, Step, compile_steps,
                                      known_steps, line_of, opt, plain, record_id, step_fields)
from guardians.engine.content import ContentErrors  # noqa: F401 - what load_content raises, caught from here

CARD_TYPES = ("generic", "skill", "item", "familiar", "coward")
CLASSES = ("knight", "wizard", "archer", "rogue")
FAMILIES = ("bug", "plant", "wolf", "tiger", "spirit", "elk", "elf", "pixie")
MONSTER_FAMILIES = ("zombie", "orc", "robot", "warlock", "spider")
WINDOWS = ("power_up_or_battle", "battle")
GAINS = ("energy", "attack", "damage_counters")
LOOK_MODES = ("keep_one", "sift")
TRACK_SPACES = ("setup", "deck_creation", "round", "blue_boss", "red_boss", "third_wave", "end")

# Printed component counts (rulebook "GAME PIECES").
GUARDIAN_COPIES = 74
SUPER_COPIES = 13
COWARD_COPIES = 5
WAVE_SIZES = (12, 19, 30)
LOCATION_COUNT = 10
QUEST_COUNT = 12
KIND_COUNT = 44          # Guardian card kinds, generics and SUPER included

FILES = {
    "guardian.yaml": "cards", "monsters.yaml": "monsters", "bosses.yaml": "bosses", "quests.yaml": "quests",
    "locations.yaml": "locations", "decks.yaml": "decks", "setup.yaml": "setup",
}


# ----- definitions the rules read ---------------------------------------------------------------

@dataclass(frozen=True)
class AbilityDef:
    window: str
    label: str
    consume: bool
    steps: tuple[Step, ...]


@dataclass(frozen=True)
class CardDef:
    id: str
    name: str
    type: str
    super: bool
    tags: tuple[str, ...]
    weapon: bool
    consumable: bool
    requires: int
    copies: int
    text: str
    effect: tuple[Step, ...]
    persistent: tuple[Step, ...] | None     # None: not a persistent card
    passive: dict
    ability: AbilityDef | None

    @property
    def is_persistent(self) -> bool:
        return self.persistent is not None

    @property
    def family(self) -> str | None:
        return self.tags[0] if self.type == "familiar" and self.tags else None

    @property
    def klass(self) -> str | None:
        return self.tags[0] if self.type == "skill" and self.tags else None


@dataclass(frozen=True)
class FamilyDef:
    id: str
    name: str
    text: str
    on_enter: tuple[Step, ...]
    reward: tuple[Step, ...]
    immune: bool
    overrun: str | None


@dataclass(frozen=True)
class MonsterDef:
    id: str
    name: str
    family: str
    tier: int
    attack: int
    trophy: int
    waves: tuple[int, int, int]


@dataclass(frozen=True)
class BossDef:
    id: str
    name: str
    colour: str
    family: str
    per_player: int
    text: str
    reveal: tuple[Step, ...]


@dataclass(frozen=True)
class QuestDef:
    id: str
    name: str
    points: int
    text: str
    test: tuple[str, dict]


@dataclass(frozen=True)
class LocationDef:
    id: str
    name: str
    number: int
    colour: str
    row: int
    col: int
    symbols: int
    base: bool
    text: str
    effect: tuple[Step, ...]
    short: str = ""            # the text in a few words, for a tile too small for it whole (the hover says it all)


@dataclass(frozen=True)
class DeckDef:
    id: str
    colour: str
    super: str
    cards: tuple[tuple[str, int], ...]


@dataclass(frozen=True)
class SetupDef:
    hand_size: int
    starting_generics: tuple[tuple[str, int], ...]
    gained_card: str
    quests_dealt: int
    quests_on_boss: int
    supers_dealt: int
    supers_on_boss: int
    draft_size: int
    solo_deal: int
    solo_keep: int
    solo_ratings: tuple[tuple[int, str], ...]
    tracks: dict


@dataclass(frozen=True)
class ExploreContent:
    cards: dict[str, CardDef]
    families: dict[str, FamilyDef]
    monsters: dict[str, MonsterDef]
    bosses: dict[str, BossDef]
    quests: dict[str, QuestDef]
    locations: tuple[LocationDef, ...]          # in set-up order (Home first, then by number)
    decks: dict[str, DeckDef]
    setup: SetupDef
    hash: str


# ----- the schema -------------------------------------------------------------------------------

_AMOUNT = Field("amount", int, minimum=1)

# Effect steps: the schema of each is declared with the step itself (rules/effects.py, `STEPS`), and read
# from there. Where a step may be written: monster rewards use REWARD_STEPS only, location hooks only
# locations.yaml, every other registered step any card effect.
LOCATION_HOOKS = ("visit_field", "visit_museum", "ignore_overrun")
REWARD_ONLY = ("persistent_energy", "persistent_attack", "final_act")
REWARD_STEPS = REWARD_ONLY + ("supply_top",)


def _registry() -> Any:
    from guardians.games.explore.rules.effects import STEPS

    return STEPS


def vocabulary() -> dict[str, list[Field]]:
    """Steps a card or location effect may use, with their fields (from the step registry)."""
    steps = _registry()
    return step_fields(steps, [n for n in steps.names() if n not in REWARD_ONLY])


def reward_vocabulary() -> dict[str, list[Field]]:
    return step_fields(_registry(), REWARD_STEPS)


ENTER: dict[str, list[Field]] = {"damage_family": [Field("family", str, choices=MONSTER_FAMILIES), _AMOUNT]}
REVEAL: dict[str, list[Field]] = {
    "all_discard_hand_redraw": [], "all_gain_practice_swing": [], "all_discard_item": [],
    "shield_city": [], "all_discard": [], "reset_city": [],
}
QUEST_TESTS: dict[str, list[Field]] = {
    "most_generics": [],
    "most_family": [Field("family", str, choices=MONSTER_FAMILIES)],
    "every_family": [],
    "wave_trophies": [Field("wave", int, minimum=1, maximum=3), Field("at_least", int, minimum=1)],
    "skill_class_distinct": [Field("at_least", int, minimum=1)],
    "family_trophies_distinct": [Field("at_least", int, minimum=1)],
    "familiar_pairs": [Field("sets", int, minimum=1)],
    "duplicate_weapon": [Field("at_least", int, minimum=2)],
}
TESTS: list[Field] = [
    opt("monsters_here_at_least", int, minimum=1), opt("overrun_here", bool), opt("damaged_here", bool),
    opt("in_play", dict),
]
COUNTS: list[Field] = [
    opt("tag", str), opt("card", str), opt("type", str, CARD_TYPES), opt("distinct", bool),
    opt("not_type", str, CARD_TYPES), opt("attached_family", bool),
]
IN_PLAY: list[Field] = [opt("tag", str), opt("card", str)]

_ABILITY_FIELDS = [Field("window", str, choices=WINDOWS), Field("label", str), opt("consume", bool),
                   Field("steps", "steps")]
_PASSIVE_FIELDS = [opt("ignore_final_acts", bool), opt("cleanup_draw", int, minimum=1),
                   opt("cleanup_discard", int, minimum=0)]
_CARD_FIELDS = [
    Field("id", str), Field("name", str), Field("type", str, choices=CARD_TYPES), opt("super", bool),
    opt("tags", list), opt("weapon", bool), opt("consumable", bool),
    Field("requires", int, minimum=0, maximum=10), Field("copies", int, minimum=1, maximum=25),
    Field("text", str), Field("effect", "steps"), opt("persistent", "steps"), opt("passive", dict),
    opt("ability", dict),
]
_FAMILY_FIELDS = [Field("id", str), Field("name", str), Field("text", str), opt("on_enter", "steps"),
                  Field("reward", "steps"), opt("immune", bool),
                  opt("overrun", str, ("discard_hand", "discard_play"))]
_MONSTER_FIELDS = [Field("id", str), Field("name", str), Field("family", str, choices=MONSTER_FAMILIES),
                   Field("tier", int, minimum=1, maximum=3), Field("attack", int, minimum=1, maximum=40),
                   Field("trophy", int, minimum=0, maximum=20), Field("waves", list)]
_BOSS_FIELDS = [Field("id", str), Field("name", str), Field("colour", str, choices=("blue", "red")),
                Field("family", str), Field("per_player", int, minimum=1, maximum=40), Field("text", str),
                Field("reveal", "steps")]
_QUEST_FIELDS = [Field("id", str), Field("name", str), Field("points", int, minimum=1, maximum=20),
                 Field("text", str), Field("test", dict)]
_LOCATION_FIELDS = [Field("id", str), Field("name", str), Field("number", int, minimum=1, maximum=LOCATION_COUNT),
                    Field("colour", str), Field("row", int, minimum=0, maximum=5),
                    Field("col", int, minimum=0, maximum=5), Field("symbols", int, minimum=0, maximum=3),
                    opt("base", bool), Field("text", str), opt("short", str), Field("effect", "steps")]
_DECK_FIELDS = [Field("id", str), Field("colour", str), Field("super", str), Field("cards", dict)]
_SETUP_FIELDS = [
    Field("hand_size", int, minimum=1), Field("generic_copies", dict), Field("starting_generics", dict), Field("gained_card", str),
    Field("quests_dealt", int, minimum=1),
    Field("quests_on_boss", int, minimum=0), Field("supers_dealt", int, minimum=1),
    Field("supers_on_boss", int, minimum=0), Field("draft_size", int, minimum=1), Field("solo_deal", int, minimum=1),
    Field("solo_keep", int, minimum=1), Field("solo_ratings", list), Field("tracks", dict),
]


_NESTED = ("steps", "then", "else")


def _steps(raw: Any) -> tuple[Step, ...]:
    """YAML steps -> tuple of (name, params); nested step lists converted the same way."""
    return compile_steps(raw, _NESTED)


class _Walker:
    """Checks what the generic Checker sees only as a mapping: tests, counts, card references."""

    def __init__(self, checker: Checker, rid: str | None, card_ids: set[str], where: str) -> None:
        self.vocabulary = checker.vocabulary
        self.checker = checker
        self.rid = rid
        self.card_ids = card_ids
        self.where = where          # "card" | "location"

    def walk(self, steps: Any, line: int = 0) -> None:
        for name, params, sline in known_steps(steps, self.vocabulary, line):
            if name in LOCATION_HOOKS and self.where != "location":
                self.checker.error(sline, self.rid, name, f"{name!r} is a location hook, not a card effect")
            if name in ("battle_bonus", "if"):
                self.test(params.get("test"), line_of(params, "test") or sline)
            if name == "per_count":
                self.count(params.get("count"), line_of(params, "count") or sline)
            if name == "area_damage":
                if ("amount" in params) == ("per" in params):
                    self.checker.error(sline, self.rid, "area_damage", "give exactly one of amount or per")
                if "per" in params:
                    self.count(params.get("per"), line_of(params, "per") or sline)
            if name == "with_another":
                if ("tag" in params) == ("card" in params):
                    self.checker.error(sline, self.rid, "with_another", "give exactly one of tag or card")
                self.ref(params.get("card"), line_of(params, "card") or sline, "card")
            for key in _NESTED:
                if key in params:
                    self.walk(params[key], sline)

    def ref(self, card: Any, line: int, field: str) -> None:
        if card is not None and card not in self.card_ids:
            self.checker.error(line, self.rid, field, f"unknown card {card!r}")

    def test(self, test: Any, line: int) -> None:
        if not isinstance(test, dict):
            return
        if not self.checker.record(test, TESTS, self.rid, line):
            return
        if not test:
            self.checker.error(line, self.rid, "test", "a test needs at least one condition")
        in_play = test.get("in_play")
        if isinstance(in_play, dict):
            if self.checker.record(in_play, IN_PLAY, self.rid, line) and len(in_play) != 1:
                self.checker.error(line, self.rid, "in_play", "in_play names exactly one tag or card")
            self.ref(in_play.get("card"), line, "in_play")

    def count(self, count: Any, line: int) -> None:
        if not isinstance(count, dict):
            return
        if not self.checker.record(count, COUNTS, self.rid, line):
            return
        keys = set(count) - {"distinct"}
        if len(keys) != 1:
            self.checker.error(line, self.rid, "count", "a count names exactly one of tag, card, type, "
                                                          "not_type, attached_family")
        self.ref(count.get("card"), line, "count")


# ----- one pass over the folder -----------------------------------------------------------------

class _Build(FolderBuild[ExploreContent]):
    def run(self) -> ExploreContent | None:
        raw: dict[str, Any] = {}
        files: dict[str, str] = {}
        for name, key in FILES.items():
            files[key], raw[key] = self._parse(name, key)
        card_ids = {record_id(c) for c in raw["cards"] or [] if record_id(c)}
        for key in FILES.values():
            if raw[key] is not None:
                checker = Checker(files[key], vocabulary())
                getattr(self, f"_check_{key}")(checker, raw[key], raw, card_ids)
                self.errors.extend(checker.errors)
        if self.errors:
            return None
        return self._build(raw)

    def _parse(self, name: str, key: str) -> tuple[str, Any]:
        """A file's name for errors and its records (None when unusable: the error is reported). Every file but
        monsters.yaml is a mapping with the one key `key` (`read_key`)."""
        display = str(self.root / name)
        if key != "monsters":
            read = self.read_key(name, key, dict if key == "setup" else list)
            return display, None if read is None else read[2]
        read = self.read(name)
        if read is None:
            return display, None
        data = read[1]
        if not isinstance(data, dict) or set(data) != {"families", "monsters"}:
            self.errors.append(ContentError(display, line_of(data) or 1, None, key,
                                            "the file must be a mapping with keys 'families' and "
                                            "'monsters', each holding a list"))
            return display, None
        return display, data

    # ----- guardian cards -----------------------------------------------------------------------

    def _check_cards(self, checker: Checker, cards: list, raw: dict, card_ids: set[str]) -> None:
        line0 = 1
        kinds = 0
        setup = raw.get("setup")
        printed = setup.get("generic_copies") if isinstance(setup, dict) else None
        printed = printed if isinstance(printed, dict) else {}
        totals = {"guardian": 0, "super": 0}
        for rid, card in self.checked(checker, cards, _CARD_FIELDS, line0):
            ctype, tags = card.get("type"), card.get("tags", [])
            if not isinstance(tags, list):
                checker.error(line_of(card, "tags"), rid, "tags", "tags must be a list")
                tags = []
            for tag in tags:
                if tag not in CLASSES + FAMILIES:
                    checker.error(line_of(card, "tags"), rid, "tags", f"unknown tag {tag!r}")
            if ctype == "skill" and not (len(tags) == 1 and tags[0] in CLASSES):
                checker.error(line_of(card), rid, "tags", "a skill names exactly one class: " + ", ".join(CLASSES))
            if ctype == "familiar" and not (len(tags) == 1 and tags[0] in FAMILIES):
                checker.error(line_of(card), rid, "tags", "a familiar names exactly one family: " + ", ".join(FAMILIES))
            if ctype in ("generic", "item", "coward") and tags:
                checker.error(line_of(card, "tags"), rid, "tags", f"a {ctype} card has no class or family")
            if ctype == "item" and "persistent" not in card:
                checker.error(line_of(card), rid, "persistent", "every item is persistent (give persistent: [...])")
            if ctype != "item" and "persistent" in card:
                checker.error(line_of(card, "persistent"), rid, "persistent", "only items are printed persistent")
            for flag in ("weapon", "consumable"):
                if card.get(flag) and ctype != "item":
                    checker.error(line_of(card, flag), rid, flag, f"only items can be {flag}")
            passive = card.get("passive")
            if isinstance(passive, dict):
                checker.record(passive, _PASSIVE_FIELDS, rid, line_of(card, "passive"))
            ability = card.get("ability")
            if isinstance(ability, dict):
                if checker.record(ability, _ABILITY_FIELDS, rid, line_of(card, "ability")):
                    _Walker(checker, rid, card_ids, "card").walk(ability.get("steps"), line_of(ability))
            walker = _Walker(checker, rid, card_ids, "card")
            walker.walk(card.get("effect"), line_of(card, "effect"))
            walker.walk(card.get("persistent"), line_of(card, "persistent"))
            copies = card.get("copies")
            if not isinstance(copies, int) or isinstance(copies, bool):
                continue
            if rid in printed and copies != printed[rid]:
                checker.error(line_of(card, "copies"), rid, "copies", f"the box holds {printed[rid]} "
                                                                    f"(setup.yaml generic_copies)")
            if ctype == "generic" and rid not in printed and isinstance(setup, dict):
                checker.error(line_of(card, "copies"), rid, "copies", "a generic card needs its printed count in "
                                                                    "setup.yaml generic_copies")
            if ctype == "coward" and copies != COWARD_COPIES:
                checker.error(line_of(card, "copies"), rid, "copies", f"the box holds {COWARD_COPIES} COWARD! cards")
            if ctype != "coward":
                kinds += 1
            if ctype in ("skill", "item", "familiar"):
                totals["super" if card.get("super") else "guardian"] += copies
        if kinds != KIND_COUNT:
            checker.error(line0, None, "cards", f"expected {KIND_COUNT} Guardian card kinds, found {kinds}")
        if totals["guardian"] != GUARDIAN_COPIES:
            checker.error(line0, None, "cards", f"the non-SUPER Guardian cards must add up to {GUARDIAN_COPIES} "
                                                f"copies, found {totals['guardian']}")
        if totals["super"] != SUPER_COPIES:
            checker.error(line0, None, "cards", f"the SUPER cards must add up to {SUPER_COPIES} copies, "
                                                f"found {totals['super']}")

    # ----- monsters -----------------------------------------------------------------------------

    def _check_monsters(self, checker: Checker, data: dict, raw: dict, card_ids: set[str]) -> None:
        families, monsters = data.get("families"), data.get("monsters")
        if not isinstance(families, list) or not isinstance(monsters, list):
            checker.error(line_of(data), None, "monsters", "families and monsters must be lists")
            return
        seen_families = []
        fields = [f for f in _FAMILY_FIELDS if f.name not in ("on_enter", "reward")]
        fields += [opt("on_enter", "any"), Field("reward", "any")]
        for rid, fam in self.checked(checker, families, fields):
            seen_families.append(rid)
            _Sub(checker, reward_vocabulary()).steps(fam.get("reward", []), rid, "reward", line_of(fam, "reward"))
            if "on_enter" in fam:
                _Sub(checker, ENTER).steps(fam["on_enter"], rid, "on_enter", line_of(fam, "on_enter"))
        if sorted(f for f in seen_families if f) != sorted(MONSTER_FAMILIES):
            checker.error(line_of(data, "families"), None, "families",
                          f"expected the five families {', '.join(MONSTER_FAMILIES)}")
        waves = [0, 0, 0]
        tiers: dict[str, set] = {}
        for rid, mon in self.checked(checker, monsters, _MONSTER_FIELDS, strict=True):
            counts = mon["waves"]
            if len(counts) != 3 or not all(isinstance(n, int) and not isinstance(n, bool) and n >= 0 for n in counts):
                checker.error(line_of(mon, "waves"), rid, "waves", "waves is three copy counts (first, second, third)")
                continue
            if sum(counts) < 2:
                checker.error(line_of(mon, "waves"), rid, "waves", "every monster has two or more copies")
            for i in range(3):
                waves[i] += counts[i]
            tiers.setdefault(mon["family"], set()).add(mon["tier"])
        if len(monsters) != 15:
            checker.error(line_of(data, "monsters"), None, "monsters",
                          f"expected 15 monster kinds, found {len(monsters)}")
        for family in MONSTER_FAMILIES:
            if tiers.get(family) != {1, 2, 3}:
                checker.error(line_of(data, "monsters"), None, "monsters", f"family {family!r} needs tiers 1, 2 and 3")
        if tuple(waves) != WAVE_SIZES:
            checker.error(line_of(data, "monsters"), None, "waves",
                          f"the waves must hold {WAVE_SIZES[0]}/{WAVE_SIZES[1]}/{WAVE_SIZES[2]} cards, "
                          f"found {waves[0]}/{waves[1]}/{waves[2]}")

    def _check_bosses(self, checker: Checker, bosses: list, raw: dict, card_ids: set[str]) -> None:
        colours = []
        sub = _Sub(checker, REVEAL)
        fields = [f for f in _BOSS_FIELDS if f.name != "reveal"] + [Field("reveal", "any")]
        for rid, boss in self.checked(checker, bosses, fields, strict=True):
            colours.append(boss["colour"])
            sub.steps(boss["reveal"], rid, "reveal", line_of(boss, "reveal"))
        if colours.count("blue") != 3 or colours.count("red") != 3:
            checker.error(1, None, "bosses", "expected three Blue and three Red bosses")

    def _check_quests(self, checker: Checker, quests: list, raw: dict, card_ids: set[str]) -> None:
        if len(quests) != QUEST_COUNT:
            checker.error(1, None, "quests", f"expected {QUEST_COUNT} quests, found {len(quests)}")
        for rid, quest in self.checked(checker, quests, _QUEST_FIELDS, strict=True):
            test = quest["test"]
            if len(test) != 1:
                checker.error(line_of(quest, "test"), rid, "test", "a quest test has exactly one key")
                continue
            (name, params), = test.items()
            if name not in QUEST_TESTS:
                checker.error(line_of(quest, "test"), rid, "test", f"unknown quest test {name!r}")
                continue
            checker.record(params if params is not None else {}, QUEST_TESTS[name], rid, line_of(quest, "test"))

    def _check_locations(self, checker: Checker, locations: list, raw: dict, card_ids: set[str]) -> None:
        if len(locations) != LOCATION_COUNT:
            checker.error(1, None, "locations", f"expected {LOCATION_COUNT} locations, found {len(locations)}")
        numbers, bases, cells, symbols = set(), 0, set(), 0
        for rid, loc in self.checked(checker, locations, _LOCATION_FIELDS, strict=True):
            if loc["number"] in numbers:
                checker.error(line_of(loc, "number"), rid, "number", f"number {loc['number']} is used twice")
            numbers.add(loc["number"])
            cell = (loc["row"], loc["col"])
            if cell in cells:
                checker.error(line_of(loc, "row"), rid, "row", f"grid cell {cell} is used twice")
            cells.add(cell)
            symbols += loc["symbols"]
            if loc.get("base"):
                bases += 1
                if loc["symbols"]:
                    checker.error(line_of(loc, "symbols"), rid, "symbols", "the base location has no monster symbol")
            _Walker(checker, rid, card_ids, "location").walk(loc["effect"], line_of(loc, "effect"))
        if bases != 1:
            checker.error(1, None, "locations", f"exactly one base location (Home), found {bases}")
        if symbols != WAVE_SIZES[0]:
            checker.error(1, None, "locations", f"the First Wave ({WAVE_SIZES[0]}) fills every monster symbol; "
                                                f"found {symbols} symbols")

    def _check_decks(self, checker: Checker, decks: list, raw: dict, card_ids: set[str]) -> None:
        cards = {c["id"]: c for c in raw.get("cards") or [] if isinstance(c, dict) and isinstance(c.get("id"), str)}
        used: dict[str, int] = {}
        for rid, deck in self.checked(checker, decks, _DECK_FIELDS, strict=True):
            sup = cards.get(deck["super"])
            if sup is None or not sup.get("super"):
                checker.error(line_of(deck, "super"), rid, "super", f"{deck['super']!r} is not a SUPER card")
            else:
                used[deck["super"]] = used.get(deck["super"], 0) + 1
            for card_id, count in deck["cards"].items():
                card = cards.get(card_id)
                if card is None:
                    checker.error(line_of(deck["cards"], card_id), rid, "cards", f"unknown card {card_id!r}")
                    continue
                if card.get("super") or card.get("type") not in ("skill", "item", "familiar"):
                    checker.error(line_of(deck["cards"], card_id), rid, "cards",
                                  f"{card_id!r} is not a non-SUPER Guardian card")
                if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                    checker.error(line_of(deck["cards"], card_id), rid, "cards", f"bad count {count!r}")
                    continue
                used[card_id] = used.get(card_id, 0) + count
        for card_id, count in used.items():
            copies = cards.get(card_id, {}).get("copies")
            if isinstance(copies, int) and count > copies:
                checker.error(1, card_id, "copies", f"the preconstructed decks use {count} copies, only {copies} exist")

    def _check_setup(self, checker: Checker, setup: dict, raw: dict, card_ids: set[str]) -> None:
        if not checker.record(setup, _SETUP_FIELDS, "setup", line_of(setup)):
            return
        cards = {c["id"]: c for c in raw.get("cards") or [] if isinstance(c, dict) and isinstance(c.get("id"), str)}
        generics = setup["generic_copies"]
        for key, count in generics.items():
            if cards and cards.get(key, {}).get("type") != "generic":
                checker.error(line_of(generics, key), "setup", "generic_copies", f"{key!r} is not a generic card")
            if not isinstance(count, int) or isinstance(count, bool) or count < 1:
                checker.error(line_of(generics, key), "setup", "generic_copies", f"bad count {count!r}")
        for key, count in setup["starting_generics"].items():
            if key not in generics or not isinstance(count, int):
                checker.error(line_of(setup, "starting_generics"), "setup", "starting_generics", f"bad entry {key!r}")
        if setup["gained_card"] not in generics:
            checker.error(line_of(setup, "gained_card"), "setup", "gained_card", "the gained card is a generic card")
        for rating in setup["solo_ratings"]:
            if not isinstance(rating, dict) or set(rating) != {"at_least", "title"}:
                checker.error(line_of(setup, "solo_ratings"), "setup", "solo_ratings",
                              "each rating is {at_least, title}")
        tracks = setup["tracks"]
        if set(tracks) != {"guardian", "apprentice"}:
            checker.error(line_of(setup, "tracks"), "setup", "tracks", "tracks are 'guardian' and 'apprentice'")
            return
        for name, track in tracks.items():
            if not isinstance(track, list) or any(s not in TRACK_SPACES for s in track):
                checker.error(line_of(tracks, name), "setup", f"tracks.{name}",
                              f"a track lists spaces from: {', '.join(TRACK_SPACES)}")
                continue
            if track[:2] != ["setup", "deck_creation"] or track[-1] != "end":
                checker.error(line_of(tracks, name), "setup", f"tracks.{name}", "a track starts setup, deck_creation "
                                                                              "and ends with end")
            if "blue_boss" not in track:
                checker.error(line_of(tracks, name), "setup", f"tracks.{name}", "a track needs a blue_boss round")
        if "red_boss" in tracks.get("apprentice", []):
            checker.error(line_of(tracks, "apprentice"), "setup", "tracks.apprentice", "Apprentice has no Red boss")

    # ----- definitions --------------------------------------------------------------------------

    def _build(self, raw: dict) -> ExploreContent:
        cards: dict[str, CardDef] = {}
        for c in raw["cards"]:
            ability = c.get("ability")
            cards[c["id"]] = CardDef(
                id=c["id"], name=c["name"], type=c["type"], super=bool(c.get("super", False)),
                tags=tuple(c.get("tags", ())), weapon=bool(c.get("weapon", False)),
                consumable=bool(c.get("consumable", False)), requires=c["requires"], copies=c["copies"],
                text=c["text"], effect=_steps(c["effect"]),
                persistent=_steps(c["persistent"]) if "persistent" in c else None,
                passive=plain(c.get("passive") or {}),
                ability=None if ability is None else AbilityDef(
                    ability["window"], ability["label"], bool(ability.get("consume", False)), _steps(ability["steps"])))
        fams = {f["id"]: FamilyDef(f["id"], f["name"], f["text"], _steps(f.get("on_enter")), _steps(f["reward"]),
                                   bool(f.get("immune", False)), f.get("overrun"))
                for f in raw["monsters"]["families"]}
        monsters = {m["id"]: MonsterDef(m["id"], m["name"], m["family"], m["tier"], m["attack"], m["trophy"],
                                        tuple(m["waves"])) for m in raw["monsters"]["monsters"]}
        bosses = {b["id"]: BossDef(b["id"], b["name"], b["colour"], b["family"], b["per_player"], b["text"],
                                   _steps(b["reveal"])) for b in raw["bosses"]}
        quests = {}
        for q in raw["quests"]:
            (name, params), = q["test"].items()
            quests[q["id"]] = QuestDef(q["id"], q["name"], q["points"], q["text"], (name, plain(params or {})))
        locs = sorted(raw["locations"], key=lambda l: (not l.get("base", False), l["number"]))
        locations = tuple(LocationDef(l["id"], l["name"], l["number"], l["colour"], l["row"], l["col"], l["symbols"],
                                      bool(l.get("base", False)), l["text"], _steps(l["effect"]), l.get("short", ""))
                          for l in locs)
        decks = {d["id"]: DeckDef(d["id"], d["colour"], d["super"], tuple(d["cards"].items())) for d in raw["decks"]}
        s = raw["setup"]
        setup = SetupDef(
            hand_size=s["hand_size"], starting_generics=tuple(s["starting_generics"].items()),
            gained_card=s["gained_card"],
            quests_dealt=s["quests_dealt"], quests_on_boss=s["quests_on_boss"], supers_dealt=s["supers_dealt"],
            supers_on_boss=s["supers_on_boss"], draft_size=s["draft_size"], solo_deal=s["solo_deal"],
            solo_keep=s["solo_keep"],
            solo_ratings=tuple((r["at_least"], r["title"]) for r in s["solo_ratings"]),
            tracks={k: tuple(v) for k, v in s["tracks"].items()})
        return ExploreContent(cards, fams, monsters, bosses, quests, locations, decks, setup,
                              content_hash(self.root))


class _Sub(Checker):
    """A checker with another vocabulary that reports into a parent checker's error list."""

    def __init__(self, parent: Checker, vocabulary: dict) -> None:
        super().__init__(parent.file, vocabulary)
        self.errors = parent.errors


# ----- public interface -------------------------------------------------------------------------

CARD_SET: CardSet[ExploreContent] = CardSet("explore", _Build.check)

validate = CARD_SET.validate            # every problem in the folder; [] when it is valid
load_content = CARD_SET.load            # the checked content (the default folder once); ContentErrors if not
content_hash = CARD_SET.hash            # the hash over the folder's *.yaml files (saves record it)
