"""The table kit's pieces (`guardians.ui.table.view`): a tip or face given as a function is called only when
read (the piece hovered), once, and a piece copied with the kit's `replace` keeps it uncalled."""

from __future__ import annotations

import pygame

from guardians.engine.table import CardFace
from guardians.ui.table.view import Piece, View, replace, unread


def _noop(surface: pygame.Surface, rect: pygame.Rect) -> None:
    pass


def test_a_tip_given_as_a_function_is_worded_when_read_and_only_once() -> None:
    calls: list[str] = []

    def tip() -> str:
        calls.append("tip")
        return "A land held by P2"

    piece = Piece("space:A", pygame.Rect(0, 0, 40, 40), _noop, tip=tip)
    assert calls == []                                     # built, drawn: nobody asked for its words
    assert piece.tip == "A land held by P2" and piece.tip == "A land held by P2"
    assert calls == ["tip"]


def test_a_face_given_as_a_function_shows_on_hover_and_an_empty_tip_hides_the_piece() -> None:
    face = CardFace("Sword", "Item", "", (), "item")
    view = View()
    view.add(Piece("card", pygame.Rect(0, 0, 40, 40), _noop, face=lambda: face))
    view.add(Piece("blank", pygame.Rect(50, 0, 40, 40), _noop, tip=lambda: ""))
    assert view.hover_at((10, 10)).face is face
    assert view.hover_at((60, 10)) is None                  # a tip that says nothing shows nothing
    plain = Piece("plain", pygame.Rect(0, 0, 5, 5), _noop)
    assert plain.tip == "" and plain.face is None           # the defaults are still there


def test_replace_keeps_a_function_uncalled_and_the_stdlib_way_would_call_it() -> None:
    calls: list[int] = []
    piece = Piece("a", pygame.Rect(0, 0, 5, 5), _noop, tip=lambda: calls.append(1) or "words")
    moved = replace(piece, rect=pygame.Rect(9, 9, 5, 5))
    assert calls == [] and callable(unread(moved, "tip")) and moved.rect.x == 9
    assert moved.tip == "words" and calls == [1]


def test_a_still_is_a_background_with_a_look_and_no_piece_of_the_table() -> None:
    from guardians.ui.table.view import still
    background = still(pygame.Rect(0, 0, 50, 20), _noop, "bar", (1, 2, 3), ("P2",))
    assert background.look == ("bar", (1, 2, 3), ("P2",)) and background.rect.w == 50
    view = View(statics=[background])
    assert view.all() == [] and view.hover_at((5, 5)) is None
    painted: list[pygame.Rect] = []
    still(pygame.Rect(3, 4, 5, 6), lambda s, r: painted.append(r))(pygame.Surface((10, 10)))
    assert painted == [pygame.Rect(3, 4, 5, 6)]             # called as any static is: painted at its rect
