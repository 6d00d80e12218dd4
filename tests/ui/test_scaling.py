"""Issue #18: the window's scale and the player's UI scale (no pygame needed)."""

from __future__ import annotations

import pytest

from guardians.ui import scaling


@pytest.fixture(autouse=True)
def _reset_ui_scale():
    yield
    scaling.set_ui_scale(100)


def test_window_scale_goes_below_one_for_the_smallest_window_and_up_at_4k():
    assert scaling.window_scale((1024, 640)) == pytest.approx(0.8)
    assert scaling.window_scale((1280, 720)) == 1.0
    assert scaling.window_scale((3840, 2160)) == 3.0
    assert scaling.min_text_px((1280, 720)) == 12
    assert scaling.min_text_px((1024, 640)) == 10


def test_the_smallest_text_grows_with_the_window_as_every_font_does():
    """The floor is the 12 px of 1280×720 grown by `font_px`: a large window's smallest text keeps its share."""
    for size in ((1024, 640), (1280, 720), (1920, 1080), (2560, 1440), (3840, 2160)):
        assert scaling.min_text_px(size) == scaling.font_px(12, scaling.table_scale(size))
    assert scaling.min_text_px((1920, 1080)) == 17
    assert scaling.min_text_px((3840, 2160)) > scaling.min_text_px((2560, 1440)) > 17


def test_the_ui_scale_grows_text_and_lengths_but_never_lays_out_less_than_the_smallest_window():
    scaling.set_ui_scale(200)
    assert scaling.effective_ui((3840, 2160)) == 2.0
    assert scaling.effective_ui((1280, 720)) == pytest.approx(1.25)      # 1280×720 at 125 % is 1024×640's room
    assert scaling.effective_ui((1024, 640)) == 1.0
    assert scaling.table_scale((1280, 720)) == pytest.approx(1.25)
    assert scaling.font_px(12, scaling.table_scale((1280, 720))) > 12


def test_a_ui_scale_below_one_shrinks_text_and_its_floor_alike():
    scaling.set_ui_scale(80)
    assert scaling.table_scale((1280, 720)) == pytest.approx(0.8)
    assert scaling.min_text_px((1280, 720)) == 10
