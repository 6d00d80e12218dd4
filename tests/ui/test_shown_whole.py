"""Issue #18: nothing a player needs is cut, broken or covered, measured on the scenes the README shows.

The README's heroes table (1024×640, 1280×720, 1920×1080) and explore boss battle are played to their moments
by `tools/readme_shots.py` and drawn while `guardians.ui.text` records every text (`text_audit.py`): hero names on
their standees, scored locations and card names whole, a target's word off its piece's words, a card's badge off
its footer, the log in whole lines, the hover card's pin hint inside the card's block. The chronicles end scene
and realms' card faces are checked on their own.
"""

from __future__ import annotations

import re
from contextlib import contextmanager
from pathlib import Path
from typing import Any, Iterator

import pygame
import pytest
from test_readme_shots import shots_module
from text_audit import Audit, audit_table, describe

from guardians.ui import scaling, text

SIZES = [(1024, 640), (1280, 720), (1920, 1080)]


def open_shot(name: str, size: tuple[int, int] | None = None):
    """The README shot's scene at its moment (its act done), on an app of `size`; (app, scene)."""
    from guardians.ui.game_scenes import make_play_scene
    from guardians.ui.session import Session

    shots = shots_module()
    shot = next(s for s in shots.SHOTS if s.name == name)
    if size is not None and size != shot.size:
        shot = shot.at(size)
    state = shots.play_to(shot)
    app = shots.open_app(shot.size)
    scene = make_play_scene(app, Session(state))
    taken = shots.Taken(app, scene)
    app.push(scene)
    shots.pump(app, 4)
    if shot.act is not None:
        shot.act(taken)
    shots.pump(app, 2)
    assert shot.check(taken) is None
    return app, scene


@contextmanager
def measured(name: str, size: tuple[int, int] | None = None) -> Iterator[tuple[Any, Audit]]:
    """The README shot's scene (`open_shot`) and its texts as drawn (`audit_table`), for the checks in the `with`
    block; the app is closed after them, whether they pass or not."""
    app, scene = open_shot(name, size)
    try:
        yield scene, audit_table(scene)
    finally:
        app.close()


def texts_of(audit: Audit, prefix: str) -> dict[str, list[text.Drawn]]:
    """The placed texts of each piece whose key starts with `prefix`."""
    found: dict[str, list[text.Drawn]] = {}
    for drawn in audit.records.drawn:
        if drawn.piece.startswith(prefix) and drawn.target == id(audit.surface) and drawn.rect:
            found.setdefault(drawn.piece, []).append(drawn)
    return found


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_heroes_table_shows_names_whole_and_target_words_off_the_pieces_words(size) -> None:
    with measured("heroes-table", size) as (scene, audit):
        seen = scene.seen
        heroes = texts_of(audit, "hero:")
        on_board = [h for h in seen.heroes.values() if h.in_play]
        assert on_board
        for hero in on_board:          # every standee writes its hero's name (none left to the initials)
            words = [d.text for d in heroes.get(f"hero:{hero.id}", [])]
            assert seen.hero_name(hero.id) in words, (hero.id, words)
        scored = [c for c in audit.records.cuts if c.piece.startswith("scored:")]
        assert not scored, [c.text for c in scored]
        assert any(p.key.startswith("scored:") for p in scene.view.all())     # a scored location is shown
        labelled = [t for t in scene.presenter.targets if scene.target_label(t)]
        assert {scene.target_label(t) for t in labelled} == {"Attack", "Move here"}
        pieces = texts_of(audit, "")
        for target in labelled:
            img = text.font(scene.geo.font(12), True).size(scene.target_label(target))
            box = scene.target_label_box(target, img)
            assert target.rect.inflate(6, 6).contains(box), (target.ref, box, target.rect)
            covered = [describe(d) for d in pieces.get(target.ref, []) if d.rect.colliderect(box)]
            assert not covered, (target.ref, box, covered)


def test_a_hovered_heroes_card_keeps_its_pin_hint_off_the_prompt_and_the_choices() -> None:
    """The hint lines are drawn in the room the hover card's block keeps for them (placed with the card clear of
    the prompt strip, its buttons and the choices), or not at all."""
    from guardians.ui.table import overlay

    app, scene = open_shot("heroes-hover")
    try:
        surface = text.RecordingSurface(app.size)
        with text.recording() as rec:
            with rec.piece("hover"):
                overlay.draw_hover(surface, scene)
        shown = scene.hover.shown
        assert shown is not None
        keep = list(scene.view.keep_clear) + [scene.geo.choices]
        assert shown.collidelist(keep) < 0, (shown, keep)
        placed = [d for d in rec.drawn if d.target == id(surface) and d.rect]
        assert placed and all(shown.contains(d.rect) for d in placed), [describe(d) for d in placed]
        hint = scene.pin_hint(scene.hovered_piece())
        small = pygame.Rect(shown.x, shown.y, shown.w, shown.h // 2)        # the same card, no room for the hint
        lines = [d for d in rec.drawn if d.text and d.text in hint]
        if lines:                                                            # drawn: under the card, inside its block
            assert all(d.rect.y > small.centery for d in lines)
    finally:
        app.close()


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_explore_boss_battle_keeps_card_names_whole_and_badges_off_footers(size) -> None:
    with measured("explore-boss", size) as (scene, audit):
        seen = scene.seen
        cards = texts_of(audit, "card:")
        assert cards
        for key, drawn in cards.items():
            face = next(p.face for p in scene.view.all() if p.key == key)
            if face is None:
                continue
            name_words = face.title.split()
            for d in drawn:       # a line of the name is whole words of it, never a piece of one ("Fireb" / "all")
                if set(d.text.split()) & set(name_words) or any(d.text in w for w in name_words):
                    assert all(word in name_words for word in d.text.split()), (key, d.text, face.title)
            rect = next(p.rect for p in scene.view.all() if p.key == key)
            badges = [d for d in drawn if d.text == "SUPER" and d.rect.y > rect.centery]    # not the kind line
            others = [d for d in drawn if d not in badges]
            for badge in badges:
                assert not any(badge.rect.colliderect(o.rect) for o in others), (key, describe(badge))
        pieces = {p.key: p.rect for p in scene.view.all()}
        assert any(d.text == "SUPER" and d.rect.y > pieces[k].centery for k, ds in cards.items() for d in ds)
        marks = [d.text for ds in cards.values() for d in ds if d.text.startswith("+")]
        assert marks and not any(m.endswith(text.ELLIPSIS) for m in marks), marks
        assert seen is not None


@pytest.mark.parametrize("name", ["explore-town", "heroes-table", "chronicles-map", "realms-board"])
def test_the_log_panel_draws_whole_lines_only(name: str) -> None:
    with measured(name) as (scene, audit):
        log = [d for d in audit.records.drawn if d.piece == "log" and d.target == id(audit.surface)]
        assert len(log) > 8                                  # the log is full: its top entry meets the edge
        clipped = [describe(d) for d in audit.clipped() if d.piece == "log"]
        assert not clipped, clipped
        assert all(scene.geo.log.contains(d.rect) for d in log if d.rect)


@pytest.mark.parametrize("name", ["chronicles-map", "chronicles-dice", "realms-board", "realms-combat"])
def test_no_drawn_text_hedges_a_plural(name: str) -> None:
    """Counts read as a player writes them on the table too ("3 successes", "1 Event in hand", never
    "success(es)"); the rules' own words are checked in tests/engine/test_counted_words.py."""
    with measured(name) as (scene, audit):
        drawn = [d.text for d in audit.records.drawn]
        assert len(drawn) > 20
        one_many = r"\b1 (cards|actions|successes|Events|Wounds|Power Stones)\b"
        hedged = sorted({t for t in drawn if re.search(r"\w\((s|es)\)", t) or re.search(one_many, t)})
        assert not hedged, hedged


def test_the_recorder_sees_a_text_cut_by_a_clip() -> None:
    pygame.display.init()
    surface = text.RecordingSurface((200, 100))
    with text.recording() as rec:
        with rec.piece("log"):
            surface.set_clip(pygame.Rect(0, 20, 200, 80))
            surface.blit(text.font(14).render("half a line", True, (255, 255, 255)), (5, 12))
            surface.blit(text.font(14).render("a whole line", True, (255, 255, 255)), (5, 40))
            surface.set_clip(None)
    assert [d.text for d in Audit(rec, surface).clipped()] == ["half a line"]


def test_the_front_page_note_names_the_file_whole_and_shortens_its_folder_at_a_separator() -> None:
    from guardians.games.chronicles.scenes.end import saved_note

    pygame.display.init()
    scaling.set_window_size((1280, 720))
    path = Path("/tmp/guardians-readme-shots/newspapers/chronicles_welcome-to-the-lair_4-1d77042e1e14.png")
    fnt = text.font(12)
    with text.recording() as rec:
        lines = saved_note(path, 12, fnt.size(path.name)[0] + 10)
        folder = text.short_path(str(path.parent), fnt, fnt.size("…/readme-shots/newspapers")[0])
    assert lines == ["Front page saved as", path.name, f"in {path.parent}"]
    assert folder == "…/newspapers"                 # whole parts after a separator, never one cut in the middle
    assert not rec.cuts
    assert text.short_path(str(path.parent), fnt, 1000) == str(path.parent)


def test_realms_faces_name_classes_in_words() -> None:
    from guardians.games.realms.cards import CLASSES, load_content
    from guardians.games.realms.scenes.facts import face_of

    content = load_content()
    footers = {face_of(card).footer for card in content.cards.values() if card.classes}
    assert "Large Barnyard Animal" in footers
    assert not [f for f in footers if "_" in f or any(c in f.split() for c in CLASSES if "_" in c)]
