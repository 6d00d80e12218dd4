"""The animation driver's shared part: what moved between two views of the table. Pieces that changed
place slide, new pieces fly in from their `origin` (staggered), pieces that left fly to where the game
says. A game adds its own extras (floating words, arrows, cards shown large) through the hooks.

Both views are built from what the viewer may see, so an animation never shows a secret. Everything
only decorates: the scene skips it on a click or key, and a speed of "off" adds nothing.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from guardians.ui.animation import Animator
from guardians.ui.table.view import Piece, View


def card_sized(origin: pygame.Rect, like: pygame.Rect) -> pygame.Rect:
    """A rect the size of `like` centred on `origin` (a card leaves its pile at its own size)."""
    rect = pygame.Rect(like)
    rect.center = origin.center
    return rect


@dataclass
class Moves:
    """How one game's pieces move. `arrives(key, prev, piece, old)` says whether a piece new under its key
    (or showing something new) flies in from its origin; `kept(key, prev, piece, new_map)` adds extras for
    a piece still there (a drawn card, damage); `leaves(key, prev, new_map, by_ident)` is where a piece
    that left flies to (or None). Durations in seconds."""

    slide: float
    arrive: float
    stagger: float
    still_groups: tuple[str, ...] = ()       # groups that never slide (buttons, trays)
    arrives: Callable[[str, Piece | None, Piece, View], bool] = lambda key, prev, piece, old: bool(piece.origin)
    kept: Callable[[Animator, str, Piece, Piece, dict], None] | None = None
    leaves: Callable[[str, Piece, dict, dict], pygame.Rect | None] = field(default=lambda *_: None)

    def derive(self, animator: Animator, old: View, new: View) -> None:
        old_map, new_map = old.by_key(), new.by_key()
        by_ident: dict[object, Piece] = {}
        for piece in new.all():
            if piece.ident is not None:
                by_ident.setdefault(piece.ident, piece)
        arrivals: dict[str, int] = {}
        for key, piece in new_map.items():
            prev = old_map.get(key)
            if prev is not None and prev.ident == piece.ident:
                if prev.rect != piece.rect and piece.group not in self.still_groups:
                    animator.add(key, "slide", prev.rect, piece.rect, self.slide, payload=piece)
                if self.kept is not None:
                    self.kept(animator, key, prev, piece, new_map)
                continue
            if self.arrives(key, prev, piece, old):
                source = new_map.get(piece.origin) or old_map.get(piece.origin)
                if source is not None:
                    order = arrivals.get(piece.origin, 0)
                    arrivals[piece.origin] = order + 1
                    animator.add(key, "slide", card_sized(source.rect, piece.rect), piece.rect, self.arrive,
                                 delay=order * self.stagger, payload=piece)
        for key, prev in old_map.items():
            if prev.ident is None:
                continue
            end = self.leaves(key, prev, new_map, by_ident)
            if end is not None:
                animator.add(f"{key}#leave", "ghost", prev.rect, end, self.slide, payload=prev)


def floating(animator: Animator, where: pygame.Rect, words: str, colour, duration: float, delay: float = 0.0,
             size: int | None = None) -> None:
    """Words rising over `where` (and fading)."""
    payload = (words, colour) if size is None else (words, colour, size)
    animator.add(f"float:{len(animator.tweens)}", "float", where, where, duration, delay=delay, payload=payload)
