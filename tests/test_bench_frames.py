"""The frame bench tells move frames apart by the screen the table showed (issues #15 and #16 name the
realms combat table and the chronicles map). Speed is never asserted: what is checked is which frames
each figure is made of."""

from __future__ import annotations

import os

os.environ.setdefault("SDL_VIDEODRIVER", "dummy")
os.environ.setdefault("SDL_AUDIODRIVER", "dummy")

from guardians import bench  # noqa: E402
from guardians.bench_frames import BaselineFrame, FrameLog, play_frames  # noqa: E402
from guardians.ui.app import App  # noqa: E402
from guardians.ui.settings import Settings  # noqa: E402


def test_move_frames_are_summed_up_by_screen() -> None:
    log = FrameLog()
    log.times["move"] = [4.0, 8.0, 6.0, 2.0]
    log.modes = ["board", "combat", "combat", "board"]
    log.baseline = [1.0, 1.0, 2.0]
    modes = log.summary()["move"]["modes"]
    assert set(modes) == {"board", "combat"}
    assert modes["combat"]["frames"] == 2 and modes["board"]["frames"] == 2
    assert modes["combat"]["p50_ms"] > modes["board"]["p50_ms"]          # 6–8 ms against 2–4 ms
    assert modes["combat"]["p50_ratio"] == modes["combat"]["p50_ms"] / 1.0


def test_the_issue_screens_get_a_row_against_their_goal() -> None:
    row = {"frames": 12, "p50_ms": 3.0, "p95_ms": 5.0, "p50_ratio": 4.0, "p95_ratio": 6.0}
    chronicles = {"move": {"modes": {"board": row}}}
    line = bench._screen_row("chronicles", chronicles)
    assert "the map redrawn after a move" in line and "| 12 |" in line and "**not met**" in line
    realms = {"move": {"modes": {"board": row}}, "combat": {"modes": {"combat": dict(row, p95_ratio=3.0)}}}
    line = bench._screen_row("realms", realms)
    assert "combat table" in line and "met" in line and "not met" not in line
    assert "not reached" in bench._screen_row("realms", {"move": {"modes": {}}})


def test_play_frames_records_the_screen_of_every_move_frame(tmp_path, monkeypatch) -> None:
    monkeypatch.setenv("GUARDIANS_HOME", str(tmp_path))
    settings = Settings()
    settings.animation_speed = "off"
    app = App(settings, size=(1280, 720), fps=1000)
    try:
        from guardians.bench import baseline_font
        log = play_frames(app, "chronicles", 2, 4, 7, BaselineFrame(app.screen, baseline_font()))
    finally:
        app.close()
        from guardians.ui.session import flush_autosaves
        flush_autosaves()
    assert len(log.modes) == len(log.times["move"]) == 4
    assert set(log.modes) == {"board"}
