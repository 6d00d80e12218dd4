"""The explore game: set-up, deck creation, the five phases of a battle round, bosses and scoring.

Every rule cites `../shared/seeds/002_2f2b06678a8a6611.txt` (the rulebook) by section in its docstring or
in the test that checks it; where the rulebook is silent see docs/rules-notes/explore.md. Decisions are
driven by the flow kernel (guardians/engine/flow.py): `self.pending` is a `Pending(kind, seat, data)`,
the phases in `PHASES` each run `_phase_<name>`, and `advance()` runs everything automatic until a seat
must choose. No card name appears here: cards act through their YAML steps (rules/effects.py).
"""

from __future__ import annotations

from typing import Any

from guardians.engine import Action, GameConfig
from guardians.engine.actions import ACTS_LIMIT, Option, shared_acts
from guardians.engine.flow import BUILDING, WAITING, Commitments, FlowState, Frame, Pending, new_pending
from guardians.engine.words import counted
from guardians.games.explore.cards import CardDef, ExploreContent, load_content
from guardians.games.explore.rules.effects import STEPS, Effects
from guardians.games.explore.rules.events import EVENT_TEXT
from guardians.games.explore.rules.model import BOSS, COLOURS, NONE, Player
from guardians.games.explore.rules.views import Views

_format = str.format                                # lazy words: (_format, template, *values)


def _card_refs(group: list[int]) -> tuple[str, ...]:
    return tuple(map(_CARD_REF, group))


_CARD_REF = "card:{}".format
_DONE = Action("done", (), "Finish your Power Up")
_STATIC: dict[tuple[int, bool], tuple[Any, tuple]] = {}      # see ExploreState._static
_SEAT_NAMES: dict[tuple[int, str | None], str] = {}


def _seat_words(seat: int, colour: str) -> str:
    """A seat's words, formatted once per seat and colour: "Player 2 (red)"."""
    name = _SEAT_NAMES.get((seat, colour))
    if name is None:
        name = _SEAT_NAMES[(seat, colour)] = f"Player {seat + 1} ({colour})" if colour else f"Player {seat + 1}"
    return name

# Turn order by number of seats and Trailblazer: from the Trailblazer, passing to the left (`order`).
_ORDERS = {n: tuple(tuple((trail + k) % n for k in range(n)) for trail in range(n)) for n in range(1, 9)}


VARIANTS = {
    "standard": ("guardian", False), "apprentice": ("apprentice", False),
    "coop": ("guardian", True), "apprentice_coop": ("apprentice", True),
}


class ExploreState(Views, Effects, FlowState):
    game_id = "explore"
    STEPS = STEPS
    OVER_ATTR = "final"           # `_game_over`, for the kernel's hot loop
    EVENT_TEXT = EVENT_TEXT
    EVAL_SCALE = 20.0       # the evaluation counts a trophy point as 10

    def teammates(self, seat: int) -> tuple[int, ...]:
        """In a co-operative game everyone wins or loses together."""
        return tuple(range(self.n)) if self.coop else (seat,)
    PHASES = ("colour", "draft", "final", "deal", "round_start", "location", "overrun", "powerup", "end_pu",
              "battle_start", "battle", "boss_resolve", "boss_reward", "cleanup")
    BEFORE_END_OF_POWER_UP = frozenset(("round_start", "location", "overrun", "powerup"))

    def __init__(self, config: GameConfig, seed: int, content: ExploreContent | None = None) -> None:
        super().__init__(config, seed)
        if not 1 <= config.players <= 5:
            raise ValueError("explore is played by 1 to 5 players")
        if config.variant not in VARIANTS:
            raise ValueError(f"unknown explore variant {config.variant!r}")
        self.content = content or load_content()
        self.n = config.players
        self.difficulty, self.coop = VARIANTS[config.variant]
        self.apprentice = self.difficulty == "apprentice"
        self.hidden_power_up = not self.apprentice
        self._static(self.content)
        # Options that recur with the same words, built once: key (kind, card, the copies) -> Action. Shared
        # by every clone (actions are immutable; the words depend only on the key).
        self._acts: dict[tuple, Action] = shared_acts(self.content)
        self.track = self.content.setup.tracks[self.difficulty]
        self.tk = 0
        self.cards: list[str] = []
        self.quests: list[str] = []
        self.mons: list[str] = []
        self.mwave: list[int] = []
        self.p = [Player() for _ in range(self.n)]
        self._who = tuple(_seat_words(seat, "") for seat in range(self.n))    # `seat_name` (see _set_colour)
        self.supply: list[int] = []
        self.trash: list[int] = []
        self.ps_pool: list[int] = []
        self.coward_pile: list[int] = []
        self.box: list[int] = []
        self.pool: list[int] = []          # Apprentice: the open card pool while colours are chosen
        self.quest_box: list[int] = []
        self.mloc: list[list[int]] = [[] for _ in self.L]
        self.down: set[int] = set()
        self.mdmg: dict[int, int] = {}
        self.wave_decks: list[list[int]] = [[], [], []]
        self.retreat_pile: list[int] = []
        self.cur_wave = 2
        self.bosses: dict[str, str] = {}
        self.boss_cards: dict[str, list[int]] = {"blue": [], "red": []}
        self.boss_up = False
        self.boss: str | None = None
        self.boss_done: dict[str, bool] = {}
        self.home_flipped = False
        self.shield_round = False
        self.trail = 0
        self.round_no = 0
        self.init_flow("setup")
        self.turn_i = 0
        self.bstep = 0
        self.packs: list[list[int]] = []
        self.holder: list[int] = []
        self.ghost_pack = NONE
        self.ghost: list[int] = []
        self.queue: list[int] = []
        self.ghost_done = False
        self.ticks = 0
        self.power_ups: Commitments | None = None     # this round's Power Up (from the round's start to clean-up)
        self.virtual: set[int] = set()
        self.reward_queue: list[int] = []
        self.final: dict | None = None
        self._own_cards = True
        self._viewer: int | None = None
        self._setup()
        self.advance()

    def _static(self, content: ExploreContent) -> None:
        """Derived tables that never change during a game (shared by every clone, and by every game of the
        same content and difficulty: computed once). Set attribute by attribute, never through `__dict__`
        (which would cost every later attribute read of the state its fast path)."""
        key = (id(content), self.apprentice)
        cached = _STATIC.get(key)
        if cached is None or cached[0] is not content:
            cached = _STATIC[key] = (content, self._static_tables(content))
        (self.L, self.base_index, self.city_indices, self.red_indices, self.neighbours, self.final_colour,
         self.grants, self.damage_to_defeat) = cached[1]

    def _static_tables(self, content: ExploreContent) -> tuple:
        locations = content.locations
        city_indices = tuple(i for i, loc in enumerate(locations) if not loc.base)
        neighbours = tuple(
            tuple(j for j, other in enumerate(locations) if j != i and abs(other.row - loc.row) <= 1
                  and abs(other.col - loc.col) <= 1)
            for i, loc in enumerate(locations))
        grants = {cid: any(name == "attach" and params.get("grant_persistent") for name, params in card.effect)
                  for cid, card in content.cards.items()}
        return (locations, next(i for i, loc in enumerate(locations) if loc.base), city_indices,
                tuple(i for i in city_indices if locations[i].colour == "red"), neighbours,
                "blue" if self.apprentice else "red", grants,
                # every monster needs a damage counter to be defeated (none has an attack of 0 or less)
                all(monster.attack > 0 for monster in content.monsters.values()))

    # ----- names and lookups --------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return self._who[seat]          # said in most events: read from the table (hot paths read `_who` itself)

    def _set_colour(self, seat: int, colour: str) -> None:
        """A seat's colour, and its words in the table `seat_name` reads (a new tuple: clones share the old)."""
        self.p[seat].colour = colour
        self._who = tuple(_seat_words(s, self.p[s].colour) for s in range(self.n))

    def cdef(self, inst: int) -> CardDef:
        return self.content.cards[self.cards[inst]]

    def card_name(self, inst: int) -> str:
        return self.content.cards[self.cards[inst]].name

    def mon_name(self, m: int) -> str:
        return self.content.monsters[self.mons[m]].name

    def mon_attack(self, m: int) -> int:
        return self.content.monsters[self.mons[m]].attack

    def mon_family(self, m: int) -> str:
        return self.content.monsters[self.mons[m]].family

    def mon_label(self, m: int) -> str:
        if m in self.down:
            return f"a face-down monster at {self.loc_name(self.where(m))}"
        dmg = self.mdmg.get(m, 0)
        extra = f", {dmg} damage" if dmg else ""
        return f"{self.mon_name(m)} ({self.mon_attack(m)}{extra}) at {self.loc_name(self.where(m))}"

    def loc_name(self, loc: int) -> str:
        return self.L[loc].name if loc >= 0 else "the boss"

    def where(self, m: int) -> int:
        for loc in self.city_indices:
            if m in self.mloc[loc]:
                return loc
        return NONE

    def boss_def(self, colour: str | None = None):
        return self.content.bosses[self.bosses[colour or self.boss]]

    def boss_name(self) -> str:
        return self.boss_def().name

    def boss_attack(self, colour: str | None = None) -> int:
        return self.boss_def(colour).per_player * self.n

    def order(self) -> list[int]:
        """Turn order: from the Trailblazer, passing to the left (BATTLE, Location Phase 1)."""
        return list(_ORDERS[self.n][self.trail])     # (a table: a comprehension is a call of its own)

    def distinct(self, pile: list[int]) -> list[int]:
        """One instance per distinct card (copies are interchangeable choices)."""
        seen: dict[str, int] = {}
        cards = self.cards
        for inst in pile:
            if cards[inst] not in seen:
                seen[cards[inst]] = inst
        return list(seen.values())

    def groups(self, pile: list[int]) -> dict[str, list[int]]:
        """The pile's instances by card, in the pile's order: each group's first is `distinct`'s choice
        and the group is what `copies_refs` names, found in one pass over the pile."""
        out: dict[str, list[int]] = {}
        cards = self.cards
        for inst in pile:
            group = out.get(cards[inst])
            if group is None:
                out[cards[inst]] = [inst]
            else:
                group.append(inst)
        return out

    def _card_action(self, kind: str, template: str, cid: str, group: list[int]) -> Action:
        """The option to `kind` (pick, play) one of `group`, the copies of card `cid` in a pile: the same
        copies make the same option, so it is built once (`_acts`, shared by every clone) with lazy words."""
        key = (kind, cid, tuple(group))
        acts = self._acts
        action = acts.get(key)
        if action is None:
            if len(acts) >= ACTS_LIMIT:
                acts.clear()
            action = acts[key] = Action(kind, (group[0],), (_format, template, self.content.cards[cid].name),
                                        (_card_refs, group))
        return action

    def copies_refs(self, pile: list[int], inst: int) -> tuple[str, ...]:
        cid = self.cards[inst]
        return tuple(f"card:{i}" for i in pile if self.cards[i] == cid)

    def card_choices(self, kind: str, pile: list[int], template: str,
                     groups: dict[str, list[int]] | None = None) -> list[tuple]:
        """An effect's choice of one card of `pile` (one option per distinct card, refs naming every copy)
        as `ask` takes them: (kind, (instance,), template.format(name), refs). `groups`: the pile's `groups`,
        if the caller has them already."""
        acts = self._acts
        options: list = []
        for cid, group in (self.groups(pile) if groups is None else groups).items():
            key = (kind, template, cid, tuple(group))
            option = acts.get(key)
            if option is None:     # the same copies make the same option (words built when read, if ever)
                if len(acts) >= ACTS_LIMIT:
                    acts.clear()
                option = acts[key] = Option(kind, (group[0],), (_format, template, self.content.cards[cid].name),
                                            (_card_refs, group))
            options.append(option)
        return options

    def new_instance(self, card_id: str) -> int:
        if not self._own_cards:
            self.cards = list(self.cards)
            self._own_cards = True
        self.cards.append(card_id)
        return len(self.cards) - 1

    # ----- what a card is -----------------------------------------------------------------------

    def is_super(self, seat: int, inst: int) -> bool:
        """SUPER printed, or made SUPER by an attachment (Mystic Ball, Sticker)."""
        return self.cdef(inst).super or inst in self.p[seat].attached.values()

    def is_persistent(self, seat: int, inst: int) -> bool:
        if self.cdef(inst).is_persistent:
            return True
        player = self.p[seat]
        if player.attached:
            for a, t in player.attached.items():
                if t == inst and self.grants[self.cards[a]]:
                    return True
        return False

    def persistent_steps(self, seat: int, inst: int) -> tuple:
        card = self.cdef(inst)
        if card.persistent is not None:
            return card.persistent
        return card.effect            # a familiar made persistent repeats its effect (rules notes)

    def has_passive(self, seat: int, key: str) -> bool:
        player = self.p[seat]
        content = self.content.cards
        for inst in player.persist + player.chain:
            if content[self.cards[inst]].passive.get(key):
                return True
        return False

    def passive_value(self, seat: int, key: str) -> Any:
        player = self.p[seat]
        for inst in player.persist + player.chain:
            value = self.cdef(inst).passive.get(key)
            if value:
                return value
        return None

    def matches(self, inst: int, kind: str, value: str) -> bool:
        if kind == "card":
            return self.cards[inst] == value
        return value in self.cdef(inst).tags

    def count(self, seat: int, spec: dict, source: int | None) -> int:
        """The counts of `per_count` and `area_damage.per` over the seat's cards in play."""
        player = self.p[seat]
        in_play = player.persist + player.chain
        cards = self.content.cards
        if "tag" in spec:
            return sum(1 for i in in_play if spec["tag"] in cards[self.cards[i]].tags)
        if "card" in spec:
            return sum(1 for i in in_play if self.cards[i] == spec["card"])
        if "type" in spec:
            found = [self.cards[i] for i in in_play if cards[self.cards[i]].type == spec["type"]]
            return len(set(found)) if spec.get("distinct") else len(found)
        if "not_type" in spec:
            return sum(1 for i in in_play if cards[self.cards[i]].type != spec["not_type"])
        if spec.get("attached_family"):
            target = player.attached.get(source) if source is not None else None
            if target is None:
                return 0
            family = cards[self.cards[target]].family
            return sum(1 for i in in_play if cards[self.cards[i]].type == "familiar"
                       and cards[self.cards[i]].family == family)
        raise ValueError(f"unknown count {spec!r}")

    def in_play_has(self, seat: int, spec: dict) -> bool:
        player = self.p[seat]
        kind, value = ("card", spec["card"]) if "card" in spec else ("tag", spec["tag"])
        return any(self.matches(i, kind, value) for i in player.persist + player.chain)

    def test_now(self, seat: int, test: dict) -> bool:
        """A test at play time: only `in_play` can hold (no battle location yet)."""
        for key, value in test.items():
            if key == "in_play":
                if not self.in_play_has(seat, value):
                    return False
            else:
                return False
        return True

    def test_at(self, seat: int, test: dict, target: int) -> bool:
        """Conditions on the battle location (Cleave, Shot, Point Blank Shot, Sabertooth Tiger)."""
        for key, value in test.items():
            if key == "in_play":
                ok = self.in_play_has(seat, value)
            elif target == BOSS:
                ok = (key == "monsters_here_at_least" and value <= 1) or \
                     (key == "damaged_here" and any(pl.boss_dc > 0 for pl in self.p))
            elif key == "monsters_here_at_least":
                ok = len(self.mloc[target]) >= value
            elif key == "overrun_here":
                ok = any(m not in self.down and self.content.families[self.mon_family(m)].overrun
                         for m in self.mloc[target]) == value
            elif key == "damaged_here":
                ok = any(self.mdmg.get(m, 0) > 0 for m in self.mloc[target]) == value
            else:
                raise ValueError(f"unknown test {key!r}")
            if not ok:
                return False
        return True

    def attack_vs(self, seat: int, target: int) -> int:
        """Attack level when battling `target`: the level plus location-conditional bonuses."""
        player = self.p[seat]
        if not player.bonuses:
            return player.attack
        total = player.attack
        for _, amount, test in player.bonuses:
            if self.test_at(seat, test, target):
                total += amount
        return total

    # ----- card movement ------------------------------------------------------------------------

    def note_moved(self, seat: int, insts: list[int]) -> None:
        """Cards moved during a hidden Power Up are part of that seat's commitment: hidden from the other
        seats until the reveal (a card carries the mark of the seat that moved it last)."""
        commits = self.power_ups
        if commits is None or not commits.is_hidden(seat):
            return
        for i in insts:
            for other, moved in commits.committed.items():
                if other != seat and i in moved:
                    moved.remove(i)
            if i not in commits.committed[seat]:
                commits.add(seat, i)

    def power_up_sealed(self) -> bool:
        """Is this round's Power Up being kept secret now (Guardian game, before the reveal)?"""
        return self.power_ups is not None and self.power_ups.sealed

    def draw(self, seat: int, count: int) -> None:
        """Draw from the top; an empty deck first reshuffles the discard pile (Clean Up Phase 19)."""
        player = self.p[seat]
        drawn = []
        for _ in range(count):
            if not player.deck:
                if not self._reshuffle(seat):
                    break
            drawn.append(player.deck.pop())
            if player.known_top:
                player.known_top -= 1
        if drawn:
            player.hand.extend(drawn)
            self.mark_revealed()
            defs, cards = self.content.cards, self.cards
            names = []
            for i in drawn:
                names.append(defs[cards[i]].name)
            self.say("draw", (), (seat,), {"cards": tuple(drawn), "card_names": ", ".join(names)},
                     seat=seat, who=self._who[seat], count=len(drawn), count_words=counted(len(drawn), "card"))

    def _reshuffle(self, seat: int) -> bool:
        player = self.p[seat]
        if not player.discard:
            return False
        player.deck = sorted(player.discard)
        player.discard = []
        player.known_top = 0
        self.rng.shuffle(player.deck)
        self.say("shuffle", template="shuffle:deck", seat=seat, who=self._who[seat], pile="discard")
        return True

    def take_top(self, seat: int, count: int) -> list[int]:
        """Look at the top cards (reshuffling the discard pile when the deck runs out)."""
        player = self.p[seat]
        taken = []
        for _ in range(count):
            if not player.deck and not self._reshuffle(seat):
                break
            taken.append(player.deck.pop())
            if player.known_top:
                player.known_top -= 1
        if taken:
            self.mark_revealed()
        return taken

    def discard_from_hand(self, seat: int, inst: int) -> None:
        player = self.p[seat]
        player.hand.remove(inst)
        player.discard.append(inst)
        self.note_moved(seat, [inst])
        self.say("discard", (f"card:{inst}",), seat=seat, who=self._who[seat], card=inst,
                 card_name=self.card_name(inst), source="hand")

    def trash_card(self, seat: int, inst: int, pile: list[int] | None) -> None:
        """Trashing returns a card to the Guardian Supply's trash pile (BATTLE, "Trashing")."""
        if pile is not None:
            pile.remove(inst)
        if inst in self.virtual:
            self.virtual.discard(inst)
            return
        if self.cdef(inst).type == "coward":
            self.coward_pile.append(inst)
        else:
            self.trash.append(inst)
        self.note_moved(seat, [inst])
        self.say("trash", (f"card:{inst}",), seat=seat, who=self._who[seat], card=inst,
                 card_name=self.card_name(inst))

    def remove_from_play(self, seat: int, inst: int) -> None:
        player = self.p[seat]
        if inst in player.chain:
            player.chain.remove(inst)
        elif inst in player.persist:
            player.persist.remove(inst)
        for attacher, target in list(player.attached.items()):
            if attacher == inst or target == inst:
                del player.attached[attacher]
        if inst in player.under:
            player.discard.extend(player.under.pop(inst))

    def from_supply(self) -> int:
        """The top Supply card; an empty Supply first reshuffles the trash pile (PLAY AREA LAYOUT)."""
        if not self.supply:
            if not self.trash:
                return NONE
            self.supply = sorted(self.trash)
            self.trash = []
            self.rng.shuffle(self.supply)
            self.say("shuffle", template="shuffle:supply", pile="trash")
        return self.supply.pop()

    def gain_practice_swing(self, seat: int) -> None:
        """Orc Final Act, Kiara: the gained generic card (a Practice Swing) from the box on top of the deck."""
        if not self.ps_pool:
            return
        inst = self.ps_pool.pop()
        player = self.p[seat]
        player.deck.append(inst)
        player.known_top += 1
        self.say("gain", (f"card:{inst}",), template="gain:top", seat=seat, who=self._who[seat], card=inst,
                 card_name=self.card_name(inst))

    def enter_play(self, seat: int, inst: int) -> None:
        """A card enters the chain: resolve it, and fire "another X" conditions it satisfies."""
        player = self.p[seat]
        player.chain.append(inst)
        self.stack.append(Frame(self.cdef(inst).effect, seat, {"self": inst}))
        fired = []
        for entry in player.watch:
            if entry[0] != inst and self.matches(inst, entry[1], entry[2]):
                fired.append(entry)
        for entry in fired:
            player.watch.remove(entry)
            self.stack.append(Frame(entry[3], seat, {"self": entry[0]}))

    def replay_targets(self, seat: int) -> list[int]:
        player = self.p[seat]
        return self.distinct([i for i in player.persist + player.chain
                              if self.cdef(i).type != "item" and not self.is_super(seat, i)])

    def copy_targets(self, seat: int) -> list[tuple[int, int]]:
        out = []
        for other in self.order():
            if other == seat:
                continue
            player = self.p[other]
            for i in self.distinct([i for i in player.persist + player.chain if i not in self.virtual]):
                if self.cdef(i).type != "item" and not self.is_super(other, i):
                    out.append((other, i))
        return out

    def attach_targets(self, seat: int, kind: str) -> list[int]:
        player = self.p[seat]
        taken = set(player.attached.values())
        return [i for i in player.persist + player.chain
                if self.cdef(i).type == kind and not self.is_super(seat, i) and i not in self.virtual
                and i not in taken and not (kind == "item" and self.cdef(i).consumable)]

    # ----- monsters -----------------------------------------------------------------------------

    def damageable(self, m: int) -> bool:
        """Robots are immune to damage counters; Purify-A1 shields the city for a round."""
        return (m not in self.down and not self.shield_round
                and not self.content.families[self.mon_family(m)].immune)

    def place_dc(self, m: int, amount: int) -> bool:
        if amount <= 0 or not self.damageable(m):
            return False
        self.mdmg[m] = self.mdmg.get(m, 0) + amount
        return True

    def damage_boss(self, seat: int, amount: int) -> None:
        """Damage counters used against a boss become attack (BOSS BATTLE)."""
        self.p[seat].boss_dc += amount
        self.say("damage", ("boss",), template="damage:boss", seat=seat, who=self._who[seat], amount=amount,
                 amount_words=counted(amount, "damage counter"), target="boss", boss_name=self.boss_name())

    def value(self, loc: int) -> int:
        """A location's combined value: each monster's attack less its damage."""
        monsters, mons, mdmg = self.content.monsters, self.mons, self.mdmg
        total = 0
        for m in self.mloc[loc]:
            left = monsters[mons[m]].attack - mdmg.get(m, 0)
            if left > 0:
                total += left
        return total

    def fort_at(self, loc: int) -> int:
        for seat, player in enumerate(self.p):
            if player.fort == loc:
                return seat
        return NONE

    def draw_monster(self, wave: int | None = None) -> int:
        """BATTLE 13: the current wave; when it runs out the Retreat pile shuffled; then the next wave."""
        cur = self.cur_wave - 1 if wave is None else wave
        decks = self.wave_decks
        if decks[cur]:
            return decks[cur].pop()
        if self.retreat_pile:
            pile = sorted(self.retreat_pile)
            self.retreat_pile = []
            self.rng.shuffle(pile)
            decks[cur] = pile
            self.say("shuffle", template="shuffle:retreat", pile="retreat")
            return decks[cur].pop()
        for w in list(range(cur + 1, 3)) + list(range(0, cur)):
            if decks[w]:
                return decks[w].pop()
        return NONE

    def empty_symbols(self) -> list[int]:
        out = []
        for loc in self.city_indices:
            if self.fort_at(loc) == NONE:
                out.extend([loc] * max(0, self.L[loc].symbols - len(self.mloc[loc])))
        return out

    def invade(self, face_down: bool = False, wave: int | None = None, only: tuple | None = None) -> None:
        """Monsters invade every visible (unfortified) empty symbol, locations in numerical order."""
        forts = set()                                     # (fort_at(loc) != NONE; forts do not move here)
        for player in self.p:
            forts.add(player.fort)
        for loc in only if only is not None else self.city_indices:
            if loc in forts:
                continue
            for _ in range(self.L[loc].symbols - len(self.mloc[loc])):
                m = NONE
                if wave is not None and self.wave_decks[wave]:
                    m = self.wave_decks[wave].pop()
                if m == NONE:
                    m = self.draw_monster()
                if m == NONE:
                    return
                self.mloc[loc].append(m)
                if face_down:
                    self.down.add(m)
                    self.say("invade", (f"loc:{loc}",), template="invade:down", mon=m, loc=loc, loc_name=self.loc_name(loc),
                             face_down=True)
                else:
                    self.enter_city(m)

    def enter_city(self, m: int) -> None:
        """A monster enters play face up: its family's entry effect (Orcs damage every Orc)."""
        self.mark_revealed()
        loc = self.where(m)
        self.say("invade", (f"mon:{m}",), mon=m, mon_name=self.mon_name(m), attack=self.mon_attack(m), loc=loc,
                 loc_name=self.loc_name(loc), face_down=False)
        for name, params in self.content.families[self.mon_family(m)].on_enter:
            if name == "damage_family":
                for loc in self.city_indices:
                    for other in self.mloc[loc]:
                        if other not in self.down and self.mon_family(other) == params["family"]:
                            self.place_dc(other, params["amount"])

    def retreat(self, m: int) -> None:
        loc = self.where(m)
        if loc != NONE:
            self.mloc[loc].remove(m)
        self.down.discard(m)
        self.mdmg.pop(m, None)
        self.retreat_pile.append(m)
        self.say("retreat", (f"mon:{m}",), mon=m, mon_name=self.mon_name(m))

    def collect(self, seat: int, m: int) -> None:
        """BATTLE 11: the monster becomes a trophy and its reward is gained."""
        loc = self.where(m)
        if loc != NONE:
            self.mloc[loc].remove(m)
        self.down.discard(m)
        self.mdmg.pop(m, None)
        self.p[seat].trophies.append(m)
        kind = self.content.monsters[self.mons[m]]
        self.say("trophy", (f"mon:{m}",), seat=seat, who=self._who[seat], mon=m, mon_name=kind.name,
                 points=kind.trophy, points_words=counted(kind.trophy, "trophy point"))
        reward = self.content.families[kind.family].reward
        if reward:
            self.stack.append(Frame(reward, seat, {"self": None, "mon": m}))

    def collect_defeated(self, seat: int) -> None:
        """A monster with damage counters at least its attack is defeated and collected."""
        monsters, mons, down, mdmg = self.content.monsters, self.mons, self.down, self.mdmg
        if not mdmg and self.damage_to_defeat:      # no monster has a damage counter: none is defeated
            self._order_rewards()
            return
        mloc = self.mloc
        for loc in self.city_indices:
            if mloc[loc]:               # (the monsters copied only where one is collected: it leaves the list)
                for m in mloc[loc]:
                    if m not in down and mdmg.get(m, 0) >= monsters[mons[m]].attack:
                        break
                else:
                    continue
                for m in list(mloc[loc]):
                    if m not in down and mdmg.get(m, 0) >= monsters[mons[m]].attack:
                        self.collect(seat, m)
        self._order_rewards()

    # ----- set-up -------------------------------------------------------------------------------

    def _setup(self) -> None:
        """SET-UP 1-10 (both difficulties), then DECK CREATION 11-14."""
        content, rng = self.content, self.rng
        for seat in range(self.n):
            if not self.apprentice:
                self._set_colour(seat, COLOURS[seat])
        # 5-6: First Wave invades every symbol; the other waves are shuffled face down.
        for kid in sorted(content.monsters):
            for w, copies in enumerate(content.monsters[kid].waves):
                for _ in range(copies):
                    self.wave_decks[w].append(len(self.mons))
                    self.mons.append(kid)
                    self.mwave.append(w + 1)
        for deck in self.wave_decks:
            rng.shuffle(deck)
        self.cur_wave = 1
        self.invade()
        self.cur_wave = 2
        # 7: one Blue and one Red boss (Apprentice: Blue only).
        for colour in ("blue",) if self.apprentice else ("blue", "red"):
            ids = sorted(b for b, d in content.bosses.items() if d.colour == colour)
            self.bosses[colour] = rng.pick(ids)
        # 9-10: the Trailblazer; the Timekeeper moves a step.
        self.trail = rng.randrange(self.n)
        self.tk = 1
        self.say("setup", template="setup:trail", seat=self.trail, who=self.seat_name(self.trail))
        # card instances in a canonical order
        by_kind: dict[str, list[int]] = {}
        for cid, card in content.cards.items():
            for _ in range(card.copies):
                by_kind.setdefault(cid, []).append(len(self.cards))
                self.cards.append(cid)
        # 11-12: one Explore and five Practice Swings each; the rest go back to the box.
        for seat in range(self.n):
            for cid, count in content.setup.starting_generics:
                for _ in range(count):
                    self.p[seat].deck.append(by_kind[cid].pop())
        self.ps_pool = by_kind.pop(content.setup.gained_card)
        for cid in [c for c in by_kind if content.cards[c].type in ("generic", "coward")]:
            insts = by_kind.pop(cid)
            (self.coward_pile if content.cards[cid].type == "coward" else self.box).extend(insts)
        supers = sorted(i for cid, insts in by_kind.items() if content.cards[cid].super for i in insts)
        guardian = sorted(i for cid, insts in by_kind.items() if not content.cards[cid].super for i in insts)
        self.quests = sorted(content.quests)
        if self.apprentice:
            self.quest_box = list(range(len(self.quests)))
            self.pool = supers + guardian     # open: the printed decks are taken from it, the rest is the Supply
            self.phase = "colour"
            self.turn_i = 0
            return
        # 13: two secret quests each, two face down on the Red boss.
        quests = list(range(len(self.quests)))
        rng.shuffle(quests)
        for seat in range(self.n):
            self.p[seat].quest_hand = [quests.pop() for _ in range(content.setup.quests_dealt)]
        self.boss_cards["red"] = [quests.pop() for _ in range(content.setup.quests_on_boss)]
        self.quest_box = quests
        # 14: two SUPER cards each, two face down on the Blue boss.
        rng.shuffle(supers)
        for seat in range(self.n):
            self.p[seat].super_hand = [supers.pop() for _ in range(content.setup.supers_dealt)]
        self.boss_cards["blue"] = [supers.pop() for _ in range(content.setup.supers_on_boss)]
        self.box.extend(supers)
        # 15: deal the draft (one player: 36; two players: a Ghost stack too).
        rng.shuffle(guardian)
        size = content.setup.draft_size
        if self.n == 1:
            self.packs = [[guardian.pop() for _ in range(content.setup.solo_deal)]]
            self.holder = [0]
        else:
            stacks = self.n + (1 if self.n == 2 else 0)
            self.packs = [[guardian.pop() for _ in range(size)] for _ in range(stacks)]
            self.holder = [(self.trail + k) % self.n for k in range(self.n)]
            if self.n == 2:
                self.ghost_pack = 2
                self.holder.append(self.trail)       # Player A (the Trailblazer) starts with the Ghost's stack
        self.supply = guardian
        self.phase = "draft"

    def _apprentice_decks(self, seat: int, deck_id: str) -> None:
        """PRECONSTRUCTED DECKS: the printed list plus its SUPER card; the Supply keeps the rest."""
        deck = self.content.decks[deck_id]
        player = self.p[seat]
        self._set_colour(seat, deck.colour)
        for cid, count in deck.cards + ((deck.super, 1),):
            for _ in range(count):
                inst = next(i for i in self.pool if self.cards[i] == cid)
                self.pool.remove(inst)
                player.drafted.append(inst)

    # ----- the phase machine --------------------------------------------------------------------

    def _game_over(self) -> bool:
        return self.final is not None

    def _phase_colour(self) -> None:
        if self.turn_i >= self.n:
            self.box.extend(i for i in self.pool if self.cdef(i).super)
            self.supply = sorted(i for i in self.pool if not self.cdef(i).super)
            self.pool = []
            self.rng.shuffle(self.supply)
            self.phase = "deal"
            return
        self.pending = Pending("colour", (self.trail + self.turn_i) % self.n, None)

    def _phase_draft(self) -> None:
        """DRAFT GUARDIAN CARDS 15-16 (TWO PLAYER MODE: the Ghost; ONE PLAYER MODE: 36, keep 13)."""
        if self.n == 1:
            player = self.p[0]
            if len(player.drafted) < self.content.setup.solo_keep and self.packs[0]:
                self.pending = Pending("draft", 0, 0)
                return
            rest = self.packs[0]
            self.packs[0] = []
            self.trash.extend(rest)
            self.mark_revealed()
            self.say("draft", template="draft:rest", count=len(rest), cards=tuple(rest))
            self.phase = "final"
            self.turn_i = 0
            return
        if not self.queue:
            if self.ticks:
                self.holder = [(h + 1) % self.n for h in self.holder]     # every stack passes left
            self.ticks += 1
            rank = {s: k for k, s in enumerate(self.order())}
            self.queue = sorted((k for k, pack in enumerate(self.packs) if pack),
                                key=lambda k: (rank[self.holder[k]], k == self.ghost_pack, k))
            self.ghost_done = False
            if not self.queue:
                if self.ghost:
                    self.trash.extend(self.ghost)
                    self.mark_revealed()
                    self.say("draft", template="draft:ghost_trash", count=len(self.ghost), cards=tuple(self.ghost))
                    self.ghost = []
                self.phase = "final"
                self.turn_i = 0
                return
        k = self.queue[0]
        if k == self.ghost_pack and not self.ghost_done:
            pack = self.packs[k]
            card = pack.pop(self.rng.randrange(len(pack)))
            self.ghost.append(card)
            self.ghost_done = True
            self.say("draft", template="draft:ghost", seat=self.holder[k], who=self.seat_name(self.holder[k]))
            if not pack:
                self.queue.pop(0)
                self.ghost_done = False
                return
        self.pending = new_pending(("draft", self.holder[k], k))

    def _phase_final(self) -> None:
        """FINAL CHOICE 17, then 18: the boss cards are flipped face up."""
        if self.turn_i < self.n:
            self.pending = Pending("final", (self.trail + self.turn_i) % self.n, None)
            return
        self.boss_up = True
        self.mark_revealed()
        self.say("setup", template="setup:bosses", cards=tuple(self.boss_cards["blue"]),
                 quests=tuple(self.boss_cards["red"]),
                 card_names=", ".join(self.card_name(i) for i in self.boss_cards["blue"]),
                 quest_names=", ".join(self.content.quests[self.quests[q]].name for q in self.boss_cards["red"]))
        self.phase = "deal"

    def _phase_deal(self) -> None:
        """WARM UP 19-21: decks shuffled, four cards drawn, the Timekeeper moves to Round 1."""
        for seat in self.order():
            player = self.p[seat]
            player.deck.extend(player.drafted)
            player.drafted = []
            player.deck.sort()
            self.rng.shuffle(player.deck)
            self.draw(seat, self.content.setup.hand_size)
        self.tk += 1
        self.phase = "round_start"

    def _phase_round_start(self) -> None:
        """A battle round begins; in a boss round the boss is revealed first (BOSS BATTLE)."""
        space = self.track[self.tk]
        self.round_no += 1
        self.power_ups = Commitments(self.order(), hidden=self.hidden_power_up)
        self.say("round", template="round:boss" if space.endswith("boss") else "round", round=self.round_no,
                 boss_round=space.endswith("boss"))
        self.phase = "location"
        self.turn_i = 0
        if space in ("blue_boss", "red_boss"):
            colour = space.split("_")[0]
            self.boss = colour
            boss = self.boss_def(colour)
            self.mark_revealed()
            shown = ", ".join(self.card_name(i) if colour == "blue" else self.content.quests[self.quests[i]].name
                              for i in self.boss_cards[colour])
            self.say("boss", ("boss",), template="boss:attacks:shown" if shown else "boss:attacks", colour=colour,
                     boss_name=boss.name, attack=self.boss_attack(colour), shown=shown,
                     display=tuple(self.boss_cards[colour]))
            per_seat: list[tuple] = []
            for name, _ in boss.reveal:
                if name == "shield_city":
                    self.shield_round = True
                elif name == "reset_city":
                    for player in self.p:
                        player.fort = NONE
                    for loc in self.city_indices:
                        for m in list(self.mloc[loc]):
                            self.retreat(m)
                    self.invade()
                else:
                    per_seat.append({
                        "all_discard_hand_redraw": ("_hand_redraw", {}),
                        "all_gain_practice_swing": ("_gain_ps_top", {}),
                        "all_discard_item": ("_discard_play", {"items_only": True}),
                        "all_discard": ("discard", {"amount": 1}),
                    }[name])
            if per_seat:
                for seat in reversed(self.order()):
                    self.stack.append(Frame(tuple(per_seat), seat, {"self": None}))

    def safe_locations(self) -> list[int]:
        """LOCATION PHASE 1: a location without a monster (Home always; a fort keeps one empty).
        The first round: only Home (BATTLE, "The first turn")."""
        home = [] if self.home_flipped else [self.base_index]
        if self.round_no == 1:
            return home
        mloc = self.mloc
        for loc in self.city_indices:
            if not mloc[loc]:
                home.append(loc)
        return home

    def _phase_location(self) -> None:
        if self.turn_i >= self.n:
            self.phase = "overrun"
            return
        seat = (self.trail + self.turn_i) % self.n
        if not self.safe_locations():
            self.say("location", seat=seat, who=self._who[seat])
            self.turn_i += 1
            return
        self.pending = new_pending(("location", seat, None))

    def overrunning(self) -> list[str]:
        """OVERRUN PHASE: families with Overrun and two or more face-up monsters in the city."""
        counts: dict[str, int] = {}
        for loc in self.city_indices:
            for m in self.mloc[loc]:
                if m not in self.down:
                    fam = self.mon_family(m)
                    if self.content.families[fam].overrun:
                        counts[fam] = counts.get(fam, 0) + 1
        return [f for f in sorted(counts, key=lambda f: (self.content.families[f].overrun != "discard_hand", f))
                if counts[f] >= 2]

    def _phase_overrun(self) -> None:
        frames = []
        for fam in self.overrunning():
            kind = self.content.families[fam].overrun
            self.say("overrun", family=fam, family_name=self.content.families[fam].name)
            step = ("discard", {"amount": 1}) if kind == "discard_hand" else ("_discard_play", {})
            for seat in self.order():
                if self.p[seat].ignore_overrun:
                    self.say("overrun", template="overrun:ignored", seat=seat, who=self._who[seat], family=fam)
                    continue
                frames.append(Frame((step,), seat, {"self": None}))
        self.stack.extend(reversed(frames))
        self.phase = "powerup"

    def _phase_powerup(self) -> None:
        """POWER UP PHASE 5-7 on the kernel's `Commitments`: seat by seat in turn order, each seat's Power Up
        (persistent benefits first, then cards from hand) is its commitment, hidden in the Guardian game;
        once every seat has finished, all are revealed at once; then Borrows waiting for the reveal resolve
        in turn order and their owners go on openly (rules notes, "Power Up", "Borrow")."""
        commits = self.power_ups
        assert commits is not None
        while True:                 # each step that asks nobody and stacks nothing is followed by the next here
            seat = commits.next_seat()
            if seat is None:
                if commits.revealed:
                    self.phase = "end_pu"
                    return
                self._reveal_power_ups()
                return
            player = self.p[seat]
            status = commits.status(seat)
            if status == WAITING:
                commits.begin(seat)
                player.energy += player.bonus_energy
                player.attack += player.bonus_attack
                for inst in reversed(player.persist):
                    self.stack.append(Frame(self.persistent_steps(seat, inst), seat, {"self": inst}))
                if self.stack:
                    return
            elif status == BUILDING:
                self.pending = new_pending(("powerup", seat, None))
                return
            else:                                  # offered to go on after the reveal: only a waiting Borrow does
                waiting = [b for b in player.borrows if b in player.chain] if player.borrows else None
                player.borrows = []
                if waiting:
                    commits.reopen(seat)
                    for b in reversed(waiting):
                        self.stack.append(Frame((("copy_other", {}),), seat, {"self": b}))
                    return
                commits.skip(seat)

    def _reveal_power_ups(self) -> None:
        """Every seat has finished: the Power Ups are revealed together (in the Apprentice game they were
        open all along), then each seat in turn is offered to go on (a waiting Borrow)."""
        commits = self.power_ups
        assert commits is not None
        commits.reveal()
        if commits.hidden:
            self.mark_revealed()
            defs, cards = self.content.cards, self.cards
            for seat in self.order():
                player = self.p[seat]
                names = []
                for i in player.chain:
                    names.append(defs[cards[i]].name)
                self.say("reveal", seat=seat, who=self._who[seat], cards=tuple(player.chain),
                         card_names=", ".join(names) or "nothing",
                         energy=player.energy, attack=player.attack, dc=player.dc,
                         dc_words=counted(player.dc, "damage counter"))
        commits.amend()

    def _phase_end_pu(self) -> None:
        for seat in reversed(self.order()):
            for source, steps in reversed(self.p[seat].end_pu):
                self.stack.append(Frame(steps, seat, {"self": source}))
        self.phase = "battle_start"

    def _phase_battle_start(self) -> None:
        """Face-down monsters (Field, Third Wave) are flipped when the Battle Phase starts."""
        for loc in self.city_indices:
            for m in list(self.mloc[loc]):
                if m in self.down:
                    self.down.discard(m)
                    self.enter_city(m)
        self.phase = "battle"
        self.turn_i = 0
        self.bstep = 0

    def in_battle_turn(self, seat: int) -> bool:
        """Is it `seat`'s Battle turn, its start effects under way or done (BATTLE PHASE 9-11)? A card
        whose effect comes "in your Battle Phase" then resolves at once instead of waiting for the start."""
        return (self.phase == "battle" and self.turn_i < self.n and (self.trail + self.turn_i) % self.n == seat
                and self.bstep >= 2)

    def museum_spots(self) -> list[int]:
        return [loc for loc in self.city_indices if self.mloc[loc]]

    def _phase_battle(self) -> None:
        """BATTLE PHASE 9-15, in turn order. A step that asks nobody, stacks nothing and does not end the game
        is followed by the next one here, as the kernel's loop would run it next (no round trip through it)."""
        while True:
            if self.turn_i >= self.n:
                self.phase = "boss_resolve" if self.boss is not None else "cleanup"
                return
            seat = (self.trail + self.turn_i) % self.n
            player = self.p[seat]
            if self.bstep == 0:
                if player.museum != NONE:
                    if self.museum_spots():
                        self.pending = Pending("museum", seat, None)
                        return
                    m = player.museum
                    player.museum = NONE
                    self.retreat_pile.append(m)
                    self.say("museum", template="museum:retreats", seat=seat, who=self._who[seat])
                self.bstep = 1
            elif self.bstep == 1:
                self.bstep = 2
                for source, steps in reversed(player.battle_fx):
                    self.stack.append(Frame(steps, seat, {"self": source}))
            elif self.bstep == 2:
                self.pending = new_pending(("battle", seat, None))
                return
            elif self.bstep == 3:
                self.collect_defeated(seat)
                self.bstep = 4
                if self.fort_options(seat):
                    self.pending = Pending("fort", seat, None)
                    return
            else:
                self.invade()
                self.turn_i += 1
                self.bstep = 0
            if self.pending is not None or self.stack or self.final is not None or self.phase != "battle":
                return

    def fort_options(self, seat: int) -> list[tuple]:
        """BATTLE 12: place, move, keep or remove the seat's Blanket Fort (vacant locations only)."""
        player = self.p[seat]
        vacant = []
        for loc in self.city_indices:
            if not self.mloc[loc] and self.fort_at(loc) == NONE:
                vacant.append(loc)
        if player.fort == NONE and not vacant:
            return []
        options: list[tuple] = []
        if player.fort != NONE:
            options.append(("keep", (), f"Keep your Blanket Fort at {self.loc_name(player.fort)}", (f"loc:{player.fort}",)))
            options.append(("remove", (), "Remove your Blanket Fort", ()))
        else:
            options.append(("none", (), "Place no Blanket Fort", ()))
        verb = "Move" if player.fort != NONE else "Place"
        for loc in vacant:
            options.append(("fort", (loc,), f"{verb} your Blanket Fort to {self.loc_name(loc)}", (f"loc:{loc}",)))
        return options

    def _phase_boss_resolve(self) -> None:
        """BOSS BATTLE: the fighters' attacks add up against value x players."""
        colour = self.boss
        assert colour is not None
        boss = self.boss_def(colour)
        fighters = [s for s in self.order() if self.p[s].fights_boss]
        total = sum(self.p[s].boss_contrib for s in fighters)
        need = self.boss_attack(colour)
        won = total >= need
        self.boss_done[colour] = won
        self.mark_revealed()
        self.say("boss", ("boss",), template="boss:won" if won else "boss:lost", colour=colour, boss_name=boss.name,
                 total=total, need=need, won=won, fighters=tuple(fighters))
        rank = {s: k for k, s in enumerate(self.order())}
        if won:
            self.reward_queue = sorted(fighters, key=lambda s: (-self.p[s].boss_contrib, rank[s]))
            self.phase = "boss_reward"
            return
        non_fighters = [s for s in self.order() if s not in fighters]
        if colour == "blue" and colour != self.final_colour:
            self.home_flipped = True
            self.say("boss", template="boss:home", loc=self.base_index)
            for seat in non_fighters:
                if self.coward_pile:
                    self.p[seat].discard.append(self.coward_pile.pop())
                    self.say("coward", seat=seat, who=self._who[seat], card=self.p[seat].discard[-1])
        if colour == "red":
            for seat in non_fighters:
                trophies = self.p[seat].trophies
                for _ in range(2):
                    if trophies:
                        best = max(range(len(trophies)),
                                   key=lambda k: (self.content.monsters[self.mons[trophies[k]]].trophy, k))
                        m = trophies.pop(best)
                        self.retreat_pile.append(m)
                        self.say("retreat", template="retreat:trophy", seat=seat, who=self._who[seat], mon=m,
                                 mon_name=self.mon_name(m))
        if colour == self.final_colour:
            self._finish()
            return
        self.phase = "cleanup"

    def _phase_boss_reward(self) -> None:
        colour = self.boss
        display = self.boss_cards[colour] if colour else []
        if self.reward_queue and display:
            self.pending = Pending("boss_reward", self.reward_queue[0], None)
            return
        self.reward_queue = []
        if colour == self.final_colour:
            self._finish()
            return
        self.phase = "cleanup"

    def _phase_cleanup(self) -> None:
        """CLEAN UP PHASE 17-21."""
        for seat in self.order():
            self._cleanup_seat(seat)
        self.boss = None
        self.shield_round = False
        self.power_ups = None
        self.trail = (self.trail - 1) % self.n
        self.tk += 1
        if self.track[self.tk] == "third_wave":
            self._third_wave()
            self.tk += 1
        if self.track[self.tk] == "end":
            self._finish()
            return
        self.phase = "round_start"

    def _cleanup_seat(self, seat: int) -> None:
        player = self.p[seat]
        keep = []
        for inst in player.chain:
            if inst in self.virtual:
                self.virtual.discard(inst)
            elif self.is_persistent(seat, inst):
                keep.append(inst)
            else:
                player.discard.append(inst)
                if inst in player.under:
                    player.discard.extend(player.under.pop(inst))
        player.persist.extend(keep)
        player.chain = []
        player.discard.extend(player.hand)
        player.hand = []
        player.energy = player.attack = player.dc = 0
        player.watch, player.end_pu, player.battle_fx, player.bonuses = [], [], [], []
        player.used, player.borrows = [], []
        player.loc = NONE
        player.ignore_overrun = False
        player.boss_dc = player.boss_contrib = 0
        player.fights_boss = False
        player.battled = NONE
        draw = self.passive_value(seat, "cleanup_draw")
        if draw:
            self.draw(seat, draw)
            rest = self.passive_value(seat, "cleanup_discard") or 0
            if rest:
                self.stack.insert(0, Frame((("discard", {"amount": rest}),), seat, {"self": None}))
        else:
            self.draw(seat, self.content.setup.hand_size)

    def _third_wave(self) -> None:
        """THIRD WAVE: red locations are cleared and re-invaded face down from the Third Wave."""
        for loc in self.red_indices:
            for m in list(self.mloc[loc]):
                self.retreat(m)
        self.cur_wave = 3
        self.invade(face_down=True, wave=2, only=self.red_indices)
        self.say("wave", wave=3)

    # ----- the end ------------------------------------------------------------------------------

    def quest_met(self, seat: int, qinst: int) -> bool:
        """QUESTS 1-12, checked when the game ends."""
        name, params = self.content.quests[self.quests[qinst]].test
        player = self.p[seat]
        content = self.content

        def owned(pl: Player) -> list[int]:
            """"Between your hand, deck, in play, and discard pile": cards set under Aimed Shot are in play."""
            tucked = [i for under in pl.under.values() for i in under]
            return [i for i in pl.hand + pl.deck + pl.discard + pl.persist + pl.chain + tucked
                    if i not in self.virtual]

        def most(value) -> bool:
            mine = value(player)
            return mine > 0 and all(mine > value(other) for s, other in enumerate(self.p) if s != seat)

        families = [content.monsters[self.mons[m]].family for m in player.trophies]
        if name == "most_generics":
            return most(lambda pl: sum(1 for i in owned(pl) if content.cards[self.cards[i]].type == "generic"))
        if name == "most_family":
            return most(lambda pl: sum(1 for m in pl.trophies if content.monsters[self.mons[m]].family
                                       == params["family"]))
        if name == "every_family":
            return len(set(families)) >= len(content.families)
        if name == "wave_trophies":
            return sum(1 for m in player.trophies if self.mwave[m] == params["wave"]) >= params["at_least"]
        if name == "skill_class_distinct":
            by_class: dict[str, set] = {}
            for i in owned(player):
                card = content.cards[self.cards[i]]
                if card.type == "skill" and not card.super:
                    by_class.setdefault(card.klass, set()).add(card.id)
            return any(len(v) >= params["at_least"] for v in by_class.values())
        if name == "family_trophies_distinct":
            by_family: dict[str, set] = {}
            for m in player.trophies:
                by_family.setdefault(content.monsters[self.mons[m]].family, set()).add(self.mons[m])
            return any(len(v) >= params["at_least"] for v in by_family.values())
        if name == "familiar_pairs":
            counts: dict[str, dict[str, int]] = {}
            for i in owned(player):
                card = content.cards[self.cards[i]]
                if card.type == "familiar":
                    fam = counts.setdefault(card.family, {})
                    fam[card.id] = fam.get(card.id, 0) + 1
            return any(sum(1 for c in fam.values() if c >= params["sets"]) >= 2 for fam in counts.values())
        if name == "duplicate_weapon":
            weapons: dict[str, int] = {}
            for i in owned(player):
                card = content.cards[self.cards[i]]
                if card.weapon:
                    weapons[card.id] = weapons.get(card.id, 0) + 1
            return any(c >= params["at_least"] for c in weapons.values())
        raise ValueError(f"unknown quest test {name!r}")

    def trophy_points(self, seat: int) -> int:
        return sum(self.content.monsters[self.mons[m]].trophy for m in self.p[seat].trophies)

    def scores(self) -> tuple[list[int], list[int]]:
        """SCORING: trophy points plus completed quests; also how many quests each completed."""
        totals, done = [], []
        for seat in range(self.n):
            met = [q for q in self.p[seat].quests if self.quest_met(seat, q)]
            totals.append(self.trophy_points(seat) + sum(self.content.quests[self.quests[q]].points for q in met))
            done.append(len(met))
        return totals, done

    def rating(self, score: int) -> str:
        for threshold, title in self.content.setup.solo_ratings:
            if score >= threshold:
                return title
        return self.content.setup.solo_ratings[-1][1]

    def _finish(self) -> None:
        """SCORING: the final boss not defeated — everyone loses; else most points, then most quests."""
        totals, done = self.scores()
        defeated = bool(self.boss_done.get(self.final_colour))
        best = max(totals)
        leaders = [s for s in range(self.n) if totals[s] == best]
        top_quests = max(done[s] for s in leaders)
        leaders = [s for s in leaders if done[s] == top_quests]
        names = " and ".join(self.seat_name(s) for s in leaders)
        if not defeated:
            reason = f"{self.boss_def(self.final_colour).name} was not defeated: Arthursburg falls and everyone loses"
            if self.n > 1 and not self.coop:
                reason += f" (best loser: {names}, {best} points)"
            winners: tuple[int, ...] = ()
        elif self.coop:
            reason = f"{self.boss_def(self.final_colour).name} is defeated: the Guardians save Arthursburg together"
            winners = tuple(range(self.n))
        else:
            winners = tuple(leaders)
            reason = f"{names} {'is' if len(leaders) == 1 else 'are'} crowned True Guardian ({best} points)"
        if self.n == 1:
            reason += f" — rating: {self.rating(totals[0])} ({totals[0]} points)"
        self.final = {"winners": winners, "reason": reason, "scores": tuple(totals), "coop_loss": not defeated}
        self.phase = "over"
        self.say("end", reason=reason, winners=winners, scores=tuple(totals))

    # ----- decisions ----------------------------------------------------------------------------

    def _options_effect(self, seat: int, data: Any) -> tuple:
        kind, prompt, options = data
        return prompt, options, kind

    def _options_colour(self, seat: int, data: Any) -> tuple:
        taken = {self.p[s].colour for s in range(self.n)}
        options = [("colour", (d.id,), f"Play {d.colour}: the {self.content.cards[d.super].name} deck", ())
                   for d in self.content.decks.values() if d.colour not in taken]
        return "Choose your colour and preconstructed deck", options, "setup"

    def _options_draft(self, seat: int, k: Any) -> tuple:
        pack = self.packs[k]
        options = []
        for cid, group in self.groups(pack).items():
            options.append(self._card_action("pick", "Pick {}", cid, group))
        if self.n == 1:
            prompt = f"Pick a card for your deck ({len(self.p[0].drafted)} of {self.content.setup.solo_keep})"
        else:
            whose = "the Ghost's stack" if k == self.ghost_pack else "your stack"
            prompt = f"Draft a card from {whose} ({len(pack)} cards)"
        return prompt, options, "draft"

    def _options_final(self, seat: int, data: Any) -> tuple:
        player = self.p[seat]
        options = []
        for s in self.distinct(player.super_hand):
            for q in player.quest_hand:
                options.append(("keep", (s, q), f"Keep {self.card_name(s)} and the quest "
                                                f"{self.content.quests[self.quests[q]].name}", (f"card:{s}", f"quest:{q}")))
        return "Final choice: keep one SUPER card and one secret quest", options, "setup"

    def _options_location(self, seat: int, data: Any) -> tuple:
        options = [Action("visit", (loc,), (_format, "Visit {}", self.loc_name(loc)), (f"loc:{loc}",))
                   for loc in self.safe_locations()]
        return "Location Phase: visit a safe location", options, "location"

    def _options_powerup(self, seat: int, data: Any) -> tuple:
        player = self.p[seat]
        defs = self.content.cards
        energy = player.energy
        options: list = []
        for cid, group in self.groups(player.hand).items():
            if defs[cid].requires <= energy:
                options.append(self._card_action("play", "Play {}", cid, group))
        if player.persist or player.chain:
            options += self.ability_options(seat, "power_up")
        options.append(_DONE)
        return ((_format, "Power Up: energy {}, attack {}, {} damage counters", energy, player.attack, player.dc),
                options, "main")

    def ability_options(self, seat: int, when: str) -> list[Action]:
        player = self.p[seat]
        options: list[Action] = []
        seen = set()
        defs = self.content.cards
        for inst in player.persist + player.chain:
            ability = defs[self.cards[inst]].ability
            if ability is None or inst in player.used or self.cards[inst] in seen:
                continue
            if when == "power_up" and ability.window != "power_up_or_battle":
                continue
            first = ability.steps[0][0] if ability.steps else ""
            if first == "replay" and not self.replay_targets(seat):
                continue
            if first == "trash_for" and not (player.hand or player.discard):
                continue
            seen.add(self.cards[inst])
            options.append(Action("ability", (inst,), (_format, "{}: {}", self.card_name(inst), ability.label),
                                  (f"card:{inst}",)))
        return options

    def _options_museum(self, seat: int, data: Any) -> tuple:
        m = self.p[seat].museum
        options = [("place", (loc,), f"Place {self.mon_name(m)} at {self.loc_name(loc)}", (f"loc:{loc}",))
                   for loc in self.museum_spots()]
        return "Museum: place your secret monster with another monster", options, "place"

    def _options_battle(self, seat: int, data: Any) -> tuple:
        player = self.p[seat]
        options: list = []
        append = options.append
        dc = player.dc
        if dc > 0:
            mdmg = self.mdmg
            for loc in self.city_indices:
                for m in self.mloc[loc]:
                    if not self.damageable(m):
                        continue
                    attack = self.mon_attack(m)
                    dmg = mdmg.get(m, 0)
                    need = max(1, attack - dmg)
                    label = self._mon_words(m, attack, dmg, loc)
                    refs = (f"mon:{m}",)
                    append(Action("dc", (m, 1), (_format, "Place 1 damage counter on {}", label), refs))
                    if 1 < need <= dc:
                        append(Action("dc", (m, need), (_format, "Place {} damage counters on {} (defeats it)", need,
                                                        label), refs))
                    elif 1 < dc < need:
                        append(Action("dc", (m, dc), (_format, "Place all {} damage counters on {}", dc, label), refs))
            if self.boss is not None:
                append(Action("dc", (BOSS, dc), (_format, "Place all {} damage counters on the boss", dc), ("boss",)))
        if player.persist or player.chain:
            options += self.ability_options(seat, "battle")
        if self.boss is not None:
            append(Action("boss", (), (_format, "Battle {} (your attack {})", self.boss_name(),
                                       self.attack_vs(seat, BOSS)), ("boss",)))
        if not (self.apprentice and self.boss is not None):
            # `attack_vs` and `value` written out (about nine locations a listing)
            mloc, bonuses, base = self.mloc, player.bonuses, player.attack
            monsters, mons, mdmg = self.content.monsters, self.mons, self.mdmg
            for loc in self.city_indices:
                here = mloc[loc]
                if here:
                    attack = self.attack_vs(seat, loc) if bonuses else base
                    value = 0
                    for m in here:
                        left = monsters[mons[m]].attack - mdmg.get(m, 0)
                        if left > 0:
                            value += left
                    if value <= attack:
                        append(Action("go", (loc,), (_format, "Battle at {} (value {}, your attack {})",
                                                     self.loc_name(loc), value, attack), (f"loc:{loc}",)))
            append(Action("stay", (), "Battle nowhere this round"))
        return ((_format, "Battle: attack {}, energy {}, {} damage counters", player.attack, player.energy, dc),
                options, "main")

    def _mon_words(self, m: int, attack: int, dmg: int, loc: int) -> str:
        """`mon_label(m)` for a face-up monster at `loc` (without looking for where it is)."""
        extra = f", {dmg} damage" if dmg else ""
        return f"{self.mon_name(m)} ({attack}{extra}) at {self.loc_name(loc)}"

    def _options_fort(self, seat: int, data: Any) -> tuple:
        return "Blanket Fort: place, move, keep or remove it", self.fort_options(seat), "place"

    def _options_boss_reward(self, seat: int, data: Any) -> tuple:
        colour = self.boss
        display = self.boss_cards[colour]
        if colour == "blue":
            options = [("reward", (i,), f"Take the SUPER card {self.card_name(i)}", (f"card:{i}",))
                       for i in self.distinct(display)]
        else:
            options = [("reward", (q,), f"Take the quest {self.content.quests[self.quests[q]].name}", (f"quest:{q}",))
                       for q in display]
        return "Boss reward: choose one of the displayed cards", options, "choose"

    # ----- applying -----------------------------------------------------------------------------

    def _do_effect(self, seat: int, data: Any, action: Action) -> None:
        self.stack[-1].answer = (action.kind, action.args)

    def _do_colour(self, seat: int, data: Any, action: Action) -> None:
        self._apprentice_decks(seat, str(action.args[0]))
        self.say("setup", template="setup:colour", seat=seat, who=self._who[seat], colour=self.p[seat].colour,
                 deck=str(action.args[0]))
        self.turn_i += 1

    def _do_draft(self, seat: int, k: Any, action: Action) -> None:
        inst = int(action.args[0])
        self.packs[k].remove(inst)
        self.p[seat].drafted.append(inst)
        self.say("draft", (), (seat,), {"card": inst, "card_name": self.card_name(inst)}, seat=seat,
                 who=self._who[seat])
        if self.n > 1:
            self.queue.pop(0)
            self.ghost_done = False

    def _do_final(self, seat: int, data: Any, action: Action) -> None:
        player = self.p[seat]
        sup, quest = int(action.args[0]), int(action.args[1])
        player.super_hand.remove(sup)
        self.boss_cards["blue"].extend(player.super_hand)
        player.drafted.append(sup)
        player.super_hand = []
        player.quest_hand.remove(quest)
        self.boss_cards["red"].extend(player.quest_hand)
        player.quests.append(quest)
        player.quest_hand = []
        self.say("setup", template="setup:final", seat=seat, who=self._who[seat])
        self.turn_i += 1

    def _do_location(self, seat: int, data: Any, action: Action) -> None:
        loc = int(action.args[0])
        self.p[seat].loc = loc
        self.turn_i += 1
        self.say("visit", (f"loc:{loc}",), seat=seat, who=self._who[seat], loc=loc, loc_name=self.loc_name(loc))
        self.stack.append(Frame(self.L[loc].effect, seat, {"self": None, "loc": loc}))

    def _do_powerup(self, seat: int, data: Any, action: Action) -> None:
        player = self.p[seat]
        if action.kind == "done":
            assert self.power_ups is not None
            self.power_ups.finish(seat)
            self.say("powerup", seat=seat, who=self._who[seat])
            return
        inst = int(action.args[0])
        if action.kind == "ability":
            self.use_ability(seat, inst)
            return
        player.hand.remove(inst)
        if self.power_ups is not None and self.power_ups.is_hidden(seat):
            self.say("play", (), (seat,), {"card": inst, "card_name": self.card_name(inst)}, template="play:hidden",
                     seat=seat, who=self._who[seat])
        else:
            self.say("play", seat=seat, who=self._who[seat], card=inst, card_name=self.card_name(inst))
        self.enter_play(seat, inst)

    def use_ability(self, seat: int, inst: int) -> None:
        ability = self.cdef(inst).ability
        assert ability is not None
        self.p[seat].used.append(inst)
        steps = ability.steps + ((("_trash_self", {}),) if ability.consume else ())
        self.say("ability", (f"card:{inst}",), seat=seat, who=self._who[seat], card=inst,
                 card_name=self.card_name(inst))
        self.stack.append(Frame(steps, seat, {"self": inst}))

    def _do_museum(self, seat: int, data: Any, action: Action) -> None:
        player = self.p[seat]
        m, loc = player.museum, int(action.args[0])
        player.museum = NONE
        self.mloc[loc].append(m)
        self.enter_city(m)
        self.bstep = 1

    def _do_battle(self, seat: int, data: Any, action: Action) -> None:
        player = self.p[seat]
        kind = action.kind
        if kind == "dc":
            target, amount = int(action.args[0]), int(action.args[1])
            player.dc -= amount
            if target == BOSS:
                self.damage_boss(seat, amount)
            else:
                self.place_dc(target, amount)
                self.say("damage", (f"mon:{target}",), template="damage:place", seat=seat, who=self._who[seat],
                         amount=amount, amount_words=counted(amount, "damage counter"), mon=target,
                         mon_label=self.mon_label(target))
                self.collect_defeated(seat)
            return
        if kind == "ability":
            self.use_ability(seat, int(action.args[0]))
            return
        self.bstep = 3
        if kind == "boss":
            player.fights_boss = True
            player.battled = BOSS
            if player.dc:
                self.damage_boss(seat, player.dc)
                player.dc = 0
            player.boss_contrib = self.attack_vs(seat, BOSS) + player.boss_dc
            self.say("battle", ("boss",), template="battle:boss", seat=seat, who=self._who[seat],
                     boss_name=self.boss_name(), attack=player.boss_contrib, target="boss")
        elif kind == "go":
            loc = int(action.args[0])
            player.battled = loc
            self.say("battle", (f"loc:{loc}",), seat=seat, who=self._who[seat], loc=loc,
                     loc_name=self.loc_name(loc), attack=self.attack_vs(seat, loc), target="location")
            for m in list(self.mloc[loc]):
                self.collect(seat, m)
            self._order_rewards()
        else:
            self.say("battle", template="battle:none", seat=seat, who=self._who[seat], target="none")

    def _order_rewards(self) -> None:
        """Rewards of monsters collected together resolve in the order they were collected."""
        tail = []
        while self.stack and self.stack[-1].env.get("mon") is not None and self.stack[-1].index == 0:
            tail.append(self.stack.pop())
        self.stack.extend(tail)

    def _do_fort(self, seat: int, data: Any, action: Action) -> None:
        player = self.p[seat]
        if action.kind == "remove":
            self.say("fort", template="fort:remove", seat=seat, who=self._who[seat], loc=NONE)
            player.fort = NONE
        elif action.kind == "fort":
            player.fort = int(action.args[0])
            self.say("fort", (f"loc:{player.fort}",), seat=seat, who=self._who[seat], loc=player.fort,
                     loc_name=self.loc_name(player.fort))

    def _do_boss_reward(self, seat: int, data: Any, action: Action) -> None:
        colour = self.boss
        inst = int(action.args[0])
        self.boss_cards[colour].remove(inst)
        if colour == "blue":
            self.p[seat].discard.append(inst)
            self.say("reward", (f"card:{inst}",), seat=seat, who=self._who[seat], card=inst,
                     card_name=self.card_name(inst))
        else:
            self.p[seat].quests.append(inst)
            self.say("reward", (), (seat,), {"quest": inst, "quest_name": self.content.quests[self.quests[inst]].name},
                     template="reward:quest", seat=seat, who=self._who[seat])
        self.reward_queue.pop(0)
