"""Does the game's sound reach an audio device? Plays every effect through a real sound server and records it.

    python tools/sound_check.py            # needs Debian's pulseaudio and pulseaudio-utils (pulseaudio, parec)

A machine without speakers (this project's build and CI machines) cannot hear anything, but it can run a
sound server: this starts a private PulseAudio with a null sink (an output device that plays into nothing and
can be recorded), points SDL at it (`SDL_AUDIODRIVER=pulseaudio`), records the sink's monitor with `parec`
while `guardians.ui.sound.SoundBoard` plays each effect in turn, exactly as the table plays them, and
finds the separate sounds in the recording (each effect is followed by silence): one per effect, in order,
with its length and loudness. It fails (exit 1) when the board could not open the device or the recording
does not hold one sound per effect. What it cannot tell is how the effects sound on speakers: that still takes a
person.

The server runs with its own runtime folder in a temporary directory and is stopped at the end; nothing of
the user's audio set-up is read or changed.
"""

from __future__ import annotations

import math
import os
import shutil
import subprocess
import sys
import tempfile
import time
from array import array
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
RATE, CHANNELS = 44100, 2
GAP = 0.8              # seconds of silence after each effect, so each is heard on its own
TAIL = 1.5             # seconds the player stays after the last effect: the server's buffer plays out
SILENT_RMS = 50        # of 32767: below this an effect is taken as silent


def _rms(samples: array) -> float:
    return math.sqrt(sum(x * x for x in samples) / len(samples)) if samples else 0.0


def _bursts(raw: bytes, window: float = 0.02, quiet: float = 0.15) -> list[tuple[float, float, float, int]]:
    """The sounds in a recording: (start, seconds, RMS, peak) of each run of loud 20 ms windows, runs closer than
    `quiet` seconds joined (an effect's own short pauses stay inside it)."""
    samples = array("h")
    samples.frombytes(raw[:len(raw) // 2 * 2])
    step = int(window * RATE) * CHANNELS
    loud = [_rms(samples[i:i + step]) >= SILENT_RMS for i in range(0, len(samples) - step + 1, step)]
    runs: list[list[int]] = []
    for k, on in enumerate(loud):
        if not on:
            continue
        if runs and (k - runs[-1][1]) * window <= quiet:
            runs[-1][1] = k + 1
        else:
            runs.append([k, k + 1])
    out = []
    for a, b in runs:
        span = samples[a * step:b * step]
        out.append((a * window, (b - a) * window, _rms(span), max((abs(x) for x in span), default=0)))
    return out


def main() -> int:
    missing = [tool for tool in ("pulseaudio", "parec") if shutil.which(tool) is None]
    if missing:
        print(f"needs {', '.join(missing)} (Debian: apt-get install pulseaudio pulseaudio-utils)", file=sys.stderr)
        return 2
    runtime = Path(tempfile.mkdtemp(prefix="guardians-sound-"))
    env = dict(os.environ, XDG_RUNTIME_DIR=str(runtime), PULSE_RUNTIME_PATH=str(runtime / "pulse"),
               HOME=str(runtime), SDL_AUDIODRIVER="pulseaudio", PYTHONPATH=str(ROOT))
    env.pop("PULSE_SERVER", None)
    server = subprocess.run(["pulseaudio", "--daemonize=yes", "--exit-idle-time=-1", "-n",
                             "--load=module-null-sink sink_name=guardians_check",
                             "--load=module-native-protocol-unix"], env=env, capture_output=True, text=True)
    if server.returncode != 0:
        print(f"the sound server did not start: {server.stderr.strip()}", file=sys.stderr)
        return 2
    raw_path = runtime / "recording.raw"
    try:
        with open(raw_path, "wb") as raw:
            recorder = subprocess.Popen(["parec", "-d", "guardians_check.monitor", "--format=s16le",
                                         f"--channels={CHANNELS}", f"--rate={RATE}", "--latency-msec=20"],
                                        env=env, stdout=raw)
            time.sleep(0.5)                      # the recorder is listening before the first effect
            player = subprocess.run([sys.executable, "-c", _PLAYER, str(GAP), str(TAIL)], env=env, capture_output=True,
                                    text=True, timeout=120)
            time.sleep(0.3)
            recorder.terminate()
            recorder.wait(timeout=10)
        if player.returncode != 0:
            print(f"the game's sound board could not play: {player.stderr.strip()}", file=sys.stderr)
            return 1
        played = [line.split()[1] for line in player.stdout.splitlines() if line.startswith("effect ")]
        bursts = _bursts(raw_path.read_bytes())
        if os.environ.get("GUARDIANS_KEEP_RECORDING"):
            shutil.copy(raw_path, os.environ["GUARDIANS_KEEP_RECORDING"])
    finally:
        subprocess.run(["pulseaudio", "--kill"], env=env, capture_output=True)
        shutil.rmtree(runtime, ignore_errors=True)
    print(f"played {len(played)} effects, heard {len(bursts)} sounds (recorded from the sound server's sink):")
    print("effect     at (s)  length (s)   RMS   peak (of 32767)")
    for name, (at, length, rms, peak) in zip(played, bursts):
        print(f"{name:<9} {at:7.2f} {length:10.2f} {rms:6.0f} {peak:6d}")
    if len(bursts) != len(played):
        print(f"expected {len(played)} separate sounds, one per effect, and heard {len(bursts)}", file=sys.stderr)
        return 1
    print(f"all {len(played)} effects reached the audio device")
    return 0


# Run in its own process (SDL reads SDL_AUDIODRIVER when the mixer opens): the board as the table uses it.
_PLAYER = """
import sys, time
from guardians.ui.sound import DURATIONS, EFFECTS, SoundBoard
gap = float(sys.argv[1])
board = SoundBoard()
if not board.start(wait=True):
    print(f"no device: {board.problem}", file=sys.stderr)
    raise SystemExit(1)
time.sleep(1.0)                     # the stream runs (silent) before the first effect: none is cut or joined
t0 = time.monotonic()
for effect in EFFECTS:
    at = time.monotonic() - t0
    if not board.play(effect):
        print(f"{effect} did not play", file=sys.stderr)
        raise SystemExit(1)
    print(f"effect {effect} {at:.3f} {DURATIONS[effect]}", flush=True)
    time.sleep(DURATIONS[effect] + gap)
time.sleep(float(sys.argv[2]))
"""


if __name__ == "__main__":
    raise SystemExit(main())
