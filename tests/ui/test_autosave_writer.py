"""Saving never costs a frame (issue #12, item 9): the autosave is written on a writer thread from an
immutable snapshot, atomically, in order, and flushed when the app quits. (That it is whole when the
process is killed right after a move: tests/e2e/test_crash_resume.py.)"""

from __future__ import annotations

import json
import os
import threading
import time
from pathlib import Path

import pytest

from guardians.engine import saves
from guardians.engine.state import GameConfig
from guardians.ui import session as session_module
from guardians.ui.launch import LaunchOptions, run_app
from guardians.ui.session import Session

SLOW = 0.25      # a slow disk: each fsync takes this long
HANG_GUARD = 60  # seconds: only so that a broken writer fails the test instead of hanging it


def _actions_in(path: Path) -> int:
    return len(json.loads(path.read_text())["actions"])


@pytest.fixture
def slow_disk(monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """fsync takes SLOW seconds; the list collects the action counts of the files written, in order."""
    written: list[int] = []
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        time.sleep(SLOW)
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        real_replace(src, dst)
        if Path(dst).name == "autosave.json":
            written.append(_actions_in(Path(dst)))

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    return written


class HeldDisk:
    """A disk whose fsync waits until the test lets it go: what happens meanwhile is seen without timing."""

    def __init__(self) -> None:
        self.entered = threading.Event()     # the writer is inside fsync
        self.gate = threading.Event()        # set: fsync goes on
        self.written: list[int] = []         # action counts of the autosaves written, in order


@pytest.fixture
def held_disk(monkeypatch: pytest.MonkeyPatch):
    disk = HeldDisk()
    real_fsync, real_replace = os.fsync, os.replace

    def fsync(fd: int) -> None:
        disk.entered.set()
        disk.gate.wait(HANG_GUARD)
        real_fsync(fd)

    def replace(src: str, dst: str) -> None:
        real_replace(src, dst)
        if Path(dst).name == "autosave.json":
            disk.written.append(_actions_in(Path(dst)))

    monkeypatch.setattr(os, "fsync", fsync)
    monkeypatch.setattr(os, "replace", replace)
    yield disk
    disk.gate.set()
    session_module.flush_autosaves()


def _human_game(seed: int = 3) -> Session:
    return Session.start(GameConfig("toy", 2, ("human", "human")), seed=seed)


def test_a_move_does_not_wait_for_the_disk(held_disk: HeldDisk) -> None:
    """The move returns while its autosave is still held at the disk (no timing: the disk waits for the test)."""
    session = _human_game()
    mover = threading.Thread(target=session.apply, args=(session.state.legal_actions()[0],))
    mover.start()
    mover.join(HANG_GUARD)
    assert not mover.is_alive()                      # the move is done ...
    assert held_disk.entered.wait(HANG_GUARD)        # ... while the writer is held inside fsync
    assert held_disk.written == []                   # and nothing is on disk yet
    held_disk.gate.set()
    session.flush()
    assert held_disk.written == [1]
    assert saves.load_save(saves.autosave_path()).digest() == session.state.digest()


def test_writes_are_in_order_and_the_last_move_is_on_disk(held_disk: HeldDisk) -> None:
    """While the disk holds the first write, seven more moves come: only the newest snapshot waits, so the
    disk gets move 1, then move 8, in that order."""
    session = _human_game()
    session.apply(session.state.legal_actions()[0])
    assert held_disk.entered.wait(HANG_GUARD)
    for _ in range(7):
        session.apply(session.state.legal_actions()[0])
    held_disk.gate.set()
    session.flush()
    assert held_disk.written == [1, 8]
    assert saves.load_save(saves.autosave_path()).digest() == session.state.digest()


def test_undo_is_written_after_the_move_it_takes_back(slow_disk: list[int]) -> None:
    session = Session.start(GameConfig("toy", 2, ("human", "ai:random")), seed=4)
    session.apply(session.state.legal_actions()[0])
    assert session.undo()
    session.flush()
    assert _actions_in(saves.autosave_path()) == len(session.state.history) == 0


def test_a_finished_game_removes_its_autosave_after_any_queued_write(slow_disk: list[int]) -> None:
    session = _human_game(seed=9)
    while not session.state.is_over:
        session.apply(session.state.legal_actions()[-1 if session.state.decision.kind == "main" else 0])
    session.flush()
    assert not saves.autosave_path().exists()


def test_the_snapshot_is_immutable_while_the_game_goes_on(held_disk: HeldDisk) -> None:
    """The game moves on while the writer holds the first snapshot: the file it writes is that first move's."""
    session = _human_game()
    session.apply(session.state.legal_actions()[0])
    assert held_disk.entered.wait(HANG_GUARD)        # the writer holds the first snapshot at the disk
    session.apply(session.state.legal_actions()[0])
    held_disk.gate.set()
    session.flush()
    assert held_disk.written == [1, 2]


def test_a_failed_write_is_told_to_the_player(monkeypatch: pytest.MonkeyPatch) -> None:
    def full(*args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "fsync", full)
    session = _human_game()
    session.apply(session.state.legal_actions()[0])
    session.flush()
    session.poll()
    assert session.message == "Autosave failed: No space left on device"


def test_quitting_flushes_the_last_move(monkeypatch: pytest.MonkeyPatch, slow_disk: list[int]) -> None:
    seen: list[int] = []
    queue = session_module.write_autosave

    def record(path: Path, state) -> None:  # type: ignore[no-untyped-def]
        seen.append(len(state.history))
        queue(path, state)

    monkeypatch.setattr(session_module, "write_autosave", record)
    assert run_app(LaunchOptions(game="toy", autoplay=True, headless=True, seed=11, max_frames=6)) == 0
    assert seen and _actions_in(saves.autosave_path()) == seen[-1]
    assert not any(t.name == "guardians-autosave" and t.is_alive() and session_module.WRITER.busy()
                   for t in threading.enumerate())
