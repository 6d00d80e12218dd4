"""The end of a chronicles game over the final table: who won, the headline of the Guardians' Chronicles,
the articles printed for each side (the score), and each hero's fate and personal mission; then "Play
again" / "Menu" (the kit's end frame). The newspaper front page itself (a Pillow-drawn PNG) is not here yet.
"""

from __future__ import annotations

import pygame

from guardians.games.chronicles.scenes import style
from guardians.ui import theme
from guardians.ui.table.end import TableEndScene
from guardians.ui.table.text import fitted, text
from guardians.ui.widgets import draw_box


def headline(state) -> str:
    if state.winner == "heroes":
        return "The Liberty Patrol wins!"
    if state.winner == "villain":
        return "Doktor Skarov wins!"
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


class ChroniclesEndScene(TableEndScene):
    """The kit's end frame with the paper's score and the heroes."""

    GAPS = (24, 46, 6)

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        state = self.session.state
        lines = len(article_lines(state)) + len(hero_rows(state))
        return min(w - 80, int(760 * self.k)), min(h - 40, int((250 + 20 * lines) * self.k))

    def headline(self, state) -> str:
        return headline(state)

    def headline_colour(self, state) -> tuple[int, int, int]:
        return theme.ACCENT if state.winner == "heroes" else style.DAMAGE

    def draw_body(self, surface: pygame.Surface, x: int, y: int) -> None:
        state, f = self.session.state, self.f
        width = self.box.w - 56
        bottom = self.again.rect.y - 8
        size = f(13)
        line_h = theme.font(size).get_linesize()
        articles = article_lines(state)
        heroes_n = sum(1 for side, _ in articles if side == "heroes")
        score = f"The Guardians' Chronicles: {heroes_n} article(s) for the Patrol, {len(articles) - heroes_n} for Skarov"
        surface.blit(fitted(score, f(14), width, theme.TEXT, True, 12), (x, y))
        y += theme.font(f(14), True).get_linesize() + 4
        col = width // 2
        top = y
        surface.blit(text("Printed", size, theme.PANEL_TITLE, True), (x, y))
        y += line_h
        for side, words in articles:
            if y + line_h > bottom:
                break
            colour = style.HEALTH if side == "heroes" else (236, 120, 110)
            mark = "Patrol" if side == "heroes" else "Skarov"
            surface.blit(fitted(f"{mark}: {words}", size, col - 12, colour, False, 12), (x, y))
            y += line_h
        y = top
        hx = x + col
        surface.blit(text("The heroes", size, theme.PANEL_TITLE, True), (hx, y))
        y += line_h
        for name, fate, met in hero_rows(state):
            if y + 2 * line_h > bottom:
                break
            rect = pygame.Rect(hx, y, col, 2 * line_h + 2)
            draw_box(surface, rect, theme.BG, theme.PANEL_EDGE, 1)
            surface.blit(fitted(f"{name} — {fate}", size, col - 12, theme.TEXT, True, 12), (hx + 6, y + 1))
            mission = "personal mission met" if met else "personal mission not met"
            surface.blit(fitted(mission, size, col - 12, style.HEALTH if met else theme.TEXT_DIM, False, 12),
                         (hx + 6, y + 1 + line_h))
            y += 2 * line_h + 6
