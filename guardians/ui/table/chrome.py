"""A table's frame: the top bar (title, where the game is, its steps, a note), the choices panel's
heading, the "thinking" dots and the log. Drawn into the scene's cached picture (the dots every frame).

The game says what the bar shows through `TableScene.top_bar()`; the sizes come from its `Metrics`.
"""

from __future__ import annotations

from dataclasses import dataclass
from functools import lru_cache

import pygame

from guardians.ui import theme
from guardians.ui.text import register_cache
from guardians.ui.table.pictures import Pictures
from guardians.ui.table.text import Colour, fitted, text, wrapped
from guardians.ui.widgets import draw_box


@dataclass(frozen=True)
class TopBar:
    title: str                                   # the game's short name, in the accent colour
    lead: str                                    # "Turn 3 · Loyalist", "Round 2 of 8"
    steps: tuple[tuple[str, str], ...] = ()      # (key, name) of the phase chips
    current: str = ""                            # the key of the lit chip
    note: str = ""                               # a line after the chips ("2 actions left")
    note_colour: Colour = theme.TEXT


def draw_top_bar(surface: pygame.Surface, scene, bar_parts: TopBar, pictures: Pictures | None = None) -> None:
    """The bar across the top; through `pictures` (the scene's kept pictures) when given: the bar reads the
    same for many moves in a row, so it is blitted, not written again."""
    geo, m = scene.geo, scene.metrics
    bar = geo.top
    limit = scene.rules_button.rect.x - 8 - bar.x
    sizes = (geo.font(m.title_px), geo.font(m.lead_px), geo.font(m.chip_px), geo.font(m.note_px),
             scene.length(m.chip_inset))

    def paint(target: pygame.Surface, rect: pygame.Rect) -> None:
        _paint_top_bar(target, rect, bar_parts, m, sizes, limit)

    if pictures is None:
        paint(surface, bar)
    else:
        pictures.draw(surface, bar, ("top bar", bar_parts, bar.size, limit, m, sizes), paint)


def _paint_top_bar(surface: pygame.Surface, bar: pygame.Rect, bar_parts: TopBar, m, sizes: tuple[int, ...],
                   limit: int) -> None:
    """The top bar at `bar`: every length from the bar's left edge (`limit`: where the chips must stop)."""
    title_px, lead_px, chip_px, note_px, inset = sizes
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, (bar.x, bar.bottom - 1), (bar.right, bar.bottom - 1))
    title = text(bar_parts.title, title_px, theme.ACCENT, True)
    surface.blit(title, (bar.x + 12, bar.centery - title.get_height() // 2))
    x = bar.x + 24 + title.get_width()
    img = text(bar_parts.lead, lead_px, theme.TEXT, True)
    surface.blit(img, (x, bar.centery - img.get_height() // 2))
    x += img.get_width() + m.lead_gap
    limit += bar.x
    for key, name in bar_parts.steps:
        on = key == bar_parts.current
        label = text(name, chip_px, theme.TEXT_DARK if on else theme.TEXT_DIM, on)
        chip = pygame.Rect(x, bar.y + inset, label.get_width() + m.chip_pad, bar.h - 2 * inset)
        if chip.right > limit:
            break
        if on:
            draw_box(surface, chip, theme.ACCENT, theme.TEXT, 1, radius=5)
            if m.chip_pointer:
                pygame.draw.polygon(surface, theme.ACCENT, [(chip.centerx - 5, chip.bottom), (chip.centerx + 5, chip.bottom),
                                                            (chip.centerx, chip.bottom + 5)])
        else:
            draw_box(surface, chip, theme.BG, theme.PANEL_EDGE, 1, radius=5)
        surface.blit(label, label.get_rect(center=chip.center))
        x = chip.right + 4
    room = limit + 8 - x - m.note_room          # from the Rules button, as `limit` is 8 short of it
    if bar_parts.note and (m.note_needs is None or room > m.note_needs):
        img = fitted(bar_parts.note, note_px, max(m.note_min_w, room), bar_parts.note_colour, True)
        surface.blit(img, (x + m.note_gap, bar.centery - img.get_height() // 2))


def draw_choices_heading(surface: pygame.Surface, scene, pictures: Pictures | None = None) -> None:
    """The choices panel and its heading (who chooses, the prompt, the note over the list); through
    `pictures` when given, as the top bar."""
    geo, m = scene.geo, scene.metrics
    rect = geo.choices
    decision = scene.presented_decision()
    session = scene.session
    words: tuple = ()
    if decision is not None:
        who = "Your choice" if len(session.humans) == 1 else f"{scene.state.seat_name(decision.seat)} chooses"
        note = "All options (hover to find one):" if not scene.selected else scene.SELECTED_NOTE
        words = ("choice", who, tuple(scene.prompt_lines), note, geo.font(m.who_px), geo.font(m.prompt_px),
                 scene.length(m.prompt_dy), geo.font(m.note_line_px), geo.min_text)
    elif scene.state.is_over:
        words = ("over", "The game is over.", geo.font(m.over_px))
    elif scene.IDLE_LINE and session.thinking is None and session.human_to_move is None:
        words = ("idle", scene.IDLE_LINE, geo.font(14))

    def paint(target: pygame.Surface, box: pygame.Rect) -> None:
        _paint_heading(target, box, words)

    if pictures is None:
        paint(surface, rect)
    else:
        pictures.draw(surface, rect, ("choices heading", words), paint)


def _paint_heading(surface: pygame.Surface, rect: pygame.Rect, words: tuple) -> None:
    draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
    inner = rect.inflate(-16, -16)
    if not words:
        return
    if words[0] == "choice":
        _, who, prompt_lines, note, who_px, prompt_px, prompt_dy, note_px, min_text = words
        surface.blit(text(who, who_px, theme.TEXT_DIM, True), (inner.x, inner.y))
        y = theme.blit_lines(surface, list(prompt_lines), theme.font(prompt_px, True), theme.TEXT, inner.x,
                             inner.y + prompt_dy)
        surface.blit(fitted(note, note_px, inner.w, theme.TEXT_DIM, min_size=min_text), (inner.x, y + 4))
    else:
        surface.blit(text(words[1], words[2], theme.TEXT, True), (inner.x, inner.y))


def draw_thinking(surface: pygame.Surface, scene) -> None:
    thinking = scene.session.thinking
    if thinking is None or scene.state.is_over:
        return
    geo, m = scene.geo, scene.metrics
    inner = geo.choices.inflate(-16, -16)
    dots = "." * (1 + int(scene.clock / 0.35) % 3)
    name = scene.state.seat_name(thinking)
    fnt = theme.font(geo.font(m.thinking_px), True)
    y = theme.blit_lines(surface, theme.wrap(f"{name} is thinking{dots}", fnt, inner.w), fnt, theme.TEXT, inner.x,
                         inner.y)
    sub = ("The computer is choosing its move. Press Space to make it move now." if scene.session.can_hurry
           else "The computer is choosing its move.")
    theme.blit_lines(surface, theme.wrap(sub, theme.font(geo.font(m.thinking_sub_px)), inner.w),
                     theme.font(geo.font(m.thinking_sub_px)), theme.TEXT_DIM, inner.x, y + 6)


def draw_log(surface: pygame.Surface, rect: pygame.Rect, scene, line_by_line: bool = False) -> None:
    """The log, newest at the bottom; the wheel scrolls it back. Kinds the scene names in `LOG_BOLD`
    are bold, those in `LOG_COLOURS` get their colour. Only whole lines are drawn (with `log_partial`, the
    last lines of the oldest entry shown, never a line cut by the panel's edge). An entry is blitted from
    its kept image (`log_entry`), the same pixels; `line_by_line` writes every line on `surface` instead (the
    text audit reads each line where it is written)."""
    if rect.h <= 30:
        return
    geo, m = scene.geo, scene.metrics
    draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
    surface.blit(text("Log", geo.font(m.log_title_px), theme.PANEL_TITLE, True), (rect.x + 8, rect.y + 6))
    if scene.log_back:
        more = text(f"{scene.log_back} newer below (scroll)", geo.font(m.log_more_px), theme.TEXT_DIM)
        surface.blit(more, more.get_rect(topright=(rect.right - 8, rect.y + 8)))
    px = geo.font(m.log_px)
    line_h = theme.font(px).get_linesize()
    top = scene.length(m.log_top)
    inner = pygame.Rect(rect.x + 8, rect.y + top, rect.w - 16, rect.h - scene.length(m.log_cut))
    log = scene.state.log
    end = len(log) - scene.log_back
    viewer = scene.session.viewer
    y = inner.bottom
    clip = surface.get_clip()
    surface.set_clip(inner)
    for index in range(end - 1, -1, -1):
        event = log[index]
        bold = event.kind in scene.LOG_BOLD
        lines = wrapped(event.text_for(viewer), px, inner.w - 12, bold)
        y -= len(lines) * line_h + 2
        if (y + len(lines) * line_h if m.log_partial else y) < inner.y:
            break
        colour = theme.TEXT if index == len(log) - 1 else theme.TEXT_DIM
        colour = scene.LOG_COLOURS.get(event.kind, colour)
        if y >= inner.y and not line_by_line:
            surface.blit(log_entry(lines, px, colour, bold, line_h, inner.w), (inner.x, y))
            continue
        for i, line in enumerate(lines):        # whole lines only: an entry's top lines past the edge are left off
            if y + i * line_h >= inner.y:
                surface.blit(text(line, px, colour, bold), (inner.x + (10 if i else 0), y + i * line_h))
    surface.set_clip(clip)


@lru_cache(maxsize=256)
def log_entry(lines: tuple[str, ...], px: int, colour: Colour, bold: bool, line_h: int, width: int) -> pygame.Surface:
    """One log entry's lines (the second and later indented) written on the log panel's colour, kept: a log
    shows the same entries move after move, and one opaque blit each is quicker than a blended one a line."""
    images = [text(line, px, colour, bold) for line in lines]
    height = max(i * line_h + img.get_height() for i, img in enumerate(images))
    entry = pygame.Surface((width, height))
    if pygame.display.get_surface() is not None:
        entry = entry.convert()
    entry.fill(theme.PANEL)
    for i, img in enumerate(images):
        entry.blit(img, (10 if i else 0, i * line_h))
    return entry


register_cache(log_entry.cache_clear)        # emptied with the text caches (fonts changed, an audit begins)
