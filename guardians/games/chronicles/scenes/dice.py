"""The dice tray: the last roll of the game, read from the log's event data (never from the state, nor parsed
from the words). An attack shows its white (combat) and red (power) dice, one row a wave (a POW is one success
and is rolled again, so each reroll is a row of its own), and the successes against the target's Defense; a
check shows its orange dice, what is added and taken away, and the result against the hero's value.
"""

from __future__ import annotations

from dataclasses import dataclass

import pygame

from guardians.games.chronicles.scenes import style
from guardians.ui import theme
from guardians.ui.table.text import blit_centered, fitted, text
from guardians.ui.table.view import Piece, View

TEXT_PX = 12
DIE_COLOURS = {"combat": ((236, 236, 236), (30, 30, 34)), "power": ((200, 40, 44), (250, 250, 250)),
               "check": ((236, 140, 40), (30, 30, 34))}
DIE_WORDS = {"combat": "A white combat die", "power": "A red power die", "check": "An orange check die"}
LOOK_BACK = 60                   # log events searched for the last roll


@dataclass(frozen=True)
class Roll:
    """One roll as the tray draws it."""

    title: str                                       # who rolled, against whom or for what
    rows: tuple[tuple[tuple[str, object], ...], ...]  # per wave: (die kind, face)
    total: str                                       # "3 successes vs Defense 4"
    ok: bool
    outcome: str                                     # "HIT", "miss", "success", "failure"
    at: int                                          # its index in the log
    by: str | None = None                            # the figure that rolled (its piece key)


def attack_roll(event, index: int, seen) -> Roll:
    """An attack as the rules told it: each die's colour and face per wave (`rolled`), the total against the
    target's Defense."""
    data = dict(event.data)
    rows = tuple(tuple((kind, face) for kind, face, _ in wave) for wave in data.get("rolled", ()))
    target = event.refs[1][4:] if len(event.refs) > 1 else ""
    whom = seen.fig_name(target) if target in seen.figures else "a target"
    hit = bool(data.get("hit"))
    total = data.get("total", 0)
    return Roll(f"{data.get('name', '')} attacks {whom}", rows, f"{total} success(es) vs Defense {data.get('defense')}",
                hit, "HIT" if hit else "miss", index, event.refs[0] if event.refs else None)


def check_roll(event, index: int) -> Roll:
    """A check as the rules told it: its orange dice, what is added and taken away, the result against the value."""
    data = dict(event.data)
    ok = bool(data.get("success"))
    faces = tuple(("check", face) for face in data.get("faces", ()))
    if data.get("automatic"):
        total = "No roll needed: it succeeds"
    else:
        bonus, tokens = data.get("bonus", 0), data.get("tokens", 0)
        extra = " ".join(part for part, n in ((f"+{bonus}", bonus), (f"-{tokens}", tokens)) if n)
        extra = f" ({extra})" if extra else ""
        total = f"Total {data.get('result')}{extra} · needs {data.get('value')} or less"
    return Roll(f"{data.get('name', '')}: {data.get('check', 'a check')} ({data.get('stat', '')})",
                (faces,) if faces else (), total, ok, "success" if ok else "failure", index,
                event.refs[0] if event.refs else None)


def last_roll(seen) -> Roll | None:
    log = seen.log
    for index in range(len(log) - 1, max(-1, len(log) - 1 - LOOK_BACK), -1):
        event = log[index]
        if event.kind == "roll":
            return attack_roll(event, index, seen)
        if event.kind == "check":
            return check_roll(event, index)
    return None


def paint_die(surface: pygame.Surface, r: pygame.Rect, kind: str, face: object) -> None:
    fill, ink = DIE_COLOURS.get(kind, DIE_COLOURS["combat"])
    pygame.draw.rect(surface, (0, 0, 0), r.move(1, 2), border_radius=5)
    pygame.draw.rect(surface, fill, r, border_radius=5)
    pygame.draw.rect(surface, (20, 20, 24), r, 1, border_radius=5)
    label = "POW" if face == "pow" else str(face)
    blit_centered(surface, fitted(label, TEXT_PX, r.w - 2, ink, True, TEXT_PX), r.center)


DIE_H, DIE_W = 26, 36


def die_rects(roll: Roll, r: pygame.Rect) -> list[tuple[str, object, pygame.Rect]]:
    """Where each die of `roll` lies in the tray `r`: a row a wave, as many rows as fit."""
    x, y = r.x + 6, r.y + 4 + 18 + 17
    room = r.bottom - 18 - y
    out = []
    for row in roll.rows[: max(1, room // (DIE_H + 3))]:
        dx = x + 14
        for kind, face in row:
            if dx + DIE_W > r.right - 6:
                break
            out.append((kind, face, pygame.Rect(dx, y, DIE_W, DIE_H)))
            dx += DIE_W + 3
        y += DIE_H + 3
    return out


def build_tray(view: View, roll: Roll | None, rect: pygame.Rect) -> None:
    """The tray in `rect` (the title, the outcome, the total against the target) and each die a piece of
    its own, thrown from the figure that rolled it when the roll is new (see `Moves` in the kit)."""
    rects = die_rects(roll, rect) if roll is not None else []
    rows_y = sorted({r.y for _, _, r in rects})

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        pygame.draw.rect(surface, (30, 44, 38), r, border_radius=6)
        pygame.draw.rect(surface, (90, 120, 100), r, 1, border_radius=6)
        x, y = r.x + 6, r.y + 4
        surface.blit(text("Last roll", TEXT_PX + 1, theme.PANEL_TITLE, True), (x, y))
        if roll is None:
            surface.blit(text("No dice rolled yet.", TEXT_PX, theme.TEXT_DIM), (x, y + 18))
            return
        badge = text(roll.outcome, TEXT_PX + 1, theme.TEXT_DARK, True)
        box = badge.get_rect(topright=(r.right - 6, y)).inflate(8, 2)
        pygame.draw.rect(surface, style.HEALTH if roll.ok else style.DAMAGE, box, border_radius=4)
        surface.blit(badge, badge.get_rect(center=box.center))
        surface.blit(fitted(roll.title, TEXT_PX, r.w - 12, theme.TEXT, False, TEXT_PX), (x, y + 18))
        for row_y in rows_y[1:]:
            surface.blit(text("↻", TEXT_PX, theme.TEXT_DIM), (x, row_y + 6))     # a POW's reroll
        surface.blit(fitted(roll.total, TEXT_PX, r.w - 12, style.GOLD, True, TEXT_PX), (x, r.bottom - 18))

    tip = "" if roll is None else f"{roll.title}: {roll.total} — {roll.outcome}"
    view.add(Piece("dice:tray", rect, paint, ident=None if roll is None else roll.at, tip=tip or "The last roll",
                   group="panel"))
    for i, (kind, face, r) in enumerate(rects):
        shows = "POW" if face == "pow" else face       # each die explained on hover, as the tray is (issue #18)
        view.add(Piece(f"die:{i}", r, lambda s, rr, k=kind, f=face: paint_die(s, rr, k, f),
                       ident=(roll.at, i) if roll is not None else None, origin=roll.by if roll else None,
                       group="dice", tip=f"{DIE_WORDS.get(kind, kind)} showing {shows}\n{tip}"))


def tray_height(roll: Roll | None) -> int:
    rows = len(roll.rows) if roll is not None else 0
    return 4 + 18 + 17 + max(1, rows) * 29 + 22
