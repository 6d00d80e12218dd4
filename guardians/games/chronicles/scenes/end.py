"""The end of a chronicles game over the final table: who won, the headline of the Guardians' Chronicles,
the articles printed for each side (the score), and each hero's fate and personal mission, beside the front
page itself (newspaper.py, drawn with Pillow from a spectator's view and saved as a PNG the players keep); the
page opens large with a button or F. Then "Play again" / "Menu" (the kit's end frame).
"""

from __future__ import annotations

from pathlib import Path

import pygame

from guardians.engine.words import counted
from guardians.games.chronicles.scenes import newspaper, sides, style
from guardians.ui import theme
from guardians.ui.table.end import TableEndScene
from guardians.ui.table.text import fitted, text, wrapped
from guardians.ui.text import ellipsize, short_path
from guardians.ui.widgets import Button, draw_box


def headline(state) -> str:
    if state.winner == "heroes":
        return f"{sides.team_name(state.box)} wins!"
    if state.winner == "villain":
        return f"{sides.villain_name(state.box)} wins!"
    return "Game over"


def article_lines(state) -> list[tuple[str, str]]:
    """(side, headline) of every article printed, in print order, as the log told them."""
    lines = []
    for event in state.log:
        if event.kind == "article":
            data = dict(event.data)
            lines.append((str(data.get("side", "")), str(data.get("headline", ""))))
    return lines


def hero_rows(state) -> list[tuple[str, str, bool]]:
    """(name, fate, mission met) per hero."""
    rows = []
    for seat, hs in sorted(state.heroes.items()):
        if not hs.hero:
            continue
        fig = state.figures[hs.hero]
        hp = state.health(hs.hero)
        fate = "knocked out" if not hs.in_play else f"{max(0, hp - fig.damage)}/{hp} health"
        rows.append((state.box.heroes[hs.hero].name, fate, hs.in_play and state.mission_done(seat)))
    return rows


_PRINTED: dict[str, tuple[pygame.Surface | None, Path | None, str]] = {}


def game_key(state) -> str:
    """What names one finished game whoever shows it: its seed and its final position's digest (a game resumed
    from a save after its end has both, so it finds the page it already printed)."""
    return f"{state.seed}-{state.digest()[:12]}"


def print_front_page(state) -> tuple[pygame.Surface | None, Path | None, str]:
    """The front page from the public view (nobody's hidden cards), composed and written once per game: again for
    the same game it is the page kept in memory, or the PNG already on disk; (surface, path, problem)."""
    view = state.view(None)
    path = newspaper.page_path(game_key(state), view.scenario.name)
    known = _PRINTED.get(str(path))
    if known is not None and path.exists():
        return known
    surface: pygame.Surface | None = None
    if path.exists():
        try:
            surface = pygame.image.load(str(path))      # not convert(): the page may outlive this window
        except (pygame.error, OSError):       # a damaged file is printed again below
            surface = None
    if surface is None:
        try:
            image = newspaper.front_page(view)
        except (OSError, ValueError) as exc:   # a missing font: the end frame still works without the page
            return surface, None, f"The front page could not be printed: {exc}"
        surface = pygame.image.frombytes(image.tobytes(), image.size, "RGB")
        try:
            newspaper.save_front_page(image, path)
        except OSError as exc:
            return surface, None, f"The front page could not be saved: {exc}"
    if len(_PRINTED) > 4:
        _PRINTED.clear()
    _PRINTED[str(path)] = (surface, path, "")
    return _PRINTED[str(path)]


def saved_note(path: Path, px: int, width: int) -> list[str]:
    """Where the front page went, in three lines: the file's name whole (never broken mid-word), and its folder
    shortened at a path separator when the whole does not fit."""
    fnt = theme.font(px)
    return ["Front page saved as", path.name if fnt.size(path.name)[0] <= width else ellipsize(path.name, fnt, width),
            "in " + short_path(str(path.parent), fnt, width - fnt.size("in ")[0])]


class ChroniclesEndScene(TableEndScene):
    """The kit's end frame with the paper's score and the heroes on the left, the front page on the right."""

    PAD = 18

    def __init__(self, app, play) -> None:
        # the page is printed when the scene is shown (enter), not when it is made: a play scene may make its
        # end scene only to ask what it is
        self.page: pygame.Surface | None = None
        self.page_path: Path | None = None
        self.page_problem = ""
        self.printed = False
        self.open = Button("Front page (F)", size=16)
        self.large = False
        self.scroll = 0
        self._scaled: dict[tuple[int, int], pygame.Surface] = {}
        super().__init__(app, play)

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        return min(w - 40, int(1200 * self.k)), min(h - 30, int(680 * self.k))

    def print_page(self) -> None:
        """Compose (or find) the game's front page, once, and lay the frame out around it."""
        if self.printed:
            return
        self.printed = True
        self.page, self.page_path, self.page_problem = print_front_page(self.session.state)
        self.resize(self.app.size)

    def enter(self) -> None:
        super().enter()
        self.print_page()

    def resize(self, size: tuple[int, int]) -> None:
        super().resize(size)
        box, pad = self.box, self.PAD
        if self.page is not None:
            ph = box.h - 2 * pad
            pw = min(int(ph * self.page.get_width() / self.page.get_height()), box.w // 2)
            ph = int(pw * self.page.get_height() / self.page.get_width())
            self.thumb = pygame.Rect(box.right - pad - pw, box.y + (box.h - ph) // 2, pw, ph)
        else:
            self.thumb = pygame.Rect(box.right - pad, box.y + pad, 0, 0)
        left, right = box.x + self.MARGIN[0], self.thumb.x - 12 - self.MARGIN[0]
        gap = 12
        bw = max(80, (right - left - 2 * gap) // 3)
        bottom = box.bottom - self.BUTTON[1]
        for i, button in enumerate((self.again, self.menu, self.open)):
            button.rect = pygame.Rect(left + i * (bw + gap), bottom, bw, self.BUTTON[2])
        self.open.enabled = self.page is not None

    def scaled(self, size: tuple[int, int]) -> pygame.Surface:
        """The page at a size (kept: smoothscale is slow)."""
        if size not in self._scaled:
            self._scaled[size] = pygame.transform.smoothscale(self.page, size)
        return self._scaled[size]

    def handle(self, event: pygame.event.Event) -> None:
        if self.large:
            self.handle_large(event)
            return
        if self.page is not None and (self.open.handle(event) or
                                      (event.type == pygame.KEYDOWN and event.key == pygame.K_f)):
            self.large = True
            self.scroll = 0
            self.dirty = True
            return
        super().handle(event)

    def handle_large(self, event: pygame.event.Event) -> None:
        """The page at reading size: the wheel, arrows and page keys scroll; a click or another key closes."""
        step = {pygame.K_UP: -60, pygame.K_DOWN: 60, pygame.K_PAGEUP: -400, pygame.K_PAGEDOWN: 400,
                pygame.K_HOME: -10**6, pygame.K_END: 10**6}
        if event.type == pygame.MOUSEWHEEL:
            self.scroll -= event.y * 80
        elif event.type == pygame.KEYDOWN and event.key in step:
            self.scroll += step[event.key]
        elif (event.type == pygame.MOUSEBUTTONDOWN and event.button in (1, 2, 3)) or event.type == pygame.KEYDOWN:
            self.large = False
        else:
            return
        self.dirty = True

    def headline(self, state) -> str:
        return headline(state)

    def headline_colour(self, state) -> tuple[int, int, int]:
        return theme.ACCENT if state.winner == "heroes" else style.DAMAGE

    def draw(self, surface: pygame.Surface) -> None:
        """The kit's frame (its text kept left of the page), then the page, or the page alone when open large."""
        self.print_page()
        full = self.box
        self.box = pygame.Rect(full.x, full.y, self.thumb.x - 12 - full.x, full.h)
        try:
            super().draw(surface)
        finally:
            self.box = full
        self.open.draw(surface)
        if self.page is not None:
            paper = pygame.Rect(self.thumb.x - 6, full.y, full.right - self.thumb.x + 6, full.h)
            draw_box(surface, paper, theme.PANEL, theme.ACCENT, 3, radius=12)
            surface.blit(self.scaled(self.thumb.size), self.thumb.topleft)
            pygame.draw.rect(surface, theme.PANEL_EDGE, self.thumb, 1)
        if self.large and self.page is not None:
            self.draw_large(surface)

    def draw_large(self, surface: pygame.Surface) -> None:
        """The page as wide as the window allows (at most its own size), scrolled, with how to leave."""
        w, h = surface.get_size()
        surface.fill(theme.BG)
        hint = text("Wheel or arrows to scroll · click or Esc to close", self.f(14), theme.TEXT_DIM)
        room_h = h - 16 - hint.get_height()
        k = min((w - 40) / self.page.get_width(), 1.0)
        size = (int(self.page.get_width() * k), int(self.page.get_height() * k))
        self.scroll = max(0, min(self.scroll, size[1] - room_h))
        x = (w - size[0]) // 2
        surface.set_clip(pygame.Rect(0, 0, w, room_h))
        surface.blit(self.scaled(size), (x, 8 - self.scroll))
        surface.set_clip(None)
        surface.blit(hint, ((w - hint.get_width()) // 2, room_h + 6))

    def draw_body(self, surface: pygame.Surface, x: int, y: int) -> None:
        state, f = self.session.state, self.f
        width = self.thumb.x - 12 - self.MARGIN[0] - x
        bottom = self.again.rect.y - 8
        size = f(13)
        line_h = theme.font(size).get_linesize()
        articles = article_lines(state)
        heroes_n = sum(1 for side, _ in articles if side == "heroes")
        team, villain = sides.team_short(state.box), sides.villain_short(state.box)
        score = (f"The Guardians' Chronicles: {counted(heroes_n, 'article')} for the {team}, "
                 f"{len(articles) - heroes_n} for {villain}")
        surface.blit(fitted(score, f(14), width, theme.TEXT, True, 12), (x, y))
        y += theme.font(f(14), True).get_linesize() + 4
        note_lines = saved_note(self.page_path, f(12), width) if self.page_path is not None else \
            wrapped(self.page_problem, f(12), width)[:3]
        note_line_h = theme.font(f(12)).get_linesize()
        note_h = len(note_lines) * note_line_h
        for i, words in enumerate(note_lines):
            surface.blit(text(words, f(12), theme.TEXT_DIM), (x, bottom - note_h + i * note_line_h))
        bottom -= note_h + 6
        col = width // 2
        top = y
        surface.blit(text("Printed", size, theme.PANEL_TITLE, True), (x, y))
        y += line_h
        for side, words in articles:                # wrapped, never shrunk: a long headline stays readable
            colour = style.HEALTH if side == "heroes" else (236, 120, 110)
            mark = team if side == "heroes" else villain
            lines = wrapped(f"{mark}: {words}", size, col - 12)
            if y + len(lines) * line_h > bottom:
                break
            for i, line in enumerate(lines):
                surface.blit(text(line, size, colour), (x + (8 if i else 0), y))
                y += line_h
            y += 2
        y = top
        hx = x + col
        surface.blit(text("The heroes", size, theme.PANEL_TITLE, True), (hx, y))
        y += line_h
        for name, fate, met in hero_rows(state):
            if y + 2 * line_h > bottom:
                break
            rect = pygame.Rect(hx, y, col, 2 * line_h + 2)
            draw_box(surface, rect, theme.BG, theme.PANEL_EDGE, 1)
            surface.blit(fitted(f"{name} — {fate}", size, col - 12, theme.TEXT, True, 10), (hx + 6, y + 1))
            mission = "personal mission met" if met else "personal mission not met"
            surface.blit(fitted(mission, size, col - 12, style.HEALTH if met else theme.TEXT_DIM, False, 10),
                         (hx + 6, y + 1 + line_h))
            y += 2 * line_h + 6
