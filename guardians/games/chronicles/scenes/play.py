"""The chronicles table on the kit's table scene: the base as a map in the middle, the heroes' and the
villain's panels on the left, the prompt strip at the bottom and, over it, buttons for the choices that
name nothing on the map.

The kit (`guardians.ui.table`) does the session, the cached picture, selection, hover and animation; this
adds the map (board.py), the side panel (panels.py), the clicks read from the options' arguments
(selection.py) and the words of the top bar and the strip.
"""

from __future__ import annotations

import copy

import pygame

from guardians.engine.actions import Decision, Event
from guardians.games.chronicles.scenes import board, dice, style
from guardians.games.chronicles.scenes.camera import DRAG_START, MAX_ZOOM, SCROLL_SHARE, Camera
from guardians.games.chronicles.scenes.layout import Geometry, button_band, geometry
from guardians.games.chronicles.scenes.preview import Preview, actor_of, line_of_sight, preview, sight_words
from guardians.games.chronicles.scenes.selection import CLICKS, cell_ref, hint
from guardians.ui import theme
from guardians.ui.app import Scene
from guardians.ui.table import prompt as strip
from guardians.ui.table.anims import Moves, floating
from guardians.ui.table.chrome import TopBar
from guardians.ui.table.kept import Kept
from guardians.ui.table.metrics import Metrics
from guardians.ui.table.scene import TableScene
from guardians.ui.table.text import blit_centered, fitted, text
from guardians.ui.table.view import Piece, View
from guardians.ui.widgets import event_pos, wheel_steps

STEPS = (("strategy", "Strategy"), ("activation", "Activation"), ("room", "Rooms"), ("objectives", "Objectives"),
         ("cards", "Cards"))
PHASE_WORDS = {"setup": "setting up", "strategy": "planning in secret", "activation": "acting",
               "room": "choosing a room", "objectives": "checking objectives", "cards": "drawing cards"}
MOVES = Moves(0.35, 0.4, 0.08, still_groups=("button", "cell", "plaque", "panel", "area"))


ZOOM_IN_KEYS = frozenset({pygame.K_PLUS, pygame.K_EQUALS, pygame.K_KP_PLUS})
ZOOM_OUT_KEYS = frozenset({pygame.K_MINUS, pygame.K_KP_MINUS})
FIT_KEYS = frozenset({pygame.K_f, pygame.K_0, pygame.K_KP0, pygame.K_HOME})
SCROLL_KEYS = {pygame.K_LEFT: (-1, 0), pygame.K_RIGHT: (1, 0), pygame.K_UP: (0, -1), pygame.K_DOWN: (0, 1)}
CONTROLS = {"map:zoom_in": ("+", "Zoom in (mouse wheel up, or +)"),
            "map:zoom_out": ("−", "Zoom out (mouse wheel down, or -)"),
            "map:fit": ("Fit", "Show the whole base (F). Zoomed in, drag the map or use the arrow keys to scroll it.")}


CONTROLS_W = 38                  # the zoom buttons' column at the map's right


def build_controls(view: View, area: pygame.Rect, cam: Camera, limit: float, geo: Geometry,
                   kept: Kept | None = None) -> None:
    """The map's zoom buttons, stacked at the top of the right margin of `area` (a fitted base leaves them room);
    kept in `kept` per place, size and which of them can be used."""
    w, h, gap = geo.px(CONTROLS_W) - 8, geo.px(24), 4
    size = geo.font(14)
    x, y = area.right - w - 4, area.y + 4
    can = {"map:zoom_in": cam.zoom < min(limit, MAX_ZOOM) - 1e-6, "map:zoom_out": not cam.fitted,
           "map:fit": not cam.fitted}
    if kept is not None:

        def make() -> tuple[tuple[Piece, ...], pygame.Rect]:
            trial = View()
            build_controls(trial, area, cam, limit, geo)
            return tuple(trial.overlays), trial.keep_clear[0]

        pieces, clear = kept.get(("controls", tuple(area), tuple(can.values()), w, h, size, geo.min_text), make)
        view.overlays.extend(pieces)
        view.keep_clear.append(pygame.Rect(clear))
        return
    for i, (key, (label, tip)) in enumerate(CONTROLS.items()):
        rect = pygame.Rect(x, y + i * (h + gap), w, h)
        live = can[key]

        def paint(surface: pygame.Surface, r: pygame.Rect, label=label, live=live) -> None:
            pygame.draw.rect(surface, (44, 50, 64) if live else (30, 33, 40), r, border_radius=5)
            pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=5)
            ink = theme.TEXT if live else theme.TEXT_DIM
            blit_centered(surface, fitted(label, size, r.w - 4, ink, True, geo.min_text), r.center)

        view.overlays.append(Piece(key, rect, paint, tip=tip, group="mapctl", solid=True))
    view.keep_clear.append(pygame.Rect(x, y, w, len(CONTROLS) * (h + gap) - gap))


STILL = frozenset(MOVES.still_groups)


def movable(view: View) -> View:
    """`view` without the pieces of groups that never move (`MOVES.still_groups`: spaces, plaques, area names, the
    panel, buttons): none arrives or leaves (they have no origin), so `MOVES.derive` adds the same tweens without
    them, and the ninety spaces were most of the pieces it walked."""
    return View(pieces=[p for p in view.pieces if p.group not in STILL],
                overlays=[p for p in view.overlays if p.group not in STILL])


class ChroniclesPlayScene(TableScene):
    """The dedicated chronicles table."""

    # no text under 12 px; no "N choices" badge (a card's two sides would hide its name: the popup says them)
    metrics = Metrics(badge_at="none", strip_hint_px=12, strip_hint_min=12, strip_title_min=12, note_line_px=12,
                      log_more_px=12)
    clicks = CLICKS
    SELECTED_NOTE = "What the selected figure can do:"
    IDLE_LINE = "Watching the computer play."
    PRIMARY_KINDS = frozenset({"end", "power_done", "events_done", "stay", "no_push"})
    LOG_BOLD = frozenset({"phase", "showdown", "end", "ko"})
    LOG_COLOURS = {"phase": style.GOLD, "showdown": style.GOLD, "ko": (255, 120, 110), "end": style.GOLD}

    def __init__(self, app, session) -> None:
        self.map = None
        self.map_area = pygame.Rect(0, 0, 0, 0)
        self.camera = Camera()
        self._drag: tuple[tuple[int, int], bool] | None = None     # (where the press was, dragging yet)
        self._preview_seen: object = None
        self._preview_key: tuple | None = None
        self._preview: Preview | None = None
        self.kept = Kept()              # the map's and the panel's pieces kept between builds (kept.py)
        self._roll: tuple = (None, None)  # (observation, its last roll): read once a refresh
        super().__init__(app, session)

    # ----- the kit's hooks ---------------------------------------------------------------------

    def geometry(self, size: tuple[int, int]) -> Geometry:
        return geometry(size)

    def build(self, seen, geo: Geometry, shown: Decision | None, title: str, hint_text: str) -> View:
        view = View(viewer=self.session.viewer, mode="board")
        self.build_side(seen, geo, view)
        drawn = board.board_refs(seen) | {p.ref for p in view.pieces if p.ref is not None}   # the map's, the panel's
        listed = strip.option_buttons(shown, drawn)
        buttons = listed + strip.unplaced_buttons(shown, drawn | {r for r, _, _ in listed}, self.label_of)
        row_h = geo.px(30)
        per_row = strip.grid_rows(len(buttons), geo.board.w, geo.px(170))
        band = button_band(geo.board, len(buttons), row_h, per_row)
        # the map, and right of it a column of its own for the zoom buttons: zoomed or not, they cover no space
        map_area = pygame.Rect(geo.board.x, geo.board.y, geo.board.w - geo.px(CONTROLS_W), band.y - geo.board.y)
        self.map_area = map_area
        self.map = board.build_board(seen, map_area, view, self.camera, self.kept)
        if not self.camera.fitted:
            self.camera.settle(self.map.outline, map_area)
        build_controls(view, pygame.Rect(map_area.x, map_area.y, geo.board.right - map_area.x, map_area.h),
                       self.camera, board.max_zoom(seen.base, map_area), geo, self.kept)
        self.tag_sight(seen, view)
        strip.build_button_grid(self, view, band, buttons, per_row, row_h)
        strip.build_strip(self, view, geo.strip, title, hint_text, [], self.selected is not None, False,
                          group="button")
        return view

    # ----- zoom and scroll (camera.py) --------------------------------------------------------------

    def handle(self, event: pygame.event.Event) -> None:
        if self.presenter.chooser is None and self.app.top is self and self.camera_event(event):
            self.dirty = True
            return
        super().handle(event)

    def camera_event(self, event: pygame.event.Event) -> bool:
        """The wheel over the map zooms about the pointer; +/- zoom about the middle, F, 0 or Home fits the whole
        base, the arrow keys scroll; a drag on a zoomed map scrolls it (its release then clicks nothing). True when
        the event was the camera's."""
        pos = event_pos(event)
        if pos is not None:
            self.mouse = pos
        area, outline = self.map_area, self.map.outline if self.map is not None else None
        if outline is None:
            return False
        if event.type == pygame.MOUSEWHEEL and area.collidepoint(self.mouse):
            return self.zoom(-wheel_steps(event), self.mouse)
        if event.type == pygame.KEYDOWN:
            key = getattr(event, "key", None)
            if key in ZOOM_IN_KEYS:
                return self.zoom(1, area.center)
            if key in ZOOM_OUT_KEYS:
                return self.zoom(-1, area.center)
            if key in FIT_KEYS:
                return self.fit_map()
            step = SCROLL_KEYS.get(key)
            if step is not None and not self.camera.fitted:
                dx, dy = step[0] * area.w * SCROLL_SHARE, step[1] * area.h * SCROLL_SHARE
                return self.camera.scroll(dx, dy, outline) and self.moved_camera()
            return False
        if event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) == 1:
            self._drag = (pos, False) if pos is not None and area.collidepoint(pos) and not self.camera.fitted \
                else None
            return False                        # the press still arms whatever is under it
        if event.type == pygame.MOUSEMOTION and self._drag is not None and pos is not None:
            if not tuple(getattr(event, "buttons", (1,)))[:1] == (1,):
                self._drag = None               # the button came up outside the window: no drag goes on
                return False
            (sx, sy), dragging = self._drag
            if not dragging and abs(pos[0] - sx) + abs(pos[1] - sy) < DRAG_START:
                return False
            self._drag = (pos, True)
            return self.camera.scroll(sx - pos[0], sy - pos[1], outline) and self.moved_camera()
        if event.type == pygame.MOUSEBUTTONUP and getattr(event, "button", 0) == 1 and self._drag is not None:
            dragging, self._drag = self._drag[1], None
            if dragging:                        # the end of a drag is not a click on what lies under it
                self._pressed = None
                self.presenter.handle(pygame.event.Event(pygame.MOUSEBUTTONUP, pos=(-1, -1), button=1))
            return dragging
        return False

    def zoom(self, steps: int, pointer: tuple[int, int]) -> bool:
        if self.map is None or self.seen is None:
            return False
        limit = board.max_zoom(self.seen.base, self.map_area)
        return self.camera.zoom_by(steps, pointer, self.map.outline, self.map_area, limit) and self.moved_camera()

    def fit_map(self) -> bool:
        return self.camera.fit() and self.moved_camera()

    def moved_camera(self) -> bool:
        """The map is rebuilt at the camera's new place: no slide from the old places, no stale hover card."""
        self.animator.skip()
        self.hover.pinned = None
        self._stale = True
        return True

    def pressable(self, piece: Piece) -> bool:
        return piece.key in CONTROLS

    def released(self, piece: Piece) -> bool:
        if piece.key not in CONTROLS:
            return False
        if piece.key == "map:fit":
            self.fit_map()
        else:
            self.zoom(1 if piece.key == "map:zoom_in" else -1, self.map_area.center)
        self.dirty = True
        return True

    def tag_sight(self, seen, view: View) -> None:
        """While a figure acts, each enemy's hover card says too whether it is in the actor's line of sight and why
        not: the words stay with the card, whatever the map shows around the figures."""
        try:
            actor = actor_of(seen, self.presented_decision(), self.selected)
        except Exception:                   # decoration only
            return
        if actor is None:
            return
        for i, piece in enumerate(view.pieces):
            found = line_of_sight(seen, actor, piece.ref[4:]) if piece.group == "figure" and piece.ref else None
            if found is not None:               # tagged on a copy: no piece is changed once built (kept.py)
                words = sight_words(seen, found).replace("line of sight", f"line of sight from {seen.fig_name(actor)}",
                                                         1)
                tagged = copy.copy(piece)       # its card, worked out or not, goes with it
                tagged.tags = piece.tags + (words,)
                view.pieces[i] = tagged

    def last_roll(self, seen) -> dice.Roll | None:
        """The observation's last roll, read from its log once for the panel's tray and the animations."""
        if self._roll[0] is not seen:
            self._roll = (seen, dice.last_roll(seen))
        return self._roll[1]

    def build_side(self, seen, geo: Geometry, view: View) -> None:
        """The side panel (heroes, villain, objectives, dice): see panels.py."""
        from guardians.games.chronicles.scenes import panels
        panels.build_side(self, seen, geo.side, view)

    def label_of(self, ref: str) -> str:
        """A button's words for a thing several options name."""
        kind, _, ident = ref.partition(":")
        seen = self.seen
        if seen is None:
            return ""
        if kind == "card":
            return seen.card_name(ident)
        if kind == "vid" and ident in seen.box.villains:
            return seen.box.villains[ident].name
        if kind == "tile":
            return seen.face_name(ident)
        return ""

    def table_area(self) -> pygame.Rect:
        return self.geo.board

    def end_scene(self) -> Scene:
        from guardians.games.chronicles.scenes.end import ChroniclesEndScene
        return ChroniclesEndScene(self.app, self)

    def top_bar(self, seen) -> TopBar:
        if seen.phase == "over":
            lead = "Game over"
        elif seen.phase == "setup":
            lead = "Setting up the base"
        else:
            lead = f"Turn {seen.turn} of {seen.turn_limit}"
        note = "FINAL SHOWDOWN" if seen.showdown else seen.scenario.name
        return TopBar("Chronicles", lead, STEPS if seen.phase != "setup" else (), seen.phase, note, style.GOLD)

    def derive_animations(self, old: View, new: View, events: list[Event], seen) -> None:
        MOVES.derive(self.animator, movable(old), movable(new))
        pieces = new.by_key()
        roll = self.last_roll(seen)
        by = pieces.get(roll.by) if roll is not None and roll.by else None
        settled = dice.tumble(self.animator, new, old, seen, by.rect if by is not None else None)
        for event in events:
            if event.kind == "damage" and event.refs:
                piece = pieces.get(event.refs[0])
                amount = dict(event.data).get("amount")
                if piece is not None:
                    floating(self.animator, piece.rect, f"-{amount} dmg" if amount else "dmg", (255, 110, 110), 0.9,
                             delay=settled / max(self.animator.factor, 1e-6))
            elif event.kind in ("roll", "check"):
                data = dict(event.data)
                ok = bool(data.get("hit", data.get("success")))
                words = ("HIT" if ok else "miss") if event.kind == "roll" else ("success" if ok else "failure")
                tray = pieces.get("dice:tray")
                later = settled / max(self.animator.factor, 1e-6)          # once the dice have settled
                if tray is not None:
                    floating(self.animator, tray.rect, words, style.HEALTH if ok else (255, 110, 110), 1.0, later)
                target = pieces.get(event.refs[-1]) if event.refs else None
                if target is not None:
                    floating(self.animator, target.rect, words, style.GOLD, 0.9, later)

    def draw_preview(self, surface: pygame.Surface) -> None:
        """What hovering a figure shows before a click: where it can move this action (blue: read from the
        options, one click away; pale: by the rules, for a figure that is not acting) and, while a figure acts,
        the line to the hovered enemy (green in line of sight, red with the reason); hovering one of the villain's
        figures before picking it adds whom it may attack (red) and which doors it may open (orange)."""
        self.names_over_outlines(surface)
        decision = self.presented_decision()
        if decision is None or self.presenter.chooser is not None:
            return
        piece = self.view.hover_at(self.mouse)
        if piece is None or piece.ref is None:
            return
        found = self.preview_of(decision, piece.ref)
        rects = self.view.rects()
        if found is not None and piece.ref != self.selected:
            colour, width = ((120, 190, 255), 3) if found.listed else ((170, 200, 230), 2)
            for c in found.moves:
                rect = rects.get(cell_ref(*c))
                if rect is not None:
                    pygame.draw.rect(surface, colour, rect.inflate(-4, -4), width, border_radius=6)
        if self.selected is None and piece.ref in self.selectable:
            colours = {"fig_attack": (255, 90, 80), "fig_open": (240, 160, 60)}
            for action in decision.options:
                refs = action.refs
                if action.kind in colours and len(refs) == 2 and refs[0] == piece.ref and refs[1] in rects:
                    pygame.draw.rect(surface, colours[action.kind], rects[refs[1]].inflate(-4, -4), 3,
                                     border_radius=6)
        if found is not None and found.sight is not None and found.actor is not None:
            self.draw_sight(surface, rects.get(f"fig:{found.actor}"), piece.area, found)

    def names_over_outlines(self, surface: pygame.Surface) -> None:
        """An area's name is put back over the outlines of the lit spaces around it (they are drawn over the still
        picture, and an outline on a space's edge crossed the name's words): the name's pixels are copied from the
        still picture, where its tab was blended once."""
        lit = [t.rect.inflate(6, 6) for t in self.presenter.targets] + \
            [t.rect.inflate(6, 6) for t in self.select_targets]
        if not lit or self._base is None:
            return
        for piece in self.view.pieces:
            if piece.group == "area" and piece.key not in self.moving_keys and piece.area.collidelist(lit) != -1:
                surface.blit(self._base, piece.area.topleft, piece.area)

    def hover_spot(self, piece: Piece, size: tuple[int, int]) -> pygame.Rect | None:
        """While a figure's moves or a line of sight are drawn on the map, the figure's card goes over the side
        panel, so it covers neither."""
        decision = self.presented_decision()
        if decision is None or piece.ref is None or not piece.ref.startswith("fig:"):
            return None
        found = self.preview_of(decision, piece.ref)
        if found is None or not (found.moves or found.sight is not None):
            return None
        side = self.geo.side
        return pygame.Rect(side.x, side.y + 4, *size).clamp(pygame.Rect(0, 0, *self.app.size))

    def preview_of(self, decision: Decision, ref: str) -> Preview | None:
        """The hovered figure's preview, worked out once per observation, selection and figure."""
        key = (self.selected, ref)
        if self._preview_seen is not self.seen or self._preview_key != key:
            self._preview_seen, self._preview_key = self.seen, key
            try:
                self._preview = preview(self.seen, decision, self.selected, ref)
            except Exception:               # decoration only: a preview must never break the table
                self._preview = None
        return self._preview

    def draw_sight(self, surface: pygame.Surface, start: pygame.Rect | None, end: pygame.Rect,
                   found: Preview) -> None:
        """The line from the acting figure to the hovered enemy, green or red, and the reason beside it."""
        if start is None or found.sight is None:
            return
        clear = found.sight.clear
        colour = style.HEALTH if clear else (255, 90, 80)
        a, b = start.center, end.center
        v = pygame.Vector2(b) - pygame.Vector2(a)
        if v.length() > start.w:            # from rim to rim: the figures' letters stay readable
            u = v.normalize()
            p, q = pygame.Vector2(a) + u * (start.w // 2), pygame.Vector2(b) - u * (end.w // 2)
            pygame.draw.line(surface, (10, 10, 14), p, q, 7)
            pygame.draw.line(surface, colour, p, q, 3)
            pygame.draw.circle(surface, colour, q, 5)
        if clear:
            return
        words = text(sight_words(self.seen, found.sight), max(12, self.geo.px(15)), (255, 235, 230), True)
        box = words.get_rect().inflate(14, 8)
        # beside the actor, on its side away from the target, so the words cross neither the line nor the target
        box.midtop = (start.centerx, start.bottom + 6) if a[1] >= b[1] else (start.centerx, start.y - 6 - box.h)
        box.clamp_ip(self.geo.board)
        pygame.draw.rect(surface, (40, 12, 12), box, border_radius=6)
        pygame.draw.rect(surface, colour, box, 2, border_radius=6)
        surface.blit(words, words.get_rect(center=box.center))

    def waiting_title(self, seat: int) -> str:
        return strip.waiting_title(self, seat, PHASE_WORDS)

    def hint_line(self, shown: Decision | None) -> str:
        if shown is None:
            if self.session.thinking is not None:
                return "Each computer move is shown as it happens. Click or press a key to skip animations."
            return "Hover a figure, a space or a room to read it."
        return hint(self.presented_decision() or shown, self.selected)
