"""What is drawn over the table's cached picture every frame: outlines on what can be clicked, the
pieces in motion, floating words, arrows and flashes, the card being played, and the hovered card large
(or a tooltip) once the pointer has rested, or the pinned card (`hover.py` says when and where). Sizes come
from the scene's `Metrics`.
"""

from __future__ import annotations

from functools import lru_cache

import pygame

from guardians.ui import text as text_fit
from guardians.ui import theme
from guardians.ui.animation import ease_out, lerp_rect
from guardians.ui.cards import card_surface
from guardians.ui.table.hover import place
from guardians.ui.table.text import Colour, blit_lines, fitted, text, wrapped
from guardians.ui.widgets import draw_box

ARROW_COLOUR = (255, 80, 70)


def draw_highlights(surface: pygame.Surface, scene) -> None:
    """Everything clickable gets a thick outline; what the hovered list row names gets a thin one."""
    m = scene.metrics
    hot = scene.presenter.hot_refs()
    moving = scene.moving_keys
    for target in scene.select_targets:
        if target.ref in moving:
            continue
        pygame.draw.rect(surface, theme.ACCENT, target.rect.inflate(6, 6), 5 if target.ref in hot else 3,
                         border_radius=8)
    badge_px = scene.geo.font(m.badge_px) if m.badge_scaled else m.badge_px
    for target in scene.presenter.targets:
        if target.ref in moving:
            continue
        rect = target.rect.inflate(6, 6)
        pygame.draw.rect(surface, theme.ACCENT, rect, 5 if target.ref in hot else 3, border_radius=8)
        if len(target.actions) > 1 and m.badge_at != "none":
            badge = text(f"{len(target.actions)} choices", badge_px, theme.TEXT_DARK, True)
            if m.badge_at == "topright":
                box = badge.get_rect(topright=(rect.right - 2, rect.y + 2)).inflate(6, 2)
            else:
                box = badge.get_rect(midbottom=(rect.centerx, rect.bottom - 4)).inflate(6, 2)
            draw_box(surface, box, theme.ACCENT, radius=4)
            surface.blit(badge, badge.get_rect(center=box.center))
        label = scene.target_label(target)
        if label:
            img = text(label, scene.geo.font(12), theme.TEXT_DARK, True)
            box = scene.target_label_box(target, img.get_size())
            draw_box(surface, box, theme.ACCENT, radius=4)
            surface.blit(img, img.get_rect(center=box.center))
    if scene.selected is not None:
        rect = scene.view.rects().get(scene.selected)
        if rect is not None:
            outer = rect.inflate(12, 12)
            pygame.draw.rect(surface, theme.TEXT, outer, 3, border_radius=10)
            pygame.draw.rect(surface, theme.ACCENT, outer.inflate(6, 6), 3, border_radius=12)
    hover = scene.presenter.list.hover
    if hover is not None and hover < len(scene.presenter.options):
        rects = scene.view.rects()
        for ref in scene.presenter.options[hover].refs:
            if ref in rects:
                pygame.draw.rect(surface, theme.TEXT, rects[ref].inflate(10, 10), 2, border_radius=9)


@lru_cache(maxsize=256)
def _float_image(words: str, size: int, colour: Colour) -> pygame.Surface:
    img = text(words, size, colour, True)
    box = pygame.Surface((img.get_width() + 12, img.get_height() + 6), pygame.SRCALPHA)
    pygame.draw.rect(box, (12, 14, 20), box.get_rect(), border_radius=6)
    box.blit(img, (6, 3))
    return box


def draw_tweens(surface: pygame.Surface, scene) -> None:
    """The animator's tweens by kind: "slide"/"ghost" (a piece in motion, payload the piece), "float"
    (payload (words, colour[, size])), "flash" (payload a colour), "arrow", "show" (payload (face, words))."""
    geo, m = scene.geo, scene.metrics
    for tween in scene.animator.tweens:
        if not tween.started and tween.kind != "slide":
            continue
        if tween.kind in ("slide", "ghost"):
            piece, pictures = tween.payload, scene.pictures
            if pictures is None:
                piece.paint(surface, tween.rect())
            else:                                   # its kept picture at this size, if it has one
                pictures.show(surface, tween.rect(), piece.look, piece.paint)
        elif tween.kind == "float":
            words, colour = tween.payload[:2]
            size = tween.payload[2] if len(tween.payload) > 2 else m.float_px
            img = _float_image(words, geo.font(size), colour)
            alpha = int(255 * (1 - max(0.0, tween.progress - 0.6) / 0.4))
            rise = int(geo.px(m.float_rise) * tween.progress)
            rect = img.get_rect(center=(tween.end.centerx, tween.end.centery - rise))
            rect.clamp_ip(surface.get_rect())
            if alpha < 255:
                img = img.copy()
                img.set_alpha(alpha)
            surface.blit(img, rect)
        elif tween.kind == "flash":
            rect = tween.end.inflate(8, 8)
            width = max(2, int(6 * (1 - tween.progress)))
            pygame.draw.rect(surface, tween.payload, rect, width, border_radius=8)
        elif tween.kind == "arrow":
            draw_arrow(surface, tween.start.center, tween.end.center)
        elif tween.kind == "show":
            face, words = tween.payload
            grow = min(1.0, tween.progress / 0.25)
            rect = lerp_rect(tween.start, tween.end, ease_out(grow))
            big = card_surface(face, tween.end.size)
            draw_box(surface, rect.move(6, 6), (6, 6, 10), radius=14)
            if grow >= 1.0:
                surface.blit(big, rect)
            else:
                surface.blit(pygame.transform.scale(big, rect.size), rect)
            caption = fitted(words, geo.font(m.show_px), scene.show_area().w - 40, theme.TEXT, True)
            back = caption.get_rect(midbottom=(rect.centerx, rect.y - 6)).inflate(14, 6)
            draw_box(surface, back, theme.PANEL, theme.ACCENT, 2)
            surface.blit(caption, caption.get_rect(center=back.center))


def draw_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int]) -> None:
    vec = pygame.Vector2(end) - pygame.Vector2(start)
    if vec.length() < 4:
        return
    pygame.draw.line(surface, ARROW_COLOUR, start, end, 5)
    unit = vec.normalize()
    side = pygame.Vector2(-unit.y, unit.x)
    tip = pygame.Vector2(end)
    pygame.draw.polygon(surface, ARROW_COLOUR, [tip, tip - unit * 18 + side * 9, tip - unit * 18 - side * 9])


def zoom_size(scene) -> tuple[int, int]:
    """The hovered card's size: the metrics' zoom, growing with the window up to 1.4 times."""
    scale = min(scene.geo.scale, 1.4)
    return int(scene.metrics.zoom[0] * scale), int(scene.metrics.zoom[1] * scale)


def hover_room(scene, size: tuple[int, int], w: int, h: int) -> pygame.Rect:
    """Where a hover card may go: the window below the top bar (the whole window if it is too tall)."""
    below = pygame.Rect(0, scene.geo.top.bottom, w, h - scene.geo.top.bottom)
    return below if size[1] <= below.h else pygame.Rect(0, 0, w, h)


def keep_clear(scene, piece) -> list[pygame.Rect]:
    """What a hover card must not cover: the hovered piece, the prompt strip and boxes, the choices panel."""
    return [piece.rect, piece.area] + list(scene.view.keep_clear) + [scene.geo.choices]


def rather_clear(scene, piece) -> list[pygame.Rect]:
    """What a hover card had better not cover: the other things that can be clicked now."""
    rects = [t.rect for t in scene.presenter.targets] + [t.rect for t in scene.select_targets]
    return [r for r in rects if not r.colliderect(piece.area)]


SHRINK = (1.0, 0.9, 0.8, 0.7)    # a card too large for any clear spot is tried smaller, down to 70 %


def card_block(scene, piece, shrink: float = 1.0, hint: bool = True) -> tuple[tuple[int, int], object]:
    """The hovered card's block size (with its tags, and with `hint` its pin hint's room, under it) and a
    painter `paint(surface, topleft)` of the card and tags (`draw_pin_hint` writes the hint in the room kept
    for it; `paint.hint_room` says whether there is one)."""
    geo, m = scene.geo, scene.metrics
    size = zoom_size(scene)
    size = (int(size[0] * shrink), int(size[1] * shrink))
    big = card_surface(piece.face, size)
    tags = tuple(t for t in piece.tags if t)
    tag_px = geo.font(m.tag_px)
    line_h = theme.font(tag_px, True).get_linesize()
    rows: list[list[tuple[tuple[str, ...], int]]] = []     # wrapped tags: short ones share a row
    if m.wrap_tags:
        tag_lines = [wrapped(t, tag_px, size[0] - 14, True) for t in tags]
        for lines in tag_lines:
            width = min(size[0], max(text(line, tag_px, theme.TEXT_DARK, True).get_width() for line in lines) + 14)
            row = rows[-1] if rows else None
            if row and len(lines) == 1 and all(len(ls) == 1 for ls, _ in row) and \
                    sum(w + 4 for _, w in row) + width <= size[0]:
                row.append((lines, width))
            else:
                rows.append([(lines, width)])
        tag_h = sum(max(len(ls) for ls, _ in row) * line_h + 8 for row in rows)
    else:
        tag_lines = [(t,) for t in tags]
        tag_h = len(tags) * (tag_px + 10)
    bw, bh = size[0], size[1] + (6 + tag_h if tags else 0)
    if hint:
        bh += pin_hint_room(scene, piece, bw)  # the pin hint's room: placed with the card, never elsewhere

    def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
        x, y = at
        draw_box(surface, pygame.Rect(x + 5, y + 5, bw, size[1]), (6, 6, 10), radius=14)
        surface.blit(big, (x, y))
        ty = y + size[1] + 6
        for row in rows:
            bx = x
            for lines, width in row:
                badge = pygame.Rect(bx, ty, width, len(lines) * line_h + 6)
                draw_box(surface, badge, theme.BADGE, theme.CARD_INK, 1, radius=5)
                blit_lines(surface, lines, tag_px, theme.TEXT_DARK, badge.x + 7, badge.y + 3, True)
                bx = badge.right + 4
            ty += max(len(ls) for ls, _ in row) * line_h + 8
        for lines in ([] if m.wrap_tags else tag_lines):
            img = fitted(lines[0], tag_px, bw - 12, theme.TEXT_DARK, True)
            badge = pygame.Rect(x, ty, min(bw, img.get_width() + 14), tag_px + 8)
            draw_box(surface, badge, theme.BADGE, theme.CARD_INK, 1, radius=5)
            surface.blit(img, img.get_rect(center=badge.center))
            ty += tag_px + 10

    paint.hint_room = hint      # type: ignore[attr-defined]
    paint.look = ("hover card", piece.face, size, tags, tag_px, m.wrap_tags, bw, bh)   # type: ignore[attr-defined]
    return (bw, bh), paint


def hover_layout(scene, piece, screen: tuple[int, int]) -> tuple[pygame.Rect, object] | None:
    """Where `piece`'s large card (or tooltip) goes for the pointer where it is, and its painter; None when
    it shows nothing. A game's `hover_spot` wins for a card when it names a spot."""
    w, h = screen
    if piece.face is None:
        if not piece.tip:
            return None
        size, paint = tip_block(scene, piece.tip)
        room = pygame.Rect(0, 0, w, h)
        return place(scene.mouse, piece.area, size, room, keep_clear(scene, piece), rather_clear(scene, piece),
                     tip=True)[0], paint
    first = size, paint = card_block(scene, piece)
    spot = scene.hover_spot(piece, size)
    if spot is not None:
        return spot, paint
    clear, rather = keep_clear(scene, piece), rather_clear(scene, piece)
    best = None
    for shrink in SHRINK:               # at each size, with the pin hint's room if there is a clear spot for it
        for hint in (True, False):
            size, paint = first if first is not None else card_block(scene, piece, shrink, hint)
            first = None                # (the first is the block already made: full size, with the hint)
            spot, covered = place(scene.mouse, piece.area, size, hover_room(scene, size, w, h), clear, rather)
            if best is None or covered < best[0]:
                best = (covered, spot, paint)
            if covered == 0:
                return spot, paint
    return best[1], best[2]


def draw_hover(surface: pygame.Surface, scene) -> None:
    """The pinned card, else the hovered card large beside the pointer once it has rested (or its tooltip);
    records where it went in `scene.hover.shown`."""
    hover = scene.hover
    hover.shown = None
    if scene.presenter.chooser is not None or scene.app.top is not scene:
        return
    if hover.pinned is not None:
        rect = hover.pinned.rect
        show_block(surface, scene, rect, hover.pinned.paint)
        pygame.draw.rect(surface, theme.ACCENT, rect.inflate(6, 6), 3, border_radius=12)   # pinned: framed
        hover.shown = pygame.Rect(rect)
        if getattr(hover.pinned.paint, "hint_room", False):
            draw_pin_hint(surface, scene, rect, PINNED_HINT)
        return
    piece = scene.hovered_piece()
    if not hover.ready(piece):
        return
    layout = hover_layout(scene, piece, surface.get_size())
    if layout is not None:
        spot, paint = layout
        show_block(surface, scene, spot, paint)
        hover.shown = pygame.Rect(spot)
        if piece.face is not None and getattr(paint, "hint_room", False):   # a large card: it can be pinned
            draw_pin_hint(surface, scene, spot, scene.pin_hint(piece))


def show_block(surface: pygame.Surface, scene, spot: pygame.Rect, paint) -> None:
    """Draw a hover block (`card_block`, `tip_block`: `paint(surface, topleft)`, its look on `paint.look`) at
    `spot` from the hover's kept pictures, making its picture the first time it is shown: unlike a piece on the
    table, a block once shown is shown again in every frame while the pointer rests. Not in the frame right
    after a move (`rebuilt_now`), which a player waits for: then it is painted, and kept in a later frame."""
    look = getattr(paint, "look", None)
    kept = scene.hover.pictures
    if look is None or text_fit.is_recording():
        paint(surface, spot.topleft)
        return
    pic = kept.kept(look, spot.size)
    if pic is None:
        if scene.rebuilt_now:
            paint(surface, spot.topleft)
            return
        pic = kept.picture(look, spot, lambda target, rect: paint(target, rect.topleft))
    surface.blit(pic, (spot.x - kept.margin, spot.y - kept.margin))


PIN_HINT = "P or right-click pins this card"
PINNED_HINT = "Pinned: P, Esc or a click lets it go"


def draw_pin_hint(surface: pygame.Surface, scene, card: pygame.Rect, words: str) -> None:
    """The lines under the hover card saying how to pin it, in the room its block keeps for them at its foot
    (`card` is the whole block, `card_block`): placed with the card, they never cover what the card may not."""
    px = pin_hint_px(scene)
    lines = wrapped(words, px, max(8, card.w - 10))
    line_h = theme.font(px).get_linesize()
    width = max(text(line, px, theme.TEXT_DIM).get_width() for line in lines) + 10
    box = pygame.Rect(0, 0, min(card.w, width), len(lines) * line_h + 4)
    box.midbottom = (card.centerx, card.bottom)
    draw_box(surface, box, theme.PANEL, radius=4)
    blit_lines(surface, lines, px, theme.TEXT_DIM, box.x + 5, box.y + 2, centre_width=box.w - 10)


def pin_hint_px(scene) -> int:
    return scene.geo.font(max(9, scene.metrics.tip_px - 2))


def pin_hint_room(scene, piece, width: int) -> int:
    """The height kept under a hover card for its pin hint (the longer of the hover's and the pinned words)."""
    px = pin_hint_px(scene)
    lines = max(len(wrapped(words, px, max(8, width - 10))) for words in (scene.pin_hint(piece), PINNED_HINT))
    return lines * theme.font(px).get_linesize() + 8


def tip_block(scene, tip: str) -> tuple[tuple[int, int], object]:
    """A tooltip of one or more lines (wrapped; the first paragraph bold): its size and a painter
    `paint(surface, topleft)`."""
    geo = scene.geo
    px = geo.font(scene.metrics.tip_px)
    max_w = geo.px(420)
    lines: list[str] = []
    for i, paragraph in enumerate(tip.split("\n")):
        lines += list(wrapped(paragraph, px, max_w, i == 0))
    line_h = theme.font(px, True).get_linesize()
    width = max(text(line, px, theme.TEXT, True).get_width() for line in lines) + 16
    size = (min(width, max_w + 16), len(lines) * line_h + 10)
    first = len(wrapped(tip.split("\n")[0], px, max_w, True))

    def paint(surface: pygame.Surface, at: tuple[int, int]) -> None:
        box = pygame.Rect(at, size)
        draw_box(surface, box.move(3, 3), (6, 6, 10), radius=6)
        draw_box(surface, box, theme.PANEL, theme.ACCENT, 1)
        y = box.y + 5
        for i, line in enumerate(lines):
            surface.blit(text(line, px, theme.TEXT if i < first else theme.TEXT_DIM, i < first), (box.x + 8, y))
            y += line_h

    paint.look = ("tip", tip, px, max_w, size)     # type: ignore[attr-defined]
    return size, paint
