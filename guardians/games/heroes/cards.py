"""The heroes card set: YAML in `cards/heroes/` checked and turned into frozen definitions.

The format and the effect vocabulary are the contract in `docs/rules-notes/heroes-content.md`.
Structure (fields, types, choices, step names) is checked by the engine `Checker`; this module adds
what only the heroes game knows: deck sizes, card-type rules, triggers, traits, and that every name a
step uses is built in or bound by an earlier `as:`. Every error is collected, so one run of
`validate()` lists them all. No pygame here: the rules, the AI and the CLI all import it.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from guardians.engine.content import (CardSet, Checker, Field, FolderBuild, Step, compile_steps, known_steps, line_of,
                                      opt, plain, record_id, step_fields)
from guardians.engine.content import ContentErrors  # noqa: F401 - what load_content raises, caught from here

TRIGGERS: tuple[str, ...] = (
    "any", "enemy_damages_friendly", "enemy_attacks_friendly", "enemy_moves", "enemy_plays_card",
    "friendly_attacks",
)
TRAITS: tuple[str, ...] = ("unmovable", "immune_immobilize", "immune_powerlock")
PHASES: tuple[str, ...] = ("control", "ready", "action", "score", "draw")
CARD_TYPES: tuple[str, ...] = ("action", "reaction", "utility")
TIMINGS: tuple[str, ...] = ("exhaust", "action", "reaction")
LOCATION_KINDS: tuple[str, ...] = ("none", "score", "action", "passive")

HERO_COUNT = 10
LOCATION_COUNT = 14
DECK_SIZE = 6
BASIC_SIZE = 6

FILES: dict[str, str] = {"heroes.yaml": "heroes", "basic.yaml": "basic", "locations.yaml": "locations",
                         "variants.yaml": "variants"}
TEAM_SIZE = 3               # First Game: each side's pre-set heroes

# Triggers that bind `that` / `attacker` for the reaction's steps.
_BINDS_THAT = ("enemy_damages_friendly", "enemy_attacks_friendly", "enemy_moves", "friendly_attacks")
_BINDS_ATTACKER = ("enemy_attacks_friendly", "friendly_attacks")
_BUILTINS = ("self", "here", "that", "attacker", "adjacent")


# ----- definitions the rules read ---------------------------------------------------------------

@dataclass(frozen=True)
class CardDef:
    """A power, basic or Ultimate card. `hero` is None for basic cards."""

    id: str
    name: str
    type: str  # action | reaction | utility | ultimate
    hero: str | None
    copies: int
    action: bool
    ready: bool
    charge_point: bool
    phase: str | None
    when: str | None
    charge: int
    text: str
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class AbilityDef:
    name: str
    text: str
    timing: str  # exhaust | action | reaction
    when: str | None
    effect: tuple[Step, ...]


@dataclass(frozen=True)
class HeroDef:
    id: str
    name: str
    attack: int
    life: int
    traits: frozenset[str]
    profile: str
    ability: AbilityDef | None
    ultimate: CardDef
    cards: tuple[CardDef, ...]


@dataclass(frozen=True)
class LocationDef:
    id: str
    name: str
    points: int
    track: int
    text: str
    kind: str  # none | score | action | passive
    effect: tuple[Step, ...]
    passive: dict  # the passive keys as plain values; "enter" as steps


@dataclass(frozen=True)
class HeroesContent:
    heroes: dict[str, HeroDef]
    basic: tuple[CardDef, ...]
    locations: dict[str, LocationDef]
    cards: dict[str, CardDef]  # every power, basic and Ultimate card by id
    hash: str
    first_game: tuple[tuple[str, ...], ...] = ()   # First Game: the first player's heroes, then the second's


# ----- the schema -------------------------------------------------------------------------------

def vocabulary() -> dict[str, list[Field]]:
    """The effect vocabulary's schema: each YAML step's fields, as declared with the step in the rules'
    step registry (guardians/games/heroes/rules/effects.py). Imported late: the rules import this module."""
    from guardians.games.heroes.rules.effects import STEPS

    return step_fields(STEPS)


_OPTION_FIELDS = [Field("label", str), Field("steps", "steps")]
_TEST_FIELDS = [
    opt("damaged", str), opt("exhausted", str), opt("at_location_with", str),
    opt("enemies_here_at_least", int, minimum=0), opt("hand_at_most", int, minimum=0),
]

_CARD_FIELDS = [
    Field("id", str), Field("name", str), Field("type", str, choices=CARD_TYPES),
    Field("copies", int, minimum=1, maximum=3), opt("action", bool), opt("ready", bool),
    opt("charge_point", bool), opt("phase", str, PHASES), opt("when", str, TRIGGERS),
    Field("text", str), Field("effect", "steps"),
]
_ULTIMATE_FIELDS = [
    Field("id", str), Field("name", str), Field("text", str), Field("charge", int, minimum=0, maximum=5),
    opt("action", bool), opt("ready", bool), Field("effect", "steps"),
]
_ABILITY_FIELDS = [
    Field("name", str), Field("text", str), Field("timing", str, choices=TIMINGS),
    opt("when", str, TRIGGERS), Field("effect", "steps"),
]
_HERO_FIELDS = [
    Field("id", str), Field("name", str), Field("attack", int, minimum=1, maximum=6),
    Field("life", int, minimum=4, maximum=12), opt("traits", list), Field("profile", str),
    opt("ability", dict), Field("ultimate", dict), Field("cards", list),
]
_VARIANT_FIELDS = [Field("id", str, choices=("first_game",)), Field("teams", list)]
_LOCATION_FIELDS = [
    Field("id", str), Field("name", str), Field("points", int, minimum=1, maximum=3),
    Field("track", int, minimum=1, maximum=3), Field("text", str),
    Field("kind", str, choices=LOCATION_KINDS), opt("effect", "steps"), opt("passive", dict),
]
_PASSIVE_FIELDS = [
    opt("attack_bonus", int), opt("ko_bonus", int, minimum=0), opt("control_bonus", int, minimum=0),
    opt("enter", "steps"), opt("no_conditions", bool),
]


# ----- checks beyond field types ----------------------------------------------------------------

class _Names:
    """Checks that every hero/location name a step uses is built in or bound earlier.

    Works beside the engine `Checker` (composition): it reports through the same checker, and it is
    the one that checks `choose_one` options and `if` tests, which the generic checker sees only as a
    list and a mapping.
    """

    # what each name-taking parameter accepts: hero, group (of heroes) or location
    _ACCEPTS: dict[str, tuple[str, ...]] = {
        "target": ("hero", "group"), "to": ("location",), "location": ("location",),
        "with_hero": ("hero", "group"), "from": ("hero", "location"), "exclude": ("hero", "group"),
        "attacker": ("hero",), "damaged": ("hero",), "exhausted": ("hero",),
        "at_location_with": ("hero", "group"),
    }

    def __init__(self, checker: Checker, card: str | None) -> None:
        self.checker = checker
        self.card = card
        self.vocabulary = vocabulary()

    def walk(self, steps: Any, scope: dict[str, str]) -> None:
        """Walk one step list; `scope` maps each visible name to hero, group or location."""
        for name, params, line in known_steps(steps, self.vocabulary):
            self._step(name, params, scope, line)

    def _use(self, params: dict, key: str, scope: dict[str, str], default: str | None = None,
             extra: tuple[str, ...] = ()) -> None:
        value = params.get(key, default)
        if value is None:
            return
        line = line_of(params, key) if key in params else line_of(params)
        values = value if isinstance(value, list) else [value]
        for item in values:
            if not isinstance(item, str):
                self.checker.error(line, self.card, key, f"expected a name, got {item!r}")
            elif item in extra:
                continue
            elif item not in scope:
                how = "" if key in params else f" (the default {key}: {default})"
                self.checker.error(line, self.card, key,
                                   f"name {item!r}{how} is neither built in here nor bound by an earlier as:")
            elif scope[item] not in self._ACCEPTS[key]:
                want = " or ".join(self._ACCEPTS[key])
                self.checker.error(line, self.card, key, f"{item!r} is a {scope[item]}, expected a {want}")

    def _bind(self, params: dict, kind: str, scope: dict[str, str]) -> None:
        name = params.get("as")
        if not isinstance(name, str):
            return
        if name in _BUILTINS:
            self.checker.error(line_of(params, "as"), self.card, "as", f"{name!r} is a built-in name")
            return
        scope[name] = kind

    def _step(self, name: str, params: dict, scope: dict[str, str], line: int) -> None:
        ranged = "range" in params or params.get("adjacent") is True
        if name in ("choose_hero", "each_hero"):
            self._use(params, "from", scope, "self" if "range" in params else None)
            self._use(params, "exclude", scope)
            self._bind(params, "hero" if name == "choose_hero" else "group", scope)
            return
        if name == "choose_location":
            self._use(params, "from", scope, "self" if ranged else None)
            self._use(params, "with_hero", scope)
            if params.get("exclude_here") is True and "here" not in scope:
                self.checker.error(line_of(params, "exclude_here"), self.card, "exclude_here",
                                   "'here' is not defined for this effect")
            self._bind(params, "location", scope)
            return
        self._use(params, "target", scope)
        if name == "move_hero":
            self._use(params, "to", scope, extra=("adjacent",))
        elif name == "place_hero":
            self._use(params, "to", scope)
        elif name == "attack":
            self._use(params, "attacker", scope, "self")
        elif name == "move_control":
            self._use(params, "location", scope, "here")
        elif name == "if":
            self._test(params.get("test"), scope, line_of(params, "test") or line)
            self.walk(params.get("then"), dict(scope))
            self.walk(params.get("else"), dict(scope))
        elif name == "choose_one":
            self._options(params.get("options"), scope, line_of(params, "options") or line)

    def _test(self, test: Any, scope: dict[str, str], line: int) -> None:
        if not isinstance(test, dict):
            return
        if not self.checker.record(test, _TEST_FIELDS, self.card, line):
            return
        if len(test) != 1:
            self.checker.error(line, self.card, "test", f"a test has exactly one key, got {len(test)}")
            return
        key = next(iter(test))
        if key in ("damaged", "exhausted", "at_location_with"):
            self._use(test, key, scope)
        needs = {"at_location_with": "self", "enemies_here_at_least": "here"}.get(key)
        if needs and needs not in scope:
            self.checker.error(line, self.card, key, f"this test needs {needs!r}, which is not defined here")

    def _options(self, options: Any, scope: dict[str, str], line: int) -> None:
        if not isinstance(options, list):
            return
        if not options:
            self.checker.error(line, self.card, "options", "choose_one needs at least one option")
        for option in options:
            self.checker.record(option, _OPTION_FIELDS, self.card, line_of(option) or line)
            if isinstance(option, dict):
                self.walk(option.get("steps"), dict(scope))


def _scope(has_self: bool, has_here: bool, when: Any, reaction: bool = False) -> dict[str, str]:
    """The built-in names an effect starts with (see "Effect steps" in heroes-content.md).

    A reaction whose trigger is missing or unknown is already an error; it gets `that` and
    `attacker` so that one mistake is not reported again at every use of them.
    """
    scope: dict[str, str] = {}
    if has_self:
        scope["self"] = "hero"
    if has_here:
        scope["here"] = "location"
    lenient = reaction and when not in TRIGGERS
    if when in _BINDS_THAT or lenient:
        scope["that"] = "hero"
    if when in _BINDS_ATTACKER or lenient:
        scope["attacker"] = "hero"
    return scope


# ----- turning checked YAML into definitions ----------------------------------------------------

def _steps(raw: Any) -> tuple[Step, ...]:
    """YAML steps -> tuple of (name, params); nested then/else/option steps converted the same way."""
    return compile_steps(raw, ("then", "else"), {"options": _options})


def _options(options: list) -> tuple[dict, ...]:
    """A `choose_one` step's options: each a label and its steps."""
    return tuple({"label": o["label"], "steps": _steps(o["steps"])} for o in options)


def _card(data: dict, hero: str | None) -> CardDef:
    return CardDef(
        id=data["id"], name=data["name"], type=data["type"], hero=hero, copies=data["copies"],
        action=data.get("action", False), ready=data.get("ready", False),
        charge_point=data.get("charge_point", False), phase=data.get("phase"), when=data.get("when"),
        charge=0, text=data["text"], effect=_steps(data["effect"]))


def _ultimate(data: dict, hero: str) -> CardDef:
    return CardDef(
        id=data["id"], name=data["name"], type="ultimate", hero=hero, copies=1,
        action=data.get("action", False), ready=data.get("ready", False), charge_point=False,
        phase=None, when=None, charge=data["charge"], text=data["text"], effect=_steps(data["effect"]))


def _hero(data: dict) -> HeroDef:
    ability = data.get("ability")
    return HeroDef(
        id=data["id"], name=data["name"], attack=data["attack"], life=data["life"],
        traits=frozenset(data.get("traits", ())), profile=data["profile"],
        ability=None if ability is None else AbilityDef(
            ability["name"], ability["text"], ability["timing"], ability.get("when"),
            _steps(ability["effect"])),
        ultimate=_ultimate(data["ultimate"], data["id"]),
        cards=tuple(_card(c, data["id"]) for c in data["cards"]))


def _location(data: dict) -> LocationDef:
    passive = {k: (_steps(v) if k == "enter" else plain(v)) for k, v in (data.get("passive") or {}).items()}
    return LocationDef(
        id=data["id"], name=data["name"], points=data["points"], track=data["track"], text=data["text"],
        kind=data["kind"], effect=_steps(data.get("effect")), passive=passive)


# ----- the per-file checks ----------------------------------------------------------------------

class _Build(FolderBuild[HeroesContent]):
    """One pass over a content folder: collects errors and, when there are none, the definitions."""

    def __init__(self, root: Path) -> None:
        super().__init__(root)
        self.hero_ids: set[str] = set()

    def run(self) -> HeroesContent | None:
        lists = {key: self._file(name, key) for name, key in FILES.items()}
        if self.errors:
            return None
        heroes = {h["id"]: _hero(h) for h in lists["heroes"]}
        basic = tuple(_card(c, None) for c in lists["basic"])
        locations = {loc["id"]: _location(loc) for loc in lists["locations"]}
        cards: dict[str, CardDef] = {c.id: c for c in basic}
        for hero in heroes.values():
            cards.update({c.id: c for c in hero.cards})
            cards[hero.ultimate.id] = hero.ultimate
        first_game: tuple[tuple[str, ...], ...] = ()
        for variant in lists["variants"]:
            if variant["id"] == "first_game":
                first_game = tuple(tuple(team) for team in variant["teams"])
        return HeroesContent(heroes, basic, locations, cards, content_hash(self.root), first_game)

    def _file(self, name: str, key: str) -> list:
        """Parse and check one file; returns its list of records (empty when unusable)."""
        read = self.read_key(name, key)
        if read is None:
            return []
        display, line, records = read
        checker = Checker(display, vocabulary())
        getattr(self, f"_check_{key}")(checker, records, line)
        self.errors.extend(checker.errors)
        return records

    def _power(self, checker: Checker, data: Any, has_self: bool, line: int) -> bool:
        """A power or basic card: fields, then type rules and names."""
        card = record_id(data)
        ok = checker.record(data, _CARD_FIELDS, card, line_of(data) or line)
        if not isinstance(data, dict):
            return False
        self.check_id(checker, data)
        kind, when, phase = data.get("type"), data.get("when"), data.get("phase")
        if kind == "utility":
            if phase is None:
                checker.error(line_of(data), card, "phase", "a utility card needs a phase")
                ok = False
            for cost in ("action", "ready"):
                if data.get(cost) is True:
                    checker.error(line_of(data, cost), card, cost, "utility cards have no cost to play")
                    ok = False
        elif phase is not None:
            checker.error(line_of(data, "phase"), card, "phase", "only utility cards have a phase")
            ok = False
        if kind == "reaction" and when is None:
            checker.error(line_of(data), card, "when", "a reaction card needs a trigger (when)")
            ok = False
        elif kind != "reaction" and when is not None:
            checker.error(line_of(data, "when"), card, "when", "only reaction cards have a trigger")
            ok = False
        _Names(checker, card).walk(data.get("effect"), _scope(has_self, has_self, when, kind == "reaction"))
        return ok

    def _check_heroes(self, checker: Checker, heroes: list, line: int) -> None:
        if len(heroes) != HERO_COUNT:
            checker.error(line, None, "heroes", f"expected {HERO_COUNT} heroes, found {len(heroes)}")
        for hid, hero in self.checked(checker, heroes, _HERO_FIELDS, line):
            if isinstance(hero.get("id"), str):
                self.hero_ids.add(hero["id"])
            traits = hero.get("traits", [])
            for trait in traits if isinstance(traits, list) else []:
                if trait not in TRAITS:
                    checker.error(line_of(hero, "traits"), hid, "traits",
                                  f"unknown trait {trait!r}; known: {', '.join(TRAITS)}")
            ability = hero.get("ability")
            if isinstance(ability, dict):
                self._ability(checker, ability, hid)
            ultimate = hero.get("ultimate")
            if isinstance(ultimate, dict):
                uid = record_id(ultimate)
                checker.record(ultimate, _ULTIMATE_FIELDS, uid, line_of(ultimate))
                self.check_id(checker, ultimate)
                _Names(checker, uid).walk(ultimate.get("effect"), _scope(True, True, None))
            cards = hero.get("cards")
            if isinstance(cards, list):
                for card in cards:
                    self._power(checker, card, True, line_of(hero, "cards"))
                self._deck(checker, hero, cards)

    def _ability(self, checker: Checker, ability: dict, hid: str | None) -> None:
        checker.record(ability, _ABILITY_FIELDS, hid, line_of(ability))
        when = ability.get("when")
        if ability.get("timing") == "reaction" and when is None:
            checker.error(line_of(ability), hid, "ability.when", "a reaction ability needs a trigger (when)")
        elif ability.get("timing") != "reaction" and when is not None:
            checker.error(line_of(ability, "when"), hid, "ability.when", "only reaction abilities have a trigger")
        reaction = ability.get("timing") == "reaction"
        _Names(checker, hid).walk(ability.get("effect"), _scope(True, True, when, reaction))

    def _deck(self, checker: Checker, hero: dict, cards: list) -> None:
        """Rulebook, Components and Card Types: 6 power cards, exactly one of them a utility card."""
        hid = record_id(hero)
        copies = [c.get("copies") if isinstance(c, dict) else None for c in cards]
        if not all(isinstance(n, int) and not isinstance(n, bool) for n in copies):
            return  # already reported as a field error
        line = line_of(hero, "cards")
        total = sum(copies)
        if total != DECK_SIZE:
            checker.error(line, hid, "cards", f"a power deck holds {DECK_SIZE} cards (copies count), found {total}")
        utility = sum(n for c, n in zip(cards, copies) if c.get("type") == "utility")
        if utility != 1:
            checker.error(line, hid, "cards", f"a power deck holds exactly one utility card, found {utility}")

    def _check_basic(self, checker: Checker, cards: list, line: int) -> None:
        for card in cards:
            self._power(checker, card, False, line)
        copies = [c.get("copies") for c in cards if isinstance(c, dict)]
        if all(isinstance(n, int) and not isinstance(n, bool) for n in copies) and sum(copies) != BASIC_SIZE:
            checker.error(line, None, "basic", f"the basic deck holds {BASIC_SIZE} cards, found {sum(copies)}")

    def _check_locations(self, checker: Checker, locations: list, line: int) -> None:
        if len(locations) != LOCATION_COUNT:
            checker.error(line, None, "locations", f"expected {LOCATION_COUNT} locations, found {len(locations)}")
        for lid, loc in self.checked(checker, locations, _LOCATION_FIELDS, line):
            kind = loc.get("kind")
            if kind in ("score", "action") and "effect" not in loc:
                checker.error(line_of(loc), lid, "effect", f"a {kind} location needs an effect")
            if kind in ("none", "passive") and "effect" in loc:
                checker.error(line_of(loc, "effect"), lid, "effect", "only score and action locations have an effect")
            if kind == "passive" and "passive" not in loc:
                checker.error(line_of(loc), lid, "passive", "a passive location needs a passive mapping")
            if kind != "passive" and "passive" in loc:
                checker.error(line_of(loc, "passive"), lid, "passive", "only passive locations have a passive mapping")
            # action: "self" is the readied friendly hero there; score: no hero, only "here"
            _Names(checker, lid).walk(loc.get("effect"), _scope(kind == "action", True, None))
            passive = loc.get("passive")
            if isinstance(passive, dict):
                if checker.record(passive, _PASSIVE_FIELDS, lid, line_of(loc, "passive")) and not passive:
                    checker.error(line_of(loc, "passive"), lid, "passive", "a passive mapping needs at least one key")
                _Names(checker, lid).walk(passive.get("enter"), _scope(True, True, None))


    def _check_variants(self, checker: Checker, variants: list, line: int) -> None:
        """Rulebook, FIRST GAME: each side plays three pre-set heroes (distinct, from heroes.yaml)."""
        seen: set[str] = set()
        for variant in variants:
            vid = record_id(variant)
            if not checker.record(variant, _VARIANT_FIELDS, vid, line_of(variant) or line):
                continue
            if vid in seen:
                checker.error(line_of(variant, "id"), vid, "id", "this variant is listed twice")
            seen.add(vid)
            teams = variant["teams"]
            where = line_of(variant, "teams")
            if len(teams) != 2 or not all(isinstance(t, list) for t in teams):
                checker.error(where, vid, "teams", "expected two lists of hero ids (first player, then second)")
                continue
            used: set[str] = set()
            for team in teams:
                if len(team) != TEAM_SIZE:
                    checker.error(where, vid, "teams", f"each side has {TEAM_SIZE} heroes, found {len(team)}")
                for hero in team:
                    if hero not in self.hero_ids:
                        checker.error(where, vid, "teams", f"unknown hero {hero!r}")
                    elif hero in used:
                        checker.error(where, vid, "teams", f"hero {hero!r} is on both sides or listed twice")
                    used.add(hero)
        if "first_game" not in seen:
            checker.error(line, None, "variants", "the first_game variant is missing")


# ----- public interface -------------------------------------------------------------------------

CARD_SET: CardSet[HeroesContent] = CardSet("heroes", _Build.check)

validate = CARD_SET.validate            # every problem in the folder; [] when it is valid
load_content = CARD_SET.load            # the checked content (the default folder once); ContentErrors if not
content_hash = CARD_SET.hash            # the hash over the folder's *.yaml files (saves record it)
