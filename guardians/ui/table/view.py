"""The table as a list of pieces: each knows where it is, how to draw itself and what it stands for.

A `Piece` is one drawn thing (a hero, a location, a monster, a card in hand, a pile, an option button).
Its `ref` is the id the rules' actions carry (`hero:astra`, `loc:3`, `card:17`), so the presenter can
make it clickable; its `face` is what hovering shows large. A `View` is built by a game's `build_view`
from what one seat may see (`state.view(viewer)`, never the raw state), drawn once into a cached picture,
and compared with the previous view to animate what moved. Building a view never changes the state.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Callable, Hashable

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
    tip: str = ""                     # text shown on hover when there is no face (wrapped)
    count: int | None = None          # a pile or hidden hand's size: growth may fly a card from `origin`
    damage: int = 0                   # damage counters on it (growth may float a number)
    group: str = ""                   # what an animation may do with it ("button", "hand", "town", ...)
    solid: bool = False               # a panel drawn over others: what lies under it takes no hover
    look: Hashable | None = None      # everything its painter reads; set: its picture is kept (`pictures`)

    def __post_init__(self) -> None:
        if self.look is None:                   # a painter may carry its own look (`pictures.looks`)
            self.look = getattr(self.paint, "look", None)

    @property
    def area(self) -> pygame.Rect:
        return self.hit if self.hit is not None else self.rect


@dataclass
class View:
    """Everything drawn for one state, window size and viewer."""

    statics: list[Callable[[pygame.Surface], None]] = field(default_factory=list)  # backgrounds: drawn first
    pieces: list[Piece] = field(default_factory=list)
    overlays: list[Piece] = field(default_factory=list)    # drawn last (boxes, trays, option buttons)
    viewer: int | None = None
    mode: str = ""                                          # the game's screen ("draft", "board", ...)
    keep_clear: list[pygame.Rect] = field(default_factory=list)   # the prompt strip, boxes: no hover card on them

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
            if piece.area.collidepoint(pos):
                if piece.face is not None or piece.tip:
                    return piece
                if piece.solid:
                    return None
        return None

    def add(self, piece: Piece) -> Piece:
        self.pieces.append(piece)
        return piece
