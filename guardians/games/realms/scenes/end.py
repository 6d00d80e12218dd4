"""The end of a realms game over the final table: who won and by which of the ways to win (five enemy
Shields, every disputed land, the opposing Guardian beaten, the Victory Card, the round limit), and each
seat's standing on each of them (the kit's end frame).
"""

from __future__ import annotations

import pygame

from guardians.games.realms.scenes import facts, style
from guardians.ui import theme
from guardians.ui.table.end import TableEndScene, win_headline

REASONS = {
    "five_shields": "Five enemy Shields destroyed.",
    "six_lands": "All six disputed lands controlled at the end of Terrain Settlement.",
    "seven_lands": "Seven disputed lands controlled at the start of a turn.",
    "guardian": "The opposing Guardian was beaten in combat.",
    "random_condition": "The Victory Card's condition was met.",
    "round_limit": "The round limit: most enemy Shields destroyed, then most lands, then fewest Shields lost.",
    "draw": "Both sides reached a win at the same moment.",
}


def headline(state) -> str:
    """"Player 1 wins!", with "you win" / "you lose" when one human plays."""
    return win_headline(state, state.seat_name)


class RealmsEndScene(TableEndScene):
    """The kit's end frame with every seat's standing."""

    SCALED = False

    def box_size(self, w: int, h: int) -> tuple[int, int]:
        return 720, self.fitted_height(720, 26 * self.session.state.n)

    def headline(self, state) -> str:
        return headline(state)

    def reason_words(self, state) -> str:
        return "How: " + REASONS.get(state.result.reason, state.result.reason.replace("_", " "))

    def draw_body(self, surface: pygame.Surface, x: int, y: int) -> None:
        state = self.session.state
        seen = state.view(self.session.viewer)
        for seat in range(state.n):
            rows = facts.progress(seen, seat).rows
            words = f"{state.seat_name(seat)}: " + " · ".join(
                label if label.startswith("Victory Card") else f"{label} {have}/{need}" for label, have, need in rows)
            won = state.result is not None and seat in state.result.winners
            pygame.draw.rect(surface, style.seat_colour(seat), pygame.Rect(x, y + 4, 12, 12))
            surface.blit(style.fitted(words, 15, self.box.w - 80, theme.ACCENT if won else theme.TEXT, won, 12),
                         (x + 20, y))
            y += 26
