"""The dice tray: the last roll of the game, read from the log's event data (never from the state, nor parsed
from the words), thrown and tumbling when it is new (`tumble`, on the kit's animator: off means at once). An
attack shows its white (combat) and red (power) dice, one row a wave (a POW is one success
and is rolled again, so each reroll is a row of its own), and the successes against the target's Defense; a
check shows its orange dice, what is added and taken away, and the result against the hero's value.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, replace
from functools import lru_cache

import pygame

from guardians.engine.words import counted
from guardians.games.chronicles.scenes import style
from guardians.ui import scaling, theme
from guardians.ui.animation import Animator, Tween
from guardians.ui.table.text import blit_centered, fitted, text
from guardians.ui.table.anims import card_sized
from guardians.ui.table.view import Piece, View

TEXT_PX = 12                     # the tray's words at 1280x720; lengths and sizes grow with the window
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
    return Roll(f"{data.get('name', '')} attacks {whom}", rows,
                f"{counted(total, 'success', 'successes')} vs Defense {data.get('defense')}",
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
    blit_centered(surface, fitted(label, text_px(), r.w - 2, ink, True, text_px()), r.center)


DIE_H, DIE_W = 26, 36            # at 1280x720
DIE_MIN_W = 24


def text_px() -> int:
    return scaling.window_font(TEXT_PX)


def _line() -> int:
    """A line of the tray's words (title, roll, total), with its gap."""
    return theme.font(text_px() + 1, True).get_linesize() + 2


def _die(value: int) -> int:
    """A die's length given for 1280x720, in the window (dice hold words: they grow as the words do)."""
    return int(round(value * text_px() / TEXT_PX))


def die_rects(roll: Roll, r: pygame.Rect) -> list[tuple[tuple[int, int], str, object, pygame.Rect]]:
    """Where each die of `roll` lies in the tray `r`: ((row, column), kind, face, rect), a row a wave, as many rows
    as fit; a long row's dice are narrower, so every die of a wave shows."""
    line, die_h = _line(), _die(DIE_H)
    x, y = r.x + 6, r.y + 4 + 2 * line
    room = r.bottom - line - y
    out = []
    for i, row in enumerate(roll.rows[: max(1, room // (die_h + 3))]):
        dx = x + _die(14)
        w = max(_die(DIE_MIN_W), min(_die(DIE_W), (r.right - 6 - dx) // max(1, len(row)) - 3))
        for j, (kind, face) in enumerate(row):
            if dx + w > r.right - 6:
                break
            out.append(((i, j), kind, face, pygame.Rect(dx, y, w, die_h)))
            dx += w + 3
        y += die_h + 3
    return out


@dataclass(frozen=True)
class TrayPainter:
    """The tray's frame, title, outcome and total; `rolling`: the dice are still in the air, the result not yet
    shown."""

    roll: Roll | None
    rows_y: tuple[int, ...]
    rolling: bool = False

    def __call__(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        roll = self.roll
        pygame.draw.rect(surface, (30, 44, 38), r, border_radius=6)
        pygame.draw.rect(surface, (90, 120, 100), r, 1, border_radius=6)
        x, y = r.x + 6, r.y + 4
        px, line = text_px(), _line()
        surface.blit(text("Last roll", px + 1, theme.PANEL_TITLE, True), (x, y))
        if roll is None:
            surface.blit(text("No dice rolled yet.", px, theme.TEXT_DIM), (x, y + line))
            return
        surface.blit(fitted(roll.title, px, r.w - 12, theme.TEXT, False, px), (x, y + line))
        for row_y in self.rows_y[1:]:
            surface.blit(text("↻", px, theme.TEXT_DIM), (x, row_y + _die(6)))     # a POW's reroll
        if self.rolling:
            surface.blit(text("Rolling…", px, theme.TEXT_DIM, True), (x, r.bottom - line))
            return
        badge = text(roll.outcome, px + 1, theme.TEXT_DARK, True)
        box = badge.get_rect(topright=(r.right - 6, y)).inflate(8, 2)
        pygame.draw.rect(surface, style.HEALTH if roll.ok else style.DAMAGE, box, border_radius=4)
        surface.blit(badge, badge.get_rect(center=box.center))
        surface.blit(fitted(roll.total, px, r.w - 12, style.GOLD, True, px), (x, r.bottom - line))


def build_tray(view: View, roll: Roll | None, rect: pygame.Rect) -> None:
    """The tray in `rect` (the title, the outcome, the total against the target) and each die a piece of
    its own (its ident: the roll's place in the log, its row and column, its kind and face), thrown when the roll is new
    (`tumble`)."""
    rects = die_rects(roll, rect) if roll is not None else []
    paint = TrayPainter(roll, tuple(sorted({r.y for *_, r in rects})))
    tip = "" if roll is None else f"{roll.title}: {roll.total} — {roll.outcome}"
    view.add(Piece("dice:tray", rect, paint, ident=None if roll is None else roll.at, tip=tip or "The last roll",
                   group="panel"))
    for (row, col), kind, face, r in rects:
        shows = "POW" if face == "pow" else face       # each die explained on hover, as the tray is (issue #18)
        view.add(Piece(f"die:{row}.{col}", r, lambda s, rr, k=kind, f=face: paint_die(s, rr, k, f),
                       ident=(roll.at, (row, col), kind, face) if roll is not None else None, group="dice",
                       tip=f"{DIE_WORDS.get(kind, kind)} showing {shows}\n{tip}"))


def tray_height(roll: Roll | None) -> int:
    return _tray_height(len(roll.rows) if roll is not None else 0, scaling.window_size(), scaling.ui_scale())


@lru_cache(maxsize=64)
def _tray_height(rows: int, window: tuple[int, int], ui: float) -> int:
    """The tray's height for `rows` rows of dice, kept per window and UI scale (what its sizes follow)."""
    return 4 + 3 * _line() + max(1, rows) * (_die(DIE_H) + 3) + 4


# ----- the roll in motion ------------------------------------------------------------------------------

TUMBLE = 0.75                    # seconds a row of dice tumbles (times the animation speed)
SETTLE = 0.8                     # the share of that time the faces keep changing; then the die shows its face
FLIPS = 9                        # faces shown while tumbling


@dataclass
class Tumble:
    """A die's painter while it tumbles: a face of its kind that changes FLIPS times, then the face the rules
    rolled (`face`, from the event's die data). The faces shown before are decoration from a generator of its own,
    seeded by the roll's place in the log and the die's, never the game's."""

    kind: str
    face: object
    faces: tuple
    seed: int
    tween: Tween | None = None

    def face_at(self, progress: float) -> object:
        if progress >= SETTLE or not self.faces:
            return self.face
        flip = int(progress / SETTLE * FLIPS)
        return random.Random(self.seed * 31 + flip).choice(self.faces)

    def __call__(self, surface: pygame.Surface, r: pygame.Rect) -> None:
        if self.tween is not None and not self.tween.started:
            return                               # a reroll waits, unseen, for the row before it to settle
        progress = self.tween.progress if self.tween is not None else 1.0
        if progress < SETTLE:                    # a die in the air hops a little each time its face changes
            r = r.move(0, -((int(progress / SETTLE * FLIPS) % 2) * 3))
        paint_die(surface, r, self.kind, self.face_at(progress))


def tumble(animator: Animator, new: View, old: View, seen, by: pygame.Rect | None) -> float:
    """Throw the dice of a roll the old view did not show: the first row flies from `by` (the figure that rolled,
    if on screen; else it drops into the tray) and each reroll from the POW die it rerolls, after the row before
    has settled, every die tumbling on the way; the tray keeps the result back meanwhile ("Rolling…"). Returns the
    seconds until the last die settles (0 with animations off: the tray shows the result at once)."""
    if not animator.enabled:
        return 0.0
    before = {p.key: p.ident for p in old.all() if p.group == "dice"}
    thrown = [p for p in new.all() if p.group == "dice" and before.get(p.key) != p.ident]
    if not thrown:
        return 0.0
    ys = sorted({p.rect.y for p in thrown})
    rows = [[p for p in thrown if p.rect.y == y] for y in ys]
    end = 0.0
    for r, row in enumerate(rows):
        pows = [p.rect for p in rows[r - 1] if p.ident[3] == "pow"] if r else []
        for i, piece in enumerate(row):
            at, (row, col), kind, face = piece.ident
            if r and i < len(pows):
                start = pygame.Rect(pows[i])
            elif by is not None:
                start = card_sized(by, piece.rect)
            else:
                start = piece.rect.move(0, -piece.rect.h)
            painter = Tumble(kind, face, tuple(seen.box.dice.get(kind, ())), at * 1000 + row * 50 + col)
            tween = animator.add(piece.key, "slide", start, piece.rect, TUMBLE, delay=r * (TUMBLE + 0.1),
                                 payload=replace(piece, paint=painter))
            if tween is not None:
                painter.tween = tween
                end = max(end, tween.delay + tween.duration)
    tray = new.by_key().get("dice:tray")
    if tray is not None and isinstance(tray.paint, TrayPainter):        # the result waits for the dice
        rolling = replace(tray.paint, rolling=True)

        def hold_paint(surface: pygame.Surface, r: pygame.Rect) -> None:
            rolling(surface, r)
            flying = animator.keys()
            for piece in thrown:                 # the tray is drawn over the still picture: the settled dice again
                if piece.key not in flying:
                    piece.paint(surface, piece.rect)

        hold = animator.add("dice:tray", "slide", tray.rect, tray.rect, end / animator.factor,
                            payload=replace(tray, paint=hold_paint))
        if hold is not None:                     # drawn first: the dice tumble over it
            animator.tweens.remove(hold)
            animator.tweens.insert(0, hold)
    return end
