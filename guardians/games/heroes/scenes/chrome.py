"""The heroes table's frame: the top bar (turn, phases, actions left), the choices panel's heading and
the log. Drawn into the scene's cached picture; only the "thinking" dots are drawn every frame.
"""

from __future__ import annotations

import pygame

from guardians.games.heroes.scenes import style
from guardians.ui import theme
from guardians.ui.widgets import draw_box

SETUP_PHASES = ("faction", "draft", "locations", "place", "mulligan")
SETUP_STEPS = (("faction", "Faction"), ("draft", "Draft"), ("place", "Placement"), ("mulligan", "Mulligan"))
TURN_STEPS = (("control", "Control"), ("ready", "Ready"), ("action", "Action"), ("score", "Score"), ("draw", "Draw"))
PHASE_ALIASES = {"returning": "ready", "discard": "draw", "locations": "place"}


def phase_steps(state) -> tuple[tuple[str, str], ...]:
    """The steps shown in the top bar: setup's, or the five phases of a turn."""
    if state.phase in SETUP_PHASES:
        return tuple(s for s in SETUP_STEPS if not (s[0] == "draft" and state.first_game))
    return TURN_STEPS


def draw_top_bar(surface: pygame.Surface, scene) -> None:
    geo, state = scene.geo, scene.state
    bar = geo.top
    pygame.draw.rect(surface, theme.PANEL, bar)
    pygame.draw.line(surface, theme.PANEL_EDGE, (0, bar.bottom - 1), (bar.right, bar.bottom - 1))
    title = style.text("Guardians", geo.font(19), theme.ACCENT, True)
    surface.blit(title, (12, bar.centery - title.get_height() // 2))
    x = 24 + title.get_width()
    setup = state.phase in SETUP_PHASES
    if setup:
        lead = "Setup" + (" · First Game" if state.first_game else "")
    else:
        faction = state.faction[state.active]
        lead = f"Turn {state.turn_no + 1} · {style.faction_title(faction)}"
    img = style.text(lead, geo.font(15), theme.TEXT, True)
    surface.blit(img, (x, bar.centery - img.get_height() // 2))
    x += img.get_width() + 14
    current = PHASE_ALIASES.get(state.phase, state.phase)
    for key, name in phase_steps(state):
        on = key == current
        label = style.text(name, geo.font(13), theme.TEXT_DARK if on else theme.TEXT_DIM, on)
        chip = pygame.Rect(x, bar.y + 9, label.get_width() + 16, bar.h - 18)
        if on:
            draw_box(surface, chip, theme.ACCENT, theme.TEXT, 1, radius=5)
            pygame.draw.polygon(surface, theme.ACCENT, [(chip.centerx - 5, chip.bottom), (chip.centerx + 5, chip.bottom),
                                                        (chip.centerx, chip.bottom + 5)])
        else:
            draw_box(surface, chip, theme.BG, theme.PANEL_EDGE, 1, radius=5)
        surface.blit(label, label.get_rect(center=chip.center))
        x = chip.right + 4
    if state.phase == "action":
        actor = state.actor
        left = state.seats[actor].actions
        words = f"{state.seat_name(actor)}: {left} action{'s' if left != 1 else ''} left"
        img = style.fitted(words, geo.font(14), max(40, scene.rules_button.rect.x - x - 24), style.TOKEN, True)
        surface.blit(img, (x + 14, bar.centery - img.get_height() // 2))


def draw_choices_heading(surface: pygame.Surface, scene) -> None:
    geo = scene.geo
    rect = geo.choices
    draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
    inner = rect.inflate(-16, -16)
    decision = scene.presented_decision()
    session = scene.session
    if decision is not None:
        who = "Your choice" if len(session.humans) == 1 else f"{scene.state.seat_name(decision.seat)} chooses"
        surface.blit(style.text(who, geo.font(14), theme.TEXT_DIM, True), (inner.x, inner.y))
        y = theme.blit_lines(surface, scene.prompt_lines, theme.font(geo.font(15), True), theme.TEXT, inner.x, inner.y + 22)
        note = "All options (hover one to see it on the table):" if not scene.selected else \
            "What the selected hero can do:"
        surface.blit(style.fitted(note, geo.font(12), inner.w, theme.TEXT_DIM), (inner.x, y + 4))
    elif scene.state.is_over:
        surface.blit(style.text("The game is over.", geo.font(16), theme.TEXT, True), (inner.x, inner.y))


def draw_thinking(surface: pygame.Surface, scene) -> None:
    thinking = scene.session.thinking
    if thinking is None or scene.state.is_over:
        return
    inner = scene.geo.choices.inflate(-16, -16)
    dots = "." * (1 + int(scene.clock / 0.35) % 3)
    name = scene.state.seat_name(thinking)
    fnt = theme.font(scene.geo.font(16), True)
    y = theme.blit_lines(surface, theme.wrap(f"{name} is thinking{dots}", fnt, inner.w), fnt, theme.TEXT, inner.x, inner.y)
    surface.blit(style.text("The computer is choosing its move.", scene.geo.font(13), theme.TEXT_DIM), (inner.x, y + 6))


def draw_log(surface: pygame.Surface, rect: pygame.Rect, scene) -> None:
    """The log, newest at the bottom, in the window's font size; the wheel scrolls it back."""
    if rect.h <= 30:
        return
    geo = scene.geo
    draw_box(surface, rect, theme.PANEL, theme.PANEL_EDGE)
    surface.blit(style.text("Log", geo.font(14), theme.PANEL_TITLE, True), (rect.x + 8, rect.y + 6))
    if scene.log_back:
        more = style.text(f"{scene.log_back} newer below (scroll)", geo.font(12), theme.TEXT_DIM)
        surface.blit(more, more.get_rect(topright=(rect.right - 8, rect.y + 8)))
    px = geo.font(13)
    line_h = theme.font(px).get_linesize()
    inner = pygame.Rect(rect.x + 8, rect.y + 28, rect.w - 16, rect.h - 34)
    log = scene.state.log
    end = len(log) - scene.log_back
    viewer = scene.session.viewer
    y = inner.bottom
    clip = surface.get_clip()
    surface.set_clip(inner)
    for index in range(end - 1, -1, -1):
        lines = style.wrapped(log[index].text_for(viewer), px, inner.w - 12)
        y -= len(lines) * line_h + 2
        if y < inner.y:
            break
        colour = theme.TEXT if index == len(log) - 1 else theme.TEXT_DIM
        for i, line in enumerate(lines):
            surface.blit(style.text(line, px, colour), (inner.x + (10 if i else 0), y + i * line_h))
    surface.set_clip(clip)
