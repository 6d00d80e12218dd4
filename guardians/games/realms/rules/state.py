"""RealmsState: Guardians (FPG 1995), the Mid Realms, on the flow kernel. No pygame here.

Sources: the revised rulebook ../shared/seeds/001_7eb27caf5825ab9d.txt (RB, the authority), the spec
../shared/specs/realms.md, our rulings docs/rules-notes/realms.md. One round is Draw and Organize (D&O),
Movement and Combat, Terrain Settlement (RB-MR "Turn Phases"). Combat is the `CombatMixin`
(rules/combat.py); hidden information and the table are the `ViewsMixin` (rules/views.py).
"""

from __future__ import annotations

import re
from typing import Any

from guardians.engine.actions import ACTS_LIMIT, Action, Result
from guardians.engine.flow import DONE, Commitments, Frame, FlowState, Pending, pending_repr
from guardians.engine.state import GameConfig, blank_state, make_event
from guardians.engine.words import counted
from guardians.games.realms.cards import CardDef, RealmsContent, load_content
from guardians.games.realms.rules.combat import CombatMixin, step_handler
from guardians.games.realms.rules.effects import STEPS, abilities_of, matches, static_of
from guardians.games.realms.rules.quick_start import VARIANT as QUICK_START, quick_start_content
from guardians.games.realms.rules.model import (HIDDEN, Combat, Seat, Space, Stack, board_2p, board_4p, board_words,
                                                path_words)
from guardians.games.realms.rules.views import ViewsMixin

# What a card the viewer may not identify reads as on a view (`RealmsState.cd`): no facts, no text.
UNKNOWN_CARD = CardDef(id=HIDDEN, name="a card", set="", type="hidden", kind="hidden", text=None, status="hidden",
                       flavour=False, back="", aliases=())

# The first-game decks (docs/balance/realms.md, greedy against greedy). Two players: the closest pairing, even
# from either seat (Knights won 71 of 150 games from seat 0 and 75 of 150 from seat 1). Four: the strongest
# decks left out (with these four, each rotated through the seats, the wins were 44, 53, 45 and 58 of 200;
# with Slag Beast in the Guidebook deck's place, the report's 4-player games gave Slag Beast 75 and the
# Pirates 36).
DEFAULT_DECKS = {2: ("knights_theme", "pirates_theme"),
                 4: ("knights_theme", "undead_theme", "pirates_theme", "guidebook_the_deck")}
HAND_LIMIT = 7                 # RB-MR I.D
SPACE_LIMIT = 30               # RB-MR Space Limitations
SHIELD_TERRAIN_LIMIT = 25      # the Shield/Terrain cards' own text
OPENING_HAND = 12              # RB-MR Set-up
KILLS_TO_WIN = 5               # RB-MR Check for Victory Conditions


SPACE_KEYS = ("space", "dest", "source")


def with_space_words(texts: dict[str, Any]) -> dict[str, Any]:
    """Event templates that say a space (or a path) in words: `{space}` reads `{space_words}`, which
    `RealmsState.say` adds beside the code (the event's data keeps the code for scenes and tests)."""
    def words(text: str) -> str:
        for key in SPACE_KEYS + ("path",):
            text = text.replace("{" + key + "}", "{" + key + "_words}")
        return text
    return {kind: tuple(words(t) for t in text) if isinstance(text, tuple) else words(text)
            for kind, text in texts.items()}


_RECOVERS: dict[tuple[str, str], bool] = {}


def _recovers_lost(deck: Any, content: RealmsContent) -> bool:
    """Does the deck list hold a card with a `recover_lost` step (cached by deck and content)?"""
    key = (deck.id, content.hash)
    if key not in _RECOVERS:
        _RECOVERS[key] = any(any("recover_lost" in step for a in content.cards[cid].abilities for step in a["effect"])
                             for cid, _ in deck.cards if cid in content.cards)
    return _RECOVERS[key]


def flag(value: Any) -> bool:
    """An on/off option as given by code (a bool) or by the menu and command line (a word)."""
    return value is True or str(value).lower() in ("on", "true", "yes", "1")


# Lazy words of the placement options (engine/actions.py `Action`): built only when someone reads them.
_ONTO = "{} onto {}".format
_UNDER = "{} under {} to channel".format
_BESIDE = "{} beside {}".format
_ON = "{} on {}".format
_INTO = "{} into the {}".format


# (players, number of spaces, seat) -> that seat's Stronghold card spaces in board order (`hold_spaces`).
_OWN_HOLDS: dict[tuple[int, int, int], tuple[str, ...]] = {}
# (players, number of spaces) -> the disputed lands in board order (`lands`).
_LANDS: dict[tuple[int, int], tuple[str, ...]] = {}
# (players, number of spaces, start, reach) -> the simple paths from the start in walking order (`_path_tree`).
_PATH_TREES: dict[tuple[int, int, str, int], tuple] = {}


def _path_label(prefix: str, words: dict[str, str], path: tuple[str, ...]) -> str:
    return prefix + path_words(words, path)


def _path_refs(path: tuple[str, ...]) -> tuple[str, ...]:
    return tuple(f"space:{p}" for p in path[1:])


def _card_space_refs(inst: int, sid: str) -> tuple[str, str]:
    return (f"card:{inst}", f"space:{sid}")


def _card_refs(inst: int) -> tuple[str]:
    return (f"card:{inst}",)


def _space_refs(sid: str) -> tuple[str]:
    return (f"space:{sid}",)


# Lazy words of other frequent options.
_DISCARD = "Discard {}".format
_TURN = "Turn the Shield on {}".format
_REINFORCE = "Reinforce the Shield on {}".format
_PICK_UP = "Pick up {} from {}".format
_DROP_OFF = "Drop off {} on {}".format
_TAKE = "Move {} from {}".format
_LAY = "Lay {}".format
_LAY_DOWN = "Burn a stone: {} face down".format
_DROP = "Discard {} from the Shield".format
_PASS = Action("pass", (), "Pass", ())
_SHIELD_PASS = Action("shield_pass", (), "Place no more Shields", ())
_CARRY_ON = Action("carry_on", (), "Move on", ())
_REINFORCE_DONE = Action("reinforce_done", (), "Done reinforcing", ())


_HEDGED_STONES = re.compile(r"\b(\d+) Power Stone\(s\)")


def _counted(text: str) -> str:
    """An asked prompt or label as listed: its "2 Power Stone(s)" in plain words (the pending data, part of the
    digest, keeps the words it was asked with, as every save recorded it)."""
    return _HEDGED_STONES.sub(lambda m: counted(int(m[1]), "Power Stone"), text) if "(s)" in text else text


_SEAT_NAMES = tuple(f"Player {seat + 1}" for seat in range(4))      # `seat_name`: 2 or 4 players

# What a placeable card in hand is (`_placeables`), and a Stronghold card holding no card yet.
_CREATURE, _ITEM, _UPGRADE = 0, 1, 2
_NO_GROUPS: frozenset = frozenset()
_PLACE_DONE = Action("place_done", (), "Done placing", ())


# A phase's steps by name (`_dno_<step>`, `_mv_<step>`, `_tr_<step>`), found once (`step_handler`).
_DNO: dict[str, Any] = {}
_MV: dict[str, Any] = {}
_TR: dict[str, Any] = {}


class _Plan:
    """A seat's placements so far in one Draw and Organize, tallied as they are made, with what stays the same
    while it places (its Stronghold cards that take cards, its placeable cards in hand): the placement options
    are listed from it at each placement instead of tallying the whole plan again (`_placement_options`)."""

    __slots__ = ("seat", "round", "commit", "hand", "hand_size", "holds", "placeables", "planned", "count",
                 "used", "tally", "upgrades", "towered", "upgradable", "tower_holds")

    def __init__(self, state: "RealmsState", seat: int) -> None:
        self.seat, self.round, self.commit = seat, state.round, state.commit
        self.hand = state.seats[seat].hand
        self.hand_size = len(self.hand)
        self.holds = state.hold_spaces(seat)
        self.placeables = state._placeables(seat)
        self.planned: list = []
        self.count = 0
        self.used: set[int] = set()
        # What each Stronghold card already holds by space: [cost, "unique" groups, creature items, creatures].
        self.tally: dict[str, list] = {}
        self.upgrades: set[str] = set()     # end cards given an Upgrade
        self.towered: set[str] = set()      # cards whose tower Upgrade was given its creature
        # What the board offers while the seat places (it does not change meanwhile): the end cards without an
        # Upgrade, and the cards whose tower Upgrade (spec `tower`, the card's text) keeps one creature apart
        # from the card's stack and is still empty, with the Upgrade's name.
        spaces = state.spaces
        self.upgradable: tuple[str, ...] = tuple(
            sid for sid in self.holds if spaces[sid].upgrade is None and spaces[sid].col in ("L", "R"))
        self.tower_holds: dict[str, str] = {}
        for sid in self.holds:
            sp = spaces[sid]
            if sp.upgrade is not None and not sp.tower and static_of(state.cd(sp.upgrade), "tower"):
                self.tower_holds[sid] = state.name(sp.upgrade)

    def extend(self, state: "RealmsState", planned: list) -> None:
        """Tally the placements of `planned` not tallied yet (it only ever grows)."""
        defs, ids, tally = state.content.cards, state.cards, self.tally
        for mode, inst, sid in planned[self.count:]:
            self.used.add(inst)
            if mode == "upgrade":
                self.upgrades.add(sid)
                continue
            if mode == "tower":         # kept in the Upgrade: not on the card, not under its 30 points
                self.towered.add(sid)
                continue
            card = defs[ids[inst]]
            here = tally.get(sid)
            if here is None:
                here = tally[sid] = [0, _NO_GROUPS, 0, 0]
            if card.type == "creature":
                here[0] += card.space_cost
                here[3] += 1
            elif card.type == "item" and card.kind == "creature":
                here[2] += 1
            if card.unique_groups:
                here[1] = here[1] | card.unique_groups
        self.planned = planned
        self.count = len(planned)


class RealmsState(CombatMixin, ViewsMixin, FlowState):
    """The whole game. Seats 0..n-1; 2 or 4 players."""

    game_id = "realms"
    PHASES = ("setup", "dno", "movement", "terrain")
    _plan: "_Plan | None" = None    # the placing seat's plan so far (`_plan_of`); never copied to a clone or view
    _plans: "dict[int, _Plan] | None" = None    # each seat's empty plan, made as the placing began (`_dno_dnowin`)
    # The options a step found when it set `pending` (pending, options), listed for that decision as they are
    # instead of being found again (`_ask_with`, `_listed_for`); never copied to a clone, dropped by `invalidate`.
    _listed: tuple | None = None
    STEPS = STEPS
    OVER_ATTR = "winners"         # `_game_over`, for the kernel's hot loop
    # ISMCTS squashes the evaluation's lead by this (`guardians.ai.ismcts`): a Shield destroyed is worth 30, a
    # land 7, and over greedy games the lead's median is about 94, which the kernel's 10 squashed flat
    EVAL_SCALE = 40.0

    EVENT_TEXT = with_space_words({
        "setup": "{seat_name} plays {deck} ({guardian}, {stronghold})",
        "mulligan": "{seat_name} burns a Power Stone and redraws twelve cards",
        "draw": ("{seat_name} draws {amount_words}", "{seat_name} draws {amount_words}: {names}"),
        "round": "Round {round}: Draw and Organize",
        "placed": "{seat_name} places {amount_words} face down on the Stronghold",
        "upgrade": "{seat_name} sets {card} beside {space}",
        "shield": "{seat_name} puts {card} on {space}",
        "discard": "{seat_name} discards {card}",
        "upcard": "{seat_name}'s Up-card: {card} ({number})",
        "uptie": "Up-cards tie at {number}: the tied players turn new Up-cards",
        "first": "{seat_name} moves first",
        "turn": "{seat_name} turns the Shield on {space}",
        "move": "{seat_name}'s Shield moves {path}",
        "fly": "{seat_name}'s Shield flies {path}, showing {names}",
        "reinforce": "{seat_name} reinforces {space} with {card} from {source}",
        "pick_up": "{seat_name}'s Shield picks up a creature on {space}",
        "drop_off": "{seat_name}'s Shield drops off a creature on {space}",
        "rubble": "{space} falls to Rubble",
        "control": "{seat_name} takes the Rubble on {space}",
        "shield_lost": "{seat_name} loses a Shield ({lost} lost)",
        "retreat": "{seat_name}'s Shield retreats from {space} to {dest}",
        "terrain": "{seat_name} lays {card} on {space}",
        "terrain_down": "{seat_name} burns a Power Stone and lays a face-down Terrain on {space}",
        "terrain_lost": "{seat_name}'s Terrain on {space} is discarded",
        "settle_discard": "{seat_name} discards {card} from the Shield on {space}",
        "stones": "{seat_name} {verb} {stones_words} ({stones} left)",
        "spell": "{seat_name} plays {card}",
        "victory_card": ("{seat_name} sets a Victory Card aside", "{seat_name}'s Victory Card: {card} ({number})"),
        "win": "{seat_name} wins: {why}",
        "round_limit": "The round limit is reached: {why}",
        "note": "{text}",
        "peek": ("{seat_name} looks at {what}", "{seat_name} looks at {what}: {names}"),
        **CombatMixin.COMBAT_TEXT,
    })

    def __init__(self, config: GameConfig, seed: int, content: RealmsContent | None = None,
                 decks: tuple[str, ...] | None = None) -> None:
        super().__init__(config, seed)
        if config.players not in (2, 4):
            raise ValueError("realms is played by 2 or 4 players (RB-4P)")
        self.content = content or load_content()
        if config.variant == QUICK_START:
            self.content = quick_start_content(self.content)
        self.n = config.players
        self.max_rounds = int(config.option("max_rounds", 40))
        self.channel_4p = self.n == 4 and flag(config.option("channel_4p", False))
        self.memory_rule = flag(config.option("memory_rule", True))
        self.spaces: dict[str, Space] = board_2p() if self.n == 2 else board_4p()
        self.words = board_words(self.spaces)       # every space in words (never changes; shared by clones)
        # Card instance -> card id, and -> owning seat. Never changed in place: clones and views share them,
        # and whoever changes one (a new instance, a view's masking) makes a new tuple (`new_inst`).
        self.cards: tuple[str, ...] = ()
        self.owner: tuple[int, ...] = ()
        self._cards_cache: tuple[Any, dict] = (None, {})
        self.seats: list[Seat] = [Seat() for _ in range(self.n)]
        self.round = 1
        self.first_round = True
        self.step = "mulligan"
        self.order: list[int] = list(range(self.n))
        self.mover = 0
        self.cur_seat: int | None = None
        self.commit: Commitments | None = None
        self.queue: list[int] = []            # seats still to act in the current sequential step
        self.out: list[int] = []              # lost Shields handed over (out of the game)
        self.combat: Combat | None = None
        self.moving: tuple | None = None      # (seat, space) of the Shield taking its option
        self.winners: tuple[int, ...] | None = None
        self.end_reason = ""
        self.flags: dict[str, Any] = {}       # round-long effects: "first:<seat>", "slow:<seat>", "war:<seat>"
        self.init_flow("setup")
        names = tuple(decks or config.option("decks") or DEFAULT_DECKS[self.n])
        if len(names) != self.n:
            raise ValueError(f"{self.n} players need {self.n} decks, got {len(names)}")
        self._setup(names)
        self.advance()

    # ----- small helpers -----------------------------------------------------------------------------

    def seat_name(self, seat: int) -> str:
        return _SEAT_NAMES[seat]             # said in most events: the words made once

    def say(self, kind: str, refs: tuple[str, ...] = (), seats: tuple[int, ...] = (),
            secret: dict[str, Any] | None = None, template: str | None = None, **data: Any) -> Any:
        """The kernel's `say` (`GameState.say`: the same event, words rendered lazily from the same data), with
        every space (and path) the event names also given in words for its text. The event is built by the
        kernel's `make_event`, as the kernel's `say` builds its own, rather than by handing the keyword data on to
        the kernel's `say`: that second call, packing the data again, cost twice the event itself (about 400
        events a game)."""
        if "space" in data:                 # SPACE_KEYS, one by one
            sid = data["space"]
            data["space_words"] = self.words.get(sid, sid)
        if "dest" in data:
            sid = data["dest"]
            data["dest_words"] = self.words.get(sid, sid)
        if "source" in data:
            sid = data["source"]
            data["source_words"] = self.words.get(sid, sid)
        if "path" in data:
            data["path_words"] = " > ".join(self.space_name(sid) if sid in self.spaces else sid
                                            for sid in str(data["path"]).split(" > "))
        event = make_event(kind, self.EVENT_TEXT[template or kind], data, refs, seats, secret)
        self.events.append(event)
        self.log.append(event)
        return event

    def space_name(self, sid: str) -> str:
        """The space in words for labels and prompts (model.space_name); action args keep the code."""
        return self.words[sid]

    def cd(self, inst: int) -> CardDef:
        """The instance's card. On a view, a card the viewer may not identify reads as UNKNOWN_CARD (no
        facts, no text), so a rule computed there counts nothing for it rather than crash or guess."""
        try:
            return self.content.cards[self.cards[inst]]
        except KeyError:
            if self.cards[inst] == HIDDEN:
                return UNKNOWN_CARD
            raise

    def name(self, inst: int) -> str:
        return self.content.cards[self.cards[inst]].name if self.cards[inst] in self.content.cards else "a card"

    def new_inst(self, card_id: str, owner: int) -> int:
        """A new card instance: new `cards` and `owner` tuples (a clone sharing the old ones sees no change)."""
        return self.new_insts([card_id], owner)[0]

    def new_insts(self, card_ids: list[str], owner: int) -> range:
        """New instances of these cards, in order, all owned by `owner` (one new tuple each, not one per card)."""
        first = len(self.cards)
        self.cards = (*self.cards, *card_ids)
        self.owner = (*self.owner, *([owner] * len(card_ids)))
        return range(first, len(self.cards))

    def opponent_of(self, seat: int) -> int:
        if self.combat is not None and seat in (self.combat.att, self.combat.dfn):
            return self.combat.dfn if seat == self.combat.att else self.combat.att
        return (seat + 1) % self.n

    def is_creature(self, inst: int) -> bool:
        return self.cd(inst).type in ("creature", "guardian")

    def is_citem(self, inst: int) -> bool:
        card = self.cd(inst)
        return card.type == "item" and card.kind == "creature"

    def base(self, inst: int) -> int:
        return self.cd(inst).vitality or 0

    def cost(self, inst: int) -> int:
        """What a card counts toward the 30-point limit (RB-GL Shield Cost); creature items count 0."""
        card = self.cd(inst)
        return card.space_cost if card.type == "creature" else 0

    def stack_cost(self, cards: list[int]) -> int:
        defs, ids, total = self.content.cards, self.cards, 0       # `cost` of each, inlined (a hot loop)
        for i in cards:
            card = defs[ids[i]]
            if card.type == "creature":
                total += card.space_cost
        return total

    def limit_of(self, stack: Stack) -> int:
        if stack.shield is not None and self.cd(stack.shield).kind == "shield_terrain":
            return SHIELD_TERRAIN_LIMIT
        return SPACE_LIMIT

    def creatures(self, cards: list[int]) -> list[int]:
        defs, ids = self.content.cards, self.cards                  # `is_creature` inlined (a hot loop)
        return [i for i in cards if defs[ids[i]].type in ("creature", "guardian")]

    def guardian_static(self, seat: int, name: str) -> tuple[dict, ...]:
        return static_of(self.cd(self.seats[seat].guardian), name)

    def hold_static(self, sid: str, name: str) -> tuple[dict, ...]:
        """Static steps of a Stronghold card (not Rubble)."""
        sp = self.spaces[sid]
        if sp.kind != "hold" or sp.rubble or sp.realm is None:
            return ()
        inst = self.hold_cards[sid]
        return static_of(self.cd(inst), name)

    def gain_stones(self, seat: int, amount: int) -> None:
        before = self.seats[seat].stones
        self.seats[seat].stones = max(0, before + amount)
        change = self.seats[seat].stones - before
        if change:
            self.say("stones", seat_name=self.seat_name(seat), verb="gains" if change > 0 else "loses",
                     amount=abs(change), stones_words=counted(abs(change), "Power Stone"), stones=self.seats[seat].stones,
                     seat=seat)

    def discard(self, inst: int) -> None:
        """A card goes to its owner's discard pile (a Guardian never does). A creature lost in the Movement
        or Terrain phase is remembered for the turn when its owner's deck holds a card that takes such
        creatures back (`recover_lost`); other games keep no such record."""
        card = self.cd(inst)
        if card.type == "guardian":
            return
        owner = self.owner[inst]
        self.seats[owner].discard.append(inst)
        if card.type == "creature" and self.phase in ("movement", "terrain") and self._tracks_losses(owner):
            self.flags[f"lost:{owner}"] = tuple(self.flags.get(f"lost:{owner}", ())) + (inst,)

    def _tracks_losses(self, seat: int) -> bool:
        deck = self.content.decks.get(self.seats[seat].deck_name)
        return deck is not None and _recovers_lost(deck, self.content)

    def lost_this_turn(self, seat: int) -> tuple[int, ...]:
        """The seat's creatures lost since the last Movement phase began (kept by `discard`)."""
        return tuple(self.flags.get(f"lost:{seat}", ()))

    def up_number(self, inst: int) -> int:
        return self.cd(inst).up_card

    def terrain_types(self, sid: str) -> tuple[str, ...]:
        """The terrain of a space: its face-up Terrain card's types; a Stronghold card's own (RB-MR p. 38)."""
        sp = self.spaces[sid]
        if sp.kind != "hold" and self.combat is not None and self.combat.space == sid:
            forced = [p["terrain"] for _, p, _, _ in self.effects_of("land_is")]   # a Command's `land_is`
            if forced:
                return (forced[-1],)
        if sp.kind == "hold":
            types = [p["terrain"] for p in self.hold_static(sid, "stronghold") if p.get("terrain")]
            return tuple(types)
        if sp.terrain is None or sp.face_down:
            return ()
        card = self.cd(sp.terrain)
        return card.terrain_types

    # ----- control (RB-QS "To control a disputed land space"; ruling A4) ----------------------------

    def shield_seat(self, sid: str) -> int | None:
        for seat, st in self.spaces[sid].stacks.items():
            if st.shield is not None:
                return seat
        return None

    def controller(self, sid: str) -> int | None:
        sp = self.spaces[sid]
        holder = self.shield_seat(sid)
        if sp.kind == "hold":
            if sp.rubble:
                return sp.rubble_ctrl if holder is None else holder
            return sp.realm
        if holder is not None:
            return holder
        if sp.terrain is not None:
            return sp.terrain_owner
        return sp.realm

    def lands(self) -> tuple[str, ...]:
        """The disputed lands in board order (a space's kind never changes: listed once per board)."""
        spaces = self.spaces
        key = (self.n, len(spaces))
        lands = _LANDS.get(key)
        if lands is None:
            lands = _LANDS[key] = tuple(sid for sid, sp in spaces.items() if sp.kind == "land")
        return lands

    def _draw_per(self, seat: int, p: dict) -> int:
        """A `draw_bonus` counted per thing: controlled lands (of a terrain type), own Shields standing on
        disputed lands, or own Shields lost so far."""
        if p["per"] == "land":
            return sum(1 for sid in self.lands() if self.controller(sid) == seat
                       and (not p.get("terrain") or p["terrain"] in self.terrain_types(sid)))
        if p["per"] == "shield_out":
            stacks = [self.spaces[sid].stacks.get(seat) for sid in self.lands()]
            return sum(1 for st in stacks if st is not None and st.shield is not None)
        return self.seats[seat].lost

    def lands_of(self, seat: int) -> int:
        return sum(1 for sid in self.lands() if self.controller(sid) == seat)

    def land_counts(self) -> list[int]:
        """`lands_of` every seat, in one pass over the lands (not one pass per seat)."""
        counts = [0] * self.n
        controller = self.controller
        for sid in self.lands():
            holder = controller(sid)
            if holder is not None:
                counts[holder] += 1
        return counts

    def enemy_creatures(self, seat: int, sid: str) -> int | None:
        """The seat (other than `seat`) with a Shield or creatures on the space, if any."""
        for other, st in self.spaces[sid].stacks.items():
            if other != seat and (st.cards or st.shield is not None):
                return other
        return None

    def own_stack(self, seat: int, sid: str) -> Stack | None:
        return self.spaces[sid].stacks.get(seat)

    def shields_of(self, seat: int) -> list[str]:
        out = []
        for sid, sp in self.spaces.items():
            st = sp.stacks.get(seat)
            if st is not None and st.shield is not None:
                out.append(sid)
        return out

    # ----- set-up (RB-MR Set-up) ----------------------------------------------------------------------

    def _setup(self, names: tuple[str, ...]) -> None:
        self.hold_cards: dict[str, int] = {}
        for seat, deck_id in enumerate(names):
            deck = self.content.decks[deck_id]
            pl = self.seats[seat]
            pl.deck_name = deck.id
            pl.guardian = self.new_inst(deck.guardians[0], seat)
            pl.stones = self.cd(pl.guardian).stones
            for hold in deck.strongholds:
                inst = self.new_inst(hold, seat)
                col = {"left": "L", "centre": "C", "right": "R"}[self.cd(inst).position or "centre"]
                self.hold_cards[f"S{seat}{col}"] = inst
                pl.stronghold = self.cd(inst).stronghold or ""
            ids = sorted(cid for cid, count in deck.cards for _ in range(count))
            # Shuffle (RB-MR Set-up), then the opponent cuts: both are acts of the one RNG.
            self.rng.shuffle(ids)
            cut = self.rng.randrange(len(ids))
            ids = ids[cut:] + ids[:cut]
            pl.deck = list(self.new_insts(ids, seat))
            self.say("setup", seat_name=self.seat_name(seat), deck=deck.name, guardian=self.name(pl.guardian),
                     stronghold=pl.stronghold.replace("_", " ").title(), seat=seat)
        for seat in range(self.n):
            pl = self.seats[seat]
            if self.n == 4:
                # RB-4P Victory Conditions: the top card is examined and set crosswise under the deck.
                pl.victory = pl.deck.pop()
                self.say("victory_card", seats=(seat,), seat_name=self.seat_name(seat), seat=seat,
                         secret={"card": self.name(pl.victory), "number": self.up_number(pl.victory)})
            self._draw_cards(seat, OPENING_HAND)
        self.queue = [s for s in range(self.n)]

    def _draw_cards(self, seat: int, amount: int) -> list[int]:
        pl = self.seats[seat]
        drawn = []
        for _ in range(amount):
            if not pl.deck:
                break
            drawn.append(pl.deck.pop())
        pl.hand.extend(drawn)
        if drawn:
            self.say("draw", seats=(seat,), seat_name=self.seat_name(seat), amount=len(drawn), seat=seat,
                     amount_words=counted(len(drawn), "card"), secret={"names": ", ".join(self.name(i) for i in drawn)})
        return drawn

    def can_be_shield(self, inst: int) -> bool:
        return self.cd(inst).type == "shield"

    def _phase_setup(self) -> None:
        """RB-MR Set-up: a player whose twelve cards hold no Shield may redraw once for a Power Stone."""
        while self.queue:
            seat = self.queue[0]
            pl = self.seats[seat]
            if pl.stones >= 1 and not any(self.can_be_shield(i) for i in pl.hand):
                self.pending = Pending("mulligan", seat)
                return
            self.queue.pop(0)
        self._start_dno()

    def _options_mulligan(self, seat: int, data: Any) -> tuple:
        return ("No Shield among your twelve cards: redraw for one Power Stone?",
                [("mulligan", (True,), "Redraw (burn 1 Power Stone)", ()),
                 ("mulligan", (False,), "Keep these cards", ())], "mulligan")

    def _do_mulligan(self, seat: int, data: Any, action: Action) -> None:
        self.queue.pop(0)
        if action.args[0]:
            pl = self.seats[seat]
            pl.stones -= 1
            pl.deck.extend(pl.hand)
            pl.hand = []
            pl.deck.sort()
            self.rng.shuffle(pl.deck)
            self.say("mulligan", seat_name=self.seat_name(seat), seat=seat)
            self._draw_cards(seat, OPENING_HAND)

    # ----- Phase I: Draw and Organize (RB-MR pp. 24-26) ------------------------------------------------

    def _start_dno(self) -> None:
        self.phase = "dno"
        self.step = "draw"

    def _phase_dno(self) -> None:
        (_DNO.get(self.step) or step_handler(_DNO, type(self), "_dno_", self.step))(self)

    def draw_count(self, seat: int) -> int:
        """RB-MR I.A: the Guardian's base draw and its modifiers (cumulative, RB-CL p. 6); ties give no
        modifier (RB-4P p. 49, ruling A7); the Up-card is the first card drawn."""
        pl = self.seats[seat]
        draw = self.cd(pl.guardian).draw
        assert draw is not None
        count = draw.base
        lands = self.land_counts()
        mine = lands[seat]
        others = [lands[s] for s in range(self.n) if s != seat]
        if all(mine < o for o in others):
            count += draw.ldl
        if all(mine > o for o in others):
            count += draw.mdl
        ups = [self.seats[s].up_number for s in range(self.n)]
        if all(ups[seat] < ups[s] for s in range(self.n) if s != seat):
            count += draw.luc
        own_up = static_of(self.cd(pl.upcard), "draw_bonus") if pl.upcard is not None else ()   # an Up-card's own
        for p in self.guardian_static(seat, "draw_bonus") + own_up:
            if p.get("per"):
                count += p["amount"] * self._draw_per(seat, p)
            elif pl.upcard is not None and matches(self.cd(pl.upcard), p.get("upcard")):
                count += p["amount"]
        return max(0, count - int(self.flags.get(f"short:{seat}", 0)))   # `strike_upcard`

    def _dno_draw(self) -> None:
        self.say("round", round=self.round)
        if self.n == 4 and not self.first_round and self._four_player_lands_win():
            return
        if not self.first_round:
            self.queue = list(range(self.n))
            self.step = "draws"
            return
        self.step = "gather"

    def _dno_draws(self) -> None:
        """Each seat draws; a Guardian that may skip its Up-card as the first draw is asked."""
        while self.queue:
            seat = self.queue[0]
            pl = self.seats[seat]
            entitled = pl.g_alive and (self.n == 2 or self.lands_of(seat) > 0)
            count = self.draw_count(seat) if entitled else 0
            if pl.upcard is not None and count > 0 and not pl.drawn_up and seat not in self.flags.get("asked", ()) \
                    and any(p["skip_upcard"] for p in self.guardian_static(seat, "draw_option")):
                self.pending = Pending("skip_up", seat)
                return
            self.queue.pop(0)
            self._draw_for(seat, count, skip=bool(self.flags.get(f"skip:{seat}")))
        self.flags.pop("asked", None)
        self.step = "gather"

    def _options_skip_up(self, seat: int, data: Any) -> tuple:
        return ("Draw your Up-card first, or the top card of your deck instead?",
                [("skip_up", (False,), "Draw the Up-card", ()), ("skip_up", (True,), "Discard the Up-card; draw from the deck", ())],
                "target")

    def _do_skip_up(self, seat: int, data: Any, action: Action) -> None:
        self.flags["asked"] = tuple(self.flags.get("asked", ())) + (seat,)
        if action.args[0]:
            self.flags[f"skip:{seat}"] = True

    def _draw_for(self, seat: int, count: int, skip: bool) -> None:
        """The Up-card is the first card drawn (RB-MR I.A) unless skipped; FAQ: an Up-card from the
        reshuffled pile is never drawn; R130: with a zero draw it is discarded."""
        pl = self.seats[seat]
        up = pl.upcard
        pl.upcard = None
        if up is not None:
            if pl.drawn_up or count == 0 or skip:
                pl.discard.append(up)
            else:
                pl.hand.append(up)
                count -= 1
                self.say("draw", seats=(seat,), seat_name=self.seat_name(seat), amount=1, amount_words="1 card",
                         seat=seat, secret={"names": self.name(up)})
        pl.drawn_up = False
        self._draw_cards(seat, count)
        self.flags.pop(f"skip:{seat}", None)
        self.flags.pop(f"short:{seat}", None)

    def _dno_gather(self) -> None:
        """RB-MR I.B: the draw, the Creature Pen, the Storage Depot and every card on or under the
        player's own Stronghold cards make the Storage Hand (ruling A10: not from Rubble)."""
        for seat in range(self.n):
            pl = self.seats[seat]
            pl.hand.extend(pl.pen)
            pl.hand.extend(pl.depot)
            pl.pen, pl.depot = [], []
            for sid, sp in self.spaces.items():
                if sp.kind != "hold" or sp.realm != seat or sp.rubble:
                    continue
                st = sp.stacks.pop(seat, None)
                if st is not None:
                    if st.shield is not None:
                        pl.hand.append(st.shield)
                    pl.hand.extend(st.cards)
                pl.hand.extend(sp.under)
                pl.hand.extend(sp.tower)
                sp.under, sp.tower = [], []
            pl.used_ch = []
        self.queue = list(self.order)
        self.step = "dnowin"

    def _dno_dnowin(self) -> None:
        """Cards played in the Draw and Organize Phase, in turn order."""
        while self.queue:
            seat = self.queue[0]
            options = self._spell_options(seat, "dno")
            if options:
                self._ask_with(Pending("spell", seat, "dno"), options)
                return
            self.queue.pop(0)
        plans = {s: _Plan(self, s) for s in range(self.n)}
        seats = [s for s in range(self.n) if self._placement_options(s, [], first=True, plan=plans[s])]
        self.commit = Commitments(seats)
        for plan in plans.values():      # what each seat's first placement starts from (`_plan_of`)
            plan.commit = self.commit
        self._plans = plans
        self.step = "place"

    def _cache(self) -> dict:
        """Options and tables worked out from the card ids alone, shared by clones: valid while `cards` is the
        same object (a view or a determinized world gets a list of its own, and with it a cache of its own)."""
        cache = self._cards_cache
        if cache[0] is not self.cards:
            cache = self._cards_cache = (self.cards, {})
        elif len(cache[1]) >= ACTS_LIMIT:
            cache[1].clear()
        return cache[1]

    def _placeables(self, seat: int) -> tuple:
        """The seat's Storage Hand cards that may be placed on a Stronghold card, in hand order: (kind, instance,
        card id, "unique" groups, room left under the 30-point limit, the card, its options by space), worked
        out once per hand (a Draw and Organize lists them at every placement). The options are built when
        first listed (`_place_actions`) and kept in the entry's dict, one per card instance in the cache: a card
        back in the Storage Hand next round finds its options again."""
        hand = tuple(self.seats[seat].hand)
        cache = self._cache()
        key = ("placeables", seat, hand)
        found = cache.get(key)
        if found is not None:
            return found
        defs, ids = self.content.cards, self.cards
        out = []
        for inst in hand:
            card = defs[ids[inst]]
            ctype = card.type
            if ctype == "creature":
                code = _CREATURE
            elif ctype == "item" and card.kind == "creature":
                code = _ITEM
            elif ctype == "upgrade" and card.kind == "upgrade":
                code = _UPGRADE
            else:
                continue
            acts = cache.get(("acts", inst))
            if acts is None:
                acts = cache["acts", inst] = {}
            if code == _CREATURE:
                out.append((_CREATURE, inst, card.id, card.unique_groups, SPACE_LIMIT - card.space_cost, card, acts))
            else:
                out.append((code, inst, card.id, None, 0, card, acts))
        found = cache[key] = tuple(out)
        return found

    def _place_actions(self, code: int, inst: int, card: CardDef, sid: str, acts: dict) -> tuple[Action, ...]:
        """A placeable card's options on one Stronghold card, with lazy words, kept in its entry's `acts`: a
        creature goes onto it (and, if it channels, under it), a creature item onto it, an Upgrade beside it."""
        words = self.space_name(sid)
        refs = (_card_space_refs, inst, sid)
        if code == _CREATURE:
            onto = Action("place", (inst, sid, "creature"), (_ONTO, card.name, words), refs)
            listed: tuple[Action, ...] = (onto,)
            if card.cmp > 0:
                listed = (onto, Action("place", (inst, sid, "channeler"), (_UNDER, card.name, words), refs))
        elif code == _ITEM:
            listed = (Action("place", (inst, sid, "item"), (_ONTO, card.name, words), refs),)
        else:
            listed = (Action("place", (inst, sid, "upgrade"), (_BESIDE, card.name, words), refs),)
        acts[sid] = listed
        return listed

    def _own_holds(self, seat: int) -> tuple[str, ...]:
        """The seat's Stronghold card spaces in board order (a space's kind and realm never change)."""
        spaces = self.spaces
        own = _OWN_HOLDS.get((self.n, len(spaces), seat))
        if own is None:
            own = _OWN_HOLDS[(self.n, len(spaces), seat)] = tuple(
                sid for sid, sp in spaces.items() if sp.kind == "hold" and sp.realm == seat)
        return own

    def hold_spaces(self, seat: int) -> list[str]:
        """Own Stronghold cards that take new cards: not Rubble, no enemy there (R30)."""
        spaces = self.spaces
        return [sid for sid in self._own_holds(seat) if not spaces[sid].rubble and self.enemy_creatures(seat, sid) is None]

    def _placement_options(self, seat: int, planned: list, first: bool = False, plan: "_Plan | None" = None) -> list[Action]:
        """Placements still legal given those already chosen (RB-MR I.C, Space Limitations). With `first`,
        the listing stops after the first card that may be placed (enough to know the seat places). `plan`:
        the seat's `_Plan` of this placing, already brought up to `planned` (`_plan_of`); else one is made."""
        if plan is None:
            plan = _Plan(self, seat)
            plan.extend(self, planned)
        used, tally, upgrades = plan.used, plan.tally, plan.upgrades
        # Where each kind of card may go now: creatures (a card's cost and "unique" groups decide), creature
        # Items (no more Items than creatures on a card), Upgrades (an end card without one).
        to_creature: list[tuple[str, int, frozenset]] = []
        to_item: list[str] = []
        for sid in plan.holds:
            here = tally.get(sid)
            if here is None:
                to_creature.append((sid, 0, _NO_GROUPS))
            else:
                to_creature.append((sid, here[0], here[1]))
                if here[2] + 1 <= here[3]:
                    to_item.append(sid)
        to_upgrade = [sid for sid in plan.upgradable if sid not in upgrades]
        # RB-MR I.C: Upgrades are placed in Draw and Organize; a tower Upgrade keeps one creature apart from the
        # card's stack, put there now too, while it is empty: the names of those still empty.
        towers = {sid: words for sid, words in plan.tower_holds.items() if sid not in plan.towered} \
            if plan.tower_holds else None
        options: list[Action] = []
        done: set[str] = set()          # a second copy of a card in hand would list nothing new
        for code, inst, cid, groups, room, card, acts in plan.placeables:
            if first and options:
                return options
            if inst in used or cid in done:
                continue
            done.add(cid)
            if code == _CREATURE:
                if not towers:
                    for sid, cost, taken in to_creature:
                        if cost <= room and (not groups or groups.isdisjoint(taken)):
                            options += acts.get(sid) or self._place_actions(code, inst, card, sid, acts)
                    continue
                for sid, cost, taken in to_creature:
                    if cost <= room and (not groups or groups.isdisjoint(taken)):
                        listed = acts.get(sid) or self._place_actions(code, inst, card, sid, acts)
                        options += listed
                    if sid in towers:
                        options.append(Action("place", (inst, sid, "tower"), (_INTO, card.name, towers[sid]),
                                              (_card_space_refs, inst, sid)))
            else:
                for sid in (to_item if code == _ITEM else to_upgrade):
                    options += acts.get(sid) or self._place_actions(code, inst, card, sid, acts)
        return options

    def _plan_of(self, seat: int, planned: list) -> "_Plan":
        """The seat's `_Plan` of this Draw and Organize's placing, brought up to `planned`: kept on the state from
        one placement to the next (the board, the hand and the plan so far do not change meanwhile but by
        the plan's growing), made anew for another seat, round or hand, and after `invalidate`."""
        plan = self._plan
        hand = self.seats[seat].hand
        if plan is None or plan.seat != seat or plan.round != self.round or plan.commit is not self.commit \
                or plan.hand is not hand or plan.hand_size != len(hand) or len(planned) < plan.count \
                or (plan.count and plan.planned is not planned):
            plan = self._plans.pop(seat, None) if self._plans else None      # made when the placing began
            if plan is None or plan.round != self.round or plan.commit is not self.commit or plan.hand is not hand \
                    or plan.hand_size != len(hand) or planned:
                plan = _Plan(self, seat)
            self._plan = plan
        if len(planned) > plan.count:
            plan.extend(self, planned)
        return plan

    def _ask_with(self, pending: Pending, options: list) -> None:
        """A seat must choose, among the options just found to know whether to ask it: they are kept with this
        pending decision (`_listed`) and listed for it as they are (`_listed_for`), not found a second time."""
        self.pending = pending
        self._listed = (pending, options)

    def _listed_for(self) -> list | None:
        """The options kept for the pending decision when it was set (nothing has happened since: the decision
        is the same object), once; None when there are none and they must be found now."""
        listed = self._listed
        self._listed = None
        return listed[1] if listed is not None and listed[0] is self.pending else None

    def invalidate(self) -> None:
        """The kernel's; the placing plan is made anew and options found earlier are found again (whoever calls
        this may have changed the state)."""
        self._plan = None
        self._plans = None
        self._listed = None
        super().invalidate()

    def _dno_place(self) -> None:
        assert self.commit is not None
        seat = self.commit.next_seat()
        if seat is not None:
            if self.commit.status(seat) == "waiting":
                self.commit.begin(seat)
            self.pending = Pending("place", seat)
            return
        placed = self.commit.reveal()
        self.mark_revealed()
        for seat in sorted(placed):
            planned = placed[seat]
            pl = self.seats[seat]
            for mode, inst, sid in planned:
                pl.hand.remove(inst)
                sp = self.spaces[sid]
                if mode == "upgrade":
                    sp.upgrade = inst
                    self.say("upgrade", seat_name=self.seat_name(seat), card=self.name(inst), space=sid, seat=seat)
                elif mode == "channeler":
                    sp.under.append(inst)
                elif mode == "tower":
                    sp.tower.append(inst)
                else:
                    sp.stacks.setdefault(seat, Stack()).cards.append(inst)
            if planned:
                self.say("placed", seat_name=self.seat_name(seat), amount=len(planned), seat=seat,
                         amount_words=counted(len(planned), "card"))
        self.commit = None
        # RB-FAQ: flip a coin, then alternate placing Shields; a player who passes is done (ruling A9).
        first = self.rng.randrange(self.n)
        self.queue = [(first + k) % self.n for k in range(self.n)]
        self.step = "shields"

    def _options_place(self, seat: int, data: Any) -> tuple:
        assert self.commit is not None
        planned = self.commit.committed.get(seat) or []
        options = self._placement_options(seat, planned, plan=self._plan_of(seat, planned))
        options.append(_PLACE_DONE)
        return ("Place creatures face down on your Stronghold cards (hidden until both are done)", options, "place")

    def _do_place(self, seat: int, data: Any, action: Action) -> None:
        assert self.commit is not None
        if action.kind == "place_done":
            self.commit.finish(seat)
        else:
            inst, sid, mode = action.args
            self.commit.add(seat, (mode, inst, sid))
            # The same seat goes on placing (what `_dno_place` would find again): asked at once.
            self.pending = Pending("place", seat)

    def _shield_options(self, seat: int) -> list[Action]:
        """Shields the seat may put on its stacks now (RB-MR I.C), one option per Shield card id and Stronghold
        card: found once to know whether the seat is asked, and listed for it as they are (`_ask_with`)."""
        pl = self.seats[seat]
        cd = self.cd
        defs, table = self.content.cards, self.cards
        # The Shields in hand, one per card id (what may be played does not depend on which copy).
        shields, ids = [], set()
        for inst in pl.hand:
            card = defs[table[inst]]
            if card.type == "shield" and card.id not in ids:
                ids.add(card.id)
                shields.append((inst, card))
        if not shields:
            return []
        if any(card.kind == "standard_bearer" for _, card in shields) and any(
                cd(self.spaces[sid].stacks[seat].shield).kind == "standard_bearer" for sid in self.shields_of(seat)):
            shields = [(inst, card) for inst, card in shields if card.kind != "standard_bearer"]
        options = []
        for sid in self.hold_spaces(seat):
            st = self.own_stack(seat, sid)
            if st is None or st.shield is not None or not self.creatures(st.cards):
                continue
            heavy = self.stack_cost(st.cards) > SHIELD_TERRAIN_LIMIT
            words = self.space_name(sid)
            for inst, card in shields:
                if heavy and card.kind == "shield_terrain":
                    continue
                options.append(Action("shield", (inst, sid), (_ON, card.name, words), (_card_space_refs, inst, sid)))
        return options

    def _dno_shields(self) -> None:
        while self.queue:
            seat = self.queue[0]
            options = self._shield_options(seat)
            if options:                 # listed for the decision as they are (`_options_shield`)
                self._ask_with(Pending("shield", seat), options)
                return
            self.queue.pop(0)
        self.queue = [s for s in range(self.n)]
        self.step = "discard"

    def _options_shield(self, seat: int, data: Any) -> tuple:
        options = self._listed_for()
        if options is None:
            options = self._shield_options(seat)
        options.append(_SHIELD_PASS)
        return ("Put a Shield on top of one of your stacks (players alternate)", options, "shield")

    def _do_shield(self, seat: int, data: Any, action: Action) -> None:
        self.queue.pop(0)
        if action.kind == "shield_pass":
            return
        inst, sid = action.args
        self.seats[seat].hand.remove(inst)
        self.spaces[sid].stacks[seat].shield = inst
        self.say("shield", seat_name=self.seat_name(seat), card=self.name(inst), space=sid, seat=seat)
        self.queue.append(seat)

    def _dno_discard(self) -> None:
        """RB-MR I.D: more than seven cards left in the Storage Hand: discard down to seven."""
        while self.queue:
            seat = self.queue[0]
            if len(self.seats[seat].hand) > HAND_LIMIT:
                self.pending = Pending("discard", seat)
                return
            self.queue.pop(0)
        for seat in range(self.n):
            pl = self.seats[seat]
            pl.pen = [i for i in pl.hand if self.cd(i).back != "double"]
            pl.depot = [i for i in pl.hand if self.cd(i).back == "double"]
            pl.hand = []
        self.first_round = False
        self._start_movement()

    def _options_discard(self, seat: int, data: Any) -> tuple:
        pl = self.seats[seat]
        seen: dict[str, int] = {}
        for inst in pl.hand:
            seen.setdefault(self.cards[inst], inst)
        cache = self._cache()
        options = []
        for inst in seen.values():
            option = cache.get(("discard", inst))
            if option is None:
                option = cache["discard", inst] = Action("discard", (inst,), (_DISCARD, self.name(inst)), (_card_refs, inst))
            options.append(option)
        return (f"Discard down to {HAND_LIMIT} cards ({len(pl.hand)} now)", options, "discard")

    def _do_discard(self, seat: int, data: Any, action: Action) -> None:
        inst = action.args[0]
        self.seats[seat].hand.remove(inst)
        self.discard(inst)
        self.say("discard", seat_name=self.seat_name(seat), card=self.name(inst), seat=seat)
        if len(self.seats[seat].hand) > HAND_LIMIT:     # still too many: asked again at once (`_dno_discard`)
            self.pending = Pending("discard", seat)

    # ----- Phase II: Movement (RB-MR pp. 27-29) --------------------------------------------------------

    def _start_movement(self) -> None:
        self.phase = "movement"
        self.step = "upcards"
        for seat in range(self.n):
            self.flags.pop(f"lost:{seat}", None)
        for pl in self.seats:
            pl.flew = 0
            pl.used_ch = []

    def _phase_movement(self) -> None:
        if self.combat is not None:
            self._combat_step()
            return
        (_MV.get(self.step) or step_handler(_MV, type(self), "_mv_", self.step))(self)

    def _flip_upcard(self, seat: int) -> None:
        """RB-MR II.A; RB-FAQ deck exhaustion (ruling A32): an empty deck turns Up-cards from the
        reshuffled discard pile, which are never drawn."""
        pl = self.seats[seat]
        if pl.deck:
            pl.upcard = pl.deck.pop()
            pl.drawn_up = False
        else:
            if not pl.up_pile:
                pl.up_pile = sorted(pl.discard)
                pl.discard = []
                self.rng.shuffle(pl.up_pile)
            pl.upcard = pl.up_pile.pop() if pl.up_pile else None
            pl.drawn_up = True
        pl.up_number = self.up_number(pl.upcard) if pl.upcard is not None else 0
        if pl.upcard is not None:
            self.say("upcard", seat_name=self.seat_name(seat), card=self.name(pl.upcard), number=pl.up_number,
                     seat=seat, refs=(f"card:{pl.upcard}",))

    def _mv_upcards(self) -> None:
        for seat in range(self.n):
            if self.seats[seat].upcard is None:
                self._flip_upcard(seat)
        for _ in range(12):
            nums = [self.seats[s].up_number for s in range(self.n)]
            top = max(nums)
            tied = [s for s in range(self.n) if nums[s] == top]
            if len(tied) == 1:
                break
            self.say("uptie", number=top)
            # RB-MR II.A: the tied players redraw (RB-4P: all players), old Up-cards to the bottom.
            again = tied if self.n == 2 else list(range(self.n))
            for seat in again:
                pl = self.seats[seat]
                if pl.upcard is not None:
                    (pl.deck if not pl.drawn_up else pl.up_pile).insert(0, pl.upcard)
                    pl.upcard = None
                self._flip_upcard(seat)
        nums = [self.seats[s].up_number for s in range(self.n)]
        best = max(nums)
        leaders = [s for s in range(self.n) if nums[s] == best]
        first = leaders[0] if len(leaders) == 1 else self.rng.pick(leaders)
        self.order = [(first + k) % self.n for k in range(self.n)]
        self.queue = list(self.order)
        self._clear_round_flags()
        self.step = "upwindow"

    def _mv_upwindow(self) -> None:
        """Cards played once the Up-cards show (R43), in turn order."""
        while self.queue:
            seat = self.queue[0]
            options = self._spell_options(seat, "upcard")
            if options:
                self._ask_with(Pending("spell", seat, "upcard"), options)
                return
            self.queue.pop(0)
        if self.flags.get("peace") == self.round:          # `skip_to_terrain`: no Shield moves this round
            self._start_terrain()
            return
        for seat in range(self.n):
            if self.flags.get(f"first:{seat}"):
                self.order = [(seat + k) % self.n for k in range(self.n)]
        first = self.order[0]
        self.say("first", seat_name=self.seat_name(first), seat=first)
        self.mover = 0
        self.step = "turn"

    def _has_unturned(self, seat: int) -> bool:
        """Does the seat have a Shield still to turn (`unturned`, stopping at the first)?"""
        for sp in self.spaces.values():
            st = sp.stacks.get(seat)
            if st is not None and st.shield is not None and not st.turned:
                return True
        return False

    def unturned(self, seat: int) -> list[str]:
        out = []
        for sid, sp in self.spaces.items():
            st = sp.stacks.get(seat)
            if st is not None and st.shield is not None and not st.turned:
                out.append(sid)
        return out

    def _mv_turn(self) -> None:
        """RB-MR II.B-D: players alternate turning a Shield; one with none left is skipped."""
        for k in range(self.n):
            seat = self.order[(self.mover + k) % self.n]
            if self._has_unturned(seat):
                self.mover = (self.mover + k) % self.n
                self.pending = Pending("turn", seat)
                return
        self._start_terrain()

    def _teleports(self, seat: int) -> list[tuple[int, str, str]]:
        out = []
        for src, sp in self.spaces.items():
            if sp.realm != seat or sp.rubble or not sp.tower:
                continue
            for inst in sp.tower:
                for sid in self.shields_of(seat):
                    st = self.spaces[sid].stacks[seat]
                    if st.turned and self.stack_cost(st.cards) + self.cost(inst) <= self.limit_of(st):
                        out.append((inst, src, sid))
        return out

    def _options_turn(self, seat: int, data: Any) -> tuple:
        options = [self._space_action("turn", sid, _TURN) for sid in self.unturned(seat)]
        options += [Action("teleport", (inst, src, sid),
                           f"Teleport {self.name(inst)} under the Shield on {self.space_name(sid)}", (f"space:{sid}",))
                    for inst, src, sid in self._teleports(seat)]
        return ("Turn one of your Shields", options, "turn_shield")

    def reach_if_turned(self, seat: int, sid: str) -> list[tuple[str, tuple[str, ...]]]:
        """The walks and flights (kind, path from `sid`) the seat's Shield on `sid` would be offered once
        turned: the same `paths` as its movement option, so a player told where a Shield can go before
        turning it is told the truth. Reads only the seat's own stack and the board, so it is as right on
        the seat's view as on the state (the turn options' refs name the Shield only, for the clicks)."""
        st = self.own_stack(seat, sid)
        if st is None or st.shield is None:
            return []
        return self.paths(seat, sid, st)

    def _do_turn(self, seat: int, data: Any, action: Action) -> None:
        if action.kind == "teleport":
            inst, src, sid = action.args
            self.spaces[src].tower.remove(inst)
            self.spaces[sid].stacks[seat].cards.append(inst)
            self.say("note", text=f"{self.seat_name(seat)} teleports a creature under the Shield on {self.space_name(sid)}")
            self.pending = Pending("turn", seat)
            return
        sid = action.args[0]
        self.spaces[sid].stacks[seat].turned = True
        self.say("turn", seat_name=self.seat_name(seat), space=sid, seat=seat)
        self.pending = Pending("option", seat, sid)

    def _next_mover(self) -> None:
        self.mover = (self.mover + 1) % self.n
        self.moving = None

    # movement legality (R46-R50; rulings A11, A12)

    def stops(self, seat: int, sid: str) -> bool:
        """Must a Shield of `seat` stop on entering the space (RB-MR II.C.2)?"""
        sp = self.spaces[sid]
        if self.enemy_creatures(seat, sid) is not None:
            return True
        if sp.kind == "hold":
            return self.controller(sid) != seat
        if sp.terrain is None:
            return True
        return sp.terrain_owner != seat

    def stop_reason(self, seat: int, sid: str) -> str:
        """Why a Shield of `seat` entering the space must stop there, in plain words ("" when it need not): the
        same four conditions as `stops` (RB-MR II.C.2, spec R47: "Movement must stop when entering: an empty
        space (no Terrain card); a space occupied by an enemy Shield; a space with an enemy Terrain card; or an
        enemy Stronghold"; ruling A11 for own Strongholds and Rubble), for a player told before moving. Reads only
        what the board shows (who has a stack there, the space's kind, its Terrain's owner), so it is as right
        on a seat's view as on the state."""
        sp = self.spaces[sid]
        if self.enemy_creatures(seat, sid) is not None:
            return "an enemy Shield is there"
        if sp.kind == "hold":
            if self.controller(sid) == seat:
                return ""
            return "Rubble you do not control" if sp.rubble else "an enemy Stronghold"
        if sp.terrain is None:
            return "an empty space (no Terrain card)"
        return "" if sp.terrain_owner == seat else "an enemy Terrain card"

    def _spires(self, sid: str) -> bool:
        return "spires" in self.terrain_types(sid)

    def _no_fly_onto(self, seat: int, sid: str) -> bool:
        sp = self.spaces[sid]
        if self._spires(sid):
            return True
        if sp.kind == "hold" and sp.realm != seat and not sp.rubble:
            if any(p.get("no_fly") for p in self.hold_static(sid, "stronghold")):
                return True
            for other in self.spaces.values():
                if other.kind == "hold" and other.realm == sp.realm and other.upgrade is not None and not other.rubble:
                    if self.cd(other.upgrade).id and static_of(self.cd(other.upgrade), "no_fly_holds"):
                        return True
        return False

    def can_fly(self, seat: int, st: Stack) -> bool:
        """May the whole stack fly (R49: every creature flies, by itself or by a creature Item's grant)? It depends
        on the stack's cards alone: worked out once per set of cards (`_cache`)."""
        cache = self._cache()
        key = ("fly", tuple(st.cards))
        found = cache.get(key)
        if found is None:
            found = cache[key] = self._stack_flies(st)
        return found

    def _stack_flies(self, st: Stack) -> bool:
        creatures = self.creatures(st.cards)
        if not creatures:
            return False
        steps = [p for i in st.cards if self.is_citem(i) for p in static_of(self.cd(i), "fly_grant")]
        grants = [p["filter"] for p in steps if not p.get("one")]
        ones = sum(1 for p in steps if p.get("one"))          # `one`: an Item that makes one creature fly
        walkers = [i for i in creatures if not self.cd(i).flying and not any(matches(self.cd(i), g) for g in grants)]
        return len(walkers) <= ones

    def reach(self, seat: int, st: Stack) -> int:
        """Up to two spaces (R46); a movement bonus for a Shield of one class (spec `movement`), worked out once
        per set of cards (`_cache`); one space only while slowed."""
        if self.flags.get(f"slow:{seat}"):
            return 1
        cache = self._cache()
        key = ("reach", tuple(st.cards))
        steps = cache.get(key)
        if steps is None:
            steps = 2
            creatures = [self.cd(i) for i in self.creatures(st.cards)]
            for card in creatures:
                for p in static_of(card, "movement"):
                    if all(matches(c, p.get("filter")) for c in creatures):
                        steps += p["extra"]
                        break
            cache[key] = steps
        return steps

    def paths(self, seat: int, start: str, st: Stack, extra: int = 0) -> list[tuple[str, tuple[str, ...]]]:
        """Every legal (kind, path) for a Shield on `start`: walks that respect the stops, and flights."""
        out: list[tuple[str, tuple[str, ...]]] = []
        limit = self.reach(seat, st) + extra
        spaces = self.spaces
        barred = self._barred_now()
        stop: dict[str, bool] = {}      # `stops` of each space entered, worked out once per listing

        def end_ok(sid: str) -> bool:
            own = spaces[sid].stacks.get(seat)
            return own is None or (not own.cards and own.shield is None)

        # Every simple path from `start` within the reach, depth first in adjacency order (`_path_tree`, the same
        # for every game on this board), less the subtrees behind a barred space or a space where it must stop.
        tree = self._path_tree(start, limit)
        i, size = 1, len(tree)          # the first entry is `start` itself
        while i < size:
            move, here, steps, end = tree[i]
            if here in barred:
                i = end
                continue
            own = spaces[here].stacks.get(seat)                      # `end_ok`, inlined (a hot loop)
            if own is None or (not own.cards and own.shield is None):
                out.append(move)
            if steps < limit:
                stops = stop.get(here)
                if stops is None:
                    stops = stop[here] = self.stops(seat, here)
                if stops:
                    i = end
                    continue
            i += 1
        if extra:
            return [(k, p) for k, p in out if len(p) - 1 > limit - extra]
        flights = 1 + int(self.flags.get(f"flights:{seat}", 0))          # `extra_flight` adds to the one
        if self.seats[seat].flew < flights and start not in barred and self.can_fly(seat, st) and not self._spires(start):
            slow = self.flags.get(f"slow:{seat}")
            for mid in spaces[start].adj:
                if self._spires(mid) or mid in barred:
                    continue
                if end_ok(mid) and not self._no_fly_onto(seat, mid) and ("move", (start, mid)) not in out:
                    out.append(("fly", (start, mid)))
                for end in spaces[mid].adj:
                    if slow:
                        break
                    if end == start or self._spires(end) or end in barred or not end_ok(end):
                        continue
                    if self._no_fly_onto(seat, end):
                        continue
                    if ("move", (start, mid, end)) in out:
                        continue
                    out.append(("fly", (start, mid, end)))
        return out

    def _path_tree(self, start: str, limit: int) -> tuple:
        """Every simple path from `start` of at most `limit` steps, in the order a depth-first walk in adjacency
        order reaches them: (("move", path), its last space, steps, index past its subtree). The board's adjacency never
        changes, so the tree is made once per board, start and reach (`_PATH_TREES`); `paths` walks it, skipping
        the subtrees the board closes now. Built from a stack of paths, not a recursive inner function (one
        that calls itself is a reference cycle)."""
        spaces = self.spaces
        key = (self.n, len(spaces), start, limit)
        tree = _PATH_TREES.get(key)
        if tree is not None:
            return tree
        order: list[tuple[tuple[str, ...], int]] = []
        todo = [(start,)]
        while todo:
            path = todo.pop()
            order.append((path, len(path) - 1))
            if len(path) - 1 < limit:
                for nxt in reversed(spaces[path[-1]].adj):
                    if nxt not in path:
                        todo.append(path + (nxt,))
        entries = []
        for i, (path, steps) in enumerate(order):
            end = i + 1
            while end < len(order) and order[end][1] > steps:
                end += 1
            entries.append((("move", path), path[-1], steps, end))
        tree = _PATH_TREES[key] = tuple(entries)
        return tree

    def _barred_now(self) -> set[str]:
        """The spaces under a Force Barrier this round (`_barred`), found in one pass over the flags."""
        round_ = self.round
        return {key[8:] for key, value in self.flags.items() if key.startswith("barrier:") and value == round_}

    def _barred(self, sid: str) -> bool:
        """A Force Barrier: nothing moves into, out of or across the space until the next turn."""
        return self.flags.get(f"barrier:{sid}") == self.round

    # effect choices asked by steps (FlowState.ask)

    def _options_effect(self, seat: int, data: Any) -> tuple:
        kind, prompt, options = data
        return (_counted(prompt), [(o[0], o[1], _counted(o[2]), o[3]) if o.__class__ is tuple and o[2].__class__ is str
                                   else o for o in options], kind)

    def _do_effect(self, seat: int, data: Any, action: Action) -> None:
        top = self.stack[-1]
        assert isinstance(top, Frame)
        top.answer = action.args[0]

    def _options_option(self, seat: int, sid: str) -> tuple:
        st = self.spaces[sid].stacks[seat]
        options: list[Action] = [_PASS]
        words = self.words
        cache = self._cache()
        for kind, path in self.paths(seat, sid, st):
            option = cache.get(("path", kind, path))
            if option is None:
                option = cache["path", kind, path] = Action(
                    kind, (">".join(path),), (_path_label, "Fly " if kind == "fly" else "Move ", words, path),
                    (_path_refs, path))
            options.append(option)
        potion = self._move_extra_item(seat)
        if potion is not None:
            for kind, path in self.paths(seat, sid, st, extra=1):
                options.append(Action("move_extra", (">".join(path), potion),
                                      (_path_label, f"Play {self.name(potion)}: move ", words, path), (_path_refs, path)))
        for target in self._reinforce_targets(seat):
            options.append(self._space_action("reinforce", target, _REINFORCE))
        victim = self._guardian_target(seat, sid)
        if victim is not None:
            options.append(Action("guardian", (victim,), f"Attack {self.seat_name(victim)}'s Guardian", (f"guardian:{victim}",)))
        return ("Your Shield's movement option", options, "move_option")

    def _space_action(self, kind: str, sid: str, words: Any) -> Action:
        """The option `kind` on a space (turn its Shield, reinforce it), worded by `words`: one per space and kind
        (the card-table cache), not one per listing."""
        cache = self._cache()
        option = cache.get((kind, sid))
        if option is None:
            option = cache[kind, sid] = Action(kind, (sid,), (words, self.words[sid]), (_space_refs, sid))
        return option

    def _move_extra_item(self, seat: int) -> int | None:
        for inst in self.seats[seat].depot:
            if abilities_of(self.cd(inst), "move_extra") and not self.cursed(seat, self.cards[inst]):
                return inst
        return None

    def _guardian_target(self, seat: int, sid: str) -> int | None:
        """R104: from enemy Rubble with no enemy creatures on it, a turned Shield may attack the Guardian."""
        sp = self.spaces[sid]
        if sp.kind != "hold" or not sp.rubble or sp.realm is None or sp.realm == seat:
            return None
        if self.enemy_creatures(seat, sid) is not None or not self.seats[sp.realm].g_alive:
            return None
        return sp.realm

    def _do_option(self, seat: int, sid: str, action: Action) -> None:
        self.moving = (seat, sid)
        if action.kind == "pass":
            self._after_option(seat)
        elif action.kind == "fly":
            path = tuple(str(action.args[0]).split(">"))
            st = self.spaces[sid].stacks[seat]
            self.seats[seat].flew += 1
            self.say("fly", seat_name=self.seat_name(seat), path=" > ".join(path), seat=seat,
                     names=", ".join(self.name(i) for i in st.cards))
            self.mark_revealed()
            self.flags["shown"] = tuple(st.cards)
            self.queue = [s for s in self.order if s != seat]
            self.pending = Pending("rocks", seat, (sid, ">".join(path)))
            self._next_rocks()
        elif action.kind == "move":
            self._walk(seat, sid, str(action.args[0]))
        elif action.kind == "move_extra":
            path, item = action.args
            self.seats[seat].depot.remove(item)
            self.discard(item)
            self.say("spell", seat_name=self.seat_name(seat), card=self.name(item), seat=seat, refs=(f"card:{item}",))
            self._walk(seat, sid, str(path))
        elif action.kind == "reinforce":
            self.pending = Pending("reinforce", seat, action.args[0])
        elif action.kind == "guardian":
            self.start_combat(seat, action.args[0], sid, None, guardian=True)

    def _after_option(self, seat: int) -> None:
        """RB-MR II.D: the other player's turn (War may grant another option first)."""
        options = self._spell_options(seat, "move")
        if options and self.moving is not None:
            self._ask_with(Pending("spell", seat, "move"), options)
            return
        self._next_mover()

    def _rocks_item(self, seat: int) -> int | None:
        for inst in self.seats[seat].depot:
            for a in abilities_of(self.cd(inst), "enemy_fly"):
                costs = [p["cost"] for step in a["effect"] for n, p in step.items() if n == "shoot_flyers"]
                if costs and self.seats[seat].stones >= max(1, min(costs)) and not self.cursed(seat, self.cards[inst]):
                    return inst
        return None

    def _ground_item(self, seat: int) -> int | None:
        """A card of the Storage Depot that stops a flight where it starts (`ground_flyer`)."""
        for inst in self.seats[seat].depot:
            for a in abilities_of(self.cd(inst), "enemy_fly"):
                if any("ground_flyer" in step for step in a["effect"]) and int(a.get("cost", 0)) <= self.seats[seat].stones \
                        and not self.cursed(seat, self.cards[inst]):
                    return inst
        return None

    def _next_rocks(self) -> None:
        """After a flight is shown, each other seat in turn may play a card that shoots flyers."""
        assert self.pending is not None
        flyer, (sid, path) = self.pending.seat, self.pending.data
        while self.queue:
            other = self.queue[0]
            if self._rocks_item(other) is not None or self._ground_item(other) is not None:
                self.pending = Pending("rocks", other, (flyer, sid, path))
                return
            self.queue.pop(0)
        self.pending = None
        self.flags.pop("shown", None)
        if flyer in self.spaces[sid].stacks:
            self._move(flyer, sid, tuple(path.split(">")), True)
        else:
            self._after_option(flyer)

    def _options_rocks(self, seat: int, data: Any) -> tuple:
        flyer, sid, path = data
        item = self._rocks_item(seat)
        st = self.spaces[sid].stacks.get(flyer)
        targets = self.creatures(st.cards) if st is not None and item is not None else []
        options = [("shoot", (inst, item), f"Play {self.name(item)}: destroy {self.name(inst)} (1 Power Stone)",
                    (f"card:{item}",)) for inst in targets]
        well = self._ground_item(seat)
        if well is not None:
            options.append(("ground", (well,), f"Play {self.name(well)}: the Shield stays where it is", (f"card:{well}",)))
        options.append(("shoot_done", (), "Let the Shield fly on", ()))
        return ("A Shield flies: shoot its flyers?", options, "window")

    def _do_rocks(self, seat: int, data: Any, action: Action) -> None:
        flyer, sid, path = data
        if action.kind == "ground":           # `ground_flyer`: the flight ends before it starts (still turned)
            item = action.args[0]
            cost = int(abilities_of(self.cd(item), "enemy_fly")[0].get("cost", 0))
            if cost:
                self.gain_stones(seat, -cost)
            self.seats[seat].depot.remove(item)
            self.discard(item)
            self.say("spell", seat_name=self.seat_name(seat), card=self.name(item), seat=seat, refs=(f"card:{item}",))
            self.say("note", text=f"{self.seat_name(flyer)}'s Shield stays on {self.space_name(sid)}")
            self.flags.pop("shown", None)
            self.queue = []
            self.pending = None
            self._after_option(flyer)
            return
        if action.kind == "shoot":
            inst, item = action.args
            if item in self.seats[seat].depot:
                self.seats[seat].depot.remove(item)
                self.discard(item)
                self.say("spell", seat_name=self.seat_name(seat), card=self.name(item), seat=seat)
            self.seats[seat].stones -= 1
            st = self.spaces[sid].stacks[flyer]
            st.cards.remove(inst)
            self.discard(inst)
            self.say("discard", seat_name=self.seat_name(flyer), card=self.name(inst), seat=flyer)
            if not self.creatures(st.cards):
                self.lose_stack(flyer, sid, seat)
                self.flags.pop("shown", None)
                self.queue = []
                if self.winners is None:
                    self._after_option(flyer)
                return
            if self.seats[seat].stones >= 1:
                self.flags[f"shooting:{seat}"] = item
                self.pending = Pending("shoot", seat, data)
                return
        self.queue.pop(0)
        self.pending = Pending("rocks", flyer, (sid, path))
        self._next_rocks()

    def _options_shoot(self, seat: int, data: Any) -> tuple:
        flyer, sid, path = data
        st = self.spaces[sid].stacks[flyer]
        options = [("shoot", (inst, -1), f"Destroy {self.name(inst)} (1 Power Stone)", ())
                   for inst in self.creatures(st.cards)]
        options.append(("shoot_done", (), "Stop shooting", ()))
        return ("Destroy more flyers?", options, "window")

    def _do_shoot(self, seat: int, data: Any, action: Action) -> None:
        self.flags.pop(f"shooting:{seat}", None)
        self._do_rocks(seat, data, action)

    # pick-up and drop-off while walking through own Stronghold cards (R52; ruling A13)

    def _walk(self, seat: int, start: str, path: str, at: int = 1, moved: tuple[int, ...] = ()) -> None:
        """A walk stops at each own intact Stronghold card it passes through (not its start or end) where
        the Shield may pick up or drop off creatures, as a decision of its own; then the Shield arrives."""
        spaces = path.split(">")
        for k in range(at, len(spaces) - 1):
            data = (start, path, k, moved)
            options = self._carry_options(seat, data)
            if options:
                self._ask_with(Pending("carry", seat, data), options)
                return
        self._move(seat, start, tuple(spaces), False)

    def _carry_options(self, seat: int, data: tuple) -> list[Action]:
        """RB-MR "Other Reinforcement": passing through its own Stronghold card, a Shield may pick up
        creatures from an unturned Shield there (never its last one) or from shieldless creatures, and drop
        off creatures into a turned Shield there or onto the card when no Shield of the player's stands on
        it. Ruling A13: the space limit is checked at every step; channelers under the card stay; the moving
        Shield keeps at least one creature; a card moves at most once per walk."""
        start, path, k, moved = data
        sid = path.split(">")[k]
        sp = self.spaces[sid]
        if sp.kind != "hold" or sp.realm != seat or sp.rubble or self.enemy_creatures(seat, sid) is not None:
            return []
        mover = self.spaces[start].stacks[seat]
        here = sp.stacks.get(seat)
        out: list[Action] = []
        name = self.space_name(sid)
        if here is not None and not (here.shield is not None and here.turned):
            room = self.limit_of(mover) - self.stack_cost(mover.cards)
            takeable = self.creatures(here.cards)
            if here.shield is not None and len(takeable) <= 1:
                takeable = []
            for inst in takeable:
                if inst not in moved and self.cost(inst) <= room:
                    out.append(Action("pick_up", (inst,), (_PICK_UP, self.name(inst), name), (_card_space_refs, inst, sid)))
        if here is None or here.shield is None or here.turned:
            target = here if here is not None else Stack()
            room = self.limit_of(target) - self.stack_cost(target.cards)
            mine = self.creatures(mover.cards)
            if len(mine) > 1:
                for inst in mine:
                    if inst not in moved and self.cost(inst) <= room:
                        out.append(Action("drop_off", (inst,), (_DROP_OFF, self.name(inst), name),
                                          (_card_space_refs, inst, sid)))
        return out

    def _options_carry(self, seat: int, data: tuple) -> tuple:
        start, path, k, moved = data
        options = self._listed_for()
        if options is None:
            options = self._carry_options(seat, data)
        options.append(_CARRY_ON)
        sid = path.split(">")[k]
        return (f"Your Shield passes through {self.space_name(sid)}: pick up or drop off creatures?", options,
                "move_step")

    def _do_carry(self, seat: int, data: tuple, action: Action) -> None:
        start, path, k, moved = data
        if action.kind == "carry_on":
            self._walk(seat, start, path, k + 1, moved)
            return
        sid = path.split(">")[k]
        inst = action.args[0]
        mover = self.spaces[start].stacks[seat]
        sp = self.spaces[sid]
        if action.kind == "pick_up":
            here = sp.stacks[seat]
            here.cards.remove(inst)
            if not here.cards and here.shield is None:
                del sp.stacks[seat]
            mover.cards.append(inst)
            self.say("pick_up", seat_name=self.seat_name(seat), space=sid, seat=seat, refs=(f"space:{sid}",))
        else:
            mover.cards.remove(inst)
            sp.stacks.setdefault(seat, Stack()).cards.append(inst)
            self.say("drop_off", seat_name=self.seat_name(seat), space=sid, seat=seat, refs=(f"space:{sid}",))
        data = (start, path, k, moved + (inst,))
        options = self._carry_options(seat, data)
        if options:
            self._ask_with(Pending("carry", seat, data), options)
        else:
            self._walk(seat, start, path, k + 1, moved + (inst,))

    def _move(self, seat: int, start: str, path: tuple[str, ...], fly: bool) -> None:
        st = self.spaces[start].stacks.pop(seat)
        end = path[-1]
        if fly:
            pass
        else:
            self.say("move", seat_name=self.seat_name(seat), path=" > ".join(path), seat=seat)
            if len(path) > 3:
                # a movement bonus that says so shows what is under the Shield
                self.say("note", text=f"{self.seat_name(seat)} shows the Shield: " + ", ".join(self.name(i) for i in st.cards))
                self.mark_revealed()
        self._entry_aoe(seat, end, st)
        sp = self.spaces[end]
        left = sp.stacks.get(seat)
        if left is not None:       # an emptied own stack (never with cards: paths forbid it)
            st.cards.extend(left.cards)
        sp.stacks[seat] = st
        self.moving = (seat, end)
        if not self.creatures(st.cards):
            # The entry AOE discarded every creature: a Shield is never without one (R33), so it is lost
            # (R94) to the Stronghold's owner, and the Stronghold it did not survive to take stands.
            self.lose_stack(seat, end, sp.realm)
            if self.winners is None:
                self._after_option(seat)
            return
        came_from = path[-2]
        enemy = self.enemy_creatures(seat, end)
        if enemy is not None and self.spaces[end].stacks[enemy].cards:
            self.start_combat(seat, enemy, end, came_from)
            return
        if enemy is not None:       # an enemy Shield with no creatures cannot be (R33); treat as empty
            del sp.stacks[enemy]
        if sp.kind == "hold" and sp.realm != seat:
            if not sp.rubble:
                self.to_rubble(end, seat)
                victim = sp.realm
                if victim is not None and self.seats[victim].g_alive and self.combat is None:
                    self.pending = Pending("guardian_now", seat, (end, victim))
                    return
            elif sp.rubble_ctrl != seat:
                sp.rubble_ctrl = seat
                self.say("control", seat_name=self.seat_name(seat), space=end, seat=seat)
        self._after_option(seat)

    def _entry_aoe(self, seat: int, sid: str, st: Stack) -> None:
        """An Upgrade beside an enemy Stronghold card strikes a Shield that enters it with an AOE."""
        sp = self.spaces[sid]
        if sp.kind != "hold" or sp.realm == seat or sp.rubble or sp.upgrade is None:
            return
        for p in static_of(self.cd(sp.upgrade), "entry_aoe"):
            hit = [i for i in self.creatures(st.cards) if (self.cd(i).vitality or 0) <= p["amount"]
                   and not any(q.get("to") == "aoe" for q in static_of(self.cd(i), "immune"))]
            for inst in hit:
                st.cards.remove(inst)
                self.discard(inst)
            self.say("aoe", card=self.name(sp.upgrade), amount=p["amount"],
                     names=", ".join(self.name(i) for i in hit) or "nothing", seat=sp.realm)
            if hit:
                self.mark_revealed()

    def _options_guardian_now(self, seat: int, data: Any) -> tuple:
        sid, victim = data
        return ("The Stronghold fell unopposed: attack the Guardian now?",
                [("guardian_now", (True,), f"Attack {self.seat_name(victim)}'s Guardian", (f"guardian:{victim}",)),
                 ("guardian_now", (False,), "Not now", ())], "guardian")

    def _do_guardian_now(self, seat: int, data: Any, action: Action) -> None:
        sid, victim = data
        if action.args[0]:
            self.start_combat(seat, victim, sid, None, guardian=True)
        else:
            self._after_option(seat)

    def to_rubble(self, sid: str, by: int) -> None:
        """RB-MR p. 41: the Stronghold card flips to Rubble; channelers under it are lost (RB-FAQ)."""
        sp = self.spaces[sid]
        sp.rubble = True
        sp.rubble_ctrl = by
        for inst in sp.under + sp.tower:
            self.discard(inst)
        sp.under, sp.tower = [], []
        if self.phase == "movement":
            self.seats[by].holds_destroyed += 1
        self.say("rubble", space=sid, seat=by)
        self.check_kills()

    # reinforcement (R51; ruling A13)

    def _reinforce_targets(self, seat: int) -> list[str]:
        sources = self._reinforce_sources(seat)
        if not sources:
            return []
        targets = []
        for sid, sp in self.spaces.items():
            st = sp.stacks.get(seat)
            if st is not None and st.shield is not None and st.turned \
                    and self._reinforcements(seat, sid, first=True, sources=sources):
                targets.append(sid)
        return targets

    def _reinforce_sources(self, seat: int) -> list[tuple[str, list[int]]]:
        """Own intact Stronghold cards whose creatures may leave to reinforce: (space, those creatures). A
        turned Shield's stack stays; a Shield keeps at least one creature."""
        out = []
        spaces = self.spaces
        for sid in self._own_holds(seat):
            sp = spaces[sid]
            st = sp.stacks.get(seat)
            if sp.rubble or st is None or (st.shield is not None and st.turned):
                continue
            movable = self.creatures(st.cards)
            if st.shield is not None and len(movable) <= 1:
                continue
            if movable:
                out.append((sid, movable))
        return out

    def _reachable(self, seat: int, start: str, target: str) -> bool:
        """A walk of at most two spaces from `start` to `target` under the stops (own Shields may be
        passed through; the target holds the own Shield being reinforced)."""
        if target in self.spaces[start].adj:
            return True
        for mid in self.spaces[start].adj:
            if self._barred(mid) or self.stops(seat, mid):
                continue
            if target in self.spaces[mid].adj:
                return True
        return start == target

    def _reinforcements(self, seat: int, target: str, first: bool = False,
                        sources: list[tuple[str, list[int]]] | None = None) -> list[tuple[int, str]]:
        """The (creature, from) pairs that may join the Shield on `target`; with `first`, only the first
        one (enough to know the Shield may be reinforced). `sources`: `_reinforce_sources`, if known."""
        if sources is None:
            sources = self._reinforce_sources(seat)
        if not sources:
            return []
        stack = self.spaces[target].stacks[seat]
        room = self.limit_of(stack) - self.stack_cost(stack.cards)
        out, seen = [], set()
        defs, ids = self.content.cards, self.cards
        for sid, movable in sources:
            if sid == target or not self._reachable(seat, sid, target):
                continue
            for inst in movable:
                card = defs[ids[inst]]
                if (card.space_cost if card.type == "creature" else 0) <= room and (card.id, sid) not in seen:
                    seen.add((card.id, sid))
                    out.append((inst, sid))
                    if first:
                        return out
        return out

    def _options_reinforce(self, seat: int, target: str) -> tuple:
        options = [Action("take", (inst, sid), (_TAKE, self.name(inst), self.words[sid]), (_card_space_refs, inst, sid))
                   for inst, sid in self._reinforcements(seat, target)]
        options.append(_REINFORCE_DONE)
        return (f"Reinforce the Shield on {self.space_name(target)}", options, "reinforce")

    def _do_reinforce(self, seat: int, target: str, action: Action) -> None:
        if action.kind == "reinforce_done":
            self._after_option(seat)
            return
        inst, sid = action.args
        src = self.spaces[sid].stacks[seat]
        src.cards.remove(inst)
        if not src.cards and src.shield is None:
            del self.spaces[sid].stacks[seat]
        self.spaces[target].stacks[seat].cards.append(inst)
        self.say("reinforce", seat_name=self.seat_name(seat), space=target, card="a creature", source=sid, seat=seat)
        self.pending = Pending("reinforce", seat, target) if self._reinforcements(seat, target) else None
        if self.pending is None:
            self._after_option(seat)

    # ----- Spells and Items outside combat ----------------------------------------------------------------

    def cursed(self, seat: int, card_id: str) -> bool:
        """A card named by an opponent's curse this turn may not be used."""
        return self.flags.get(f"curse:{seat}:{card_id}") == self.round

    def curse_choices(self, seat: int) -> list[str]:
        """The Spells and non-creature Items of the opponent's deck list (deck lists are public)."""
        deck = self.content.decks[self.seats[self.opponent_of(seat)].deck_name]
        return sorted({cid for cid, _ in deck.cards if self.content.cards[cid].type == "spell"
                       or (self.content.cards[cid].type == "item" and self.content.cards[cid].kind != "creature")})

    def _spell_options(self, seat: int, when: str) -> list[tuple]:
        pl = self.seats[seat]
        out, seen = [], set()
        defs, table = self.content.cards, self.cards
        for inst in pl.depot:
            card = defs[table[inst]]
            abilities = abilities_of(card, when)        # most cards have nothing to play now: asked first
            if not abilities or card.id in seen or self.cursed(seat, card.id) \
                    or (card.type == "spell" and self.effects_of("no_spells")):
                continue
            if card.type == "item" and card.kind == "hand" and self._hand_items_barred(seat):
                continue
            for ability in abilities:
                cost = int(ability.get("cost", 0))
                if cost > pl.stones or not self._spell_usable(seat, card, ability):
                    continue
                seen.add(card.id)
                out.append(("cast", (inst,), f"Play {card.name}" + (f" ({cost} stone)" if cost else ""), (f"card:{inst}",)))
        if when in ("dno", "modify") and self._altar(seat) is not None:
            pile = pl.hand if self.phase == "dno" else pl.pen + pl.depot
            picked: set[str] = set()
            for inst in pile:
                if self.cards[inst] not in picked:
                    picked.add(self.cards[inst])
                    out.append(("sacrifice", (inst,), f"Discard {self.name(inst)} for a Power Stone", (f"card:{inst}",)))
        return out

    def guardian_cmp(self, seat: int) -> int:
        """The seat's Guardian's CMP, or the one a `guardian_cmp` card set for this round."""
        pl = self.seats[seat]
        set_for = self.flags.get(f"cmp:{seat}")
        return set_for[1] if set_for is not None and set_for[0] == self.round else self.cd(pl.guardian).cmp

    def _hand_items_barred(self, seat: int) -> bool:
        """`bar_hand_items`: an unbeaten creature of another side in play in the combat bars Hand Items."""
        c = self.combat
        return c is not None and any(self.alive(i) and static_of(self.cd(i), "bar_hand_items")
                                     for s, insts in c.inplay.items() if s != seat for i in insts)

    def _altar(self, seat: int) -> int | None:
        """An Upgrade with `sacrifice_stones` on one of the seat's intact Stronghold cards."""
        spaces = self.spaces
        for sid in self._own_holds(seat):
            sp = spaces[sid]
            if sp.upgrade is not None and not sp.rubble and static_of(self.cd(sp.upgrade), "sacrifice_stones"):
                return sp.upgrade
        return None

    def sacrifice(self, seat: int, inst: int) -> None:
        """`sacrifice_stones`: a card of the Storage Hand is discarded for one Power Stone."""
        pl = self.seats[seat]
        for pile in (pl.hand, pl.pen, pl.depot):
            if inst in pile:
                pile.remove(inst)
                break
        self.discard(inst)
        self.gain_stones(seat, 1)
        self.mark_revealed()
        self.say("note", text=f"{self.seat_name(seat)} discards {self.name(inst)} for a Power Stone")

    def _spell_usable(self, seat: int, card: CardDef, ability: dict) -> bool:
        need = ability.get("needs")
        if need == "defending":
            return self.combat is not None and seat == self.combat.dfn
        if need == "giant_matchup":
            return self.combat is not None and self._own_matchup_creature(seat, {"class": "giant"}) is not None
        if need == "knight_matchup":
            return self.combat is not None and self._own_matchup_creature(seat, {"class": "knight"}) is not None \
                and self._enemy_matchup_creature(seat) is not None
        if need == "matchup_creature":
            return self.combat is not None and self._own_matchup_creature(seat, None) is not None
        if need == "ranged_used":
            return self.combat is not None and bool(self._own_ranged_used(seat))
        if need == "stronghold_attack":
            c = self.combat
            return c is not None and self.spaces[c.space].kind == "hold" and not self.spaces[c.space].rubble
        if need in ("enemy_guardian_channelled", "enemy_creature_channelled"):
            last = self.combat.flags.get("last_channel") if self.combat is not None else None
            return last is not None and last[0] != seat and (last[3] is None) == (need == "enemy_guardian_channelled")
        if need == "pirates_won":
            c = self.combat
            return c is not None and c.winner == seat and \
                sum(1 for i in self.survivors(seat) if "pirate" in self.cd(i).classes) >= 2
        return True

    def _options_spell(self, seat: int, when: str) -> tuple:
        options = self._listed_for()
        if options is None:
            options = self._spell_options(seat, when)
        options.append(("cast_pass", (), "Pass", ()))
        return ("Play a Spell or Item?", options, "window")

    def _do_spell(self, seat: int, when: str, action: Action) -> None:
        if action.kind == "sacrifice":
            self.sacrifice(seat, action.args[0])
            return
        if action.kind == "cast_pass":
            if when == "move":
                self._next_mover()
            elif when in ("upcard", "dno"):
                self.queue.pop(0)
            return
        self.cast(seat, action.args[0], when)

    def cast(self, seat: int, inst: int, when: str) -> None:
        """Play a Spell or Item from the Storage Depot: pay, discard it (RB-FAQ), run its steps."""
        pl = self.seats[seat]
        card = self.cd(inst)
        ability = abilities_of(card, when)[0]
        cost = int(ability.get("cost", 0))
        if cost:
            self.gain_stones(seat, -cost)
        pl.depot.remove(inst)
        self.discard(inst)
        self.say("spell", seat_name=self.seat_name(seat), card=card.name, seat=seat, refs=(f"card:{inst}",))
        self.mark_revealed()
        self.stack.append(Frame(tuple((n, p) for step in ability["effect"] for n, p in step.items()), seat,
                                {"source": inst}))
        if card.type == "item" and card.kind == "hand":          # `draw_on_enemy_item` (a Guardian's)
            for other in range(self.n):
                if other != seat and self.seats[other].g_alive and self.guardian_static(other, "draw_on_enemy_item"):
                    for drawn in self._draw_cards(other, 1):
                        self.seats[other].hand.remove(drawn)
                        target = self.seats[other].hand if self.phase == "dno" else (
                            self.seats[other].depot if self.cd(drawn).back == "double" else self.seats[other].pen)
                        target.append(drawn)

    def _special_move_first(self, seat: int, source: Any) -> None:
        self.flags[f"first:{seat}"] = True

    def _special_slow_opponent(self, seat: int, source: Any) -> None:
        for other in range(self.n):
            if other != seat:
                self.flags[f"slow:{other}"] = True

    def _special_look_top(self, seat: int, source: Any) -> None:
        """Look at the top cards and keep the best on top (the AI's reading of "in any order")."""
        pl = self.seats[seat]
        top = pl.deck[-6:]
        del pl.deck[-6:]
        top.sort(key=lambda i: (self.up_number(i), i))
        pl.deck.extend(top)

    def _special_swap_upcard(self, seat: int, source: Any) -> None:
        """The opponent with the highest Up-card throws it away and turns the next one."""
        others = [s for s in range(self.n) if s != seat]
        victim = max(others, key=lambda s: (self.seats[s].up_number, -s))
        pl = self.seats[victim]
        if pl.upcard is not None:
            self.discard(pl.upcard)
            pl.upcard = None
        self._flip_upcard(victim)
        nums = [self.seats[s].up_number for s in range(self.n)]
        first = max(range(self.n), key=lambda s: (nums[s], -((s - self.order[0]) % self.n)))
        self.order = [(first + k) % self.n for k in range(self.n)]

    def _special_assassinate(self, seat: int, source: Any) -> None:
        """The searcher discards the strongest creature of the opponent's deck, then shuffles it."""
        victim = max((s for s in range(self.n) if s != seat), key=lambda s: (len(self.seats[s].deck), -s))
        pl = self.seats[victim]
        creatures = [i for i in pl.deck if self.cd(i).type == "creature"]
        if creatures:
            best = max(creatures, key=lambda i: (self.cd(i).vitality or 0, self.cards[i], i))
            pl.deck.remove(best)
            self.discard(best)
            self.say("discard", seat_name=self.seat_name(victim), card=self.name(best), seat=victim)
        pl.deck.sort()
        self.rng.shuffle(pl.deck)

    def _special_extra_option(self, seat: int, source: Any) -> None:
        """Another movement option for the Shield that just took one."""
        if self.moving is None:
            self._next_mover()
            return
        mover, sid = self.moving
        if mover == seat and seat in self.spaces[sid].stacks and self.spaces[sid].stacks[seat].shield is not None:
            self.pending = Pending("option", seat, sid)
        else:
            self._next_mover()

    # ----- Phase III: Terrain Settlement (RB-MR pp. 43-44) -------------------------------------------------

    def _start_terrain(self) -> None:
        self.phase = "terrain"
        self.step = "remove"

    def _phase_terrain(self) -> None:
        (_TR.get(self.step) or step_handler(_TR, type(self), "_tr_", self.step))(self)

    def _tr_remove(self) -> None:
        """III.A: Terrain under an opponent's Shield is discarded."""
        for sid in self.lands():
            sp = self.spaces[sid]
            holder = self.shield_seat(sid)
            if sp.terrain is not None and holder is not None and holder != sp.terrain_owner:
                self.discard(sp.terrain)
                self.say("terrain_lost", seat_name=self.seat_name(sp.terrain_owner or 0), space=sid,
                         seat=sp.terrain_owner)
                sp.terrain, sp.terrain_owner, sp.face_down = None, None, False
        self.queue = list(self.order)
        self.step = "place"

    def _to_settle(self, seat: int) -> list[str]:
        return [sid for sid in self.shields_of(seat) if self.spaces[sid].kind == "land"
                and self.spaces[sid].terrain is None and not self.flags.get(f"settled:{sid}")]

    def _tr_place(self) -> None:
        """III.B in turn order (ruling A42)."""
        while self.queue:
            seat = self.queue[0]
            todo = self._to_settle(seat)
            if todo:
                self.pending = Pending("settle", seat, todo[0])
                return
            self.queue.pop(0)
        self.step = "end"

    def _card_action(self, kind: str, inst: int, words: Any) -> Action:
        """The option `kind` with one card, worded by `words` and the card's name: one per card instance and
        kind (the card-table cache), not one per listing."""
        cache = self._cache()
        option = cache.get((kind, inst))
        if option is None:
            option = cache[kind, inst] = Action(kind, (inst,), (words, self.name(inst)), (_card_refs, inst))
        return option

    def _options_settle(self, seat: int, sid: str) -> tuple:
        pl = self.seats[seat]
        options, seen = [], set()
        for inst in pl.pen + pl.depot:
            card = self.cd(inst)
            if card.type == "terrain" and card.id not in seen:
                seen.add(card.id)
                options.append(self._card_action("lay", inst, _LAY))
        if pl.stones >= 1:
            for inst in pl.pen + pl.depot:
                if ("down", self.cards[inst]) not in seen:
                    seen.add(("down", self.cards[inst]))
                    options.append(self._card_action("lay_down", inst, _LAY_DOWN))
        st = self.spaces[sid].stacks[seat]
        for inst in st.cards:
            if static_of(self.cd(inst), "settle_free") and "show" not in seen:
                seen.add("show")
                options.append(("settle_show", (inst,), f"Show {self.name(inst)}: lose nothing", (f"card:{inst}",)))
        for inst in st.cards:
            if ("drop", self.cards[inst]) not in seen:
                seen.add(("drop", self.cards[inst]))
                options.append(self._card_action("drop", inst, _DROP))
        return (f"Settle {self.space_name(sid)}: lay Terrain, a face-down card, or discard a creature", options, "terrain")

    def _do_settle(self, seat: int, sid: str, action: Action) -> None:
        """RB-MR III.B: a Terrain card, a face-down card for a Power Stone (Option #1), or a creature
        discarded from the Shield (Option #2; the space stays without Terrain this round)."""
        pl = self.seats[seat]
        sp = self.spaces[sid]
        inst = action.args[0]
        if action.kind in ("lay", "lay_down"):
            (pl.pen if inst in pl.pen else pl.depot).remove(inst)
            sp.terrain, sp.terrain_owner, sp.face_down = inst, seat, action.kind == "lay_down"
            if action.kind == "lay_down":
                pl.stones -= 1
                self.say("terrain_down", seat_name=self.seat_name(seat), space=sid, seat=seat)
            else:
                self.say("terrain", seat_name=self.seat_name(seat), card=self.name(inst), space=sid, seat=seat)
        elif action.kind == "settle_show":        # `settle_free`: shown, the space stays without Terrain
            self.say("note", text=f"{self.seat_name(seat)} shows {self.name(inst)} on {self.space_name(sid)}: "
                                  "no creature is lost")
            self.flags[f"settled:{sid}"] = True
        else:
            st = sp.stacks[seat]
            st.cards.remove(inst)
            self.discard(inst)
            self.say("settle_discard", seat_name=self.seat_name(seat), card=self.name(inst), space=sid, seat=seat)
            self.flags[f"settled:{sid}"] = True
            if not self.creatures(st.cards):
                # CJB: the last creature discarded loses the Shield (ruling A30).
                self.lose_stack(seat, sid, None)
        if not self._to_settle(seat) and self.queue and self.queue[0] == seat:
            self.queue.pop(0)

    def _tr_end(self) -> None:
        """Six lands (2p, R123); then unturn and begin again (R126), or the round limit."""
        self._clear_round_flags()
        if self.n == 2:
            counts = self.land_counts()
            for seat in range(self.n):
                if counts[seat] == len(self.lands()):
                    self.win((seat,), "six_lands", "controls all six disputed lands")
                    return
        for sp in self.spaces.values():
            for st in sp.stacks.values():
                st.turned = False
        if self.round >= self.max_rounds:
            self._round_limit()
            return
        self.round += 1
        self._start_dno()

    # ----- Shields lost and victory (RB-MR "Check for Victory Conditions"; RB-4P) -----------------------------

    def lose_stack(self, seat: int, sid: str, by: int | None) -> None:
        """A Shield and everything under it are lost; the Shield goes to the opponents' tally (R94, A30)."""
        sp = self.spaces[sid]
        st = sp.stacks.pop(seat, None)
        if st is None:
            return
        for inst in st.cards:
            self.discard(inst)
        if st.shield is None:
            return
        self.out.append(st.shield)
        pl = self.seats[seat]
        pl.lost += 1
        self.say("shield_lost", seat_name=self.seat_name(seat), lost=pl.lost, seat=seat, refs=(f"space:{sid}",))
        killer = by if by is not None else (self.opponent_of(seat) if self.n == 2 else None)
        if killer is not None and (self.n == 2 or self.phase == "movement"):
            self.seats[killer].kills.append(seat)
        if killer is not None:
            self._after_kill_items(killer, killer)
        self.check_kills()

    def _after_kill_items(self, seat: int, killer: int | None) -> list:
        """Items that pay out when their owner's side destroys a Shield in combat (once a phase)."""
        if killer != seat or self.combat is None or self.flags.get(f"paid:{seat}"):
            return []
        pl = self.seats[seat]
        for inst in pl.depot:
            for ability in abilities_of(self.cd(inst), "shield_kill"):
                self.flags[f"paid:{seat}"] = True
                self.stack.append(Frame(tuple((n, p) for step in ability["effect"] for n, p in step.items()), seat,
                                        {"source": inst}))
                return [inst]
        return []

    def known(self, inst: int) -> bool:
        """Is the card identified here (always on the full state; on a view, only what the viewer may see)?"""
        return self.cards[inst] in self.content.cards

    def kill_score(self, seat: int) -> int:
        """Shields destroyed; the 8-10 Victory Card counts each Stronghold card destroyed as two kills
        (RB-4P). On a view hiding that card, only what the viewer knows counts."""
        pl = self.seats[seat]
        if self.n == 4 and pl.victory is not None and self.known(pl.victory) \
                and 8 <= self.up_number(pl.victory) <= 10:
            return len(pl.kills) + 2 * pl.holds_destroyed
        return len(pl.kills)

    def check_kills(self) -> None:
        """Five Shields win at once (R124); 4p random conditions (R134). A simultaneous double win is a draw."""
        if self.winners is not None:
            return
        won = [s for s in range(self.n) if self.kill_score(s) >= KILLS_TO_WIN]
        if self.n == 4:
            won += [s for s in range(self.n) if s not in won and self._random_condition(s, at_turn_start=False)]
        if len(won) > 1 and self.n == 2:
            self.win((), "draw", "both players reach five Shields at once")
        elif won:
            self.win((won[0],), "five_shields" if self.kill_score(won[0]) >= KILLS_TO_WIN else "random_condition",
                     "destroys five Shields" if self.kill_score(won[0]) >= KILLS_TO_WIN else "fulfils the Victory Card")

    def _random_condition(self, seat: int, at_turn_start: bool) -> bool:
        """RB-4P Random Victory Conditions, by the Victory Card's number."""
        pl = self.seats[seat]
        if pl.victory is None:
            return False
        num = self.up_number(pl.victory)
        if num <= 3:
            return at_turn_start and self.lands_of(seat) >= 6
        if num <= 5:
            return len(pl.kills) >= 4
        if num <= 7:
            return all(other in pl.kills for other in range(self.n) if other != seat)
        if num <= 10:
            return False            # counted in kill_score
        if num <= 14:
            return pl.holds_destroyed >= 2
        return bool(self.flags.get(f"gkill:{seat}"))

    def _four_player_lands_win(self) -> bool:
        """RB-4P: seven disputed lands (or the 0-3 Victory Card's six) at the beginning of a turn."""
        for seat in range(self.n):
            if self.lands_of(seat) >= 7:
                self.win((seat,), "seven_lands", "controls seven disputed lands")
                return True
            if self._random_condition(seat, at_turn_start=True):
                self.win((seat,), "random_condition", "fulfils the Victory Card")
                return True
        return False

    def win(self, winners: tuple[int, ...], reason: str, why: str) -> None:
        if self.winners is not None:
            return
        self.winners = winners
        self.end_reason = reason
        self.pending = None
        if winners:
            self.say("win", seat_name=self.seat_name(winners[0]), why=why, seat=winners[0])
        else:
            self.say("note", text=f"The game is drawn: {why}")

    def _round_limit(self) -> None:
        """Not in the rulebook (spec §0.2 `max_rounds`): most enemy Shields destroyed, then most disputed
        lands, then fewest own Shields lost; still equal is a draw."""
        def key(s: int) -> tuple:
            return (self.kill_score(s), self.lands_of(s), -self.seats[s].lost)
        best = max(key(s) for s in range(self.n))
        top = [s for s in range(self.n) if key(s) == best]
        self.say("round_limit", why=f"{self.max_rounds} rounds played")
        if len(top) == 1:
            self.winners = (top[0],)
        else:
            self.winners = ()
        self.end_reason = "round_limit"
        self.pending = None

    def _clear_round_flags(self) -> None:
        """Round-long effects end; Force Barriers (until next turn), Guardian kills (4p) and a shortened
        next draw (`strike_upcard`, spent when drawing), the turn's lost creatures (`recover_lost`, until
        the next Movement phase) and a Guardian's CMP for the round (`guardian_cmp`, by its round) stay."""
        kept = ("barrier", "gkill", "curse", "short", "lost", "cmp")
        self.flags = {k: v for k, v in self.flags.items() if k.startswith(kept)}

    def _game_over(self) -> bool:
        return self.winners is not None

    @property
    def result(self) -> Result | None:
        if self.winners is None:
            return None
        return Result(self.winners, self.end_reason, tuple(self.kill_score(s) for s in range(self.n)))

    # ----- copying and digests ---------------------------------------------------------------------------

    def _copy(self) -> "RealmsState":
        o = blank_state(RealmsState)
        assert isinstance(o, RealmsState)
        o.content = self.content
        o.n = self.n
        o.max_rounds = self.max_rounds
        o.channel_4p = self.channel_4p
        o.memory_rule = self.memory_rule
        o.spaces = {k: v.copy() for k, v in self.spaces.items()}
        o.words = self.words
        o.cards = self.cards            # immutable tuples: shared safely (see __init__)
        o.owner = self.owner
        o._cards_cache = self._cards_cache
        o.hold_cards = self.hold_cards
        o.seats = [s.copy() for s in self.seats]
        o.round = self.round
        o.first_round = self.first_round
        o.step = self.step
        o.order = list(self.order)
        o.mover = self.mover
        o.cur_seat = self.cur_seat
        o.commit = self.commit.copy() if self.commit is not None else None
        o.queue = list(self.queue)
        o.out = list(self.out)
        o.combat = self.combat.copy() if self.combat is not None else None
        o.moving = self.moving
        o.winners = self.winners
        o.end_reason = self.end_reason
        o.flags = dict(self.flags)
        o.phase = self.phase
        o.pending = self.pending
        o.stack = [f.copy() for f in self.stack]
        return o

    def _digest_data(self) -> Any:
        return [self.cards, self.owner, [sp.data() for sp in self.spaces.values()], [s.data() for s in self.seats],
                self.round, self.first_round, self.step, self.order, self.mover,
                None if self.commit is None else self.commit.data(), self.queue, self.out,
                None if self.combat is None else self.combat.data(), self.moving, self.winners, self.end_reason,
                sorted(self.flags.items()), self.phase, pending_repr(self.pending), [f.data() for f in self.stack]]
