"""Which log events make which sound, and how often: the table's part of the sound (no pygame here).

An event's `kind` is looked up first in the game's own table, then in `DEFAULT_SOUNDS` (kinds most games
share), first as it is, then by the part before a ":" ("damage:boss" -> "damage"). A game's table lives in
`guardians/games/<id>/scenes/sounds.py` as `SOUNDS` (offered by its scenes package); a value is an effect
name from `guardians.ui.sound.EFFECTS`, None (silent, even where the default would sound), or a function of
the event returning either (for a kind whose data says which, like a boss battle won or lost).

`Cues.follow` runs every frame on the state shown: it hears only the events logged since the last frame,
plays at most `LIMIT` effects for them (the most telling first, `PRIORITY`), and keeps a gap between
sounds so that fast computer turns do not make a din; with animations "off" the gap is longer and one
effect a time. The end of a game sounds `win` when a human seat (or, when nobody plays by hand, anyone)
is among the winners, `loss` otherwise; a draw sounds `reveal`.
"""

from __future__ import annotations

from typing import Any, Callable, Mapping, Protocol, Sequence

from guardians.engine.actions import Event, Result

Cue = str | None | Callable[[Event], str | None]

DEFAULT_SOUNDS: dict[str, Cue] = {
    "play": "card",
    "damage": "damage",
    "knockout": "knockout",
    "ko": "knockout",
    "eliminated": "knockout",
    "destroyed": "knockout",
    "roll": "dice",
    "dice": "dice",
    "reveal": "reveal",
}
# Most telling first: when several effects compete for a frame, these win.
PRIORITY: tuple[str, ...] = ("win", "loss", "knockout", "reveal", "damage", "dice", "card")
LIMIT = 2              # effects at once at most
GAP = 0.12             # seconds between two sound starts
SLOW_GAP = 0.35        # the gap when animations are off (moves come as fast as the computer makes them)
HOLD = 0.6             # how long a held-back effect may still wait for its turn


class Player(Protocol):
    def play(self, name: str) -> bool: ...


def _lookup(table: Mapping[str, Cue], key: str) -> tuple[bool, Cue]:
    if key in table:
        return True, table[key]
    if key in DEFAULT_SOUNDS:
        return True, DEFAULT_SOUNDS[key]
    return False, None


def effect_for(event: Event, table: Mapping[str, Cue] = {}) -> str | None:
    """The effect one event makes (None: none)."""
    kind = event.kind
    found, cue = _lookup(table, kind)
    if not found and ":" in kind:
        found, cue = _lookup(table, kind.split(":", 1)[0])
    if callable(cue):
        try:
            cue = cue(event)
        except Exception:          # a sound must never break a move
            return None
    return cue if isinstance(cue, str) else None


def _rank(effect: str) -> int:
    return PRIORITY.index(effect) if effect in PRIORITY else len(PRIORITY)


def effects_for(events: Sequence[Event], table: Mapping[str, Cue] = {}, limit: int = LIMIT) -> list[str]:
    """The distinct effects `events` make, most telling first, at most `limit`."""
    found: list[str] = []
    for event in events:
        effect = effect_for(event, table)
        if effect is not None and effect not in found:
            found.append(effect)
    found.sort(key=_rank)
    return found[:limit]


def ending(result: Result | None, humans: Sequence[int]) -> str | None:
    """The effect for a finished game as the people at the screen see it."""
    if result is None:
        return None
    if result.is_draw:
        return "reveal"
    if not humans:
        return "win" if result.winners else "loss"
    return "win" if any(seat in result.winners for seat in humans) else "loss"


class Cues:
    """Turns each frame's new events into at most a few effects on `board` (anything with `play(name)`)."""

    def __init__(self, board: Player, table: Mapping[str, Cue] | None = None, animation_speed: str = "normal") -> None:
        self.board = board
        self.table: Mapping[str, Cue] = table or {}
        quick = animation_speed in ("instant", "off")    # "off": the older name of "instant"
        self.gap = SLOW_GAP if quick else GAP
        self.limit = 1 if quick else LIMIT
        self._state: Any = None
        self._heard = 0
        self._over = False
        self._last = -1e9            # when the last sound started
        self._held: tuple[str, float] | None = None   # an effect waiting for the gap, and since when

    def follow(self, state: Any, now: float, humans: Sequence[int] = ()) -> list[str]:
        """Hear what `state` logged since the last call; the effects played. The first call (and a new
        state object: an undo, a loaded game) only takes note, so nothing old is heard again."""
        log = state.log
        if state is not self._state or len(log) < self._heard:
            self._state, self._heard, self._over = state, len(log), state.is_over
            self._held = None
            return []
        wanted = effects_for(log[self._heard:], self.table, self.limit) if len(log) > self._heard else []
        self._heard = len(log)
        if state.is_over and not self._over:
            self._over = True
            end = ending(state.result, humans)
            if end is not None:
                wanted = [end] + [e for e in wanted if e != end][: self.limit - 1]
        return self._play(wanted, now)

    def _play(self, wanted: list[str], now: float) -> list[str]:
        if self._held is not None:
            effect, since = self._held
            if now - since > HOLD:
                self._held = None
            elif effect not in wanted:
                wanted = sorted(wanted + [effect], key=_rank)[: self.limit]
        if not wanted:
            return []
        if now - self._last < self.gap:
            best = wanted[0]                  # keep only the most telling one for later
            if self._held is None or _rank(best) < _rank(self._held[0]):
                self._held = (best, now)
            return []
        self._held = None
        self._last = now
        for effect in wanted:
            self.board.play(effect)
        return wanted
