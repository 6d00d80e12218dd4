"""Start-up time to the first frame, for the source app and the frozen executable alike.

    measure_startup([".venv/bin/guardians"], runs=5)          # from source
    measure_startup(["dist/guardians"], runs=5)               # the one-file build
    python tests/packaging/startup.py --runs 5 -- dist/guardians

Each run notes the wall-clock time, starts `cmd --headless --max-frames 1` with
GUARDIANS_FIRST_FRAME_FILE set (the app writes `time.time()` at its first frame, see
guardians.ui.app.report_first_frame) and a fresh GUARDIANS_HOME (no autosave, default settings), and
returns first frame minus start: process start, imports, unpacking (one-file builds), SDL set-up and
the menu's first drawing. Headless (SDL dummy driver), so a real display adds its own window set-up.
"""

from __future__ import annotations

import argparse
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Sequence

FLAGS = ["--headless", "--max-frames", "1"]


def measure_startup(cmd: Sequence[str], runs: int, timeout: float = 120.0,
                    env: dict[str, str] | None = None) -> list[float]:
    """Seconds from starting `cmd` (plus --headless --max-frames 1) to its first frame, one per run."""
    if runs < 1:
        raise ValueError("runs must be at least 1")
    times: list[float] = []
    with tempfile.TemporaryDirectory(prefix="guardians-startup-") as tmp:
        for i in range(runs):
            stamp = Path(tmp) / f"first-frame-{i}.txt"
            run_env = dict(os.environ if env is None else env)
            run_env["GUARDIANS_FIRST_FRAME_FILE"] = str(stamp)
            run_env["GUARDIANS_HOME"] = str(Path(tmp) / f"home-{i}")
            start = time.time()
            done = subprocess.run([*cmd, *FLAGS], env=run_env, cwd=tmp, timeout=timeout,
                                  stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
            if done.returncode != 0 or not stamp.exists():
                raise RuntimeError(f"{' '.join(cmd)} exited {done.returncode} without a first frame:\n"
                                   f"{done.stderr[-2000:]}")
            times.append(float(stamp.read_text(encoding="utf-8")) - start)
    return times


def summary(times: Sequence[float]) -> str:
    return (f"median {statistics.median(times):.3f} s, min {min(times):.3f} s, max {max(times):.3f} s "
            f"over {len(times)} runs: " + ", ".join(f"{t:.3f}" for t in times))


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Start-up time to the first frame (headless).")
    parser.add_argument("--runs", type=int, default=5)
    parser.add_argument("--warm-up", type=int, default=1, metavar="N",
                        help="untimed runs first, to fill the OS file cache (default 1)")
    parser.add_argument("cmd", nargs="+", help="the command, e.g. dist/guardians or .venv/bin/guardians")
    args = parser.parse_args(argv)
    if args.warm_up:
        measure_startup(args.cmd, args.warm_up)
    print(summary(measure_startup(args.cmd, args.runs)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
