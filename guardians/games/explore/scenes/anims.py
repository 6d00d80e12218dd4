"""What to animate after a move, worked out from two views of the table (both built from what the viewer
may see, so an animation never shows a secret) and the new log events:

- invasions: a monster new in the town flies in from its wave pile;
- trophies: a defeated monster flies to its slayer's trophy shelf, with its points floating up;
- retreats: a monster flies to the Retreat pile;
- chained cards: a card played from the hand slides into the play area; drawn cards fly from the deck;
- damage counters: the damaged monster flashes red and its new counters float up;
- figures and Blanket Forts slide to their new locations.

Slides, arrivals and departures run on the kit's `Moves`. The rules are never asked; everything is skippable (a click or key), and a speed of "off" adds nothing.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Event
from guardians.games.explore.scenes import style
from guardians.ui.animation import Animator
from guardians.ui.table.anims import Moves, card_sized
from guardians.ui.table.view import Piece, View

SLIDE = 0.36
ARRIVE = 0.45
STAGGER = 0.09
FLOAT = 1.0
FLASH = 0.6
WORDS = {"overrun": (255, 150, 110), "boss": (255, 210, 120), "round": (240, 220, 150), "wave": (210, 170, 255)}


def _kept(animator: Animator, key: str, prev: Piece, piece: Piece, new_map: dict) -> None:
    """A monster with new damage counters flashes red and the new counters float up."""
    if piece.damage > prev.damage and key.startswith("mon:"):
        animator.add(f"{key}#flash", "flash", piece.rect, piece.rect, FLASH, payload=style.COUNTER)
        animator.add(f"{key}#dmg", "float", piece.rect, piece.rect, FLOAT, delay=0.05,
                     payload=(f"+{piece.damage - prev.damage} dmg", (255, 120, 120), 14))


def _arrives(key: str, prev: Piece | None, piece: Piece, old: View) -> bool:
    """A monster new in the town, a card new in the hand (not on the first view of a screen)."""
    return prev is None and bool(piece.origin) and piece.group in ("town", "hand") and bool(old.pieces)


def derive(animator: Animator, old: View, new: View, events: list[Event], vs, board: pygame.Rect) -> None:
    """Everything to animate between two views of the same game, seat and window."""

    def leaves(key: str, prev: Piece, new_map: dict, by_ident: dict) -> pygame.Rect | None:
        if key in new_map:
            return None
        target: Piece | None = None
        if key.startswith("mon:") and prev.group == "town":
            m = int(key[4:])
            owner = next((s for s, pl in enumerate(vs.p) if m in pl.trophies), None)
            if owner is not None:
                target = new_map.get(f"trophies:{owner}")
                if target is not None:
                    points = vs.content.monsters[vs.mons[m]].trophy if vs.mons[m] != "?" else 0
                    animator.add(f"{key}#pts", "float", target.rect, target.rect, FLOAT, delay=SLIDE,
                                 payload=(f"+{points}★ trophy", style.TROPHY))
            elif m in vs.retreat_pile:
                target = new_map.get("pile:retreat")
        elif prev.exit and prev.group in ("hand", "play"):
            target = new_map.get(prev.exit)
        if target is None:
            return None
        if target.rect.w < prev.rect.w:
            return card_sized(target.rect, prev.rect)
        return pygame.Rect(target.rect.x, target.rect.y, min(prev.rect.w, target.rect.w), min(prev.rect.h, target.rect.h))

    Moves(SLIDE, ARRIVE, STAGGER, still_groups=("button", "tray", "aid", "track"), arrives=_arrives, kept=_kept,
          leaves=leaves).derive(animator, old, new)
    words_events(animator, events, board)


def words_events(animator: Animator, events: list[Event], board: pygame.Rect) -> None:
    """Big words over the town for what concerns everyone: an Overrun, a boss, a new wave."""
    delay = 0.0
    for event in events:
        if event.kind in ("overrun", "wave") or (event.kind == "boss" and event.get("attack") is not None):
            words = event.text if len(event.text) <= 60 else event.text[:57] + "…"
            animator.add(f"words:{len(animator.tweens)}", "float", board, board, FLOAT * 1.6, delay=delay,
                         payload=(words, WORDS.get(event.kind, (240, 240, 240))))
            delay += 0.5
