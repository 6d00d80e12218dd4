"""Start the app: `run_app(LaunchOptions(...))` is what the CLI calls.

No pygame at import: headless mode must set SDL's environment before pygame is first imported.
"""

from __future__ import annotations

import os
import random
import sys
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

HEADLESS_ENV = {"SDL_VIDEODRIVER": "dummy", "SDL_AUDIODRIVER": "dummy", "PYGAME_HIDE_SUPPORT_PROMPT": "1"}
SEAT_ALIASES = {"human": "human", "h": "human", "ai": "ai:tactical", "random": "ai:random",
                "greedy": "ai:greedy", "ai:random": "ai:random", "ai:greedy": "ai:greedy",
                "ismcts": "ai:ismcts", "ai:ismcts": "ai:ismcts", "tactical": "ai:tactical",
                "ai:tactical": "ai:tactical", "easy": "ai:random", "normal": "ai:tactical", "hard": "ai:ismcts"}
MAX_SEED = 2**31 - 1


@dataclass
class LaunchOptions:
    game: str | None = None
    seats: list[str] = field(default_factory=list)
    players: int | None = None
    seed: int | None = None
    variant: str = "standard"
    headless: bool = False
    autoplay: bool = False
    max_frames: int | None = None
    screenshot: Path | None = None
    quit_when_over: bool = False
    resume: bool = False
    window_size: tuple[int, int] | None = None
    save: Path | None = None        # with resume: open this save instead of the autosave
    # with save: its state, already replayed and verified (by `guardians replay`), so it is not replayed again
    loaded: Any = field(default=None, compare=False, repr=False)
    options: dict[str, str] = field(default_factory=dict)   # the game's set-up options, NAME -> text


def normalise_seat(spec: str) -> str:
    """"human", "random", "greedy", "ai" or a full "ai:<level>" spec, as a seat spec."""
    key = spec.strip().lower()
    if key in SEAT_ALIASES:
        return SEAT_ALIASES[key]
    if key.startswith("ai:"):
        return key          # a level added later (e.g. ismcts); make_player says if it is unknown
    raise ValueError(f"unknown seat {spec!r}: use human, random or greedy")


def resolve_config(opts: LaunchOptions):
    """The GameConfig for `opts.game`; ValueError/KeyError with a message on bad options."""
    from guardians.engine.options import resolve_options
    from guardians.engine.registry import game_options, get_game
    from guardians.engine.state import GameConfig

    info = get_game(opts.game).INFO
    seats = [normalise_seat(s) for s in opts.seats]
    # Fewer seats than the smallest player count are filled with greedy AIs.
    players = opts.players or next((n for n in info.allowed_counts() if n >= len(seats)), len(seats))
    if players not in info.allowed_counts():
        counts = ", ".join(map(str, info.allowed_counts()))
        raise ValueError(f"{info.title} is for {counts} players, not {players}")
    if len(seats) > players:
        raise ValueError(f"{len(seats)} seats given for {players} players")
    if not seats and not opts.autoplay:
        seats = ["human"]
    seats += ["ai:tactical"] * (players - len(seats))
    if opts.variant not in info.variants:
        raise ValueError(f"{info.title} has no variant {opts.variant!r}; it has {', '.join(info.variants)}")
    options = resolve_options(game_options(info.id, players), opts.options, players) if opts.options else ()
    return GameConfig(game=info.id, players=players, seats=tuple(seats), variant=opts.variant, options=options)


def run_app(opts: LaunchOptions) -> int:
    """Run the app until the window closes (or `max_frames`, or the end screen with quit_when_over)."""
    if opts.headless:
        os.environ.update(HEADLESS_ENV)
    os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
    config = None
    if opts.game is not None and not opts.resume:
        try:
            config = resolve_config(opts)
        except (ValueError, KeyError, ImportError, AttributeError) as exc:
            print(f"guardians: {exc.args[0] if exc.args else exc}", file=sys.stderr)
            return 2

    from guardians.engine.registry import get_game
    from guardians.engine.saves import SaveError, load_save
    from guardians.ui.app import App
    from guardians.ui.scenes.menu import MenuScene
    from guardians.ui.game_scenes import make_play_scene
    from guardians.ui.session import (Resume, Session, find_resumable, flush_autosaves, resume_session,
                                      start_problem)
    from guardians.ui.settings import load_settings

    settings = load_settings()
    if opts.headless:    # nobody watches: no fullscreen, no pause between moves, no 60 fps cap
        settings.fullscreen = False
        settings.animation_speed = "instant"
    pace = settings.pace
    app = App(settings, size=opts.window_size, quit_when_over=opts.quit_when_over,
              fps=1000 if opts.headless else 60, autoplay=opts.autoplay)
    try:
        if opts.resume and opts.save is not None:
            try:
                state = opts.loaded if opts.loaded is not None else load_save(opts.save)
                app.push(make_play_scene(app, Session(state, pace=pace)))
            except SaveError as exc:
                app.push(MenuScene(app, messages=[f"{exc.path} cannot be opened: it {exc.reason}. "
                                                  "The file was left as it was."]))
        elif opts.resume:
            found = find_resumable()
            if found.header is None:    # the menu explains a damaged autosave (moved aside by now)
                missing = [] if found.messages else ["There is no saved game to continue."]
                app.push(MenuScene(app, messages=missing, resume=found))
            else:
                try:
                    session = resume_session(found.header, pace=pace)
                except SaveError as exc:
                    menu = MenuScene(app, resume=Resume())
                    menu.save_failed(exc)
                    app.push(menu)
                else:
                    app.last_config = found.header.config
                    app.push(make_play_scene(app, session))
        elif config is not None:
            seed = opts.seed if opts.seed is not None else random.randrange(1, MAX_SEED)
            app.last_config = config
            try:
                session = Session.start(config, seed, pace=pace)
            except Exception as exc:
                app.push(MenuScene(app, messages=[start_problem(get_game(config.game).INFO.title, exc)]))
            else:
                app.push(make_play_scene(app, session))
        else:
            app.push(MenuScene(app))
        code = app.run(opts.max_frames)
        if opts.screenshot is not None:
            app.screenshot(opts.screenshot)
        return code
    finally:
        flush_autosaves()     # the last move is on disk before the process ends
        app.close()
