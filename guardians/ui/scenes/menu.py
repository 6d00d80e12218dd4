"""The main menu: choose a game, its seats, player count, variant and seed; continue the autosave;
rules; settings; quit. A damaged autosave is reported and left exactly as it is.
"""

from __future__ import annotations

import random

import pygame

from guardians.engine.registry import GameInfo, game_ids, get_game
from guardians.engine.state import GameConfig
from guardians.ui import theme
from guardians.ui.app import App, Scene
from guardians.ui.game_scenes import has_card_viewer
from guardians.ui.session import Session, find_resumable
from guardians.ui.widgets import Button, Selector, TextField, draw_message

SEAT_CHOICES: list[tuple[str, str]] = [("human", "Human"), ("ai:random", "AI: random"), ("ai:greedy", "AI: greedy")]
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


class MenuScene(Scene):
    """Main menu. `messages` are shown as clear problem boxes (e.g. a damaged autosave)."""

    def __init__(self, app: App, messages: list[str] | None = None) -> None:
        super().__init__(app)
        self.games, self.broken = available_games()
        self.infos = dict(self.games)
        self.messages: list[str] = list(messages or [])
        self.resume_state, self.resume_path, errors = find_resumable()
        for error in errors:
            self.messages.append(f"Your saved game could not be loaded: it {error.reason}. "
                                 f"The file was kept as it is at {error.path}.")
        last: GameConfig | None = getattr(app, "last_config", None)
        self.game = Selector("Game", [(gid, info.title) for gid, info in self.games])
        if last is not None:
            self.game.select(last.game)
        self.count = Selector[int]("Players", [])
        self.variant = Selector[str]("Variant", [])
        most = max((info.max_players for _, info in self.games), default=2)
        self.seats = [Selector[str](f"Player {i + 1}", SEAT_CHOICES, 0 if i == 0 else 2) for i in range(most)]
        self.seed = TextField("Seed", placeholder="random", allowed="0123456789", max_len=9)
        self.start = Button("Start", primary=True, size=20)
        self.resume = Button("Continue", size=18)
        self.rules = Button("Rules", size=18)
        self.cards = Button("Cards", size=18, enabled=False)
        self.settings = Button("Settings", size=18)
        self.quit = Button("Quit", size=18)
        self.resume.visible = self.resume_state is not None
        self.start.enabled = bool(self.games)
        self.rules.enabled = bool(self.games)
        self._game_changed()
        if last is not None and last.game == self.game.value:
            self.count.select(last.players)
            self.variant.select(last.variant)
            for selector, spec in zip(self.seats, last.seats):
                selector.select(spec)
        self.resize(app.size)

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
        self.variant.set_choices([(v, v) for v in info.variants] or [("standard", "standard")],
                                 keep=self.variant.value if self.variant.choices else None)
        self.cards.enabled = has_card_viewer(info.id)

    def config(self) -> GameConfig:
        players = self.count.value
        return GameConfig(game=self.game.value, players=players,
                          seats=tuple(s.value for s in self.seats[:players]), variant=self.variant.value)

    def seed_value(self) -> int:
        return int(self.seed.text) if self.seed.text else random.randrange(1, MAX_SEED)

    # ----- layout ------------------------------------------------------------------------------

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        w, h = size
        rows = 3 + (self.count.value if self.count.choices else 0) + 1
        row_h = max(30, min(40, (h - 300) // max(1, rows) - 8))
        left = w // 2 - 470
        x, y, width = left, 130, 560
        widgets = [self.game, self.count, self.variant] + self.seats[: self.count.value if self.count.choices else 0]
        for widget in self.seats:
            widget.layout(pygame.Rect(0, 0, 0, 0))
        for widget in widgets:
            widget.layout(pygame.Rect(x, y, width, row_h), label_width=140)
            y += row_h + 8
        self.seed.layout(pygame.Rect(x, y, width, row_h), label_width=140)
        self.form_bottom = y + row_h
        bx, by, bw = w // 2 + 150, 130, 320
        self.start.rect = pygame.Rect(bx, by, bw, 60)
        by += 74
        self.resume.rect = pygame.Rect(bx, by, bw, 48) if self.resume.visible else pygame.Rect(0, 0, 0, 0)
        self.resume_note_y = by + 52
        if self.resume.visible:
            by += 82
        for button in (self.rules, self.cards, self.settings, self.quit):
            button.rect = pygame.Rect(bx, by, bw, 44)
            by += 56
        self.messages_y = max(self.form_bottom + 22, by) + 14

    # ----- events ------------------------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if event.type in (pygame.MOUSEMOTION, pygame.MOUSEBUTTONDOWN, pygame.MOUSEBUTTONUP,
                          pygame.KEYDOWN, pygame.TEXTINPUT):
            self.dirty = True
        if not self.games:
            if self.settings.handle(event):
                self._open_settings()
            elif self.quit.handle(event):
                self.app.stop()
            return
        if self.game.handle(event):
            self._game_changed()
            self.resize(self.app.size)
            return
        if self.count.handle(event):
            self.resize(self.app.size)
            return
        self.variant.handle(event)
        for selector in self.seats[: self.count.value]:
            selector.handle(event)
        self.seed.handle(event)
        if self.start.handle(event) or (event.type == pygame.KEYDOWN and not self.seed.focused
                                        and getattr(event, "key", None) in (pygame.K_RETURN, pygame.K_KP_ENTER)):
            self._start()
        elif self.resume.handle(event):
            self._continue()
        elif self.rules.handle(event):
            from guardians.ui.scenes.rules import RulesScene
            self.app.push(RulesScene(self.app, self.game.value, self.game.text))
        elif self.cards.handle(event):
            self._open_cards()
        elif self.settings.handle(event):
            self._open_settings()
        elif self.quit.handle(event):
            self.app.stop()

    def _open_cards(self) -> None:
        from guardians.ui.scenes.card_viewer import open_card_viewer
        open_card_viewer(self.app, self.game.value, self.game.text)

    def _open_settings(self) -> None:
        from guardians.ui.scenes.settings import SettingsScene
        self.app.push(SettingsScene(self.app))

    def _start(self) -> None:
        from guardians.ui.game_scenes import make_play_scene
        try:
            config = self.config()
            session = Session.start(config, self.seed_value(), pace=self.app.settings.pace)
        except Exception as exc:   # bad content or a game bug: say so, stay in the menu
            self.messages.append(f"{self.game.text} could not start: {type(exc).__name__}: {exc}")
            self.dirty = True
            return
        self.app.last_config = config
        self.app.replace(make_play_scene(self.app, session))

    def _continue(self) -> None:
        from guardians.ui.game_scenes import make_play_scene
        if self.resume_state is None:
            return
        session = Session(self.resume_state, save_path=self.resume_path, pace=self.app.settings.pace)
        self.app.last_config = self.resume_state.config
        self.app.replace(make_play_scene(self.app, session))

    # ----- drawing -----------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        w, h = surface.get_size()
        title = theme.render("Guardians Tabletop", 40, theme.TEXT, bold=True)
        surface.blit(title, title.get_rect(midtop=(w // 2, 30)))
        sub = theme.render("Tabletop card games against the computer, or hotseat with friends", 16, theme.TEXT_DIM)
        surface.blit(sub, sub.get_rect(midtop=(w // 2, 84)))
        if self.games:
            for widget in [self.game, self.count, self.variant] + self.seats[: self.count.value] + [self.seed]:
                widget.draw(surface)
            hint = theme.render("Blank seed = a new random game each time", 13, theme.TEXT_DIM)
            surface.blit(hint, (self.seed.box.x, self.seed.rect.bottom + 4))
        else:
            draw_message(surface, pygame.Rect(w // 2 - 470, 130, 560, 80), "No game could be loaded.")
        for button in (self.start, self.resume, self.rules, self.cards, self.settings, self.quit):
            button.draw(surface)
        if self.resume.visible and self.resume_state is not None:
            state = self.resume_state
            info = self.infos.get(state.config.game)
            note = (f"{info.title if info else state.config.game} · {state.config.players} players · "
                    f"{len(state.history)} moves played")
            img = theme.render(note, 13, theme.TEXT_DIM)
            surface.blit(img, (self.resume.rect.x, self.resume_note_y))
        y = self.messages_y
        for message in self.messages[-3:]:
            y += draw_message(surface, pygame.Rect(w // 2 - 470, y, 940, 0), message) + 8
        if self.broken:
            names = ", ".join(gid for gid, _ in self.broken)
            img = theme.render(f"Not available in this build: {names}", 13, theme.TEXT_DIM)
            surface.blit(img, (w // 2 - 470, h - 28))
