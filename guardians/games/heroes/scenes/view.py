"""The table as a list of pieces: each knows where it is, how to draw itself, what it stands for.

A `Piece` is one drawn thing (a hero, a location, a hand card, a pile, an option button). Its `ref` is
the id actions carry (`hero:astra`, `loc:2`, `card:17`, `ult:grave`, `deck`), so the presenter can make
it clickable; its `face` is what hovering shows large. The scene draws a `View` once into a cached
picture and animates a piece between two views when its rectangle changes. Building a view reads the
state and never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable

import pygame

from guardians.engine.table import CardFace

Painter = Callable[[pygame.Surface, pygame.Rect], None]


@dataclass(eq=False)
class Piece:
    key: str                          # unique in a view; animation pairs pieces of two views by key
    rect: pygame.Rect
    paint: Painter
    ref: str | None = None            # the action ref it stands for, if any
    face: CardFace | None = None      # shown large on hover
    tags: tuple[str, ...] = ()        # written under the large card on hover
    hit: pygame.Rect | None = None    # the part that takes clicks and hover (when overlapped)
    ident: object = None              # what it shows; a change under the same key is a new arrival
    origin: str | None = None         # the piece it flies in from when it arrives
    exit: str | None = None           # the piece it flies to when it leaves the table
    count: int | None = None          # a pile or hidden hand's size: growth flies a card from `origin`
    tip: str = ""                     # a line of text shown on hover when there is no face

    @property
    def area(self) -> pygame.Rect:
        return self.hit if self.hit is not None else self.rect


@dataclass
class View:
    """Everything drawn for one state, window size and viewer."""

    statics: list[Painter] = field(default_factory=list)   # backgrounds, labels: drawn first
    pieces: list[Piece] = field(default_factory=list)
    overlays: list[Piece] = field(default_factory=list)    # drawn last (the mulligan hand, option buttons)
    viewer: int | None = None
    mode: str = "board"                                     # "faction", "draft", "board"

    def all(self) -> list[Piece]:
        return self.pieces + self.overlays

    def by_key(self) -> dict[str, Piece]:
        return {p.key: p for p in self.all()}

    def rects(self) -> dict[str, pygame.Rect]:
        """Where each ref is drawn (its clickable part); the topmost piece wins."""
        found: dict[str, pygame.Rect] = {}
        for piece in self.all():
            if piece.ref is not None:
                found[piece.ref] = pygame.Rect(piece.area)
        return found

    def hover_at(self, pos: tuple[int, int]) -> Piece | None:
        for piece in reversed(self.all()):
            if (piece.face is not None or piece.tip) and piece.area.collidepoint(pos):
                return piece
        return None

    def add(self, piece: Piece) -> Piece:
        self.pieces.append(piece)
        return piece
