"""The side panel of the chronicles table, top to bottom: the heroes (health, actions, the cards of the
hero in focus, the others' counts), Doktor Skarov and his villains (health, ID cards with their activation
and hidden Event cards), the objectives (progress and threat) and the initiative. Drawn from the
observation only: a card the viewer may not identify is a face-down chip.

Cards and villain ID cards are pieces with the refs the options carry (`card:<id>`, `vid:<id>`), so a click
on them plays them.
"""

from __future__ import annotations

import pygame

from guardians.games.chronicles.rules.model import HIDDEN
from guardians.games.chronicles.scenes import dice, sides, style
from guardians.games.chronicles.scenes.board import emblem_key, figure_colour
from guardians.games.chronicles.scenes.faces import card_face
from guardians.games.chronicles.scenes.kept import part
from guardians.engine.words import counted
from guardians.ui import scaling, theme
from guardians.ui.art import paint_emblem
from guardians.ui.table.kept import Kept, scale_key
from guardians.ui.table.pictures import looks
from guardians.ui.table.text import blit_centered, fitted, text
from guardians.ui.table.view import Piece, View
from guardians.ui.widgets import draw_box

TEXT_PX = 12                     # the panel's words at 1280x720, grown with the window (`text_px`)
HEAD_PX = 13


def text_px() -> int:
    return scaling.window_font(TEXT_PX)


def head_px() -> int:
    return scaling.window_font(HEAD_PX)


def _length(value: int) -> int:
    """A length given for 1280x720, in the app's window."""
    return int(round(value * scaling.table_scale(scaling.window_size())))


class Cursor:
    """A running y down the panel."""

    def __init__(self, area: pygame.Rect, pad: int) -> None:
        self.area, self.pad, self.y = area, pad, area.y + pad

    @property
    def x(self) -> int:
        return self.area.x + self.pad

    @property
    def w(self) -> int:
        return self.area.w - 2 * self.pad

    def take(self, h: int) -> pygame.Rect:
        r = pygame.Rect(self.x, self.y, self.w, h)
        self.y += h
        return r

    def left(self) -> int:
        return self.area.bottom - self.pad - self.y


def bar(surface: pygame.Surface, r: pygame.Rect, value: int, full: int, colour, label: str) -> None:
    """A filled bar `value` of `full` with its numbers written on it."""
    pygame.draw.rect(surface, (24, 26, 32), r, border_radius=3)
    if full > 0 and value > 0:
        fill = pygame.Rect(r.x, r.y, max(2, r.w * min(value, full) // full), r.h)
        pygame.draw.rect(surface, colour, fill, border_radius=3)
    pygame.draw.rect(surface, theme.PANEL_EDGE, r, 1, border_radius=3)
    blit_centered(surface, fitted(label, text_px(), r.w - 4, theme.TEXT, True, text_px()), r.center)


def heading(view: View | None, cur: Cursor, words: str, note: str = "") -> None:
    """A block's title (and a note under it) as pieces with looks: their pictures are kept. `view` None: the
    cursor only moves (a layout pass, see `build_side`)."""
    r = cur.take(max(head_px() + 6, theme.font(head_px(), True).get_linesize() + 2))
    line = cur.take(max(text_px() + 5, theme.font(text_px()).get_linesize() + 1)) if note else None
    if view is None:
        return

    def paint(s: pygame.Surface, rr: pygame.Rect) -> None:
        s.fill(theme.PANEL, rr)                 # opaque on the panel: a fast kept picture
        s.blit(text(words, head_px(), theme.PANEL_TITLE, True), (rr.x, rr.y))
        pygame.draw.line(s, theme.PANEL_EDGE, (rr.x, rr.bottom - 2), (rr.right, rr.bottom - 2))

    view.add(Piece(f"head:{words}", r, looks(paint, "heading", words, head_px()), group="panel"))
    if line is not None:
        def paint_note(s: pygame.Surface, rr: pygame.Rect) -> None:
            s.fill(theme.PANEL, rr)
            s.blit(fitted(note, text_px(), rr.w, theme.TEXT_DIM, False, text_px()), rr.topleft)

        view.add(Piece(f"note:{words}", line, looks(paint_note, "note", note, text_px()), group="panel"))


def chip(ref: str | None, key: str, r: pygame.Rect, label: str, fill, face=None, tip: str = "") -> Piece:
    def paint(s: pygame.Surface, rr: pygame.Rect) -> None:
        draw_box(s, rr, fill, theme.PANEL_EDGE, 1, radius=4)
        img = fitted(label, text_px(), rr.w - 8, theme.TEXT, False, text_px())
        s.blit(img, (rr.x + 4, rr.centery - img.get_height() // 2))

    looks(paint, "chip", label, fill)
    return Piece(key, r, paint, ref=ref, face=face, tip=tip or label, ident=key, group="panel")


def card_chips(seen, view: View | None, cur: Cursor, cards: list[str], key: str, kept: Kept | None = None) -> None:
    """Cards in hand as chips in two columns; a hidden card is a face-down chip without a ref. With `kept`, the
    chips are kept per cards and place (a hero's block is made again when its actions change, its hand not)."""
    row_h, gap = text_px() + 8, 3
    if view is None:                            # a layout pass: the rows only
        cur.y += -(-len(cards) // 2) * (row_h + gap)
        return
    if kept is not None:
        part(kept, ("chips", key, tuple(cards), cur.x, cur.w, seen.content.hash, scale_key()), view, cur,
             lambda v: card_chips(seen, v, cur, cards, key))
        return
    col_w = (cur.w - gap) // 2
    for i, card in enumerate(cards):
        col = i % 2
        if col == 0:
            r_row = cur.take(row_h + gap)
        r = pygame.Rect(cur.x + col * (col_w + gap), r_row.y, col_w, row_h)
        hidden = card.startswith(HIDDEN)
        face = None if hidden else card_face(seen, card)
        if hidden:
            label = "Wound (face down)" if card == HIDDEN + "w" else "Face-down card"
            view.add(chip(None, f"{key}:{i}", r, label, (48, 52, 66)))
            continue
        wound = seen.box.cards.get(card) is not None and seen.box.cards[card].deck == "wound"
        view.add(chip(f"card:{card}", f"card:{card}", r, seen.card_name(card), (96, 40, 44) if wound else (56, 70, 98),
                      face))


def hero_block(seen, view: View | None, cur: Cursor, seat: int, focus: bool, place: int | None = None,
               played_cards: bool = True, kept: Kept | None = None) -> None:
    """One hero: emblem, name (after its place in the revealed initiative, if any), what they are doing, health,
    cards and Wounds; the hero in focus also shows every card (face-down ones as such), so the Strategy phase's
    plays are clicked here."""
    hs = seen.heroes[seat]
    if not hs.hero:
        r = cur.take(text_px() + 6)
        if view is not None:
            words = f"Hero player {seat}: choosing"
            choosing = looks(lambda s, rr: s.blit(text(words, text_px(), theme.TEXT_DIM), rr.topleft), "choosing",
                             words, text_px())
            view.add(Piece(f"hero:{seat}", r, choosing, group="panel"))
        return
    if view is None:                            # a layout pass: the same rows as below, nothing built
        cur.take(text_px() * 2 + 14)
        if hs.played and (focus or played_cards):
            played_row(seen, None, cur, seat, hs.played)
        if focus:
            card_chips(seen, None, cur, list(hs.hand), f"hand{seat}")
        cur.y += 4
        return
    fig = seen.figures[hs.hero]
    hp = seen.health(hs.hero)
    name = seen.box.heroes[hs.hero].name
    shown_name = f"{place}. {name}" if place is not None else name
    colour = figure_colour(seen, fig)
    mark = emblem_key(fig)
    active, status = hero_status(seen, hs, fig)
    played = "; ".join(("L " if side == "left" else "R ") + ("face down" if c.startswith(HIDDEN) else seen.card_name(c))
                       for c, side in hs.played)
    inline = bool(played) and not focus and not played_cards       # a tight panel: the plays in words, line 2
    r = cur.take(text_px() * 2 + 14)
    wounds = sum(1 for c in hs.hand if c == HIDDEN + "w" or (seen.box.cards.get(c) is not None
                                                             and seen.box.cards[c].deck == "wound"))

    damage, hand = fig.damage, len(hs.hand)

    def paint(s: pygame.Surface, r: pygame.Rect) -> None:
        s.fill(theme.PANEL, r)                  # opaque on the panel: a fast kept picture
        disc = pygame.Rect(r.x, r.y + 2, r.h - 6, r.h - 6)
        pygame.draw.circle(s, colour, disc.center, disc.w // 2)
        paint_emblem(s, disc.inflate(-4, -4), "chronicles", "figures", mark)
        x = disc.right + 6
        room = r.right - x
        if status:                              # the status first: the name takes what is left, never under it
            img = fitted(status, text_px(), min(_length(110), room // 2), style.GOLD if active else theme.TEXT_DIM, False,
                         text_px())
            s.blit(img, img.get_rect(topright=(r.right, r.y + 1)))
            room -= img.get_width() + 6
        s.blit(fitted(shown_name, head_px(), room, theme.TEXT, True, text_px()), (x, r.y))
        y = r.y + head_px() + 5
        if inline:
            w = min(_length(90), (r.right - x) // 2)
            bar(s, pygame.Rect(x, y, w, text_px() + 3), hp - damage, hp, style.HEALTH, f"{max(0, hp - damage)}/{hp}")
            s.blit(fitted(played, text_px(), r.right - x - w - 6, style.GOLD, False, text_px()), (x + w + 6, y))
            return
        cards = text(f"{hand} cards · {wounds} W", text_px(), theme.TEXT_DIM)
        bar(s, pygame.Rect(x, y, r.right - x - cards.get_width() - 6, text_px() + 3), hp - damage,
            hp, style.HEALTH, f"{max(0, hp - damage)}/{hp} health")
        s.blit(cards, cards.get_rect(topright=(r.right, y)))

    looks(paint, "hero", colour, mark, status, active, shown_name, hp, damage,     # what it draws, and only that
          ("inline", played) if inline else ("cards", hand, wounds))
    view.add(Piece(f"hero:{seat}", r, paint, tip=f"{name}: {max(0, hp - fig.damage)} of {hp} health, "
                   f"{counted(len(hs.hand), 'card')} in hand of which {counted(wounds, 'Wound')} (W), "
                   f"{len(hs.discard)} discarded"
                   + (f"; played this turn: {played} (L: Special Power, R: Secret Technique)" if played else ""),
                   group="panel"))
    if not focus and hs.played and played_cards:
        played_row(seen, view, cur, seat, hs.played, kept)
    if focus:                                   # the hand, then the plays on a row of their own ("L: name")
        card_chips(seen, view, cur, list(hs.hand), f"hand{seat}", kept)
        if hs.played:
            played_row(seen, view, cur, seat, hs.played, kept)
    cur.y += 4


def hero_status(seen, hs, fig) -> tuple[bool, str]:
    """Whether a hero is acting now, and the words its block says of it (actions left, knocked out, activated)."""
    active = seen.phase == "activation" and fig.actions > 0
    left = f"{fig.actions} actions left" if fig.actions > 1 else "1 action left"
    return active, "knocked out" if not hs.in_play else left if active else "activated" if hs.activated else ""


def played_row(seen, view: View | None, cur: Cursor, seat: int, played: list[tuple[str, str]],
               kept: Kept | None = None) -> None:
    """The cards a hero played this turn, side by side under the hero: named (hover shows the card) once the viewer
    may know them, else face down with their side. L: Special Power (left of the ID card), R: Secret Technique.
    With `kept`, the row is kept per cards and place."""
    if kept is not None and view is not None:
        part(kept, ("played", seat, tuple(played), cur.x, cur.w, seen.content.hash, scale_key()), view, cur,
             lambda v: played_row(seen, v, cur, seat, played))
        return
    row_h, gap = text_px() + 8, 3
    line = cur.take(row_h + gap)
    if view is None:                            # a layout pass: the row only
        return
    col_w = (cur.w - gap * (len(played) - 1)) // max(1, len(played))
    for i, (card, side) in enumerate(played):
        r = pygame.Rect(cur.x + i * (col_w + gap), line.y, col_w, row_h)
        mark = "L" if side == "left" else "R"
        tip = "Special Power (left)" if side == "left" else "Secret Technique (right)"
        if card.startswith(HIDDEN):
            view.add(chip(None, f"played{seat}:{i}", r, f"Face down ({mark})", (48, 52, 66),
                          tip=f"A card played face down as {tip}: turned up at the reveal"))
            continue
        piece = chip(f"card:{card}", f"card:{card}", r, f"{mark}: {seen.card_name(card)}", (70, 64, 104),
                     card_face(seen, card))
        piece.tags = (f"played as {tip}",)
        view.add(piece)


def villain_block(seen, view: View | None, cur: Cursor, focus: bool, kept: Kept | None = None) -> None:
    """Doktor Skarov: his Event cards (named only for his own seat), health, and each villain ID card in
    play (clicked to activate it) with its figures, activation and hidden Event cards."""
    skarov = seen.figures.get("skarov")
    row_h = text_px() + 8
    shown = [vid for vid in seen.villain_order if seen.figures_of(vid)]
    cols = 2 if len(shown) > 4 else 1             # many villains: two columns, so the panel holds them
    if view is None:                              # a layout pass: the same rows as below, nothing built
        heading(None, cur, "", "note")
        cur.y += text_px() + 6 + 3 if skarov is not None else 0
        cur.y += -(-len(shown) // cols) * (row_h + 3)
        if focus and seen.v_hand:
            card_chips(seen, None, cur, list(seen.v_hand), "vhand")
        cur.y += 4
        return
    hp = seen.health("skarov") if skarov is not None else 0
    hand = len(seen.v_hand)
    short = sides.villain_short(seen.box)
    heading(view, cur, sides.villain_name(seen.box), f"{counted(hand, 'Event')} in hand · deck {len(seen.v_deck)}")
    if skarov is not None:
        r = cur.take(text_px() + 6)
        label = f"{short}: {max(0, hp - skarov.damage)}/{hp} health"
        paint_bar = looks(lambda s, rr, v=hp - skarov.damage: bar(s, rr, v, hp, style.SKAROV, label),
                          "bar", hp - skarov.damage, hp, style.SKAROV, label)
        view.add(Piece("bar:skarov", r, paint_bar, group="panel"))
        cur.y += 3
    col_w = (cur.w - 3 * (cols - 1)) // cols
    for i, vid in enumerate(shown):
        figs = seen.figures_of(vid)
        v = seen.box.villains[vid]
        if i % cols == 0:
            line = cur.take(row_h + 3)
        r = pygame.Rect(cur.x + (i % cols) * (col_w + 3), line.y, col_w, row_h)
        done = vid in seen.activated
        st = seen.st.get(vid, [])
        words = f"{v.name} ×{len(figs)}" + (" ✓" if done else "") + (f" · {len(st)} Ev" if st else "")
        fill = (46, 50, 60) if done else (88, 44, 44)
        piece = chip(f"vid:{vid}", f"vid:{vid}", r, words, fill,
                     tip=f"{v.name} ({v.role}), {len(figs)} on the board" + (", activated this turn" if done else "")
                     + (f", {counted(len(st), 'Event card')} on its ID card" if st else "")
                     + (f". {v.power_name}: {v.power_text}" if v.power_name else ""))
        view.add(piece)
    if focus and seen.v_hand:
        card_chips(seen, view, cur, list(seen.v_hand), "vhand", kept)
    cur.y += 4


def objective_block(seen, view: View | None, cur: Cursor, one_line: bool = False) -> None:
    """Each objective room: the heroes' progress and Skarov's threat track, and who settled it; `one_line`: the name
    beside the two bars (a tight panel)."""
    if not seen.objectives:
        return
    if view is None:                            # a layout pass: the same rows as below, nothing built
        heading(None, cur, "Objectives")
        cur.y += len(seen.objectives) * (text_px() + 8 if one_line else text_px() * 2 + 12)
        return
    heading(view, cur, "Objectives")
    villain = sides.villain_short(seen.box)
    for face, (progress, threat, done) in seen.objectives.items():
        obj = seen.box.rooms[face].objective
        name = seen.face_name(face)
        r = cur.take(text_px() + 8 if one_line else text_px() * 2 + 12)
        state = "neutralised" if done == "heroes" else f"met by {villain}" if done == "villain" else ""

        def paint(s: pygame.Surface, r: pygame.Rect, name=name, obj=obj, progress=progress, threat=threat,
                  state=state) -> None:
            s.fill(theme.PANEL, r)              # opaque on the panel: a fast kept picture
            title = name + (f" — {state}" if state else "")
            ink = style.GOLD if state else theme.TEXT
            if one_line:
                bars = pygame.Rect(r.x + r.w * 2 // 5, r.y + 1, r.w - r.w * 2 // 5, text_px() + 4)
                s.blit(fitted(title, text_px(), bars.x - r.x - 4, ink, True, text_px()), (r.x, r.y + 2))
                half = (bars.w - 4) // 2
                bar(s, pygame.Rect(bars.x, bars.y, half, bars.h), progress, obj.needed, style.HEALTH,
                    f"H {progress}/{obj.needed}")
                bar(s, pygame.Rect(bars.x + half + 4, bars.y, half, bars.h), threat, obj.length, style.SKAROV,
                    f"T {threat}/{obj.length}")
                return
            s.blit(fitted(title, text_px(), r.w, ink, True, text_px()), (r.x, r.y))
            half = (r.w - 4) // 2
            y = r.y + text_px() + 4
            bar(s, pygame.Rect(r.x, y, half, text_px() + 4), progress, obj.needed, style.HEALTH,
                f"Heroes {progress}/{obj.needed}")
            bar(s, pygame.Rect(r.x + half + 4, y, half, text_px() + 4), threat, obj.length, style.SKAROV,
                f"Threat {threat}/{obj.length}")

        looks(paint, "objective", name, state, one_line, progress, obj.needed, threat, obj.length)
        view.add(Piece(f"obj:{face}", r, paint, group="panel",
                       tip=f"{name}: the heroes have {progress} of the {obj.needed} they need to neutralise it; "
                           f"{villain}'s {obj.threat} track stands at {threat} of {obj.length}."))


def initiative_line(seen) -> str:
    if not seen.initiative:
        return ""
    names = ["?" if s < 0 else seen.seat_name(s) for s in seen.initiative]
    return "Initiative: " + " → ".join(names)


def initiative_order(seen) -> list[int]:
    """While the heroes act, the seats in the order their initiative cards were revealed: the heroes' panel is
    drawn in that order, numbered. Only what this view was shown: a card still face down for the viewer (-1) ends
    the known order, and the heroes after it keep their seat order."""
    if seen.phase != "activation":
        return []
    order: list[int] = []
    for seat in seen.initiative:
        if seat < 0:
            break
        if seat in seen.heroes:
            order.append(seat)
    return order


def focus_seat(scene, seen) -> int | None:
    """The hero whose cards are shown: the viewer's, else the one choosing, else the first."""
    viewer = scene.session.viewer
    if viewer is not None and viewer in seen.heroes:
        return viewer
    seat = scene.session.seat_to_move
    if seat is not None and seat in seen.heroes:
        return seat
    return None


def build_side(scene, seen, area: pygame.Rect, view: View) -> Cursor:
    """The whole panel in `area`, the dice tray at its bottom. When it does not all fit (many heroes, many villains),
    it is built again more tightly: first the objectives on one line each and no initiative line over numbered
    heroes, then the other heroes' played cards as words in their status line instead of a row of cards. How tight
    is found by layout passes that only move the cursor (building the panel was most of its cost, up to three
    times a redraw); with the scene's kept blocks (kept.py) a pass reads the rows a block took when it is kept."""
    roll = scene.last_roll(seen) if hasattr(scene, "last_roll") else dice.last_roll(seen)
    need = dice.tray_height(roll)
    keys = block_keys(scene, seen, area)        # the blocks' keys, worked out once for every pass
    kept = getattr(scene, "kept", None)

    def fit() -> int:
        return next((t for t in range(2) if side_blocks(scene, seen, area, None, t, keys).y + need <= area.bottom - 8),
                    2)

    # how tight, kept per everything the layout passes read: every block's key, the area and the tray's height
    tight = fit() if kept is None else kept.get(("tight", tuple(area), need, tuple(keys.items())), fit)
    cur = side_blocks(scene, seen, area, view, tight, keys)
    h = min(need, max(60, area.bottom - 8 - cur.y))
    tray = pygame.Rect(cur.x, area.bottom - 8 - h, cur.w, h)
    if kept is None:
        dice.build_tray(view, roll, tray)
    else:                                       # the tray's pieces are made of the roll and the tray's place only

        def make() -> tuple:
            trial = View()
            dice.build_tray(trial, roll, tray)
            return tuple(trial.pieces)

        view.pieces.extend(kept.get(("tray", roll, tuple(tray), keys["common"]), make))
    return cur


def side_blocks(scene, seen, area: pygame.Rect, view: View | None, tight: int, keys: dict | None = None) -> Cursor:
    """Everything of the panel above the dice tray, `tight` 0 (roomy) to 2 (tightest; see build_side); `view` None:
    a layout pass, the cursor moved exactly as building would move it, nothing built."""
    if view is not None:
        view.statics.append(lambda s: draw_box(s, area, theme.PANEL, theme.PANEL_EDGE))
    cur = Cursor(area, 8)
    kept = getattr(scene, "kept", None)
    if keys is None:
        keys = block_keys(scene, seen, area)
    common, focus, order = keys["common"], keys["focus"], keys["order"]
    team, note = keys["team"], "" if tight and order else keys["initiative"]
    part(kept, ("heading", common, team, note), view, cur, lambda v: heading(v, cur, team, note))
    for seat in list(order) + [s for s in sorted(seen.heroes) if s not in order]:
        place, is_focus = order.index(seat) + 1 if seat in order else None, seat == focus
        part(kept, ("hero", common, keys[seat], is_focus, place, tight < 2), view, cur,
             lambda v: hero_block(seen, v, cur, seat, is_focus, place, played_cards=tight < 2, kept=kept))
    villain_focus = keys["villain_focus"]
    part(kept, ("villain", common, keys["villain"], villain_focus), view, cur,
         lambda v: villain_block(seen, v, cur, villain_focus, kept))
    part(kept, ("objectives", common, keys["objectives"], tight > 0), view, cur,
         lambda v: objective_block(seen, v, cur, one_line=tight > 0))
    return cur


def block_keys(scene, seen, area: pygame.Rect) -> dict:
    """What the panel's blocks are made of, worked out once a build for every layout pass (`side_blocks`): in every
    key the content, the panel's column and the window's scale; the team's name, the initiative line, the hero in
    focus and the revealed order; each hero's `hero_key` (by seat), the villain's and the objectives'."""
    cur = Cursor(area, 8)
    keys: dict = {"common": (seen.content.hash, cur.x, cur.w, scale_key()), "team": sides.team_heading(seen.box),
                  "initiative": initiative_line(seen), "focus": focus_seat(scene, seen),
                  "order": tuple(initiative_order(seen))}
    keys.update((seat, hero_key(seen, seat)) for seat in sorted(seen.heroes))
    keys["villain"] = villain_key(seen)
    keys["villain_focus"] = any(not c.startswith(HIDDEN) for c in seen.v_hand)  # his hand, when the viewer may see it
    keys["objectives"] = tuple((face, tuple(o)) for face, o in seen.objectives.items())
    return keys


def hero_key(seen, seat: int) -> tuple:
    """What a hero's block is made of (`hero_block`), besides its place in the panel: the hero, its figure's
    damage, its health, what it says of the hero (`hero_status`: acting, actions left, knocked out, activated), its
    cards (in hand, played, discarded) and its figure's colour."""
    hs = seen.heroes[seat]
    if not hs.hero:
        return (seat, None)
    fig = seen.figures[hs.hero]
    return (seat, hs.hero, fig.card, fig.side, fig.damage, seen.health(hs.hero), hero_status(seen, hs, fig),
            tuple(hs.hand), tuple(hs.played), len(hs.discard), figure_colour(seen, fig))


def villain_key(seen) -> tuple:
    """What the villain's block is made of (`villain_block`): his hand and deck, his health and damage, and each
    villain with figures on the board: how many, whether activated, how many Event cards on its ID card."""
    skarov = seen.figures.get("skarov")
    on_board: dict[str, int] = {}
    for fig in seen.figures.values():
        if fig.cell is not None:
            on_board[fig.card] = on_board.get(fig.card, 0) + 1
    return (tuple(seen.v_hand), len(seen.v_deck),
            None if skarov is None else (skarov.damage, seen.health("skarov")),
            tuple((vid, on_board[vid], vid in seen.activated, len(seen.st.get(vid, ())))
                  for vid in seen.villain_order if vid in on_board))
