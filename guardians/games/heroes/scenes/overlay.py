"""What is drawn over the table's cached picture every frame: outlines on what can be clicked, the
pieces in motion, floating words and arrows, the card being played, and the hovered card large.
"""

from __future__ import annotations

import pygame

from guardians.games.heroes.scenes import style
from guardians.ui import theme
from guardians.ui.animation import ease_out, lerp_rect
from guardians.ui.cards import card_surface
from guardians.ui.presenter import Target
from guardians.ui.widgets import draw_box

ZOOM = (260, 364)
TARGET_WORDS = {"attack": "Attack", "move": "Move here", "place": "Place here"}


def draw_highlights(surface: pygame.Surface, scene) -> None:
    """Everything clickable gets a thick outline; what the hovered list row names gets a thin one."""
    hot = scene.presenter.hot_refs()
    width_hot, width = 5, 3
    moving = scene.moving_keys
    for target in scene.select_targets:
        if target.ref in moving:
            continue
        rect = target.rect.inflate(6, 6)
        pygame.draw.rect(surface, theme.ACCENT, rect, width_hot if target.ref in hot else width, border_radius=8)
    for target in scene.presenter.targets:
        if target.ref in moving:
            continue
        rect = target.rect.inflate(6, 6)
        pygame.draw.rect(surface, theme.ACCENT, rect, width_hot if target.ref in hot else width, border_radius=8)
        if len(target.actions) > 1:
            badge = style.text(f"{len(target.actions)} choices", 11, theme.TEXT_DARK, True)
            box = badge.get_rect(topright=(rect.right - 2, rect.y + 2)).inflate(6, 2)
            draw_box(surface, box, theme.ACCENT, radius=4)
            surface.blit(badge, badge.get_rect(center=box.center))
        label = target_label(scene, target)
        if label:
            img = style.text(label, 12, theme.TEXT_DARK, True)
            box = img.get_rect(midbottom=(rect.centerx, rect.bottom - 3)).inflate(8, 2)
            draw_box(surface, box, theme.ACCENT, radius=4)
            surface.blit(img, img.get_rect(center=box.center))
    if scene.selected is not None:
        rect = scene.view.rects().get(scene.selected)
        if rect is not None:
            outer = rect.inflate(12, 12)
            pygame.draw.rect(surface, theme.TEXT, outer, 3, border_radius=10)
            pygame.draw.rect(surface, theme.ACCENT, outer.inflate(6, 6), 3, border_radius=12)
    if scene.presenter.list.hover is not None and scene.presenter.list.hover < len(scene.presenter.options):
        rects = scene.view.rects()
        for ref in scene.presenter.options[scene.presenter.list.hover].refs:
            if ref in rects:
                pygame.draw.rect(surface, theme.TEXT, rects[ref].inflate(10, 10), 2, border_radius=9)


def target_label(scene, target: Target) -> str:
    """A word on second-step targets, so the choice is readable without colour."""
    if scene.selected is None or target.direct is None:
        return ""
    return TARGET_WORDS.get(target.direct.kind, "")


def draw_tweens(surface: pygame.Surface, scene) -> None:
    for tween in scene.animator.tweens:
        if not tween.started and tween.kind not in ("slide",):
            continue
        if tween.kind in ("slide", "ghost"):
            tween.payload.paint(surface, tween.rect())
        elif tween.kind == "float":
            words, colour = tween.payload
            img = style.text(words, scene.geo.font(22), colour, True).copy()
            img.set_alpha(int(255 * (1 - max(0.0, tween.progress - 0.6) / 0.4)))
            rise = int(30 * tween.progress)
            back = img.get_rect(center=(tween.end.centerx, tween.end.centery - rise)).inflate(10, 4)
            pygame.draw.rect(surface, (12, 14, 20), back, border_radius=6)
            surface.blit(img, img.get_rect(center=back.center))
        elif tween.kind == "arrow":
            draw_arrow(surface, tween.start.center, tween.end.center)
        elif tween.kind == "show":
            face, words = tween.payload
            grow = min(1.0, tween.progress / 0.25)
            rect = lerp_rect(tween.start, tween.end, ease_out(grow))
            big = card_surface(face, (rect.w, rect.h)) if grow >= 1.0 else pygame.transform.smoothscale(
                card_surface(face, tween.end.size), rect.size)
            draw_box(surface, rect.move(6, 6), (6, 6, 10), radius=14)
            surface.blit(big, rect)
            caption = style.fitted(words, scene.geo.font(15), scene.geo.board.w - 40, theme.TEXT, True)
            back = caption.get_rect(midbottom=(rect.centerx, rect.y - 6)).inflate(14, 6)
            draw_box(surface, back, theme.PANEL, theme.ACCENT, 2)
            surface.blit(caption, caption.get_rect(center=back.center))


def draw_arrow(surface: pygame.Surface, start: tuple[int, int], end: tuple[int, int]) -> None:
    vec = pygame.Vector2(end) - pygame.Vector2(start)
    if vec.length() < 4:
        return
    pygame.draw.line(surface, (255, 80, 70), start, end, 5)
    unit = vec.normalize()
    side = pygame.Vector2(-unit.y, unit.x)
    tip = pygame.Vector2(end)
    points = [tip, tip - unit * 18 + side * 9, tip - unit * 18 - side * 9]
    pygame.draw.polygon(surface, (255, 80, 70), points)


def draw_hover(surface: pygame.Surface, scene) -> None:
    """The hovered card large and readable beside it (or a line of text for piles and tracks)."""
    if scene.presenter.chooser is not None or scene.app.top is not scene:
        return
    piece = scene.view.hover_at(scene.mouse)
    if piece is None:
        return
    w, h = surface.get_size()
    if piece.face is None:
        img = style.text(piece.tip, scene.geo.font(14), theme.TEXT, True)
        box = img.get_rect(midbottom=(piece.area.centerx, piece.area.y - 6)).inflate(14, 8)
        if box.y < 0:
            box.top = piece.area.bottom + 6
        box.clamp_ip(pygame.Rect(0, 0, w, h))
        draw_box(surface, box, theme.PANEL, theme.ACCENT, 1)
        surface.blit(img, img.get_rect(center=box.center))
        return
    scale = min(scene.geo.scale, 1.4)
    size = (int(ZOOM[0] * scale), int(ZOOM[1] * scale))
    big = card_surface(piece.face, size)
    tags = piece.tags
    tag_px = scene.geo.font(14)
    bw, bh = size[0], size[1] + (6 + (tag_px + 10) * len(tags) if tags else 0)
    anchor = piece.area
    y = max(scene.geo.top.bottom, min(anchor.centery - bh // 2, h - bh - 4))
    x = max(4, min(anchor.centerx - bw // 2, w - bw - 4))
    spots = [pygame.Rect(anchor.right + 12, y, bw, bh), pygame.Rect(anchor.x - 12 - bw, y, bw, bh),
             pygame.Rect(x, anchor.y - 12 - bh, bw, bh), pygame.Rect(x, anchor.bottom + 12, bw, bh)]
    left_of_choices = pygame.Rect(0, 0, scene.geo.right.x - 4, h)
    screen = pygame.Rect(0, 0, w, h)
    spot = next((r for r in spots if left_of_choices.contains(r)),
                next((r for r in spots if screen.contains(r)), spots[0].clamp(screen)))
    draw_box(surface, pygame.Rect(spot.x + 5, spot.y + 5, bw, size[1]), (6, 6, 10), radius=14)
    surface.blit(big, spot.topleft)
    ty = spot.y + size[1] + 6
    for tag in tags:
        img = style.fitted(tag, tag_px, bw - 12, theme.TEXT_DARK, True)
        badge = pygame.Rect(spot.x, ty, min(bw, img.get_width() + 14), tag_px + 8)
        draw_box(surface, badge, theme.BADGE, theme.CARD_INK, 1, radius=5)
        surface.blit(img, img.get_rect(center=badge.center))
        ty += tag_px + 10
