"""The pygame_gui scenes: the theme file, every game started from the menu by clicks alone, idle frames
that draw nothing, the rules reader scrolling, layouts at 1280×720 and 1920×1080."""

from __future__ import annotations

import json
import time

import pygame
import pytest
from ui_helpers import click, gui_rects, make_app, pump

from guardians.engine.paths import assets_dir
from guardians.engine.registry import game_ids
from guardians.ui import gui, theme
from guardians.ui.scenes.menu import MenuScene
from guardians.ui.scenes.rules import RulesScene, markdown_html
from guardians.ui.scenes.settings import SettingsScene


def run_frames(app, done, frames: int = 200) -> bool:
    """Frames about 10 ms apart (pygame_gui animates by elapsed time) until `done()`."""
    for _ in range(frames):
        time.sleep(0.01)
        app.step(wait=False)
        if done():
            return True
    return done()


def hex_colour(colour: tuple[int, int, int]) -> str:
    return "#%02x%02x%02x" % colour


def test_the_theme_file_uses_the_app_colours_and_its_fonts():
    data = json.loads((assets_dir() / gui.THEME_FILE).read_text(encoding="utf-8"))
    colours = data["defaults"]["colours"]
    assert colours["normal_bg"] == hex_colour(theme.BUTTON)
    assert colours["hovered_bg"] == hex_colour(theme.BUTTON_HOVER)
    assert colours["dark_bg"] == hex_colour(theme.PANEL)
    assert colours["normal_text"] == hex_colour(theme.TEXT)
    assert colours["hovered_border"] == hex_colour(theme.ACCENT)
    assert data["@primary"]["colours"]["normal_bg"] == hex_colour(theme.BUTTON_PRIMARY)
    assert data["@problem"]["colours"]["dark_bg"] == hex_colour(theme.ERROR_BG)
    fonts = [block["font"] for block in data.values() if "font" in block]
    assert fonts and all(font["name"] == gui.FONT_NAME for font in fonts)
    for font in fonts:
        for key in ("regular_path", "bold_path"):
            assert (assets_dir() / font[key]).is_file(), font[key]
    bigger = gui.theme_for(1.5)
    assert int(bigger["button"]["font"]["size"]) == round(int(data["button"]["font"]["size"]) * 1.5)


def test_the_menu_starts_every_registered_game_by_clicks_alone(app):
    from guardians.ui.scenes.play import PlayScene

    started = []
    for game_id in game_ids():
        menu = MenuScene(app)
        app.reset(menu)
        pump(app)
        assert not menu.broken, menu.broken
        for _ in range(len(menu.game.choices)):
            if menu.game.value == game_id:
                break
            click(app, menu.game.next.rect.center)
        assert menu.game.value == game_id
        players = menu.count.value
        for _ in range(len(menu.count.choices)):        # the largest count: every seat row in use
            if menu.count.value == menu.count.choices[-1][0]:
                break
            click(app, menu.count.next.rect.center)
        players = menu.count.value
        assert len([s for s in menu.seats if s.next is not None]) == players
        # the last seat to random (seat rows keep their choice from a game with the same count before)
        for _ in range(len(menu.seats[players - 1].choices)):
            if menu.seats[players - 1].value == "ai:random":
                break
            click(app, menu.seats[players - 1].prev.rect.center)
        assert menu.seats[players - 1].value == "ai:random"
        click(app, menu.start.rect.center)
        play = app.top
        assert isinstance(play, PlayScene), type(play)
        config = play.session.state.config
        assert (config.game, config.players, config.seats[-1]) == (game_id, players, "ai:random")
        started.append(game_id)
    assert set(started) == set(game_ids()) and {"heroes", "explore"} <= set(started)


def test_typed_seed_and_enter_start_the_game(app):
    menu = MenuScene(app)
    app.push(menu)
    pump(app)
    click(app, menu.seed.box.center)
    for char in "7x3":           # letters are refused
        pygame.event.post(pygame.event.Event(pygame.TEXTINPUT, text=char))
    pump(app)
    assert menu.seed.text == "73" and menu.seed.focused
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    pump(app)
    assert app.top is menu                  # Enter in the seed field does not start...
    click(app, (5, 5))                      # ...click elsewhere, then Enter does
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_RETURN, mod=0, unicode="\r", scancode=0))
    pump(app)
    assert app.top is not menu and app.top.session.state.seed == 73


def test_idle_frames_draw_nothing_and_input_redraws(app):
    menu = MenuScene(app)
    app.push(menu)
    for _ in range(gui.SETTLE_FRAMES + 2):
        app.step(wait=False)
    assert not menu.busy() and not menu.dirty
    assert app.draw() is False
    pygame.event.post(pygame.event.Event(pygame.MOUSEMOTION, pos=menu.start.rect.center, rel=(1, 1), buttons=(0, 0, 0)))
    drawn_before = app.frames
    app.step(wait=False)
    assert app.frames == drawn_before + 1 and menu.busy()
    for _ in range(gui.SETTLE_FRAMES + 2):
        app.step(wait=False)
    assert app.draw() is False


def test_the_rules_reader_scrolls_by_wheel_and_by_its_arrow(app):
    rules = RulesScene(app, "explore", "The Guardians: Explore")
    app.push(rules)
    pump(app, 2)
    bar = rules.box.scroll_bar
    assert bar is not None and bar.start_percentage == 0
    pygame.mouse.set_pos(rules.box.rect.center)      # pygame_gui finds what is hovered from the mouse
    pump(app)
    pygame.event.post(pygame.event.Event(pygame.MOUSEWHEEL, x=0, y=-3, flipped=False))
    assert run_frames(app, lambda: not rules.busy())   # the scroll eases in, frame by frame, then stops
    after_wheel = bar.start_percentage
    assert after_wheel > 0
    pos = bar.bottom_button.rect.center
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONDOWN, pos=pos, button=1))
    run_frames(app, lambda: False, frames=10)        # held down for a while
    pygame.event.post(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=pos, button=1))
    assert run_frames(app, lambda: not rules.busy())
    assert bar.start_percentage > after_wheel
    click(app, rules.back.rect.center)
    assert app.top is not rules


def test_markdown_becomes_text_box_html():
    html = markdown_html("# Title\n\nSome **bold** <words> & `code`.\n- a bullet", scale=1.5)
    assert html.startswith("<font pixel_size=39><b>Title</b></font><br><br>")
    assert "Some <b>bold</b> &lt;words&gt; &amp; code." in html and "•  a bullet" in html


@pytest.mark.parametrize("size", [(1280, 720), (1920, 1080)])
def test_menu_settings_and_rules_fit_the_window(size, monkeypatch):
    application = make_app(size)
    try:
        screen = pygame.Rect((0, 0), size)
        menu = MenuScene(application)
        application.push(menu)
        while menu.count.value != menu.count.choices[-1][0] or menu.game.value != "explore":
            click(application, (menu.game if menu.game.value != "explore" else menu.count).next.rect.center)
        pump(application)
        for scene in (menu, SettingsScene(application), RulesScene(application, "heroes", "Hero Tactics")):
            if scene is not menu:
                application.push(scene)
                pump(application)
            rects = gui_rects(scene)
            assert len(rects) >= 3 and all(screen.contains(r) for r in rects)
            inside = [r for r in rects if r.w > 20]
            assert all(not a.colliderect(b) for i, a in enumerate(inside) for b in inside[i + 1:]
                       if not (a.contains(b) or b.contains(a)))
        assert menu.scale == (1.0 if size[0] == 1280 else 1.5)
        assert menu.start.rect.h == round(60 * menu.scale)
    finally:
        application.close()


def test_the_card_viewer_lists_sections_in_pygame_gui_buttons(app):
    from guardians.ui.scenes.card_viewer import CardViewerScene, open_card_viewer
    from ui_helpers import scroll_into_view

    assert open_card_viewer(app, "explore", "The Guardians: Explore")
    viewer = app.top
    assert isinstance(viewer, CardViewerScene)
    pump(app)
    last = len(viewer.sections) - 1
    assert viewer.tabs.row_rect(last) is None                 # 17 sections: the list scrolls at 1280×720
    click(app, scroll_into_view(app, viewer.tabs, last).center)
    assert viewer.index == last and viewer.tabs.buttons[last].is_selected
    click(app, viewer.tabs.row_rect(last).center)             # the same section again: still chosen
    assert viewer.index == last
    top = viewer.cells[0][0].y
    click(app, viewer.down.rect.center) if viewer.down.visible else None
    assert not viewer.down.visible or viewer.cells[0][0].y < top
    pygame.event.post(pygame.event.Event(pygame.KEYDOWN, key=pygame.K_ESCAPE, mod=0, unicode="", scancode=0))
    pump(app)
    assert app.top is not viewer
