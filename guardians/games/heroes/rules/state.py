"""The heroes game: setup, the five phases of a turn, actions, knock-outs, reactions and scoring.

Every rule cites `../shared/seeds/000_04d8657756ecac85.txt` (the rulebook) by section in its docstring
or in the test that checks it. Teams: in a 2-player game each seat is its own team; in a 4-player game
seats 0 and 2 form team 0, seats 1 and 3 team 1. The turn runs on the engine's flow kernel
(guardians/engine/flow.py): `self.pending` is a `Pending(kind, seat, data)`, one `_phase_<name>` handler
per phase in `PHASES`, the effect stack of `Frame`s and `Finish` markers, and `ReactionWindow`s.
"""

from __future__ import annotations

from operator import itemgetter
from typing import Any

from guardians.engine import Action, GameConfig, Result
from guardians.engine.actions import ACTS_LIMIT, shared_acts
from guardians.engine.flow import FlowState, Pending, ReactionWindow, new_pending, pending_repr
from guardians.engine.rng import Rng
from guardians.engine.state import blank_state
from guardians.engine.table import CardFace, Item, Panel
from guardians.engine.words import counted
from guardians.games.heroes.cards import CardDef, HeroesContent, load_content
from guardians.games.heroes.rules.effects import STEPS, Effects, mentions
from guardians.games.heroes.rules.model import (
    CONDITION_NAMES, CONDITIONS, HIDDEN, IMMOBILIZE, LOYALIST, POWERLOCK, RENEGADE, SHIELD, Finish, Frame,
    Hero, Seat, copy_record, new_record,
)

WIN_POINTS = 9
HAND_LIMIT = 8
ROW_SIZE = 4
TURN_LIMIT = 200          # rules note: a game still running after 200 turns ends on points
TURN_PHASES = frozenset(("control", "ready", "returning", "action", "score", "draw", "discard"))
TEAMS = {2: ((0,), (1,)), 4: ((0, 2), (1, 3))}      # players -> each team's seats
# players -> active team -> the seats a reaction window asks, in order: the active team first
_REACT_ORDER = {n: tuple(teams[a] + teams[1 - a] for a in (0, 1)) for n, teams in TEAMS.items()}
_DRAW = Action("draw", (), "Draw a card", ("deck",))
_END_2 = Action("end", (), "End the Action Phase")
_END_4 = Action("end", (), "End your actions")
_LOYALIST = Action("faction", (LOYALIST,), "Loyalist")
_RENEGADE = Action("faction", (RENEGADE,), "Renegade")
_KEEP = Action("keep", (), "Keep hand")
_MULLIGAN = Action("mulligan", (), "Mulligan (shuffle and draw a new hand)")
_format = str.format                                # lazy words: (_format, template, *values)


def _actions_left(actions: int) -> str:
    """The Action Phase's prompt, made when first read (lazy words: `(_actions_left, actions)`)."""
    return f"Action Phase: {counted(actions, 'action')} left"


# A seat's words by (seat, its team's faction or None): "Player 1 (Loyalist)".
_SEAT_NAMES = {(seat, faction): f"Player {seat + 1} ({faction.title()})" if faction else f"Player {seat + 1}"
               for seat in range(4) for faction in (None, LOYALIST, RENEGADE)}


def _refs(prefix: str, ids: list) -> tuple[str, ...]:
    return tuple(map((prefix + "{}").format, ids))


def reactive_heroes(content: HeroesContent) -> frozenset[str]:
    """The heroes whose ability is played as a reaction."""
    return frozenset(h for h, d in content.heroes.items() if d.ability is not None and d.ability.timing == "reaction")


def _card_refs(group: list[int]) -> tuple[str, ...]:
    """Every copy of a card in hand: clicking any of them picks the option."""
    return tuple(map(_CARD_REF, group))


_CARD_REF = "card:{}".format
_TOKEN = itemgetter(1)                              # a row slot's token


class HeroesState(Effects, FlowState):
    game_id = "heroes"
    PHASES = ("faction", "draft", "place", "mulligan", "control", "ready", "returning", "action", "score",
              "draw", "discard")
    STEPS = STEPS
    OVER_ATTR = "winner"          # `_game_over`, for the kernel's hot loop
    WINDOWS_ATTR = "windows"      # `_run_windows` has nothing to do while it is empty
    # The log's words, rendered from each event's data (GameState.say); a kind may have several templates.
    EVENT_TEXT = {
        "setup_first": "{seat_name} is the first player",
        "setup_faction": "{seat_name} chooses {faction_name}",
        "setup_pool": "Dealt for the draft: {names}",
        "setup_aside": "{location_name} is set aside (a third {points}-point location)",
        "setup_row": "{location_name} is dealt to the row",
        "draft": "{seat_name} drafts {hero_name}",
        "place": "{hero_name} is placed at {location_name}",
        "place_return": "{hero_name} returns at {location_name}",
        "mulligan_take": "{seat_name} takes a mulligan",
        "mulligan_keep": "{seat_name} keeps the opening hand",
        "turn_first": "Turn 1: {seat_name}",
        "turn": "Turn {turn}: {faction_name}",
        "shuffle": "{seat_name} shuffles the discard pile into a new deck",
        "draw": ("{seat_name} draws a card", "You draw {card_name}"),
        "discard": "{seat_name} discards {card_name}",
        "play": "{seat_name} plays {card_name}",
        "play_ultimate": "{seat_name} plays the Ultimate {card_name}",
        "ability": "{hero_name} uses {ability_name}",
        "location": "{hero_name} uses {location_name}",
        "attack": "{attacker_name} attacks {target_name}",
        "move": "{hero_name} moves to {location_name}",
        "damage": "{hero_name} takes {amount} damage ({damage}/{life})",
        "heal": "{hero_name} heals {amount}",
        "prevent_condition": "{condition_title} on {hero_name} is prevented",
        "prevent_damage": "{hero_name}'s shield prevents {amount} damage",
        "condition": "{hero_name} gains {condition}",
        "knockout": "{hero_name} is knocked out at {location_name}",
        "token": "{faction_name} moves the token at {location_name} {distance}",
        "charge": "{seat_name} charges {ultimate_name}",
        "react_commit": "{seat_name} will react",
        "reveal": "Reactions: {names}",
        "react_card": "{seat_name} reacts with {card_name}",
        "react_ability": "{hero_name} uses {ability_name}",
        "score": "{faction_name} scores {location_name} ({worth}; total {total})",
        "deal": "{location_name} replaces it",
    }

    def __init__(self, config: GameConfig, seed: int, content: HeroesContent | None = None) -> None:
        super().__init__(config, seed)
        if config.players not in (2, 4):
            raise ValueError("heroes is played by 2 or 4 players")
        if config.variant not in ("standard", "first_game"):
            raise ValueError(f"unknown heroes variant {config.variant!r}")
        if config.variant == "first_game" and config.players != 2:
            raise ValueError("the First Game variant is for 2 players")
        self.content = content or load_content()
        self.n = config.players
        self._teams = TEAMS[self.n]                   # team -> its seats (the shared table: never modified)
        self._hero_names = {h: d.name for h, d in self.content.heroes.items()}    # read by the rules' words
        self.first_game = config.variant == "first_game"
        self.heroes: dict[str, Hero] = {}
        self.seats = [Seat() for _ in range(self.n)]
        self.cards: list[str] = []                    # card instance -> card id
        self.row: list[list] = []                     # per slot: [location id, token]
        self.loc_deck: list[str] = []
        self.scored: list[list[str]] = [[], []]       # per team
        self.faction: list[str | None] = [None, None]
        self.first_team = 0
        self.active = 0                               # the team whose turn it is
        self.actor = 0                                # the seat acting in a 4-player Action Phase
        self.turn_no = 0
        self.init_flow("faction")
        self.auto_done = False                        # the phase's automatic part has run (Control Phase)
        self.util_passed: list[int] = []              # seats that declined a utility card at this moment
        self.pool: list[str] = []
        self.picks = 0
        self.records: list[dict] = []
        self.windows: list[ReactionWindow] = []
        self.winner: int | None = None                # winning team; -1 for a draw
        self.end_reason = ""
        self._groups: dict[int, tuple] = {}            # seat -> what its hand holds: see _hand
        self._react_ready: tuple | None = None        # (window, seat, reaction options) _run_window found
        self._reactive = reactive_heroes(self.content)
        # What the content says of each hero and location that the hot paths read, as plain tables.
        self._unmovable = frozenset(h for h, d in self.content.heroes.items() if "unmovable" in d.traits)
        self._timing = {h: d.ability.timing for h, d in self.content.heroes.items() if d.ability is not None}
        self._action_locs = frozenset(l for l, d in self.content.locations.items() if d.kind == "action")
        self._charge = {h: d.ultimate.charge for h, d in self.content.heroes.items() if d.ultimate is not None}
        # Options that recur with the same words, built once: key (kind, and everything the words and refs
        # are made of) -> Action. Shared by every clone (actions are immutable; the content is the same).
        self._acts: dict[tuple, Action] = shared_acts(self.content)
        self._setup_start()
        self.advance()

    # ----- teams and names ----------------------------------------------------------------------

    def team_of(self, seat: int) -> int:
        return seat % 2

    def team_seats(self, team: int) -> list[int]:
        return list(TEAMS[self.n][team])

    def _team(self, team: int) -> tuple[int, ...]:
        """`team_seats` as the shared table's tuple (the rules never modify it; they read `_teams`)."""
        return self._teams[team]

    EVAL_SCALE = 100.0      # the evaluation counts a location point as 100

    def teammates(self, seat: int) -> tuple[int, ...]:
        return tuple(self._teams[seat % 2])

    def direction(self, team: int) -> int:
        """Tokens run from -track (the Loyalist space) to +track (the Renegade space)."""
        return -1 if self.faction[team] == LOYALIST else 1

    def seat_name(self, seat: int) -> str:
        return _SEAT_NAMES[seat, self.faction[seat % 2]]      # said in most events: the words made once

    def hero_name(self, hero_id: str) -> str:
        return self._hero_names[hero_id]

    def location_name(self, slot: int) -> str:
        return self.content.locations[self.row[slot][0]].name

    def card_def(self, instance: int) -> CardDef:
        return self.content.cards[self.cards[instance]]

    def card_name(self, instance: int) -> str:
        return self.card_def(instance).name

    def points(self, team: int) -> int:
        locations = self.content.locations
        total = 0
        for loc in self.scored[team]:          # (loops rather than comprehensions on the hot paths: in this
            total += locations[loc].points     # Python a comprehension is a function call of its own)
        return total

    def track(self, slot: int) -> int:
        return self.content.locations[self.row[slot][0]].track

    def locations_active(self) -> bool:
        """First Game: "Ignore all text on location cards"; setup step 6: effects off while placing."""
        return not self.first_game and self.phase not in ("place", "faction", "draft", "locations")

    def passive(self, slot: int | None, key: str) -> Any:
        if slot is None or not self.locations_active():
            return None
        location = self.content.locations[self.row[slot][0]]
        return location.passive.get(key) if location.kind == "passive" else None

    # ----- hero stats and conditions ------------------------------------------------------------

    def attack_of(self, hero_id: str) -> int:
        """Glossary, Attack Value: printed value plus adjustments."""
        hero = self.heroes[hero_id]
        return max(0, self.content.heroes[hero_id].attack + hero.attack_mod + (self.passive(hero.slot, "attack_bonus") or 0))

    def life_of(self, hero_id: str) -> int:
        return self.content.heroes[hero_id].life

    def can_be_moved(self, hero_id: str) -> bool:
        """Immobilize: "cannot be moved by any means"; Harbinger "can never be moved by any means"."""
        hero = self.heroes[hero_id]
        return (hero.slot is not None and not hero.conds & IMMOBILIZE
                and "unmovable" not in self.content.heroes[hero_id].traits)

    def add_condition(self, hero_id: str, kind: str) -> None:
        """CONDITION TOKENS: a second token of a kind is prevented; immunities and locations may prevent too."""
        hero = self.heroes[hero_id]
        bit = CONDITIONS[kind]
        traits = self.content.heroes[hero_id].traits
        if hero.conds & bit or f"immune_{kind}" in traits or self.passive(hero.slot, "no_conditions"):
            self.say("prevent", (f"hero:{hero_id}",), template="prevent_condition", hero=hero_id,
                     hero_name=self._hero_names[hero_id], condition=kind, condition_title=kind.title())
            return
        hero.conds |= bit
        self.say("condition", (f"hero:{hero_id}",), hero=hero_id, hero_name=self._hero_names[hero_id], condition=kind)

    def deal_damage(self, hero_id: str, amount: int, by_seat: int) -> None:
        """Shield prevents all damage; at damage >= life the hero is knocked out."""
        hero = self.heroes[hero_id]
        if hero.slot is None or amount <= 0:
            return
        if hero.conds & SHIELD:
            self.say("prevent", (f"hero:{hero_id}",), template="prevent_damage", hero=hero_id,
                     hero_name=self._hero_names[hero_id], amount=amount, by=by_seat)
            return
        hero.damage += amount
        if self.records:
            self.records[-1]["damaged"].append(hero_id)
        self.say("damage", (f"hero:{hero_id}",), hero=hero_id, hero_name=self._hero_names[hero_id], amount=amount,
                 damage=hero.damage, life=self.life_of(hero_id), by=by_seat)
        if hero.damage >= self.life_of(hero_id):
            self.knock_out(hero_id)

    def knock_out(self, hero_id: str) -> None:
        """GETTING KNOCKED OUT: the opponent moves that location's token 2 (4 players: 1); the hero
        loses all tokens and leaves play until its owner's next Ready Phase."""
        hero = self.heroes[hero_id]
        slot = hero.slot
        assert slot is not None
        enemy = 1 - hero.owner % 2
        spaces = (2 if self.n == 2 else 1) + (self.passive(slot, "ko_bonus") or 0)
        hero.slot = None
        hero.ko = True
        hero.damage = 0
        hero.conds = 0
        hero.exhausted = False
        hero.attack_mod = 0
        self.say("knockout", (f"hero:{hero_id}", f"loc:{slot}"), hero=hero_id, hero_name=self._hero_names[hero_id],
                 slot=slot, location_name=self.location_name(slot))
        self.move_token(slot, enemy, spaces)

    def move_token(self, slot: int, team: int, spaces: int) -> None:
        """OBJECTIVE: a token moves toward the mover's faction space and never past it."""
        if spaces <= 0:
            return
        end = self.direction(team) * self.track(slot)
        token = self.row[slot][1]
        new = min(token + spaces, end) if end > 0 else max(token - spaces, end)
        if new != token:
            self.row[slot][1] = new
            spaces = abs(new - token)
            self.say("token", (f"loc:{slot}",), team=team, faction=self.faction[team],
                     faction_name=self.faction[team].title(), slot=slot, location_name=self.location_name(slot),
                     spaces=spaces, distance=counted(spaces, "space"), token=new)

    def move_hero(self, hero_id: str, slot: int) -> None:
        """A move (never a place): triggers a location's enter effect. CARD EFFECTS & TIMING: "Effects
        cannot interrupt one another", so it waits until the card (ability, action) that moved the hero has
        finished (`trigger`), then resolves before any reaction to it."""
        hero = self.heroes[hero_id]
        hero.slot = slot
        if self.records:
            self.records[-1]["moved"].append(hero_id)
        self.say("move", (f"hero:{hero_id}", f"loc:{slot}"), hero=hero_id, hero_name=self._hero_names[hero_id],
                 slot=slot, location_name=self.location_name(slot))
        enter = self.passive(slot, "enter")
        if enter:
            self.trigger(Frame(tuple(enter), hero.owner, {"self": hero_id, "here": slot,
                                                          "__source": self.location_name(slot)}))

    def attack_targets(self, attacker: str) -> list[str]:
        """ACTIONS, Attack: the target is an enemy hero sharing the attacker's location."""
        hero = self.heroes[attacker]
        team = hero.owner % 2
        return sorted(h.id for h in self.heroes.values()
                      if h.slot == hero.slot and h.slot is not None and h.owner % 2 != team)

    def resolve_attack(self, attacker: str, target: str, bonus: int = 0) -> None:
        """ACTIONS, Attack steps 3-5: damage equal to attack value, knock-out check, exhaust the attacker."""
        if self.records:
            self.records[-1]["attack"] = (attacker, target)
        self.say("attack", (f"hero:{attacker}", f"hero:{target}"), attacker=attacker,
                 attacker_name=self._hero_names[attacker], target=target, target_name=self._hero_names[target])
        self.deal_damage(target, self.attack_of(attacker) + bonus, self.heroes[attacker].owner)
        self.heroes[attacker].exhausted = True

    # ----- cards --------------------------------------------------------------------------------

    def draw(self, seat: int) -> None:
        """Draw: from the top; an empty deck first reshuffles the discard pile."""
        player = self.seats[seat]
        if not player.deck:
            if not player.discard:
                return
            player.deck = sorted(player.discard)
            player.discard = []
            self.rng.shuffle(player.deck)
            self.say("shuffle", seat=seat, seat_name=self.seat_name(seat), cards=len(player.deck))
        card = player.deck.pop()
        player.hand.append(card)
        self.mark_revealed()
        self.say("draw", seats=(seat,), secret={"card": card, "card_id": self.cards[card], "card_name": self.card_name(card)},
                 seat=seat, seat_name=self.seat_name(seat))

    def discard_from_hand(self, seat: int, instance: int) -> None:
        self.seats[seat].hand.remove(instance)
        self.seats[seat].discard.append(instance)
        self.say("discard", (f"card:{instance}",), seat=seat, seat_name=self.seat_name(seat), card=instance,
                 card_id=self.cards[instance], card_name=self.card_name(instance))

    def hand_groups(self, seat: int) -> dict[str, list[int]]:
        """A seat's hand grouped by card: copies are interchangeable, so one option stands for them all.

        Kept until the hand (or the card list) changes: a decision asks for it several times. The result is
        shared: never modify it."""
        return self._hand(seat)[2]

    def _hand(self, seat: int) -> tuple:
        """(hand, cards, groups, reactions, utilities, actions) of a seat's hand, cached until it changes:
        `groups` as `hand_groups`; `reactions` the lowest instance of each reaction card with what playing it
        depends on (instance, hero, must the hero be ready, needs an action, trigger); `utilities` the
        lowest instance and definition of each utility card; `actions` the options built for it
        (`_hand_action`)."""
        cached = self._groups.get(seat)
        if cached is not None and cached[0] == self.seats[seat].hand and cached[1] is self.cards:
            return cached
        cache = self._groups
        cards = self.cards
        hand = self.seats[seat].hand[:]     # the key: a copy, as the seat's list changes in place
        groups: dict[str, list[int]] = {}
        for instance in sorted(hand):
            groups.setdefault(cards[instance], []).append(instance)
        defs = self.content.cards
        reactions = []
        utilities = []
        for card_id, group in groups.items():
            card = defs[card_id]
            if card.type == "reaction":
                reactions.append((group[0], card.hero, card.ready, card.action, card.when or "any"))
            elif card.type == "utility":
                utilities.append((group[0], card))
        cached = cache[seat] = (hand, cards, groups, reactions, utilities, {})
        return cached

    def invalidate(self) -> None:
        super().invalidate()
        self._groups = {}
        self._react_ready = None
        self._roster_cache = None         # the heroes may have been replaced (a test's arrangement)

    def distinct_hand(self, seat: int) -> list[int]:
        """One instance per distinct card in hand (the lowest-numbered copy)."""
        return [group[0] for group in self.hand_groups(seat).values()]

    def copies_refs(self, seat: int, instance: int) -> tuple[str, ...]:
        """The refs of every copy of `instance`'s card in hand, so clicking any copy picks the option."""
        return _card_refs(self.hand_groups(seat)[self.cards[instance]])

    def _hand_action(self, hand: tuple, kind: str, template: str, card_id: str) -> Action:
        """The option to play (discard, ...) a card of a hand (`_hand`'s entry): one per card and kind, kept
        with the entry, which stands for exactly this hand."""
        actions = hand[5]
        action = actions.get((kind, card_id))
        if action is None:
            # the same copies of a card in hand make the same option: kept across hands (a draw or a play
            # changes one group, not the others)
            group = hand[2][card_id]
            key = (kind, card_id, tuple(group))
            action = self._acts.get(key)
            if action is None:
                if len(self._acts) >= ACTS_LIMIT:
                    self._acts.clear()
                action = self._acts[key] = Action(kind, (group[0],),
                                                  (_format, template, self.content.cards[card_id].name),
                                                  (_card_refs, group))
            actions[(kind, card_id)] = action
        return action

    def _copies_lazy(self, seat: int, instance: int) -> tuple:
        """`copies_refs`, built when first read (the group is a snapshot: nobody modifies it)."""
        return (_card_refs, self.hand_groups(seat)[self.cards[instance]])

    def hero_can_power(self, hero_id: str | None, need_ready: bool) -> bool:
        """PLAYING A POWER OR ULTIMATE CARD: not while the hero is powerlocked or knocked out."""
        if hero_id is None:
            return True
        hero = self.heroes[hero_id]
        if hero.slot is None or hero.conds & POWERLOCK:
            return False
        return not (need_ready and hero.exhausted)

    def card_steps(self, card: CardDef) -> tuple:
        """A charge point places a charge token before the card resolves."""
        return ((("charge", {"amount": 1}),) if card.charge_point else ()) + tuple(card.effect)

    def start(self, kind: str, seat: int, label: str, steps: tuple, env: dict,
              instance: int | None = None, hero: str | None = None) -> None:
        """Begin resolving an action, card or ability; reactions open once it has fully resolved."""
        record = new_record(kind, seat, label)
        self.records.append(record)
        self.stack.append(Finish(kind, seat, instance, hero, label, record))
        if steps:
            self.stack.append(Frame(steps, seat, {**env, "__source": label}))

    def _resolved(self, marker: Any) -> None:
        """A card, ability or action has fully resolved (the kernel popped its `Finish`)."""
        assert isinstance(marker, Finish)
        if self.records and self.records[-1] is marker.record:
            self.records.pop()
        if marker.kind == "score":
            self._score_take(int(marker.instance or 0))
            return
        if marker.instance is not None and marker.kind in ("card", "reaction"):
            self.seats[marker.seat].discard.append(marker.instance)
        if marker.kind == "ultimate" and marker.hero is not None:
            self.seats[marker.seat].ultimates[marker.hero][1] = False
        if marker.record is not None and self.phase in TURN_PHASES:
            order = _REACT_ORDER[self.n][self.active]       # _react_order, the shared tuple
            if self.stack or self.windows or self.winner is not None:
                self.windows.append(ReactionWindow(marker.record, list(order)))
                return
            # The window runs next (nothing stacked or open, the game goes on): what `_run_window` would do
            # first is done here. The seats with no reaction are passed; if none has one, the window would ask
            # nobody and close with nothing done, so it is not opened; else the first seat's reactions are
            # kept for `_run_window` to ask with (nothing changes in between).
            for index, seat in enumerate(order):
                options = self._reaction_options(seat, marker.record)
                if options:
                    window = ReactionWindow(marker.record, list(order[index:]))
                    self._react_ready = (window, seat, options)
                    self.windows.append(window)
                    return

    # ----- setup --------------------------------------------------------------------------------

    def _setup_start(self) -> None:
        """SETUP 1: a random first player (4 players: team) chooses Loyalist or Renegade."""
        self.first_team = self.rng.randrange(2)
        self.active = self.first_team
        self.say("setup", template="setup_first", what="first", seat=self.first_team,
                 seat_name=self.seat_name(self.first_team))

    def _first_seat(self) -> int:
        return self._teams[self.first_team][0]

    def _draft_team(self) -> int:
        """SETUP 2: picks alternate one at a time starting with the SECOND player (team)."""
        return (1 - self.first_team) if self.picks % 2 == 0 else self.first_team

    def _draft_seat(self) -> int:
        team = self._draft_team()
        seats = self._teams[team]
        return seats[(self.picks // 2) % len(seats)]

    def _heroes_of_seat(self, seat: int) -> list[str]:
        """A seat's heroes in draft order (the dict keeps insertion order)."""
        return [h.id for h in self.heroes.values() if h.owner == seat]

    def _build_decks(self) -> None:
        """SETUP 3: power decks of the seat's heroes plus a basic deck, shuffled; Ultimates face up."""
        self.cards = list(self.cards)          # clones share `cards` until here: build a list of our own
        for seat in range(self.n):
            instances = []
            for hero_id in self._heroes_of_seat(seat):
                for card in self.content.heroes[hero_id].cards:
                    for _ in range(card.copies):
                        instances.append(len(self.cards))
                        self.cards.append(card.id)
                self.seats[seat].ultimates[hero_id] = [0, True]
            for card in self.content.basic:
                for _ in range(card.copies):
                    instances.append(len(self.cards))
                    self.cards.append(card.id)
            self.rng.shuffle(instances)
            self.seats[seat].deck = instances

    def _deal_row(self) -> None:
        """SETUP 4: deal 4 locations, never a third of one point value (set aside, shuffle back after)."""
        deck = sorted(self.content.locations)
        self.rng.shuffle(deck)
        aside: list[str] = []
        while len(self.row) < ROW_SIZE:
            loc = deck.pop()
            points = self.content.locations[loc].points
            if sum(1 for r in self.row if self.content.locations[r[0]].points == points) >= 2:
                aside.append(loc)
                self.say("setup", template="setup_aside", what="aside", location=loc,
                         location_name=self.content.locations[loc].name, points=points)
                continue
            self.row.append([loc, 0])
            self.say("setup", (f"loc:{len(self.row) - 1}",), template="setup_row", what="row", location=loc,
                     location_name=self.content.locations[loc].name, slot=len(self.row) - 1)
        deck.extend(aside)
        self.rng.shuffle(deck)
        self.loc_deck = deck

    def _place_seat(self) -> int | None:
        """SETUP 6: placement alternates from the FIRST player (4 players: teams alternate)."""
        unplaced = [h for h in self.heroes.values() if not h.placed]
        if not unplaced:
            return None
        placed = sum(1 for h in self.heroes.values() if h.placed)
        team = self.first_team if placed % 2 == 0 else 1 - self.first_team
        if not any(h.owner % 2 == team for h in unplaced):
            team = 1 - team
        seats = self._teams[team]
        return seats[(placed // 2) % len(seats)]

    # ----- the phase machine --------------------------------------------------------------------

    def _enter(self, phase: str) -> None:
        self.phase = phase
        self.auto_done = False
        self.util_passed = []

    def _next_moment(self, changed: bool) -> None:
        """A step of the phase has run. If it changed something, every seat may be offered its utility
        cards again; if not, a seat that declined is not asked the same question twice."""
        if changed:
            self.util_passed = []

    def _game_over(self) -> bool:
        return self.winner is not None

    def _run_windows(self) -> bool:
        if not self.windows:
            return False
        self._run_window()
        return True

    def _phase_faction(self) -> None:
        self.pending = Pending("faction", self._first_seat())

    def _phase_draft(self) -> None:
        if self.first_game:
            teams = self.content.first_game       # cards/heroes/variants.yaml
            for seat_team, names in ((self.first_team, teams[0]), (1 - self.first_team, teams[1])):
                for name in names:
                    self.heroes[name] = Hero(name, seat_team)
            self._after_draft()
        elif self.picks >= (6 if self.n == 2 else 8):
            self._after_draft()
        else:
            self.pending = Pending("draft", self._draft_seat())

    def _phase_place(self) -> None:
        seat = self._place_seat()
        if seat is None:
            self._deal_hands()
        else:
            self.pending = Pending("place", seat)

    def _phase_mulligan(self) -> None:
        order = self._teams[self.first_team] + self._teams[1 - self.first_team]
        for seat in order:
            if not self.seats[seat].mulligan_done:
                self.pending = Pending("mulligan", seat)
                return
        self._enter("control")
        self.say("turn", template="turn_first", turn=1, team=self.active, seat=self._first_seat(),
                 seat_name=self.seat_name(self._first_seat()))

    # Utility Cards "can be played in the specified phase of your turn": each phase handler below offers
    # them (`_offer_utility`) at every moment of its phase, before and after each of its steps, until
    # every seat of the active team has declined at that moment; "continue" runs the next step.
    #
    # A handler that moves the turn on without asking anybody, stacking an effect or opening a window runs
    # the next phase's handler itself (what the kernel's loop would run next, as nothing is pending, stacked,
    # open or over), instead of going back through the loop at every moment of the turn.

    def _phase_control(self) -> None:
        """1. Control Phase: utility cards before and after the tokens move."""
        if not self.auto_done:
            if self._offer_utility("control"):
                return
            before = list(map(_TOKEN, self.row))
            self._control_phase()
            self.auto_done = True
            self._next_moment(list(map(_TOKEN, self.row)) != before)
        if self._offer_utility("control"):
            return
        self._enter("ready")
        self._phase_ready()

    def _phase_ready(self) -> None:
        """2. Ready Phase, first step: ready every exhausted hero (utility cards before it)."""
        if self._offer_utility("ready"):
            return
        readied = False
        for hero in self.heroes.values():
            if hero.owner % 2 == self.active and hero.slot is not None and hero.exhausted:
                hero.exhausted = False
                readied = True
        self.phase = "returning"
        self._next_moment(readied)
        self._phase_returning()

    def _phase_returning(self) -> None:
        """2. Ready Phase, then: return each knocked-out hero; utility cards before, between and after."""
        if self._offer_utility("ready"):
            return
        for hero in self.heroes.values():
            if hero.ko and hero.owner % 2 == self.active:
                self.pending = Pending("return", hero.owner, hero.id)
                return
        self._start_action_phase()

    def _phase_action(self) -> None:
        self._action_turn()

    def _phase_score(self) -> None:
        self._score_phase()

    def _phase_draw(self) -> None:
        """5. Draw Phase: utility cards before the draw (4 players: each draws from her own deck)."""
        if self._offer_utility("draw"):
            return
        team = self._teams[self.active]
        before = 0
        for seat in team:
            before += len(self.seats[seat].hand)
        after = 0
        for seat in team:
            self.draw(seat)
            after += len(self.seats[seat].hand)
        self.phase = "discard"
        self._next_moment(after != before)
        self._phase_discard()

    def _phase_discard(self) -> None:
        """5. Draw Phase, then discard down to 8. Utility cards may still be played after the draw; the hand
        limit is the phase's last step (rules note), so no utility card is offered once discarding began
        (nothing changes a declined seat's mind: a discard does not reset `util_passed`)."""
        if self._offer_utility("draw"):
            return
        for seat in self._teams[self.active]:
            if len(self.seats[seat].hand) > HAND_LIMIT:
                self.pending = Pending("discard", seat)
                return
        self._end_turn()

    def _after_draft(self) -> None:
        self._build_decks()
        self._enter("locations")
        self._deal_row()
        self._enter("place")

    def _deal_hands(self) -> None:
        """SETUP 7: opening hands of 5 (4 players: 4), one optional mulligan."""
        size = 5 if self.n == 2 else 4
        for seat in range(self.n):
            for _ in range(size):
                self.draw(seat)
        self._enter("mulligan")

    def _offer_utility(self, phase: str) -> bool:
        """Utility Cards: free, played in the phase they name, on your own turn, at any moment of it. Asks
        the first seat of the active team holding a playable one that has not declined at this moment."""
        groups = self._groups
        for seat in self._teams[self.active]:
            entry = groups.get(seat)             # `_hand(seat)`, its check written out (most often the same hand)
            if entry is None or entry[0] != self.seats[seat].hand or entry[1] is not self.cards:
                entry = self._hand(seat)
            utilities = entry[4]
            if utilities and seat not in self.util_passed and self._utility_cards(seat, phase, utilities):
                self.pending = Pending("utility", seat, phase)
                return True
        return False

    def _utility_cards(self, seat: int, phase: str, utilities: list | None = None) -> list[int]:
        if utilities is None:
            utilities = self._hand(seat)[4]
        if not utilities:
            return []
        playable = []
        for i, card in utilities:
            if card.phase == phase and self.hero_can_power(card.hero, card.ready):
                playable.append(i)
        return playable

    def _control_phase(self) -> None:
        """1. Control Phase: 2 players — a readied hero and none of the opponent's; 4 players — more
        readied friendly heroes than enemy ones. Moves 1 (plus a location's control bonus)."""
        active = self.active
        mine = [0] * len(self.row)              # readied heroes at each location, the active team's ...
        theirs = [0] * len(self.row)            # ... and the others' (one pass over the heroes)
        for hero in self.heroes.values():
            slot = hero.slot
            if slot is not None and not hero.exhausted:
                if hero.owner % 2 == active:
                    mine[slot] += 1
                else:
                    theirs[slot] += 1
        for slot in range(len(self.row)):
            controls = mine[slot] > 0 and theirs[slot] == 0 if self.n == 2 else mine[slot] > theirs[slot]
            if controls:
                self.move_token(slot, active, 1 + (self.passive(slot, "control_bonus") or 0))

    def _start_action_phase(self) -> None:
        """3. Action Phase: shields of your heroes are discarded at its START; 3 actions (2 players;
        2 on the first player's first turn) or 2 per player (4 players). 4-PLAYER GAME, Action Phase: the
        teammates' actions "may be done in any order", so the seat asked first may hand the turn over
        before acting."""
        for hero in self.heroes.values():
            if hero.owner % 2 == self.active:
                hero.conds &= ~SHIELD
        for seat in self._teams[self.active]:
            player = self.seats[seat]
            player.actions = 2 if self.n == 4 or self.turn_no == 0 else 3
            player.done = False
            player.can_hand_over = False
        self.actor = self._teams[self.active][0]
        self.seats[self.actor].can_hand_over = True
        self._enter("action")
        self._action_turn()

    def _action_turn(self) -> None:
        player = self.seats[self.actor]
        if player.done:
            for other in self._teams[self.active]:      # the first teammate not done yet
                if not self.seats[other].done:
                    break
            else:
                self._end_action_phase()
                return
            self.actor = other
            self.seats[self.actor].can_hand_over = False
        self.pending = new_pending(("main", self.actor, None))

    def _end_action_phase(self) -> None:
        """Immobilize and powerlock on your heroes are discarded at the END of your Action Phase."""
        for hero in self.heroes.values():
            if hero.owner % 2 == self.active:
                hero.conds &= ~(IMMOBILIZE | POWERLOCK)
        self._enter("score")
        self._score_phase()

    def _scorable(self) -> list[int]:
        end_of = self.direction(self.active)
        locations = self.content.locations
        slots = []
        for slot, (loc, token) in enumerate(self.row):
            if token == end_of * locations[loc].track:
                slots.append(slot)
        return slots

    def _score_phase(self) -> None:
        """4. Score Phase: each location whose token is on your faction space; the active player orders
        them when a Score effect makes the order matter. Utility cards before, between and after."""
        if self._offer_utility("score"):
            return
        slots = self._scorable()
        if not slots:
            self._enter("draw")
            self._phase_draw()
            return
        with_effects = [s for s in slots if self._score_effect(s)]
        if len(slots) > 1 and with_effects:
            self.pending = Pending("score", self._teams[self.active][0], tuple(slots))
            return
        self._score(slots[0])

    def _score_effect(self, slot: int) -> tuple:
        location = self.content.locations[self.row[slot][0]]
        return tuple(location.effect) if location.kind == "score" and self.locations_active() else ()

    def _score(self, slot: int) -> None:
        """Score step 1: resolve Score effects (4 players: each player of the team separately)."""
        self.stack.append(Finish("score", self._teams[self.active][0], slot, None, "score", None))
        steps = self._score_effect(slot)
        if steps:
            for seat in reversed(self._teams[self.active]):
                self.stack.append(Frame(steps, seat, {"here": slot, "__source": self.location_name(slot)}))

    def _score_take(self, slot: int) -> None:
        """Score steps 2-3: take the card (9 points wins at once); deal a replacement, token centred;
        heroes there stay, now at the new location."""
        loc = self.row[slot][0]
        self.scored[self.active].append(loc)
        self._next_moment(True)
        location = self.content.locations[loc]
        self.say("score", (f"loc:{slot}",), team=self.active, faction_name=self.faction[self.active].title(),
                 slot=slot, location=loc, location_name=location.name, points=location.points,
                 worth=counted(location.points, "point"), total=self.points(self.active))
        if self.points(self.active) >= WIN_POINTS:
            self.winner = self.active
            self.end_reason = f"{self.faction[self.active].title()} reached {WIN_POINTS} points"
            return
        if not self.loc_deck:
            self._end_on_points("the location deck ran out")
            return
        new = self.loc_deck.pop()
        self.row[slot] = [new, 0]
        self.say("deal", (f"loc:{slot}",), slot=slot, location=new, location_name=self.content.locations[new].name)

    def _end_on_points(self, reason: str) -> None:
        """Rules note (docs/rules-notes/heroes.md): with no location left to deal, or past the turn
        limit, the game ends and the faction with more points wins; equal points is a draw."""
        a, b = self.points(0), self.points(1)
        self.winner = 0 if a > b else 1 if b > a else -1
        self.end_reason = reason

    def _end_turn(self) -> None:
        for hero in self.heroes.values():
            hero.attack_mod = 0
        self.turn_no += 1
        if self.turn_no >= TURN_LIMIT:
            self._end_on_points(f"the turn limit ({TURN_LIMIT}) was reached")
            return
        self.active = 1 - self.active
        self._enter("control")
        self.say("turn", turn=self.turn_no + 1, team=self.active, faction_name=self.faction[self.active].title())
        self._phase_control()

    # ----- reactions ----------------------------------------------------------------------------

    def _react_order(self) -> list[int]:
        """Seats asked in a reaction window: the active team first."""
        return list(self._teams[self.active] + self._teams[1 - self.active])

    def _trigger_bindings(self, seat: int, when: str, record: dict) -> list[dict] | None:
        """Whether a trigger matches what just happened, and the names it binds (None = no match)."""
        team = seat % 2
        enemy_acted = record["by"] % 2 != team          # team_of
        if when == "any":
            return [{}]
        if when == "enemy_damages_friendly":
            if not enemy_acted:
                return None
            hit = self._row_order({h for h in record["damaged"] if self.heroes[h].owner % 2 == team})
            return [{"that": h} for h in hit if self.heroes[h].slot is not None] or ([{}] if hit else None)
        if when in ("enemy_attacks_friendly", "friendly_attacks"):
            attack = record["attack"]
            if not attack:
                return None
            attacker, target = attack
            if when == "enemy_attacks_friendly" and self.heroes[target].owner % 2 != team:
                return None
            if when == "friendly_attacks" and self.heroes[attacker].owner % 2 != team:
                return None
            return [{"that": target, "attacker": attacker}]
        if when == "enemy_moves":
            moved = self._row_order({h for h in record["moved"] if self.heroes[h].owner % 2 != team
                                     and self.heroes[h].slot is not None})
            return [{"that": h} for h in moved] or None
        if when == "enemy_plays_card":
            return [{}] if enemy_acted and record["card"] else None
        raise ValueError(f"unknown trigger {when!r}")

    def _roster(self) -> tuple:
        """(heroes drafted, each seat's hero ids in draft order, each seat's heroes with a reaction-timed
        ability, each team's enemy hero ids, each seat's (hero id, ability timing, ability option) in draft
        order, and each seat's heroes in draft order as (hero id, ability timing or None, ability option or None)):
        who owns whom never changes once drafted, so this is found once per number of heroes and
        shared by clones (a new tuple, never modified)."""
        roster = self._roster_cache
        if roster is None or roster[0] != len(self.heroes):
            mine = tuple(tuple(h.id for h in self.heroes.values() if h.owner == s) for s in range(self.n))
            reactive = tuple(tuple(h for h in ids if h in self._reactive) for ids in mine)
            enemies = tuple(tuple(h.id for h in self.heroes.values() if h.owner % 2 != team) for team in (0, 1))
            abilities = tuple(tuple((h, self._timing[h], self._ability_action(h)) for h in ids if h in self._timing)
                              for ids in mine)
            own = tuple(tuple((h, self._timing.get(h), self._ability_action(h) if h in self._timing else None)
                              for h in ids) for ids in mine)
            roster = self._roster_cache = (len(self.heroes), mine, reactive, enemies, abilities, own)
        return roster

    _roster_cache: tuple | None = None

    def _ability_action(self, hero_id: str) -> Action:
        """The option to use a hero's ability (the same for every state of this content)."""
        action = self._acts.get(("ability", hero_id))
        if action is None:
            hero_def = self.content.heroes[hero_id]
            action = self._acts[("ability", hero_id)] = Action(
                "ability", (hero_id,), (_format, "{}: {}", hero_def.name, hero_def.ability.name), (f"hero:{hero_id}",))
        return action

    def _moves(self, hero_id: str, here: int, left: str | None, right: str | None) -> tuple[Action, ...]:
        """A hero's move options from location `here` between locations `left` and `right` (None: the end of
        the row): to each neighbour, left first."""
        name = self.content.heroes[hero_id].name
        locations = self.content.locations
        moves = []
        for slot, loc in ((here - 1, left), (here + 1, right)):
            if loc is not None:
                moves.append(Action("move", (hero_id, slot), (_format, "Move {} to {}", name, locations[loc].name),
                                    (f"hero:{hero_id}", f"loc:{slot}")))
        return tuple(moves)

    def _row_order(self, hero_ids: set[str]) -> list[str]:
        """Heroes by location from the left (knocked-out ones last), then by id: the order in which the
        candidates for "that hero" are offered."""
        return sorted(hero_ids, key=lambda h: (self.heroes[h].slot is None, self.heroes[h].slot or 0, h))

    def _can_trigger(self, seat: int, when: str, record: dict) -> bool:
        """`_trigger_bindings(seat, when, record) is not None`, without building the bindings."""
        if when == "any":
            return True
        team = seat % 2
        heroes = self.heroes
        if when == "enemy_damages_friendly":
            if record["by"] % 2 != team:
                for h in record["damaged"]:
                    if heroes[h].owner % 2 == team:
                        return True
            return False
        if when == "enemy_moves":
            for h in record["moved"]:
                if heroes[h].owner % 2 != team and heroes[h].slot is not None:
                    return True
            return False
        if when == "enemy_plays_card":
            return record["by"] % 2 != team and record["card"]
        return self._trigger_bindings(seat, when, record) is not None

    def _reaction_options(self, seat: int, record: dict, window: ReactionWindow | None = None) -> list[tuple]:
        """What `seat` may react with to what `record` tells (in `window`, if one is open: one response of
        each kind per trigger)."""
        entry = self._groups.get(seat)      # `_hand(seat)`, its check written out (most often the same hand)
        if entry is None or entry[0] != self.seats[seat].hand or entry[1] is not self.cards:
            entry = self._hand(seat)
        reactions = entry[3]                                # the reaction cards in hand (one of each)
        heroes = self.heroes
        roster = self._roster_cache
        if roster is None or roster[0] != len(heroes):
            roster = self._roster()
        reactive = roster[2][seat]
        able = []
        for h in reactive:
            if heroes[h].slot is not None and not heroes[h].exhausted:
                able.append(h)
        if not reactions and not able:                       # nothing to react with at all
            return []
        used = window.used(seat) if window is not None and window.committed else ()
        options: list[tuple] = []
        if reactions and "card" not in used:
            for instance, hero_id, need_ready, needs_action, when in reactions:
                if hero_id is not None:                                                         # hero_can_power
                    hero = heroes[hero_id]
                    if hero.slot is None or hero.conds & POWERLOCK or (need_ready and hero.exhausted):
                        continue
                if needs_action and not (self.phase == "action" and seat == self.actor and self.seats[seat].actions > 0):
                    continue
                if when == "any" or self._can_trigger(seat, when, record):
                    options.append(("card", instance))
        if able and "ability" not in used:
            for hero_id in able:                            # the seat's reactive heroes, in draft order
                ability = self.content.heroes[hero_id].ability
                if self._can_trigger(seat, ability.when or "any", record):
                    options.append(("ability", hero_id))
        return options

    def _run_window(self) -> None:
        """PLAYING A POWER OR ULTIMATE CARD, Reaction: one reaction card per player per action, card or
        ability (an ability with reaction timing comes in addition); the active player orders them."""
        window = self.windows[-1]
        if window.stage == "ask":
            ask = window.ask
            while ask:
                seat = ask[0]
                ready = self._react_ready
                if ready is not None and ready[0] is window and ready[1] == seat:
                    options = ready[2]                              # found by _resolved just before
                else:
                    options = self._reaction_options(seat, window.record, window)
                if options:
                    self.pending = new_pending(("react", seat, None))
                    self._react_ready = (window, seat, options)     # the decision lists these (_options_react)
                    return
                ask.pop(0)                                          # window.pass_turn()
            window.stage = "resolve"
            if window.committed:
                self._reveal_reactions(window)
        if not window.committed:
            self.windows.pop()
            return
        if len(window.committed) > 1 and window.ordered is None:
            self.pending = Pending("react_order", self.actor if self.phase == "action" else self._teams[self.active][0])
            return
        window.ordered = None
        seat, kind, ident, binding = window.committed.pop(0)
        self._resolve_reaction(seat, kind, ident, window.record, binding)

    def _reveal_reactions(self, window: ReactionWindow) -> None:
        """Everyone has been asked: the committed reactions are shown before they are ordered."""
        names = []
        reactions = []
        for seat, kind, ident, _ in window.committed:
            name = self.card_name(int(ident)) if kind == "card" else self.content.heroes[str(ident)].ability.name
            names.append(f"{name} ({self.seat_name(seat)})")
            reactions.append((seat, kind, ident, name))
        self.mark_revealed()
        self.say("reveal", reactions=tuple(reactions), names=", ".join(names))

    def _resolve_reaction(self, seat: int, kind: str, ident: Any, record: dict, binding: dict) -> None:
        if kind == "card":
            card = self.card_def(int(ident))
            if card.type != "reaction" or not self.hero_can_power(card.hero, card.ready):
                self.seats[seat].hand.append(int(ident))   # it can no longer be played: it stays in hand
                return
            if card.action:
                self.seats[seat].actions -= 1
            env, first = self._reaction_env(card.effect, {"self": card.hero, **binding})
            self.say("react", (f"card:{ident}",), template="react_card", seat=seat, seat_name=self.seat_name(seat),
                     card=int(ident), card_id=card.id, card_name=card.name)
            self.start("reaction", seat, card.name, first + self.card_steps(card), env, instance=int(ident),
                       hero=card.hero)
        else:
            hero = self.heroes[str(ident)]
            ability = self.content.heroes[hero.id].ability
            if hero.slot is None or hero.exhausted or ability is None:
                return
            hero.exhausted = True
            self.say("react", (f"hero:{hero.id}",), template="react_ability", seat=seat, hero=hero.id,
                     hero_name=self._hero_names[hero.id], ability_name=ability.name)
            env, first = self._reaction_env(ability.effect, {"self": hero.id, **binding})
            self.start("reaction", seat, ability.name, first + tuple(ability.effect), env)

    def _reaction_env(self, effect: Any, env: dict) -> tuple[dict, tuple]:
        """A reaction's names and the steps to run before its effect: the choice of "that hero" when there
        are several candidates and the effect speaks of it (a reaction that never names it asks nothing)."""
        if "__that" not in env:
            return env, ()
        if not mentions(effect, "that"):
            env = {k: v for k, v in env.items() if k != "__that"}
            return env, ()
        return env, (("choose_that", {}),)

    # ----- decisions ----------------------------------------------------------------------------

    def _options_faction(self, seat: int, data: Any) -> tuple:
        return ("Choose your faction", [_LOYALIST, _RENEGADE], "faction")

    def _options_draft(self, seat: int, data: Any) -> tuple:
        options = []
        if self.n == 2:
            for hero_id in self.pool:
                options.append(("draft", (hero_id,), f"Draft {self._hero_names[hero_id]}", (f"hero:{hero_id}",)))
        else:
            team = seat % 2
            for hero_id in self.pool:
                for mate in self._teams[team]:
                    if sum(1 for h in self.heroes.values() if h.owner == mate) < 2:
                        options.append(("draft", (hero_id, mate),
                                        f"Draft {self._hero_names[hero_id]} for {self.seat_name(mate)}", (f"hero:{hero_id}",)))
        return ("Draft a hero", options, "draft")

    def _options_place(self, seat: int, data: Any) -> tuple:
        team = seat % 2
        options = []
        for hero in self.heroes.values():
            if not hero.placed and hero.owner % 2 == team:
                for slot in range(len(self.row)):
                    options.append(("place", (hero.id, slot), f"Place {self._hero_names[hero.id]} at {self.location_name(slot)}",
                                    (f"hero:{hero.id}", f"loc:{slot}")))
        return ("Place a hero at a location", options, "place")

    def _options_mulligan(self, seat: int, data: Any) -> tuple:
        return ("Keep this hand or take a mulligan?", [_KEEP, _MULLIGAN], "mulligan")

    def _options_utility(self, seat: int, phase: Any) -> tuple:
        hand = self._hand(seat)
        options = [self._hand_action(hand, "utility", "Play {}", self.cards[i]) for i in self._utility_cards(seat, phase)]
        options.append(Action("continue", (), self._next_step()))
        return ((_format, "{} Phase: play a utility card?", phase.title()), options, "utility")

    def _next_step(self) -> str:
        """What declining a utility card leads to at this moment of the phase, in a few words."""
        team = self._teams[self.active]
        if self.phase == "control":
            return "End the Control Phase" if self.auto_done else "Continue: move the control tokens"
        if self.phase == "ready":
            return "Continue: ready your heroes"
        if self.phase == "returning":
            out = [h.id for h in self.heroes.values() if h.ko and h.owner % 2 == self.active]
            return f"Continue: return {self._hero_names[out[0]]}" if out else "End the Ready Phase"
        if self.phase == "score":
            slots = self._scorable()
            if not slots:
                return "End the Score Phase"
            return f"Continue: score {self.location_name(slots[0])}" if len(slots) == 1 else "Continue: score"
        if self.phase == "draw":
            return "Continue: draw a card" if len(team) == 1 else "Continue: each of you draws a card"
        over = any(len(self.seats[s].hand) > HAND_LIMIT for s in team)
        return f"Continue: discard down to {HAND_LIMIT}" if over else "End the Draw Phase"

    def _options_return(self, seat: int, hero_id: Any) -> tuple:
        acts = self._acts
        options = []
        for slot, (loc, _) in enumerate(self.row):      # the same hero and location make the same option
            key = ("return", hero_id, slot, loc)
            action = acts.get(key)
            if action is None:
                action = acts[key] = Action("return", (hero_id, slot), (_format, "Return {} at {}", self._hero_names[hero_id],
                                                                        self.content.locations[loc].name), (f"loc:{slot}",))
            options.append(action)
        return ((_format, "Ready Phase: where does {} return?", self._hero_names[hero_id]), options, "place")

    def _options_score(self, seat: int, slots: Any) -> tuple:
        options = [("score", (slot,), f"Score {self.location_name(slot)}", (f"loc:{slot}",)) for slot in slots]
        return ("Score Phase: which location first?", options, "order")

    def _options_discard(self, seat: int, data: Any) -> tuple:
        hand = self._hand(seat)
        options = [self._hand_action(hand, "discard", "Discard {}", card_id) for card_id in hand[2]]
        return (f"Draw Phase: discard down to {HAND_LIMIT} ({len(self.seats[seat].hand)} in hand)", options, "discard")

    def _options_effect(self, seat: int, data: Any) -> tuple:
        kind, prompt, options = data
        return (prompt, list(options), "target")

    def _options_react(self, seat: int, data: Any) -> tuple:
        window = self.windows[-1]
        options = []
        ready = self._react_ready
        if ready is not None and ready[0] is window and ready[1] == seat:
            found = ready[2]              # found by _run_window just before it asked; nothing changed since
        else:
            found = self._reaction_options(seat, window.record, window)
        for kind, ident in found:
            if kind == "card":
                options.append(self._hand_action(self._hand(seat), "react", "React with {}", self.cards[ident]))
            else:
                hero = self.content.heroes[ident]
                options.append(Action("react_ability", (ident,), (_format, "{}: {}", hero.name, hero.ability.name),
                                      (f"hero:{ident}",)))
        options.append(Action("pass", (), "Pass"))
        return ((_format, "React to {}?", window.record["label"]), options, "reaction")

    def _options_react_order(self, seat: int, data: Any) -> tuple:
        window = self.windows[-1]
        options = []
        for index, (owner, kind, ident, _) in enumerate(window.committed):
            name = self.card_name(ident) if kind == "card" else self.content.heroes[ident].ability.name
            options.append(("first", (index,), f"Resolve {name} ({self.seat_name(owner)}) next", ()))
        return ("Order the reactions", options, "order")

    def _main_playable(self, hand: tuple) -> list[tuple]:
        """The cards of a hand (`_hand`'s entry) the Action Phase may play, in hand order, with what playing
        them depends on: (option, needs an action, the hero who must be able to power it, must it be ready).
        Action cards, and utility cards of the Action Phase (free)."""
        cards = self.content.cards
        acts = self._acts
        playable = []
        for card_id, group in hand[2].items():
            # a card's entry is the same for the same copies in hand: kept across hands with the built options
            # (`_acts`; a draw or a play changes one group, not the others); () for a card the phase may not play
            key = ("main", card_id, tuple(group))
            entry = acts.get(key)
            if entry is None:
                card = cards[card_id]
                kind = card.type
                free_utility = kind == "utility" and card.phase == "action"
                entry = ()
                if kind == "action" or free_utility:
                    entry = (self._hand_action(hand, "play", "Play {}", card_id),
                             bool(card.action) and not free_utility, card.hero, card.ready)
                if len(acts) >= ACTS_LIMIT:
                    acts.clear()
                acts[key] = entry
            if entry:
                playable.append(entry)
        return playable

    def _options_main(self, seat: int, data: Any) -> tuple:
        """The Action Phase's choices. Listed as Actions whose words are built only when read (the AI
        never reads them); the words' values are taken now, so they are those of this moment. The hot path
        of every search: `hero_can_power` and `can_be_moved` are written out inline, who owns which hero
        comes from `_roster`, and one pass over the seat's heroes finds the readied ones and their abilities."""
        player = self.seats[seat]
        actions = player.actions
        has_action = actions > 0
        options: list[Action] = []
        append = options.append
        acts = self._acts
        heroes = self.heroes
        roster = self._roster_cache
        if roster is None or roster[0] != len(heroes):
            roster = self._roster()
        ready = []                      # the seat's heroes in play and readied, in draft order ...
        abilities = []                  # ... and the abilities they may use now, in the same order
        for hero_id, when, ability in roster[5][seat]:
            hero = heroes[hero_id]
            if hero.slot is not None and not hero.exhausted:
                ready.append(hero)
                if when is not None and (when == "exhaust" or (when == "action" and has_action)):
                    abilities.append(ability)
        if has_action:
            if ready:
                defs = self.content.heroes
                enemies_at: dict[int, list[str]] = {}
                for hero_id in roster[3][seat % 2]:
                    slot = heroes[hero_id].slot
                    if slot is not None:
                        targets = enemies_at.get(slot)
                        if targets is None:
                            enemies_at[slot] = [hero_id]
                        else:
                            targets.append(hero_id)
                if enemies_at:
                    for hero in ready:
                        targets = enemies_at.get(hero.slot)  # type: ignore[arg-type]
                        if targets:
                            if len(targets) > 1:
                                targets.sort()
                            for target in targets:
                                key = ("attack", hero.id, target)
                                action = acts.get(key)
                                if action is None:
                                    action = acts[key] = Action(
                                        "attack", (hero.id, target), (_format, "{} attacks {}", defs[hero.id].name,
                                                                      defs[target].name), (_refs, "hero:", (hero.id, target)))
                                append(action)
                row = self.row
                last = len(row) - 1
                unmovable = self._unmovable
                for hero in ready:
                    if not hero.conds & IMMOBILIZE and hero.id not in unmovable:      # can_be_moved
                        here = hero.slot
                        # a hero's moves from a place, by the locations on either side (None: the row's end)
                        key = ("moves", hero.id, here, row[here - 1][0] if here else None,  # type: ignore[operator]
                               row[here + 1][0] if here < last else None)  # type: ignore[operator]
                        moves = acts.get(key)
                        if moves is None:
                            moves = acts[key] = self._moves(hero.id, here, key[3], key[4])  # type: ignore[arg-type]
                        options += moves
            append(_DRAW)
        groups = self._groups
        hand = groups.get(seat)             # `_hand(seat)`, its check written out (most often the same hand)
        if hand is None or hand[0] != player.hand or hand[1] is not self.cards:
            hand = self._hand(seat)
        playable = hand[5].get("main")      # what of this hand the Action Phase may play, found once per hand
        if playable is None:
            playable = hand[5]["main"] = self._main_playable(hand)
        for action, needs_action, hero_id, need_ready in playable:
            if needs_action and not has_action:
                continue
            if hero_id is not None:                                                             # hero_can_power
                owner = heroes[hero_id]
                if owner.slot is None or owner.conds & POWERLOCK or (need_ready and owner.exhausted):
                    continue
            append(action)
        ultimates = player.ultimates
        need = self._charge
        charged = []
        for h, (charges, face_up) in ultimates.items():
            if face_up and charges >= need[h]:
                charged.append(h)
        if charged:
            defs = self.content.heroes
            for hero_id in sorted(charged):
                ultimate = defs[hero_id].ultimate
                if self.hero_can_power(hero_id, ultimate.ready):
                    if not ultimate.action or has_action:
                        key = ("ultimate", hero_id)
                        action = acts.get(key)
                        if action is None:
                            action = acts[key] = Action("ultimate", (hero_id,),
                                                        (_format, "Play Ultimate {}", ultimate.name),
                                                        (f"ult:{hero_id}",))
                        append(action)
        if abilities:
            options += abilities
        if has_action and ready and not self.first_game:   # locations_active (the Action Phase is no set-up phase)
            action_locs = self._action_locs
            row = self.row
            # the readied heroes at a location with an action, by location and then in draft order
            at = []
            for index, hero in enumerate(ready):
                if row[hero.slot][0] in action_locs:
                    at.append((hero.slot, index, hero))
            if at:
                if len(at) > 1:
                    at.sort()
                for slot, _, hero in at:
                    loc = row[slot][0]
                    key = ("location", slot, hero.id, loc)
                    action = acts.get(key)
                    if action is None:
                        action = acts[key] = Action(
                            "location", (slot, hero.id),
                            (_format, "{} with {}", self.content.locations[loc].name,
                             self.content.heroes[hero.id].name), (f"loc:{slot}",))
                    append(action)
        if self.n == 4:
            teammate = [s for s in TEAMS[4][self.active] if s != seat and not self.seats[s].done]
            if teammate and player.can_hand_over:
                append(Action("handover", (), (_format, "Let {} act", self.seat_name(teammate[0]))))
            append(_END_4)
        else:
            append(_END_2)
        return ((_actions_left, actions), options, "main")

    # ----- applying -----------------------------------------------------------------------------

    def _do_faction(self, seat: int, data: Any, action: Action) -> None:
        team = seat % 2
        self.faction[team] = str(action.args[0])
        self.faction[1 - team] = RENEGADE if self.faction[team] == LOYALIST else LOYALIST
        self.say("setup", template="setup_faction", what="faction", seat=seat, seat_name=self.seat_name(seat),
                 faction=self.faction[team], faction_name=self.faction[team].title())
        if not self.first_game:
            ids = sorted(self.content.heroes)
            self.rng.shuffle(ids)
            self.pool = sorted(ids[:8])
            self.say("setup", template="setup_pool", what="pool", heroes=tuple(self.pool),
                     names=", ".join(self._hero_names[h] for h in self.pool))
        self._enter("draft")

    def _do_draft(self, seat: int, data: Any, action: Action) -> None:
        hero_id = str(action.args[0])
        owner = int(action.args[1]) if len(action.args) > 1 else seat
        self.pool.remove(hero_id)
        self.heroes[hero_id] = Hero(hero_id, owner)
        self.picks += 1
        self.say("draft", (f"hero:{hero_id}",), seat=owner, seat_name=self.seat_name(owner), hero=hero_id,
                 hero_name=self._hero_names[hero_id])

    def _do_place(self, seat: int, data: Any, action: Action) -> None:
        hero_id, slot = str(action.args[0]), int(action.args[1])
        hero = self.heroes[hero_id]
        hero.slot = slot
        hero.placed = True
        self.say("place", (f"hero:{hero_id}", f"loc:{slot}"), hero=hero_id, hero_name=self._hero_names[hero_id],
                 slot=slot, location_name=self.location_name(slot))

    def _do_mulligan(self, seat: int, data: Any, action: Action) -> None:
        player = self.seats[seat]
        player.mulligan_done = True
        if action.kind == "mulligan":
            size = len(player.hand)
            player.deck.extend(player.hand)
            player.hand = []
            player.deck.sort()
            self.rng.shuffle(player.deck)
            self.say("mulligan", template="mulligan_take", seat=seat, seat_name=self.seat_name(seat), kept=False)
            for _ in range(size):
                self.draw(seat)
        else:
            self.say("mulligan", template="mulligan_keep", seat=seat, seat_name=self.seat_name(seat), kept=True)

    def _do_utility(self, seat: int, phase: Any, action: Action) -> None:
        if action.kind == "continue":
            self.util_passed.append(seat)
            return
        self._next_moment(True)
        self._play_card(seat, int(action.args[0]))

    def _do_return(self, seat: int, hero_id: Any, action: Action) -> None:
        """2. Ready Phase: a knocked-out hero returns readied at a location of its owner's choice (a place)."""
        hero = self.heroes[hero_id]
        hero.slot = int(action.args[1])
        hero.ko = False
        hero.exhausted = False
        self.say("place", (f"hero:{hero_id}", f"loc:{hero.slot}"), template="place_return", hero=hero_id,
                 hero_name=self._hero_names[hero_id], slot=hero.slot, location_name=self.location_name(hero.slot))
        self._next_moment(True)

    def _do_score(self, seat: int, data: Any, action: Action) -> None:
        self._score(int(action.args[0]))

    def _do_discard(self, seat: int, data: Any, action: Action) -> None:
        self.discard_from_hand(seat, int(action.args[0]))

    def _do_effect(self, seat: int, data: Any, action: Action) -> None:
        frame = self.stack[-1]
        assert isinstance(frame, Frame)
        frame.answer = "" if action.kind == "none" else action.args[0]

    def _do_react(self, seat: int, data: Any, action: Action) -> None:
        self._react_ready = None          # the seat's reactions change with its answer: found again if asked again
        window = self.windows[-1]
        if action.kind == "pass":
            window.pass_turn()
            return
        if action.kind == "react":
            instance = int(action.args[0])
            card = self.card_def(instance)
            self.seats[seat].hand.remove(instance)
            binding = self._binding(seat, card.when or "any", window.record)
            window.commit((seat, "card", instance, binding))
        else:
            hero_id = str(action.args[0])
            ability = self.content.heroes[hero_id].ability
            binding = self._binding(seat, ability.when or "any", window.record)
            window.commit((seat, "ability", hero_id, binding))
        self.say("react", template="react_commit", seat=seat, seat_name=self.seat_name(seat))

    def _binding(self, seat: int, when: str, record: dict) -> dict:
        """The names a committed reaction binds. When the trigger was about several heroes, "that hero" is
        not settled here: the candidates wait in `__that` and the reacting player picks one as the reaction
        resolves (the `choose_that` step; rulebook "Example: Reaction Card")."""
        options = self._trigger_bindings(seat, when, record) or [{}]
        binding = dict(options[0])
        if len(options) > 1:
            binding.pop("that", None)
            binding["__that"] = tuple(option["that"] for option in options)
        return binding

    def _do_react_order(self, seat: int, data: Any, action: Action) -> None:
        window = self.windows[-1]
        chosen = window.committed.pop(int(action.args[0]))
        window.committed.insert(0, chosen)
        window.ordered = True

    def _do_main(self, seat: int, data: Any, action: Action) -> None:
        player = self.seats[seat]
        kind = action.kind
        if kind == "end":
            player.done = True
            return
        if kind == "handover":
            # The teammate may not hand straight back before acting: that would change nothing.
            player.can_hand_over = False
            mate = [s for s in self._teams[self.active] if s != seat and not self.seats[s].done][0]
            self.actor = mate
            return
        player.can_hand_over = True
        if kind == "attack":
            player.actions -= 1
            attacker, target = str(action.args[0]), str(action.args[1])
            self.start("attack", seat, f"{self._hero_names[attacker]}'s attack", (), {})
            self.resolve_attack(attacker, target)
        elif kind == "move":
            player.actions -= 1
            hero_id, slot = str(action.args[0]), int(action.args[1])
            self.start("move", seat, f"{self._hero_names[hero_id]}'s move", (), {})
            self.move_hero(hero_id, slot)
        elif kind == "draw":
            player.actions -= 1
            self.start("draw", seat, "a draw", (), {})
            self.draw(seat)
        elif kind == "play":
            self._play_card(seat, int(action.args[0]))
        elif kind == "ultimate":
            hero_id = str(action.args[0])
            ultimate = self.content.heroes[hero_id].ultimate
            if ultimate.action:
                player.actions -= 1
            player.ultimates[hero_id][0] -= ultimate.charge
            self.say("play", (f"ult:{hero_id}",), template="play_ultimate", seat=seat, seat_name=self.seat_name(seat),
                     hero=hero_id, card_id=ultimate.id, card_name=ultimate.name)
            self.start("ultimate", seat, ultimate.name, self.card_steps(ultimate), {"self": hero_id}, hero=hero_id)
        elif kind == "ability":
            hero_id = str(action.args[0])
            ability = self.content.heroes[hero_id].ability
            assert ability is not None
            if ability.timing == "exhaust":
                self.heroes[hero_id].exhausted = True
            else:
                player.actions -= 1
            self.say("ability", (f"hero:{hero_id}",), seat=seat, hero=hero_id, hero_name=self._hero_names[hero_id],
                     ability_name=ability.name)
            self.start("ability", seat, ability.name, tuple(ability.effect), {"self": hero_id})
        elif kind == "location":
            slot, hero_id = int(action.args[0]), str(action.args[1])
            player.actions -= 1
            location = self.content.locations[self.row[slot][0]]
            self.say("location", (f"loc:{slot}",), seat=seat, hero=hero_id, hero_name=self._hero_names[hero_id], slot=slot,
                     location=location.id, location_name=location.name)
            self.start("location", seat, location.name, tuple(location.effect), {"self": hero_id, "here": slot})
        else:
            raise AssertionError(kind)

    def _play_card(self, seat: int, instance: int) -> None:
        """Action card: pay costs, place a charge token if it has a charge point, resolve, discard."""
        card = self.card_def(instance)
        player = self.seats[seat]
        player.hand.remove(instance)
        if card.action and card.type == "action":
            player.actions -= 1
        self.say("play", (f"card:{instance}",), seat=seat, seat_name=self.seat_name(seat), card=instance,
                 card_id=card.id, card_name=card.name)
        self.start("card", seat, card.name, self.card_steps(card), {"self": card.hero}, instance=instance, hero=card.hero)

    # ----- result, copies, hidden information ---------------------------------------------------

    @property
    def result(self) -> Result | None:
        if self.winner is None:
            return None
        scores = tuple(self.points(s % 2) for s in range(self.n))
        winners = () if self.winner < 0 else tuple(self._teams[self.winner])
        return Result(winners, self.end_reason, scores)

    def _copy(self) -> "HeroesState":
        """Every attribute is taken over at once (`__dict__.update`: content, numbers, names), then each
        mutable one is replaced by a copy. A new mutable attribute must be copied here."""
        other = blank_state(HeroesState)
        assert isinstance(other, HeroesState)
        other.__dict__.update(self.__dict__)
        heroes = other.heroes = self.heroes.copy()
        for key, hero in heroes.items():            # loops, not comprehensions: no call of their own
            heroes[key] = hero.copy()
        seats = other.seats = self.seats[:]
        for index, seat in enumerate(seats):
            seats[index] = seat.copy()
        # `cards` is shared: never mutated after setup, except by determinize (which copies)
        row = other.row = self.row[:]
        for index, slot in enumerate(row):
            row[index] = slot[:]
        other.loc_deck = self.loc_deck[:]
        other.scored = [self.scored[0][:], self.scored[1][:]]
        other.faction = self.faction[:]
        other.util_passed = self.util_passed[:]
        other.pool = self.pool[:]
        if self.records or self.windows or self.stack:
            records: dict[int, dict] = {}

            def rec(record: dict | None) -> dict | None:
                if record is None:
                    return None
                key = id(record)
                if key not in records:
                    records[key] = copy_record(record)  # type: ignore[assignment]
                return records[key]

            other.records = [rec(r) for r in self.records]  # type: ignore[misc]
            other.stack = [item.copy(rec(item.record)) if isinstance(item, Finish) else item.copy()
                           for item in self.stack]
            other.windows = [w.copy(rec(w.record)) for w in self.windows]
        else:
            other.records, other.stack, other.windows = [], [], []
        other._groups = self._groups.copy()
        return other

    def _digest_data(self) -> Any:
        return [
            [h.data() for h in self.heroes.values()], [s.data() for s in self.seats], self.cards, self.row,
            self.loc_deck, self.scored, self.faction, self.first_team, self.active, self.actor, self.turn_no,
            self.phase, self.auto_done, self.util_passed, self.pool, self.picks,
            [f.data() for f in self.stack],
            [w.data() for w in self.windows],
            pending_repr(self.pending), self.winner,
        ]

    def hidden_instances(self, seat: int | None) -> set[int]:
        """Card instances `seat` may not identify: every deck, other seats' hands, others' committed reactions."""
        hidden: set[int] = set()
        for s, player in enumerate(self.seats):
            hidden.update(player.deck)
            if s != seat:
                hidden.update(player.hand)
        for window in self.windows:
            if window.stage == "ask":                 # revealed once every seat has been asked
                for owner, kind, ident, _ in window.committed:
                    if kind == "card" and owner != seat:
                        hidden.add(int(ident))
        return hidden

    # An observation (GameState.view): every card `seat` may not identify is unnamed (HIDDEN) and the
    # hidden instances are renumbered in a canonical order (other hands, then decks, seat by seat, then
    # committed reactions), so that which instance is where carries nothing; decks and the location deck,
    # whose order nobody sees, are canonicalised; another seat's pending effect choice keeps only its kind
    # and prompt; a hidden committed reaction keeps only who committed it and that it is a card.

    def _observe(self, seat: int | None) -> "HeroesState":
        other = self.clone()
        assert isinstance(other, HeroesState)
        hidden = self.hidden_instances(seat)
        other.loc_deck = sorted(self.loc_deck)
        if hidden:
            numbers = iter(sorted(hidden))
            cards = list(self.cards)
            for instance in hidden:
                cards[instance] = HIDDEN
            for s, player in enumerate(other.seats):
                if s != seat:
                    player.hand = [next(numbers) for _ in player.hand]
                player.deck = [next(numbers) for _ in player.deck]
            for window in other.windows:
                window.committed = [(entry[0], entry[1], next(numbers), {})
                                    if entry[1] == "card" and entry[2] in hidden else entry
                                    for entry in window.committed]
            other.cards = cards
        pending = other.pending
        if pending is not None and pending.kind == "effect" and pending.seat != seat:
            kind, prompt, _ = pending.data
            other.pending = Pending("effect", pending.seat, (kind, prompt, ()))
        return other

    def _vary_hidden(self, variant: "GameState", seat: int, rng: Rng) -> None:
        """Another seat's hand, deck and hidden committed reaction are dealt among themselves; the seat's
        own deck and the location deck are reordered."""
        assert isinstance(variant, HeroesState)
        rng.shuffle(variant.loc_deck)
        for s, player in enumerate(variant.seats):
            rng.shuffle(player.deck)
            if s == seat:
                continue
            committed = [(window, index) for window in variant.windows if window.stage == "ask"
                         for index, entry in enumerate(window.committed) if entry[0] == s and entry[1] == "card"]
            pool = player.hand + player.deck + [window.committed[i][2] for window, i in committed]
            rng.shuffle(pool)
            player.hand = pool[:len(player.hand)]
            player.deck = pool[len(player.hand):len(player.hand) + len(player.deck)]
            rest = pool[len(player.hand) + len(player.deck):]
            for (window, index), instance in zip(committed, rest):
                owner, kind, _, binding = window.committed[index]
                window.committed[index] = (owner, kind, instance, binding)

    def _fill_hidden(self, seat: int, rng: Rng) -> None:
        """Each seat's hidden cards get the identities it owns and `seat` has not seen (its heroes' power
        cards and the basic deck, less every card of it in sight); a hidden committed reaction gets a
        reaction card. The location deck is shuffled; another seat's pending effect choice is asked again."""
        rng.shuffle(self.loc_deck)
        if HIDDEN in self.cards:
            self.cards = list(self.cards)
            for owner in range(self.n):
                self._fill_seat(owner, rng)
        pending = self.pending
        if pending is not None and pending.kind == "effect" and not pending.data[2]:
            self.pending = None
            self.advance()

    def _fill_seat(self, owner: int, rng: Rng) -> None:
        cards = self.cards
        unseen: list[str] = []
        for hero_id in self._heroes_of_seat(owner):
            unseen.extend(card.id for card in self.content.heroes[hero_id].cards for _ in range(card.copies))
        unseen.extend(card.id for card in self.content.basic for _ in range(card.copies))
        player = self.seats[owner]
        seen = [i for i in player.hand + player.discard if cards[i] != HIDDEN]
        seen += [f.instance for f in self.stack if isinstance(f, Finish) and f.seat == owner
                 and f.instance is not None and f.kind in ("card", "reaction")]
        committed = [(window, index) for window in self.windows for index, entry in enumerate(window.committed)
                     if entry[0] == owner and entry[1] == "card"]
        seen += [w.committed[i][2] for w, i in committed if cards[w.committed[i][2]] != HIDDEN]
        for instance in seen:
            if cards[instance] in unseen:        # (a card put into a hand by a test may be extra)
                unseen.remove(cards[instance])
        unseen.sort()
        rng.shuffle(unseen)
        for window, index in committed:
            _, kind, instance, _ = window.committed[index]
            if cards[instance] != HIDDEN:
                continue
            reactions = [i for i, card_id in enumerate(unseen) if self.content.cards[card_id].type == "reaction"]
            card_id = unseen.pop(reactions[0] if reactions else 0) if unseen else self.content.basic[0].id
            cards[instance] = card_id
            when = self.content.cards[card_id].when or "any"
            window.committed[index] = (owner, kind, instance, self._binding(owner, when, window.record))
        for instance in player.hand + player.deck:
            if cards[instance] == HIDDEN:
                cards[instance] = unseen.pop() if unseen else self.content.basic[0].id


    # ----- the table, for the generic play scene and the log ------------------------------------

    def card_face(self, card_id: str) -> CardFace:
        card = self.content.cards[card_id]
        kind = card.type.title()
        costs = []
        if card.action:
            costs.append("Action")
        if card.ready:
            costs.append("Ready")
        if card.type == "ultimate":
            costs.append(f"Charge {card.charge}")
        stats = (("COST", " + ".join(costs) or "Free"),)
        footer = self.content.heroes[card.hero].name if card.hero else "Basic"
        if card.charge_point:
            footer += " · charge point"
        return CardFace(card.name, kind, card.text, stats, card.type, footer)

    def hero_face(self, hero_id: str) -> CardFace:
        hero = self.content.heroes[hero_id]
        text = f"{hero.ability.name}: {hero.ability.text}" if hero.ability else hero.profile
        traits = ", ".join(t.replace("_", " ") for t in sorted(hero.traits))
        return CardFace(hero.name, "Hero", text, (("ATK", str(hero.attack)), ("LIFE", str(hero.life))), "hero", traits,
                        ("heroes", "heroes", hero_id))

    def location_face(self, slot: int) -> CardFace:
        location = self.content.locations[self.row[slot][0]]
        text = location.text if not self.first_game else "(First Game: location text is ignored.)"
        return CardFace(location.name, "Location", text,
                        (("PTS", str(location.points)), ("TRACK", str(location.track))), "location")

    def hero_tags(self, hero: Hero) -> tuple[str, ...]:
        tags = ["exhausted" if hero.exhausted else "ready"]
        if hero.damage:
            tags.append(f"{hero.damage} dmg")
        tags.extend(CONDITION_NAMES[bit] for bit in (SHIELD, IMMOBILIZE, POWERLOCK) if hero.conds & bit)
        return tuple(tags)

    def table(self, seat: int | None) -> list[Panel]:
        hidden = self.hidden_instances(seat)
        panels: list[Panel] = []
        if self.phase == "draft" and self.pool:
            panels.append(Panel("Draft pool", tuple(Item(f"hero:{h}", self._hero_names[h], self.hero_face(h)) for h in self.pool)))
        for slot, (loc, token) in enumerate(self.row):
            location = self.content.locations[loc]
            track = location.track
            items = [Item(f"loc:{slot}", location.name, self.location_face(slot))]
            for hero in self.heroes.values():
                if hero.slot == slot:
                    owner = self.faction[hero.owner % 2] or ""
                    items.append(Item(f"hero:{hero.id}", f"{self._hero_names[hero.id]} ({owner.title()})",
                                      self.hero_face(hero.id), self.hero_tags(hero)))
            marker = self._token_text(token, track)
            panels.append(Panel(f"{location.name} · {location.points} pt", tuple(items), extra=(marker,)))
        for s in range(self.n):
            player = self.seats[s]
            if s == seat:
                hand = tuple(Item(f"card:{i}", self.card_name(i), self.card_face(self.cards[i]))
                             for i in sorted(player.hand))
            else:
                hand = tuple(Item(None, "card") for i in player.hand if i in hidden)
            ultimates = tuple(
                Item(f"ult:{h}", f"{self.content.heroes[h].ultimate.name} [{c} charge]",
                     self.card_face(self.content.heroes[h].ultimate.id), () if up else ("face-down",))
                for h, (c, up) in sorted(player.ultimates.items()))
            waiting = tuple(Item(f"hero:{h.id}", f"{self._hero_names[h.id]} (knocked out)", self.hero_face(h.id), ("knocked out",))
                            for h in self.heroes.values() if h.owner == s and not h.slot is not None)
            team = s % 2
            extra = (f"Points {self.points(team)}", f"Deck {len(player.deck)} · Discard {len(player.discard)} · Hand {len(player.hand)}")
            if self.phase == "action" and team == self.active:
                extra += (f"Actions left {player.actions}",)
            panels.append(Panel(self.seat_name(s), hand + ultimates + waiting, group="hand" if s == seat else "status",
                                owner=s, extra=extra))
        panels.append(Panel("Turn", (), group="status", extra=(
            f"Turn {self.turn_no + 1} · {self.phase.title()} phase", f"Location deck {len(self.loc_deck)}")))
        return panels

    def _token_text(self, token: int, track: int) -> str:
        """The control track drawn as text, the Loyalist space on the left."""
        cells = ["·"] * (2 * track + 1)
        cells[token + track] = "●"
        return "Loyalist " + " ".join(cells) + " Renegade"
