"""Text fitting, in one place: the shipped fonts, wrapping, cutting with "…" and shrinking to a box.

Every scene that wraps, cuts or fits text calls this module (`theme` re-exports its names for the
game scenes that reach them through `theme`). A paragraph drawn as one block is wrapped by pygame-ce
itself (`Font.render(..., wraplength)`); `wrap` gives the lines when a caller needs to count, limit or
place them one by one.

Only the DejaVu fonts in `assets/fonts/` are loaded; never a system font.

Every text drawn is rendered by a font from `font()`, so this module can also tell what was drawn: while
a `Recorder` listens (`recording()`, for the screenshot tests), each rendered text is noted with its
pixel size and the piece being painted (`Recorder.piece`), its rectangle when it is blitted onto a
`RecordingSurface`, and every cut ("…", dropped lines) with whether the caller allowed it (`may_cut`). A cut
is noted when its shortened text is drawn, in the piece drawing it: a fit a caller tries and does not draw
(wrapping at the smallest size to see whether it fits) is no cut. Nothing is noted when no recorder listens.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from functools import lru_cache
import weakref

import pygame

from guardians.engine.paths import assets_dir
from guardians.ui import scaling

Colour = tuple[int, int, int]
ELLIPSIS = "…"
FONT_FILES = {False: "DejaVuSans.ttf", True: "DejaVuSans-Bold.ttf"}


def font_path(bold: bool = False) -> str:
    return str(assets_dir() / "fonts" / FONT_FILES[bool(bold)])


# ----- what was drawn (for the screenshot tests) ----------------------------------------------------

@dataclass
class Drawn:
    """One rendered text: its words, pixel size, the piece being painted, and where it landed."""

    text: str
    px: int
    piece: str
    rect: pygame.Rect | None = None
    target: int = 0                 # id of the surface it was blitted on (0: not yet)
    size: tuple[int, int] = (0, 0)  # the rendered image's size (a placed rect smaller than it was clipped)


@dataclass
class Cut:
    """A text that had to be cut to fit ("…" or dropped lines)."""

    text: str
    shown: str
    piece: str
    allowed: bool


@dataclass
class Recorder:
    drawn: list[Drawn] = field(default_factory=list)
    cuts: list[Cut] = field(default_factory=list)
    current: str = ""
    allow_cut: bool = False
    _images: dict[int, tuple[pygame.Surface, Drawn]] = field(default_factory=dict)
    _targets: dict[int, pygame.Surface] = field(default_factory=dict)   # kept: a surface's id is not reused
    _shortened: dict[str, str] = field(default_factory=dict)   # a text cut to fit -> the whole text, until drawn

    @contextmanager
    def piece(self, key: str) -> Iterator[None]:
        """Texts rendered inside belong to the piece `key`."""
        outer, self.current = self.current, key
        try:
            yield
        finally:
            self.current = outer

    def rendered(self, image: pygame.Surface, value: str, px: int) -> None:
        if not value.strip():
            return
        if value in self._shortened:             # a cut text is drawn: the cut is seen here, in this piece
            self.cut(self._shortened[value], value)
        drawn = Drawn(value, px, self.current, size=image.get_size())
        self.drawn.append(drawn)
        self._images[id(image)] = (image, drawn)     # the image is kept, so its id is not reused

    def placed(self, source: pygame.Surface, rect: pygame.Rect, target: pygame.Surface) -> None:
        """`source` was blitted at `rect` (in window coordinates for a recording target)."""
        self._targets[id(target)] = target
        found = self._images.get(id(source))
        if found is not None:
            drawn = found[1]
            if drawn.rect is not None:            # a cached image drawn again: a new drawing of it
                drawn = Drawn(drawn.text, drawn.px, self.current or drawn.piece, size=drawn.size)
                self.drawn.append(drawn)
            drawn.rect, drawn.target = pygame.Rect(rect), id(target)
            return
        for inner in [d for d in self.drawn if d.target == id(source) and d.rect is not None]:
            moved = inner.rect.move(rect.x, rect.y).clip(rect)
            self.drawn.append(Drawn(inner.text, inner.px, self.current or inner.piece, moved, id(target), inner.size))

    def cut(self, value: str, shown: str) -> None:
        self.cuts.append(Cut(value, shown, self.current, self.allow_cut))

    def shortened(self, value: str, shown: str) -> None:
        """`value` was cut to `shown`: a cut once `shown` is drawn (a fit tried and not drawn is none); nothing
        left to draw is a cut at once."""
        if shown.strip(ELLIPSIS + " "):
            self._shortened[shown] = value
        else:
            self.cut(value, shown)


_recorder: Recorder | None = None
_caches: list[Callable[[], Callable[[], None] | None]] = []


def register_cache(clear: Callable[[], None]) -> None:
    """A cache of rendered or fitted text elsewhere, emptied when recording starts (so it is seen). A
    bound method is held weakly (its object may go)."""
    if hasattr(clear, "__self__") and hasattr(clear, "__func__"):
        _caches.append(weakref.WeakMethod(clear))
        _caches[:] = [ref for ref in _caches if ref() is not None]
    else:
        _caches.append(lambda: clear)


def clear_caches() -> None:
    """Empty every registered cache of rendered text and card faces (the next frame renders everything)."""
    for ref in list(_caches):
        clear = ref()
        if clear is not None:
            clear()


@contextmanager
def recording() -> Iterator[Recorder]:
    """Note every text rendered, placed and cut until the block ends."""
    global _recorder
    clear_caches()
    _recorder = Recorder()
    try:
        yield _recorder
    finally:
        _recorder = None


def is_recording() -> bool:
    """Whether texts are being recorded now: what is drawn then is drawn afresh, never from a kept picture
    (a picture holds pixels, not the texts the recorder follows)."""
    return _recorder is not None


@contextmanager
def may_cut() -> Iterator[None]:
    """Cuts inside are allowed: the words cut are not needed (they are said whole elsewhere, on hover)."""
    if _recorder is None:
        yield
        return
    outer, _recorder.allow_cut = _recorder.allow_cut, True
    try:
        yield
    finally:
        if _recorder is not None:
            _recorder.allow_cut = outer


class RecordingSurface(pygame.Surface):
    """A surface that tells the recorder where texts (and surfaces holding recorded texts) land."""

    def blit(self, source, dest, area=None, special_flags=0):  # type: ignore[override]
        rect = super().blit(source, dest, area, special_flags)
        if _recorder is not None:
            ox, oy = self.get_abs_offset()
            _recorder.placed(source, rect.move(ox, oy), self.get_abs_parent())
        return rect

    def blits(self, blit_sequence, doreturn=True):  # type: ignore[override]
        rects = [self.blit(*item) for item in blit_sequence]
        return rects if doreturn else None


class TextFont(pygame.font.Font):
    """A shipped font that tells the recorder, when one listens, what it rendered and at which size."""

    def __init__(self, path: str, px: int) -> None:
        super().__init__(path, px)
        self.px = px

    def render(self, text, antialias, color, bgcolor=None, wraplength=0):  # type: ignore[override]
        image = super().render(text, antialias, color, bgcolor, wraplength)
        if _recorder is not None and text:
            _recorder.rendered(image, str(text), self.px)
        return image


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> pygame.font.Font:
    """A shipped DejaVu font at `size` pixels (cached)."""
    if not pygame.font.get_init():
        pygame.font.init()
    return TextFont(font_path(bold), max(6, int(size)))


def render_wrapped(text: str, fnt: pygame.font.Font, colour: Colour, width: int) -> pygame.Surface:
    """A paragraph (newlines kept) wrapped to `width` pixels by pygame-ce, as one surface."""
    return fnt.render(text, True, colour, None, max(1, int(width)))


def ellipsize(text: str, fnt: pygame.font.Font, width: int) -> str:
    """`text` cut with "…" so it fits in `width` pixels ("" when not even "…" fits)."""
    if fnt.size(text)[0] <= width:
        return text
    lo, hi = 0, len(text)            # the longest prefix that fits with "…" after it
    while lo < hi:
        mid = (lo + hi + 1) // 2
        if fnt.size(text[:mid].rstrip() + ELLIPSIS)[0] <= width:
            lo = mid
        else:
            hi = mid - 1
    if lo == 0:
        shown = ELLIPSIS if fnt.size(ELLIPSIS)[0] <= width else ""
    else:
        shown = text[:lo].rstrip() + ELLIPSIS
    if _recorder is not None:
        _recorder.shortened(text, shown)
    return shown


def short_path(folder: str, fnt: pygame.font.Font, width: int) -> str:
    """`folder` shortened at a path separator to fit `width`: its last parts after "…/" ("…/saves/newspapers"),
    never a part cut in the middle; the last part alone (cut with "…" as a last resort) when nothing more fits."""
    import os

    if fnt.size(folder)[0] <= width:
        return folder
    parts = [p for p in folder.replace("\\", "/").split("/") if p]
    shown = ""
    for part in reversed(parts):
        candidate = f"{part}/{shown}" if shown else part
        if fnt.size(f"{ELLIPSIS}{os.sep}{candidate}")[0] > width:
            break
        shown = candidate
    if not shown:
        return ellipsize(parts[-1], fnt, width) if parts else ellipsize(folder, fnt, width)
    return f"{ELLIPSIS}{os.sep}{shown.replace('/', os.sep)}"


def _split_word(word: str, fnt: pygame.font.Font, width: int) -> list[str]:
    """A word longer than a line, in pieces that each fit (at least one character a piece): only for a caller
    that asks for it (`wrap(..., split=True)`), as a last resort before a cut."""
    pieces: list[str] = []
    while len(word) > 1 and fnt.size(word)[0] > width:
        lo, hi = 1, len(word) - 1
        while lo < hi:
            mid = (lo + hi + 1) // 2
            if fnt.size(word[:mid])[0] <= width:
                lo = mid
            else:
                hi = mid - 1
        pieces.append(word[:lo])
        word = word[lo:]
    pieces.append(word)
    return pieces


def words_fit(text: str, fnt: pygame.font.Font, width: int) -> bool:
    """Whether every word of `text` fits on a line `width` pixels wide (so wrapping needs no cut)."""
    return all(fnt.size(word)[0] <= width for word in text.split())


def wrap(text: str, fnt: pygame.font.Font, width: int, max_lines: int | None = None,
         split: bool = False) -> list[str]:
    """Lines of `text` that each fit in `width` pixels, broken at spaces only (newlines kept): a word is never
    split; one longer than a line stands on a line of its own, cut with "…" (a cut the recorder sees), or, with
    `split` (a caller's last resort that must say a name whole), goes on over two lines. With `max_lines`, the lines past it are dropped and the last kept one ends with "…".
    Kept per text, font and width: frames wrap the same prompts and options again and again."""
    return list(_wrapped(text, fnt, width, max_lines, split))


@lru_cache(maxsize=2048)
def _wrapped(text: str, fnt: pygame.font.Font, width: int, max_lines: int | None, split: bool) -> tuple[str, ...]:
    return tuple(_wrap(text, fnt, width, max_lines, split))


def _wrap(text: str, fnt: pygame.font.Font, width: int, max_lines: int | None = None,
          split: bool = False) -> list[str]:
    lines: list[str] = []
    for paragraph in text.split("\n"):
        line = ""
        for word in paragraph.split(" "):
            candidate = f"{line} {word}" if line else word
            if fnt.size(candidate)[0] <= width:
                line = candidate
                continue
            if line:
                lines.append(line)
            if split:
                *whole, line = _split_word(word, fnt, width)
                lines.extend(whole)
            else:
                line = word if fnt.size(word)[0] <= width else ellipsize(word, fnt, width)
        lines.append(line)
    if max_lines is not None and len(lines) > max_lines:
        lines = lines[:max(1, max_lines)]
        lines[-1] = ellipsize(lines[-1] + ELLIPSIS, fnt, width)
        if _recorder is not None:
            _recorder.shortened(text, lines[-1])
    return lines


def least(size: int, min_size: int) -> int:
    """How far a fitted text may shrink: `min_size` (given for 1280×720: smaller on a smaller window), but
    never below the window's smallest text (`scaling.window_min_text`) unless `size` itself is smaller;
    past it a text is cut (and the cut seen)."""
    floor = scaling.window_min_text()
    if min_size > floor:
        min_size = max(floor, min(min_size, scaling.font_px(min_size, min(1.0, scaling.table_scale(
            scaling.window_size())))))
    return max(min_size, min(size, floor))


def fit_size(text: str, size: int, width: int, bold: bool = False, min_size: int = 8) -> int:
    """The largest size from `size` down to `min_size` (and the window's floor, `least`) at which one line
    of `text` fits in `width`."""
    min_size = least(size, min_size)
    while size > min_size and font(size, bold).size(text)[0] > width:
        size -= 1
    return size


def fit_lines(text: str, size: int, width: int, height: int, min_size: int = 8,
              bold: bool = False) -> tuple[int, list[str]]:
    """The largest size (from `size` down to `min_size`) at which wrapped `text` fits `width` × `height`
    with no word cut, and its lines. At `min_size`, a word still wider than the line is cut and lines that still do not fit are dropped and the last kept one ends
    with "…". The window's floor holds (`least`)."""
    width, height = max(1, width), max(1, height)
    min_size = least(size, min_size)
    while True:
        fnt = font(size, bold)
        if size > min_size and not words_fit(text, fnt, width):
            size -= 1                    # a word wider than the line: smaller, rather than cut
            continue
        lines = wrap(text, fnt, width)
        if len(lines) * fnt.get_linesize() <= height or size <= min_size:
            break
        size -= 1
    room = max(1, height // font(size, bold).get_linesize())
    if len(lines) > room:
        lines = wrap(text, font(size, bold), width, max_lines=room)
    return size, lines


def fit_text(text: str, width: int, height: int, max_size: int, min_size: int,
             bold: bool = False) -> tuple[pygame.font.Font, list[str]]:
    """`fit_lines` giving the font itself."""
    size, lines = fit_lines(text, max_size, width, height, min_size, bold)
    return font(size, bold), lines


def blit_lines(surface: pygame.Surface, lines: list[str], fnt: pygame.font.Font, colour: Colour,
               x: int, y: int, centre_width: int | None = None) -> int:
    """Draw lines top-down from (x, y); returns the y below the last line (each line's picture kept)."""
    for line in lines:
        img = rendered(line, fnt, tuple(colour))
        dx = (centre_width - img.get_width()) // 2 if centre_width else 0
        surface.blit(img, (x + dx, y))
        y += fnt.get_linesize()
    return y


@lru_cache(maxsize=2048)
def rendered(line: str, fnt: pygame.font.Font, colour: tuple) -> pygame.Surface:
    """One antialiased line in `fnt`, kept: the "thinking" lines and prompts are drawn at every frame."""
    return fnt.render(line, True, colour)
