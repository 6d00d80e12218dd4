"""Plain mutable records of an explore game, cheap to copy (the AI clones states constantly)."""

from __future__ import annotations

HIDDEN = "?"          # what a masked card, quest or monster shows in a view
BOSS = -2             # the boss as a battle target (locations are 0..9)
NONE = -1

COLOURS = ("Red", "Black", "Green", "Blue", "Yellow")


class Player:
    """One seat's cards, levels and round state. Card instances are ints indexing `ExploreState.cards`."""

    __slots__ = (
        "hand", "deck", "discard", "chain", "persist", "trophies", "quests", "quest_hand", "super_hand",
        "drafted", "energy", "attack", "dc", "bonus_energy", "bonus_attack", "fort", "loc", "watch", "end_pu",
        "battle_fx", "bonuses", "used", "attached", "under", "museum", "ignore_overrun", "borrows",
        "known_top", "colour", "boss_dc", "boss_contrib", "fights_boss", "battled",
    )

    def __init__(self) -> None:
        self.hand: list[int] = []
        self.deck: list[int] = []          # the top is the end of the list
        self.discard: list[int] = []
        self.chain: list[int] = []         # cards played this round, left to right
        self.persist: list[int] = []       # persistent cards from earlier rounds, left to right
        self.trophies: list[int] = []      # monster instances
        self.quests: list[int] = []        # quest instances kept
        self.quest_hand: list[int] = []    # quests dealt, before the final choice
        self.super_hand: list[int] = []    # SUPER cards dealt, before the final choice
        self.drafted: list[int] = []       # draft picks (they join the deck at step 19)
        self.energy = 0
        self.attack = 0
        self.dc = 0                        # damage counters held
        self.bonus_energy = 0              # persistent rewards (Robots)
        self.bonus_attack = 0              # persistent rewards (Warlocks)
        self.fort = NONE                   # location of this seat's Blanket Fort
        self.loc = NONE                    # location visited this round
        self.watch: list[tuple] = []       # (source, "tag"|"card", value, steps): "another X" conditions
        self.end_pu: list[tuple] = []      # (source, steps) for the end of Power Up
        self.battle_fx: list[tuple] = []   # (source, steps) for the start of the Battle turn
        self.bonuses: list[tuple] = []     # (source, amount, test) battle-location bonuses
        self.used: list[int] = []          # instances whose ability was used this round
        self.attached: dict[int, int] = {} # attaching card -> card it is attached to
        self.under: dict[int, list[int]] = {}   # Aimed Shot -> cards set face down under it
        self.museum = NONE                 # secret monster from the Museum
        self.ignore_overrun = False
        self.borrows: list[int] = []       # Borrows waiting for the reveal
        self.known_top = 0                 # top cards of the deck whose identity the owner knows
        self.colour = ""
        self.boss_dc = 0                   # damage counters placed on the boss this round
        self.boss_contrib = 0
        self.fights_boss = False
        self.battled = NONE                # where this seat battled this round (BOSS for the boss)

    def copy(self) -> "Player":
        o = Player.__new__(Player)
        o.hand = self.hand[:]
        o.deck = self.deck[:]
        o.discard = self.discard[:]
        o.chain = self.chain[:]
        o.persist = self.persist[:]
        o.trophies = self.trophies[:]
        o.quests = self.quests[:]
        o.quest_hand = self.quest_hand[:]
        o.super_hand = self.super_hand[:]
        o.drafted = self.drafted[:]
        o.energy = self.energy
        o.attack = self.attack
        o.dc = self.dc
        o.bonus_energy = self.bonus_energy
        o.bonus_attack = self.bonus_attack
        o.fort = self.fort
        o.loc = self.loc
        o.watch = self.watch[:]
        o.end_pu = self.end_pu[:]
        o.battle_fx = self.battle_fx[:]
        o.bonuses = self.bonuses[:]
        o.used = self.used[:]
        o.attached = self.attached.copy()
        o.under = {k: list(v) for k, v in self.under.items()} if self.under else {}
        o.museum = self.museum
        o.ignore_overrun = self.ignore_overrun
        o.borrows = self.borrows[:]
        o.known_top = self.known_top
        o.colour = self.colour
        o.boss_dc = self.boss_dc
        o.boss_contrib = self.boss_contrib
        o.fights_boss = self.fights_boss
        o.battled = self.battled
        return o

    def in_play(self) -> list[int]:
        return self.persist + self.chain

    def round_data(self) -> list:
        """The part of a seat that a hidden Power Up keeps from the other seats."""
        return [self.chain, self.energy, self.attack, self.dc, [(w[0], w[1], w[2]) for w in self.watch],
                [e[0] for e in self.end_pu], [e[0] for e in self.battle_fx], [(b[0], b[1]) for b in self.bonuses],
                self.used, sorted(self.attached.items()), sorted((k, v) for k, v in self.under.items()),
                self.borrows]

    def public_data(self, power_up: int) -> list:
        """`power_up`: the seat's Power Up progress this round (0 not begun, 1 powering up, 2 done), kept
        by the state's `power_ups`; recorded here, where digests have always had it."""
        return [self.hand, self.deck, self.discard, self.persist, self.trophies, self.quests, self.quest_hand,
                self.super_hand, self.drafted, self.bonus_energy, self.bonus_attack, self.fort, self.loc,
                self.museum, self.ignore_overrun, power_up, self.known_top, self.colour, self.boss_dc,
                self.boss_contrib, self.fights_boss, self.battled]

