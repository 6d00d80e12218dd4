"""Draw a table while `guardians.ui.text` records every text: which piece drew it, at what pixel size,
where it landed and what had to be cut. The screenshot tests measure the records, not the pixels."""

from __future__ import annotations

import sys
from dataclasses import dataclass

import pygame

from guardians.ui import text
from guardians.ui.table import chrome


def clear_text_caches() -> None:
    """Empty every cache of the game scenes (faces, fitted labels), so each text is rendered again."""
    for name, module in list(sys.modules.items()):
        if not name.startswith("guardians.") or module is None:
            continue
        for value in list(vars(module).values()):
            clear = getattr(value, "cache_clear", None)
            if callable(clear) and getattr(value, "__module__", None) == name:
                clear()


@dataclass
class Audit:
    records: text.Recorder
    surface: pygame.Surface

    def too_small(self, threshold: int) -> list[text.Drawn]:
        return [d for d in self.records.drawn if d.px < threshold]

    def cut(self) -> list[text.Cut]:
        return [c for c in self.records.cuts if not c.allowed]

    def clipped(self) -> list[text.Drawn]:
        """Texts that landed on the window smaller than they were rendered: cut by a clip or an edge (half a line
        at a panel's top), which no cut with "…" would show."""
        window = id(self.surface)
        return [d for d in self.records.drawn if d.target == window and d.rect is not None and d.size[1]
                and (d.rect.h < d.size[1] or d.rect.w < d.size[0])]

    def overlaps(self) -> list[tuple[text.Drawn, text.Drawn]]:
        """Pairs of texts of different pieces whose rectangles on the window overlap."""
        window = id(self.surface)
        placed = [d for d in self.records.drawn if d.target == window and d.rect.w and d.rect.h]
        found = []
        for i, a in enumerate(placed):
            for b in placed[i + 1:]:
                if a.piece != b.piece and a.rect.colliderect(b.rect):
                    found.append((a, b))
        return found


def audit_table(scene) -> Audit:
    """The table's frame drawn as `TableScene` draws it, each piece and each part of the frame under its
    own name, onto a surface that records where texts land."""
    clear_text_caches()
    surface = text.RecordingSurface(scene.app.size)
    surface.fill((0, 0, 0))
    with text.recording() as rec:
        scene._changed()
        scene.refresh()
        view = scene.view
        with rec.piece("table"):
            for paint in view.statics:
                paint(surface)
        for piece in view.all():
            with rec.piece(piece.key):
                piece.paint(surface, piece.rect)
        if scene.seen is not None:
            with rec.piece("top bar"):
                chrome.draw_top_bar(surface, scene, scene.top_bar(scene.seen))
        with rec.piece("choices"):
            chrome.draw_choices_heading(surface, scene)
        with rec.piece("log"):
            chrome.draw_log(surface, scene.geo.log, scene, line_by_line=True)
        for name in ("rules_button", "cards_button", "menu_button", "undo_button"):
            with rec.piece(name):
                getattr(scene, name).draw(surface)
        if scene.presenter.decision is not None:
            with rec.piece("options"):
                scene.presenter.draw(surface)
    return Audit(rec, surface)


def describe(drawn: text.Drawn) -> str:
    return f"{drawn.text!r} {drawn.px}px in {drawn.piece} at {tuple(drawn.rect) if drawn.rect else None}"
