"""The end of an explore game over the final table: the True Guardian (or Arthursburg fallen, or saved
together), each player's trophies and quests (met or not) and total, the solo rating in a one-player
game, and "Play again" / "Menu" (the kit's end frame).
"""

from __future__ import annotations

import pygame

from guardians.games.explore.scenes import pieces, style
from guardians.ui import theme
from guardians.ui.table.end import TableEndScene
from guardians.ui.widgets import draw_box


def headline(state) -> str:
    result = state.result
    if result is None:
        return "Game over"
    if result.coop_loss:
        return "Arthursburg has fallen"
    if state.coop:
        return "Arthursburg is saved!"
    if state.n == 1:
        return f"Rating: {state.rating(result.scores[0])}"
    names = [f"Player {s + 1} ({state.p[s].colour})" if state.p[s].colour else f"Player {s + 1}"
             for s in result.winners]
    if len(names) == 1:
        return f"{names[0]} is the True Guardian!"
    return " and ".join(names) + " are True Guardians!"


def seat_rows(state) -> list[dict]:
    """Per seat: trophies, quests (name, points, met) and the total, from the finished game."""
    totals, done = state.scores()
    rows = []
    for seat in range(state.n):
        player = state.p[seat]
        quests = []
        for q in player.quests:
            quest = state.content.quests[state.quests[q]]
            quests.append((quest.name, quest.points, state.quest_met(seat, q)))
        families = tuple(state.mon_family(m) for m in player.trophies)
        rows.append({"seat": seat, "name": state.seat_name(seat), "colour": player.colour,
                     "trophies": len(player.trophies), "families": families,
                     "trophy_points": state.trophy_points(seat), "quests": quests, "total": totals[seat],
                     "done": done[seat]})
    return rows


class ExploreEndScene(TableEndScene):
    """The kit's end frame with every player's score."""

    GAPS = (24, 46, 0)

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        state = self.session.state
        quest_lines = max((len(p.quests) for p in state.p), default=1)
        self.row_h = int((34 + 20 * max(1, quest_lines)) * self.k)
        height = min(h - 40, int(220 * self.k) + state.n * (self.row_h + 6))
        return min(w - 80, int(820 * self.k)), height

    def headline(self, state) -> str:
        return headline(state)

    def reason_words(self, state) -> str:
        """The result's reason; alone at the table, without the rating the rules add to it, which the line
        under it says once (issue #18: the solo end said its rating three times)."""
        reason = state.result.reason
        return reason.split(" — rating:")[0] if state.n == 1 else reason

    def headline_colour(self, state) -> tuple[int, int, int]:
        result = state.result
        return style.NOT_OK if result is not None and result.coop_loss else theme.ACCENT

    def draw_body(self, surface: pygame.Surface, x: int, y: int) -> None:
        box, state, k, f = self.box, self.session.state, self.k, self.f
        result = state.result
        if state.n == 1 and result is not None:
            ratings = " · ".join(f"{t}+ {name}" for t, name in state.content.setup.solo_ratings if t > 0)
            score = result.scores[0] if result.scores else 0
            mine = f"Your rating: {state.rating(score)} ({score} points)" if result.coop_loss else "Solo ratings"
            surface.blit(style.fitted(f"{mine} · {ratings}", f(13), box.w - 56, theme.TEXT_DIM), (x, y))
            y += theme.font(f(13)).get_linesize()
        y += 8
        winners = set(result.winners) if result is not None else set()
        bottom = self.again.rect.y - 10
        row_h = max(30, min(self.row_h, (bottom - y) // max(1, state.n) - 6))
        for row in seat_rows(state):
            rect = pygame.Rect(x, y, box.w - 56, row_h)
            win = row["seat"] in winners and not state.coop
            draw_box(surface, rect, theme.BG, theme.ACCENT if win else theme.PANEL_EDGE, 3 if win else 1)
            chip = pygame.Rect(rect.x + 8, rect.y + 6, int(34 * k), int(22 * k))
            pieces.seat_chip(surface, chip, row["colour"], row["seat"] + 1)
            name = row["name"] + ("  — TRUE GUARDIAN" if win else "")
            surface.blit(style.fitted(name, f(15), rect.w // 2, theme.TEXT, True), (chip.right + 8, chip.y))
            total = style.text(f"{row['total']} points", f(17), theme.ACCENT if win else theme.TEXT, True)
            surface.blit(total, total.get_rect(topright=(rect.right - 10, rect.y + 6)))
            shelf = pygame.Rect(rect.x + rect.w // 2, rect.y + 5, rect.w // 2 - total.get_width() - 24, int(22 * k))
            pieces.paint_trophies(surface, shelf, row["families"], row["trophy_points"])
            qy = chip.bottom + 4
            for name_q, points, met in row["quests"]:
                if qy + f(13) > rect.bottom:
                    break
                mark = "✓ met" if met else "✗ not met"
                words = f"Quest {name_q}: {mark} ({'+' + str(points) if met else '0'})"
                surface.blit(style.fitted(words, f(13), rect.w - 24, style.OK if met else theme.TEXT_DIM),
                             (rect.x + 12, qy))
                qy += theme.font(f(13)).get_linesize()
            if not row["quests"] and qy + f(13) <= rect.bottom:
                surface.blit(style.text("No secret quest", f(13), theme.TEXT_DIM), (rect.x + 12, qy))
            y += row_h + 6
