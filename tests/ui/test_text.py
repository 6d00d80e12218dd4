"""The one text-fitting module: wrapping, cutting with "…", fitting a box."""

from __future__ import annotations

import pygame

from guardians.ui import scaling, text, theme

LONG = ("Deal 3 damage to an enemy hero within range 2. If that hero is knocked out, move the control "
        "token of its location one space toward you.\nThen draw a card: Supercalifragilisticexpialidocious.")


def test_wrap_keeps_every_word_within_the_width_and_the_newlines(app):
    fnt = text.font(16)
    for width in (320, 600):
        lines = text.wrap(LONG, fnt, width)
        assert all(fnt.size(line)[0] <= width for line in lines)
        assert "".join(lines).replace(" ", "") == LONG.replace(" ", "").replace("\n", "")
    assert text.wrap("a\nb", fnt, 600) == ["a", "b"]


def test_wrap_never_splits_a_word(app):
    """Issue #18: lines break at spaces only; a word wider than the line stands alone, cut with "…" (a cut the
    recorder sees), never in two pieces on two lines ("Fireb" / "all")."""
    fnt = text.font(16)
    words = LONG.replace("\n", " ").split()
    with text.recording() as rec:
        lines = text.wrap(LONG, fnt, 90)
        assert rec.cuts == []                  # a cut is seen when its words are drawn
        text.blit_lines(pygame.Surface((100, 400)), lines, fnt, (0, 0, 0), 0, 0)
    assert all(fnt.size(line)[0] <= 90 for line in lines)
    for line in lines:
        for word in line.split():
            assert word in words or (word.endswith("…") and any(w.startswith(word[:-1]) for w in words))
    long_word = "Supercalifragilisticexpialidocious."
    assert [c.text for c in rec.cuts] == [long_word]
    assert any(line.endswith("…") and long_word.startswith(line[:-1]) for line in lines)
    assert text.words_fit("Two words", fnt, 90) and not text.words_fit(long_word, fnt, 90)


def test_a_caller_may_ask_for_a_word_split_rather_than_cut(app):
    """The realms board's last resort for a name wider than its space: the word goes on over two lines, nothing
    left out, no cut."""
    fnt = text.font(16)
    with text.recording() as rec:
        lines = text.wrap("Supercalifragilisticexpialidocious", fnt, 90, split=True)
    assert len(lines) > 1 and "".join(lines) == "Supercalifragilisticexpialidocious"
    assert all(fnt.size(line)[0] <= 90 for line in lines) and not rec.cuts


def test_fit_lines_shrinks_until_no_word_is_cut(app):
    """A name whose longest word is wider than its box shrinks (down to the floor) rather than break."""
    width = text.font(20, True).size("Fireball")[0] - 4
    size, lines = text.fit_lines("Fireball", 20, width, 200, min_size=8, bold=True)
    assert size < 20 and lines == ["Fireball"]
    assert text.font(size, True).size("Fireball")[0] <= width


def test_wrap_with_max_lines_ends_the_last_kept_line_with_an_ellipsis(app):
    fnt = text.font(14)
    lines = text.wrap(LONG, fnt, 120, max_lines=3)
    assert len(lines) == 3 and lines[-1].endswith("…")
    assert all(fnt.size(line)[0] <= 120 for line in lines)
    assert text.wrap("short", fnt, 120, max_lines=3) == ["short"]


def test_ellipsize_cuts_to_the_longest_prefix_that_fits(app):
    fnt = text.font(16, bold=True)
    assert text.ellipsize("Fits", fnt, 500) == "Fits"
    for width in (30, 70, 150):
        cut = text.ellipsize(LONG, fnt, width)
        assert cut.endswith("…") and fnt.size(cut)[0] <= width
        longer = LONG[: len(cut)].rstrip() + "…"
        assert fnt.size(longer)[0] > width or longer == cut
    assert text.ellipsize(LONG, fnt, 2) == ""


def test_fit_lines_and_fit_size_shrink_before_cutting(app):
    size, lines = text.fit_lines("Two words", 20, 400, 100)
    assert size == 20 and lines == ["Two words"]
    size, lines = text.fit_lines(LONG, 20, 150, 60, min_size=8)
    assert size < 20 and len(lines) * text.font(size).get_linesize() <= 60
    assert text.fit_size("A rather long single line of text", 24, 120) < 24
    assert text.font(text.fit_size("A rather long single line", 24, 120)).size("A rather long single line")[0] <= 120 \
        or text.fit_size("A rather long single line", 24, 120) == text.least(24, 8)


def test_fitting_stops_at_the_windows_smallest_text(app):
    """Issue #18: text shrinks to fit down to 12 px at 1280×720 (10 px at 1024×640), never below; a caller's
    larger minimum (given for 1280×720) shrinks with a smaller window."""
    assert app.size == (1280, 720)
    assert text.fit_size(LONG, 24, 40, min_size=6) == 12
    assert text.fit_lines(LONG, 20, 40, 30, min_size=6)[0] == 12
    assert text.fit_size(LONG, 9, 40, min_size=6) == 9          # asked smaller than the floor: kept
    scaling.set_window_size((1024, 640))
    try:
        assert text.fit_size(LONG, 24, 40, min_size=6) == 10
        assert text.least(24, 12) == 10
    finally:
        scaling.set_window_size(app.size)
    scaling.set_window_size((1920, 1080))          # a large window's floor grows as its fonts do
    try:
        assert text.fit_size(LONG, 24, 40, min_size=6) == scaling.min_text_px((1920, 1080)) == 17
    finally:
        scaling.set_window_size(app.size)


def test_a_card_name_is_never_split_inside_a_word(app):
    """Issue #18 (names in hand read whole): a one-word name too wide in bold for a narrow card is written in
    regular weight rather than broken over two lines ("Repositio" / "n"), at every card width."""
    from text_audit import clear_text_caches

    from guardians.engine.table import CardFace
    from guardians.ui.cards import render_card

    face = CardFace("Reposition", "Action", "", (), "action")
    fragments = {"Reposition"[:i] for i in range(1, 10)} | {"Reposition"[i:] for i in range(1, 10)}
    regular, bold = (text.font(12, b).size("Reposition")[0] for b in (False, True))
    assert bold > regular
    whole = 0
    for width in range(regular + 20, bold + 60, 2):     # from where the name fits in regular weight (the card's
        # frame and margins take under 20 px), through the widths where only regular fits, to where bold fits
        clear_text_caches()                        # every line rendered afresh, so the recorder sees it
        with text.recording() as rec:
            render_card(face, (width, int(width * 1.4)))
        drawn = [d.text for d in rec.drawn]
        assert not fragments & set(drawn), (width, drawn)
        whole += "Reposition" in drawn
    assert whole > 10


def test_render_wrapped_is_pygame_wrapping_within_the_width(app):
    fnt = text.font(15)
    one = text.render_wrapped("one line", fnt, theme.TEXT, 400)
    many = text.render_wrapped(LONG, fnt, theme.TEXT, 160)
    assert one.get_height() == fnt.get_linesize() or one.get_height() == fnt.get_height()
    assert many.get_width() <= 160 and many.get_height() >= 5 * fnt.get_height()


def test_theme_names_are_the_text_module(app):
    assert theme.wrap is text.wrap and theme.ellipsize is text.ellipsize and theme.fit_text is text.fit_text
