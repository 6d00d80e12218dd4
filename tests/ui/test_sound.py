"""Sound (issue #18): the synthesised effects, the board that stays silent without a device, volume and mute
in the settings, and which log events of real seeded games ask for which effect."""

from __future__ import annotations

import json
import math
import os
import subprocess
import sys
from array import array
from pathlib import Path
from types import SimpleNamespace

import pygame
import pytest

from guardians.ai import RandomPlayer
from guardians.engine.actions import Event, Result
from guardians.engine.registry import new_game
from guardians.engine.state import GameConfig
from guardians.ui import sound, sound_cues
from guardians.ui.game_scenes import make_play_scene, sound_table
from guardians.ui.session import Session
from guardians.ui.settings import DEFAULT_VOLUME, Settings, load_settings, save_settings, settings_path
from guardians.ui.sound import DURATIONS, EFFECTS, FULL, PEAK, SoundBoard, synthesise
from guardians.ui.sound_cues import Cues, effect_for, effects_for, ending
from ui_helpers import key, make_app, pump, run_until

REPO = Path(__file__).resolve().parents[2]


def samples(name: str, rate: int = 44100, channels: int = 1) -> array:
    return array("h", synthesise(name, rate, channels))


def rms(values) -> float:
    return math.sqrt(sum(v * v for v in values) / len(values))


def crossings_per_second(values, rate: int = 44100) -> float:
    """Zero crossings a second: a rough pitch (higher for a higher or hissier sound)."""
    return sum(1 for a, b in zip(values, values[1:]) if (a < 0) != (b < 0)) / len(values) * rate


# ----- the synthesised effects ---------------------------------------------------------------------

@pytest.mark.parametrize("rate,channels", [(44100, 2), (22050, 1), (48000, 2)])
def test_every_effect_is_16_bit_frames_of_its_length_and_audible(rate, channels):
    for name in EFFECTS:
        data = synthesise(name, rate, channels)
        frames = round(DURATIONS[name] * rate)
        assert len(data) == frames * channels * 2, name
        values = array("h", data)
        assert rms(values) > 1000, f"{name} is (nearly) silent"
        assert max(abs(v) for v in values) <= PEAK * FULL + 1        # headroom: two at once do not clip
        assert values[0] == 0 or abs(values[0]) < 200                # faded in: no click at the start
        assert abs(values[-1]) < 200                                 # and out
        if channels == 2:
            assert values[0::2] == values[1::2]                      # the same sound in both ears


def test_the_effects_differ_and_move_the_way_their_names_say():
    waves = {name: samples(name) for name in EFFECTS}
    assert len({w.tobytes() for w in waves.values()}) == len(EFFECTS)
    pitch = {name: crossings_per_second(w) for name, w in waves.items()}
    # The paper swish and the dice are noisy and bright; the thud and the knock-out are low.
    assert min(pitch["card"], pitch["dice"]) > 4 * max(pitch["damage"], pitch["knockout"])

    def start_and_end(name: str) -> tuple[float, float]:
        w = waves[name]
        q = len(w) // 4
        return crossings_per_second(w[:q]), crossings_per_second(w[-q:])

    for falling in ("damage", "knockout", "loss"):
        first, last = start_and_end(falling)
        assert last < 0.8 * first, falling
    for rising in ("reveal", "win"):
        first, last = start_and_end(rising)
        assert last > 1.3 * first, rising
    # The dice rattle: several separate clicks with quiet between them.
    dice = waves["dice"]
    step = 441                                                         # 10 ms windows
    loud = [rms(dice[i:i + step]) > 1500 for i in range(0, len(dice) - step, step)]
    bursts = sum(1 for a, b in zip([False] + loud, loud) if b and not a)
    assert bursts >= 4


# ----- the board -----------------------------------------------------------------------------------

def hearing(monkeypatch) -> None:
    """The tests run SDL's dummy audio driver, which the app does not even open (nobody hears it); these
    tests open it, as a real device, to see effects reach the mixer."""
    monkeypatch.setattr(sound, "SILENT_DRIVERS", frozenset())


def failing_mixer(monkeypatch) -> list[str]:
    """No audio device: `pygame.mixer.init` raises as it does when SDL finds none."""
    hearing(monkeypatch)
    calls: list[str] = []

    def init(*args, **kwargs):
        calls.append("init")
        raise pygame.error("Couldn't open audio device: No such file or directory")

    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    monkeypatch.setattr(pygame.mixer, "init", init)
    return calls


def test_without_an_audio_device_the_board_is_silent_and_never_raises(monkeypatch):
    calls = failing_mixer(monkeypatch)
    board = SoundBoard(volume=80)
    assert board.start(wait=True) is False
    assert calls == ["init"] and not board.available and "audio device" in board.problem
    for name in EFFECTS + ("no-such-effect",):
        assert board.play(name) is False
    board.volume = 30
    board.toggle_mute()
    board.toggle_mute()
    board.stop()
    assert board.start() is False and calls == ["init"]             # tried once, not at every table
    assert board.requests[-1] == "no-such-effect" and board.played == []


def test_the_dummy_driver_is_not_even_opened(monkeypatch):
    opened: list[str] = []
    monkeypatch.setenv("SDL_AUDIODRIVER", "dummy")
    monkeypatch.setattr(pygame.mixer, "init", lambda *a, **k: opened.append("init"))
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: None)
    board = SoundBoard()
    assert board.start(wait=True) is False and opened == [] and "dummy" in board.problem
    assert board.play("card") is False and board.requests == ["card"]


def test_a_mixer_that_is_not_16_bit_is_not_fed_16_bit_frames(monkeypatch):
    hearing(monkeypatch)
    monkeypatch.setattr(pygame.mixer, "get_init", lambda: (44100, 8, 2))
    board = SoundBoard()
    assert board.start(wait=True) is False and "8-bit" in board.problem
    assert board.play("card") is False


class FakeSound:
    def __init__(self, log: list[str], name: str) -> None:
        self.log, self.name, self.volume = log, name, None

    def play(self) -> None:
        self.log.append(self.name)

    def set_volume(self, value: float) -> None:
        self.volume = value


def test_the_board_plays_on_the_mixer_and_mute_or_zero_volume_stop_it_reaching_the_mixer(monkeypatch):
    hearing(monkeypatch)
    board = SoundBoard(volume=150)
    assert board.volume == 100                                       # clamped
    assert board.start(wait=True) is True, board.problem            # the dummy driver is a device
    assert board.play("win") is True and board.played == ["win"]
    real = board.sounds["win"]
    assert isinstance(real, pygame.mixer.Sound)
    assert real.get_length() == pytest.approx(DURATIONS["win"], abs=0.01)
    board.volume = 40
    assert real.get_volume() == pytest.approx(0.4, abs=0.01)

    mixer: list[str] = []
    board.sounds = {name: FakeSound(mixer, name) for name in EFFECTS}
    assert board.play("dice") is True and mixer == ["dice"]
    assert board.toggle_mute() is True
    assert board.play("damage") is False and board.play("win") is False
    assert mixer == ["dice"] and board.requests[-2:] == ["damage", "win"]
    board.set_muted(False)
    board.volume = 0
    assert board.play("damage") is False and mixer == ["dice"]
    board.volume = -5
    assert board.volume == 0
    board.volume = 55
    assert board.play("damage") is True and mixer == ["dice", "damage"]
    assert board.sounds["damage"].volume == pytest.approx(0.55)


def test_sound_reaches_a_real_audio_output(tmp_path):
    """SDL's disk driver is a real output device that writes what it plays to a file: the effect's samples
    must arrive there."""
    out = tmp_path / "audio.raw"
    script = ("import time, array\n"
              "from guardians.ui.sound import SoundBoard\n"
              "board = SoundBoard(volume=100)\n"
              "assert board.start(wait=True), board.problem\n"
              "assert board.play('win')\n"
              f"path = {str(out)!r}\n"
              "for _ in range(200):\n"
              "    time.sleep(0.05)\n"
              "    data = array.array('h', open(path, 'rb').read())\n"
              "    if sum(1 for v in data if abs(v) > 1000) > 2000:\n"
              "        print('heard', len(data))\n"
              "        break\n")
    env = dict(os.environ, SDL_AUDIODRIVER="disk", SDL_DISKAUDIOFILE=str(out), PYTHONPATH=str(REPO),
               PYGAME_HIDE_SUPPORT_PROMPT="1")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "heard" in done.stdout


# ----- settings --------------------------------------------------------------------------------------

def test_volume_and_mute_are_remembered_and_bad_values_fall_back():
    assert Settings().volume == DEFAULT_VOLUME and Settings().muted is False
    chosen = Settings(animation_speed="fast", volume=30, muted=True)
    save_settings(chosen)
    assert load_settings() == chosen
    data = json.loads(settings_path().read_text())
    assert data["volume"] == 30 and data["muted"] is True
    for bad in (101, -1, "70", True, 55.5, None):
        loaded = Settings.from_json({"volume": bad, "muted": "yes", "animation_speed": "fast"})
        assert loaded.volume == DEFAULT_VOLUME and loaded.muted is False and loaded.animation_speed == "fast"
    assert Settings.from_json({"volume": 0}).volume == 0 and Settings.from_json({"volume": 100}).volume == 100


def test_the_settings_screen_steps_the_volume_and_mutes(app):
    from guardians.ui.scenes.settings import SettingsScene
    from ui_helpers import click

    scene = SettingsScene(app)
    app.push(scene)
    pump(app)
    assert scene.volume.value == DEFAULT_VOLUME
    click(app, scene.volume.prev.rect.center)
    click(app, scene.muted.next.rect.center)
    click(app, scene.save.rect.center)
    assert app.top is not scene
    assert app.settings.volume == DEFAULT_VOLUME - 10 and app.settings.muted is True
    assert app.sound.volume == DEFAULT_VOLUME - 10 and app.sound.muted is True
    assert load_settings().volume == DEFAULT_VOLUME - 10 and load_settings().muted is True


# ----- which events sound ------------------------------------------------------------------------------

class FakeBoard:
    def __init__(self) -> None:
        self.asked: list[str] = []

    def play(self, name: str) -> bool:
        self.asked.append(name)
        return True


def play_through(game: str, players: int, seed: int, humans=(0,), max_steps: int = 3000):
    """A seeded random game fed to the cues step by step (ten seconds apart: nothing is held back); each
    step's new events and the effects asked for them."""
    state = new_game(GameConfig(game, players, ("ai:random",) * players), seed)
    board = FakeBoard()
    cues = Cues(board, sound_table(game))
    assert cues.follow(state, 0.0, humans) == [] and board.asked == []     # the set-up already logged: not heard
    chooser = RandomPlayer(seed)
    steps = []
    now = 0.0
    while not state.is_over and len(steps) < max_steps:
        before = len(state.log)
        state.apply(chooser.choose(state))
        now += 10.0
        played = cues.follow(state, now, humans)
        steps.append((list(state.log[before:]), played))
    assert state.is_over
    assert [e for _, played in steps for e in played] == board.asked
    return state, steps


def kinds(events) -> set[str]:
    return {e.kind for e in events}


def test_a_heroes_game_asks_for_card_damage_knockout_and_the_end():
    state, steps = play_through("heroes", 2, seed=2)
    asked = [e for _, played in steps for e in played]
    for events, played in steps[:-1]:                                   # the last step is the end's
        assert len(played) <= sound_cues.LIMIT and len(set(played)) == len(played)
        if "knockout" in kinds(events):
            assert played[0] == "knockout"
        ordinary = [e for e in events if e.kind == "play" and e.get("card") is not None]
        if ordinary and kinds(events) <= {"play", "draw", "move", "token", "ability", "turn", "charge"}:
            assert "card" in played
        if kinds(events) <= {"draw", "move", "turn", "token", "discard"}:
            assert played == []
    assert {"card", "damage", "knockout"} <= set(asked)
    knocked = sum(1 for events, _ in steps if "knockout" in kinds(events))
    assert asked.count("knockout") >= knocked - 1                      # the last one may give way to the end
    won = 0 in state.result.winners
    assert steps[-1][1][0] == ("win" if won else "loss")
    assert asked.count("win") + asked.count("loss") == 1


def test_an_explore_game_asks_for_its_battles_and_ends_in_the_coop_loss_or_win():
    state, steps = play_through("explore", 2, seed=1)
    asked = [e for _, played in steps for e in played]
    assert {"card", "reveal", "damage"} <= set(asked)
    for events, played in steps[:-1]:
        for event in events:
            if event.kind == "boss" and event.get("won") is not None:
                assert ("reveal" if event.get("won") else "knockout") in played
        if "reveal" in kinds(events) and not ({"boss", "trophy", "overrun"} & kinds(events)):
            assert played[0] == "reveal"                             # the Power Up cards shown together
    expected = "loss" if state.result.coop_loss else ("win" if 0 in state.result.winners else "loss")
    assert steps[-1][1][0] == expected


def test_a_realms_game_reveals_its_match_ups_and_falls_at_a_lost_shield():
    state, steps = play_through("realms", 2, seed=0)
    asked = [e for _, played in steps for e in played]
    assert {"card", "reveal"} <= set(asked)
    for events, played in steps[:-1]:
        if "shield_lost" in kinds(events):
            assert played[0] == "knockout"
        if "pick" in kinds(events) and not ({"shield_lost", "rubble"} & kinds(events)):
            assert played[0] == "reveal"
        if kinds(events) <= {"turn", "draw", "move", "round", "first", "discard"}:
            assert played == []


def test_the_default_table_and_a_games_table_together():
    def event(kind: str, **data) -> Event:
        return Event(kind, kind, data=tuple(data.items()))

    assert effect_for(event("damage:boss")) == "damage"                  # by the part before ":"
    assert effect_for(event("ko")) == "knockout" and effect_for(event("roll")) == "dice"
    assert effect_for(event("turn")) is None
    table = {"damage": None, "boss": lambda e: "reveal" if e.get("won") else None, "broken": lambda e: 1 / 0}
    assert effect_for(event("damage:boss"), table) is None               # the game silences a default
    assert effect_for(event("boss", won=True), table) == "reveal"
    assert effect_for(event("boss", won=False), table) is None
    assert effect_for(event("broken"), table) is None                    # a bug in a cue is not a crash
    many = [event("play"), event("damage"), event("play"), event("reveal"), event("knockout")]
    assert effects_for(many) == ["knockout", "reveal"]
    assert effects_for(many, limit=5) == ["knockout", "reveal", "damage", "card"]
    assert ending(Result((1,), "x"), (0,)) == "loss" and ending(Result((0, 2), "x"), (0,)) == "win"
    assert ending(Result((), "x", coop_loss=True), (0, 1)) == "loss"
    assert ending(Result((), "x"), (0,)) == "reveal"                     # a draw
    assert ending(Result((1,), "x"), ()) == "win"                        # nobody at the screen plays: a result
    assert ending(None, (0,)) is None


class Ticker:
    """A state whose log grows as a test says, for the cues' pacing."""

    def __init__(self) -> None:
        self.log: list[Event] = [Event("setup", "set up")]
        self.is_over = False
        self.result = None

    def add(self, *kinds: str) -> None:
        self.log.extend(Event(k, k) for k in kinds)


def test_fast_turns_are_thinned_out_and_the_most_telling_sound_waits_its_turn():
    board = FakeBoard()
    cues = Cues(board, {}, "normal")
    state = Ticker()
    cues.follow(state, 0.0)
    state.add("play", "play", "damage", "play")
    assert cues.follow(state, 1.0) == ["damage", "card"]                # two at most, the thud first
    state.add("play")
    assert cues.follow(state, 1.0 + sound_cues.GAP / 2) == []           # too soon after: held back
    state.add("knockout")
    assert cues.follow(state, 1.0 + sound_cues.GAP * 0.8) == []
    assert cues.follow(state, 1.0 + sound_cues.GAP * 1.5) == ["knockout"]   # the best of the held ones
    assert cues.follow(state, 5.0) == []                                # nothing new: nothing again
    state.add("play")
    assert cues.follow(state, 5.0 + sound_cues.GAP / 3) == ["card"]
    state.add("play")
    cues.follow(state, 5.0 + sound_cues.GAP / 2)
    assert cues.follow(state, 5.0 + sound_cues.HOLD + 1) == []          # held too long: dropped, not late

    quick = Cues(FakeBoard(), {}, "off")                                # animations off: one at a time, sparser
    fast = Ticker()
    quick.follow(fast, 0.0)
    heard = []
    for frame in range(1, 201):                                         # 200 moves in two seconds
        fast.add("play", "damage")
        heard += quick.follow(fast, frame * 0.01)
    assert 1 <= len(heard) <= 2.0 / sound_cues.SLOW_GAP + 1
    assert all(effect == "damage" for effect in heard)

    undone = Ticker()                                                  # a new state object (undo): no sound
    undone.add("knockout")
    assert cues.follow(undone, 10.0) == []


# ----- at the table ---------------------------------------------------------------------------------

def test_a_table_sounds_its_moves_and_m_mutes_it_and_is_remembered(monkeypatch):
    hearing(monkeypatch)
    app = make_app()
    try:
        session = Session.start(GameConfig("heroes", 2, ("ai:random", "ai:random")), seed=4)
        scene = make_play_scene(app, session)
        app.push(scene)
        assert app.sound.start(wait=True), app.sound.problem
        assert run_until(app, lambda: len(app.sound.played) >= 3, timeout=120)
        assert set(app.sound.played) <= set(EFFECTS)
        key(app, pygame.K_m)
        assert app.sound.muted and app.settings.muted and load_settings().muted
        assert scene.toast is not None and "off" in scene.toast[0].lower()
        played = len(app.sound.played)
        asked = len(app.sound.requests)
        assert run_until(app, lambda: len(app.sound.requests) > asked + 2 or session.state.is_over, timeout=120)
        assert len(app.sound.played) == played                         # asked for, never reaching the mixer
        # By now the game may be over and its end scene on top (the table no longer gets frames or keys), so
        # the table's own per-frame check and M's handler are called directly; the key was checked above.
        scene.clock += 10.0
        scene.listen()
        assert scene.toast is None                                     # the notice goes by itself
        scene.toggle_sound()
        assert not app.sound.muted and not load_settings().muted
    finally:
        app.close()


def test_a_table_without_an_audio_device_plays_on_in_silence(monkeypatch):
    failing_mixer(monkeypatch)
    app = make_app()
    try:
        session = Session.start(GameConfig("explore", 2, ("ai:random", "ai:random")), seed=2)
        scene = make_play_scene(app, session)
        app.push(scene)
        assert run_until(app, lambda: len(app.sound.requests) >= 3, timeout=120)
        assert not app.sound.available and app.sound.played == []
        key(app, pygame.K_m)                                           # muting a silent board is fine too
        assert app.sound.muted
        key(app, pygame.K_m)
        assert not app.sound.muted and "no audio output" in scene.toast[0]
    finally:
        app.close()
