"""What to do now on the explore table, besides the kit's prompt strip above your mat (buttons for the
choices that name nothing on the table: "Finish your Power Up", "Battle nowhere"): the tray, a panel over
the town holding the cards a choice names that lie nowhere on the table (the top of your deck, the Supply,
your discard pile, another player's play area, a boss's rewards), with that choice's own buttons.
"""

from __future__ import annotations

import pygame

from guardians.engine.actions import Decision
from guardians.games.explore.scenes import pieces
from guardians.games.explore.scenes.facts import Ctx
from guardians.games.explore.scenes.layout import Geometry, fit_row
from guardians.ui import theme
from guardians.ui.table.prompt import Button, button_piece, option_buttons, paint_dialog  # noqa: F401
from guardians.ui.table.selection import OPT
from guardians.ui.table.view import Piece, View

PRIMARY_KINDS = frozenset({"done", "stay", "stop", "none", "keep", "accept"})
CONTEXT_KINDS = ("play", "visit", "ability", "trophy", "boss", "overrun", "reward", "museum", "supply")


def tray_refs(shown: Decision | None, drawn: set[str]) -> list[str]:
    """Refs of things the choice names but the table does not show: one per option at least."""
    if shown is None:
        return []
    placed: list[str] = []
    for action in shown.options:
        refs = [r for r in action.refs if not r.startswith(OPT)]
        if not refs or any(r in drawn or r in placed for r in refs):
            continue
        placed.append(refs[0])
    return placed


def context_line(ctx: Ctx, log: list) -> str:
    """What is being resolved, in the log's words (the latest card, visit or ability of this turn)."""
    for event in reversed(log[-30:]):
        if event.kind in CONTEXT_KINDS:
            return event.text_for(ctx.viewer)
        if event.kind == "round":
            break
    return ""


def where_is(ctx: Ctx, ref: str) -> str:
    """Where a card shown in the tray comes from, for its hover tags."""
    vs = ctx.vs
    kind, _, ident = ref.partition(":")
    if not ident.lstrip("-").isdigit():
        return ""
    i = int(ident)
    if kind == "quest":
        return "on the Red Boss" if i in vs.boss_cards.get("red", ()) else ""
    if kind != "card":
        return ""
    if i in vs.boss_cards.get("blue", ()):
        return "on the Blue Boss"
    for seat, player in enumerate(vs.p):
        mine = seat == ctx.viewer
        if i in player.discard:
            return "in your discard pile" if mine else f"in {ctx.seat_label(seat, True)}'s discard pile"
        if i in player.chain or i in player.persist:
            return "in your play area" if mine else f"in {ctx.seat_label(seat, True)}'s play area"
        if i in player.hand:
            return "in your hand" if mine else ""
    return "looked at, not in any pile yet"


def tray_box(geo: Geometry, count: int, with_buttons: bool, context: str) -> pygame.Rect:
    """Where the tray of `count` cards sits: centred over the town."""
    area = geo.upper
    pad = geo.px(12)
    card_w = geo.px(112)
    width = min(area.w - geo.px(30), max(geo.px(460), count * (card_w + geo.px(8)) + 2 * pad))
    box = pygame.Rect(0, 0, width, _tray_head(geo, context) + _tray_card_h(geo, context, with_buttons)
                      + (geo.px(34) if with_buttons else 0) + 3 * pad)
    box.center = area.center
    return box


def _tray_head(geo: Geometry, context: str) -> int:
    return (theme.font(geo.font(15), True).get_linesize() + (theme.font(geo.font(12)).get_linesize() if context else 0)
            + geo.px(12))


def _tray_card_h(geo: Geometry, context: str, with_buttons: bool) -> int:
    button_h = geo.px(34) if with_buttons else 0
    return min(int(geo.px(112) * 1.4), geo.upper.h - _tray_head(geo, context) - button_h - 3 * geo.px(12))


def covered_refs(shown: Decision, rects: dict[str, pygame.Rect], box: pygame.Rect, placed: list[str]) -> list[str]:
    """Options drawn on the table only under the tray's `box`: they join the tray, or no click reaches them."""
    more: list[str] = []
    for action in shown.options:
        refs = [r for r in action.refs if not r.startswith(OPT)]
        if not refs or any(r in placed or r in more for r in refs):
            continue
        drawn = [rects[r] for r in refs if r in rects]
        if drawn and all(box.colliderect(r) for r in drawn):
            more.append(refs[0])
    return more


def build_tray(ctx: Ctx, geo: Geometry, view: View, shown: Decision, refs: list[str],
               buttons: list[Button], context: str) -> None:
    """A panel over the town with the named cards, large enough to read, and the choice's buttons."""
    size = geo.font(13)
    pad = geo.px(12)
    title_px, sub_px = geo.font(15), geo.font(12)
    head_h = _tray_head(geo, context)
    button_h = geo.px(34) if buttons else 0
    card_h = _tray_card_h(geo, context, bool(buttons))
    box = tray_box(geo, len(refs), bool(buttons), context)

    def paint(surface: pygame.Surface, r: pygame.Rect) -> None:
        paint_dialog(surface, r, shown.prompt, context, title_px, sub_px, pad, 2 * pad, pad // 2 + 2)

    view.overlays.append(Piece("ui:tray", box, paint, solid=True, group="tray"))
    view.keep_clear.append(box)                 # no hover card over the choice
    zone = pygame.Rect(box.x + pad, box.y + head_h + pad // 2, box.w - 2 * pad, card_h)
    rects = fit_row([(int(card_h / 1.4), card_h)] * len(refs), zone, geo.px(8), min_scale=0.6)
    for ref, r in zip(refs, rects):
        kind, _, ident = ref.partition(":")
        face, back = None, "guardian"
        if kind == "card":
            face = ctx.card_face(int(ident))
        elif kind == "quest":
            face, back = ctx.quest_face(int(ident)), "quest"
        elif kind == "mon":
            face, back = ctx.monster_face(int(ident)), "monster"
        where = where_is(ctx, ref)
        view.overlays.append(Piece(ref, r, lambda s, rr, f=face, b=back: pieces.paint_card(s, rr, f, b), ref=ref,
                                   face=face, tags=(where,) if where else (), ident=ref, group="tray"))
    if buttons:
        widths = [min(geo.px(260), max(geo.px(110), theme.font(size, True).size(label)[0] + 24))
                  for _, label, _ in buttons]
        total = sum(widths) + 8 * (len(widths) - 1)
        scale = min(1.0, (box.w - 2 * pad) / total) if total else 1.0
        x = box.centerx - int(total * scale) // 2
        y = box.bottom - pad - button_h
        for (ref, label, kind), w in zip(buttons, widths):
            r = pygame.Rect(x, y, int(w * scale), button_h)
            view.overlays.append(button_piece(ref, r, label, kind in PRIMARY_KINDS, size, "button"))
            x += int(w * scale) + 8


def alert_of(ctx: Ctx, shown: Decision | None) -> bool:
    """A choice made in the middle of something else (an Overrun, a boss, an Orc's Final Act)."""
    if shown is None:
        return False
    return shown.kind in ("discard", "final_act") and ctx.vs.phase in ("overrun", "round_start", "battle")

