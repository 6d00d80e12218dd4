"""Plain records of a realms game and the board graphs, cheap to copy (the AI clones states constantly).

Card instances are ints indexing `RealmsState.cards` (card ids; HIDDEN in a view where the viewing seat
may not identify the card) and `RealmsState.owner`. Spaces are named by strings: `S<seat><L|C|R>` for a
Stronghold card, `D<seat><L|C|R>` for a disputed land of that seat's realm, `X` for the 4-player centre.
"""

from __future__ import annotations

from typing import Any

HIDDEN = "?"
COLS = ("L", "C", "R")
COL_WORDS = {"L": "left", "C": "centre", "R": "right"}


def space_name(spaces: dict[str, "Space"], sid: str) -> str:
    """A space in words, as players say it ("P1's left Stronghold", "P2's centre land", "Centre land"): what
    option labels and the table show, so a player never reads a code such as S0L. Columns are named from
    seat 0's side, as on the board."""
    sp = spaces[sid]
    key = (sp.realm, sp.kind, sp.col)
    words = _SPACE_WORDS.get(key)
    if words is None:
        if sp.realm is None:
            words = "Centre land"
        else:
            kind = "Stronghold" if sp.kind == "hold" else "land"
            words = f"P{sp.realm + 1}'s {COL_WORDS.get(sp.col or '', '')} {kind}"
        _SPACE_WORDS[key] = words
    return words


# The words of a space depend only on its realm, kind and column: worked out once each (labels ask often).
_SPACE_WORDS: dict[tuple, str] = {}


def path_name(spaces: dict[str, "Space"], path: tuple[str, ...]) -> str:
    """Where a move goes, in words: its end, and the spaces it passes through (the start left out)."""
    return path_words({sid: space_name(spaces, sid) for sid in path}, path)


def path_words(words: dict[str, str], path: tuple[str, ...]) -> str:
    """`path_name` from the spaces' words (`board_words`), as a lazy option label reads it."""
    end = words[path[-1]]
    via = [words[sid] for sid in path[1:-1]]
    return f"to {end}" + (f" via {', '.join(via)}" if via else "")


def board_words(spaces: dict[str, "Space"]) -> dict[str, str]:
    """Every space of a board in words, made once per board layout (a space's words never change, so the
    dict is a snapshot lazy labels may keep). Nobody may change the dict returned."""
    key = tuple(spaces)
    words = _BOARD_WORDS.get(key)
    if words is None:
        words = _BOARD_WORDS[key] = {sid: space_name(spaces, sid) for sid in spaces}
    return words


_BOARD_WORDS: dict[tuple[str, ...], dict[str, str]] = {}


class Stack:
    """One seat's cards on one space: an optional Shield on top of creatures (and creature items).

    A space holds at most one stack per seat (RB-MR "Maximum of one Shield"); on a Stronghold card the
    stack may be shieldless. `turned` is the Movement-phase state of its Shield."""

    __slots__ = ("shield", "cards", "turned")

    def __init__(self, shield: int | None = None, cards: list[int] | None = None, turned: bool = False) -> None:
        self.shield = shield
        self.cards: list[int] = cards if cards is not None else []
        self.turned = turned

    def copy(self) -> "Stack":
        return Stack(self.shield, list(self.cards), self.turned)

    def data(self) -> list:
        return [self.shield, self.cards, self.turned]


class Space:
    """A node of the board: a Stronghold card ("hold"), a disputed land ("land") or the centre."""

    __slots__ = ("id", "kind", "realm", "col", "adj", "rubble", "rubble_ctrl", "terrain", "terrain_owner",
                 "face_down", "stacks", "under", "upgrade", "tower")

    def __init__(self, sid: str, kind: str, realm: int | None, col: str | None) -> None:
        self.id = sid
        self.kind = kind
        self.realm = realm                       # the seat whose Stronghold card / realm land this is
        self.col = col
        self.adj: tuple[str, ...] = ()
        self.rubble = False
        self.rubble_ctrl: int | None = None
        self.terrain: int | None = None          # a Terrain card (or any card face down) on a land
        self.terrain_owner: int | None = None
        self.face_down = False
        self.stacks: dict[int, Stack] = {}
        self.under: list[int] = []               # channelers under a Stronghold card (its owner's)
        self.upgrade: int | None = None          # a Stronghold Upgrade beside an end card
        self.tower: list[int] = []               # a creature kept in an Upgrade (its owner's)

    def copy(self) -> "Space":
        o = Space.__new__(Space)
        o.id, o.kind, o.realm, o.col, o.adj = self.id, self.kind, self.realm, self.col, self.adj
        o.rubble, o.rubble_ctrl = self.rubble, self.rubble_ctrl
        o.terrain, o.terrain_owner, o.face_down = self.terrain, self.terrain_owner, self.face_down
        o.stacks = {s: st.copy() for s, st in self.stacks.items()}
        o.under = list(self.under)
        o.upgrade = self.upgrade
        o.tower = list(self.tower)
        return o

    def data(self) -> list:
        return [self.id, self.rubble, self.rubble_ctrl, self.terrain, self.terrain_owner, self.face_down,
                sorted((s, st.data()) for s, st in self.stacks.items()), self.under, self.upgrade, self.tower]


class Seat:
    """One player's piles and counters."""

    __slots__ = ("guardian", "g_alive", "stones", "deck", "discard", "up_pile", "hand", "pen", "depot", "upcard",
                 "up_number", "lost", "kills", "holds_destroyed", "flew", "victory", "used_ch", "drawn_up",
                 "deck_name", "stronghold")

    def __init__(self) -> None:
        self.guardian = -1                 # the Guardian's card instance
        self.g_alive = True
        self.stones = 0
        self.deck: list[int] = []          # the top is the end of the list
        self.discard: list[int] = []
        self.up_pile: list[int] = []       # FAQ deck exhaustion: the reshuffled discard, Up-cards only
        self.hand: list[int] = []          # the Storage Hand while Draw and Organize lasts
        self.pen: list[int] = []           # Creature Pen (single-bordered backs)
        self.depot: list[int] = []         # Storage Depot (double-bordered backs)
        self.upcard: int | None = None
        self.up_number = 0                 # the last final Up-card number (LUC)
        self.lost = 0                      # own Shields lost (the opponents' tally)
        self.kills: list[int] = []         # seats of the Shields this seat destroyed (counted kills)
        self.holds_destroyed = 0           # enemy Stronghold cards this seat turned to Rubble
        self.flew = 0                      # flights this Movement phase
        self.victory: int | None = None    # 4p Victory Card
        self.used_ch: list[int] = []       # creature channelers used this Movement phase
        self.drawn_up = False
        self.deck_name = ""
        self.stronghold = ""

    def copy(self) -> "Seat":
        o = Seat.__new__(Seat)
        for name in self.__slots__:
            value = getattr(self, name)
            setattr(o, name, list(value) if isinstance(value, list) else value)
        return o

    def data(self) -> list:
        return [getattr(self, name) for name in self.__slots__]


class MatchUp:
    """A primary match-up (or a secondary attack): the two creatures, their modifiers, the result."""

    __slots__ = ("a", "d", "mods", "ranged", "channel", "result", "secondary", "push_locked", "grant")

    def __init__(self, a: int | None, d: int | None, secondary: int | None = None) -> None:
        self.a = a                          # the attacker seat's creature (None: unchallenged other side)
        self.d = d
        self.mods: dict[int, int] = {}      # creature -> extra Vitality from spells and effects
        self.ranged: dict[int, list[int]] = {}   # creature -> ranged cards placed beside it
        self.channel: dict[int, int] = {}   # creature -> channelled points (before the cap)
        self.result = ""                    # "", "a", "d", "push", "none"
        self.secondary = secondary          # the seat making a secondary attack, else None
        self.push_locked = False
        self.grant: list[int] = []          # creatures allowed to receive channelling this match-up

    def copy(self) -> "MatchUp":
        o = MatchUp(self.a, self.d, self.secondary)
        o.mods = dict(self.mods)
        o.ranged = {k: list(v) for k, v in self.ranged.items()}
        o.channel = dict(self.channel)
        o.result = self.result
        o.push_locked = self.push_locked
        o.grant = list(self.grant)
        return o

    def data(self) -> list:
        return [self.a, self.d, sorted(self.mods.items()), sorted(self.ranged.items()), sorted(self.channel.items()),
                self.result, self.secondary, self.push_locked, self.grant]


class Combat:
    """One combat in progress (RB-MR Combat Summary): who, where, the hands and what happened."""

    __slots__ = ("att", "dfn", "space", "came_from", "guardian", "stage", "hands", "inplay", "command", "dispelled",
                 "matchups", "cur", "beaten", "destroyed", "bribed", "turned", "fought", "played_order", "flags",
                 "window", "passes", "declared", "commit", "sec_side", "healed", "winner", "retreat", "items",
                 "auras", "shieldless", "declare_border", "channelled")

    def __init__(self, att: int, dfn: int, space: str, came_from: str | None, guardian: bool) -> None:
        self.att = att
        self.dfn = dfn
        self.space = space
        self.came_from = came_from
        self.guardian = guardian
        self.stage = "start"
        self.hands: dict[int, list[int]] = {att: [], dfn: []}
        self.inplay: dict[int, list[int]] = {att: [], dfn: []}   # face up, in the order played
        self.command: dict[int, int | None] = {att: None, dfn: None}
        self.dispelled: list[int] = []
        self.matchups: list[MatchUp] = []
        self.cur: MatchUp | None = None
        self.beaten: dict[int, int] = {}        # beaten creature -> the creature it lies under
        self.destroyed: list[int] = []
        self.bribed: list[int] = []
        self.turned: list[int] = []             # creatures "turned around" by their opponent's immunity
        self.fought: dict[int, list[int]] = {}  # target -> enemy creatures that fought it (bases count)
        self.played_order = 0
        self.flags: dict[str, Any] = {}         # combat-wide effects: "no_ranged:<seat>", "channel_any:<seat>" ...
        self.window: list[int] = []             # seats still to act in the current window
        self.passes = 0
        self.declared: dict[int, bool] = {}
        self.commit: Any = None                 # Commitments of the current simultaneous pick
        self.sec_side: int | None = None
        self.healed: list[int] = []
        self.winner: int | None = None
        self.retreat: list[int] = []            # seats still to retreat
        self.items: dict[int, list[int]] = {att: [], dfn: []}    # creature items set aside (ruling A25)
        self.auras: list[tuple] = []            # (seat, source, filter, amount, order_from, scope)
        self.shieldless = False                 # the defenders have no Shield (a Stronghold stack)
        self.declare_border: dict[int, str] = {}
        self.channelled: list[int] = []         # creatures that received channelling this combat

    def copy(self) -> "Combat":
        o = Combat.__new__(Combat)
        o.att, o.dfn, o.space, o.came_from, o.guardian, o.stage = (self.att, self.dfn, self.space, self.came_from,
                                                                   self.guardian, self.stage)
        o.hands = {s: list(v) for s, v in self.hands.items()}
        o.inplay = {s: list(v) for s, v in self.inplay.items()}
        o.command = dict(self.command)
        o.dispelled = list(self.dispelled)
        o.matchups = [m.copy() for m in self.matchups]
        o.cur = o.matchups[self.matchups.index(self.cur)] if self.cur is not None else None
        o.beaten = dict(self.beaten)
        o.destroyed = list(self.destroyed)
        o.bribed = list(self.bribed)
        o.turned = list(self.turned)
        o.fought = {k: list(v) for k, v in self.fought.items()}
        o.played_order = self.played_order
        o.flags = dict(self.flags)
        o.window = list(self.window)
        o.passes = self.passes
        o.declared = dict(self.declared)
        o.commit = self.commit.copy() if self.commit is not None else None
        o.sec_side = self.sec_side
        o.healed = list(self.healed)
        o.winner = self.winner
        o.retreat = list(self.retreat)
        o.items = {s: list(v) for s, v in self.items.items()}
        o.auras = list(self.auras)
        o.shieldless = self.shieldless
        o.declare_border = dict(self.declare_border)
        o.channelled = list(self.channelled)
        return o

    def data(self) -> list:
        return [self.att, self.dfn, self.space, self.came_from, self.guardian, self.stage, sorted(self.hands.items()),
                sorted(self.inplay.items()), sorted(self.command.items()), self.dispelled,
                [m.data() for m in self.matchups],
                None if self.cur is None else self.matchups.index(self.cur), sorted(self.beaten.items()),
                self.destroyed, self.bribed, self.turned, sorted(self.fought.items()), self.played_order,
                sorted(self.flags.items()), self.window, self.passes, sorted(self.declared.items()),
                None if self.commit is None else self.commit.data(), self.sec_side, self.healed, self.winner,
                self.retreat, sorted(self.items.items()), self.auras, self.shieldless,
                sorted(self.declare_border.items()), self.channelled]


# ----- the boards ----------------------------------------------------------------------------------

def board_2p() -> dict[str, Space]:
    """RB Set-up Diagram (spec R1): four rows of three, orthogonal adjacency. Row 0 is seat 0's
    Stronghold, rows 1 and 2 the disputed lands of seats 0 and 1, row 3 seat 1's Stronghold. Columns are
    named from seat 0's side."""
    rows = [("S", 0), ("D", 0), ("D", 1), ("S", 1)]
    spaces: dict[str, Space] = {}
    grid: dict[tuple[int, int], str] = {}
    for r, (k, seat) in enumerate(rows):
        for c, col in enumerate(COLS):
            sid = f"{k}{seat}{col}"
            spaces[sid] = Space(sid, "hold" if k == "S" else "land", seat, col)
            grid[(r, c)] = sid
    for (r, c), sid in grid.items():
        adj = [grid[(r + dr, c + dc)] for dr, dc in ((-1, 0), (1, 0), (0, -1), (0, 1)) if (r + dr, c + dc) in grid]
        spaces[sid].adj = tuple(adj)
    return spaces


def board_4p() -> dict[str, Space]:
    """The 4-player board (RB-4P; its diagram is lost, our ruling in docs/rules-notes/realms.md): each
    seat's three Stronghold cards in a row, each in front of its realm land; the realm lands in a row;
    every seat's middle land joined to the centre X; each seat's right land joined to the next seat's
    (clockwise) left land, so the realms form a ring around the centre."""
    spaces: dict[str, Space] = {}
    links: set[tuple[str, str]] = set()
    for p in range(4):
        for col in COLS:
            spaces[f"S{p}{col}"] = Space(f"S{p}{col}", "hold", p, col)
            spaces[f"D{p}{col}"] = Space(f"D{p}{col}", "land", p, col)
            links.add((f"S{p}{col}", f"D{p}{col}"))
        for k in ("S", "D"):
            links.add((f"{k}{p}L", f"{k}{p}C"))
            links.add((f"{k}{p}C", f"{k}{p}R"))
        links.add((f"D{p}C", "X"))
        links.add((f"D{p}R", f"D{(p + 1) % 4}L"))
    spaces["X"] = Space("X", "land", None, None)
    adj: dict[str, list[str]] = {sid: [] for sid in spaces}
    for a, b in sorted(links):
        adj[a].append(b)
        adj[b].append(a)
    for sid, sp in spaces.items():
        sp.adj = tuple(sorted(adj[sid]))
    return spaces
