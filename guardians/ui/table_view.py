"""Lays out and draws `state.table(seat)` panels: small cards for items with a face, labelled chips
for the rest, tags as text badges. Records where each item landed so it can be clicked and hovered.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import pygame

from guardians.engine.table import Item, Panel
from guardians.ui import theme
from guardians.ui.cards import card_size, card_surface
from guardians.ui.widgets import draw_box

PAD = 8
GAP = 6
HEADER = 22
TAG_H = 16
CHIP_H = 30
CARD_WIDTHS = (104, 92, 80, 68, 58)


@dataclass
class PlacedItem:
    item: Item
    rect: pygame.Rect        # the whole item (card or chip)
    visible: pygame.Rect     # the part not covered by a later item (for clicks and hover)


@dataclass
class PlacedPanel:
    panel: Panel
    rect: pygame.Rect
    items: list[PlacedItem] = field(default_factory=list)


@dataclass
class TableLayout:
    panels: list[PlacedPanel] = field(default_factory=list)

    def rects(self) -> dict[str, pygame.Rect]:
        """Where each ref is drawn (its visible part), for the presenter."""
        found: dict[str, pygame.Rect] = {}
        for placed in self.panels:
            for item in placed.items:
                if item.item.ref is not None and item.item.ref not in found:
                    found[item.item.ref] = item.visible
        return found

    def item_at(self, pos: tuple[int, int]) -> PlacedItem | None:
        for placed in reversed(self.panels):
            for item in reversed(placed.items):
                if item.visible.collidepoint(pos):
                    return item
        return None


def _chip_width(item: Item) -> int:
    return max(44, min(200, theme.font(13).size(item.text)[0] + 18))


def _item_size(item: Item, card_w: int) -> tuple[int, int]:
    tags = len(item.tags) * TAG_H
    if item.face is not None:
        w, h = card_size(card_w)
        return w, h + tags
    return _chip_width(item), CHIP_H + tags


def _place_items(items: tuple[Item, ...], x: int, y: int, width: int, card_w: int,
                 wrap: bool) -> tuple[list[PlacedItem], int, int]:
    """Place items in rows from (x, y) within `width`; returns them, used width and height."""
    placed: list[PlacedItem] = []
    sizes = [_item_size(item, card_w) for item in items]
    if not items:
        return placed, 0, 0
    if not wrap and sum(w for w, _ in sizes) + GAP * (len(items) - 1) > width:
        # One overlapping row: each item shows a strip, the last one whole.
        last_w = sizes[-1][0]
        step = max(8, (width - last_w) // max(1, len(items) - 1))
        cx = x
        for i, (item, (w, h)) in enumerate(zip(items, sizes)):
            rect = pygame.Rect(cx, y, w, h)
            visible = pygame.Rect(cx, y, min(w, step), h) if i < len(items) - 1 else pygame.Rect(rect)
            placed.append(PlacedItem(item, rect, visible))
            cx += step
        return placed, min(width, cx - step + last_w - x), max(h for _, h in sizes)
    cx, cy, row_h, used = x, y, 0, 0
    for item, (w, h) in zip(items, sizes):
        if cx > x and cx + w > x + width:
            cx, cy, row_h = x, cy + row_h + GAP, 0
        rect = pygame.Rect(cx, cy, w, h)
        placed.append(PlacedItem(item, rect, pygame.Rect(rect)))
        cx += w + GAP
        row_h = max(row_h, h)
        used = max(used, cx - GAP - x)
    return placed, used, cy + row_h - y


def panel_title(panel: Panel, viewer: int | None) -> str:
    return panel.title + ("  (you)" if viewer is not None and panel.owner == viewer else "")


def _layout_group(panels: list[Panel], area: pygame.Rect, card_w: int, wrap: bool,
                  stack: bool, viewer: int | None) -> tuple[list[PlacedPanel], int]:
    """Shelf-pack panels into `area` (one per row when `stack`); returns them and the height used."""
    result: list[PlacedPanel] = []
    x, y, shelf_h = area.x, area.y, 0
    for panel in panels:
        inner_w = area.w - 2 * PAD
        items, used_w, items_h = _place_items(panel.items, 0, 0, inner_w, card_w, wrap)
        title_w = min(area.w, theme.font(13, True).size(panel_title(panel, viewer))[0] + 2 * PAD)
        extra_w = min(area.w, max((theme.font(13).size(e)[0] for e in panel.extra), default=0) + 2 * PAD)
        width = area.w if stack else max(160, title_w, extra_w, used_w + 2 * PAD)
        width = min(width, area.w)
        header = HEADER + len(panel.extra) * 17
        height = header + (items_h + PAD if items else 0) + PAD // 2
        if x > area.x and (stack or x + width > area.right):
            x, y, shelf_h = area.x, y + shelf_h + GAP, 0
        rect = pygame.Rect(x, y, width, height)
        for placed in items:
            placed.rect.move_ip(x + PAD, y + header)
            placed.visible.move_ip(x + PAD, y + header)
        result.append(PlacedPanel(panel, rect, items))
        x += width + GAP
        shelf_h = max(shelf_h, height)
    return result, (y + shelf_h - area.y) if result else 0


def layout_group(panels: list[Panel], area: pygame.Rect, wrap: bool = True, stack: bool = False,
                 widths: tuple[int, ...] = CARD_WIDTHS, viewer: int | None = None) -> list[PlacedPanel]:
    """The largest card size at which the panels fit `area` (else the smallest, clipped)."""
    placed: list[PlacedPanel] = []
    for card_w in widths:
        placed, used = _layout_group(panels, area, card_w, wrap, stack, viewer)
        overlapped = any(item.visible.w < item.rect.w for box in placed for item in box.items)
        if used <= area.h and not overlapped:
            break
    return placed


def draw_panels(surface: pygame.Surface, placed: list[PlacedPanel], viewer: int | None) -> None:
    """Draw laid-out panels; the viewer's own panels get a "You" marker (text, not just colour)."""
    for box in placed:
        panel = box.panel
        own = viewer is not None and panel.owner == viewer
        draw_box(surface, box.rect, theme.PANEL, theme.ACCENT_SOFT if own else theme.PANEL_EDGE, 1)
        fnt_b, fnt = theme.font(13, True), theme.font(13)
        title = panel_title(panel, viewer)
        surface.blit(fnt_b.render(theme.ellipsize(title, fnt_b, box.rect.w - 2 * PAD), True, theme.PANEL_TITLE),
                     (box.rect.x + PAD, box.rect.y + 4))
        y = box.rect.y + HEADER
        for line in panel.extra:
            surface.blit(fnt.render(theme.ellipsize(line, fnt, box.rect.w - 2 * PAD), True, theme.TEXT),
                         (box.rect.x + PAD, y - 2))
            y += 17
        for placed_item in box.items:
            draw_item(surface, placed_item)


def draw_item(surface: pygame.Surface, placed: PlacedItem) -> None:
    item, rect = placed.item, placed.rect
    tags_h = len(item.tags) * TAG_H
    body = pygame.Rect(rect.x, rect.y, rect.w, rect.h - tags_h)
    if item.face is not None:
        surface.blit(card_surface(item.face, (body.w, body.h)), body)
    else:
        draw_box(surface, body, theme.CHIP, theme.PANEL_EDGE, 1, radius=5)
        fnt = theme.font(13, True)
        img = fnt.render(theme.ellipsize(item.text, fnt, body.w - 8), True, theme.TEXT)
        surface.blit(img, img.get_rect(center=body.center))
    y = body.bottom
    for tag in item.tags:
        fnt = theme.font(11, True)
        text = theme.ellipsize(tag, fnt, rect.w - 6)
        img = fnt.render(text, True, theme.TEXT_DARK)
        badge = pygame.Rect(rect.x, y + 1, min(rect.w, img.get_width() + 8), TAG_H - 2)
        draw_box(surface, badge, theme.BADGE, theme.CARD_INK, 1, radius=4)
        surface.blit(img, img.get_rect(center=badge.center))
        y += TAG_H
