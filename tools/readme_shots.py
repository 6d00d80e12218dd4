"""Every screenshot the README shows, taken again by one command, the same each time (issues #15, #16, #18).

    python tools/readme_shots.py                          # all of them, into docs/screenshots/
    python tools/readme_shots.py --only realms-board      # one (repeat --only for more)
    python tools/readme_shots.py --out /tmp/shots --list  # where to write; --list names them and stops

Each shot is a fixed game (game, seed, seats, options), played by `ai:greedy` in every seat on the state itself
until the moment the shot names holds at the choice of the seat the picture is taken for (the shot's "human"
seat; the others stay computer players), then shown in the app's own `App` and play scene through a `Session`
at a fixed window size, headless (`SDL_VIDEODRIVER=dummy`) with `GUARDIANS_HOME` in a temporary folder, so
nothing touches the player's saves, settings or decks. A shot may then do what a player would (select a hero,
hover a piece, type a search). Run it from the repository's root with the project's Python (.venv/bin/python).

Before it writes a picture, each shot checks that the scene shows what its name and caption say (a realms combat
with a pick revealed, the dice tray holding a roll, the end scene with the front page...) and the command fails
loudly, naming the shot, when it does not: a later change cannot silently turn a README picture into another one.
Exit status 1 when any shot failed; the others are still written.
"""

from __future__ import annotations

import argparse
import os
import shutil
import sys
import tempfile
import time
from dataclasses import dataclass, replace
from pathlib import Path
from typing import TYPE_CHECKING, Any, Callable

ROOT = Path(__file__).resolve().parents[1]
OUT = ROOT / "docs" / "screenshots"
HD = (1280, 720)
SIZES = ((1024, 640), (1920, 1080))     # besides HD: the smallest window the tables are laid out for, full HD

if TYPE_CHECKING:
    from guardians.engine.state import GameState
    from guardians.ui.app import App


class ShotFailed(Exception):
    """The scene does not show what the shot must show."""


@dataclass
class Taken:
    """What a shot's checks and actions see: the app, its play scene and the scene on top (an end scene...)."""

    app: "App"
    play: Any

    @property
    def top(self) -> Any:
        return self.app.top


@dataclass(frozen=True)
class Shot:
    """One picture: a game played to a moment, what is done there, and what the picture must show."""

    name: str                                   # the file's stem: what it shows
    caption: str                                # the README's words for it (its alt text)
    game: str
    seed: int
    seats: tuple[str, ...]                      # one is "human": the seat the picture is taken for ("you")
    until: Callable[["GameState"], bool]        # the moment: played on until this holds at your choice
    check: Callable[[Taken], str | None]        # None, or why the scene is not what the shot must show
    act: Callable[[Taken], None] | None = None  # what the player does first (select, hover, type)
    size: tuple[int, int] = HD
    variant: str = "standard"
    options: tuple[tuple[str, Any], ...] = ()
    max_moves: int = 4000
    at_end: bool = False                        # the moment is the end of the game (no choice left)

    def at(self, size: tuple[int, int]) -> "Shot":
        """The same shot at another window size, named by it."""
        return replace(self, name=f"{self.name}-{size[0]}x{size[1]}",
                       caption=f"{self.caption} at {size[0]}×{size[1]}", size=size)


# ----- playing to the moment ------------------------------------------------------------------------

def play_to(shot: Shot) -> "GameState":
    """The shot's game, every seat played by ai:greedy (each seeded from the game's seed, as the app seeds its
    computer players), stopped at the first moment `until` holds at the human seat's choice (or at the end)."""
    from guardians.ai import make_player
    from guardians.engine.registry import new_game
    from guardians.engine.state import GameConfig

    config = GameConfig(game=shot.game, players=len(shot.seats), seats=shot.seats, variant=shot.variant,
                        options=shot.options)
    state = new_game(config, shot.seed)
    you = shot.seats.index("human")
    players = [make_player("ai:greedy", shot.game, shot.seed * 1009 + seat) for seat in range(len(shot.seats))]
    for _ in range(shot.max_moves):
        decision = state.decision
        if shot.at_end and state.is_over:
            return state
        if decision is None:
            break
        if not shot.at_end and decision.seat == you and shot.until(state):
            return state
        state.apply(players[decision.seat].choose(state))
    raise ShotFailed(f"the moment never came in {shot.max_moves} moves (game over: {state.is_over})")


# ----- the app ------------------------------------------------------------------------------------

def pump(app: "App", frames: int = 1) -> None:
    for _ in range(frames):
        if app.running:
            app.step(wait=False)


def point_at(app: "App", pos: tuple[int, int]) -> None:
    """Move the pointer there and let the scene see it (the hover delay is none in these shots)."""
    import pygame

    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=(int(pos[0]), int(pos[1])), rel=(0, 0),
                                         buttons=(0, 0, 0)))
    pump(app, 3)


def click_at(app: "App", pos: tuple[int, int]) -> None:
    import pygame

    point_at(app, pos)
    for kind in (pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP):
        pygame.event.post(pygame.event.Event(kind, pos=(int(pos[0]), int(pos[1])), button=1))
    pump(app, 3)


def open_app(size: tuple[int, int]) -> "App":
    from guardians.ui.app import App
    from guardians.ui.settings import Settings

    settings = Settings(window_size=size, animation_speed="instant", hover_delay="none", tips="off")
    return App(settings, size=size, fps=1000)


def take(shot: Shot, out: Path) -> Path:
    """Play the shot's game to its moment, show it on the game's own play scene, and write the picture."""
    from guardians.ui.game_scenes import make_play_scene
    from guardians.ui.session import Session, flush_autosaves

    state = play_to(shot)
    app = open_app(shot.size)
    try:
        return picture(Taken(app, make_play_scene(app, Session(state))), shot.act, shot.check, out / f"{shot.name}.png")
    finally:
        flush_autosaves()
        app.close()


def take_builder(shot: "BuilderShot", out: Path) -> Path:
    """The realms deck builder, opened as the menu's "Build decks" opens it, and the picture."""
    from guardians.ui.game_scenes import game_hook

    app = open_app(shot.size)
    try:
        return picture(Taken(app, game_hook("realms", "deck_builder")(app)), shot.act, shot.check,
                       out / f"{shot.name}.png")
    finally:
        app.close()


def picture(taken: Taken, act: Callable[[Taken], None] | None, check: Callable[[Taken], str | None],
            path: Path) -> Path:
    """Show the scene, do what the player does, check what it shows, and only then write it to `path`."""
    taken.app.push(taken.play)
    pump(taken.app, 4)
    if act is not None:
        act(taken)
    pump(taken.app, 2)
    taken.app.draw(force=True)
    problem = check(taken)
    if problem:
        raise ShotFailed(problem)
    taken.app.screenshot(path)
    return path


@dataclass(frozen=True)
class BuilderShot:
    """A shot of a scene opened without a game (the deck builder)."""

    name: str
    caption: str
    act: Callable[[Taken], None]
    check: Callable[[Taken], str | None]
    size: tuple[int, int] = HD


# ----- what the shots do and check -------------------------------------------------------------------

def mode_is(mode: str) -> Callable[[Taken], str | None]:
    def check(t: Taken) -> str | None:
        if t.top is not t.play:
            return f"{type(t.top).__name__} covers the table"
        shown = t.play.view.mode
        return None if shown == mode else f"the table shows {shown!r}, not {mode!r}"
    return check


def both(*checks: Callable[[Taken], str | None]) -> Callable[[Taken], str | None]:
    def check(t: Taken) -> str | None:
        return next((p for p in (c(t) for c in checks) if p), None)
    return check


def hover_shown(t: Taken) -> str | None:
    return None if t.play.hover.shown is not None else "no hover card is shown"


def hover_piece(prefix: str, choose: Callable[[Any, list], Any] | None = None) -> Callable[[Taken], None]:
    """Rest the pointer on a piece whose key starts with `prefix` (the first, or `choose(seen, pieces)`'s)."""
    def act(t: Taken) -> None:
        pieces = [p for p in t.play.view.all() if p.key.startswith(prefix) and (p.face is not None or p.tip)]
        if not pieces:
            raise ShotFailed(f"no piece {prefix}… with a card or tip to hover")
        piece = choose(t.play.seen, pieces) if choose is not None else pieces[0]
        point_at(t.app, piece.rect.center)
    return act


def hovered(prefix: str) -> Callable[[Taken], str | None]:
    def check(t: Taken) -> str | None:
        key = t.play.hover.key
        if key is None or not key.startswith(prefix):
            return f"the pointer rests on {key!r}, not a {prefix}… piece"
        return hover_shown(t)
    return check


def kinds_of(state: "GameState") -> set[str]:
    decision = state.decision
    return {a.kind for a in decision.options} if decision is not None else set()


# heroes

def heroes_actor(state: "GameState") -> str | None:
    """A hero of the seat to move that may both attack and move now (its ref)."""
    decision = state.decision
    if decision is None:
        return None
    by: dict[str, set[str]] = {}
    for a in decision.options:
        if a.kind in ("attack", "move") and a.refs:
            by.setdefault(a.refs[0], set()).add(a.kind)
    return next((ref for ref, kinds in sorted(by.items()) if kinds == {"attack", "move"}), None)


def select_actor(t: Taken) -> None:
    ref = heroes_actor(t.play.session.state)
    rect = t.play.view.rects().get(ref) if ref else None
    if rect is None:
        raise ShotFailed(f"the hero to select ({ref}) is not drawn")
    click_at(t.app, rect.center)
    point_at(t.app, (2, t.app.size[1] // 2))        # the pointer off the table: no hover card over the marks


def selected_with_targets(t: Taken) -> str | None:
    selected = t.play.selected
    if selected is None:
        return "no hero is selected"
    kinds = {a.kind for target in t.play.presenter.targets for a in target.actions}
    missing = {"attack", "move"} - kinds
    return f"the selected {selected} marks no {', '.join(sorted(missing))} target" if missing else None


def most_damaged(seen: Any, pieces: list) -> Any:
    """The hero piece with the most damage on it (the first of them): its card shows the damage."""
    def damage(piece: Any) -> int:
        hero = seen.heroes.get(piece.key.split(":", 1)[1])
        return hero.damage if hero is not None else -1
    return max(pieces, key=damage)


def heroes_board(state: "GameState") -> bool:
    return state.phase == "action" and state.turn_no >= 6 and heroes_actor(state) is not None


# explore

def explore_battle(state: "GameState") -> bool:
    return state.phase == "battle" and state.round_no >= 3


def explore_boss(state: "GameState") -> bool:
    return state.phase == "battle" and getattr(state, "boss", None) is not None


def explore_ghost_draft(state: "GameState") -> bool:
    """You hold the Ghost's stack, after a few picks."""
    return (state.phase == "draft" and state.n == 2 and state.holder[state.ghost_pack] == 0
            and len(state.ghost) >= 2)


# realms

def realms_pick_revealed(state: "GameState") -> bool:
    combat = getattr(state, "combat", None)
    return combat is not None and combat.cur is not None and len(kinds_of(state)) >= 2


def realms_board(state: "GameState") -> bool:
    """Round 5 or later, seat 1 turning one of several Shields (both sides' Shields out on the lands)."""
    return state.phase == "movement" and state.combat is None and state.round >= 5 and len(state.decision.options) >= 3


def combat_with_pick(t: Taken) -> str | None:
    problem = mode_is("combat")(t)
    if problem:
        return problem
    combat = t.play.seen.combat
    return None if combat.cur is not None else "no match-up pick is revealed"


# chronicles

def chronicles_rolled(state: "GameState") -> bool:
    """From turn 6 on, a roll of two waves or more (a POW rolled again) and four dice or more, made by the last
    action or the one before, at a hero's choice."""
    from guardians.games.chronicles.scenes.dice import last_roll

    if state.phase != "activation" or state.turn < 6:
        return False
    roll = last_roll(state.view(state.decision.seat))
    return (roll is not None and len(state.log) - roll.at <= 3 and len(roll.rows) >= 2
            and sum(len(row) for row in roll.rows) >= 4)


def tray_shows_roll(t: Taken) -> str | None:
    from guardians.games.chronicles.scenes.dice import TrayPainter

    pieces = t.play.view.by_key()
    tray = pieces.get("dice:tray")
    if tray is None or not isinstance(tray.paint, TrayPainter) or tray.paint.roll is None:
        return "the dice tray shows no roll"
    dice = [p for p in t.play.view.all() if p.group == "dice"]
    return None if dice else "the dice tray shows no dice"


def chronicles_active(state: "GameState") -> bool:
    """A hero's activation from turn 3 on, with moves to make and an enemy to attack."""
    return state.phase == "activation" and {"move", "attack"} <= kinds_of(state) and state.turn >= 3


def front_page(t: Taken) -> str | None:
    from guardians.games.chronicles.scenes.end import ChroniclesEndScene

    top = t.top
    if not isinstance(top, ChroniclesEndScene):
        return f"the end scene is not shown ({type(top).__name__} is)"
    return None if top.page is not None else f"the front page was not printed: {top.page_problem}"


# the deck builder

def knights_flying(t: Taken) -> None:
    """Start from the Knights theme deck (the "Start from" stepper, then Open), creatures only, search "flying"."""
    scene = t.play
    knights = next((v for v, _ in scene.start_from.choices if v.deck_id == "knights_theme"), None)
    if knights is None:
        raise ShotFailed("the Knights theme deck is not offered")
    scene.start_from.select(knights)
    click_at(t.app, scene.open_button.rect.center)
    scene.type_filter.select("creature")
    scene.search.entry.set_text("flying")
    scene._filters_changed()
    pump(t.app, 3)
    point_at(t.app, (2, t.app.size[1] - 2))          # the pointer off the cards: no hover card over the filters


def builder_ok(t: Taken) -> str | None:
    scene = t.play
    if scene.draft.size == 0 or "Knights" not in scene.draft.name:
        return f"the Knights deck is not open ({scene.draft.name!r}, {scene.draft.size} cards)"
    if any(card.type != "creature" for _, card in scene.cells):
        return "the catalogue shows more than creatures"
    if scene._last_search != "flying" or not scene.cells:
        return "the catalogue is not searched for flying cards"
    return None


# ----- the shots --------------------------------------------------------------------------------------

HEROES_TABLE = Shot("heroes-table", "The heroes table: a hero selected, its attack target and move destination "
                    "marked", "heroes", 32, ("human", "ai:greedy"), heroes_board,
                    both(mode_is("board"), selected_with_targets), select_actor)
EXPLORE_TOWN = Shot("explore-town", "The explore town in a five-player Battle Phase", "explore", 5,
                    ("human",) + ("ai:greedy",) * 4, explore_battle, mode_is("town"))
REALMS_BOARD = Shot("realms-board", "The realms board: the Stronghold cards and lands, each Shield and who holds it",
                    "realms", 22, ("human", "ai:greedy"), realms_board, mode_is("board"))
CHRONICLES_MAP = Shot("chronicles-map", "The chronicles base in the Activation phase, a hero to act with an enemy in "
                      "reach", "chronicles", 4, ("ai:greedy", "human", "ai:greedy", "ai:greedy"), chronicles_active,
                      mode_is("board"))

SHOTS: list[Shot | BuilderShot] = [
    HEROES_TABLE,
    Shot("heroes-draft", "The hero draft", "heroes", 7, ("human", "ai:greedy"),
         lambda s: s.phase == "draft" and "draft" in kinds_of(s), mode_is("draft")),
    Shot("heroes-hover", "Hovering a hero shows its card large, with its damage, readiness and controller",
         "heroes", 32, ("human", "ai:greedy"), heroes_board, both(mode_is("board"), hovered("hero:")),
         hover_piece("hero:", most_damaged)),
    Shot("heroes-four-players", "A 4-player heroes table", "heroes", 11,
         ("human", "ai:greedy", "ai:greedy", "ai:greedy"), lambda s: s.phase == "action" and s.turn_no >= 4,
         mode_is("board")),
    *(HEROES_TABLE.at(size) for size in SIZES),
    EXPLORE_TOWN,
    Shot("explore-draft", "The two-player draft with the Ghost's stack", "explore", 3, ("human", "ai:greedy"),
         explore_ghost_draft, mode_is("draft")),
    Shot("explore-boss", "A boss battle, the boss hovered", "explore", 8, ("human", "ai:greedy", "ai:greedy"),
         explore_boss, both(mode_is("town"), hovered("boss:")), hover_piece("boss:")),
    *(EXPLORE_TOWN.at(size) for size in SIZES),
    REALMS_BOARD,
    Shot("realms-combat", "A realms combat with a match-up revealed: each fighter's strength broken down by source",
         "realms", 10, ("human", "ai:greedy"), realms_pick_revealed, combat_with_pick),
    BuilderShot("realms-deck-builder", "The realms deck builder with the Knights theme deck open, searching for "
                "flying creatures", knights_flying, builder_ok),
    *(REALMS_BOARD.at(size) for size in SIZES),
    CHRONICLES_MAP,
    Shot("chronicles-dice", "A chronicles attack just rolled: the dice tray shows each wave and the hit",
         "chronicles", 4, ("ai:greedy", "human", "ai:greedy", "ai:greedy"), chronicles_rolled,
         both(mode_is("board"), tray_shows_roll)),
    Shot("chronicles-front-page", "The end of a chronicles game with the newspaper's front page", "chronicles", 4,
         ("ai:greedy", "human", "ai:greedy", "ai:greedy"), lambda s: True, front_page, at_end=True, max_moves=20000),
    *(CHRONICLES_MAP.at(size) for size in SIZES),
]


# ----- the command ------------------------------------------------------------------------------------

HOME = Path(tempfile.gettempdir()) / "guardians-readme-shots"   # one name, so a path shown in a picture is the same


def headless_home() -> Path:
    """A private, empty user folder and the dummy drivers, set before pygame is imported. Its name is fixed (the
    chronicles end scene prints where the front page went), and it is emptied before and after a run."""
    shutil.rmtree(HOME, ignore_errors=True)
    HOME.mkdir(parents=True)
    os.environ["GUARDIANS_HOME"] = str(HOME)
    os.environ["SDL_VIDEODRIVER"] = "dummy"
    os.environ["SDL_AUDIODRIVER"] = "dummy"
    os.environ["PYGAME_HIDE_SUPPORT_PROMPT"] = "1"
    return HOME


def run(names: list[str] | None, out: Path, say: Callable[[str], None] = print,
        shots: list[Shot | BuilderShot] | None = None) -> list[str]:
    """Take the shots named (all when None) of `shots` (the README's by default) into `out`; the failures, one
    line each (a failed shot writes nothing)."""
    shots = SHOTS if shots is None else shots
    chosen = [s for s in shots if names is None or s.name in names]
    unknown = sorted(set(names or ()) - {s.name for s in shots})
    if unknown:
        return [f"{name}: no such shot" for name in unknown]
    failures = []
    for shot in chosen:
        started = time.monotonic()
        try:
            path = take_builder(shot, out) if isinstance(shot, BuilderShot) else take(shot, out)
        except ShotFailed as exc:
            failures.append(f"{shot.name}: {exc}")
            say(f"FAILED {shot.name}: {exc}")
            continue
        say(f"{path}  ({time.monotonic() - started:.1f} s)")
    return failures


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Take every README screenshot again (docs/screenshots/).")
    parser.add_argument("--only", action="append", metavar="NAME", help="a shot's name; repeatable")
    parser.add_argument("--out", type=Path, default=OUT, help=f"the folder written (default {OUT})")
    parser.add_argument("--list", action="store_true", help="name every shot with its caption and stop")
    args = parser.parse_args(argv)
    if args.list:
        for shot in SHOTS:
            print(f"{shot.name}: {shot.caption}")
        return 0
    home = headless_home()
    try:
        sys.path.insert(0, str(ROOT))
        failures = run(args.only, args.out)
    finally:
        shutil.rmtree(home, ignore_errors=True)
    for line in failures:
        print(f"readme_shots: {line}", file=sys.stderr)
    return 1 if failures else 0


if __name__ == "__main__":
    sys.exit(main())
