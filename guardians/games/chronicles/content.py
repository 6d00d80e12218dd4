"""The rest of the chronicles box beyond the tiles: dice, room cards, heroes and their Power cards, villains,
events, wounds, scenarios and the newspaper, checked and turned into frozen definitions.

The rulebook prints none of these (spec §3.1); all are ours, in `cards/chronicles/*.yaml`, format in
docs/rules-notes/chronicles-content.md. Effects are steps of the vocabulary in `rules/effects.py` (`STEPS`): the
schema of every step's parameters comes from there, so a step the rules do not know is a load error. Beyond
field types this module checks what makes the box playable (spec §3.7): each orange space names a check of its
room card and each check has a space; objective faces have an objective and trap faces a disarm check; each hero
has 8 normal cards with exactly one Weakness, 2 Rookie cards replacing normal ones and 2 Veteran cards; 20 events
and 20 wounds; one boss; scenarios with the tile roles of their difficulty (L90-L93), a sound layout, airlocks
only into the Control Room, a light for every other tile. Every error names file, line, record and field.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from guardians.engine.content import Checker, Field, known_steps, line_of, opt, plain, record_id, step_fields
from guardians.engine.content import compile_steps as compile_yaml_steps
from guardians.games.chronicles.rules.board import Layout, layout_problems
from guardians.games.chronicles.rules.effects import PASSIVE_STEPS, STATS, STEPS
from guardians.engine.words import counted

RANKS = ("rookie", "normal", "veteran")
DECKS = ("normal", "rookie", "veteran")
SP_TYPES = ("movement", "attack", "defense", "mental", "coordination", "weakness")
TIMINGS = ("permanent", "action", "unique_action")
ROLES = ("boss", "lieutenant", "minion")
DIFFICULTIES = ("easy", "challenging", "difficult")
# L90-L93: tiles per difficulty: (objectives, traps); plus one Entrance and one Control Room.
DIFFICULTY_ROLES = {"easy": (1, 1), "challenging": (1, 3), "difficult": (2, 5)}
GOALS = ("neutralize", "eliminate", "no_ko", "doors", "damage_boss", "first_in_control", "no_wound", "checks")
EVENTS_IN_BOX = 20            # L80 "20 Event cards"
WOUNDS_IN_BOX = 20            # L80 "20 Wound cards"
MINION_FIGURES = 30           # L60 "30 Robot miniatures"
SUPER_VILLAINS = 5            # L59 "5 Super Villain miniatures"
NORMAL_CARDS, ROOKIE_CARDS, VETERAN_CARDS = 8, 2, 2
DIE_FACES = {"combat": 6, "power": 6, "check": 8}
DOOR_STATS = {"attack": "combat", "mental": "mental"}     # L486-L488 "an Attack or Mental Value check"


# ----- definitions -----------------------------------------------------------------------------

Steps = tuple  # compiled steps: ((name, params), ...), nested step lists compiled too


@dataclass(frozen=True)
class Special:
    type: str
    timing: str
    text: str
    passive: Steps = ()
    effect: Steps = ()


@dataclass(frozen=True)
class PowerCard:
    """A hero's Power card (or a Wound: no special, kind "wound")."""

    id: str
    name: str
    hero: str | None
    deck: str                       # normal | rookie | veteran | wound
    technique: dict[str, int]
    special: Special | None = None
    replaces: str | None = None

    @property
    def weakness(self) -> bool:
        return self.special is not None and self.special.type == "weakness"


@dataclass(frozen=True)
class Mission:
    id: str
    text: str
    goal: dict[str, Any]


@dataclass(frozen=True)
class HeroDef:
    id: str
    name: str
    type: str
    ranks: dict[str, dict[str, int]]
    power_name: str
    power_text: str
    passive: Steps
    missions: tuple[Mission, ...]
    cards: tuple[PowerCard, ...]

    def deck(self, rank: str) -> tuple[str, ...]:
        """The cards in hand at the start (L133, L135, L139): Rookie swaps two normal cards for the Rookie ones;
        Veteran adds both Veteran cards (a single game plays the full rank, spec R20)."""
        normal = [c for c in self.cards if c.deck == "normal"]
        if rank == "rookie":
            swapped = {c.replaces: c.id for c in self.cards if c.deck == "rookie"}
            return tuple(swapped.get(c.id, c.id) for c in normal)
        ids = [c.id for c in normal]
        if rank == "veteran":
            ids += [c.id for c in self.cards if c.deck == "veteran"]
        return tuple(ids)


@dataclass(frozen=True)
class VillainDef:
    id: str
    name: str
    role: str
    type: str
    stats: dict[str, int]
    figures: int
    power_name: str = ""
    power_text: str = ""
    passive: Steps = ()


@dataclass(frozen=True)
class EventDef:
    id: str
    name: str
    copies: int
    technique: dict[str, int]
    text: str
    effect: Steps


@dataclass(frozen=True)
class CheckDef:
    id: str
    name: str
    stats: tuple[str, ...]
    dice: int
    plus_heroes: bool = False
    plus: int = 0
    per_mark: bool = False
    ranged: bool = False
    success: Steps = ()


@dataclass(frozen=True)
class ObjectiveDef:
    threat: str
    length: int
    needed: int
    articles: dict[str, str]
    escort: bool = False
    end_of_turn: Steps = ()


@dataclass(frozen=True)
class RoomDef:
    face: str
    title: str
    text: str
    checks: dict[str, CheckDef]
    activation: Steps = ()
    objective: ObjectiveDef | None = None
    disarm: str | None = None


@dataclass(frozen=True)
class DoorDifficulty:
    dice: int
    plus_heroes: bool = False


@dataclass(frozen=True)
class ScenarioDef:
    id: str
    name: str
    difficulty: str
    recommended_heroes: int
    turn_limit: int
    intro: str
    layout: Layout
    doors: dict[str, dict[str, DoorDifficulty]]     # door id -> stat (combat | mental) -> difficulty
    lights: dict[int, str]
    lieutenants: tuple[str, ...]
    minions: tuple[str, ...]


@dataclass(frozen=True)
class Newspaper:
    articles: dict[str, tuple[str, str, str]]       # id -> (side, headline, text)
    praise: dict[str, str]
    shame: dict[str, str]
    arrest: str
    escape: str
    ads: tuple[str, ...]
    headlines: tuple[dict[str, Any], ...]
    team: str = "The heroes"                        # what the paper (and the table) calls the heroes together


@dataclass(frozen=True)
class Box:
    dice: dict[str, tuple]
    mission_map: dict[str, int]
    heroes: dict[str, HeroDef]
    cards: dict[str, PowerCard]                     # hero Power cards and wounds
    villains: dict[str, VillainDef]
    events: dict[str, EventDef]
    wounds: tuple[str, ...]                         # one id per physical Wound card (20)
    event_cards: tuple[str, ...]                    # one id per physical Event card (20)
    rooms: dict[str, RoomDef]
    scenarios: dict[str, ScenarioDef]
    newspaper: Newspaper
    extra: dict[str, Any] = field(default_factory=dict)


# ----- helpers ------------------------------------------------------------------------------------

VOCABULARY = step_fields(STEPS)
NESTED = ("do", "fail", "success")     # parameters that hold step lists


def compile_steps(raw: Any) -> Steps:
    """YAML steps -> ((name, params), ...) with nested step lists (do / fail / success) compiled too."""
    return compile_yaml_steps(raw, NESTED)


def _walk(steps: Any, line: int = 0):
    """Every well-formed step of a YAML step list, nested lists included: (name, params, line)."""
    for name, params, at in known_steps(steps, STEPS.params and VOCABULARY, line):
        yield name, params, at
        for key in NESTED:
            if isinstance(params.get(key), list):
                yield from _walk(params[key], at)


def _stat_map(checker: Checker, data: Any, rid: str | None, fld: str, line: int, allowed: tuple[str, ...] = STATS,
              ) -> dict[str, int]:
    if data is None:
        return {}
    if not isinstance(data, dict):
        checker.error(line, rid, fld, "expected a mapping of statistic -> number")
        return {}
    out = {}
    for key, value in data.items():
        if key not in allowed or not isinstance(value, int) or isinstance(value, bool):
            checker.error(line_of(data, key) or line, rid, fld, f"{key!r}: {value!r} is not one of "
                          f"{', '.join(allowed)} with a whole number")
        else:
            out[key] = value
    return out


class _BoxBuild:
    """Checks every file of the box beyond the tiles; builds the `Box` when there is no error."""

    def __init__(self, build: Any, tiles: Any) -> None:
        self.build = build
        self.faces = tiles.faces
        self.tiles = tiles.tiles
        self.checkers: list[Checker] = []

    def file(self, name: str, key: str, want: type = list) -> tuple[Checker, Any] | None:
        read = self.build.read_key(name, key, want)
        if read is None:
            return None
        display, _, records = read
        checker = Checker(display, VOCABULARY)
        self.checkers.append(checker)
        return checker, records

    def steps(self, checker: Checker, data: dict, key: str, rid: str | None, passive: bool = False) -> bool:
        """A step list field: known steps with sound parameters; passive entries only where passive."""
        if key not in data:
            return True
        ok = checker.steps(data[key], rid, key, line_of(data, key))
        for name, _, at in _walk(data[key], line_of(data, key)):
            if passive != (name in PASSIVE_STEPS):
                what = "a passive entry (aura, rule)" if passive else "an effect step"
                checker.error(at, rid, key, f"{name!r} is not {what}")
                ok = False
        return ok

    # ----- the files ----------------------------------------------------------------------------

    def run(self) -> Box | None:
        dice = self.dice()
        villains = self.villains()
        heroes, cards = self.heroes()
        wounds, wound_ids = self.wounds()
        events, event_ids = self.events(villains)
        news = self.newspaper(heroes)
        rooms = self.rooms(villains, news)
        scenarios = self.scenarios(villains, rooms)
        for checker in self.checkers:
            self.build.errors.extend(checker.errors)
        if any(x is None for x in (dice, villains, heroes, wounds, events, news, rooms, scenarios)):
            return None
        if any(c.errors for c in self.checkers):
            return None
        assert dice is not None and heroes is not None and cards is not None and wounds is not None
        return Box(dice=dice[0], mission_map=dice[1], heroes=heroes, cards={**cards, **wounds},
                   villains=villains, events=events, wounds=wound_ids, event_cards=event_ids,  # type: ignore[arg-type]
                   rooms=rooms, scenarios=scenarios, newspaper=news)  # type: ignore[arg-type]

    def dice(self) -> tuple[dict, dict] | None:
        read = self.build.read("dice.yaml")
        if read is None:
            return None
        display, data = read
        checker = Checker(display)
        self.checkers.append(checker)
        if not checker.record(data, [Field("dice", list), Field("mission_die", dict)], None, 1):
            return None
        out = {}
        for die in data["dice"]:
            did = record_id(die)
            if not checker.record(die, [Field("id", str, choices=tuple(DIE_FACES)), Field("colour", str),
                                        Field("faces", list)], did, line_of(die)):
                continue
            faces = die["faces"]
            bad = [f for f in faces if not (f == "pow" or (isinstance(f, int) and 0 <= f <= 3))]
            if bad or len(faces) != DIE_FACES[did]:
                checker.error(line_of(die, "faces"), did, "faces",
                              f"a {did} die has {DIE_FACES[did]} faces, each 0..3 or pow")
                continue
            if did == "check" and "pow" in faces:
                checker.error(line_of(die, "faces"), did, "faces", "check dice have no pow face")
                continue
            out[did] = tuple(faces)
        for did in DIE_FACES:
            if did not in out and not checker.errors:
                checker.error(line_of(data, "dice"), did, "dice", f"the {did} die is missing")
        md = data["mission_die"]
        mission_map: dict[str, int] = {}
        if checker.record(md, [Field("die", str, choices=("combat", "power")), Field("map", dict)], "mission_die",
                          line_of(data, "mission_die")):
            mission_map = {str(k): v for k, v in md["map"].items()}
            faces = out.get(md["die"], ())
            if set(mission_map) != {str(f) for f in faces} or not all(v in (1, 2, 3) for v in mission_map.values()):
                checker.error(line_of(md, "map"), "mission_die", "map",
                              "map every face of the die to a mission 1, 2 or 3")
        return (out, mission_map) if not checker.errors else None

    def villains(self) -> dict[str, VillainDef] | None:
        got = self.file("villains.yaml", "villains")
        if got is None:
            return None
        checker, records = got
        out: dict[str, VillainDef] = {}
        stats_fields = [Field("health", int, minimum=1), Field("speed", int, minimum=0),
                        Field("combat", int, minimum=0), Field("defense", int, minimum=1),
                        Field("actions", int, minimum=1)]
        fields = [Field("id", str), Field("name", str), Field("role", str, choices=ROLES),
                  Field("type", str), Field("stats", dict), Field("figures", int, minimum=1),
                  opt("power", dict)]
        for vid, rec in self.build.checked(checker, records, fields, strict=True):
            if not checker.record(rec["stats"], stats_fields, vid, line_of(rec, "stats")):
                continue
            power = rec.get("power") or {}
            if power and not checker.record(power, [Field("name", str), Field("text", str), opt("passive", list)],
                                            vid, line_of(rec, "power")):
                continue
            if power:
                self.steps(checker, power, "passive", vid, passive=True)
            out[vid] = VillainDef(vid, rec["name"], rec["role"], rec["type"], dict(rec["stats"]), rec["figures"],
                                  power.get("name", ""), power.get("text", ""),
                                  compile_steps(power.get("passive")))
        line = line_of(records[0]) if records else 1
        roles = [v.role for v in out.values()]
        if roles.count("boss") != 1:
            checker.error(line, None, "role", f"exactly one boss (Doktor Skarov), found {roles.count('boss')}")
        if len(roles) - roles.count("minion") > SUPER_VILLAINS:
            checker.error(line, None, "role", f"at most {SUPER_VILLAINS} boss and lieutenant figures (L59)")
        minions = sum(v.figures for v in out.values() if v.role == "minion")
        if minions > MINION_FIGURES:
            checker.error(line, None, "figures", f"{minions} minion figures; the box has {MINION_FIGURES} (L60)")
        for v in out.values():
            if v.role != "minion" and v.figures != 1:
                checker.error(line, v.id, "figures", "a boss or lieutenant is one figure")
        return out if not checker.errors else None

    def card(self, checker: Checker, rec: dict, hero: str) -> PowerCard | None:
        cid = record_id(rec)
        if not checker.record(rec, [Field("id", str), Field("name", str), Field("deck", str, choices=DECKS),
                                    opt("replaces", str), opt("technique", dict), opt("special", dict)],
                              cid, line_of(rec)):
            return None
        self.build.check_id(checker, rec)
        tech = _stat_map(checker, rec.get("technique"), cid, "technique", line_of(rec, "technique"))
        sp = rec.get("special")
        special = None
        if sp is not None:
            if not checker.record(sp, [Field("type", str, choices=SP_TYPES), Field("timing", str, choices=TIMINGS),
                                       Field("text", str), opt("passive", list), opt("effect", list)],
                                  cid, line_of(rec, "special")):
                return None
            self.steps(checker, sp, "passive", cid, passive=True)
            self.steps(checker, sp, "effect", cid)
            if sp["timing"] == "permanent" and ("effect" in sp or "passive" not in sp):
                checker.error(line_of(sp, "timing"), cid, "special.timing",
                              "a permanent Special Power has passive entries and no effect steps")
            if sp["timing"] != "permanent" and ("passive" in sp or "effect" not in sp):
                checker.error(line_of(sp, "timing"), cid, "special.timing",
                              "an Action or Unique Action Special Power has effect steps and no passive entries")
            special = Special(sp["type"], sp["timing"], sp["text"], compile_steps(sp.get("passive")),
                              compile_steps(sp.get("effect")))
        if not tech and special is None:
            checker.error(line_of(rec), cid, "technique", "a card has a Secret Technique, a Special Power or both (L264)")
        if special is not None and special.type == "weakness":
            if tech:
                checker.error(line_of(rec, "technique"), cid, "technique",
                              "a Weakness is played only as a Special Power (L280): no Secret Technique")
            if special.timing != "permanent":
                checker.error(line_of(sp, "timing"), cid, "special.timing", "a Weakness is permanent")
        if rec["deck"] == "rookie" and "replaces" not in rec:
            checker.error(line_of(rec), cid, "replaces", "a Rookie card names the normal card it replaces (L133)")
        if rec["deck"] != "rookie" and "replaces" in rec:
            checker.error(line_of(rec, "replaces"), cid, "replaces", "only Rookie cards replace a card")
        return PowerCard(cid, rec["name"], hero, rec["deck"], tech, special, rec.get("replaces"))

    def heroes(self) -> tuple[dict[str, HeroDef] | None, dict[str, PowerCard] | None]:
        got = self.file("heroes.yaml", "heroes")
        if got is None:
            return None, None
        checker, records = got
        out: dict[str, HeroDef] = {}
        cards: dict[str, PowerCard] = {}
        rank_fields = [Field("health", int, minimum=1), Field("speed", int, minimum=0), Field("combat", int, minimum=0),
                       Field("defense", int, minimum=1), Field("mental", int, minimum=0)]
        fields = [Field("id", str), Field("name", str), Field("type", str),
                  Field("ranks", dict), Field("power", dict), Field("missions", list),
                  Field("cards", list)]
        for hid, rec in self.build.checked(checker, records, fields, strict=True):
            ok = True
            if set(rec["ranks"]) != set(RANKS):
                checker.error(line_of(rec, "ranks"), hid, "ranks", "a hero has rookie, normal and veteran ID cards")
                ok = False
            else:
                for rank in RANKS:
                    ok = checker.record(rec["ranks"][rank], rank_fields, hid, line_of(rec["ranks"], rank)) and ok
            power = rec["power"]
            ok = checker.record(power, [Field("name", str), Field("text", str), Field("passive", list)], hid,
                                line_of(rec, "power")) and ok
            if ok:
                self.steps(checker, power, "passive", hid, passive=True)
            missions = []
            for m in rec["missions"]:
                mid = record_id(m)
                if not checker.record(m, [Field("id", str), Field("text", str), Field("goal", dict)], hid, line_of(m)):
                    ok = False
                    continue
                self.build.check_id(checker, m)
                goal = m["goal"]
                if not checker.record(goal, [Field("kind", str, choices=GOALS), opt("count", int, minimum=1),
                                             opt("role", str, choices=ROLES), opt("stat", str, choices=STATS),
                                             opt("by_turn", int, minimum=1), opt("anyone", bool)],
                                      mid, line_of(m, "goal")):
                    ok = False
                    continue
                missions.append(Mission(mid, m["text"], plain(goal)))
            if len(rec["missions"]) != 3:
                checker.error(line_of(rec, "missions"), hid, "missions",
                              "a hero has three personal missions (one per mission die result)")
                ok = False
            built = [self.card(checker, c, hid) for c in rec["cards"]]
            hero_cards = [c for c in built if c is not None]
            decks = {d: [c for c in hero_cards if c.deck == d] for d in DECKS}
            line = line_of(rec, "cards")
            if len(decks["normal"]) != NORMAL_CARDS or sum(c.weakness for c in decks["normal"]) != 1:
                checker.error(line, hid, "cards", f"a hero has {NORMAL_CARDS} normal cards, exactly one a Weakness")
            if len(decks["rookie"]) != ROOKIE_CARDS or len(decks["veteran"]) != VETERAN_CARDS:
                checker.error(line, hid, "cards", f"a hero has {ROOKIE_CARDS} Rookie and {VETERAN_CARDS} Veteran cards")
            normal_ids = {c.id for c in decks["normal"] if not c.weakness}
            replaced = [c.replaces for c in decks["rookie"]]
            for c in decks["rookie"]:
                if c.replaces not in normal_ids:
                    checker.error(line, c.id, "replaces", f"{c.replaces!r} is not a normal, non-Weakness card of {hid}")
            if len(set(replaced)) != len(replaced):
                checker.error(line, hid, "replaces", "two Rookie cards replace the same card")
            if any(c.weakness for c in decks["rookie"] + decks["veteran"]):
                checker.error(line, hid, "cards", "only one Weakness per hero, in the normal cards")
            if not ok or len(hero_cards) != len(built):
                continue
            cards.update({c.id: c for c in hero_cards})
            out[hid] = HeroDef(hid, rec["name"], rec["type"], {r: dict(rec["ranks"][r]) for r in RANKS},
                               power["name"], power["text"], compile_steps(power["passive"]), tuple(missions),
                               tuple(hero_cards))
        if not 1 <= len(out) <= 4 and not checker.errors:
            checker.error(1, None, "heroes", "the Liberty Patrol has 1 to 4 heroes (L59)")
        return (out, cards) if not checker.errors else (None, None)

    def wounds(self) -> tuple[dict[str, PowerCard] | None, tuple[str, ...]]:
        got = self.file("wounds.yaml", "wounds")
        if got is None:
            return None, ()
        checker, records = got
        out: dict[str, PowerCard] = {}
        ids: list[str] = []
        fields = [Field("id", str), Field("name", str), Field("copies", int, minimum=1),
                  Field("technique", dict)]
        for wid, rec in self.build.checked(checker, records, fields, strict=True):
            tech = _stat_map(checker, rec["technique"], wid, "technique", line_of(rec, "technique"))
            if not tech or any(v >= 0 for v in tech.values()):
                checker.error(line_of(rec, "technique"), wid, "technique", "a Wound's Secret Technique is a penalty")
            out[wid] = PowerCard(wid, rec["name"], None, "wound", tech)
            ids += [wid] * rec["copies"]
        if len(ids) != WOUNDS_IN_BOX and not checker.errors:
            checker.error(1, None, "copies", f"the box has {WOUNDS_IN_BOX} Wound cards (L80), found {len(ids)}")
        return (out, tuple(ids)) if not checker.errors else (None, ())

    def events(self, villains: dict | None) -> tuple[dict[str, EventDef] | None, tuple[str, ...]]:
        got = self.file("events.yaml", "events")
        if got is None:
            return None, ()
        checker, records = got
        out: dict[str, EventDef] = {}
        ids: list[str] = []
        fields = [Field("id", str), Field("name", str), Field("copies", int, minimum=1),
                  Field("technique", dict), Field("text", str), Field("effect", list)]
        for eid, rec in self.build.checked(checker, records, fields, strict=True):
            tech = _stat_map(checker, rec["technique"], eid, "technique", line_of(rec, "technique"),
                             ("speed", "combat", "defense"))
            self.steps(checker, rec, "effect", eid)
            self.spawns(checker, rec["effect"], eid, villains)
            out[eid] = EventDef(eid, rec["name"], rec["copies"], tech, rec["text"], compile_steps(rec["effect"]))
            ids += [eid] * rec["copies"]
        if len(ids) != EVENTS_IN_BOX and not checker.errors:
            checker.error(1, None, "copies", f"the box has {EVENTS_IN_BOX} Event cards (L80), found {len(ids)}")
        return (out, tuple(ids)) if not checker.errors else (None, ())

    def spawns(self, checker: Checker, steps: Any, rid: str | None, villains: dict | None) -> None:
        for name, params, at in _walk(steps):
            if name == "spawn" and villains is not None:
                v = villains.get(params.get("villain"))
                if v is None or v.role != "minion":
                    checker.error(at, rid, "spawn.villain", f"{params.get('villain')!r} is not a minion ID card")

    def newspaper(self, heroes: dict | None) -> Newspaper | None:
        got = self.file("newspaper.yaml", "newspaper", dict)
        if got is None:
            return None
        checker, data = got
        if not checker.record(data, [Field("articles", list), Field("hero_articles", list), Field("showdown", dict),
                                     Field("ads", list), Field("headlines", list), opt("team", str)], None,
                              line_of(data)):
            return None
        articles = {}
        for a in data["articles"]:
            aid = record_id(a)
            if checker.record(a, [Field("id", str), Field("side", str, choices=("heroes", "villain")),
                                  Field("headline", str), Field("text", str)], aid, line_of(a)):
                self.build.check_id(checker, a)
                articles[aid] = (a["side"], a["headline"], a["text"])
        praise, shame = {}, {}
        for h in data["hero_articles"]:
            if checker.record(h, [Field("hero", str), Field("praise", str), Field("shame", str)], None, line_of(h)):
                praise[h["hero"]] = h["praise"]
                shame[h["hero"]] = h["shame"]
        if heroes is not None and set(praise) != set(heroes):
            checker.error(line_of(data, "hero_articles"), None, "hero_articles",
                          "every hero has one praising and one shaming article (L552)")
        checker.record(data["showdown"], [Field("arrest", str), Field("escape", str)], None, line_of(data, "showdown"))
        for h in data["headlines"]:
            checker.record(h, [opt("min", int), opt("max", int), Field("title", str)], None, line_of(h))
        if checker.errors:
            return None
        return Newspaper(articles, praise, shame, data["showdown"]["arrest"], data["showdown"]["escape"],
                         tuple(data["ads"]), tuple(plain(h) for h in data["headlines"]),
                         data.get("team", "The heroes"))

    def rooms(self, villains: dict | None, news: Newspaper | None) -> dict[str, RoomDef] | None:
        got = self.file("rooms.yaml", "rooms")
        if got is None:
            return None
        checker, records = got
        out: dict[str, RoomDef] = {}
        for rec in records:
            fid = rec.get("face") if isinstance(rec, dict) else None
            if not checker.record(rec, [Field("face", str), Field("title", str), Field("text", str),
                                        opt("checks", list), opt("activation", list), opt("objective", dict),
                                        opt("disarm", str)], fid, line_of(rec)):
                continue
            face = self.faces.get(fid)
            if face is None:
                checker.error(line_of(rec, "face"), fid, "face", f"no tile face {fid!r}")
                continue
            if fid in out:
                checker.error(line_of(rec, "face"), fid, "face", "a face has one room card")
                continue
            checks: dict[str, CheckDef] = {}
            for c in rec.get("checks", []):
                cid = record_id(c)
                if not checker.record(c, [Field("id", str), Field("name", str), Field("stats", list),
                                          Field("dice", int, minimum=1), opt("plus_heroes", bool),
                                          opt("plus", int, minimum=0), opt("per_mark", bool), opt("ranged", bool),
                                          opt("success", list)], fid, line_of(c)):
                    continue
                if not c["stats"] or any(s not in STATS for s in c["stats"]):
                    checker.error(line_of(c, "stats"), fid, "checks.stats", f"stats are some of {', '.join(STATS)}")
                    continue
                self.steps(checker, c, "success", fid)
                checks[cid] = CheckDef(cid, c["name"], tuple(c["stats"]), c["dice"], c.get("plus_heroes", False),
                                       c.get("plus", 0), c.get("per_mark", False), c.get("ranged", False),
                                       compile_steps(c.get("success")))
            marks = {m.check for m in face.marks if m.kind == "check"}
            for missing in sorted(marks - set(checks)):
                checker.error(line_of(rec, "checks"), fid, "checks",
                              f"the face has an orange space for check {missing!r}, which this card does not have")
            for spare in sorted(set(checks) - marks):
                checker.error(line_of(rec, "checks"), fid, "checks",
                              f"check {spare!r} has no orange space on the face")
            self.steps(checker, rec, "activation", fid)
            self.spawns(checker, rec.get("activation"), fid, villains)
            for name, params, at in _walk(rec.get("activation")):
                if name == "each_hero" and params.get("area") is not None and params["area"] not in face.areas:
                    checker.error(at, fid, "each_hero.area", f"the face has no area {params['area']!r}")
                if name == "pull" and params.get("toward") not in {m.name for m in face.marks if m.kind == "anchor"}:
                    checker.error(at, fid, "pull.toward", f"the face has no anchor {params.get('toward')!r}")
            objective = None
            if "objective" in rec:
                o = rec["objective"]
                if checker.record(o, [Field("threat", str), Field("length", int, minimum=1),
                                      Field("needed", int, minimum=1), Field("articles", dict), opt("escort", bool),
                                      opt("end_of_turn", list)], fid, line_of(rec, "objective")):
                    self.steps(checker, o, "end_of_turn", fid)
                    self.spawns(checker, o.get("end_of_turn"), fid, villains)
                    arts = o["articles"]
                    for side in ("heroes", "villain"):
                        aid = arts.get(side)
                        if news is not None and (aid not in news.articles or news.articles[aid][0] != side):
                            checker.error(line_of(o, "articles"), fid, "objective.articles",
                                          f"the {side} article {aid!r} is not a {side} article of the newspaper")
                    escort = o.get("escort", False)
                    if escort and not any(m.kind == "hostage" for m in face.marks):
                        checker.error(line_of(o, "escort"), fid, "objective.escort", "an escort needs a hostage mark")
                    objective = ObjectiveDef(o["threat"], o["length"], o["needed"], dict(arts), escort,
                                             compile_steps(o.get("end_of_turn")))
            if face.role == "objective" and objective is None:
                checker.error(line_of(rec), fid, "objective", "an objective face's card has an objective")
            if face.role != "objective" and "objective" in rec:
                checker.error(line_of(rec, "objective"), fid, "objective", f"a {face.role} face has no objective")
            disarm = rec.get("disarm")
            if face.role == "trap" and disarm not in checks:
                checker.error(line_of(rec, "disarm") or line_of(rec), fid, "disarm",
                              "a trap face's card names the check that disarms it")
            if face.role != "trap" and disarm is not None:
                checker.error(line_of(rec, "disarm"), fid, "disarm", "only traps are disarmed")
            if face.role in ("objective", "trap") and not rec.get("activation"):
                checker.error(line_of(rec), fid, "activation", f"an {face.role} room does something when lit")
            out[fid] = RoomDef(fid, rec["title"], rec["text"], checks, compile_steps(rec.get("activation")),
                               objective, disarm)
        for fid in sorted(set(self.faces) - set(out)):
            checker.error(1, fid, "face", f"face {fid!r} has no room card")
        return out if not checker.errors else None

    def scenarios(self, villains: dict | None, rooms: dict | None) -> dict[str, ScenarioDef] | None:
        got = self.file("scenarios.yaml", "scenarios")
        if got is None:
            return None
        checker, records = got
        out: dict[str, ScenarioDef] = {}
        fields = [Field("id", str), Field("name", str),
                  Field("difficulty", str, choices=DIFFICULTIES),
                  Field("recommended_heroes", int, minimum=1, maximum=4),
                  Field("turn_limit", int, minimum=1, maximum=40), Field("intro", str),
                  Field("tiles", list), Field("doors", list), Field("lights", dict),
                  Field("lieutenants", list), Field("minions", list)]
        for sid, rec in self.build.checked(checker, records, fields, strict=True):
            before = len(checker.errors)
            for t in rec["tiles"]:
                checker.record(t, [Field("face", str), Field("at", list), opt("rot", int)], sid, line_of(t))
            difficulty: dict[str, dict[str, DoorDifficulty]] = {}
            for i, d in enumerate(rec["doors"]):
                if not checker.record(d, [Field("between", list), Field("kind", str, choices=("door", "airlock")),
                                          opt("open", bool), opt("locked_until", str), opt("id", str),
                                          Field("attack", dict), Field("mental", dict)], sid, line_of(d)):
                    continue
                did = d.get("id", f"d{i + 1}")
                difficulty[did] = {}
                for key, stat in DOOR_STATS.items():
                    if checker.record(d[key], [Field("dice", int, minimum=1), opt("plus_heroes", bool)], sid,
                                      line_of(d, key)):
                        difficulty[did][stat] = DoorDifficulty(d[key]["dice"], d[key].get("plus_heroes", False))
            if len(checker.errors) > before:
                continue
            layout = Layout.from_data(plain(rec))
            line = line_of(rec, "tiles")
            for problem in layout_problems(layout, self.faces):
                checker.error(line, sid, "tiles", problem)
            if len(checker.errors) > before:
                continue
            placed = {t.at: t.face for t in layout.tiles}
            roles = [self.faces[t.face].role for t in layout.tiles]
            objectives, traps = DIFFICULTY_ROLES[rec["difficulty"]]
            want = {"entrance": 1, "control": 1, "objective": objectives, "trap": traps}
            for role, n in want.items():
                if roles.count(role) != n:
                    checker.error(line, sid, "tiles", f"a {rec['difficulty']} base has {counted(n, role + ' tile')} "
                                  f"(L90-L93), found {roles.count(role)}")
            control = next((t.at for t in layout.tiles if self.faces[t.face].role == "control"), None)
            for d in layout.doors:
                touches = control in d.between
                if touches != (d.kind == "airlock"):
                    checker.error(line_of(rec, "doors"), sid, "doors",
                                  f"the token between {list(d.between[0])} and {list(d.between[1])}: airlocks, and "
                                  "only airlocks, lead into the Control Room (ruling Q37)")
            lights = {}
            for key, face in rec["lights"].items():
                if not isinstance(key, int) or not 1 <= key <= 8:
                    checker.error(line_of(rec["lights"], key), sid, "lights", f"light {key!r} is not 1..8")
                else:
                    lights[key] = face
            others = {f for f in placed.values() if self.faces[f].role != "control"}
            if sorted(lights.values()) != sorted(others):
                checker.error(line_of(rec, "lights"), sid, "lights",
                              "the lights wake each tile of the base but the Control Room exactly once (L518)")
            for lt in rec["lieutenants"]:
                if villains is not None and (lt not in villains or villains[lt].role != "lieutenant"):
                    checker.error(line_of(rec, "lieutenants"), sid, "lieutenants", f"{lt!r} is not a lieutenant")
            for m in rec["minions"]:
                if villains is not None and (m not in villains or villains[m].role != "minion"):
                    checker.error(line_of(rec, "minions"), sid, "minions", f"{m!r} is not a minion ID card")
            if not rec["minions"]:
                checker.error(line_of(rec, "minions"), sid, "minions", "a scenario names at least one minion type")
            if len(checker.errors) > before:
                continue
            out[sid] = ScenarioDef(sid, rec["name"], rec["difficulty"], rec["recommended_heroes"], rec["turn_limit"],
                                   rec["intro"], layout, difficulty, lights, tuple(rec["lieutenants"]),
                                   tuple(rec["minions"]))
        if not out and not checker.errors:
            checker.error(1, None, "scenarios", "the booklet has at least one scenario")
        return out if not checker.errors else None


def build_box(build: Any, tiles: Any) -> Box | None:
    """Check every non-tile file of the folder `build` reads; errors go to `build.errors`."""
    return _BoxBuild(build, tiles).run()
