"""Guardians' Chronicles on the flow kernel: set-up, the three phases of a turn, the Final Showdown and the
newspaper that scores the game.

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt (L<n> below). Rulings where it is silent are in
docs/rules-notes/chronicles.md (Q<n> numbers from the spec). Seats: 0 is Doktor Skarov's player, 1..H one hero each
(L35, L125). The Strategy phase is a `Commitments`: each hero seat commits its Power cards out of the villain's
sight, the lead hero stacks the initiative, the villain places Event cards last (L300); all is revealed at the
start of the Activation phase (L332). Every die goes through `roll` (tests queue faces in `dice_script`).
No pygame; no card id appears here: cards act through the step vocabulary in `effects.py`.
"""

from __future__ import annotations

from itertools import permutations
from typing import Any

from guardians.engine import Action, GameConfig, Result
from guardians.engine.flow import Commitments, Frame, FlowState, Pending, pending_repr
from guardians.engine.rng import Rng, SealedRng
from guardians.engine.state import blank_state
from guardians.engine.table import CardFace, Item, Panel
from guardians.engine.words import counted
from guardians.games.chronicles.cards import ChroniclesContent, load_content
from guardians.games.chronicles.content import Box, CheckDef, PowerCard, ScenarioDef
from guardians.games.chronicles.rules.board import HEROES, NEUTRAL, VILLAINS, Base, chebyshev
from guardians.games.chronicles.rules.effects import STEPS, with_refs
from guardians.games.chronicles.rules.model import HIDDEN, Cell, Fig, HeroSeat
from guardians.games.chronicles.rules.places import door_words, space_words, spaces_in_words, words_at

HERO_ACTIONS = 3                 # L177 "Heroes always have 3 Actions"
WOUNDS_TO_KO = 3                 # L536 "Whenever a Hero's player has 3 Wound cards in Hand, they are eliminated"
EVENTS_DRAWN = 2                 # L530 "Doktor Skarov draws 2 Event cards"
FLOORS = {"speed": 0, "combat": 0, "mental": 0, "defense": 1}     # ruling Q63
DEFAULT_SCENARIO = "welcome_to_the_lair"
VARIANT_RANK = {"rookie": "rookie", "veteran": "veteran"}          # L129-L135; other variants play Normal


def _cell(c: Cell) -> str:
    return f"cell:{c[0]},{c[1]}"


def _cell_refs(c: Cell) -> tuple[str]:
    """A move's refs, made when first read: the space."""
    return (_cell(c),)


def _pair_refs(ref: str, c: Cell) -> tuple[str, str]:
    """A villain figure's move's refs, made when first read: the figure, then the space."""
    return (ref, _cell(c))


def rolled_dice(white: int, red: int, waves: list[list[Any]]) -> tuple[tuple[tuple[str, Any, int], ...], ...]:
    """An attack roll as data for whoever shows it: one row a wave, each die as (colour, face, successes). The
    first row is the white (combat) dice then the red (power) ones; each later row is the POWs of the row before
    rolled again, each keeping its colour (L434-L436)."""
    kinds = ["combat"] * white + ["power"] * red
    rows = []
    for faces in waves:
        rows.append(tuple((kind, face, 1 if face == "pow" else int(face)) for kind, face in zip(kinds, faces)))
        kinds = [kind for kind, face in zip(kinds, faces) if face == "pow"]
    return tuple(rows)


class ChroniclesState(FlowState):
    game_id = "chronicles"
    PHASES = ("setup", "turn_start", "strategy", "activation", "room", "objectives", "cards", "over")
    STEPS = STEPS
    EVAL_SCALE = 70.0       # the evaluation counts a wound as 35, seen from both sides (`guardians.ai.ismcts`)

    EVENT_TEXT = {
        "setup": "{text}",
        "place": "{name} is placed at {where}.",
        "mission": "{hero} rolls the mission die: {face} — mission: {mission}.",
        "phase": "Turn {turn}: {name} phase.",
        "play": ("{hero} puts a card face down on the {side}.", "{hero} puts {card} on the {side}."),
        "initiative": ("The heroes stack their initiative cards.", "Initiative: {order}."),
        "event_st": ("Skarov puts an Event card face down on {villain}.", "Skarov puts {card} on {villain}."),
        "reveal": "Revealed: {text}.",
        "flip": "Initiative card: {hero} activates.",
        "activate": "Skarov activates {villain}.",
        "move": "{name} moves to {where}.",
        "roll": "{name} rolls {dice}: {waves} = {total} vs {against} — {outcome}.",
        "check": "{name} tries {check} ({stat}): {detail} — {outcome}.",
        "damage": "{name} takes {amount} Damage ({total} in all).",
        "heal": "{name} removes {amount} Damage.",
        "eliminated": "{name} is eliminated.",
        "door": "{door} is now {state}.",
        "event": "Skarov plays the Event {card}.",
        "draw": ("Skarov draws {count_words}.", "Skarov draws {cards}."),
        "wound": ("{hero} draws a Wound card.", "{hero} draws the Wound {card}."),
        "ko": "{hero} is knocked out!",
        "room": "Skarov lights {room}.",
        "threat": "{objective}: threat {threat}/{length}.",
        "progress": "{objective}: {progress}/{needed}.",
        "objective": "{objective} is {how}.",
        "showdown": "Every objective is settled: the Final Showdown begins!",
        "article": "The Guardians' Chronicles prints: {headline}.",
        "refresh": "{hero} takes back every Power card.",
        "spawn": "{name} arrives at {where}.",
        "end": "{text}",
    }

    # ----- set-up --------------------------------------------------------------------------------

    def __init__(self, config: GameConfig, seed: int, content: ChroniclesContent | None = None) -> None:
        super().__init__(config, seed)
        self.content = content if content is not None else load_content()
        box = self.content.box
        assert box is not None
        self.box: Box = box
        if not 2 <= config.players <= 5:
            raise ValueError("chronicles is played by 2 to 5 players: the villain and 1 to 4 heroes")
        sid = config.option("scenario", DEFAULT_SCENARIO)
        if sid not in box.scenarios:
            raise ValueError(f"unknown scenario {sid!r}")
        self.scenario: ScenarioDef = box.scenarios[sid]
        self.base = Base(self.scenario.layout, self.content.faces)
        self.n_heroes = config.players - 1
        self.rank = VARIANT_RANK.get(config.variant, "normal")
        self.open_strategy = config.variant == "open_strategy"
        self.turn_limit = int(config.option("turn_limit", self.scenario.turn_limit))
        self.dice_script: list[Any] = []
        self.init_flow("setup")
        self.turn = 0
        self.figures: dict[str, Fig] = {}
        self.villain_order: list[str] = ["skarov", *self.scenario.lieutenants, *self.scenario.minions]
        for vid in self.villain_order:
            v = box.villains[vid]
            for k in range(v.figures):
                fid = vid if v.figures == 1 else f"{vid}.{k + 1:02d}"
                self.figures[fid] = Fig(fid, vid, VILLAINS)
        self.doors = self.base.initial_doors
        self.door_tokens: dict[str, int] = {}
        self.check_tokens: dict[str, int] = {}
        self.spent: list[Cell] = []
        self.objectives: dict[str, list] = {p.face: [0, 0, ""] for p in self.scenario.layout.tiles
                                            if box.rooms[p.face].objective is not None}
        self.escort: str | None = None
        self.lights_dark: list[str] = []
        self.heroes: dict[int, HeroSeat] = {s: HeroSeat("", self.rank) for s in range(1, config.players)}
        self.v_deck: list[str] = sorted(box.event_cards)
        self.v_hand: list[str] = []
        self.v_discard: list[str] = []
        self.st: dict[str, list[str]] = {}
        self.active_events: list[str] = []
        self.wound_deck: list[str] = sorted(box.wounds)
        self.strat: Commitments | None = None
        self.initiative: list[int] = []
        self.flipped = 0
        self.slot = 0
        self.sub = "hero"
        self.started = False
        self.active_vid: str | None = None
        self.activated: list[str] = []
        self.events_played = 0
        self.modifiers: list[tuple[str, str, int, int]] = []       # (figure, stat, amount, last turn)
        self.grants: list[tuple[str, str, str]] = []               # (figure, rule, "turn" | "activation")
        self.negated: list[str] = []                               # first_hit_negated used this turn
        self.bonus: dict[str, int] = {}                            # extra actions for heroes not yet activated
        self.showdown = False
        self.escape_ok = False
        self.first_in_control: str | None = None
        self.articles: list[tuple[str, str]] = []                  # (article id, side)
        self.neutralized: list[tuple[str, int, str | None]] = []  # (face, turn, hero figure)
        self.winner: str | None = None
        self.end_reason = ""
        self.headline = ""
        self.setup_step = "minions"
        self.setup_queue: list[Any] = []
        self.rng.shuffle(self.v_deck)
        self.rng.shuffle(self.wound_deck)
        if box.rooms and any(m.kind == "hostage" for p in self.base.faces.values() for m in p.marks):
            cell = next(m.at for p in self.base.faces.values() for m in p.marks if m.kind == "hostage")
            self.figures["hostage"] = Fig("hostage", "hostage", NEUTRAL, cell)
        self._queue_minions()
        self.advance()

    # ----- names and lookups ------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        if seat == 0:
            return "Doktor Skarov"
        hero = self.heroes[seat].hero
        return self.box.heroes[hero].name if hero else f"Hero player {seat}"

    def face_name(self, face: str | None) -> str:
        return self.content.faces[face].name if face in self.content.faces else str(face)

    def place(self, cell: Any) -> str:
        """A space in words ("Rock Shelf, north-west"): what option labels and the log say, never coordinates."""
        return space_words(self.base, cell, self.face_name)

    def door_name(self, door_id: str) -> str:
        """A door or airlock in words, without an article ("door between Rock Shelf and Crusher Hall"), never its id."""
        return door_words(self.base, door_id, self.face_name)

    def fig_name(self, fid: str) -> str:
        fig = self.figures[fid]
        if fig.side == HEROES:
            return self.box.heroes[fig.card].name
        if fig.side == NEUTRAL:
            return "the Hostage"
        name = self.box.villains[fig.card].name
        return name if fid == fig.card else f"{name} {fid.rsplit('.', 1)[1]}"

    def card_name(self, card: str) -> str:
        if card in self.box.cards:
            return self.box.cards[card].name
        if card in self.box.events:
            return self.box.events[card].name
        return "a face-down card"

    def hero_fig(self, seat: int) -> Fig | None:
        hero = self.heroes[seat].hero
        return self.figures.get(hero) if hero else None

    def seat_of(self, fid: str) -> int:
        fig = self.figures[fid]
        if fig.side != HEROES:
            return 0
        return next(s for s, h in self.heroes.items() if h.hero == fig.card)

    def hero_seats(self) -> list[int]:
        return [s for s, h in self.heroes.items() if h.in_play]

    def heroes_in_play_count(self) -> int:
        return len(self.hero_seats())

    def figures_of(self, vid: str) -> list[Fig]:
        return [f for f in self.figures.values() if f.card == vid and f.cell is not None]

    def on_board(self, side: str | None = None) -> list[Fig]:
        return [f for f in self.figures.values() if f.cell is not None and (side is None or f.side == side)]

    def occupants(self) -> dict[Cell, str]:
        cached = self.__dict__.get("_occ")
        if cached is not None:
            return cached
        return {f.cell: f.side for f in self.figures.values() if f.cell is not None}

    def _freeze(self) -> None:
        """While options are listed nothing moves: keep the occupancy and the Control Room's state."""
        self.__dict__["_occ"] = None
        self.__dict__["_occ"] = self.occupants()
        self.__dict__["_cr"] = self.cr_open()

    def _thaw(self) -> None:
        self.__dict__.pop("_occ", None)
        self.__dict__.pop("_cr", None)

    def at(self, cell: Cell) -> Fig | None:
        for f in self.figures.values():
            if f.cell == cell:
                return f
        return None

    def supply(self, vid: str) -> list[str]:
        return sorted(f.id for f in self.figures.values() if f.card == vid and f.cell is None)

    def control_face(self) -> str:
        return _role_face(self.scenario, self.content, "control")

    def entrance_face(self) -> str:
        return _role_face(self.scenario, self.content, "entrance")

    def cr_open(self) -> bool:
        """Ruling Q38: the door to the Control Room is open once any airlock on its tile is open."""
        cached = self.__dict__.get("_cr")
        if cached is not None:
            return cached
        control = self.base.faces[self.control_face()].at
        return any(d.kind == "airlock" and control in d.tiles and self.doors & d.bit for d in self.base.doors)

    def lights_barred(self, fid: str) -> bool:
        """Ruling Q40: before the Control Room opens only Skarov stands on light spaces."""
        return fid != "skarov" and not self.cr_open()

    # ----- statistics and rules ----------------------------------------------------------------

    def _card_passives(self, seat: int) -> list[tuple]:
        """A hero's passive entries in force: his ID power and his permanent Special Powers in play (L230, L246)."""
        hs = self.heroes[seat]
        out = list(self.box.heroes[hs.hero].passive)
        for card, side in hs.played:
            c = self.box.cards.get(card)
            if side == "left" and c is not None and c.special is not None and c.special.timing == "permanent":
                out.extend(c.special.passive)
        return out

    def base_stat(self, fid: str, stat: str) -> int:
        fig = self.figures[fid]
        if fig.side == HEROES:
            return self.box.heroes[fig.card].ranks[self.heroes[self.seat_of(fid)].rank].get(stat, 0)
        return self.box.villains[fig.card].stats.get(stat, 0)

    def stat_mod(self, fid: str, stat: str) -> int:
        """Every modifier on a figure's statistic: Secret Techniques (L221, L296), Wounds, auras, tokens."""
        fig = self.figures[fid]
        total = sum(a for f, s, a, _ in self.modifiers if f == fid and s == stat)
        if fig.side == HEROES:
            seat = self.seat_of(fid)
            for card, side in self.heroes[seat].played:
                c = self.box.cards.get(card)
                if side == "right" and c is not None:
                    total += c.technique.get(stat, 0)
            if fig.cell is not None:
                for other in self.hero_seats():
                    of = self.hero_fig(other)
                    if of is None or of.cell is None:
                        continue
                    for name, p in self._card_passives(other):
                        if name == "aura" and p["stat"] == stat and self._aura_reaches(p["who"], of, fig):
                            total += p["amount"]
        else:
            for event in self.st.get(fig.card, ()):
                if event in self.box.events:
                    total += self.box.events[event].technique.get(stat, 0)
        return total

    def _aura_reaches(self, who: str, source: Fig, fig: Fig) -> bool:
        if who == "self":
            return source.id == fig.id
        if source.id == fig.id:
            return False
        if who == "others_in_area":
            return self.base.area_of[source.cell] == self.base.area_of[fig.cell]  # type: ignore[index]
        if who == "all_allies":
            return True
        return self.base.los(source.cell, fig.cell, self.doors)  # type: ignore[arg-type]

    def stat(self, fid: str, stat: str) -> int:
        return max(FLOORS[stat], self.base_stat(fid, stat) + self.stat_mod(fid, stat))

    def health(self, fid: str) -> int:
        return self.base_stat(fid, "health")

    def rule(self, fid: str, name: str) -> int:
        """A named rule in force for a figure (0 when not): ID power, permanent cards, grants."""
        fig = self.figures[fid]
        value = 0
        if fig.side == HEROES:
            passives = self._card_passives(self.seat_of(fid))
        elif fig.side == VILLAINS:
            passives = list(self.box.villains[fig.card].passive)
        else:
            passives = []
        for step, p in passives:
            if step == "rule" and p["name"] == name:
                value = max(value, p["value"])
        if any(f == fid and r == name for f, r, _ in self.grants):
            value = max(value, 1)
        return value

    # ----- dice --------------------------------------------------------------------------------

    def roll(self, kind: str, n: int) -> list[Any]:
        """The one place dice are rolled (spec A.6): scripted faces first when a test set them; the RNG is
        used either way so undo and digests behave as in play."""
        faces = self.box.dice[kind]
        out = []
        for _ in range(n):
            face = faces[self.rng.randrange(len(faces))]
            if self.dice_script:
                face = self.dice_script.pop(0)
            out.append(face)
        return out

    def attack_roll(self, white: int, red: int) -> tuple[int, list[list[Any]]]:
        """L434-L436: roll every die together; each POW is 1 success and is rolled again, keeping its colour."""
        pool = ["combat"] * white + ["power"] * red
        total = 0
        waves: list[list[Any]] = []
        while pool:
            faces = [self.roll(kind, 1)[0] for kind in pool]
            waves.append(faces)
            total += sum(1 if f == "pow" else f for f in faces)
            pool = [kind for kind, f in zip(pool, faces) if f == "pow"]
        return total, waves

    # ----- damage, healing, figures ------------------------------------------------------------

    def deal_damage(self, fid: str, amount: int, source: str | None = None) -> None:
        fig = self.figures[fid]
        if fig.cell is None or fig.side == NEUTRAL:
            return
        fig.damage += amount
        self.say("damage", (f"fig:{fid}",), name=self.fig_name(fid), amount=amount, total=fig.damage)
        if source is not None and source in self.figures and self.figures[source].side == HEROES:
            hs = self.heroes[self.seat_of(source)]
            if fig.card == "skarov":
                hs.bump("boss_damage")
        if fig.side == VILLAINS and fig.damage >= self.health(fid):
            # L538 "Whenever a Villain has as many Damage tokens … as his Health value, the Villain is
            # immediately eliminated from the board."
            role = self.box.villains[fig.card].role
            fig.cell = None
            fig.damage = 0
            fig.actions = 0
            self.say("eliminated", (f"fig:{fid}",), name=self.fig_name(fid))
            if source is not None and source in self.figures and self.figures[source].side == HEROES:
                self.heroes[self.seat_of(source)].bump(f"elim_{role}")
            if fid == "skarov":
                self.end_game("heroes", "Doktor Skarov is beaten and arrested")

    def heal(self, fid: str, amount: int) -> None:
        fig = self.figures[fid]
        healed = min(amount, fig.damage)
        if healed:
            fig.damage -= healed
            self.say("heal", (f"fig:{fid}",), name=self.fig_name(fid), amount=healed)

    def add_modifier(self, fid: str, stat: str, amount: int, until: str) -> None:
        self.modifiers.append((fid, stat, amount, self.turn + (1 if until == "next_turn" else 0)))

    def add_grant(self, fid: str, rule: str, until: str) -> None:
        self.grants.append((fid, rule, until))

    def give_actions(self, fid: str, amount: int) -> None:
        fig = self.figures[fid]
        if fig.side == HEROES and not self.heroes[self.seat_of(fid)].activated:
            self.bonus[fid] = self.bonus.get(fid, 0) + amount
        else:
            fig.actions += amount

    def move_figure(self, fid: str, cell: Cell) -> None:
        fig = self.figures[fid]
        fig.cell = cell
        self.say("move", (f"fig:{fid}", _cell(cell)), name=self.fig_name(fid), x=cell[0], y=cell[1],
                 where=self.place(cell))
        if fig.side == HEROES and self.first_in_control is None and self.base.face_of[cell] == self.control_face():
            self.first_in_control = fid
        if fid == self.escort:
            self._follow(fid)

    def push_figure(self, fid: str, cell: Cell) -> None:
        self.move_figure(fid, cell)

    def remove_figure(self, fid: str) -> None:
        fig = self.figures[fid]
        if fig.cell is None:
            return
        fig.cell = None
        fig.damage = 0
        self.say("eliminated", (f"fig:{fid}",), name=self.fig_name(fid))
        if fid == "skarov":
            self.end_game("heroes", "Doktor Skarov is beaten and arrested")

    def can_be_pushed(self, fid: str) -> bool:
        fig = self.figures[fid]
        return fig.cell is not None and fig.side != NEUTRAL and not self.rule(fid, "unpushable")

    def push_cells(self, origin: str | None, fid: str) -> list[Cell]:
        """Ruling Q27: one step to a free adjacent space farther from the pusher (any free adjacent space when
        nobody pushes, as a trap does); never across a closed door or onto a barred light."""
        fig = self.figures[fid]
        assert fig.cell is not None
        occ = self.occupants()
        if origin is not None and self.figures[origin].cell is not None:
            return list(self.base.push_destinations(self.figures[origin].cell, fig.cell, occ, self.doors,  # type: ignore[arg-type]
                                                    lights_barred=self.lights_barred(fid)))
        barred = self.base.light_cells if self.lights_barred(fid) else frozenset()
        return [c for c in self.base.neighbours(fig.cell, self.doors) if c not in occ and c not in barred]

    def pull_cells(self, fid: str, face: str | None, anchor: str) -> list[Cell]:
        fig = self.figures[fid]
        placed = self.base.faces.get(face or "")
        if placed is None or fig.cell is None:
            return []
        spot = next((m.at for m in placed.marks if m.kind == "anchor" and m.name == anchor), None)
        if spot is None:
            return []
        occ = self.occupants()
        barred = self.base.light_cells if self.lights_barred(fid) else frozenset()
        here = chebyshev(fig.cell, spot)
        return [c for c in self.base.neighbours(fig.cell, self.doors)
                if c not in occ and c not in barred and chebyshev(c, spot) < here]

    def move_cells(self, fid: str, ignore_enemies: bool = False, areas: int | None = None,
                   speed: int | None = None) -> list[Cell]:
        """A Move (L372-L414) with the board's rules; powers may waive the enemy stop or cap the areas."""
        fig = self.figures[fid]
        assert fig.cell is not None
        spd = self.stat(fid, "speed") if speed is None else speed
        if areas is not None:
            spd = min(spd, areas) if spd else areas
        return list(self.base.move_destinations(
            fig.cell, fig.side, spd, self.occupants(), self.doors, lights_barred=self.lights_barred(fid),
            enemy_stop=not (ignore_enemies or self.rule(fid, "ignore_enemy_stop")),
            exit_stop=not (ignore_enemies or self.rule(fid, "no_exit_stop"))))

    def reposition_cells(self, fid: str) -> list[Cell]:
        fig = self.figures[fid]
        assert fig.cell is not None
        return list(self.base.reposition_destinations(fig.cell, self.occupants(),
                                                      lights_barred=self.lights_barred(fid)))

    def place_cells(self, fid: str, within: int) -> list[Cell]:
        fig = self.figures[fid]
        assert fig.cell is not None
        occ = self.occupants()
        barred = self.base.light_cells if self.lights_barred(fid) else frozenset()
        if within:
            cells = self.base.within(fig.cell, within, self.doors)
        else:
            cells = tuple(c for c in self.base.cells if c != fig.cell and self.base.los(fig.cell, c, self.doors))
        return [c for c in cells if c not in occ and c not in barred]

    # ----- attacks -----------------------------------------------------------------------------

    def attack_targets(self, fid: str, mode: str) -> list[str]:
        """Melee: enemies in adjacent spaces joined by a straight line (L424). Ranged: a line of sight with no
        wall, closed door or enemy on it (L430); never a figure that ranged attacks cannot target."""
        fig = self.figures[fid]
        if fig.cell is None:
            return []
        out = []
        occ = self.occupants() if mode == "ranged" else None
        for other in self.figures.values():
            if other.cell is None or other.side in (fig.side, NEUTRAL):
                continue
            if mode == "melee":
                if self.base.adjacent(fig.cell, other.cell, self.doors):
                    out.append(other.id)
            elif not self.rule(other.id, "no_ranged_against") and \
                    self.base.ranged_los(fig.cell, other.cell, self.doors, occ, fig.side):  # type: ignore[arg-type]
                out.append(other.id)
        return sorted(out)

    def strike_steps(self, attacker: str, target: str, mode: str, p: dict) -> tuple:
        params = {"attacker": attacker, "target": target, "mode": mode, "dice": p.get("dice"),
                  "red": p.get("red", 0), "push": p.get("push", 0)}
        return (("strike", params),)

    def attack_pool(self, attacker: str, target: str | None, mode: str, dice: int | None = None,
                    red: int = 0) -> tuple[int, int]:
        """L434 / ruling Q12: the Combat value in white dice; a net positive modifier adds that many red dice,
        a net negative one removes white dice (never below 0); a card may add red dice of its own."""
        net = self.stat_mod(attacker, "combat")
        base = self.base_stat(attacker, "combat") if dice is None else dice
        white = max(0, base + min(0, net))
        if mode == "ranged" and target is not None and self.rule(target, "ranged_dice_minus"):
            white = max(0, white - self.rule(target, "ranged_dice_minus"))
        return white, max(0, net) + red

    def resolve_attack(self, attacker: str, target: str, mode: str, dice: int | None = None, red: int = 0,
                       push: int = 0) -> int:
        """One attack roll (L434-L438, ruling Q12); returns how many push steps the attacker may take."""
        a, t = self.figures[attacker], self.figures[target]
        if a.cell is None or t.cell is None:
            return 0
        white, reds = self.attack_pool(attacker, target, mode, dice, red)
        total, waves = self.attack_roll(white, reds)
        defense = self.stat(target, "defense")
        hit = total >= defense
        self.say("roll", (f"fig:{attacker}", f"fig:{target}"), name=self.fig_name(attacker),
                 dice=f"{white} white + {reds} red", waves=" | ".join(",".join(map(str, w)) for w in waves) or "-",
                 total=total, against=f"Defense {defense}", outcome="HIT" if hit else "miss",
                 wave_faces=tuple(tuple(w) for w in waves), hit=hit, white=white, red=reds, defense=defense,
                 rolled=rolled_dice(white, reds, waves))
        if not hit:
            return 0
        if self.rule(target, "first_hit_negated") and target not in self.negated:
            self.negated.append(target)
            self.say("end", (f"fig:{target}",), text=f"The hit on {self.fig_name(target)} is negated.")
            return 0
        amount = self.rule(attacker, "melee_damage") if mode == "melee" and self.rule(attacker, "melee_damage") else 1
        self.deal_damage(target, amount, source=attacker)
        if self.figures[target].cell is None or not self.can_be_pushed(target):
            return 0
        return max(1, push) + self.rule(attacker, "push_extra")

    # ----- checks ------------------------------------------------------------------------------

    def check_value(self, fid: str, stat: str) -> int:
        return self.stat(fid, stat)

    def reactive_check(self, fid: str, stat: str, dice: int, plus_heroes: bool) -> bool:
        add = self.heroes_in_play_count() if plus_heroes else 0
        faces = self.roll("check", dice)
        result = sum(faces) + add
        ok = result <= self.stat(fid, stat)
        self.say("check", (f"fig:{fid}",), name=self.fig_name(fid), check="a reflex check", stat=stat,
                 detail=f"{'+'.join(map(str, faces))}{f' +{add}' if add else ''} = {result} vs {self.stat(fid, stat)}",
                 outcome="success" if ok else "failure", success=ok, faces=tuple(faces), bonus=add, tokens=0,
                 result=result, value=self.stat(fid, stat), automatic=False)
        return ok

    def run_check(self, fid: str, key: str, dice: int, add: int, stat: str, label: str, dice_minus: int = 0) -> bool:
        """A value check (L460-L466, rulings Q32-Q35): roll `dice` orange dice, add, minus the -1 tokens; a
        success is at most the check value. At 0 difficulty it succeeds unrolled (still an action). A failure
        leaves a -1 token; a success clears them."""
        tokens = self.check_tokens.get(key, 0)
        value = self.check_value(fid, stat)
        n = max(1, dice - dice_minus) if dice > 0 else 0
        faces: list[int] = []
        result: int | None = None
        automatic = dice + add - tokens <= 0
        if automatic:
            ok, detail = True, "difficulty 0, automatic"
        else:
            faces = self.roll("check", n)
            result = sum(faces) + add - tokens
            ok = result <= value
            detail = f"{'+'.join(map(str, faces))} +{add} -{tokens} = {result} vs {value}"
        self.say("check", (f"fig:{fid}",), name=self.fig_name(fid), check=label, stat=stat, detail=detail,
                 outcome="success" if ok else "failure", success=ok, key=key, faces=tuple(faces), bonus=add,
                 tokens=tokens, result=result, value=value, automatic=automatic)
        if ok:
            self.check_tokens.pop(key, None)
            self.heroes[self.seat_of(fid)].bump("checks")
        else:
            self.check_tokens[key] = tokens + 1
        return ok

    def room_checks(self, fid: str) -> list[tuple]:
        """The room checks a hero may try now: (face, check, mark cell, stat)."""
        fig = self.figures[fid]
        out = []
        if fig.cell is None:
            return out
        occ = self.occupants()
        ranged = self._has_ranged_power(fid)
        for face, placed in self.base.faces.items():
            room = self.box.rooms[face]
            if not room.checks:
                continue
            if face in self.objectives and self.objectives[face][2]:
                continue
            if room.disarm is not None and face in self.lights_dark:
                continue
            for mark in placed.marks:
                if mark.kind != "check" or mark.check not in room.checks:
                    continue
                check = room.checks[mark.check]
                if check.per_mark and mark.at in self.spent:
                    continue
                holder = occ.get(mark.at)
                if holder == VILLAINS:                 # ruling Q59: a guard on the orange space stops the check
                    continue
                here = fig.cell == mark.at or (
                    self.rule(fid, "check_from_area") and self.base.area_of[fig.cell] == self.base.area_of[mark.at]
                    and holder is None) or (
                    self.rule(fid, "check_from_los") and holder is None
                    and self.base.los(fig.cell, mark.at, self.doors))
                for stat in check.stats:
                    far = (stat == "combat" and check.ranged and ranged and holder is None
                           and self.base.ranged_los(fig.cell, mark.at, self.doors, occ, HEROES))
                    if here or far:
                        out.append((face, check.id, mark.at, stat))
        return out

    def _has_ranged_power(self, fid: str) -> bool:
        """L466/L490: a Power that lets the hero make a ranged attack is in play (or a ranged rule)."""
        fig = self.figures[fid]
        if fig.side != HEROES:
            return False
        if self.rule(fid, "ranged"):
            return True
        for card, side in self.heroes[self.seat_of(fid)].played:
            c = self.box.cards.get(card)
            if side == "left" and c is not None and c.special is not None and any(
                    n == "attack" and p.get("mode") == "ranged" for n, p in c.special.effect):
                return True
        return False

    def door_locked(self, door: Any) -> bool:
        """Ruling Q37: an airlock cannot be checked until its condition holds."""
        lock = door.locked_until
        if door.kind != "airlock" or lock is None:
            return False
        if lock == "showdown":
            return not self.showdown
        if lock == "never":
            return True
        face = lock.split(":", 1)[1]
        return not (face in self.objectives and self.objectives[face][2])

    def door_checks(self, fid: str) -> list[tuple[str, str]]:
        """L485-L490: from a front space, an Attack or Mental check; an Attack check from afar with a ranged
        power and a clear line to a front space."""
        fig = self.figures[fid]
        out = []
        if fig.cell is None:
            return out
        occ = self.occupants()
        ranged = self._has_ranged_power(fid)
        for door in self.base.doors:
            if self.doors & door.bit or self.door_locked(door):
                continue
            diff = self.scenario.doors.get(door.id, {})
            for stat in ("combat", "mental"):
                if stat not in diff:
                    continue
                if fig.cell in door.cells or (stat == "combat" and ranged and any(
                        self.base.ranged_los(fig.cell, c, self.doors, occ, HEROES) for c in door.cells)):
                    out.append((door.id, stat))
        return out

    def open_door(self, door_id: str) -> None:
        door = self.base.door_by_id[door_id]
        self.doors |= door.bit
        for stat in ("combat", "mental"):
            self.check_tokens.pop(f"door.{door_id}.{stat}", None)
        self.say("door", (f"door:{door_id}",), door=f"The {self.door_name(door_id)}", state="open")

    def close_door(self, door_id: str) -> None:
        door = self.base.door_by_id[door_id]
        self.doors &= ~door.bit
        for stat in ("combat", "mental"):
            self.check_tokens.pop(f"door.{door_id}.{stat}", None)
        self.say("door", (f"door:{door_id}",), door=f"The {self.door_name(door_id)}", state="closed")

    def closable_doors(self) -> list[str]:
        occ = self.occupants()
        return [d.id for d in self.base.doors
                if d.kind == "door" and self.doors & d.bit and not any(c in occ for c in d.cells)]

    # ----- choices for effects ------------------------------------------------------------------

    def hero_choices(self, frame: Frame, flt: dict) -> list[str]:
        me = frame.env.get("self")
        mine = self.figures[me].cell if me in self.figures else None
        out = []
        for seat in self.hero_seats():
            fig = self.hero_fig(seat)
            if fig is None or fig.cell is None:
                continue
            if flt.get("not_self") and fig.id == me:
                continue
            if flt.get("not_activated") and self.heroes[seat].activated:
                continue
            if flt.get("in_area_of_self") and (mine is None or self.base.area_of[mine] != self.base.area_of[fig.cell]):
                continue
            if flt.get("los_from_self") and (mine is None or not self.base.los(mine, fig.cell, self.doors)):
                continue
            if flt.get("seen_by_villains") and not any(
                    self.base.los(v.cell, fig.cell, self.doors) for v in self.on_board(VILLAINS)):  # type: ignore[arg-type]
                continue
            out.append(fig.id)
        return sorted(out)

    def villain_choices(self, frame: Frame, flt: dict) -> list[str]:
        me = frame.env.get("self")
        mine = self.figures[me].cell if me in self.figures else None
        out = []
        for fig in self.on_board(VILLAINS):
            role = self.box.villains[fig.card].role
            want = flt.get("role")
            if want == "not_boss" and role == "boss":
                continue
            if want in ("minion", "lieutenant", "boss") and role != want:
                continue
            if flt.get("damaged") and not fig.damage:
                continue
            if flt.get("los_from_self") and (mine is None or not self.base.los(mine, fig.cell, self.doors)):  # type: ignore[arg-type]
                continue
            out.append(fig.id)
        return sorted(out)

    def area_choices(self, frame: Frame, among: str) -> list[str]:
        if among == "here":
            face = frame.env.get("here")
            return sorted(a for a, area in self.base.areas.items() if area.face == face)
        return sorted({self.base.area_of[f.cell] for f in self.on_board(HEROES)})  # type: ignore[index]

    def heroes_where(self, frame: Frame, where: str, letter: str | None, of: str | None) -> list[str]:
        heroes = [f for f in self.on_board(HEROES)]
        here = frame.env.get("here")
        if where == "tile":
            heroes = [f for f in heroes if self.base.face_of[f.cell] == here]  # type: ignore[index]
        elif where == "area":
            area = f"{here}.{letter}" if letter is not None else frame.env.get(of or "")
            heroes = [f for f in heroes if self.base.area_of[f.cell] == area]  # type: ignore[index]
        elif where == "adjacent":
            ref = frame.env.get(of or "")
            cell = self.figures[ref].cell if ref in self.figures else None
            heroes = [f for f in heroes if cell is not None and self.base.adjacent(cell, f.cell, self.doors)]  # type: ignore[arg-type]
        return sorted(f.id for f in heroes)

    def compiled(self, steps: tuple) -> tuple:
        return steps

    # ----- spawns, threats, objectives ---------------------------------------------------------

    def spawn_faces(self, onto: str) -> list[str]:
        return sorted(f for f in self.base.faces if self._spawn_cells(f, onto))

    def _spawn_cells(self, face: str, onto: str) -> list[Cell]:
        occ = self.occupants()
        placed = self.base.faces[face]
        if onto == "reinforcement":
            cells = [m.at for m in placed.marks if m.kind == "reinforcement"]
        else:
            hero_areas = {self.base.area_of[f.cell] for f in self.on_board(HEROES)}  # type: ignore[index]
            cells = [c for c in placed.spaces if self.base.area_of[c] not in hero_areas]
        return sorted((c for c in cells if c not in occ and c not in self.base.light_cells),
                      key=lambda c: (c[1], c[0]))

    def spawn(self, vid: str, count: int, face: str | None, onto: str) -> None:
        """Minions from the supply (R3: none left, none come) onto free spaces, in reading order."""
        if face is None or face not in self.base.faces:
            return
        for _ in range(count):
            cells = self._spawn_cells(face, onto)
            supply = self.supply(vid)
            if not cells or not supply:
                return
            fig = self.figures[supply[0]]
            fig.cell = cells[0]
            fig.damage = 0
            self.say("spawn", (f"fig:{fig.id}", _cell(cells[0])), name=self.fig_name(fig.id), x=cells[0][0],
                     y=cells[0][1], where=self.place(cells[0]))

    def unsettled(self) -> list[str]:
        return [f for f, o in self.objectives.items() if not o[2]]

    def add_threat(self, face: str | None, by: int) -> None:
        if face not in self.objectives or self.objectives[face][2]:
            return
        o = self.objectives[face]
        obj = self.box.rooms[face].objective
        assert obj is not None
        o[1] = min(obj.length, o[1] + by)
        self.say("threat", (f"tile:{face}",), objective=self.face_name(face), threat=o[1], length=obj.length)
        if o[1] >= obj.length:
            self.settle(face, "villain", None)

    def add_progress(self, face: str | None, by: int, fid: str | None) -> None:
        if face not in self.objectives or self.objectives[face][2]:
            return
        o = self.objectives[face]
        obj = self.box.rooms[face].objective
        assert obj is not None
        o[0] = min(obj.needed, o[0] + by)
        self.say("progress", (f"tile:{face}",), objective=self.face_name(face), progress=o[0], needed=obj.needed)
        if o[0] >= obj.needed:
            self.settle(face, "heroes", fid)

    def settle(self, face: str, side: str, fid: str | None) -> None:
        """L552: the objective's article goes to the side that settled it; the last one starts the Final
        Showdown at once (L542, ruling Q42)."""
        o = self.objectives[face]
        obj = self.box.rooms[face].objective
        assert obj is not None
        o[2] = side
        self.say("objective", (f"tile:{face}",), objective=self.face_name(face),
                 how="neutralized by the Liberty Patrol" if side == "heroes" else "met by Doktor Skarov")
        self.add_article(obj.articles[side], side)
        if side == "heroes":
            self.neutralized.append((face, self.turn, fid))
            if fid is not None and fid in self.figures and self.figures[fid].side == HEROES:
                self.heroes[self.seat_of(fid)].bump("neutralized")
        if face == next((f for f, _ in self.objectives.items() if self.box.rooms[f].objective and
                         self.box.rooms[f].objective.escort), None) and self.figures.get("hostage"):  # type: ignore[union-attr]
            self.escort = None
            self.figures["hostage"].cell = None
        if not self.showdown and not self.unsettled():
            self.showdown = True
            self.say("showdown", ())

    def add_article(self, aid: str, side: str, headline: str | None = None) -> None:
        self.articles.append((aid, side))
        text = headline or (self.box.newspaper.articles[aid][1] if aid in self.box.newspaper.articles else aid)
        self.say("article", (), headline=text, article=aid, side=side)

    def free_hostage(self, fid: str | None) -> None:
        if fid is None or "hostage" not in self.figures:
            return
        self.escort = fid
        self._follow(fid)

    def _follow(self, fid: str) -> None:
        """The freed hostage follows her escort: after his moves she stands in his area, else next to him (spec
        §3.6, Hostage Cell)."""
        hostage = self.figures.get("hostage")
        hero = self.figures[fid]
        if hostage is None or hostage.cell is None or hero.cell is None:
            return
        area = self.base.area_of[hero.cell]
        if self.base.area_of[hostage.cell] == area:
            return
        occ = self.occupants()
        free = [c for c in self.base.areas[area].spaces if c not in occ and c not in self.base.light_cells]
        if not free:
            free = [c for c in self.base.neighbours(hero.cell, self.doors) if c not in occ
                    and c not in self.base.light_cells]
        if free:
            hostage.cell = free[0]

    def _escort_home(self) -> None:
        """The escort who stands on the Entrance tile with the hostage in his area neutralizes the Hostage
        objective."""
        if self.escort is None:
            return
        hero, hostage = self.figures[self.escort], self.figures.get("hostage")
        if hero.cell is None or hostage is None or hostage.cell is None:
            return
        if self.base.face_of[hero.cell] == self.entrance_face() and \
                self.base.area_of[hero.cell] == self.base.area_of[hostage.cell]:
            face = next(f for f in self.objectives if self.box.rooms[f].objective.escort)  # type: ignore[union-attr]
            self.add_progress(face, 1, self.escort)

    # ----- the villain's cards ------------------------------------------------------------------

    def draw_events(self, n: int) -> None:
        """L328: an empty pile is refilled from the discard; both empty, no card (ruling Q52)."""
        drawn = []
        for _ in range(n):
            if not self.v_deck and self.v_discard:
                self.v_deck = sorted(self.v_discard)
                self.v_discard = []
                self.rng.shuffle(self.v_deck)
            if not self.v_deck:
                break
            drawn.append(self.v_deck.pop())
        self.v_hand = sorted(self.v_hand + drawn)
        if drawn:
            self.say("draw", (), seats=(0,), secret={"cards": ", ".join(self.card_name(c) for c in drawn)},
                     count=len(drawn), count_words=counted(len(drawn), "Event card"))

    def lit_rooms(self) -> list[str]:
        if self.cr_open():
            return []
        return [face for _, face in sorted(self.scenario.lights.items()) if face not in self.lights_dark]

    def room_steps(self, face: str) -> tuple:
        return self.box.rooms[face].activation

    # ----- villain ID cards in play --------------------------------------------------------------

    def villain_cards_in_play(self) -> list[str]:
        """Ruling Q20: an ID card with a figure on the board; Skarov once the Control Room is open (L364)."""
        out = []
        for vid in self.villain_order:
            if not self.figures_of(vid):
                continue
            if vid == "skarov" and not self.cr_open():
                continue
            out.append(vid)
        return out

    def event_limit(self) -> int:
        """L294/L298: as many Event cards as there are Heroes still in play."""
        return self.heroes_in_play_count()

    # ----- the end ------------------------------------------------------------------------------

    def end_game(self, side: str, reason: str) -> None:
        """The showdown article (L554), the heroes' praise (L552) and the headline (ruling Q48)."""
        if self.winner is not None:
            return
        news = self.box.newspaper
        if side == "villain":
            for face in self.unsettled():               # ruling Q46/Q47: unsettled objectives are met
                obj = self.box.rooms[face].objective
                assert obj is not None
                self.objectives[face][2] = "villain"
                self.add_article(obj.articles["villain"], "villain")
            self.add_article("escape", "villain", news.escape)
        else:
            self.add_article("arrest", "heroes", news.arrest)
        for seat, hs in sorted(self.heroes.items()):
            if hs.in_play and self.mission_done(seat):
                self.add_article(f"praise_{hs.hero}", "heroes", news.praise[hs.hero])
        margin = self.margin()
        self.winner = "heroes" if margin > 0 else "villain" if margin < 0 else side
        self.headline = self.pick_headline(margin)
        self.end_reason = reason
        self.say("end", (), text=f"{reason}. Headline: {self.headline}")
        self.phase = "over"
        self.pending = None
        self.stack = []

    def margin(self) -> int:
        return sum(1 if side == "heroes" else -1 for _, side in self.articles)

    def pick_headline(self, margin: int) -> str:
        for h in self.box.newspaper.headlines:
            if h.get("min", -99) <= margin <= h.get("max", 99):
                return h["title"]
        return ""

    def mission_done(self, seat: int) -> bool:
        hs = self.heroes[seat]
        hero = self.box.heroes[hs.hero]
        mission = next((m for m in hero.missions if m.id == hs.mission), None)
        if mission is None:
            return False
        g = mission.goal
        c = hs.counters
        kind = g["kind"]
        count = g.get("count", 1)
        if kind == "neutralize":
            done = [n for n in self.neutralized if (g.get("anyone") or n[2] == hs.hero)
                    and n[1] <= g.get("by_turn", 999)]
            return len(done) >= count
        if kind == "eliminate":
            return c.get(f"elim_{g['role']}", 0) >= count
        if kind == "no_ko":
            return all(h.in_play for h in self.heroes.values())
        if kind == "doors":
            return c.get(f"door_{g['stat']}", 0) >= count
        if kind == "damage_boss":
            return c.get("boss_damage", 0) > 0
        if kind == "first_in_control":
            return self.first_in_control == hs.hero
        if kind == "no_wound":
            return c.get("wounds", 0) == 0
        return c.get("checks", 0) >= count

    def knock_out(self, seat: int) -> None:
        """L536 / ruling Q30: the figure leaves, the shaming article is printed (L552)."""
        hs = self.heroes[seat]
        if not hs.in_play:
            return
        hs.in_play = False
        fig = self.figures[hs.hero]
        fig.cell = None
        self.say("ko", (f"fig:{hs.hero}",), hero=self.fig_name(hs.hero))
        self.add_article(f"shame_{hs.hero}", "villain", self.box.newspaper.shame[hs.hero])
        if self.escort == hs.hero:
            self.escort = None
        if self.showdown:
            self.escape_ok = True                       # L542, ruling Q43
        if not self.hero_seats():
            self.end_game("villain", "Every hero is knocked out")

    @property
    def result(self) -> Result | None:
        if self.winner is None:
            return None
        heroes = sum(1 for _, s in self.articles if s == "heroes")
        villain = len(self.articles) - heroes
        seats = range(self.config.players)
        scores = tuple(villain if s == 0 else heroes for s in seats)
        winners = (0,) if self.winner == "villain" else tuple(s for s in seats if s > 0)
        return Result(winners, f"{self.end_reason} — {self.headline}", scores)

    def _game_over(self) -> bool:
        return self.winner is not None

    # ----- phases --------------------------------------------------------------------------------

    def _queue_minions(self) -> None:
        """L109-L111: one minion on each reinforcement space used with this many heroes (ruling Q1/Q2)."""
        for p in self.scenario.layout.tiles:
            for cell in self.base.reinforcement_spaces(p.face, self.n_heroes):
                self.setup_queue.append(("minion", cell))
        objectives = [p.face for p in self.scenario.layout.tiles if self.content.faces[p.face].role == "objective"]
        for face in objectives:
            self.setup_queue.append(("lt", face))
        self.setup_queue.append(("lt_extra", None))
        self.setup_queue.append(("skarov", None))
        self.setup_queue.append(("events", None))
        for seat in sorted(self.heroes):
            self.setup_queue.append(("hero", seat))
            self.setup_queue.append(("mission", seat))
            self.setup_queue.append(("start", seat))

    def _phase_setup(self) -> None:
        while self.setup_queue:
            kind, data = self.setup_queue[0]
            if kind == "minion":
                types = [m for m in self.scenario.minions if self.supply(m)]
                if self.at(data) is not None or not types:
                    self.setup_queue.pop(0)
                    continue
                if len(types) == 1:
                    self.setup_queue.pop(0)
                    self._place(self.supply(types[0])[0], data)
                    continue
                self.pending = Pending("place_minion", 0, data)
                return
            if kind == "lt":
                if not self._lt_cells(data) or not self._lts_left():
                    self.setup_queue.pop(0)
                    continue
                self.pending = Pending("place_lt", 0, data)
                return
            if kind == "lt_extra":
                if not self._lts_left() or not self._extra_cells():
                    self.setup_queue.pop(0)
                    continue
                self.pending = Pending("place_lt", 0, None)
                return
            if kind == "skarov":
                self.pending = Pending("place_skarov", 0, None)
                return
            self.setup_queue.pop(0)
            if kind == "events":
                self.draw_events(self.n_heroes)          # L117
            elif kind == "hero":
                picks = tuple(self.config.option("heroes", ()) or ())    # option: hero ids, seat 1 first
                preset = picks[data - 1] if data - 1 < len(picks) else None
                taken = {h.hero for h in self.heroes.values()}
                if preset in self.box.heroes and preset not in taken:
                    self._take_hero(data, preset)
                else:
                    self.setup_queue.insert(0, ("hero_pick", data))
            elif kind == "hero_pick":
                pass
            elif kind == "mission":
                self._roll_mission(data)
            elif kind == "start":
                self.setup_queue.insert(0, ("start_pick", data))
                self.pending = Pending("place_hero", data, None)
                return
            if self.setup_queue and self.setup_queue[0][0] == "hero_pick":
                self.pending = Pending("pick_hero", self.setup_queue[0][1], None)
                return
        self.phase = "turn_start"

    def _place(self, fid: str, cell: Cell) -> None:
        fig = self.figures[fid]
        fig.cell = cell
        self.say("place", (f"fig:{fid}", _cell(cell)), name=self.fig_name(fid), x=cell[0], y=cell[1],
                 where=self.place(cell))

    def _lts_left(self) -> list[str]:
        return [lt for lt in self.scenario.lieutenants if self.figures[lt].cell is None]

    def _lt_cells(self, face: str) -> list[Cell]:
        occ = self.occupants()
        return [c for c in self.base.faces[face].spaces if c not in occ and c not in self.base.light_cells]

    def _extra_cells(self) -> list[Cell]:
        """Ruling Q3: leftover lieutenants go on a tile without one, not the Entrance or the Control Room."""
        with_lt = {self.base.face_of[self.figures[lt].cell] for lt in self.scenario.lieutenants  # type: ignore[index]
                   if self.figures[lt].cell is not None}
        out: list[Cell] = []
        for p in self.scenario.layout.tiles:
            if self.content.faces[p.face].role in ("objective", "trap") and p.face not in with_lt:
                out += self._lt_cells(p.face)
        return out

    def _take_hero(self, seat: int, hero: str) -> None:
        hs = self.heroes[seat]
        hs.hero = hero
        hs.hand = sorted(self.box.heroes[hero].deck(hs.rank))
        self.figures[hero] = Fig(hero, hero, HEROES)
        self.say("setup", (f"hero:{hero}",), text=f"{self.seat_name(seat)} joins the Liberty Patrol ({hs.rank}).")

    def _roll_mission(self, seat: int) -> None:
        """L125: a die roll picks the Personal Mission (ruling Q5: public)."""
        hs = self.heroes[seat]
        face = self.roll("combat", 1)[0]
        number = self.box.mission_map[str(face)]
        mission = self.box.heroes[hs.hero].missions[number - 1]
        hs.mission = mission.id
        self.say("mission", (f"hero:{hs.hero}",), hero=self.seat_name(seat), face=face, mission=mission.text)

    def _phase_turn_start(self) -> None:
        """R32: a new turn: hands refreshed (L274), then the 3-Wound check (L536)."""
        self.turn += 1
        self.say("phase", (), turn=self.turn, name="Strategy")
        for seat in self.hero_seats():
            hs = self.heroes[seat]
            if not any(c in self.box.cards and self.box.cards[c].deck != "wound" for c in hs.hand):
                hs.hand = sorted(hs.hand + hs.discard)
                hs.discard = []
                self.say("refresh", (), hero=self.seat_name(seat))
        for seat in self.hero_seats():
            if self._wounds_in_hand(seat) >= WOUNDS_TO_KO:
                self.knock_out(seat)
        if self.winner is not None:
            return
        for hs in self.heroes.values():
            hs.played = []
            hs.uniques = []
            hs.activated = False
        self.st = {}
        self.initiative = []
        self.flipped = 0
        self.strat = Commitments(order=[*self.hero_seats(), 0], hidden=not self.open_strategy)
        self.phase = "strategy"

    def _wounds_in_hand(self, seat: int) -> int:
        return sum(1 for c in self.heroes[seat].hand if c not in self.box.cards or self.box.cards[c].deck == "wound")

    def _phase_strategy(self) -> None:
        strat = self.strat
        assert strat is not None
        seat = strat.next_seat()
        if seat is not None and seat != 0:
            self.pending = Pending("power", seat, None)
            return
        if not self.initiative:
            self.pending = Pending("initiative", min(self.hero_seats()), None)
            return
        if seat == 0:
            if strat.status(0) == "waiting":
                strat.begin(0)
            self.pending = Pending("event_st", 0, None)
            return
        self._reveal()

    def _reveal(self) -> None:
        """L332: every Power and Event card is revealed; a revealed Weakness heals (L282, ruling Q31)."""
        assert self.strat is not None
        self.strat.reveal()
        self.mark_revealed()
        parts = []
        for seat in self.hero_seats():
            hs = self.heroes[seat]
            parts.append(f"{self.seat_name(seat)}: " + ", ".join(f"{self.card_name(c)} ({s})" for c, s in hs.played))
            if any(self.box.cards[c].weakness for c, s in hs.played if c in self.box.cards):
                fig = self.figures[hs.hero]
                self.heal(fig.id, min(fig.damage, self.health(fig.id)))
        for vid, cards in sorted(self.st.items()):
            parts.append(f"{self.box.villains[vid].name}: " + ", ".join(self.card_name(c) for c in cards))
        self.say("reveal", (), text="; ".join(parts))
        self.phase = "activation"
        self.slot = 0
        self.sub = "hero"
        self.started = False
        self.activated = []
        self.active_vid = None
        self.say("phase", (), turn=self.turn, name="Activation")

    def _phase_activation(self) -> None:
        if self.sub == "hero":
            if self.slot >= len(self.initiative):
                self.phase = "room"
                self.say("phase", (), turn=self.turn, name="End of turn")
                return
            seat = self.initiative[self.slot]
            hs = self.heroes[seat]
            fig = self.figures[hs.hero]
            if not self.started:
                self.started = True
                self.flipped = self.slot + 1
                hs.activated = True
                self.mark_revealed()
                fig.actions = HERO_ACTIONS + self.bonus.pop(fig.id, 0) if hs.in_play else 0
                self.say("flip", (f"hero:{hs.hero}",), hero=self.seat_name(seat))
            else:
                self._after_hero_action(fig.id)
            if fig.actions > 0 and fig.cell is not None and hs.in_play:
                self.pending = Pending("hero", seat, None)
                return
            fig.actions = 0
            self._end_activation()
            self.sub = "villain"
            return
        if self.active_vid is None:
            cards = [v for v in self.villain_cards_in_play() if v not in self.activated]
            if not cards:
                self.draw_events(1)                       # L360, rulings Q19/Q20
                self._next_slot()
                return
            self.pending = Pending("activate", 0, None)
            return
        self.pending = Pending("villain", 0, None)

    def _after_hero_action(self, fid: str) -> None:
        self._escort_home()

    def _end_activation(self) -> None:
        self.grants = [g for g in self.grants if g[2] != "activation"]
        for fig in self.figures.values():
            fig.actions = 0

    def _next_slot(self) -> None:
        self.v_discard += self.active_events
        self.active_events = []
        self._end_activation()
        self.active_vid = None
        self.events_played = 0
        self.slot += 1
        self.sub = "hero"
        self.started = False

    def _phase_room(self) -> None:
        """L518: while the Control Room is closed Skarov may light one room (optional, ruling Q39)."""
        if self.lit_rooms():
            self.pending = Pending("room", 0, None)
            return
        self.phase = "objectives"

    def _phase_objectives(self) -> None:
        """L524 / ruling Q41: each unsettled objective's threat rises; its end-of-turn steps run."""
        self.phase = "cards"
        for face in reversed(self.unsettled()):
            obj = self.box.rooms[face].objective
            assert obj is not None
            steps = (("threat", {"by": 1}),) + obj.end_of_turn
            self.stack.append(Frame(steps, 0, {"here": face, "self": None}))

    def _phase_cards(self) -> None:
        """L528-L536: cards played are discarded, Skarov draws 2, Damage turns into Wounds."""
        for seat, hs in self.heroes.items():
            hs.discard += [c for c, _ in hs.played]
            hs.played = []
        for vid in sorted(self.st):
            self.v_discard += self.st[vid]
        self.st = {}
        self.modifiers = [m for m in self.modifiers if m[3] > self.turn]
        self.grants = []
        self.negated = []
        self.bonus = {}
        self.draw_events(EVENTS_DRAWN)
        for seat in self.hero_seats():
            hs = self.heroes[seat]
            fig = self.figures[hs.hero]
            health = self.health(fig.id)
            if fig.damage >= health:                      # ruling Q29: one Wound per end of turn
                fig.damage -= health
                if self.wound_deck:
                    card = self.wound_deck.pop()
                    hs.hand = sorted(hs.hand + [card])
                    hs.bump("wounds")
                    self.say("wound", (f"hero:{hs.hero}",), seats=tuple(self.heroes),
                             secret={"card": self.card_name(card)}, hero=self.seat_name(seat))
            if self._wounds_in_hand(seat) >= WOUNDS_TO_KO:
                self.knock_out(seat)
                if self.winner is not None:
                    return
        if self.turn >= self.turn_limit:                 # ruling Q47: the app's bound on a game
            self.end_game("villain", f"Turn {self.turn_limit} is over: Skarov slips away")
            return
        self.phase = "turn_start"

    def _phase_over(self) -> None:
        raise AssertionError("the game is over")

    # ----- decisions: set-up ---------------------------------------------------------------------

    def _options_place_minion(self, seat: int, cell: Any) -> tuple:
        types = [m for m in self.scenario.minions if self.supply(m)]
        return (f"Which minion stands at {self.place(cell)}?",
                [("place_minion", (cell[0], cell[1], m), f"A {self.box.villains[m].name} at {self.place(cell)}",
                  (_cell(cell),)) for m in types], "setup")

    def _do_place_minion(self, seat: int, cell: Any, action: Action) -> None:
        self.setup_queue.pop(0)
        self._place(self.supply(str(action.args[2]))[0], cell)

    def _options_place_lt(self, seat: int, face: Any) -> tuple:
        lts = self._lts_left()
        if face is not None:
            cells = self._lt_cells(face)
            opts = [("place_lt", (lt, c[0], c[1]), f"{self.box.villains[lt].name} at {self.place(c)}", (_cell(c),))
                    for lt in lts for c in cells]
            return (f"Place a lieutenant in {self.face_name(face)}", opts, "setup")
        lt = lts[0]
        opts = [("place_lt", (lt, c[0], c[1]), f"{self.box.villains[lt].name} at {self.place(c)}", (_cell(c),))
                for c in self._extra_cells()]
        return (f"Place {self.box.villains[lt].name} on another tile, or leave her out",
                opts + [("lt_done", (), "Leave the other lieutenants out", ())], "setup")

    def _do_place_lt(self, seat: int, face: Any, action: Action) -> None:
        if action.kind == "lt_done":
            self.setup_queue.pop(0)
            return
        lt, x, y = action.args
        self._place(str(lt), (int(x), int(y)))  # type: ignore[arg-type]
        if face is not None:
            self.setup_queue.pop(0)

    def _options_place_skarov(self, seat: int, data: Any) -> tuple:
        occ = self.occupants()
        cells = sorted((c for c in self.base.light_cells if c not in occ
                        and self.base.face_of[c] == self.control_face()), key=lambda c: (c[1], c[0]))
        return ("Place Doktor Skarov on a light of the Control Room",
                [("place_skarov", c, f"Skarov at {self.place(c)}", (_cell(c),)) for c in cells], "setup")

    def _do_place_skarov(self, seat: int, data: Any, action: Action) -> None:
        self.setup_queue.pop(0)
        self._place("skarov", (int(action.args[0]), int(action.args[1])))  # type: ignore[arg-type]

    def _options_pick_hero(self, seat: int, data: Any) -> tuple:
        taken = {h.hero for h in self.heroes.values()}
        return ("Choose your Liberty Patrol member",
                [("pick_hero", (h,), f"Play {d.name}", ())
                 for h, d in self.box.heroes.items() if h not in taken], "draft")

    def _do_pick_hero(self, seat: int, data: Any, action: Action) -> None:
        self.setup_queue.pop(0)
        self._take_hero(seat, str(action.args[0]))

    def _options_place_hero(self, seat: int, data: Any) -> tuple:
        occ = self.occupants()
        cells = [c for c in self.base.start_cells if c not in occ
                 and self.base.face_of[c] == self.entrance_face()]
        return ("Choose your green start space",
                [("place_hero", c, f"Start at {self.place(c)}", (_cell(c),)) for c in cells], "place")

    def _do_place_hero(self, seat: int, data: Any, action: Action) -> None:
        self.setup_queue.pop(0)
        self._place(self.heroes[seat].hero, (int(action.args[0]), int(action.args[1])))  # type: ignore[arg-type]

    # ----- decisions: strategy -------------------------------------------------------------------

    def power_plays(self, seat: int) -> list[tuple[str, str]]:
        """L258-L266, L536, ruling Q11: legal plays are one Power card, two, or one Power card and one Wound;
        a Weakness only on the left, single-use cards only on their printed side, Wounds on the right."""
        hs = self.heroes[seat]
        played = hs.played
        if len(played) >= 2:
            return []
        out = []
        for card in sorted(set(hs.hand)):
            c = self.box.cards.get(card)
            if c is None:
                continue
            if c.deck == "wound":
                if played and self.box.cards[played[0][0]].deck != "wound":
                    out.append((card, "right"))
                continue
            if c.special is not None:
                out.append((card, "left"))
            if c.technique and not c.weakness:
                out.append((card, "right"))
        return out

    def _options_power(self, seat: int, data: Any) -> tuple:
        hs = self.heroes[seat]
        opts = [("power", (card, side), f"{self.card_name(card)} as "
                 f"{'Special Power (left)' if side == 'left' else 'Secret Technique (right)'}", (f"card:{card}",))
                for card, side in self.power_plays(seat)]
        if hs.played:
            opts.append(("power_done", (), "Done playing cards", ()))
        return (f"{self.seat_name(seat)}: play 1 or 2 cards", opts, "strategy")

    def _do_power(self, seat: int, data: Any, action: Action) -> None:
        strat = self.strat
        assert strat is not None
        hs = self.heroes[seat]
        if action.kind == "power_done":
            strat.finish(seat)
            return
        card, side = str(action.args[0]), str(action.args[1])
        if strat.status(seat) == "waiting":
            strat.begin(seat)
        strat.add(seat, side)
        hs.hand.remove(card)
        hs.played.append((card, side))
        self.say("play", (f"hero:{hs.hero}",), seats=tuple(self.heroes), secret={"card": self.card_name(card)},
                 hero=self.seat_name(seat), side=side)
        if len(hs.played) >= 2 or not self.power_plays(seat):
            strat.finish(seat)

    def _options_initiative(self, seat: int, data: Any) -> tuple:
        seats = self.hero_seats()
        opts = [("initiative", order, "Order: " + " → ".join(self.seat_name(s) for s in order), ())
                for order in permutations(seats)]
        return ("Stack the initiative cards: the top card activates first", opts, "order")

    def _do_initiative(self, seat: int, data: Any, action: Action) -> None:
        self.initiative = [int(s) for s in action.args]  # type: ignore[arg-type]
        self.say("initiative", (), seats=tuple(self.heroes),
                 secret={"order": ", ".join(self.seat_name(s) for s in self.initiative)})

    def _options_event_st(self, seat: int, data: Any) -> tuple:
        placed = sum(len(v) for v in self.st.values())
        opts: list[tuple] = []
        if placed < self.event_limit():
            for card in sorted(set(self.v_hand)):
                for vid in self.villain_order:
                    opts.append(("event_st", (card, vid), f"{self.card_name(card)} on {self.box.villains[vid].name}",
                                 (f"card:{card}",)))
        opts.append(("events_done", (), "Announce the Activation phase", ()))
        return (f"Place Event cards as Secret Techniques ({placed}/{self.event_limit()})", opts, "strategy")

    def _do_event_st(self, seat: int, data: Any, action: Action) -> None:
        assert self.strat is not None
        if action.kind == "events_done":
            self.strat.finish(0)
            return
        card, vid = str(action.args[0]), str(action.args[1])
        self.v_hand.remove(card)
        self.st.setdefault(vid, []).append(card)
        self.strat.add(0, vid)
        self.say("event_st", (f"vid:{vid}",), seats=(0,), secret={"card": self.card_name(card)},
                 villain=self.box.villains[vid].name)

    # ----- decisions: a hero's activation ---------------------------------------------------------

    def _options_hero(self, seat: int, data: Any) -> tuple:
        hs = self.heroes[seat]
        fid = hs.hero
        fig = self.figures[fid]
        opts: list[tuple] = []
        if fig.cell is None:
            return (f"{self.seat_name(seat)} is off the board", [("end", (), "End activation", ())], "main")
        words = spaces_in_words(self.base, self.face_name)     # the labels and refs made when first read
        for c in self.move_cells(fid):
            opts.append(("move", c, (words_at, "Move to ", words, c), (_cell_refs, c)))
        for c in self.reposition_cells(fid):
            opts.append(("reposition", c, (words_at, "Reposition to ", words, c), (_cell_refs, c)))
        for target in self.attack_targets(fid, "melee"):
            opts.append(("attack", (target,), f"Attack {self.fig_name(target)}", (f"fig:{target}",)))
        for face, check, cell, stat in self.room_checks(fid):
            room = self.box.rooms[face]
            cd = room.checks[check]
            opts.append(("check", (face, check, cell[0], cell[1], stat),
                         f"Check {cd.name} ({stat}, {self._difficulty_text(cd, f'{face}.{check}', fid)})",
                         (_cell(cell),)))     # the mark's space: a room holds several
        for door, stat in self.door_checks(fid):
            opts.append(("door_check", (door, stat), f"Open the {self.door_name(door)} with {stat}",
                         (f"door:{door}",)))
        for card, side in hs.played:
            c = self.box.cards.get(card)
            if side != "left" or c is None or c.special is None or c.special.timing == "permanent":
                continue
            if c.special.timing == "unique_action" and card in hs.uniques:
                continue
            opts.append(("use_power", (card,), f"Use {c.name}: {c.special.text}", (f"card:{card}",)))
        opts.append(("end", (), "End activation", ()))
        return (f"{self.seat_name(seat)}: {counted(fig.actions, 'action')} left", opts, "main")

    def _difficulty_text(self, cd: CheckDef, key: str, fid: str) -> str:
        add = cd.plus + (self.heroes_in_play_count() if cd.plus_heroes else 0)
        return f"{cd.dice} dice +{add} -{self.check_tokens.get(key, 0)}"

    def _do_hero(self, seat: int, data: Any, action: Action) -> None:
        hs = self.heroes[seat]
        fid = hs.hero
        fig = self.figures[fid]
        kind = action.kind
        if kind == "end":
            fig.actions = 0
            return
        fig.actions -= 1
        if kind in ("move", "reposition"):
            self.move_figure(fid, (int(action.args[0]), int(action.args[1])))  # type: ignore[arg-type]
        elif kind == "attack":
            self.stack.append(Frame(self.strike_steps(fid, str(action.args[0]), "melee", {}), seat, {"self": fid}))
        elif kind == "check":
            face, check, x, y, stat = action.args
            room = self.box.rooms[str(face)]
            cd = room.checks[str(check)]
            add = cd.plus + (self.heroes_in_play_count() if cd.plus_heroes else 0)
            ok = self.run_check(fid, f"{face}.{check}", cd.dice, add, str(stat), cd.name,
                                self.rule(fid, "check_dice_minus"))
            if ok:
                if cd.per_mark:
                    self.spent.append((int(x), int(y)))  # type: ignore[arg-type]
                if room.disarm == cd.id:
                    self.lights_dark.append(str(face))
                    self.say("end", (f"tile:{face}",), text=f"{self.face_name(str(face))} is disarmed: its light goes out.")
                if cd.success:
                    self.stack.append(Frame(cd.success, seat, {"self": fid, "here": str(face)}))
        elif kind == "door_check":
            door_id, stat = str(action.args[0]), str(action.args[1])
            diff = self.scenario.doors[door_id][stat]
            add = self.heroes_in_play_count() if diff.plus_heroes else 0
            if self.run_check(fid, f"door.{door_id}.{stat}", diff.dice, add, stat, f"the {self.door_name(door_id)}",
                              self.rule(fid, "door_dice_minus")):
                self.open_door(door_id)
                hs.bump(f"door_{stat}")
        elif kind == "use_power":
            card = str(action.args[0])
            c = self.box.cards[card]
            assert c.special is not None
            if c.special.timing == "unique_action":
                hs.uniques.append(card)
            self.say("end", (f"card:{card}",), text=f"{self.seat_name(seat)} uses {c.name}.")
            self.stack.append(Frame(c.special.effect, seat, {"self": fid}))

    # ----- decisions: the villain's activations ---------------------------------------------------

    def _options_activate(self, seat: int, data: Any) -> tuple:
        cards = [v for v in self.villain_cards_in_play() if v not in self.activated]
        return ("Put an Activation token on a villain ID card",
                [("activate", (v,), f"Activate {self.box.villains[v].name}", (f"vid:{v}",)) for v in cards], "main")

    def _do_activate(self, seat: int, data: Any, action: Action) -> None:
        vid = str(action.args[0])
        self.activated.append(vid)
        self.active_vid = vid
        self.events_played = 0
        self.say("activate", (f"vid:{vid}",), villain=self.box.villains[vid].name)
        for fig in self.figures_of(vid):
            fig.actions = self.box.villains[vid].stats["actions"]
            if self.rule(fig.id, "regenerate") and fig.damage:
                self.heal(fig.id, self.rule(fig.id, "regenerate"))

    def _options_villain(self, seat: int, data: Any) -> tuple:
        vid = self.active_vid
        assert vid is not None
        opts: list[tuple] = []
        words = spaces_in_words(self.base, self.face_name)     # the labels and refs of moves made when first read
        for fig in sorted(self.figures_of(vid), key=lambda f: f.id):
            if fig.actions <= 0:
                continue
            name = self.fig_name(fig.id)
            ref = f"fig:{fig.id}"                       # a pair: the figure, then where or whom
            move_to, step_to = f"{name}: move to ", f"{name}: step to "
            for c in self.move_cells(fig.id):
                opts.append(("fig_move", (fig.id, c[0], c[1]), (words_at, move_to, words, c), (_pair_refs, ref, c)))
            for c in self.reposition_cells(fig.id):
                opts.append(("fig_move", (fig.id, c[0], c[1]), (words_at, step_to, words, c), (_pair_refs, ref, c)))
            for t in self.attack_targets(fig.id, "melee"):
                opts.append(("fig_attack", (fig.id, t, "melee"), f"{name}: attack {self.fig_name(t)}",
                             (ref, f"fig:{t}")))
            if self.rule(fig.id, "ranged"):
                for t in self.attack_targets(fig.id, "ranged"):
                    opts.append(("fig_attack", (fig.id, t, "ranged"), f"{name}: shoot {self.fig_name(t)}",
                                 (ref, f"fig:{t}")))
            for door in self.base.doors_at(fig.cell):  # type: ignore[arg-type]
                if door.kind == "door" and not self.doors & door.bit:
                    opts.append(("fig_open", (fig.id, door.id), f"{name}: open the {self.door_name(door.id)}",
                                 (ref, f"door:{door.id}")))
            if fig.id == "skarov" and self.escape_ok:
                opts.append(("escape", (), "Skarov: emergency exit out of the base", ()))
        limit = self.rule(self.figures_of(vid)[0].id, "events_per_activation") or 1 if self.figures_of(vid) else 1
        if self.events_played < limit:
            for card in sorted(set(self.v_hand)):
                opts.append(("event", (card,), f"Play the Event {self.card_name(card)}", (f"card:{card}",)))
        opts.append(("end", (), "End this activation", ()))
        return (f"{self.box.villains[vid].name} activation", opts, "main")

    def _do_villain(self, seat: int, data: Any, action: Action) -> None:
        kind = action.kind
        vid = self.active_vid
        assert vid is not None
        if kind == "end":
            self._next_slot()
            return
        if kind == "event":
            card = str(action.args[0])
            self.v_hand.remove(card)
            self.active_events.append(card)
            self.events_played += 1
            self.say("event", (f"card:{card}",), card=self.card_name(card))
            self.stack.append(Frame(self.box.events[card].effect, 0, {"activated": vid, "self": None}))
            return
        if kind == "escape":
            self.figures["skarov"].cell = None
            self.end_game("villain", "Doktor Skarov makes his emergency exit")
            return
        fid = str(action.args[0])
        fig = self.figures[fid]
        fig.actions -= 1
        if kind == "fig_move":
            self.move_figure(fid, (int(action.args[1]), int(action.args[2])))  # type: ignore[arg-type]
        elif kind == "fig_attack":
            self.stack.append(Frame(self.strike_steps(fid, str(action.args[1]), str(action.args[2]), {}), 0,
                                    {"self": fid}))
        elif kind == "fig_open":
            self.open_door(str(action.args[1]))          # L502: it stays open

    # ----- decisions: effects and the end of the turn -------------------------------------------

    def _decide(self) -> Any:
        self._freeze()
        try:
            return super()._decide()
        finally:
            self._thaw()

    def _options_effect(self, seat: int, data: Any) -> tuple:
        kind, prompt, options = data
        return (prompt, [self._worded(with_refs(o)) for o in options], kind)

    def _worded(self, option: tuple) -> tuple:
        """An asked space answer as listed: "Push to Rock Shelf, west" where the pending data keeps "Push to 3,4"
        (the pending data is part of the digest: its words stay, the decision says the place in words); a door
        likewise: "Close the door between ..." where the pending data keeps "Close door d1"."""
        kind, args, label, refs = option
        if kind in ("push", "move") and args and args[0] is not None and label.__class__ is str \
                and label.endswith(f" {args[0]},{args[1]}"):
            return (kind, args, f"{label.rsplit(' ', 1)[0]} {self.place(args)}", refs)
        if kind == "door" and args and label.__class__ is str and label.endswith(f" door {args[0]}"):
            return (kind, args, f"{label[:-len(f' door {args[0]}')]} the {self.door_name(str(args[0]))}", refs)
        return option

    def _do_effect(self, seat: int, data: Any, action: Action) -> None:
        frame = self.stack[-1]
        assert isinstance(frame, Frame)
        frame.answer = tuple(action.args)

    def _options_room(self, seat: int, data: Any) -> tuple:
        opts = [("room", (face,), f"Light {self.face_name(face)} (light {n})", (f"tile:{face}",))
                for n, face in sorted(self.scenario.lights.items()) if face in self.lit_rooms()]
        return ("Room activation", opts + [("no_room", (), "Light no room", ())], "room")

    def _do_room(self, seat: int, data: Any, action: Action) -> None:
        self.phase = "objectives"
        if action.kind == "no_room":
            return
        face = str(action.args[0])
        number = next(n for n, f in self.scenario.lights.items() if f == face)
        cell = self.base.lights.get(number)
        skarov = self.figures["skarov"]
        if cell is not None and skarov.cell is not None and self.at(cell) is None:
            skarov.cell = cell
        self.say("room", (f"tile:{face}",), room=self.face_name(face))
        self.stack.append(Frame(self.room_steps(face), 0, {"here": face, "self": None}))

    # ----- copy, digest ---------------------------------------------------------------------------

    def clone(self) -> "ChroniclesState":
        """The decision is listed once before copying, so that the copies (a greedy player's trials of every
        option) share it instead of each listing it again."""
        if not self._decision_valid and self.winner is None and not isinstance(self.rng, SealedRng):
            self.decision
        return super().clone()  # type: ignore[return-value]

    def _copy(self) -> "ChroniclesState":
        """Every attribute is taken over at once (`__dict__.update`: content, numbers, names), then each
        mutable one is replaced by a copy (`_LISTS`, `_DICTS` and the nested ones below), and the occupancy
        caches dropped. A new mutable attribute must be listed here: `tests/engine/test_clone_shares_nothing.py`
        fails on one that a clone would share with its source."""
        other = blank_state(ChroniclesState)
        assert isinstance(other, ChroniclesState)
        mine = other.__dict__
        mine.update(self.__dict__)
        mine.pop("_occ", None)
        mine.pop("_cr", None)
        for key in _LISTS:
            mine[key] = mine[key][:]
        for key in _DICTS:
            mine[key] = mine[key].copy()
        figures = other.figures = self.figures.copy()
        for key, fig in figures.items():                # loops, not comprehensions: no call of their own
            figures[key] = fig.copy()
        heroes = other.heroes = self.heroes.copy()
        for key, seat in heroes.items():
            heroes[key] = seat.copy()
        objectives = other.objectives = self.objectives.copy()
        for key, marks in objectives.items():
            objectives[key] = marks[:]
        st = other.st = self.st.copy()
        for key, cards in st.items():
            st[key] = cards[:]
        if self.strat is not None:
            other.strat = self.strat.copy()
        other.stack = [frame.copy() for frame in self.stack] if self.stack else []
        return other

    def _digest_data(self) -> Any:
        return [
            self.scenario.id, self.n_heroes, self.rank, self.turn, self.phase,
            sorted((k, f.data()) for k, f in self.figures.items()), self.doors, sorted(self.check_tokens.items()),
            sorted(self.spent), sorted(self.objectives.items()), self.escort, sorted(self.lights_dark),
            sorted((k, h.data()) for k, h in self.heroes.items()), self.v_deck, self.v_hand, self.v_discard,
            sorted(self.st.items()), self.active_events, self.wound_deck,
            self.strat.data() if self.strat is not None else None, self.initiative, self.flipped, self.slot,
            self.sub, self.started, self.active_vid, self.activated, self.events_played, self.modifiers,
            self.grants, self.negated, sorted(self.bonus.items()), self.showdown, self.escape_ok,
            self.first_in_control, self.articles, self.neutralized, self.winner, self.end_reason,
            self.setup_queue, [f.data() for f in self.stack], pending_repr(self.pending),
        ]

    # ----- observation ----------------------------------------------------------------------------

    def sealed(self) -> bool:
        return self.strat is not None and self.strat.sealed

    def _observe(self, seat: int | None) -> "ChroniclesState":
        """What a seat may see (rulings Q6, Q7, Q53, spec A.5): heroes see each other; the villain sees how many
        cards each hero played and on which side, not which, nor the initiative order before the flips, nor the
        Wounds in hands; heroes see how many Event cards are on each villain ID card, not which, nor his hand.
        Nobody sees a deck's order."""
        other = self.clone()
        assert isinstance(other, ChroniclesState)
        other.v_deck = [HIDDEN] * len(self.v_deck)
        other.wound_deck = [HIDDEN] * len(self.wound_deck)
        if seat != 0:
            other.v_hand = [HIDDEN] * len(self.v_hand)
            if self.sealed():
                other.st = {vid: [HIDDEN] * len(cards) for vid, cards in self.st.items()}
        if seat is None or seat == 0:
            for hs in other.heroes.values():
                hidden_wound = [HIDDEN + "w" if self.box.cards.get(c) is None or self.box.cards[c].deck == "wound"
                                else c for c in hs.hand]
                if self.sealed() and hs.played:
                    played = [HIDDEN + "w" if self.box.cards[c].deck == "wound" else c for c, _ in hs.played]
                    hs.hand = sorted(hidden_wound + played)
                    hs.played = [(HIDDEN, side) for _, side in hs.played]
                else:
                    hs.hand = sorted(hidden_wound)
            other.initiative = list(self.initiative[:self.flipped]) + [-1] * (len(self.initiative) - self.flipped)
        pending = other.pending
        if pending is not None and pending.kind == "effect" and pending.seat != seat:
            kind, prompt, _ = pending.data
            other.pending = Pending("effect", pending.seat, (kind, prompt, ()))
        return other

    def _unseen_events(self) -> list[str]:
        seen = list(self.v_discard) + list(self.active_events)
        seen += [c for c in self.v_hand if c != HIDDEN]
        seen += [c for cards in self.st.values() for c in cards if c != HIDDEN]
        pool = list(self.box.event_cards)
        for c in seen:
            if c in pool:
                pool.remove(c)
        return sorted(pool)

    def _unseen_wounds(self) -> list[str]:
        pool = list(self.box.wounds)
        for hs in self.heroes.values():
            for c in hs.hand + hs.discard + [c for c, _ in hs.played]:
                if c in pool:
                    pool.remove(c)
        return sorted(pool)

    def _vary_hidden(self, variant: Any, seat: int, rng: Rng) -> None:
        """Change what `seat` may not see: the order of decks, the villain's hidden cards (for heroes); the
        heroes' hidden plays, the initiative order not yet flipped and the Wounds in hands (for the villain)."""
        assert isinstance(variant, ChroniclesState)
        rng.shuffle(variant.v_deck)
        rng.shuffle(variant.wound_deck)
        if seat != 0:
            hidden_st = [(vid, i) for vid, cards in variant.st.items() for i in range(len(cards))] \
                if variant.sealed() else []
            pool = variant.v_hand + variant.v_deck + [variant.st[vid][i] for vid, i in hidden_st]
            rng.shuffle(pool)
            n = len(variant.v_hand)
            variant.v_hand = sorted(pool[:n])
            variant.v_deck = pool[n:n + len(variant.v_deck)]
            for (vid, i), card in zip(hidden_st, pool[n + len(variant.v_deck):]):
                variant.st[vid][i] = card
        if seat is None or seat == 0:
            rest = variant.initiative[variant.flipped:]
            rng.shuffle(rest)
            variant.initiative = variant.initiative[:variant.flipped] + rest
            for hs in variant.heroes.values():
                wounds = [i for i, c in enumerate(hs.hand) if self.box.cards[c].deck == "wound"]
                for i in wounds:
                    if variant.wound_deck:
                        j = rng.randrange(len(variant.wound_deck))
                        hs.hand[i], variant.wound_deck[j] = variant.wound_deck[j], hs.hand[i]
                hs.hand.sort()
                if variant.sealed() and hs.played:
                    self._resample_play(hs, rng)

    def _resample_play(self, hs: HeroSeat, rng: Rng) -> bool:
        """Deal a hero's face-down play again from the same pool with the same sides (ruling Q11 holds):
        a depth-first search over the pool in a random order, so a legal play is always found when one exists."""
        pool = sorted(hs.hand + [c for c, _ in hs.played])
        sides = [s for _, s in hs.played]

        def search(left: list[str], chosen: list[str]) -> list[str] | None:
            if len(chosen) == len(sides):
                return chosen
            fits = [c for c in sorted(set(left)) if self._fits(c, sides[len(chosen)], len(chosen), chosen)]
            rng.shuffle(fits)
            for card in fits:
                rest = list(left)
                rest.remove(card)
                found = search(rest, chosen + [card])
                if found is not None:
                    return found
            return None

        chosen = search(pool, [])
        if chosen is None:
            return False
        left = list(pool)
        for card in chosen:
            left.remove(card)
        hs.played = list(zip(chosen, sides))
        hs.hand = sorted(left)
        return True

    def _fits(self, card: str, side: str, index: int, chosen: list[str]) -> bool:
        c = self.box.cards.get(card)
        if c is None:
            return False
        if c.deck == "wound":
            return side == "right" and index == 1 and self.box.cards[chosen[0]].deck != "wound"
        if side == "left":
            return c.special is not None
        return bool(c.technique) and not c.weakness

    def _fill_hidden(self, seat: int, rng: Rng) -> None:
        """Give every hidden card an identity the seat could not rule out (spec A.5)."""
        events = self._unseen_events()
        rng.shuffle(events)
        if HIDDEN in self.v_hand:
            self.v_hand = sorted(events.pop() if c == HIDDEN else c for c in self.v_hand)
        for vid in sorted(self.st):
            self.st[vid] = [events.pop() if c == HIDDEN else c for c in self.st[vid]]
        self.v_deck = events[:len(self.v_deck)] if len(events) >= len(self.v_deck) else events
        wounds = self._unseen_wounds()
        rng.shuffle(wounds)
        for hs in self.heroes.values():
            hs.hand = sorted(wounds.pop() if c == HIDDEN + "w" and wounds else c for c in hs.hand)
            if hs.played and any(c == HIDDEN for c, _ in hs.played):
                hs.played = [(c, s) for c, s in hs.played if c != HIDDEN] or hs.played
                if any(c == HIDDEN for c, _ in hs.played):
                    pool_play = hs.played
                    hs.played = [("", s) for _, s in pool_play]
                    hs.hand = sorted(hs.hand)
                    if not self._resample_play_from_hand(hs, rng):
                        hs.played = []
        self.wound_deck = wounds[:len(self.wound_deck)]
        if -1 in self.initiative:
            known = self.initiative[:self.flipped]
            rest = [s for s in self.hero_seats() if s not in known]
            rng.shuffle(rest)
            self.initiative = known + rest
        pending = self.pending
        if pending is not None and pending.kind == "effect" and not pending.data[2]:
            self.pending = None
            self.advance()

    def _resample_play_from_hand(self, hs: HeroSeat, rng: Rng) -> bool:
        """In a world built from the villain's view the hand shows the play's cards too: pick the play."""
        sides = [s for _, s in hs.played]
        hs.played = [(c, s) for c, s in zip(sorted(hs.hand)[:len(sides)], sides)]
        hs.hand = sorted(hs.hand)[len(sides):]
        return self._resample_play(hs, rng)

    # ----- the table (generic play scene) -----------------------------------------------------------

    def table(self, seat: int | None) -> list[Panel]:
        seen = self._observe(seat)
        return seen._panels(seat)

    def _panels(self, seat: int | None) -> list[Panel]:
        panels: list[Panel] = []
        status = [f"Turn {self.turn}/{self.turn_limit} · {self.phase.replace('_', ' ')}",
                  f"Scenario: {self.scenario.name} ({self.scenario.difficulty})"]
        if self.showdown:
            status.append("FINAL SHOWDOWN" + (" · Control Room open" if self.cr_open() else ""))
        status.append(f"Articles: Patrol {sum(1 for _, s in self.articles if s == 'heroes')} · "
                      f"Skarov {sum(1 for _, s in self.articles if s == 'villain')}")
        panels.append(Panel("Turn", (), group="status", extra=tuple(status)))
        objectives = []
        for face, (progress, threat, done) in self.objectives.items():
            obj = self.box.rooms[face].objective
            assert obj is not None
            tag = ("neutralized",) if done == "heroes" else ("met",) if done == "villain" else ()
            objectives.append(Item(f"tile:{face}", f"{self.face_name(face)}: {progress}/{obj.needed}, "
                                   f"{obj.threat} {threat}/{obj.length}", self._room_face(face), tag))
        panels.append(Panel("Objectives", tuple(objectives)))
        rooms = tuple(Item(f"tile:{face}", f"Light {n}: {self.face_name(face)}", self._room_face(face),
                           ("dark",) if face in self.lights_dark else ())
                      for n, face in sorted(self.scenario.lights.items()))
        panels.append(Panel("Rooms", rooms))
        for s, hs in sorted(self.heroes.items()):
            if not hs.hero:
                continue
            fig = self.figures[hs.hero]
            where = f"at {self.place(fig.cell)}" if fig.cell is not None else "off the board"
            items = [Item(f"fig:{hs.hero}", f"{self.box.heroes[hs.hero].name} {where}", self._hero_face(s),
                          (f"{fig.damage} dmg",) if fig.damage else ())]
            items += [Item(f"card:{c}" if c in self.box.cards else None, self.card_name(c),
                           self._card_face(c), ("wound",) if c.startswith(HIDDEN) else ()) for c in hs.hand]
            items += [Item(f"card:{c}" if c in self.box.cards else None,
                           f"{self.card_name(c)} ({side})", self._card_face(c), ("played", side))
                      for c, side in hs.played]
            extra = (f"Discard: {len(hs.discard)}", f"Actions: {fig.actions}")
            panels.append(Panel(self.seat_name(s), tuple(items), group="hand" if s == seat else "status",
                                owner=s, extra=extra))
        figs = tuple(Item(f"fig:{f.id}", f"{self.fig_name(f.id)} at {self.place(f.cell)}"
                          + (f" ({f.damage} dmg)" if f.damage else ""), None,
                          ("activated",) if f.card in self.activated else ())
                     for f in sorted(self.on_board(VILLAINS), key=lambda f: f.id))
        cards = tuple(Item(f"vid:{vid}", self.box.villains[vid].name, None,
                           ("activated",) if vid in self.activated else ())
                      for vid in self.villain_order if self.figures_of(vid))
        figs = cards + figs
        hand = tuple(Item(f"card:{c}" if c in self.box.events else None, self.card_name(c),
                          self._event_face(c)) for c in self.v_hand)
        sts = tuple(Item(None, f"{self.card_name(c)} on {self.box.villains[v].name}", self._event_face(c), ("ST",))
                    for v, cards in sorted(self.st.items()) for c in cards)
        panels.append(Panel("Doktor Skarov", figs + hand + sts, group="hand" if seat == 0 else "status", owner=0,
                            extra=(f"Event deck {len(self.v_deck)} · discard {len(self.v_discard)}",)))
        doors = tuple(Item(f"door:{d.id}", f"{self.door_name(d.id).capitalize()}: "
                           f"{'open' if self.doors & d.bit else 'locked' if self.door_locked(d) else 'closed'}")
                      for d in self.base.doors)
        panels.append(Panel("Doors", doors))
        return panels

    def _room_face(self, face: str) -> CardFace:
        room = self.box.rooms[face]
        return CardFace(room.title, self.content.faces[face].role.title(), room.text, (), "room")

    def _hero_face(self, seat: int) -> CardFace:
        hs = self.heroes[seat]
        hero = self.box.heroes[hs.hero]
        fid = hs.hero
        stats = tuple((k[:3].upper(), str(self.stat(fid, k))) for k in ("speed", "combat", "defense", "mental"))
        return CardFace(hero.name, f"Hero ({hs.rank})", f"{hero.power_name}: {hero.power_text}",
                        (("HP", str(self.health(fid))),) + stats, "hero")

    def _card_face(self, card: str) -> CardFace:
        c = self.box.cards.get(card)
        if c is None:
            return CardFace("Face down", "Card", "", (), "neutral")
        st = ", ".join(f"{k} {v:+d}" for k, v in c.technique.items())
        text = (c.special.text if c.special else "") + (f" | ST: {st}" if st else "")
        return CardFace(c.name, "Wound" if c.deck == "wound" else "Power", text, (), c.deck)

    def _event_face(self, card: str) -> CardFace:
        e = self.box.events.get(card)
        if e is None:
            return CardFace("Face down", "Event", "", (), "neutral")
        st = ", ".join(f"{k} {v:+d}" for k, v in e.technique.items())
        return CardFace(e.name, "Event", f"{e.text} | ST: {st}", (), "event")


_ROLE_FACES: dict[tuple[str, str], str] = {}


def _role_face(scenario: ScenarioDef, content: ChroniclesContent, role: str) -> str:
    """The face of a scenario's Entrance or Control Room (looked up once per scenario)."""
    key = (scenario.id + "@" + content.hash, role)
    found = _ROLE_FACES.get(key)
    if found is None:
        found = next(p.face for p in scenario.layout.tiles if content.faces[p.face].role == role)
        _ROLE_FACES[key] = found
    return found


# The state's flat mutable attributes, copied by `_copy` (the nested ones are copied there by hand); the
# kernel's own (`history`, `log`, `events`) are `clone`'s business.
_LISTS = ("dice_script", "villain_order", "spent", "lights_dark", "v_deck", "v_hand", "v_discard",
          "active_events", "wound_deck", "initiative", "activated", "modifiers", "grants", "negated", "articles",
          "neutralized", "setup_queue")
_DICTS = ("door_tokens", "check_tokens", "bonus")
