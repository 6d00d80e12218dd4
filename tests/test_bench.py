"""The benchmark command runs end to end (tiny scale). Speed is measured, never asserted."""

from __future__ import annotations

import json

from guardians import bench


def test_bench_quick_run_writes_every_figure(tmp_path, capsys) -> None:
    out = tmp_path / "PERFORMANCE.md"
    assert bench.main(["--quick", "--game", "heroes", "--json", "--out", str(out)]) == 0
    data = json.loads(capsys.readouterr().out)
    figures = data["games"]["heroes"]
    for key in ("random", "greedy", "state", "greedy_latency", "profile", "frames", "rss_mb"):
        assert key in figures, key
    assert figures["random"]["median"] > 0 and figures["state"]["clone_us"] > 0
    assert figures["frames"]["play"]["frames"] > 0 and figures["frames"]["menu"]["p95_ms"] > 0
    assert data["startup"]["median_s"] > 0 and data["baseline"]["frame_p95_ms"] > 0
    text = out.read_text()
    assert "| clone of a mid-game state |" in text and "Baseline: a minimal pygame-ce program" in text
    assert "guardians bench --quick --game heroes" in text
