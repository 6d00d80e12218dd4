"""The explore table's frame: the top bar (round, the phase steps, the Trailblazer), the choices panel's
heading and the log. Drawn into the scene's cached picture; only the "thinking" dots change per frame.
"""

from __future__ import annotations

import pygame

from guardians.games.explore.scenes import style
from guardians.games.explore.scenes.facts import PHASE_ALIASES, PHASE_STEPS, WARMUP_PHASES, WARMUP_STEPS
from guardians.ui import theme
from guardians.ui.widgets import draw_box


def steps_of(vs) -> tuple[tuple[str, str], ...]:
    if vs.phase in WARMUP_PHASES:
        if vs.apprentice:
            return (("colour", "Decks"), ("deal", "Deal"))
        if vs.n == 1:
            return (("draft", "Draft 13 of 36"), ("final", "Final choice"), ("deal", "Deal"))
        return WARMUP_STEPS[1:] + (("deal", "Deal"),)
    return PHASE_STEPS


def draw_top_bar(surface: pygame.Surface, scene) -> None:
    geo, vs = scene.geo, scene.ctx.vs
    bar = geo.top
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, (0, bar.bottom - 1), (bar.right, bar.bottom - 1))
    title = style.text("Explore", geo.font(18), theme.ACCENT, True)
    surface.blit(title, (12, bar.centery - title.get_height() // 2))
    x = 24 + title.get_width()
    warmup = vs.phase in WARMUP_PHASES
    rounds = sum(1 for s in vs.track if s in ("round", "blue_boss", "red_boss"))
    if vs.phase == "over":
        lead = "Game over"
    elif warmup:
        lead = "Warm Up" + (" · Apprentice" if vs.apprentice else "")
    else:
        lead = f"Round {vs.round_no} of {rounds}" + (" · boss battle" if vs.boss else "")
    img = style.text(lead, geo.font(14), theme.TEXT, True)
    surface.blit(img, (x, bar.centery - img.get_height() // 2))
    x += img.get_width() + 12
    current = PHASE_ALIASES.get(vs.phase, vs.phase)
    limit = scene.rules_button.rect.x - 8
    for key, name in steps_of(vs):
        on = key == current
        label = style.text(name, geo.font(12), theme.TEXT_DARK if on else theme.TEXT_DIM, on)
        chip = pygame.Rect(x, bar.y + geo.px(8), label.get_width() + 14, bar.h - geo.px(16))
        if chip.right > limit:
            break
        if on:
            draw_box(surface, chip, theme.ACCENT, theme.TEXT, 1, radius=5)
        else:
            draw_box(surface, chip, theme.BG, theme.PANEL_EDGE, 1, radius=5)
        surface.blit(label, label.get_rect(center=chip.center))
        x = chip.right + 4
    if vs.phase != "over" and vs.n > 1:
        words = f"Trailblazer: {scene.ctx.seat_label(vs.trail, True)}"
        img = style.fitted(words, geo.font(12), max(30, limit - x - 12), style.GOLD, True)
        if limit - x - 12 > 60:
            surface.blit(img, (x + 10, bar.centery - img.get_height() // 2))


def draw_choices_heading(surface: pygame.Surface, scene) -> None:
    geo = scene.geo
    rect = geo.choices
    draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
    inner = rect.inflate(-16, -16)
    decision = scene.presented_decision()
    if decision is not None:
        session = scene.session
        who = "Your choice" if len(session.humans) == 1 else f"{scene.state.seat_name(decision.seat)} chooses"
        surface.blit(style.text(who, geo.font(13), theme.TEXT_DIM, True), (inner.x, inner.y))
        y = theme.blit_lines(surface, scene.prompt_lines, theme.font(geo.font(14), True), theme.TEXT, inner.x,
                             inner.y + geo.px(20))
        note = "All options (hover one to see it on the table):" if not scene.selected else \
            "What the selected card can be kept with:"
        surface.blit(style.fitted(note, geo.font(11), inner.w, theme.TEXT_DIM), (inner.x, y + 4))
    elif scene.state.is_over:
        surface.blit(style.text("The game is over.", geo.font(15), theme.TEXT, True), (inner.x, inner.y))
    elif scene.session.thinking is None and scene.session.human_to_move is None:
        surface.blit(style.text("Watching the computer play.", geo.font(14), theme.TEXT, True), (inner.x, inner.y))


def draw_thinking(surface: pygame.Surface, scene) -> None:
    thinking = scene.session.thinking
    if thinking is None or scene.state.is_over:
        return
    inner = scene.geo.choices.inflate(-16, -16)
    dots = "." * (1 + int(scene.clock / 0.35) % 3)
    name = scene.state.seat_name(thinking)
    fnt = theme.font(scene.geo.font(15), True)
    y = theme.blit_lines(surface, theme.wrap(f"{name} is thinking{dots}", fnt, inner.w), fnt, theme.TEXT, inner.x,
                         inner.y)
    surface.blit(style.text("The computer is choosing its move.", scene.geo.font(12), theme.TEXT_DIM), (inner.x, y + 6))


def draw_log(surface: pygame.Surface, rect: pygame.Rect, scene) -> None:
    """The log, newest at the bottom; the wheel scrolls it back."""
    if rect.h <= 30:
        return
    geo = scene.geo
    draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
    surface.blit(style.text("Log", geo.font(13), theme.PANEL_TITLE, True), (rect.x + 8, rect.y + 6))
    if scene.log_back:
        more = style.text(f"{scene.log_back} newer below (scroll)", geo.font(11), theme.TEXT_DIM)
        surface.blit(more, more.get_rect(topright=(rect.right - 8, rect.y + 8)))
    px = geo.font(12)
    line_h = theme.font(px).get_linesize()
    inner = pygame.Rect(rect.x + 8, rect.y + geo.px(26), rect.w - 16, rect.h - geo.px(32))
    log = scene.state.log
    end = len(log) - scene.log_back
    viewer = scene.session.viewer
    y = inner.bottom
    clip = surface.get_clip()
    surface.set_clip(inner)
    for index in range(end - 1, -1, -1):
        event = log[index]
        bold = event.kind in ("round", "end")
        lines = style.wrapped(event.text_for(viewer), px, inner.w - 12, bold)
        y -= len(lines) * line_h + 2
        if y + len(lines) * line_h < inner.y:
            break
        colour = theme.TEXT if index == len(log) - 1 else theme.TEXT_DIM
        if event.kind in ("round", "boss", "end"):
            colour = style.GOLD
        for i, line in enumerate(lines):
            surface.blit(style.text(line, px, colour, bold), (inner.x + (10 if i else 0), y + i * line_h))
    surface.set_clip(clip)
