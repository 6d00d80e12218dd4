"""What each game's table must show the UI contract tests, keyed by game id: one `Contract` a game.

The contract tests (tests/ui/test_table_*.py) run for every game of the registry. A game with no entry
here gets `default_contract(game_id)`: every player count, the standard variant, one window size, no
particular decision kinds or phases to meet. An entry says more: which scenarios to play (seats,
variant, seed, window size) and what must be met on the way (decision kinds, phases, click routes,
animations). Adding a game: add one `Contract(...)` to `UI_CONTRACT` below (copy the explore entry and
edit it); nothing else. Fields left out take the defaults (an empty `reach`, `click_games` or
`animated` the default scenarios), so an entry only names what is particular.

Click routes (see table_helpers.route_to): "direct" (clicking the thing the option names), "button"
(the option's own button on the table), "select" (the first piece of a pair, then the other),
"chooser" (a thing several options name, then the popup's button), "list" (a row of the option list:
only for options that name nothing, and never when `all_on_table`).

Counts in `at_least` / `at_most` are route names, "handovers" (pass screens clicked through) or "moves"
(human moves made); "a+b" is the sum of two of them.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Callable

from table_helpers import player_counts

from guardians.engine.registry import get_game
from guardians.ui.game_scenes import game_hook

Size = tuple[int, int]
HD = (1280, 720)


@dataclass(frozen=True)
class Reach:
    """Reachability: every option of every decision of `games` all-human games (up to `limit` decisions
    each) is clicked where it lives, in a window of `size`. Between decisions the game goes on with the
    greedy AI's choice `ai_share` of the time and a random option otherwise (seeded by players, game
number and window width). `variants` is one variant
    for each of the games, or one for all."""

    players: int
    size: Size = HD
    games: int = 1
    limit: int = 300
    variants: tuple[str, ...] = ("standard",)
    kinds: frozenset[str] = frozenset()          # decision kinds each of these games must meet
    ai_share: float = 0.75

    def variant(self, game: int) -> str:
        return self.variants[game] if game < len(self.variants) else self.variants[-1]

    @property
    def name(self) -> str:
        return f"{self.players}p-{'+'.join(sorted(set(self.variants)))}-{self.size[0]}x{self.size[1]}"


@dataclass(frozen=True)
class ClickGame:
    """A whole game in the app, the human seats played only by clicks (the moves a greedy AI picks)."""

    seats: tuple[str, ...]
    seed: int
    variant: str = "standard"
    at_least: dict[str, int] = field(default_factory=dict)
    at_most: dict[str, int] = field(default_factory=dict)
    phases: frozenset[str] = frozenset()         # `state.phase`s met at a human's choice
    reason: str = ""                             # words of the result's reason
    again: bool = False                          # then "Play again" opens the same table; Menu leaves it

    @property
    def name(self) -> str:
        humans = self.seats.count("human")
        return f"{len(self.seats)}p-{humans}human-{self.variant}-s{self.seed}"


@dataclass(frozen=True)
class Animated:
    """Animations while humans play by clicks (the greedy AI's moves): a move's animation runs without
    the rules state changing, a key skips it, and the computer's animations are skipped by a key too.
    Up to `moves` human moves (None: the whole game)."""

    seats: tuple[str, ...]
    seed: int
    variant: str = "standard"
    moves: int | None = 30
    min_animated: int = 5                        # human moves followed by an animation
    skips: int = 2                               # of those skipped (every other one, at most this many)
    tweens: frozenset[tuple[str, str]] = frozenset()   # (key prefix, tween kind) to see, e.g. ("card", "slide")
    words: frozenset[str] = frozenset()          # words of floating texts to see, e.g. "dmg"


def _some_moves(state, moves: int) -> bool:
    return moves >= 40


@dataclass(frozen=True)
class Busy:
    """The table a player spends most time at, for the text audit (tests/ui/test_text_sizes.py): `players` seats
    played by the greedy AI from `seed` until `ready(state, moves)` holds (within `limit` moves), then drawn for
    the seat to move; `mode`: the table's `View.mode` there (None: any)."""

    players: int
    seed: int = 5
    ready: Callable = _some_moves
    mode: str | None = None
    limit: int = 400


@dataclass(frozen=True)
class Contract:
    reach: tuple[Reach, ...] = ()
    reach_routes: frozenset[str] = frozenset({"direct"})   # routes each reach case must use
    reach_kinds: frozenset[str] = frozenset()    # decision kinds met by the reach cases together
    all_on_table: bool = True                    # every option clickable on the table (no list)
    click_games: tuple[ClickGame, ...] = ()
    cli: tuple[str, ...] | None = ()             # extra `guardians play` arguments; None: no CLI run
    cli_timeout: int = 120
    animated: tuple[Animated, ...] = ()
    ai_waits: int = 2                            # players of the all-computer game where the AI waits
    # Plants a leak in a started play scene (monkeypatching it), for the test that the drawn-secrecy
    # check catches it. Default (table_helpers.leak_raw_state): draw from the unmasked state.
    leak: Callable | None = None
    leak_players: int = 2
    busy: Busy | None = None                     # None: `_some_moves` of the fewest players


def _heroes_leak(scene, monkeypatch) -> None:
    """Heroes draws only counts of other hands, so drawing from the raw state shows nothing new: put
    every other seat's hand face up instead (as a hand drawn for the wrong seat would)."""
    from guardians.games.heroes.scenes import pieces
    from guardians.ui.table.view import Piece

    build = scene.build

    def leaky(seen, geo, shown, title, hint):
        view = build(seen, geo, shown, title, hint)
        state = scene.session.state                      # the raw state, not `seen`
        for seat, player in enumerate(state.seats):
            if seat == scene.session.viewer:
                continue
            for i, instance in enumerate(sorted(player.hand)):
                face = state.card_face(state.cards[instance])
                rect = geo.centre.move(i * 4, seat * 4).clip(geo.centre)
                view.add(Piece(f"leak:{seat}:{i}", rect, lambda s, r, f=face: pieces.paint_card(s, r, f), face=face))
        return view

    monkeypatch.setattr(scene, "build", leaky)


UI_CONTRACT: dict[str, Contract] = {
    "heroes": Contract(
        reach=(
            Reach(2, HD, games=3, limit=260, variants=("standard", "standard", "first_game"), ai_share=0,
                  kinds=frozenset({"faction", "place", "mulligan", "main"})),
            Reach(4, HD, games=2, limit=260, ai_share=0, kinds=frozenset({"faction", "place", "mulligan", "main"})),
            Reach(2, (1920, 1080), limit=260, ai_share=0, kinds=frozenset({"faction", "place", "mulligan", "main"})),
            Reach(4, (1366, 768), limit=260, ai_share=0, kinds=frozenset({"faction", "place", "mulligan", "main"})),
        ),
        reach_routes=frozenset({"direct", "select", "button"}),
        click_games=(
            ClickGame(("human", "ai:greedy"), 22, at_least={"select": 6, "direct": 6}, again=True),
            ClickGame(("ai:greedy", "human"), 5, "first_game", at_least={"moves": 21}),
            ClickGame(("human", "human", "ai:greedy", "ai:greedy"), 8, at_least={"handovers": 5, "chooser+select": 1}),
        ),
        cli=(),
        animated=(Animated(("human", "ai:greedy"), 31, moves=30, min_animated=5, skips=2),),
        ai_waits=2,
        leak=_heroes_leak,
        busy=Busy(2, ready=lambda state, moves: moves >= 60 and state.phase == "action"
                  and state.decision.kind == "main"),
    ),
    "explore": Contract(
        reach=(
            Reach(1, HD, games=2, limit=400),
            Reach(2, HD, limit=500),
            Reach(3, (1366, 768), limit=400, variants=("apprentice",)),
            Reach(4, (1600, 900), limit=500),
            Reach(5, HD, limit=700),
            Reach(5, (1920, 1080), limit=350, variants=("coop",)),
        ),
        reach_routes=frozenset({"direct", "button"}),
        reach_kinds=frozenset({"draft", "setup", "location", "main", "place", "discard", "look", "target"}),
        click_games=(
            ClickGame(("human",), 21, at_least={"direct": 21, "button": 6, "select": 1},
                      at_most={"list": 0, "select": 1},
                      phases=frozenset({"draft", "final", "location", "powerup", "battle"}), reason="rating",
                      again=True),
            ClickGame(("human", "ai:greedy", "ai:greedy"), 8, at_most={"handovers": 0, "list": 0}),
            ClickGame(("human", "human"), 5, "apprentice", at_least={"handovers": 5}, at_most={"list": 0},
                      phases=frozenset({"colour"})),
            # Guardian hotseat: every hidden Power Up (and draft pick) is made after a pass screen.
            ClickGame(("human", "human"), 13, at_least={"handovers": 21}, at_most={"list": 0},
                      phases=frozenset({"draft", "final", "powerup", "battle"})),
        ),
        busy=Busy(2, ready=lambda state, moves: moves >= 60 and state.phase == "battle"),
        cli=("--players", "4"),
        cli_timeout=180,
        animated=(Animated(("human",), 21, moves=None, min_animated=10, skips=5,
                           tweens=frozenset({("card", "slide"), ("mon", "slide"), ("", "flash")}),
                           words=frozenset({"trophy", "dmg"})),),
        ai_waits=3,
    ),
    # The default scenarios (every player count, one 1920x1080 game, a game by clicks, a hotseat game); the
    # table reads the options' arguments as clicks on the map, so every route is used.
    "chronicles": Contract(
        reach_routes=frozenset({"direct", "button", "select", "chooser"}),
        reach_kinds=frozenset({"setup", "draft", "place", "strategy", "order", "main", "room", "target", "push"}),
        busy=Busy(3, ready=lambda state, moves: moves >= 60 and state.phase == "activation", mode="board"),
    ),
    "realms": Contract(
        busy=Busy(2, ready=lambda state, moves: state.combat is not None and any(state.combat.inplay.values()),
                  mode="combat"),
    ),
}


def has_own_table(game_id: str) -> bool:
    """Whether the game has a table of its own (which animates), not only the generic one."""
    return game_hook(game_id, "play_scene") is not None


def default_contract(game_id: str) -> Contract:
    """The generic checks for a game without an entry: each player count at one window size, a game by
    clicks against the computer and a hotseat game, animations if its table animates."""
    counts = player_counts(game_id)
    own_table = has_own_table(game_id)
    first = counts[0]
    rest = ("ai:greedy",) * (first - 1)
    click_games = [ClickGame(("human",) + rest, 21, again=True)]
    multi = [n for n in counts if n > 1]
    if multi:
        click_games.append(ClickGame(("human", "human") + ("ai:greedy",) * (multi[0] - 2), 5,
                                     at_least={"handovers": 1}))
    variants = tuple(get_game(game_id).INFO.variants)
    reach = [Reach(n, HD, limit=300) for n in counts]
    if variants:
        reach.append(Reach(counts[-1], (1920, 1080), limit=300, variants=(variants[0],)))
    return Contract(
        reach=tuple(reach),
        all_on_table=own_table,
        click_games=tuple(click_games),
        animated=(Animated(("human",) + rest, 31),) if own_table else (),   # the generic table does not animate
        ai_waits=multi[0] if multi else first,
        leak_players=multi[0] if multi else first,
    )


def busy_table(game_id: str) -> Busy:
    """The game's mid-game table for the text audit: its entry's, else some moves into a game of the fewest players."""
    terms = UI_CONTRACT.get(game_id)
    return terms.busy if terms is not None and terms.busy is not None else Busy(player_counts(game_id)[0])


def contract(game_id: str) -> Contract:
    """The game's entry, its scenario lists left empty filled from the defaults; or the defaults."""
    terms = UI_CONTRACT.get(game_id)
    if terms is None:
        return default_contract(game_id)
    if terms.reach and terms.click_games and (terms.animated or not has_own_table(game_id)):
        return terms
    fallback = default_contract(game_id)
    return replace(terms, reach=terms.reach or fallback.reach, click_games=terms.click_games or fallback.click_games,
                   animated=terms.animated or fallback.animated)
