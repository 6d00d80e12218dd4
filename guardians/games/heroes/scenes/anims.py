"""What to animate on the heroes table after a move (the kit's `Moves` plus its own): pieces that
changed place slide, new cards fly in from their deck, played cards are shown large for a moment, damage and knock-outs float over the hero, attacks draw an
arrow. Worked out from two views of the table and the new log events; the rules are never asked.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Event
from guardians.games.heroes.scenes import pieces
from guardians.ui.animation import Animator
from guardians.ui.table.anims import Moves, card_sized, floating
from guardians.ui.table.view import Piece, View

SLIDE = 0.38
ARRIVE = 0.42
STAGGER = 0.11
FLOAT = 1.0
SHOW = 1.15
ARROW = 0.6

FLOAT_COLOURS = {"damage": (255, 110, 110), "heal": (120, 230, 140), "prevent": (140, 190, 255),
                 "knockout": (255, 90, 90), "condition": (250, 220, 120), "score": (250, 214, 80),
                 "ability": (230, 230, 250), "location": (230, 230, 250)}


def _back_piece(rect: pygame.Rect) -> Piece:
    return Piece("back", rect, lambda s, r: pieces.paint_card(s, r, None))


def _drawn(animator: Animator, key: str, prev: Piece, piece: Piece, new_map: dict) -> None:
    """A pile or hidden hand that grew: card backs fly in from its origin (the deck)."""
    grown = (piece.count or 0) - (prev.count or 0)
    source = new_map.get(piece.origin) if grown > 0 and piece.origin else None
    if source is not None:
        card = pygame.Rect(0, 0, max(12, piece.rect.h * 5 // 7), piece.rect.h)
        for i in range(min(grown, 4)):
            animator.add(f"{key}#draw{i}", "ghost", card_sized(source.rect, card), card_sized(piece.rect, card),
                         ARRIVE, delay=i * STAGGER, payload=_back_piece(card))


def _leaves(key: str, prev: Piece, new_map: dict, by_ident: dict) -> pygame.Rect | None:
    """A piece whose thing moved elsewhere flies there (a played card to the discard pile)."""
    current = new_map.get(key)
    if current is not None and current.ident == prev.ident:
        return None
    target = by_ident.get(prev.ident)
    if target is not None and target.key == key:
        return None
    if target is None and prev.exit:
        target = new_map.get(prev.exit)
    if target is None:
        return None
    land = target.rect
    if target.look and target.look[:2] == ("pile", False):     # a full-size pile: land on its card
        land = pieces.pile_card(land)
    return card_sized(land, prev.rect) if land.w < prev.rect.w // 2 else land


MOVES = Moves(SLIDE, ARRIVE, STAGGER, kept=_drawn, leaves=_leaves)


def derive_moves(animator: Animator, old: View, new: View) -> None:
    """Slides for pieces that moved, arrivals from their origin, departures to where their ident went."""
    MOVES.derive(animator, old, new)


def _rect_of(ref: str, new: dict[str, Piece], old: dict[str, Piece]) -> pygame.Rect | None:
    piece = new.get(ref) or old.get(ref)
    return pygame.Rect(piece.rect) if piece is not None else None


def derive_events(animator: Animator, old: View, new: View, events: list[Event], state, centre: pygame.Rect,
                  show_size: tuple[int, int]) -> None:
    """Floating words, attack arrows and played cards shown large, from the log events of the move."""
    new_map, old_map = new.by_key(), old.by_key()
    delay = 0.0
    shows = 0
    for event in events:
        refs = event.refs
        if event.kind == "attack" and len(refs) == 2:
            a, b = _rect_of(refs[0], new_map, old_map), _rect_of(refs[1], new_map, old_map)
            if a is not None and b is not None:
                animator.add(f"arrow:{refs[0]}", "arrow", a, b, ARROW, delay=delay)
        elif event.kind in ("damage", "heal", "prevent", "condition", "ability") and refs:
            where = _rect_of(refs[0], old_map, new_map) if event.kind == "damage" else _rect_of(refs[0], new_map, old_map)
            words = _float_words(event)
            if where is not None and words:
                floating(animator, where, words, FLOAT_COLOURS[event.kind], FLOAT, delay + 0.2)
        elif event.kind in ("knockout", "score", "location") and refs:
            ref = next((r for r in refs if r.startswith("loc:")), refs[0])
            where = _rect_of(ref, old_map, new_map)
            words = {"knockout": "Knocked out!", "score": "Scored!"}.get(event.kind) or event.get("location_name", "")
            if where is not None:
                floating(animator, where, words, FLOAT_COLOURS[event.kind], FLOAT * 1.2, delay + 0.3)
        elif event.kind in ("play", "react") and refs:
            face = _face_of(state, refs[0])
            if face is not None:
                rect = pygame.Rect(0, 0, *show_size)
                rect.center = centre.center
                start = _rect_of(refs[0], old_map, new_map) or rect
                animator.add(f"show:{shows}", "show", start, rect, SHOW, delay=delay, payload=(face, event.text))
                shows += 1
                delay += SHOW * 0.8


def _face_of(state, ref: str):
    try:
        kind, _, ident = ref.partition(":")
        if kind == "card":
            return state.card_face(state.cards[int(ident)])
        if kind == "ult":
            return state.card_face(state.content.heroes[ident].ultimate.id)
    except (KeyError, ValueError, IndexError):
        return None
    return None


def _float_words(event: Event) -> str:
    """The few words floated over a hero, from the event's data (never parsed from its text)."""
    if event.kind == "damage":
        return f"-{event['amount']}"
    if event.kind == "heal":
        return f"+{event['amount']}"
    if event.kind == "condition":
        return "+" + str(event["condition"]).title()
    if event.kind == "prevent":
        return "Prevented"
    if event.kind == "ability":
        return str(event.get("ability_name", ""))
    return ""
