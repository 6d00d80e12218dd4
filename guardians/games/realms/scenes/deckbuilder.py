"""The realms deck builder (issue #15): the catalogue on the left, the deck on the right, the rule check
of `guardians deck validate` live under it, decks saved as YAML in the user folder (decks.write_user_deck)
and offered by the menu's "Deck, player N" once they follow the rules.

Left: filters (set, type, border, class, size, playable or all) as pygame_gui steppers (the mouse wheel
over one steps it too) and a search entry whose words are looked for in the name, our text and the
keywords (`deck_draft.search_text`; cards named so come first), the cards as faces (cardface.py) in
pages; a click adds one copy, a right click takes one out; a card the engine cannot play yet is greyed,
its reason in the message line while hovered, and refused with it. Right: the deck's name, where it stands
("53 of at least 55 cards"), the deck list with the Guardian and the Stronghold cards marked and − / +
on each row, the rule check, Save. Bottom: start from an empty deck, a preconstructed one, one of
yours or a `.dek` file (in your deck folder, or any path typed). Hovering any card shows it large (the
card viewer's zoom). The model is `deck_draft.DeckDraft` (no pygame).
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

import pygame

from guardians.engine.table import CardFace
from guardians.games.realms.cards import BORDERS, CLASSES, SET_NAMES, SETS, SIZES, CardDef, RealmsContent, load_content
from guardians.games.realms.deck_draft import SIZE_NAMES, TYPE_ORDER, DeckDraft, card_order, name_matches, offered
from guardians.games.realms.decks import DeckFileError, read_deck, unplayable_reason, user_deck_dir, write_user_deck
from guardians.games.realms.scenes import cardface  # noqa: F401  (registers the realms card faces)
from guardians.games.realms.scenes.cardface import paint_tile
from guardians.games.realms.scenes.facts import face_of
from guardians.ui import theme
from guardians.ui.app import App
from guardians.ui.cards import card_size, card_surface
from guardians.ui.gui import Field, GuiScene, Stepper, button, label
from guardians.ui.scenes.card_viewer import draw_zoom
from guardians.ui.table.text import fitted, text, wrapped
from guardians.ui.widgets import draw_box, event_pos, wheel_steps

GAP = 8
ROW_H = 26
OK_INK = (120, 210, 140)
BAD_INK = (255, 150, 140)
ROLE_MARK = {"guardian": (240, 196, 64), "stronghold": (150, 190, 240)}
SET_WORDS = {"RE": "Base set", "DI": "Dagger Isle", "DN": "Drifter's Nexus", "NP": "Necropolis Park", "PR": "Promos"}


@dataclass(frozen=True)
class Source:
    """Where a deck can be started from: kind "empty", "shipped", "mine" (a YAML file) or "dek"."""

    kind: str
    label: str
    deck_id: str = ""
    path: Path | None = None


class DeckBuilderScene(GuiScene):
    """Build and edit realms decks; see the module docstring."""

    def __init__(self, app: App, content: RealmsContent | None = None) -> None:
        super().__init__(app)
        self.content = content or load_content()
        self.draft = DeckDraft(self.content)
        self.saved_path: Path | None = None      # the file the deck was opened from or saved to
        self.unsaved = False
        self.confirm: str | None = None          # the action a second click will do (drop changes, replace)
        self.message = "Click a card to add it, right-click to take one out; hover to read it large."
        self.message_bad = False
        self.mouse = (-1, -1)
        self.page = 0
        self.offset = 0                          # the deck list's scroll, in rows
        self.set_filter = Stepper[str]("Set", [("", "All sets"), *((s, SET_WORDS.get(s, SET_NAMES[s])) for s in SETS)],
                                       on_change=self._filters_changed)
        self.type_filter = Stepper[str]("Type", [("", "All types"), *((t, t.title()) for t in TYPE_ORDER)],
                                        on_change=self._filters_changed)
        self.border_filter = Stepper[str]("Border", [("", "Any border"), *((b, b.title()) for b in BORDERS)],
                                          on_change=self._filters_changed)
        present = {c for card in self.content.cards.values() for c in card.classes}
        self.class_filter = Stepper[str]("Class", [("", "Any class"), *sorted(((c, CLASSES.get(c, c)) for c in present),
                                                                               key=lambda cl: cl[1].lower())],
                                         on_change=self._filters_changed)
        self.size_filter = Stepper[str]("Size", [("", "Any size"), *((z, SIZE_NAMES[z]) for z in SIZES)],
                                        on_change=self._filters_changed)
        self.show = Stepper[bool]("Show", [(True, "Playable"), (False, "All cards")],
                                  on_change=self._filters_changed)
        self.search = Field("Search", "name, text or keyword: fire, flying, knight…", max_len=40)
        self.name = Field("Name", "your deck's name", max_len=40)
        self.path_field = Field("File", "a path to a .dek or .yaml deck", max_len=300)
        self.start_from = Stepper[Source]("Start from", [])
        self._last_search = ""
        self.sources()
        self.cards: list[CardDef] = []
        self._filter()
        # laid out in build
        self.grid = pygame.Rect(0, 0, 0, 0)
        self.card = (104, 146)
        self.cells: list[tuple[pygame.Rect, CardDef]] = []
        self.deck_box = pygame.Rect(0, 0, 0, 0)
        self.check_box = pygame.Rect(0, 0, 0, 0)
        self.summary_box = pygame.Rect(0, 0, 0, 0)
        self.rows: list[tuple[pygame.Rect, str, str, pygame.Rect, pygame.Rect]] = []

    # ----- the model -----------------------------------------------------------------------------

    def sources(self) -> None:
        """What the deck can start from: empty, the preconstructed decks, your YAML decks (drafts and
        broken files too: opening one says what is wrong) and the `.dek` files in your deck folder."""
        found: list[tuple[Source, str]] = [(Source("empty", "An empty deck"), "An empty deck")]
        for deck in sorted(self.content.decks.values(), key=lambda d: d.name):
            found.append((Source("shipped", deck.name, deck.id), deck.name))
        folder = user_deck_dir()
        for path in sorted(folder.glob("*.yaml")):
            found.append((Source("mine", path.name, path=path), f"Yours: {path.name}"))
        for path in sorted(p for p in folder.iterdir() if p.suffix.lower() == ".dek"):
            found.append((Source("dek", path.name, path=path), f"Import: {path.name}"))
        keep = self.start_from.value if self.start_from.choices else None
        self.start_from.set_choices(found, keep=keep)

    def _filter(self) -> None:
        search = self.search.text
        self._last_search = search
        self.cards = sorted((c for c in self.content.cards.values()
                             if offered(c, self.set_filter.value, self.type_filter.value, self.border_filter.value,
                                        search, self.show.value, class_id=self.class_filter.value,
                                        size=self.size_filter.value)),
                            key=lambda c: (not name_matches(c, search), card_order(c)))

    def _filters_changed(self) -> None:
        self._filter()
        self.page = 0
        self._layout_cards()

    def say(self, message: str, bad: bool = False) -> None:
        self.message, self.message_bad = message, bad
        self.changed()

    def add(self, card_id: str) -> bool:
        """Add one copy; a refused card says why. True when the deck changed."""
        try:
            news = self.draft.add(card_id)
        except ValueError as exc:
            self.say(str(exc), bad=True)
            return False
        self._edited(news)
        return True

    def remove(self, card_id: str) -> bool:
        card = self.content.cards.get(card_id)
        if not self.draft.remove(card_id):
            return False
        self._edited(f"{card.name if card else card_id} taken out ({self.draft.copies(card_id)} left)")
        return True

    def _edited(self, news: str) -> None:
        self.unsaved = True
        self.confirm = None
        self.say(news)
        self._clamp_rows()

    def open(self, source: Source | None = None) -> bool:
        """Replace the deck with `source` (the "Start from" choice). Unsaved changes need a second click;
        a file that cannot be read is reported and the deck on screen is kept."""
        source = source or self.start_from.value
        if self.unsaved and self.confirm != f"open:{source}":
            self.confirm = f"open:{source}"
            self.say("Your changes are not saved: click Open again to drop them, or Save first.", bad=True)
            return False
        try:
            if source.kind == "empty":
                draft, path = DeckDraft(self.content), None
            elif source.kind == "shipped":
                deck = self.content.decks[source.deck_id]
                draft, path = DeckDraft.from_deck(deck, self.content, f"My {deck.name}"), None
            else:
                assert source.path is not None
                deck = read_deck(source.path, self.content)
                name = deck.name if source.kind == "mine" else source.path.stem.replace("_", " ")
                draft = DeckDraft.from_deck(deck, self.content, name)
                path = source.path if source.kind == "mine" else None
        except (DeckFileError, OSError) as exc:
            self.say(f"{source.label} cannot be opened, your deck is kept: {' '.join(str(exc).split())}", bad=True)
            return False
        self.draft, self.saved_path, self.unsaved, self.confirm = draft, path, False, None
        self.offset = 0
        if self.name.entry is not None:
            self.name.entry.set_text(draft.name)
        else:
            self.name._text = draft.name
        self.say(f"Opened {source.label}." if source.kind != "empty" else "A new, empty deck.")
        return True

    def import_path(self) -> bool:
        """Open the `.dek` (or YAML) deck at the path typed."""
        typed = self.path_field.text.strip()
        if not typed:
            self.say("Type the path of a .dek or .yaml deck file first.", bad=True)
            return False
        path = Path(typed).expanduser()
        if not path.is_file():
            self.say(f"There is no file at {path}.", bad=True)
            return False
        return self.open(Source("dek" if path.suffix.lower() == ".dek" else "mine", path.name, path=path))

    def save(self) -> Path | None:
        """Write the deck to your deck folder as `<name>.yaml`; replacing another file needs a second
        click. Returns the path written."""
        self.draft.name = self.name.text.strip()
        if not self.draft.deck_id:
            self.say("Give the deck a name first (letters or digits).", bad=True)
            return None
        deck_id = self.draft.deck_id
        if deck_id in self.content.decks:
            self.say(f"A preconstructed deck is called that ({deck_id}): choose another name.", bad=True)
            return None
        if len(self.draft.guardians) != 1:
            self.say("Choose a Guardian before saving: a deck file names exactly one.", bad=True)
            return None
        target = user_deck_dir() / f"{deck_id}.yaml"
        if target.exists() and target != self.saved_path and self.confirm != f"save:{target}":
            self.confirm = f"save:{target}"
            self.say(f"You already have a deck file {target.name}: click Save again to replace it.", bad=True)
            return None
        try:
            path = write_user_deck(self.draft.deck(), self.content.cards)
        except (DeckFileError, OSError) as exc:
            self.say(f"The deck could not be saved: {exc}", bad=True)
            return None
        self.saved_path, self.unsaved, self.confirm = path, False, None
        self.sources()
        if self.draft.report().ok:
            self.say(f"Saved as {path}. The menu offers it under Deck, player N.")
        else:
            self.say(f"Saved as {path}, as a draft: the menu offers it once it follows the deck rules.")
        return path

    # ----- layout --------------------------------------------------------------------------------

    @property
    def filters(self) -> tuple[Stepper, ...]:
        """The catalogue's steppers, in the order they are laid out (two rows of three)."""
        return (self.set_filter, self.type_filter, self.border_filter, self.class_filter, self.size_filter, self.show)

    def forget(self) -> None:
        for stepper in (*self.filters, self.start_from):
            stepper.forget()
        for entry in (self.search, self.name, self.path_field):
            entry.forget()

    def build(self, size: tuple[int, int]) -> None:
        w, h = size
        px = self.px
        row = px(32)
        right_w = max(px(420), w // 3)
        left_w = w - right_w - px(48)
        rx = px(16) + left_w + px(16)
        label(self, pygame.Rect(px(16), px(8), left_w, px(36)), "Deck builder — Guardians: The Mid Realms",
              object_id="#page_title")
        self.back = button(self, pygame.Rect(w - px(16) - px(150), px(8), px(150), px(36)), "Back  (Esc)",
                           self.escape)
        # filters: two rows of three steppers, then the search and the pages
        third = (left_w - 2 * px(8)) // 3
        y = px(50)
        for i, (stepper, caption) in enumerate(zip(self.filters, (38, 46, 64, 50, 46, 56))):
            stepper.build(self, pygame.Rect(px(16) + (i % 3) * (third + px(8)), y, third, row), px(caption))
            if i % 3 == 2:
                y += row + px(6)
        self.search.build(self, pygame.Rect(px(16), y, 2 * third + px(8), row), px(70))
        pager = pygame.Rect(px(16) + 2 * (third + px(8)), y, third, row)
        self.prev_page = button(self, pygame.Rect(pager.x, y, row + px(8), row), "◀", lambda: self.turn(-1))
        self.next_page = button(self, pygame.Rect(pager.right - row - px(8), y, row + px(8), row), "▶",
                                lambda: self.turn(1))
        self.page_label = label(self, pygame.Rect(self.prev_page.rect.right + 2, y,
                                                  self.next_page.rect.x - self.prev_page.rect.right - 4, row), "")
        y += row + px(8)
        # the bottom strip: start from, import a path
        bottom = h - px(8) - row
        half = left_w * 3 // 5
        self.start_from.build(self, pygame.Rect(px(16), bottom, half - px(80), row), px(96))
        self.open_button = button(self, pygame.Rect(px(16) + half - px(74), bottom, px(74), row), "Open",
                                  lambda: self.open())
        self.path_field.build(self, pygame.Rect(px(16) + half + px(8), bottom, left_w - half - px(96), row), px(44))
        self.import_button = button(self, pygame.Rect(px(16) + left_w - px(82), bottom, px(82), row), "Import",
                                    self.import_path)
        self.message_rect = pygame.Rect(px(16), bottom - px(44), left_w, px(38))
        self.grid = pygame.Rect(px(16), y, left_w, self.message_rect.y - px(6) - y)
        self.card = self._card_size()
        # the right: name, where it stands, the list, the rule check, save
        y = px(50)
        self.name.build(self, pygame.Rect(rx, y, right_w - px(98), row), px(58))
        self.save_button = button(self, pygame.Rect(rx + right_w - px(90), y, px(90), row), "Save", self.save,
                                  primary=True)
        y += row + px(6)
        self.summary_box = pygame.Rect(rx, y, right_w, 3 * px(20) + px(6))
        y = self.summary_box.bottom + px(4)
        self.check_box = pygame.Rect(rx, h - px(8) - px(150), right_w, px(150))
        self.deck_box = pygame.Rect(rx, y, right_w - px(40), self.check_box.y - px(8) - y)
        self.up = button(self, pygame.Rect(self.deck_box.right + px(6), self.deck_box.y, px(34), px(34)), "▲",
                         lambda: self.scroll(-3))
        self.down = button(self, pygame.Rect(self.deck_box.right + px(6), self.deck_box.bottom - px(34), px(34),
                                             px(34)), "▼", lambda: self.scroll(3))
        self._layout_cards()

    def _card_size(self) -> tuple[int, int]:
        """The largest card (100 to 150 pixels wide: narrower cuts the names) among those that show the most cards a page."""
        def shown(size: tuple[int, int]) -> int:
            return ((self.grid.w + GAP) // (size[0] + GAP)) * ((self.grid.h + GAP) // (size[1] + GAP))
        sizes = [card_size(w) for w in range(150, 99, -2)]
        return max(sizes, key=lambda size: (shown(size), size[0]))

    @property
    def per_page(self) -> int:
        cw, ch = self.card
        return max(1, (self.grid.w + GAP) // (cw + GAP)) * max(1, (self.grid.h + GAP) // (ch + GAP))

    @property
    def pages(self) -> int:
        return max(1, -(-len(self.cards) // self.per_page))

    def _layout_cards(self) -> None:
        cw, ch = self.card
        columns = max(1, (self.grid.w + GAP) // (cw + GAP))
        self.page = min(self.page, self.pages - 1)
        first = self.page * self.per_page
        self.cells = []
        for i, card in enumerate(self.cards[first:first + self.per_page]):
            r, c = divmod(i, columns)
            self.cells.append((pygame.Rect(self.grid.x + c * (cw + GAP), self.grid.y + r * (ch + GAP), cw, ch), card))
        if getattr(self, "page_label", None) is not None and self.page_label.alive():
            self.page_label.set_text(f"{self.page + 1}/{self.pages} · {len(self.cards)} cards")
            for arrow, usable in ((self.prev_page, self.page > 0), (self.next_page, self.page < self.pages - 1)):
                arrow.enable() if usable else arrow.disable()
        self.changed()

    def turn(self, delta: int) -> None:
        self.page = max(0, min(self.pages - 1, self.page + delta))
        self._layout_cards()

    def visible_rows(self) -> int:
        return max(1, self.deck_box.h // self.px(ROW_H))

    def scroll(self, rows: int) -> None:
        self.offset += rows
        self._clamp_rows()
        self.changed()

    def _clamp_rows(self) -> None:
        self.offset = max(0, min(self.offset, len(self.draft.rows()) - self.visible_rows()))

    # ----- events --------------------------------------------------------------------------------

    def escape(self) -> None:
        """Back (or Esc) to the menu; with unsaved changes only on a second press."""
        if self.unsaved and self.confirm != "leave":
            self.confirm = "leave"
            self.say("Your changes are not saved: press Back again to leave without them, or Save first.",
                     bad=True)
            return
        self.app.pop()

    def update(self, dt: float) -> None:
        super().update(dt)
        if self.search.text != self._last_search:
            self._filters_changed()
        if self.name.entry is not None and self.name.text != self.draft.name:
            self.draft.name = self.name.text
            self.unsaved = True
            self.changed()

    def handle(self, event: pygame.event.Event) -> None:
        pos = event_pos(event)
        if pos is not None:
            self.mouse = pos
        super().handle(event)
        if self.app.top is not self:
            return
        if event.type == pygame.MOUSEWHEEL:
            over = next((f for f in self.filters if f.rect.collidepoint(self.mouse)), None)
            if over is not None:
                over.step(wheel_steps(event))
            elif self.deck_box.collidepoint(self.mouse):
                self.scroll(wheel_steps(event))
            elif self.grid.collidepoint(self.mouse):
                self.turn(wheel_steps(event))
        elif event.type == pygame.MOUSEBUTTONDOWN and getattr(event, "button", 0) in (1, 3) and pos is not None:
            self.click(pos, event.button == 3)

    def click(self, pos: tuple[int, int], right: bool = False) -> None:
        for rect, card in self.cells:
            if rect.collidepoint(pos):
                self.remove(card.id) if right else self.add(card.id)
                return
        for _, cid, _, minus, plus in self.rows:
            if minus.collidepoint(pos):
                self.remove(cid)
                return
            if plus.collidepoint(pos):
                self.add(cid)
                return

    def hovered(self) -> tuple[pygame.Rect, CardFace] | None:
        for rect, card in self.cells:
            if rect.collidepoint(self.mouse):
                return rect, face_of(card)
        for rect, cid, _, _, _ in self.rows:
            if rect.collidepoint(self.mouse) and cid in self.content.cards:
                return rect, face_of(self.content.cards[cid])
        return None

    # ----- drawing -------------------------------------------------------------------------------

    def draw(self, surface: pygame.Surface) -> None:
        self._draw_cards(surface)
        self._draw_message(surface)
        self._draw_deck(surface)
        self.ui.draw_ui(surface)
        hover = self.hovered()
        if hover is not None:
            draw_zoom(surface, *hover)

    def _draw_cards(self, surface: pygame.Surface) -> None:
        if not self.cells:
            img = text("No card matches these filters.", self.px(16), theme.TEXT_DIM)
            surface.blit(img, (self.grid.x + 8, self.grid.y + 8))
        for rect, card in self.cells:
            surface.blit(card_surface(face_of(card), self.card), rect)
            copies = self.draft.copies(card.id)
            if not card.playable:
                veil = pygame.Surface(rect.size, pygame.SRCALPHA)
                veil.fill((20, 20, 26, 150))
                surface.blit(veil, rect)
                tag = fitted("unplayable", 12, rect.w - 8, BAD_INK, True, 12)
                draw_box(surface, pygame.Rect(rect.x + 2, rect.bottom - 22, rect.w - 4, 20), (40, 20, 24), radius=4)
                surface.blit(tag, tag.get_rect(center=(rect.centerx, rect.bottom - 12)))
            if copies:
                badge = text(f"×{copies}", 14, theme.TEXT_DARK, True)
                box = badge.get_rect(bottomright=(rect.right - 4, rect.bottom - 4)).inflate(10, 4)
                draw_box(surface, box, theme.ACCENT, radius=6)
                surface.blit(badge, badge.get_rect(center=box.center))

    def hover_reason(self) -> str | None:
        """Why the catalogue card under the pointer cannot be played yet (None for a playable one): the
        message line says it while the pointer is there."""
        card = next((card for rect, card in self.cells if rect.collidepoint(self.mouse)), None)
        return unplayable_reason(card) if card is not None else None

    def _draw_message(self, surface: pygame.Surface) -> None:
        box = self.message_rect
        reason = self.hover_reason()
        message, bad = (reason, True) if reason else (self.message, self.message_bad)
        draw_box(surface, box, theme.ERROR_BG if bad else theme.PANEL,
                 theme.ERROR_EDGE if bad else theme.PANEL_EDGE, radius=6)
        lines = list(wrapped(message, self.px(14), box.w - 16))
        if len(lines) > 2:          # the rest on the second line, cut with "…"
            lines = [lines[0], " ".join(lines[1:])]
        y = box.y + (box.h - len(lines) * self.px(17)) // 2
        for line in lines:
            surface.blit(fitted(line, self.px(14), box.w - 16, theme.TEXT), (box.x + 8, y))
            y += self.px(17)

    def _draw_deck(self, surface: pygame.Surface) -> None:
        draft = self.draft
        report = draft.report()
        # where it stands
        y = self.summary_box.y
        for line in draft.summary():
            ok = "✓" in line or (line.startswith("Guardian:") and "none" not in line) or \
                (line.startswith("Strongholds:") and len(draft.strongholds) == 3)
            surface.blit(fitted(line, self.px(15), self.summary_box.w, OK_INK if ok else theme.TEXT, ok, 12),
                         (self.summary_box.x, y))
            y += self.px(20)
        # the list
        box = self.deck_box
        draw_box(surface, box, theme.PANEL, theme.PANEL_EDGE, radius=6)
        rows = draft.rows()
        self._clamp_rows()
        self.rows = []
        if not rows:
            img = text("Empty: click cards on the left to add them.", self.px(14), theme.TEXT_DIM)
            surface.blit(img, (box.x + 8, box.y + 8))
        y = box.y + 4
        for cid, copies, role in rows[self.offset:self.offset + self.visible_rows()]:
            rect = pygame.Rect(box.x + 4, y, box.w - 8 - 2 * self.px(28), self.px(ROW_H) - 3)
            minus = pygame.Rect(rect.right + 4, y, self.px(24), self.px(ROW_H) - 3)
            plus = pygame.Rect(minus.right + 4, y, self.px(24), self.px(ROW_H) - 3)
            card = self.content.cards.get(cid)
            face = face_of(card) if card is not None else None
            prefix = {"guardian": "Guardian: ", "stronghold": "Stronghold: "}.get(role, f"{copies}× ")
            paint_tile(surface, rect, face, prefix)
            if role in ROLE_MARK:
                pygame.draw.rect(surface, ROLE_MARK[role], rect, 2, border_radius=4)
            if card is not None and not card.playable:
                pygame.draw.rect(surface, theme.ERROR_EDGE, rect, 2, border_radius=4)
            for r, sign, usable in ((minus, "−", True), (plus, "+", card is not None and card.playable
                                                        and role == "draw")):
                draw_box(surface, r, theme.BUTTON if usable else theme.BUTTON_DISABLED, theme.PANEL_EDGE, radius=4)
                img = text(sign, self.px(16), theme.TEXT if usable else theme.TEXT_DIM, True)
                surface.blit(img, img.get_rect(center=r.center))
            self.rows.append((rect, cid, role, minus, plus if role == "draw" else pygame.Rect(0, 0, 0, 0)))
            y += self.px(ROW_H)
        more = len(rows) - self.visible_rows()
        for arrow, usable in ((self.up, self.offset > 0), (self.down, self.offset < more)):
            if arrow.alive():
                arrow.enable() if usable else arrow.disable()
        # the rule check
        box = self.check_box
        draw_box(surface, box, theme.PANEL, OK_INK if report.ok else theme.ERROR_EDGE, radius=6)
        lines: list[tuple[str, tuple]] = []
        if report.ok:
            lines.append(("Follows the deck rules: ready to play.", OK_INK))
        for problem in report.problems:
            lines.append(("• " + problem[0].upper() + problem[1:], BAD_INK))
        if report.unplayable:
            lines.append(("• Not playable yet: " + ", ".join(report.unplayable), BAD_INK))
        surface.blit(text("Deck rules", self.px(14), theme.TEXT_DIM, True), (box.x + 8, box.y + 6))
        y = box.y + self.px(26)
        size = self.px(14)
        for words, ink in lines:
            for line in wrapped(words, size, box.w - 16):
                if y + self.px(17) > box.bottom - 4:
                    break
                surface.blit(text(line, size, ink), (box.x + 8, y))
                y += self.px(17)


def deck_builder(app: App) -> DeckBuilderScene:
    """The scene for the menu's "Build decks" (guardians.ui.game_scenes)."""
    return DeckBuilderScene(app)
