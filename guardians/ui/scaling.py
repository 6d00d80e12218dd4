"""How big the UI is drawn: the window's scale against 1280×720 and the player's UI-scale setting.

Everything is given for 1280×720. A window's scale is `min(w / 1280, h / 720)`, below 1 for a small
window (1024×640 is 0.8) and up to 3 at 4K. The player's UI scale (80 %–200 %, in the settings; one value
for the whole process, set by the app) multiplies it: lengths and text grow together, as if the window were
that much smaller, but never so much that the layout is made for less than the smallest window, 1024×640
(`effective_ui`: at 1280×720 at most 125 %, at 4K the whole 200 %). Fonts follow the scale a little more
slowly than lengths, so text stays in its boxes, and never go below `MIN_TEXT_PX` at 1280×720 (12 px),
grown (or shrunk) with the window and the UI scale as every font is (`min_text_px`: 10 px at 1024×640,
17 px at 1920×1080).
"""

from __future__ import annotations

BASE_SIZE = (1280, 720)
SMALLEST_SCALE = 0.8                   # the smallest window's scale (1024×640): no layout is made for less
MIN_TEXT_PX = 12                       # the smallest text at 1280×720 and UI scale 100 %
FONT_GROWTH = 0.8                      # fonts grow (and shrink) at 80 % of the rate of lengths

_ui_scale = 1.0
_window = BASE_SIZE


def set_ui_scale(percent: int) -> None:
    """The player's UI scale, in percent (clamped to 50–300)."""
    global _ui_scale
    _ui_scale = max(0.5, min(3.0, percent / 100))


def ui_scale() -> float:
    return _ui_scale


def window_scale(size: tuple[int, int]) -> float:
    """Lengths given for 1280×720, scaled to a window of `size` (0.8 at 1024×640, 1.5 at 1920×1080)."""
    w, h = size
    return max(0.5, min(w / BASE_SIZE[0], h / BASE_SIZE[1]))


def effective_ui(size: tuple[int, int]) -> float:
    """The UI scale as applied in a window of `size`: above 100 % only as far as the layout stays at least
    the smallest window's."""
    if _ui_scale <= 1.0:
        return _ui_scale
    return max(1.0, min(_ui_scale, window_scale(size) / SMALLEST_SCALE))


def table_scale(size: tuple[int, int]) -> float:
    """Lengths given for 1280×720, in a window of `size` at the player's UI scale."""
    return window_scale(size) * effective_ui(size)


def font_scale(scale: float) -> float:
    """A font's factor at length scale `scale` (the UI scale is part of `scale`)."""
    return 1 + (scale - 1) * FONT_GROWTH


def font_px(value: float, scale: float) -> int:
    """A font size given for 1280×720, at length scale `scale`."""
    return int(round(value * font_scale(scale)))


def min_text_px(size: tuple[int, int]) -> int:
    """The smallest text allowed in a window of `size`: the 12 px of 1280×720 grown exactly as a font given
    for 1280×720 grows (`font_px(12, table_scale(size))`), so the floor keeps its share of the window both
    ways: 10 px at 1024×640, 17 px at 1920×1080, 31 px at 4K, and more or less with the player's UI scale.
    A text at the floor on a large window is as readable as 12 px at 1280×720, never smaller."""
    return font_px(MIN_TEXT_PX, table_scale(size))


def set_window_size(size: tuple[int, int]) -> None:
    """The app's window size, for what is drawn without a layout at hand (card faces)."""
    global _window
    _window = (int(size[0]), int(size[1]))


def window_size() -> tuple[int, int]:
    return _window


def window_font(value: float) -> int:
    """A font size given for 1280×720, in the app's window: for painters without a layout at hand (a layout
    says the same with `Scaled.font`)."""
    return font_px(value, table_scale(_window))


def window_min_text() -> int:
    """`min_text_px` of the app's window."""
    return min_text_px(_window)
