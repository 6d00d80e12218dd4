"""The main menu: choose a game, its seats, player count, variant, the options the game declares
(guardians/engine/options.py) and seed; continue the autosave;
rules; settings; quit. A damaged autosave is moved aside unchanged and named to the player.
"""

from __future__ import annotations

import random
import time
from datetime import datetime
from typing import Callable

import pygame
from pygame_gui.elements import UIButton, UILabel

from guardians.engine import saves
from guardians.engine.content import ContentErrors
from guardians.engine.options import OptionSpec
from guardians.engine.registry import GameInfo, game_ids, game_options, get_game
from guardians.engine.saves import SaveError, SaveHeader
from guardians.engine.state import GameConfig
from guardians.ui import art, text
from guardians.ui.app import App
from guardians.ui.game_scenes import has_card_viewer, has_deck_builder
from guardians.ui.gui import Field, GuiScene, Stepper, button, fit_label, label, notice_box, problem_box
from guardians.ui.session import (Resume, Session, archive_save, find_resumable, resume_session,
                                      save_problem, start_problem)

# Difficulty in words a player understands: easy plays at random, normal is the game's own planner where
# it has one and otherwise looks one move ahead (ai:tactical, greedy), hard searches about a second a move
# (ISMCTS, see guardians/ai/ismcts.py).
SEAT_CHOICES: list[tuple[str, str]] = [("human", "Human"), ("ai:random", "Computer: easy"),
                                       ("ai:tactical", "Computer: normal"), ("ai:ismcts", "Computer: hard")]
# what each computer level does, shown under the seats for the levels chosen
LEVEL_WORDS: dict[str, str] = {"ai:random": "Easy: plays any allowed move, at once",
                               "ai:tactical": "Normal: picks the move that looks best now, quickly",
                               "ai:ismcts": "Hard: thinks ahead, takes about a second a move"}
MAX_SEED = 2**31 - 1


def available_games() -> tuple[list[tuple[str, GameInfo]], list[tuple[str, str]]]:
    """Games that load (id, INFO) and those that do not (id, why)."""
    ok: list[tuple[str, GameInfo]] = []
    broken: list[tuple[str, str]] = []
    for game_id in game_ids():
        try:
            info = get_game(game_id).INFO
            if not isinstance(info, GameInfo):
                raise TypeError("its INFO is not a GameInfo")
            ok.append((game_id, info))
        except Exception as exc:
            broken.append((game_id, f"{type(exc).__name__}: {exc}"))
    return ok, broken


def saved_when(timestamp: float, now: float | None = None) -> str:
    """A save's time in words: "today 14:05", "yesterday 09:30", "3 Nov 14:05", "3 Nov 2024"."""
    when = datetime.fromtimestamp(timestamp)
    today = datetime.fromtimestamp(now if now is not None else time.time()).date()
    clock = f"{when.hour:02d}:{when.minute:02d}"
    if when.date() == today:
        return f"today {clock}"
    if (today - when.date()).days == 1:
        return f"yesterday {clock}"
    day = f"{when.day} {when.strftime('%b')}"
    return f"{day} {clock}" if when.year == today.year else f"{day} {when.year}"


class MenuScene(GuiScene):
    """Main menu (pygame_gui widgets). `messages` are shown as clear problem boxes (e.g. a damaged
    autosave)."""

    cover_rect: pygame.Rect | None = None      # where the chosen game's cover goes, when there is room

    def __init__(self, app: App, messages: list[str] | None = None, resume: Resume | None = None) -> None:
        super().__init__(app)
        self.games, self.broken = available_games()
        self.infos = dict(self.games)
        self.messages: list[str] = list(messages or [])
        found = resume if resume is not None else find_resumable()
        self.resume_header: SaveHeader | None = found.header     # replayed only when the player continues
        self.messages += found.messages
        self.unfit: SaveError | None = None      # a save that no longer fits changed card files, kept
        self.unfit_message: str | None = None
        self.confirm_delete = False
        self.notice: str | None = None           # news that is not a problem (a save archived)
        last: GameConfig | None = getattr(app, "last_config", None)
        self.game = Stepper("Game", [(gid, info.title) for gid, info in self.games], on_change=self._game_changed)
        if last is not None:
            self.game.select(last.game)
        self.count = Stepper[int]("Players", [], on_change=self._count_changed)
        self.variant = Stepper[str]("Variant", [], on_change=self._explain)
        most = max((info.max_players for _, info in self.games), default=2)
        self.seats = [Stepper[str](f"Player {i + 1}", SEAT_CHOICES, 0 if i == 0 else 2, on_change=self._explain)
                      for i in range(most)]
        self.levels_note: UILabel | None = None   # the line under the seats that explains the computer levels
        self.seed = Field("Seed", allowed="0123456789", max_len=9)
        # the game's declared options: (spec, seat or None, stepper), and every choice made, by
        # (game, option, seat), so that they come back when the player returns to a game or a count
        self.option_rows: list[tuple[OptionSpec, int | None, Stepper[str]]] = []
        self.chosen: dict[tuple[str, str, int | None], str] = {}
        if last is not None:
            for name, value in last.options:
                for seat, one in (enumerate(value) if isinstance(value, tuple) else [(None, value)]):
                    self.chosen[(last.game, name, seat)] = one
        self.cards: UIButton | None = None      # the buttons exist once the scene is built
        self.decks: UIButton | None = None
        self._options_stale = False            # the deck builder was open: its saved decks join the choice
        self.explained: list[UILabel] = []      # the note lines under the whole-game options, once built
        self._rows_for: tuple | None = None     # the game and player count the form was laid out for
        self._game_changed()
        if last is not None and last.game == self.game.value:
            self.count.select(last.players)
            self.variant.select(last.variant)
            for stepper, spec in zip(self.seats, last.seats):
                stepper.select(spec)
            self._options_changed()       # for the count just restored

    # ----- model -------------------------------------------------------------------------------

    @property
    def info(self) -> GameInfo | None:
        return self.infos.get(self.game.value) if self.games else None

    def _game_changed(self) -> None:
        info = self.info
        if info is None:
            return
        counts = info.allowed_counts()
        self.count.set_choices([(n, str(n)) for n in counts], keep=self.count.value if self.count.choices else None)
        self.variant.set_choices([(v, info.variant_choice(v).label) for v in info.variants]
                                 or [("standard", "Standard")],
                                 keep=self.variant.value if self.variant.choices else None)
        if self.cards is not None:
            self.cards.enable() if has_card_viewer(info.id) else self.cards.disable()
        if self.decks is not None:
            self.decks.show() if has_deck_builder(info.id) else self.decks.hide()
        self.changed()                         # the cover follows the game
        self._count_changed()

    def _count_changed(self) -> None:
        """The seat and option rows follow the game and player count: lay the form out again when they
        change."""
        self._options_changed()
        if self._layout_key() != self._rows_for:
            self.rebuild_soon()

    def _layout_key(self) -> tuple | None:
        return (self.game.value, self.count.value) if self.count.choices else None

    def _options_changed(self) -> None:
        """One stepper per option the game declares for this count (one per seat for a per-seat option),
        each showing the choice made before, else the game's default. Options that cannot be read (broken
        content) are left out: Start then says what is wrong."""
        self.option_rows = []
        if self.info is None or not self.count.choices:
            return
        game_id, players = self.game.value, self.count.value
        try:
            specs = game_options(game_id, players)
        except Exception:
            return
        for spec in specs:
            for note in spec.notes:          # a choice left out (a broken deck file): say why
                if note not in self.messages:
                    self.messages.append(note)
            choices = [(c.value, c.label) for c in spec.choices]
            seats: list[int | None] = list(range(players)) if spec.per_seat else [None]
            for seat in seats:
                default = spec.default[seat] if seat is not None and seat < len(spec.default) else spec.default
                caption = spec.label if seat is None else f"{spec.label}, player {seat + 1}"
                stepper = Stepper[str](caption, choices)
                stepper.select(default)
                stepper.select(self.chosen.get((game_id, spec.name, seat)))
                stepper.on_change = self._option_picked(game_id, spec.name, seat, stepper)
                self.option_rows.append((spec, seat, stepper))

    def _option_picked(self, game_id: str, name: str, seat: int | None, stepper: Stepper[str]
                       ) -> Callable[[], None]:
        """The stepper's on_change: remember the choice (by game, option and seat) and explain it."""
        def remember() -> None:
            self.chosen[(game_id, name, seat)] = stepper.value
            self._explain()
        return remember

    def explanation(self) -> str:
        """The one-line explanation of the variant and of each whole-game option's current choice (a
        scenario's story), shown under their steppers."""
        lines = []
        for spec, seat, stepper in self.option_rows:
            choice = spec.choice(stepper.value) if seat is None else None
            if choice is not None and choice.explanation:
                lines.append(choice.explanation)
        info = self.info
        if info is not None and self.variant.choices:
            words = info.variant_choice(self.variant.value)
            if words.explanation:
                lines.append(f"{words.label}: {words.explanation}")
        return " · ".join(lines)

    def levels_explanation(self) -> str:
        """What the computer levels at the table do, in words ("Hard: thinks ahead, ...")."""
        players = self.count.value if self.count.choices else 0
        chosen = {stepper.value for stepper in self.seats[:players]}
        return " · ".join(words for level, words in LEVEL_WORDS.items() if level in chosen)

    def _explain(self) -> None:
        """Show the explanation on the note lines under the whole-game options (wrapped, then cut), and
        the computer levels' under the seats."""
        if self.levels_note is not None and self.levels_note.alive():
            self.levels_note.set_text(self.levels_explanation() or " ")
            fit_label(self.levels_note)
        if not self.explained or not self.explained[0].alive():
            return
        first = self.explained[0]
        lines = text.wrap(self.explanation(), first.font, first.rect.w - 8, max_lines=len(self.explained))
        for i, line in enumerate(self.explained):
            line.set_text(lines[i] if i < len(lines) else " ")
            fit_label(line)

    def options(self) -> tuple[tuple[str, object], ...]:
        """The chosen options as `GameConfig.options` pairs (a per-seat option as one value per seat)."""
        chosen: dict[str, object] = {}
        for spec, seat, stepper in self.option_rows:
            if seat is None:
                chosen[spec.name] = stepper.value
            else:
                chosen[spec.name] = (*chosen.get(spec.name, ()), stepper.value)  # type: ignore[misc]
        return tuple(chosen.items())

    def config(self) -> GameConfig:
        players = self.count.value
        return GameConfig(game=self.game.value, players=players,
                          seats=tuple(s.value for s in self.seats[:players]), variant=self.variant.value,
                          options=self.options())

    def seed_value(self) -> int:
        return int(self.seed.text) if self.seed.text else random.randrange(1, MAX_SEED)

    @property
    def resume_lines(self) -> tuple[str, str]:
        """What the save under Continue holds, from its header: game and players; moves and when."""
        header = self.resume_header
        if header is None:
            return "", ""
        return (f"{header.title} · {header.config.players} players",
                f"{header.moves} moves · saved {saved_when(header.saved_at)}")

    @property
    def resume_note(self) -> str:
        return " · ".join(self.resume_lines)

    # ----- layout ------------------------------------------------------------------------------

    def forget(self) -> None:
        for stepper in [self.game, self.count, self.variant, *self.seats, *self.option_steppers()]:
            stepper.forget()
        self.explained = []
        self.levels_note = None
        self.seed.forget()

    def option_steppers(self, per_seat: bool | None = None) -> list[Stepper[str]]:
        """The option steppers, all or only the per-seat (True) or whole-game (False) ones."""
        return [stepper for spec, _, stepper in self.option_rows if per_seat is None or spec.per_seat == per_seat]

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.px
        label(self, pygame.Rect(0, px(26), w, px(56)), "Guardians Tabletop", object_id="#title")
        label(self, pygame.Rect(0, px(84), w, px(26)),
              "Tabletop card games against the computer, or hotseat with friends", object_id="#subtitle")
        players = self.count.value if self.count.choices else 0
        self._rows_for = self._layout_key()
        rows = 3 + players + len(self.option_rows) + 1
        top = px(130)
        note_lines = 3 if self.option_steppers(per_seat=False) and rows <= 10 else 2    # a third when it fits
        note = px(18) * note_lines + px(2) if self.explanation() else 0   # lines that explain the choices
        levels = px(20)                                 # one line that explains the computer levels
        tallest = px(34) if self.messages or self.notice else px(40)     # problems to show below: pack tighter
        row_h = max(px(30), min(tallest, (h - top - px(170) - note - levels) // max(1, rows) - px(8)))
        left, width, label_w = w // 2 - px(470), px(560), px(140)
        x, y = left, top
        if self.games:
            whole = [self.variant, *self.option_steppers(per_seat=False)]
            seats = self.seats[:players]
            form = [self.game, self.count, *whole, *seats, *self.option_steppers(per_seat=True)]
            self.explained = []
            for stepper in form:
                stepper.build(self, pygame.Rect(x, y, width, row_h), label_w)
                y += row_h + px(8)
                if note and stepper is whole[-1]:
                    self.explained = [label(self, pygame.Rect(x + label_w, y - px(6) + i * px(18), width - label_w,
                                                              px(18)), " ", "@note") for i in range(note_lines)]
                    y += note - px(4)
                if seats and stepper is seats[-1]:
                    self.levels_note = label(self, pygame.Rect(x + label_w, y - px(6), width - label_w, px(18)),
                                             " ", "@note")
                    y += levels - px(4)
            self._explain()
            self.seed.build(self, pygame.Rect(x, y, width, row_h), label_w)
            label(self, pygame.Rect(x + label_w, y + row_h + px(2), width - label_w, px(20)),
                  "Leave the seed blank for a new random game each time", "@note")
            y += row_h + px(22)
        else:
            problem_box(self, pygame.Rect(left, top, width, 0), "No game could be loaded.")
            y += px(80)
        bx, by, bw = w // 2 + px(150), top, px(320)
        self.start = button(self, pygame.Rect(bx, by, bw, px(60)), "Start", self._start, primary=True,
                            enabled=bool(self.games))
        by += px(68)
        self.guided = button(self, pygame.Rect(bx, by, bw, px(40)), "Guided first game", self._start_guided,
                             enabled=bool(self.games))
        by += px(52)
        resumable = self.resume_header is not None
        unfit = self.unfit is not None and not resumable
        self.resume = button(self, pygame.Rect(bx, by, bw, px(48)), "Continue", self._continue, visible=resumable)
        half = (bw - px(8)) // 2
        self.archive = button(self, pygame.Rect(bx, by, half, px(48)), "Archive it", self._archive, visible=unfit)
        self.delete = button(self, pygame.Rect(bx + bw - half, by, half, px(48)),
                             "Really delete?" if self.confirm_delete else "Delete it", self._delete, visible=unfit)
        if resumable or unfit:
            first, second = self.resume_lines if resumable else ("Your saved game no longer fits the cards:",
                                                                 "archive keeps it aside, unchanged")
            label(self, pygame.Rect(bx, by + px(50), bw, px(20)), first, "@note")
            label(self, pygame.Rect(bx, by + px(70), bw, px(20)), second, "@note")
            by += px(102)
        self.rules = button(self, pygame.Rect(bx, by, bw, px(44)), "Rules", self._open_rules, enabled=bool(self.games))
        builder = self.info is not None and has_deck_builder(self.info.id)
        cards_w = (bw - px(8)) // 2 if builder else bw
        self.cards = button(self, pygame.Rect(bx, by + px(56), cards_w, px(44)), "Cards", self._open_cards,
                            enabled=self.info is not None and has_card_viewer(self.info.id))
        self.decks = button(self, pygame.Rect(bx + bw - cards_w, by + px(56), cards_w, px(44)), "Build decks",
                            self._open_decks, visible=builder)
        half = (bw - px(8)) // 2        # Settings and Quit share a row: the guided game's button took one
        self.settings = button(self, pygame.Rect(bx, by + px(112), half, px(44)), "Settings", self._open_settings)
        self.quit = button(self, pygame.Rect(bx + bw - half, by + px(112), half, px(44)), "Quit",
                           lambda: self.app.stop())
        y = max(y, by + px(156)) + px(14)
        bottom = h - px(34)
        # The chosen game's cover under the buttons, when no notice or message needs the room.
        cover_h = min(px(200), bottom - (by + px(226)))
        self.cover_rect = (pygame.Rect(bx, by + px(226), bw, cover_h)
                           if self.games and cover_h >= px(90) and not self.notice and not self.messages else None)
        if self.notice:
            y = notice_box(self, pygame.Rect(left, y, px(940), 0), self.notice).rect.bottom + px(8)
        for message in reversed(self.messages[-3:]):     # the newest first, as many as fit
            box = problem_box(self, pygame.Rect(left, y, px(940), 0), message)
            if box.rect.bottom > bottom and message is not self.messages[-1]:
                box.kill()
                break
            y = box.rect.bottom + px(8)
        if self.broken:
            names = ", ".join(gid for gid, _ in self.broken)
            label(self, pygame.Rect(left, h - px(30), px(940), px(20)), f"Not available in this build: {names}", "@note")

    def draw_under(self, surface: pygame.Surface) -> None:
        info = self.info
        if self.cover_rect is not None and info is not None:
            surface.blit(art.cover(info.id, self.cover_rect.size), self.cover_rect)

    # ----- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        super().handle(event)
        if (event.type == pygame.KEYDOWN and self.games and not self.typing()
                and getattr(event, "key", None) in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self._start()

    def _open_rules(self) -> None:
        from guardians.ui.scenes.rules import RulesScene
        self.app.push(RulesScene(self.app, self.game.value, self.game.text))

    def _open_cards(self) -> None:
        """The card viewer; broken card files are explained here instead."""
        from guardians.ui.scenes.card_viewer import open_card_viewer
        try:
            open_card_viewer(self.app, self.game.value, self.game.text)
        except ContentErrors as exc:
            self._say(f"The cards of {self.game.text} cannot be shown: {exc.words()}")
        except Exception as exc:   # a bug in the viewer: say so, stay in the menu
            self._say(f"The cards of {self.game.text} cannot be shown: {type(exc).__name__}: {exc}")

    def _open_decks(self) -> None:
        """The game's deck builder; back here, the deck options are read again (decks saved there)."""
        from guardians.ui.game_scenes import game_hook
        try:
            scene = game_hook(self.game.value, "deck_builder")(self.app)
        except Exception as exc:   # broken card files or a bug in the builder: say so, stay in the menu
            self._say(f"The deck builder of {self.game.text} cannot open: {type(exc).__name__}: {exc}")
            return
        self._options_stale = True
        self.app.push(scene)

    def enter(self) -> None:
        super().enter()
        if self._options_stale:
            self._options_stale = False
            self._options_changed()
            self.rebuild_soon()

    def _say(self, message: str) -> None:
        """Show a problem (the newest on top); saying the same again moves it up instead of repeating it."""
        if message in self.messages:
            self.messages.remove(message)
        self.messages.append(message)
        self.rebuild_soon()

    def _open_settings(self) -> None:
        from guardians.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def _start_guided(self) -> None:
        """Start the game chosen with the guide's tips on (guardians/ui/guide.py)."""
        self._start(guided=True)

    def _start(self, guided: bool = False) -> None:
        from guardians.ui.game_scenes import make_play_scene
        try:
            config = self.config()
            session = Session.start(config, self.seed_value(), pace=self.app.settings.pace)
            session.guided = guided
        except Exception as exc:   # bad content or a game bug: say so, stay in the menu
            self._say(start_problem(self.game.text, exc))
            return
        if self.unfit is not None:    # the new game's autosave must not overwrite the save kept
            news = archive_save(self.unfit.path)
            if self.unfit.path.exists():
                self._say(news)
                return
            session.tell(news)
        self.app.last_config = config
        self.app.replace(make_play_scene(self.app, session))

    def _continue(self) -> None:
        """Replay the save now (the menu only read its header); a save that fails is explained here, and
        one that no longer fits changed card files is offered to archive or delete."""
        from guardians.ui.game_scenes import make_play_scene
        header = self.resume_header
        if header is None:
            return
        try:
            session = resume_session(header, pace=self.app.settings.pace)
        except SaveError as exc:
            self.save_failed(exc)
            return
        self.app.last_config = header.config
        self.app.replace(make_play_scene(self.app, session))

    def save_failed(self, error: SaveError) -> None:
        """The autosave could not be continued: say why (a damaged one is moved aside by now); one that
        no longer fits changed card files is offered to archive or delete."""
        self.resume_header = None
        message = save_problem(error)
        if error.kind == saves.NO_LONGER_FITS:
            self.unfit, self.unfit_message, self.confirm_delete = error, message, False
        self._say(message)

    def _settle_unfit(self, notice: str) -> None:
        """The save that no longer fits was archived or deleted: its warning goes, the news comes."""
        if self.unfit_message in self.messages:
            self.messages.remove(self.unfit_message)
        self.unfit = self.unfit_message = None
        self.confirm_delete = False
        self.notice = notice
        self.rebuild_soon()

    def _archive(self) -> None:
        if self.unfit is not None:
            self._settle_unfit(archive_save(self.unfit.path))

    def _delete(self) -> None:
        """Delete the save that no longer fits, on a second click."""
        if self.unfit is None:
            return
        if not self.confirm_delete:
            self.confirm_delete = True
            self.rebuild_soon()
            return
        try:
            self.unfit.path.unlink(missing_ok=True)
        except OSError as exc:
            self._say(f"The saved game could not be deleted ({exc.strerror or exc}); it is still at "
                      f"{self.unfit.path}.")
            return
        self._settle_unfit("Your saved game was deleted.")
