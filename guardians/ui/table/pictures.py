"""Pictures kept between redraws: a piece whose `look` is unchanged is blitted, not painted again.

After a move most of the table looks as it did: the same spaces, cards and figures. Painting each of
them again (rounded boxes, fitted words, badges) was most of the redraw after a move. A piece that
names what it shows in its `look` (a hashable value made of everything its painter reads: words,
numbers, colours, sizes) is painted once into a picture of its own and blitted on later frames for as
long as its look and size are the same. A piece without a look is painted as before, every time.

The look is the game's promise: two pieces with equal looks and sizes paint the same pixels. A look
that leaves out something the painter reads would show a stale picture, so a look is built next to
its painter from the very values the painter closes over (`tests/ui/test_pictures.py` compares cached
and painted frames of every game after each of many moves).

Making a picture costs more than painting the piece once (about three times: a transparent surface, then
the colour-key test), and a look seen once may never come back (a stack whose count changes every move),
so a piece is painted directly the first time its look is seen and its picture is made when the look
comes back, at most `NEW_PER_FRAME` of them per redraw. The redraw right after a move is the frame a
player waits for: it makes none (`begin(0)`); the looks it saw again are painted directly and put aside,
and their pictures are made while the window has nothing to draw (`make_pending`, from `Scene.idle`).

A picture is painted on a transparent surface with a margin, so what a painter draws a few pixels
outside its rect (a shadow, a badge) is kept, and what it leaves untouched shows the table beneath.
Most pieces are opaque where they are drawn at all (rounded boxes, words on them, cards): such a picture
is kept as an opaque surface whose untouched pixels are a colour key, run-length encoded, which blits
several times faster than per-pixel alpha and copies the very same pixels. A picture with translucent
pixels (a tinted tab, a soft shadow) keeps its alpha.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Callable, Hashable

import pygame

Painter = Callable[[pygame.Surface, pygame.Rect], None]

KEY = (255, 0, 254)         # the colour key of opaque pictures (a picture that uses it keeps its alpha)
MARGIN = 6          # pixels around a piece's rect kept in its picture (shadows, outlines, badges)
NEW_PER_FRAME = 6   # pictures made in one redraw at most
LIMIT = 400         # pictures kept (a few megabytes); the least recently used goes first
PENDING = 120       # looks put aside for an idle moment at most (the oldest is forgotten first)


def looks(paint: Painter, *look: Hashable) -> Painter:
    """Tag a painter with its look (a `Piece` built with it takes it): the painter's factory names what
    it read, next to where it read it. Returns the painter."""
    paint.look = look          # type: ignore[attr-defined]
    return paint


class Pictures:
    """An LRU store of painted pictures keyed by (look, width, height)."""

    def __init__(self, limit: int = LIMIT, margin: int = MARGIN) -> None:
        self.limit = limit
        self.margin = margin
        self._store: OrderedDict[tuple, pygame.Surface] = OrderedDict()
        self._once: set[tuple] = set()        # looks seen once, painted directly
        self._budget = NEW_PER_FRAME
        # looks seen again in a redraw that made no more pictures: (look, rect, painter), made when idle
        self._pending: OrderedDict[tuple, tuple[Hashable, pygame.Rect, Painter]] = OrderedDict()
        self.hits = 0
        self.misses = 0

    def begin(self, new: int = NEW_PER_FRAME) -> None:
        """A redraw starts: it may make `new` pictures (0: the frame right after a move)."""
        self._budget = new

    @property
    def pending(self) -> int:
        """How many pictures wait for an idle moment."""
        return len(self._pending)

    def make_pending(self, count: int = 2) -> bool:
        """Make up to `count` of the pictures put aside, the latest seen first; True while some are left."""
        pending = self._pending
        for _ in range(min(count, len(pending))):
            key, (look, rect, paint) = pending.popitem()
            if key not in self._store:
                self._once.discard(key)
                self.picture(look, rect, paint)
        return bool(pending)

    def __len__(self) -> int:
        return len(self._store)

    def clear(self) -> None:
        self._store.clear()
        self._pending.clear()

    def picture(self, look: Hashable, rect: pygame.Rect, paint: Painter) -> pygame.Surface:
        """The picture of a piece of this look and size (painted now if it is not kept)."""
        pic = self.kept(look, (rect.w, rect.h))
        if pic is not None:
            self.hits += 1
            return pic
        return self._make((look, rect.w, rect.h), rect, paint)

    def kept(self, look: Hashable, size: tuple[int, int]) -> pygame.Surface | None:
        """The picture of this look and size if one is kept (nothing is made or counted)."""
        key = (look, size[0], size[1])
        pic = self._store.get(key)
        if pic is not None:
            self._store.move_to_end(key)
        return pic

    def _make(self, key: tuple, rect: pygame.Rect, paint: Painter) -> pygame.Surface:
        """Paint and keep the picture of `key` (look, width, height)."""
        self.misses += 1
        m = self.margin
        pic = pygame.Surface((rect.w + 2 * m, rect.h + 2 * m), pygame.SRCALPHA)
        paint(pic, pygame.Rect(m, m, rect.w, rect.h))
        pic = keyed(pic)
        store = self._store
        store[key] = pic
        if len(store) > self.limit:
            store.popitem(last=False)
        return pic

    def draw(self, surface: pygame.Surface, rect: pygame.Rect, look: Hashable | None, paint: Painter) -> None:
        """Draw a piece at `rect`: its kept picture when it has a look, else painted directly. A table draws
        dozens of kept pictures a redraw, so the kept one is found with one lookup of its key (a look is a
        tuple of some dozen words and numbers, hashed afresh at every lookup)."""
        if look is None:
            paint(surface, rect)
            return
        key = (look, rect.w, rect.h)
        store = self._store
        pic = store.get(key)
        if pic is not None:
            self.hits += 1
            store.move_to_end(key)
        else:
            if key not in self._once or self._budget <= 0:
                if key in self._once:                   # back, in a redraw that makes no more: for later
                    self._pending[key] = (look, pygame.Rect(rect), paint)
                    if len(self._pending) > PENDING:
                        self._pending.popitem(last=False)
                elif len(self._once) > 4 * self.limit:
                    self._once.clear()
                self._once.add(key)
                paint(surface, rect)
                return
            self._budget -= 1
            self._once.discard(key)
            pic = self._make(key, rect, paint)
        m = self.margin
        surface.blit(pic, (rect.x - m, rect.y - m))

    def show(self, surface: pygame.Surface, rect: pygame.Rect, look: Hashable | None, paint: Painter) -> None:
        """Draw a piece in motion at `rect`: from its kept picture if there is one of that look and size, else
        painted; nothing is kept or counted (a sliding piece passes through sizes it never shows again)."""
        pic = None if look is None else self._store.get((look, rect.w, rect.h))
        if pic is None:
            paint(surface, rect)
        else:
            m = self.margin
            surface.blit(pic, (rect.x - m, rect.y - m))


def keyed(pic: pygame.Surface) -> pygame.Surface:
    """`pic` (per-pixel alpha) as an opaque surface with a run-length encoded colour key when every pixel
    is either fully opaque or fully transparent and none is the key colour; else `pic` itself."""
    display = pygame.display.get_surface() is not None
    solid = pygame.mask.from_surface(pic, 254).count()          # alpha 255
    if solid != pygame.mask.from_surface(pic, 0).count():        # alpha > 0: some pixel is translucent
        return pic.convert_alpha() if display else pic
    flat = pygame.Surface(pic.get_size())
    if display:
        flat = flat.convert()
    flat.fill(KEY)
    flat.blit(pic, (0, 0))
    w, h = pic.get_size()
    if pygame.mask.from_threshold(flat, KEY, (1, 1, 1, 255)).count() != w * h - solid:
        return pic.convert_alpha() if display else pic           # the key colour is painted: keep the alpha
    flat.set_colorkey(KEY, pygame.RLEACCEL)
    return flat
