"""The benchmark command runs end to end (tiny scale). Speed is measured, never asserted: what is
checked is what was measured — that every frame the bench times really redrew."""

from __future__ import annotations

import json

from guardians import bench
from guardians.bench_frames import KINDS


def test_bench_quick_run_writes_every_figure(tmp_path, capsys) -> None:
    out = tmp_path / "PERFORMANCE.md"
    assert bench.main(["--quick", "--game", "heroes", "--json", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    figures = data["games"]["heroes"]
    for key in ("random", "greedy", "state", "greedy_latency", "profile", "frames", "rss_mb"):
        assert key in figures, key
    assert figures["random"]["median"] > 0 and figures["state"]["clone_us"] > 0
    frames = figures["frames"]
    assert frames["menu"]["p95_ms"] > 0 and frames["baseline"]["p50_ms"] > 0
    # Every timed frame of each kind redrew (the table rebuilt after a move, a tween moved, a hovered
    # piece drawn large): the bench cannot drift back to timing cached frames.
    for kind in KINDS:
        assert frames[kind]["frames"] > 0, kind
        assert frames[kind]["redraws"] == frames[kind]["frames"], kind
        assert frames[kind]["p50_ratio"] > 0, kind
    assert frames["move"]["frames"] == bench.QUICK.moves
    startup = data["startup"]
    assert startup["none"]["median_s"] > 0 and startup["heroes"]["actions"] > 0
    assert startup["heroes"]["ratio"] > 0 and startup["baseline"]["ratio"] > 0
    assert data["baseline"]["frame_p95_ms"] > 0
    text = out.read_text()
    assert "| clone of a mid-game state |" in text and "Baseline: the minimal pygame-ce program" in text
    assert "guardians bench --quick --game heroes" in text
    assert "the redraw right after a move" in text and "with an autosave of `heroes`" in text


def test_a_figure_near_its_goal_is_on_the_goal_line() -> None:
    assert bench._mark("random_gps", 208.0, "heroes").startswith("on the goal line")
    assert bench._mark("random_gps", 195.0, "heroes").startswith("on the goal line")
    assert bench._mark("random_gps", 260.0, "heroes") == "met"
    assert bench._mark("random_gps", 150.0, "heroes") == "**not met**"
    assert bench._mark("move_p50_ratio", 9.5) == "**not met**"


def test_the_peak_memory_a_child_reports_is_its_own_not_its_parents() -> None:
    """`bench.PEAK_RSS`, which `peak_rss_mb` runs at the end of a game in a process of its own: a parent holding
    200 MB starts a small child. Linux's `ru_maxrss` carries the parent's high-water mark across `exec` (the bench
    once reported 315 MB for a realms game of about 100 MB this way); the child's own peak must not."""
    import subprocess
    import sys

    held = bytearray(200 * 1024 * 1024)
    for i in range(0, len(held), 4096):        # touched, so resident
        held[i] = 1
    code = bench.PEAK_RSS + ("import resource\n"
                             "print(peak_rss_kb(), resource.getrusage(resource.RUSAGE_SELF).ru_maxrss)\n")
    own, inherited = map(int, subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                                             check=True).stdout.split())
    del held
    assert 0 < own < 100 * 1024, own           # a bare interpreter: some ten megabytes
    if sys.platform.startswith("linux"):
        assert inherited > 200 * 1024          # the quirk this guards against is real here


def test_notes_are_spliced_under_the_figures_and_replace_the_old_notes(tmp_path) -> None:
    """`guardians bench --notes` rewrites only what follows the notes mark; a report without the mark is refused
    and left as it was."""
    report = tmp_path / "PERFORMANCE.md"
    report.write_text(f"# Performance\n\n| figure | 1 |\n\n{bench.NOTES_MARK}\n\n## Old notes\n\nold\n", encoding="utf-8")
    spliced = bench.splice_notes(report.read_text(encoding="utf-8"), "## New notes\n\nnew\n")
    assert spliced.startswith("# Performance\n\n| figure | 1 |\n\n" + bench.NOTES_MARK)
    assert "## New notes" in spliced and "Old notes" not in spliced
    assert bench.splice_notes(spliced, "## New notes\n\nnew\n") == spliced           # again: the same
    bare = tmp_path / "bare.md"
    bare.write_text("# Performance\n\n## Hand notes\n", encoding="utf-8")
    try:
        bench.main(["--notes", "--out", str(bare)])
    except SystemExit as stop:
        assert stop.code == 2
    else:
        raise AssertionError("a report without the notes mark was taken")
    assert bare.read_text(encoding="utf-8") == "# Performance\n\n## Hand notes\n"


def test_the_performance_report_carries_the_notes_as_written() -> None:
    """docs/PERFORMANCE.md ends with docs/performance-notes.md, word for word: notes are written in the notes file
    (a hand edit under the figures would be lost at the next `guardians bench --out`) and copied with
    `guardians bench --notes --out docs/PERFORMANCE.md`."""
    report = (bench.NOTES_PATH.parent / "PERFORMANCE.md").read_text(encoding="utf-8")
    notes = bench.NOTES_PATH.read_text(encoding="utf-8")
    assert bench.NOTES_MARK in report
    assert report.partition(bench.NOTES_MARK)[2].strip() == notes.strip(), \
        "run `guardians bench --notes --out docs/PERFORMANCE.md` after editing docs/performance-notes.md"
