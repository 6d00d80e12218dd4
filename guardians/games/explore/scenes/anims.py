"""What to animate after a move, worked out from two views of the table (both built from what the viewer
may see, so an animation never shows a secret) and the new log events:

- invasions: a monster new in the town flies in from its wave pile;
- trophies: a defeated monster flies to its slayer's trophy shelf, with its points floating up;
- retreats: a monster flies to the Retreat pile;
- chained cards: a card played from the hand slides into the play area; drawn cards fly from the deck;
- damage counters: the damaged monster flashes red and its new counters float up;
- figures and Blanket Forts slide to their new locations.

The rules are never asked; everything is skippable (a click or key), and a speed of "off" adds nothing.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Event
from guardians.games.explore.scenes import style
from guardians.games.explore.scenes.view import Piece, View
from guardians.ui.animation import Animator

SLIDE = 0.36
ARRIVE = 0.45
STAGGER = 0.09
FLOAT = 1.0
FLASH = 0.6
WORDS = {"overrun": (255, 150, 110), "boss": (255, 210, 120), "round": (240, 220, 150), "wave": (210, 170, 255)}


def card_sized(origin: pygame.Rect, like: pygame.Rect) -> pygame.Rect:
    """A rect the size of `like` centred on `origin` (a card leaves its pile at its own size)."""
    rect = pygame.Rect(like)
    rect.center = origin.center
    return rect


def derive(animator: Animator, old: View, new: View, events: list[Event], vs, board: pygame.Rect) -> None:
    """Everything to animate between two views of the same game, seat and window."""
    old_map, new_map = old.by_key(), new.by_key()
    arrivals: dict[str, int] = {}
    for key, piece in new_map.items():
        prev = old_map.get(key)
        if prev is not None and prev.ident == piece.ident:
            if prev.rect != piece.rect and piece.group not in ("button", "tray", "aid", "track"):
                animator.add(key, "slide", prev.rect, piece.rect, SLIDE, payload=piece)
            if piece.damage > prev.damage and key.startswith("mon:"):
                animator.add(f"{key}#flash", "flash", piece.rect, piece.rect, FLASH, payload=style.COUNTER)
                animator.add(f"{key}#dmg", "float", piece.rect, piece.rect, FLOAT, delay=0.05,
                             payload=(f"+{piece.damage - prev.damage} dmg", (255, 120, 120), 14))
            continue
        if prev is None and piece.origin and key not in old_map and piece.group in ("town", "hand"):
            source = new_map.get(piece.origin) or old_map.get(piece.origin)
            if source is not None and old.pieces:
                order = arrivals.get(piece.origin, 0)
                arrivals[piece.origin] = order + 1
                animator.add(key, "slide", card_sized(source.rect, piece.rect), piece.rect, ARRIVE,
                             delay=order * STAGGER, payload=piece)
    for key, prev in old_map.items():
        if key in new_map or prev.ident is None:
            continue
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
        if target is not None:
            end = card_sized(target.rect, prev.rect) if target.rect.w < prev.rect.w else \
                pygame.Rect(target.rect.x, target.rect.y, min(prev.rect.w, target.rect.w), min(prev.rect.h, target.rect.h))
            animator.add(f"{key}#leave", "ghost", prev.rect, end, SLIDE, payload=prev)
    words_events(animator, events, board)


def words_events(animator: Animator, events: list[Event], board: pygame.Rect) -> None:
    """Big words over the town for what concerns everyone: an Overrun, a boss, a new wave."""
    delay = 0.0
    for event in events:
        if event.kind in ("overrun", "wave") or (event.kind == "boss" and "attacks" in event.text):
            words = event.text if len(event.text) <= 60 else event.text[:57] + "…"
            animator.add(f"words:{len(animator.tweens)}", "float", board, board, FLOAT * 1.6, delay=delay,
                         payload=(words, WORDS.get(event.kind, (240, 240, 240))))
            delay += 0.5
