"""The table's sound effects, synthesised by the program (no sound files, so no licences to carry), and
the `SoundBoard` that plays them.

Each effect is computed once per process as 16-bit samples at the mixer's own rate and channel count
(`synthesise`), with a fixed seed for the noisy ones, so a run always sounds the same. The board opens
the audio device only when a table is first shown (`start`), never at import or in the menu, and turns
into a silent no-op when there is no device: `play` never raises and never waits.
"""

from __future__ import annotations

import math
import os
import random
import sys
import threading
from array import array
from typing import Callable

from guardians.ui.settings import DEFAULT_VOLUME

EFFECTS: tuple[str, ...] = ("card", "damage", "knockout", "dice", "reveal", "win", "loss")
# Seconds of each effect (the buffer is exactly this long at the mixer's rate).
DURATIONS: dict[str, float] = {"card": 0.14, "damage": 0.26, "knockout": 0.62, "dice": 0.40,
                               "reveal": 0.62, "win": 0.92, "loss": 0.95}
PEAK = 0.55            # of full scale: pleasant under the default volume, never clipping when two overlap
FULL = 32767
# SDL audio drivers that reach no ears: with one of these in SDL_AUDIODRIVER (headless runs and the tests
# set "dummy") the board stays silent without opening the mixer, so nothing is computed or mixed for nobody.
SILENT_DRIVERS = frozenset({"dummy"})

# ----- synthesis: mono float samples in -1..1, then 16-bit frames -----------------------------------

Wave = list[float]


def _blank(rate: int, seconds: float) -> Wave:
    return [0.0] * max(1, round(rate * seconds))


def _note(out: Wave, rate: int, start: float, freq: float, length: float, level: float,
          decay: float, harmonics: tuple[float, ...] = (1.0,), glide: float = 1.0) -> None:
    """Add a plucked/bell tone: a fast attack, an exponential decay (`decay` per second), a few
    harmonics; `glide` is the frequency ratio reached at the end (below 1 falls)."""
    first = round(start * rate)
    count = min(len(out) - first, round(length * rate))
    if count <= 0:
        return
    attack = max(1, round(0.006 * rate))
    fall = math.exp(-decay / rate)
    two_pi = 2.0 * math.pi
    if glide == 1.0:
        # Fixed pitch: each harmonic by the sine recurrence s[n+1] = 2cos(w)s[n] - s[n-1], no sin() per sample.
        for h, weight in enumerate(harmonics):
            w = two_pi * freq * (h + 1) / rate
            if w >= math.pi:
                continue                       # above the Nyquist frequency: leave it out
            k = 2.0 * math.cos(w)
            s0, s1 = 0.0, math.sin(w)
            env, amp = 1.0, level * weight
            part = [0.0] * count
            for i in range(count):
                part[i] = env * s0
                s0, s1 = s1, k * s1 - s0
                env *= fall
            for i in range(min(attack, count)):
                part[i] *= i / attack
            out[first:first + count] = [o + amp * p for o, p in zip(out[first:first + count], part)]
        return
    step = glide ** (1.0 / count)
    phase, f, env = 0.0, two_pi * freq / rate, 1.0
    weights = tuple(enumerate(harmonics, start=1))
    for i in range(count):
        phase += f
        f *= step
        value = 0.0
        for h, weight in weights:
            value += weight * math.sin(h * phase)
        out[first + i] += level * env * value * (i / attack if i < attack else 1.0)
        env *= fall


def _noise(out: Wave, rate: int, start: float, length: float, level: float, smooth: float, rng: random.Random,
           rise: float = 0.004, decay: float = 30.0, tone: float = 0.0) -> None:
    """Add a burst of filtered noise: `smooth` (0..1) is a one-pole low-pass (higher: duller), `tone` a
    resonance frequency multiplied in (a wooden or paper colour), `rise` the attack in seconds."""
    first = round(start * rate)
    count = min(len(out) - first, round(length * rate))
    rising = max(1, round(rise * rate))
    low = 0.0
    step = 2.0 * math.pi * tone / rate
    for i in range(count):
        low = smooth * low + (1.0 - smooth) * (rng.random() * 2.0 - 1.0)
        env = math.exp(-decay * i / rate) * (i / rising if i < rising else 1.0)
        colour = math.sin(step * i) if tone else 1.0
        out[first + i] += level * env * low * colour


def _card(rate: int, rng: random.Random) -> Wave:
    out = _blank(rate, DURATIONS["card"])
    _noise(out, rate, 0.0, 0.12, 1.0, 0.75, rng, rise=0.035, decay=26.0)         # the paper swish
    _noise(out, rate, 0.105, 0.03, 0.7, 0.2, rng, rise=0.001, decay=160.0, tone=2400.0)   # laid down
    return out


def _damage(rate: int, rng: random.Random) -> Wave:
    out = _blank(rate, DURATIONS["damage"])
    _note(out, rate, 0.0, 95.0, 0.26, 1.0, 14.0, (1.0, 0.35), glide=0.55)     # a low body falling in pitch
    _noise(out, rate, 0.0, 0.06, 0.6, 0.85, rng, rise=0.001, decay=60.0)      # the knock
    return out


def _knockout(rate: int, rng: random.Random) -> Wave:
    out = _blank(rate, DURATIONS["knockout"])
    _note(out, rate, 0.0, 330.0, 0.62, 0.8, 4.5, (1.0, 0.4, 0.15), glide=0.3)  # a long fall
    _note(out, rate, 0.0, 110.0, 0.35, 0.5, 9.0, (1.0,), glide=0.6)           # weight underneath
    return out


def _dice(rate: int, rng: random.Random) -> Wave:
    out = _blank(rate, DURATIONS["dice"])
    at = 0.0
    for i, gap in enumerate((0.0, 0.07, 0.055, 0.08, 0.06, 0.09)):
        at += gap
        level = 0.9 - 0.1 * i
        _noise(out, rate, at, 0.04, level, 0.3, rng, rise=0.0005, decay=110.0,
               tone=1700.0 + 900.0 * rng.random())
    return out


def _reveal(rate: int, rng: random.Random) -> Wave:
    out = _blank(rate, DURATIONS["reveal"])
    for i, freq in enumerate((659.25, 880.0, 1108.73, 1318.5)):        # E5 A5 C#6 E6: rising
        _note(out, rate, 0.07 * i, freq, 0.62 - 0.07 * i, 0.5, 6.0, (1.0, 0.25, 0.1))
    return out


def _win(rate: int, rng: random.Random) -> Wave:
    out = _blank(rate, DURATIONS["win"])
    for i, freq in enumerate((523.25, 659.25, 783.99, 1046.5)):         # C5 E5 G5 C6: C major
        last = i == 3
        _note(out, rate, 0.11 * i, freq, 0.92 - 0.11 * i, 0.55, 3.5 if last else 7.0, (1.0, 0.3, 0.12))
    return out


def _loss(rate: int, rng: random.Random) -> Wave:
    out = _blank(rate, DURATIONS["loss"])
    for i, freq in enumerate((392.0, 311.13, 261.63)):                 # G4 Eb4 C4: C minor, falling
        _note(out, rate, 0.22 * i, freq, 0.95 - 0.22 * i, 0.6, 4.0 if i == 2 else 6.5, (1.0, 0.5, 0.2))
    return out


_MAKERS: dict[str, Callable[[int, random.Random], Wave]] = {
    "card": _card, "damage": _damage, "knockout": _knockout, "dice": _dice,
    "reveal": _reveal, "win": _win, "loss": _loss,
}


def _frames(wave: Wave, channels: int) -> bytes:
    """Normalised to `PEAK`, faded in and out (no clicks), as native-endian signed 16-bit frames with the
    same sample in every channel."""
    loudest = max(max(wave), -min(wave)) or 1.0
    scale = PEAK * FULL / loudest
    n = len(wave)
    mono = array("h", [int(v * scale) for v in wave])
    rise, fall = min(n // 4, 64), n // 8            # a click-free start, a tail that dies away
    for i in range(rise):
        mono[i] = int(mono[i] * (i + 1) / rise)
    for i in range(fall):
        mono[n - 1 - i] = int(mono[n - 1 - i] * (i + 1) / fall)
    if channels == 1:
        return mono.tobytes()
    frames = array("h", bytes(2 * n * channels))
    for c in range(channels):
        frames[c::channels] = mono
    return frames.tobytes()


_CACHE: dict[tuple[str, int, int], bytes] = {}


def synthesise(name: str, rate: int = 44100, channels: int = 2) -> bytes:
    """The effect `name` as signed 16-bit frames (native byte order, `channels` interleaved), computed
    once per process for each rate and channel count."""
    key = (name, rate, channels)
    if key not in _CACHE:
        rng = random.Random(f"guardians-sound-{name}")
        _CACHE[key] = _frames(_MAKERS[name](rate, rng), channels)
    return _CACHE[key]


# ----- the board ----------------------------------------------------------------------------------

def _clamp_volume(volume: int) -> int:
    return max(0, min(100, int(volume)))


class SoundBoard:
    """Plays the effects at a volume (0-100) unless muted. Silent, and never raising, when the mixer
    cannot start (no audio device, no driver) or is not 16-bit, and when SDL_AUDIODRIVER names a driver
    nobody hears (`SILENT_DRIVERS`).

    `start` opens the device on the caller's thread (quick) and computes the effects on a worker thread
    (a few tenths of a second of pure Python), so no frame waits for them; an effect asked for before it
    is ready is skipped. `requests` keeps the effects asked for (muted or not), `played` the ones handed to
    the mixer (the last few of each)."""

    def __init__(self, volume: int = DEFAULT_VOLUME, muted: bool = False) -> None:
        self._volume = _clamp_volume(volume)
        self.muted = bool(muted)
        self.available = False
        self.started = False
        self.problem: str | None = None       # why the board is silent, for a log line or a test
        self.sounds: dict[str, object] = {}   # pygame Sounds, made on the main thread when first played
        self._buffers: dict[str, bytes] = {}  # filled by the worker thread
        self._worker: threading.Thread | None = None
        self.requests: list[str] = []
        self.played: list[str] = []

    # ----- start-up ----------------------------------------------------------------------------

    def start(self, wait: bool = False) -> bool:
        """Open the audio device and start computing the effects, once; False (and silent from then on)
        when there is no usable device. Never raises. `wait`: compute them before returning (tests)."""
        if not self.started:
            self.started = True
            driver = os.environ.get("SDL_AUDIODRIVER", "").strip().lower()
            if driver in SILENT_DRIVERS:
                self.problem = f"SDL_AUDIODRIVER={driver}: no audio output"
                return False
            try:
                import pygame

                if not pygame.mixer.get_init():
                    pygame.mixer.init(frequency=44100, size=-16, channels=2, buffer=512)
                rate, size, channels = pygame.mixer.get_init()
                if abs(size) != 16:
                    raise ValueError(f"the mixer gives {size}-bit samples, not 16-bit")
            except Exception as exc:       # pygame.error (no device), or anything else: the app stays silent
                self.problem = f"{type(exc).__name__}: {exc}"
                return False
            self.available = True
            self._worker = threading.Thread(target=self._compute, args=(rate, channels),
                                            name="guardians-sound", daemon=True)
            self._worker.start()
        if wait:
            self.wait()
        return self.available

    def _compute(self, rate: int, channels: int) -> None:
        try:
            for name in EFFECTS:
                self._buffers[name] = synthesise(name, rate, channels)
        except Exception as exc:          # a bug here must not take the app down: it stays silent
            self.problem = f"{type(exc).__name__}: {exc}"

    def wait(self, timeout: float = 10.0) -> bool:
        """Wait until every effect is computed; True when they all are."""
        if self._worker is not None:
            self._worker.join(timeout)
        return all(name in self._buffers for name in EFFECTS)

    # ----- volume and mute ---------------------------------------------------------------------

    @property
    def volume(self) -> int:
        return self._volume

    @volume.setter
    def volume(self, value: int) -> None:
        self._volume = _clamp_volume(value)
        for sound in self.sounds.values():
            self._set_volume(sound)

    def set_muted(self, muted: bool) -> None:
        """Mute or unmute; muting also stops what is playing."""
        self.muted = bool(muted)
        if self.muted:
            self.stop()

    def toggle_mute(self) -> bool:
        """Flip mute; the new state (True: muted)."""
        self.set_muted(not self.muted)
        return self.muted

    def _set_volume(self, sound) -> None:
        try:
            sound.set_volume(self._volume / 100.0)
        except Exception:
            pass

    # ----- playing -----------------------------------------------------------------------------

    def _sound(self, name: str):
        sound = self.sounds.get(name)
        if sound is None:
            buffer = self._buffers.get(name)
            if buffer is None:
                return None                  # not computed yet (or unknown): skipped
            import pygame

            sound = self.sounds[name] = pygame.mixer.Sound(buffer=buffer)
            self._set_volume(sound)
        return sound

    def play(self, name: str) -> bool:
        """Play one effect if sound is on and the device is there; True when the mixer was asked."""
        self.requests.append(name)
        del self.requests[:-32]
        if self.muted or self._volume == 0 or not self.available:
            return False
        try:
            sound = self._sound(name)
            if sound is None:
                return False
            sound.play()
        except Exception as exc:     # a device lost mid-game: go silent rather than fail a move
            self.problem = f"{type(exc).__name__}: {exc}"
            self.available = False
            return False
        self.played.append(name)
        del self.played[:-32]
        return True

    def stop(self) -> None:
        if not self.available:
            return
        try:
            import pygame

            pygame.mixer.stop()
        except Exception:
            pass


if __name__ == "__main__":       # python -m guardians.ui.sound: hear every effect once
    import time

    board = SoundBoard()
    if not board.start(wait=True):
        print(f"No sound: {board.problem}", file=sys.stderr)
        raise SystemExit(1)
    for effect in EFFECTS:
        print(effect)
        board.play(effect)
        time.sleep(DURATIONS[effect] + 0.3)
