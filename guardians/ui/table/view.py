"""The table as a list of pieces: each knows where it is, how to draw itself and what it stands for.

A `Piece` is one drawn thing (a hero, a location, a monster, a card in hand, a pile, an option button).
Its `ref` is the id the rules' actions carry (`hero:astra`, `loc:3`, `card:17`), so the presenter can
make it clickable; its `face` is what hovering shows large. A `face` or `tip` may be given as a function of
no arguments: it is called the first time it is read (when the piece is hovered) and its value kept, so a
table of fifty pieces does not word fifty tooltips after every move for the one the pointer may rest on.
A `View` is built by a game's `build_view`
from what one seat may see (`state.view(viewer)`, never the raw state), drawn once into a cached picture,
and compared with the previous view to animate what moved. Building a view never changes the state.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass, field
from typing import Any, Callable, Hashable, Union

import pygame

from guardians.engine.table import CardFace

Painter = Callable[[pygame.Surface, pygame.Rect], None]


class Later:
    """A field whose value may be given as a function of no arguments, called on the first read (and
    its value kept): `Piece.tip` and `Piece.face`, words and faces built only for the piece hovered."""

    def __init__(self, default: Any) -> None:
        self.default = default

    def __set_name__(self, owner: type, name: str) -> None:
        self.slot = "_" + name

    def __get__(self, obj: Any, owner: type | None = None) -> Any:
        if obj is None:
            return self.default               # the dataclass's default for the field
        value = obj.__dict__[self.slot]
        if callable(value):
            value = value()
            obj.__dict__[self.slot] = value
        return value

    def __set__(self, obj: Any, value: Any) -> None:
        obj.__dict__[self.slot] = value


def unread(piece: "Piece", name: str) -> Any:
    """A `Later` field as given, not called (to build on it without computing it: `lambda: more + f()`)."""
    return piece.__dict__["_" + name]


def still(rect: pygame.Rect, paint: Painter, *look: Hashable) -> "Still":
    """A background with a rect and a look (`View.statics` takes it): its picture is kept as a piece's is,
    and it is no piece of the table (no hover, no clicks, no animation)."""
    return Still("still", rect, paint, look=look)


def replace(piece: "Piece", **changes: Any) -> "Piece":
    """`dataclasses.replace` that leaves a `tip` or `face` given as a function uncalled (the stdlib's reads
    every field, which would word the tip of every piece it copies)."""
    for name in ("tip", "face"):
        changes.setdefault(name, unread(piece, name))
    return dataclasses.replace(piece, **changes)


Tip = Union[str, Callable[[], str]]
Face = Union[CardFace, None, Callable[[], Union[CardFace, None]]]


@dataclass(eq=False)
class Piece:
    key: str                          # unique in a view; animation pairs pieces of two views by key
    rect: pygame.Rect
    paint: Painter
    ref: str | None = None            # the action ref it stands for, if any
    face: Face = Later(None)          # shown large on hover (or a function giving it: called when read)
    tags: tuple[str, ...] = ()        # written under the large card on hover
    hit: pygame.Rect | None = None    # the part that takes clicks and hover (when overlapped)
    ident: object = None              # what it shows; a change under the same key is a new arrival
    origin: str | None = None         # the piece it flies in from when it arrives
    exit: str | None = None           # the piece it flies to when it leaves the table
    tip: Tip = Later("")              # text shown on hover when there is no face (wrapped; or a function)
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


@dataclass(eq=False)
class Still(Piece):
    """A `still`: called with a surface it paints itself at its rect, as any static does (so whatever draws
    the statics one by one draws it too); the table scene draws it through its kept pictures instead."""

    def __call__(self, surface: pygame.Surface) -> None:
        self.paint(surface, self.rect)


@dataclass
class View:
    """Everything drawn for one state, window size and viewer."""

    # backgrounds, drawn first in order: a painter of the whole surface, or a `still` (a piece with a look)
    statics: list[Callable[[pygame.Surface], None]] = field(default_factory=list)
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
