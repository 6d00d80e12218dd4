"""The two factions' areas: hands, Ultimates with charge tokens, decks and discards, score areas,
heroes waiting to be placed or knocked out. Yours below the row, the other faction's above it.
"""

from __future__ import annotations

import pygame

from guardians.engine.table import CardFace
from guardians.games.heroes.rules.state import WIN_POINTS
from guardians.games.heroes.scenes import pieces, style
from guardians.games.heroes.scenes.board import HERO_SIZE, hero_piece, hero_sizes
from guardians.games.heroes.scenes.layout import Geometry, fit_row
from guardians.ui.table.view import Piece, View
from guardians.ui import theme
from guardians.ui.widgets import draw_box
from guardians.engine.words import counted

CARD_RATIO = 1.4
TALLEST = 1.75         # a hand card squeezed narrower keeps its height up to this ratio


def location_face_by_id(state, loc_id: str) -> CardFace:
    location = state.content.locations[loc_id]
    text = location.text if not state.first_game else "(First Game: location text is ignored.)"
    return CardFace(location.name, "Location", text,
                    (("PTS", str(location.points)), ("TRACK", str(location.track))), "location")


def seat_label(state, seat: int, viewer: int | None, level: bool = True) -> str:
    """"Player 2 (computer: greedy)", "Player 1 (you)", "Player 3 (human)"."""
    spec = state.config.seats[seat]
    if seat == viewer:
        who = "you"
    elif spec.startswith("ai"):
        who = "computer: " + spec.split(":", 1)[1] if level else "computer"
    else:
        who = "human"
    return f"Player {seat + 1} ({who})"


def primary_seat(state, team: int, viewer: int | None) -> int:
    seats = state.team_seats(team)
    return viewer if viewer in seats else seats[0]


# ----- small painters ---------------------------------------------------------------------------

def paint_counter(surface: pygame.Surface, rect: pygame.Rect, label: str, count: int, face: CardFace | None) -> None:
    """A compact pile: a small card (back, or the top card's face) and "label count" beside it."""
    card_h = rect.h
    card = pygame.Rect(rect.x, rect.y, int(card_h / CARD_RATIO), card_h)
    if count:
        pieces.paint_card(surface, card, face)
    else:
        pygame.draw.rect(surface, style.ZONE, card, border_radius=3)
        pygame.draw.rect(surface, theme.PANEL_EDGE, card, 1, border_radius=3)
    img = style.fitted(f"{label} {count}", style.least(), rect.w - card.w - 6, theme.TEXT, True)
    surface.blit(img, (card.right + 5, rect.centery - img.get_height() // 2))


def paint_scored(surface: pygame.Surface, rect: pygame.Rect, name: str, points: int) -> None:
    pygame.draw.rect(surface, style.LOCATION_BAND, rect, border_radius=4)
    pygame.draw.rect(surface, style.LOCATION_PAPER, rect, 1, border_radius=4)
    badge = style.text(str(points), max(style.least(), rect.h - 6), style.LOCATION_INK, True)
    circle = (rect.right - rect.h // 2 - 1, rect.centery)
    pygame.draw.circle(surface, style.TOKEN, circle, rect.h // 2 - 2)
    style.blit_centered(surface, badge, circle)
    label = style.fitted(name, scored_px(rect.h), rect.w - rect.h - 6, theme.TEXT, True, style.least())
    surface.blit(label, (rect.x + 4, rect.centery - label.get_height() // 2))


def scored_px(chip_h: int) -> int:
    return max(style.least(), chip_h - 8)


def scored_width(name: str, chip_h: int) -> int:
    """How wide a scored location's chip is for its whole name and its points disc."""
    return theme.font(scored_px(chip_h), True).size(name)[0] + chip_h + 10


def paint_more(surface: pygame.Surface, rect: pygame.Rect, count: int) -> None:
    """The chip counting scored locations without room of their own (hover names them)."""
    pygame.draw.rect(surface, style.LOCATION_BAND, rect, border_radius=4)
    pygame.draw.rect(surface, style.LOCATION_PAPER, rect, 1, border_radius=4)
    label = style.fitted(f"+{count} more", scored_px(rect.h), rect.w - 6, theme.TEXT, True, style.least())
    style.blit_centered(surface, label, rect.center)


# ----- the header line of a faction ---------------------------------------------------------------

def _turn_mark(names: str, px: int, width: int) -> str:
    """The words after the players' names of the faction taking the turn: the longest that fits whole beside
    them at full size (4 players' names leave no room for "taking the turn" at 1280x720)."""
    font = theme.font(px, True)
    for mark in ("  ◀ taking the turn", "  ◀ their turn", "  ◀"):
        if font.size(names + mark)[0] <= width:
            return mark
    return "  ◀"


def header(state, geo: Geometry, team: int, rect: pygame.Rect, view: View, viewer: int | None) -> None:
    """Faction chip, its players, points toward 9 and the score area (scored locations)."""
    faction = state.faction[team]
    seats = state.team_seats(team)
    names = " & ".join(seat_label(state, s, viewer, level=len(seats) == 1) for s in seats)
    points = state.points(team)
    active = state.active == team and state.phase not in ("faction", "draft", "locations", "place", "mulligan")
    chip = pygame.Rect(rect.x + 4, rect.y + 3, geo.px(104), rect.h - 6)
    names_w = geo.px(360 if len(seats) > 1 else 300)
    box = max(8, rect.h // 2 - 2)
    meter_x = chip.right + 8 + names_w + 6
    scored_x = meter_x + WIN_POINTS * (box + 2) + geo.px(76)

    title = names + _turn_mark(names, geo.font(13), names_w) if active else names

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, rect, theme.PANEL, style.faction_colour(faction) if active else theme.PANEL_EDGE,
                 2 if active else 1)
        pieces.paint_faction_chip(surface, chip, faction)
        label = style.fitted(title, geo.font(13), names_w, theme.TEXT, True)
        surface.blit(label, (chip.right + 8, rect.centery - label.get_height() // 2))
        pieces.points_meter(surface, meter_x, rect.centery, points, WIN_POINTS, box)

    view.statics.append(paint)
    # The score area: each scored location as a chip as wide as its whole name, hover for its card; those
    # left without room are counted on a last chip whose tip names them (a name is never cut).
    x, chip_h, right = scored_x, rect.h - 6, rect.right - 4
    scored = [state.content.locations[loc_id] for loc_id in state.scored[team]]
    more_w = scored_width("+9 more", chip_h) - chip_h
    for index, location in enumerate(scored):
        width = scored_width(location.name, chip_h)
        rest = len(scored) - index - 1
        if x + width + (4 + more_w if rest else 0) > right:
            left = scored[index:]
            words = "; ".join(f"{loc.name} ({counted(loc.points, 'point')})" for loc in left)
            spot = pygame.Rect(x, rect.y + 3, min(more_w, right - x), chip_h)
            view.add(Piece(f"scored:more:{team}", spot, lambda s, r, n=len(left): paint_more(s, r, n),
                           tip=f"Also scored by {style.faction_title(faction)}: {words}"))
            break
        view.add(Piece(f"scored:{location.id}", pygame.Rect(x, rect.y + 3, width, chip_h),
                       lambda s, r, n=location.name, p=location.points: paint_scored(s, r, n, p),
                       face=location_face_by_id(state, location.id),
                       tags=(f"scored by {style.faction_title(faction)}",), ident=location.id))
        x += width + 4


# ----- one player's things ------------------------------------------------------------------------

def ultimate_piece(state, seat: int, hero_id: str, rect: pygame.Rect) -> Piece:
    charges, face_up = state.seats[seat].ultimates[hero_id]
    ultimate = state.content.heroes[hero_id].ultimate
    tags = (f"{counted(charges, 'charge token')}; needs {ultimate.charge}",
            "face up: can be played" if face_up else "face down: already used")
    return Piece(f"ult:{hero_id}", rect,
                 lambda s, r, n=ultimate.name, c=charges, need=ultimate.charge, up=face_up:
                 pieces.paint_ultimate(s, r, n, c, need, up),
                 look=("ultimate", ultimate.name, charges, ultimate.charge, face_up), ref=f"ult:{hero_id}", face=state.card_face(ultimate.id), tags=tags, ident=hero_id)


def pile_pieces(state, seat: int, deck: pygame.Rect, discard: pygame.Rect, compact: bool, viewer: int | None,
                view: View) -> None:
    player = state.seats[seat]
    top = player.discard[-1] if player.discard else None
    top_face = state.card_face(state.cards[top]) if top is not None else None
    if compact:
        deck_paint = lambda s, r, n=len(player.deck): paint_counter(s, r, "Deck", n, None)  # noqa: E731
        discard_paint = lambda s, r, n=len(player.discard), f=top_face: paint_counter(s, r, "Discard", n, f)  # noqa: E731
    else:
        deck_paint = lambda s, r, n=len(player.deck): pieces.paint_pile(s, r, "Deck", n)  # noqa: E731
        discard_paint = lambda s, r, n=len(player.discard), f=top_face: pieces.paint_pile(s, r, "Discard", n, f)  # noqa: E731
    view.add(Piece(f"deck:{seat}", deck, deck_paint, look=("pile", compact, "Deck", len(player.deck), None),
                   ref="deck" if seat == viewer else None,
                   tip=f"{state.seat_name(seat)}'s deck: {len(player.deck)} cards", count=len(player.deck), ident="deck"))
    view.add(Piece(f"discard:{seat}", discard, discard_paint, face=top_face,
                   look=("pile", compact, "Discard", len(player.discard), top_face),
                   tip=f"{state.seat_name(seat)}'s discard pile: {len(player.discard)} cards",
                   tags=(f"top of the discard pile ({len(player.discard)} cards)",), ident=top))


def waiting_heroes(state, seat_or_team: list[int]) -> list:
    """Heroes not at a location: not placed yet during setup, or knocked out."""
    return [h for h in state.heroes.values() if h.owner in seat_or_team and not h.in_play]


def paint_waiting(surface: pygame.Surface, rect: pygame.Rect, look: pieces.HeroLook) -> None:
    """A hero not at any location, as a chip: its emblem, its name, and why it waits."""
    pygame.draw.rect(surface, style.faction_dark(look.faction), rect, border_radius=4)
    pygame.draw.rect(surface, style.faction_colour(look.faction), rect, 1, border_radius=4)
    square = pygame.Rect(rect.x + 2, rect.y + 2, rect.h - 4, rect.h - 4)
    pieces.paint_emblem(surface, square, look.hero_id, look.knocked_out)
    tag = style.text("KO" if look.knocked_out else "", max(style.least(), rect.h // 2 - 2), (255, 140, 130), True)
    name = style.fitted(look.name, max(style.least(), rect.h // 2), rect.w - square.w - tag.get_width() - 14, theme.TEXT,
                        True, style.least())
    surface.blit(name, (square.right + 4, rect.centery - name.get_height() // 2))
    surface.blit(tag, tag.get_rect(midright=(rect.right - 4, rect.centery)))


def compact_row(state, geo: Geometry, seat: int, rect: pygame.Rect, view: View, viewer: int | None,
                show_waiting: bool = True, ult_row: pygame.Rect | None = None) -> None:
    """One player in a line: name (and actions left), hand as backs, deck, discard, Ultimates, and
    heroes waiting off the row (not placed yet, or knocked out)."""
    from guardians.games.heroes.scenes.board import hero_look, hero_tags

    player = state.seats[seat]
    h = rect.h - 6
    y = rect.y + 3
    name_w, hand_w, deck_w, discard_w, wait_w = (geo.px(96), geo.px(118), geo.px(74), geo.px(92), geo.px(100))

    def paint(surface: pygame.Surface) -> None:
        label = style.fitted(f"Player {seat + 1}" + (" (you)" if seat == viewer else ""), geo.font(13), name_w - 8,
                             theme.TEXT, True)
        actions = state.phase == "action" and state.team_of(seat) == state.active
        ly = rect.centery - label.get_height() // 2 - (6 if actions else 0)
        surface.blit(label, (rect.x + 6, ly))
        if actions:
            left = style.text(f"{counted(player.actions, 'action')} left", geo.font(12),
                              style.TOKEN, True)
            surface.blit(left, (rect.x + 6, ly + label.get_height()))

    view.statics.append(paint)
    x = rect.x + name_w
    view.add(Piece(f"hand:{seat}", pygame.Rect(x, y, hand_w, h), lambda s, r, n=len(player.hand): pieces.paint_backs(s, r, n),
                   tip=f"{state.seat_name(seat)} holds {len(player.hand)} cards", count=len(player.hand),
                   origin=f"deck:{seat}", ident="hand"))
    x += hand_w + 6
    pile_pieces(state, seat, pygame.Rect(x, y, deck_w, h), pygame.Rect(x + deck_w + 4, y, discard_w, h),
                True, viewer, view)
    x += deck_w + discard_w + 14
    heroes = waiting_heroes(state, [seat]) if show_waiting else []
    wait_x = rect.right - 4 - len(heroes) * (wait_w + 4)
    ults = sorted(player.ultimates)
    if ult_row is not None:          # the Ultimates get a line of their own
        wait_x = x - 4
        x, y, h, wait_right = ult_row.x + name_w, ult_row.y + 3, ult_row.h - 6, ult_row.right
    if ults:
        room = (wait_right if ult_row is not None else wait_x) - x - 4
        ult_w = min(geo.px(220), room // len(ults) - 4)
        for hero_id in ults:
            view.add(ultimate_piece(state, seat, hero_id, pygame.Rect(x, y, ult_w, h)))
            x += ult_w + 4
    if ult_row is not None:
        wait_x = rect.right - 4 - len(heroes) * (wait_w + 4)
    chip_h = min(rect.h - 6, geo.px(26))
    for hero in heroes:
        look = hero_look(state, hero)
        chip = pygame.Rect(wait_x + 4, rect.centery - chip_h // 2, wait_w, chip_h)
        view.add(Piece(f"hero:{hero.id}", chip, lambda s, r, look=look: paint_waiting(s, r, look), ref=f"hero:{hero.id}",
                       face=state.hero_face(hero.id), tags=hero_tags(state, hero), ident=hero.id))
        wait_x += wait_w + 4


def build_enemy(state, geo: Geometry, team: int, viewer: int | None, view: View) -> None:
    rect = geo.enemy
    head = pygame.Rect(rect.x, rect.y, rect.w, geo.px(26))
    header(state, geo, team, head, view, viewer)
    seats = state.team_seats(team)
    body = pygame.Rect(rect.x, head.bottom + 2, rect.w, rect.bottom - head.bottom - 2)
    row_h = body.h // len(seats)

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, body, style.faction_dark(state.faction[team]) if state.faction[team] else theme.PANEL,
                 theme.PANEL_EDGE)

    view.statics.append(paint)
    if len(seats) == 1:              # two players: cards on one line, the Ultimates on the next
        half = body.h // 2
        compact_row(state, geo, seats[0], pygame.Rect(body.x, body.y, body.w, half), view, viewer,
                    ult_row=pygame.Rect(body.x, body.y + half, body.w, body.h - half))

        def paint_label(surface: pygame.Surface) -> None:
            img = style.text("Ultimates", geo.font(12), theme.TEXT_DIM, True)
            surface.blit(img, (body.x + 6, body.y + half + (body.h - half - img.get_height()) // 2))

        view.statics.append(paint_label)
        return
    for i, seat in enumerate(seats):
        compact_row(state, geo, seat, pygame.Rect(body.x, body.y + i * row_h, body.w, row_h), view, viewer)


def build_own(state, geo: Geometry, team: int, viewer: int | None, view: View) -> pygame.Rect:
    """Your faction's area; returns the hand area (the mulligan and placement views use it)."""
    rect = geo.own
    head = pygame.Rect(rect.x, rect.y, rect.w, geo.px(26))
    header(state, geo, team, head, view, viewer)
    seat = primary_seat(state, team, viewer)
    top = head.bottom + 2
    mates = [s for s in state.team_seats(team) if s != seat]
    for mate in mates:
        row = pygame.Rect(rect.x, top, rect.w, geo.px(34))

        def paint_row(surface: pygame.Surface, row=row) -> None:
            draw_box(surface, row, theme.PANEL, theme.PANEL_EDGE)

        view.statics.append(paint_row)
        compact_row(state, geo, mate, row, view, viewer, show_waiting=state.phase != "place")
        top = row.bottom + 2
    body = pygame.Rect(rect.x, top, rect.w, rect.bottom - top)
    faction = state.faction[team]

    def paint(surface: pygame.Surface) -> None:
        draw_box(surface, body, style.faction_dark(faction) if faction else theme.PANEL, theme.PANEL_EDGE)

    view.statics.append(paint)
    side_w = geo.px(240)
    side = pygame.Rect(body.right - side_w - 6, body.y + 6, side_w, body.h - 12)
    hand = pygame.Rect(body.x + 8, body.y + 6, side.x - body.x - 16, body.h - 12)
    player = state.seats[seat]
    # Ultimates stacked at the top of the side column, the piles below them.
    ults = sorted(player.ultimates)
    ult_h = geo.px(28)
    y = side.y
    for hero_id in ults:
        view.add(ultimate_piece(state, seat, hero_id, pygame.Rect(side.x, y, side.w, ult_h)))
        y += ult_h + 4
    pile_h = side.bottom - y - 2
    if pile_h > 30:
        card_w = int((pile_h - 18) / CARD_RATIO)
        spill = pieces.PILE_SPILL          # each pile's piece: its card and room for its caption on either side
        deck = pygame.Rect(side.x + 10 - spill, y + 2, card_w + 2 * spill, pile_h)
        discard = pygame.Rect(deck.right + geo.px(40) - 2 * spill, y + 2, card_w + 2 * spill, pile_h)
        pile_pieces(state, seat, deck, discard, False, viewer, view)
        ko = waiting_heroes(state, [seat]) if state.phase not in ("place",) else []
        if ko:
            right = discard.right - spill
            zone = pygame.Rect(right + 14, y + 2, side.right - right - 14, pile_h - 18)
            rects = fit_row(hero_sizes(ko, (int((pile_h - 18) / CARD_RATIO), pile_h - 18)), zone, 4, 0.3)
            for hero, r in zip(ko, rects):
                view.add(hero_piece(state, hero, r))
    build_hand(state, geo, seat, hand, viewer, view)
    return hand


def build_hand(state, geo: Geometry, seat: int, area: pygame.Rect, viewer: int | None, view: View) -> None:
    """The hand: face up for its owner, backs for anyone else; heroes to place during setup."""
    if state.phase == "place":
        waiting = [h for h in state.heroes.values() if state.team_of(h.owner) == state.team_of(seat) and not h.placed]

        def paint_label(surface: pygame.Surface) -> None:
            img = style.text("Heroes to place:" if waiting else "All your heroes are placed.", geo.font(14), theme.TEXT_DIM, True)
            surface.blit(img, (area.x, area.y))

        view.statics.append(paint_label)
        unit = (geo.px(HERO_SIZE[0] * 1.5), geo.px(HERO_SIZE[1] * 1.5))
        zone = pygame.Rect(area.x, area.y + 20, area.w, area.h - 20)
        for hero, rect in zip(waiting, fit_row(hero_sizes(waiting, unit), zone, geo.px(12))):
            view.add(hero_piece(state, hero, rect))
        return
    player = state.seats[seat]
    cards = sorted(player.hand)
    if not cards:
        def paint_empty(surface: pygame.Surface) -> None:
            words = "No cards in hand." if state.phase not in ("faction", "draft") else "Hands are dealt after placement."
            style.blit_centered(surface, style.text(words, geo.font(14), theme.TEXT_DIM), area.center)

        view.statics.append(paint_empty)
        return
    card_h = min(area.h, geo.px(196))
    gap = geo.px(8)
    fit_w = (area.w - gap * (len(cards) - 1)) // len(cards)
    # Wider than a printed card while the row has room, so the power's words read at 12 px.
    card_w = max(int(card_h / CARD_RATIO), min(int(card_h * 0.92), fit_w))
    if fit_w < card_w:              # shrink to show every card whole, down to a readable size, then overlap
        card_w = max(geo.px(90), fit_w)
        # Narrower, but as tall as the row allows (up to TALLEST), so the power's words still have room.
        card_h = min(card_h, int(card_w * TALLEST))
    total = len(cards) * card_w + (len(cards) - 1) * gap
    step = card_w + gap if total <= area.w else max(12, (area.w - card_w) // max(1, len(cards) - 1))
    visible = seat == viewer
    x = area.x
    for index, instance in enumerate(cards):
        rect = pygame.Rect(x, area.bottom - card_h, card_w, card_h)
        last = index == len(cards) - 1
        hit = rect if last or step >= card_w else pygame.Rect(rect.x, rect.y, step, card_h)
        if visible:
            face = state.card_face(state.cards[instance])
            view.add(Piece(f"card:{instance}", rect, lambda s, r, f=face: pieces.paint_card(s, r, f),
                           look=("card", face), ref=f"card:{instance}", face=face, hit=pygame.Rect(hit), ident=instance,
                           origin=f"deck:{seat}", exit=f"discard:{seat}"))
        else:
            view.add(Piece(f"back:{seat}:{index}", rect, lambda s, r: pieces.paint_card(s, r, None), look=("card", None),
                           hit=pygame.Rect(hit), tip="A hidden card", ident=None, origin=f"deck:{seat}"))
        x += step
