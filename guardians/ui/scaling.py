"""How big the UI is drawn: the window's scale against 1280×720 and the player's UI-scale setting.

Everything is given for 1280×720. A window's scale is `min(w / 1280, h / 720)`, below 1 for a small
window (1024×640 is 0.8) and up to 3 at 4K. Fonts follow it a little more slowly than lengths, so text
stays in its boxes, and never go below `MIN_TEXT_PX` at 1280×720 (12 px; the same share of the window
on a smaller one). The player's UI scale (80 %–200 %, in the settings) multiplies the text and the
chrome's widths on top. It is one value for the whole process, set by the app from the settings.
"""

from __future__ import annotations

BASE_SIZE = (1280, 720)
MIN_TEXT_PX = 12                       # the smallest text at 1280×720 and UI scale 100 %
FONT_GROWTH = 0.8                      # fonts grow (and shrink) at 80 % of the rate of lengths

_ui_scale = 1.0


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


def font_scale(scale: float) -> float:
    """A font's factor for a window of length scale `scale`, the UI scale included."""
    return (1 + (scale - 1) * FONT_GROWTH) * _ui_scale


def font_px(value: float, scale: float) -> int:
    """A font size given for 1280×720, at length scale `scale`."""
    return int(round(value * font_scale(scale)))


def min_text_px(size: tuple[int, int]) -> int:
    """The smallest text allowed in a window of `size`: 12 px at 1280×720 and larger windows (UI scale 100 %),
    the same share of a smaller window (10 px at 1024×640)."""
    return font_px(MIN_TEXT_PX, min(1.0, window_scale(size)))


_window = BASE_SIZE


def set_window_size(size: tuple[int, int]) -> None:
    """The app's window size, for what is drawn without a layout at hand (card faces)."""
    global _window
    _window = (int(size[0]), int(size[1]))


def window_size() -> tuple[int, int]:
    return _window


def window_min_text() -> int:
    """`min_text_px` of the app's window."""
    return min_text_px(_window)
