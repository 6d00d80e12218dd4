"""Contact sheets of every emblem each game draws, at the sizes the tables use, to look at them together:
`python tools/art_sheet.py [folder]` writes `art-<game>.png` there (default: the system's temp folder)."""

from __future__ import annotations

import os
import sys
import tempfile
from pathlib import Path

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "tests" / "ui"))

import pygame  # noqa: E402
from art_groups import emblem_groups  # noqa: E402

from guardians.ui import art  # noqa: E402
from guardians.ui.text import font  # noqa: E402

SIZES = (64, 40, 24)        # the hover card's, a standee's or figure's, a trophy's or card line's


def sheet(game: str) -> pygame.Surface:
    groups = [(g, ids) for (gm, g), ids in emblem_groups().items() if gm == game]
    cell_w, cell_h, per_row = 150, 96, 8
    rows = sum(-(-len(ids) // per_row) for _, ids in groups)
    surf = pygame.Surface((cell_w * per_row + 20, rows * cell_h + len(groups) * 28 + 20))
    surf.fill((30, 34, 44))
    y = 10
    for group, ids in groups:
        surf.blit(font(16, True).render(f"{game}: {group}", True, (230, 230, 240)), (10, y))
        y += 28
        for i, key in enumerate(ids):
            col, row = i % per_row, i // per_row
            x, top = 10 + col * cell_w, y + row * cell_h
            for size in SIZES:
                surf.blit(art.emblem(game, group, key, size), (x, top))
                x += size + 4
            label = font(11).render(key, True, (200, 204, 214))
            surf.blit(label, (10 + col * cell_w, top + 68))
        y += -(-len(ids) // per_row) * cell_h
    return surf


def main() -> None:
    pygame.init()
    out = Path(sys.argv[1]) if len(sys.argv) > 1 else Path(tempfile.gettempdir())
    for game in ("heroes", "explore", "chronicles", "realms"):
        path = out / f"art-{game}.png"
        pygame.image.save(sheet(game), str(path))
        print(path)


if __name__ == "__main__":
    main()
