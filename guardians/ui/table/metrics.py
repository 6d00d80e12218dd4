"""The numbers a table's frame is drawn with, given for 1280×720. A game makes one `Metrics` with its
own sizes; `fixed=True` keeps frame offsets in pixels at every window size instead of scaling them.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class Metrics:
    fixed: bool = False              # frame offsets in pixels (True) or scaled with the window
    # the top bar
    title_px: int = 18
    lead_px: int = 14
    lead_gap: int = 12
    chip_px: int = 12
    chip_inset: int = 8
    chip_pad: int = 14
    chip_pointer: bool = False       # a small triangle under the current step
    note_px: int = 12
    note_gap: int = 10
    note_room: int = 20              # kept free before the Rules button
    note_min_w: int = 30
    note_needs: int = 60             # the note is drawn only with this much room (None: always)
    # the right column
    button_w: int = 74
    menu_inset: int = 5
    button_px: int = 14
    undo_px: int = 15
    undo_y: int = 46
    undo_h: int = 38
    who_px: int = 13
    prompt_px: int = 14
    prompt_dy: int = 20
    note_line_px: int = 12
    over_px: int = 15
    list_px: int = 13
    list_head: int = 20
    list_gap: int = 22
    list_bottom: int = 54
    thinking_px: int = 15
    thinking_sub_px: int = 12
    # the log
    log_title_px: int = 13
    log_more_px: int = 12
    log_px: int = 12
    log_top: int = 26
    log_cut: int = 32               # the panel's height less the lines' area
    log_partial: bool = True         # the oldest entry shown may lose its first lines (whole lines only)
    # the hover layer and animations
    zoom: tuple[int, int] = (250, 350)
    tag_px: int = 13
    wrap_tags: bool = True
    tip_px: int = 13
    badge_px: int = 10
    badge_scaled: bool = True
    badge_at: str = "bottom"         # where "N choices" sits on a target: "bottom", "topright" or "none"
    float_px: int = 18
    float_rise: int = 28
    show_px: int = 14
    # the prompt strip
    strip_title_px: int = 13
    strip_title_min: int = 12
    strip_hint_px: int = 12
    strip_hint_min: int = 12
    strip_button_px: int = 13
    strip_inset: int = 3
    strip_right: int = 4
    strip_text_x: int = 10
    strip_button_max: int = 230
