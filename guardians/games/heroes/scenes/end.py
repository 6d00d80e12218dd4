"""The end of a heroes game over the final table: the winning faction, both score areas, the reason,
and "Play again" / "Menu" (the kit's end frame).
"""

from __future__ import annotations

import pygame

from guardians.games.heroes.rules.state import WIN_POINTS
from guardians.games.heroes.scenes import pieces, style
from guardians.games.heroes.scenes.bars import seat_label
from guardians.ui import theme
from guardians.ui.table.end import TableEndScene, win_headline
from guardians.ui.widgets import draw_box


def headline(state) -> str:
    """"Loyalist wins!", with "you win" / "you lose" when all the humans sit on one side."""
    return win_headline(state, lambda team: style.faction_title(state.faction[team]), state.team_of)


class HeroesEndScene(TableEndScene):
    """The kit's end frame with both factions' score areas."""

    SCALED = False
    MARGIN = (30, 20)
    GAPS = (26, 50, 10)
    SIZES = (16, 34, 16)
    REASON = "Why: {}"
    BUTTON = (200, 70, 50)

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        state = self.session.state
        rows = max(len(state.scored[0]), len(state.scored[1]), 1)
        return 760, 300 + 26 * rows

    def headline(self, state) -> str:
        return headline(state)

    def draw_body(self, surface: pygame.Surface, x: int, y: int) -> None:
        box, state = self.box, self.session.state
        result = state.result
        half = (box.w - 60 - 20) // 2
        for team in (0, 1):
            col = pygame.Rect(x + team * (half + 20), y, half, box.bottom - 90 - y)
            winner = result is not None and bool(result.winners) and state.team_of(result.winners[0]) == team
            draw_box(surface, col, theme.BG, theme.ACCENT if winner else theme.PANEL_EDGE, 3 if winner else 1)
            chip = pygame.Rect(col.x + 8, col.y + 8, 120, 26)
            pieces.paint_faction_chip(surface, chip, state.faction[team])
            mark = "  WINNER" if winner else ""
            points = style.fitted(f"{state.points(team)} / {WIN_POINTS} points{mark}", 16, col.right - chip.right - 18,
                                  theme.TEXT, True)     # kept inside its column, clear of the border
            surface.blit(points, (chip.right + 10, chip.centery - points.get_height() // 2))
            names = " & ".join(seat_label(state, s, self.session.viewer, level=False) for s in state.team_seats(team))
            surface.blit(style.fitted(names, 13, col.w - 16, theme.TEXT_DIM), (col.x + 8, chip.bottom + 6))
            ly = chip.bottom + 28
            if not state.scored[team]:
                surface.blit(style.text("No locations scored.", 14, theme.TEXT_DIM), (col.x + 10, ly))
            for loc_id in state.scored[team]:
                location = state.content.locations[loc_id]
                row = pygame.Rect(col.x + 8, ly, col.w - 16, 22)
                pygame.draw.rect(surface, style.LOCATION_BAND, row, border_radius=4)
                surface.blit(style.fitted(location.name, 14, row.w - 60, theme.TEXT, True), (row.x + 6, row.y + 3))
                pts = style.text(f"{location.points} pt", 14, theme.TEXT, True)
                surface.blit(pts, pts.get_rect(midright=(row.right - 6, row.centery)))
                ly += 26
