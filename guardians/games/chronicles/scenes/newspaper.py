"""The front page of the Guardians' Chronicles at the end of a game (L548-L554, spec §6), drawn with Pillow and
saved as a PNG the players can keep.

Three steps, so tests can check the words and the layout without reading pixels: `compose()` turns a final
observation (`state.view(seat)`: only what every seat may see) into a `FrontPage` of texts from the content;
`lay_out()` places every line inside its column (wrapped, and shrunk when a column would overflow); `render()`
paints the placed lines, rules and a drawn emblem. No pygame here: the end scene converts the image itself.
"""

from __future__ import annotations

import math
import os
import re
from dataclasses import dataclass, field, replace
from functools import lru_cache
from pathlib import Path
from typing import Any

from PIL import Image, ImageDraw, ImageFont

from guardians.engine.paths import assets_dir, user_dir
from guardians.games.chronicles.scenes import sides

MASTHEAD = "The Guardians' Chronicles"
PAGE = (1240, 1754)                 # A4 portrait at 150 dpi
MARGIN = 60
GUTTER = 36
PAPER = (244, 238, 222)
INK = (28, 26, 24)
INK_SOFT = (86, 80, 72)
HERO_INK = (22, 74, 140)
VILLAIN_INK = (150, 30, 28)
RULE = (60, 56, 50)


@dataclass(frozen=True)
class Article:
    """One printed article: a bold headline and its body text (either may be empty)."""

    headline: str
    text: str = ""
    side: str = ""          # "heroes" | "villain" | "" (neutral: missions, ads)
    byline: str = ""        # a small line under the headline (a hero's name, a mission)
    ad: bool = False


@dataclass(frozen=True)
class FrontPage:
    """The words of the page, section by section, as the game's public record gives them."""

    masthead: str
    dateline: str
    headline: str
    winner: str                                 # "heroes" | "villain"
    showdown: Article
    score: str
    columns: tuple[tuple[str, tuple[Article, ...]], ...]   # (section title, articles)
    ads: tuple[str, ...] = ()


@dataclass(frozen=True)
class Line:
    """A line of text placed on the page, with the column box it must stay in."""

    text: str
    x: int
    y: int
    size: int
    bold: bool
    colour: tuple[int, int, int]
    box: tuple[int, int, int, int]           # left, top, right, bottom of its column
    role: str = "body"                       # masthead | dateline | headline | section | title | body | ad | ...

    @property
    def width(self) -> int:
        return int(math.ceil(font(self.size, self.bold).getlength(self.text)))

    @property
    def height(self) -> int:
        return line_height(self.size)


@dataclass
class Layout:
    """Everything `render()` paints: lines, rules (x0, y0, x1, y1, width), boxes (ads) and the emblem's box."""

    size: tuple[int, int]
    winner: str
    lines: list[Line] = field(default_factory=list)
    rules: list[tuple[int, int, int, int, int]] = field(default_factory=list)
    boxes: list[tuple[int, int, int, int]] = field(default_factory=list)
    emblem: tuple[int, int, int, int] = (0, 0, 0, 0)

    def texts(self, role: str | None = None) -> list[str]:
        return [ln.text for ln in self.lines if role is None or ln.role == role]


# ----- fonts ------------------------------------------------------------------------------------------------


@lru_cache(maxsize=128)
def font(size: int, bold: bool = False) -> ImageFont.FreeTypeFont:
    """DejaVu from assets/fonts (bundled, so the page looks the same everywhere)."""
    name = "DejaVuSans-Bold.ttf" if bold else "DejaVuSans.ttf"
    return ImageFont.truetype(str(assets_dir() / "fonts" / name), size)


def line_height(size: int) -> int:
    return int(round(size * 1.28))


def text_width(words: str, size: int, bold: bool) -> float:
    return font(size, bold).getlength(words)


def wrap(words: str, size: int, bold: bool, width: int) -> list[str]:
    """Greedy word wrap; a word wider than the column is cut at characters so nothing ever overflows."""
    lines: list[str] = []
    current = ""
    for word in words.split():
        while text_width(word, size, bold) > width:
            cut = len(word) - 1
            while cut > 1 and text_width(word[:cut], size, bold) > width:
                cut -= 1
            if current:
                lines.append(current)
                current = ""
            lines.append(word[:cut])
            word = word[cut:]
        trial = f"{current} {word}" if current else word
        if text_width(trial, size, bold) <= width:
            current = trial
        else:
            lines.append(current)
            current = word
    if current:
        lines.append(current)
    return lines


def fit(words: str, size: int, bold: bool, width: int, max_lines: int, smallest: int) -> tuple[int, list[str]]:
    """The largest size down from `size` at which `words` wraps into `max_lines` lines (or the smallest)."""
    while size > smallest:
        lines = wrap(words, size, bold, width)
        if len(lines) <= max_lines:
            return size, lines
        size -= 2
    return smallest, wrap(words, smallest, bold, width)


# ----- composing the words -----------------------------------------------------------------------------------


def _sentence(words: str) -> str:
    words = words.strip()
    return words if not words or words[-1] in ".!?" else words + "."


def compose(view: Any) -> FrontPage:
    """The page's words from a final observation: the printed articles (the log's order, the content's texts),
    each hero's mission and fate, the showdown, the score and the headline. Reads only public fields."""
    box = view.box
    news = box.newspaper
    printed = [(aid, side) for aid, side in view.articles]
    patrol: list[Article] = []
    skarov: list[Article] = []
    for aid, side in printed:
        if aid in news.articles:
            _, head, body = news.articles[aid]
            (patrol if side == "heroes" else skarov).append(Article(head, _sentence(body), side))
    ids = {aid for aid, _ in printed}
    heroes: list[Article] = []
    for seat, hs in sorted(view.heroes.items()):
        if not hs.hero:
            continue
        hero = box.heroes[hs.hero]
        mission = next((m for m in hero.missions if m.id == hs.mission), None)
        goal = _sentence(mission.text) if mission is not None else ""
        if f"praise_{hs.hero}" in ids:
            head, side, fate = news.praise[hs.hero], "heroes", "Personal mission accomplished"
        elif f"shame_{hs.hero}" in ids:
            head, side, fate = news.shame[hs.hero], "villain", "Knocked out before the end"
        else:
            head, side, fate = f"{hero.name.upper()} BACK HOME", "", "Personal mission not met"
        body = f"{fate}. Mission: {goal}" if goal else f"{fate}."
        heroes.append(Article(head, body, side, byline=hero.name))
    heroes_n = sum(1 for _, s in printed if s == "heroes")
    villain_n = len(printed) - heroes_n
    if "arrest" in ids:
        showdown = Article(news.arrest, _sentence(view.end_reason), "heroes")
    elif "escape" in ids:
        showdown = Article(news.escape, _sentence(view.end_reason), "villain")
    else:
        showdown = Article("THE SHOWDOWN", _sentence(view.end_reason))
    scenario = view.scenario
    limit = view.turn_limit
    dateline = f"{scenario.name} · Turn {view.turn} of {limit} · Final edition"
    team, villain = sides.team_name(view.box), sides.villain_name(view.box)
    score = f"Articles for {team}: {heroes_n} · for {villain}: {villain_n}"
    columns = ((team, tuple(patrol)), (villain, tuple(skarov)),
               ("The heroes", tuple(heroes)))
    return FrontPage(MASTHEAD, dateline, view.headline or "GAME OVER", view.winner or "", showdown, score,
                     columns, tuple(news.ads))


# ----- laying it out ------------------------------------------------------------------------------------------


def _place_block(out: list[Line], words: str, x: int, y: int, width: int, size: int, bold: bool,
                 colour: tuple[int, int, int], box: tuple[int, int, int, int], role: str,
                 centre: bool = False) -> int:
    """Wrap `words` into the column and add its lines; returns the y under the block."""
    for part in wrap(words, size, bold, width):
        dx = (width - int(math.ceil(text_width(part, size, bold)))) // 2 if centre else 0
        out.append(Line(part, x + max(0, dx), y, size, bold, colour, box, role))
        y += line_height(size)
    return y


def _column(articles: tuple[Article, ...], box: tuple[int, int, int, int], scale: float) -> tuple[list[Line], int]:
    """One column's lines at a scale; returns them and the y under the last one."""
    left, top, right, _ = box
    width = right - left
    head, body, by = max(12, int(25 * scale)), max(10, int(18 * scale)), max(10, int(16 * scale))
    out: list[Line] = []
    y = top
    for i, a in enumerate(articles):
        if i:
            y += int(22 * scale)
        colour = HERO_INK if a.side == "heroes" else VILLAIN_INK if a.side == "villain" else INK
        y = _place_block(out, a.headline, left, y, width, head, True, colour, box, "title")
        if a.byline:
            y = _place_block(out, a.byline, left, y + 2, width, by, True, INK_SOFT, box, "byline")
        if a.text:
            y = _place_block(out, a.text, left, y + 4, width, body, False, INK, box, "body")
    return out, y


def lay_out(page: FrontPage, size: tuple[int, int] = PAGE) -> Layout:
    """Place every line: masthead, dateline, headline across the page, the showdown beside the emblem, then the
    three columns (each shrunk until it fits its height), with ads in what space is left."""
    w, h = size
    lay = Layout(size, page.winner)
    inner = w - 2 * MARGIN
    full = (MARGIN, MARGIN, w - MARGIN, h - MARGIN)
    y = MARGIN
    lay.rules.append((MARGIN, y, w - MARGIN, y, 3))
    y += 14
    m_size, _ = fit(page.masthead, 84, True, inner, 1, 30)
    y = _place_block(lay.lines, page.masthead, MARGIN, y, inner, m_size, True, INK, full, "masthead", centre=True)
    y += 6
    lay.rules.append((MARGIN, y, w - MARGIN, y, 1))
    y += 8
    y = _place_block(lay.lines, page.dateline, MARGIN, y, inner, 18, False, INK_SOFT, full, "dateline", centre=True)
    y += 6
    lay.rules.append((MARGIN, y, w - MARGIN, y, 3))
    y += 24
    h_size, _ = fit(page.headline, 96, True, inner, 2, 36)
    colour = HERO_INK if page.winner == "heroes" else VILLAIN_INK
    y = _place_block(lay.lines, page.headline, MARGIN, y, inner, h_size, True, colour, full, "headline", centre=True)
    y += 18
    # the showdown band: the article on the left, the emblem on the right
    band_h = 300
    emblem_w = 360
    text_box = (MARGIN, y, w - MARGIN - emblem_w - GUTTER, y + band_h)
    lay.emblem = (w - MARGIN - emblem_w, y, w - MARGIN, y + band_h)
    for scale in (1.0, 0.9, 0.8, 0.7, 0.6, 0.5):
        lines = _showdown(page, text_box, scale)
        if lines and lines[-1].y + lines[-1].height <= text_box[3]:
            break
    lay.lines.extend(lines)
    y += band_h + 20
    lay.rules.append((MARGIN, y, w - MARGIN, y, 2))
    y += 20
    col_w = (inner - 2 * GUTTER) // 3
    bottom = h - MARGIN
    ends: list[int] = []
    placed: list[list[Line]] = []
    for i, (title, articles) in enumerate(page.columns):
        left = MARGIN + i * (col_w + GUTTER)
        head_box = (left, y, left + col_w, bottom)
        ty = _place_block(lay.lines, title.upper(), left, y, col_w, 22, True, INK_SOFT, head_box, "section")
        lay.rules.append((left, ty + 4, left + col_w, ty + 4, 2))
        box = (left, ty + 16, left + col_w, bottom)
        if not articles:
            articles = (Article("NO NEWS IN THIS SECTION", "Nothing settled for this side.", ""),)
        for scale in (1.0, 0.92, 0.84, 0.76, 0.68, 0.6):
            lines, end = _column(articles, box, scale)
            if end <= bottom:
                break
        placed.append(lines)
        ends.append(end + 28)
    if max(ends) - 28 > bottom:            # more news than a page holds even in small type: a longer page
        bottom = max(ends) - 28
        placed = [[replace(ln, box=(*ln.box[:3], bottom)) for ln in lines] for lines in placed]
    for lines in placed:
        lay.lines.extend(lines)
    _ads(lay, list(page.ads), ends, col_w, bottom)
    end = min(bottom, max(max(ends), y + 500))         # the page ends under its longest column
    for i in range(1, len(page.columns)):
        x = MARGIN + i * (col_w + GUTTER) - GUTTER // 2
        lay.rules.append((x, y, x, end, 1))
    lay.rules.append((MARGIN, end, w - MARGIN, end, 3))
    lay.size = (w, end + MARGIN)
    return lay


def _ads(lay: Layout, ads: list[str], ends: list[int], col_w: int, bottom: int) -> None:
    """R141: ads fill the gaps (never scored), one at a time into the column with the most room left."""
    while ads:
        i = max(range(len(ends)), key=lambda k: (bottom - ends[k], -k))
        left, end = MARGIN + i * (col_w + GUTTER), ends[i]
        ad_lines: list[Line] = []
        ad_box = (left + 14, end + 12, left + col_w - 14, bottom)
        ad_end = _place_block(ad_lines, ads[0], left + 14, end + 12, col_w - 28, 17, False, INK, ad_box, "ad",
                              centre=True)
        if ad_end + 12 > bottom or bottom - end < 110:
            return
        ads.pop(0)
        lay.lines.extend(ad_lines)
        lay.boxes.append((left, end, left + col_w, ad_end + 12))
        ends[i] = ad_end + 12 + 24


def _showdown(page: FrontPage, box: tuple[int, int, int, int], scale: float) -> list[Line]:
    left, top, right, _ = box
    width = right - left
    out: list[Line] = []
    a = page.showdown
    colour = HERO_INK if a.side == "heroes" else VILLAIN_INK if a.side == "villain" else INK
    y = _place_block(out, "THE FINAL SHOWDOWN", left, top, width, max(10, int(20 * scale)), True, INK_SOFT, box,
                     "section")
    y = _place_block(out, a.headline, left, y + 6, width, max(14, int(44 * scale)), True, colour, box, "title")
    y = _place_block(out, a.text, left, y + 10, width, max(10, int(22 * scale)), False, INK, box, "body")
    _place_block(out, page.score, left, y + 12, width, max(10, int(20 * scale)), True, INK_SOFT, box, "score")
    return out


# ----- painting ---------------------------------------------------------------------------------------------


def _emblem(draw: ImageDraw.ImageDraw, box: tuple[int, int, int, int], winner: str) -> None:
    """A drawn picture, not downloaded art: a night skyline under a searchlight; the Patrol's star shield when the
    heroes win, Skarov's lightning over a red sky when he does."""
    left, top, right, bottom = box
    w, h = right - left, bottom - top
    sky = (36, 52, 86) if winner == "heroes" else (92, 30, 30)
    draw.rectangle(box, fill=sky, outline=INK, width=3)
    # searchlight beam
    base = (left + w * 0.18, bottom - 6)
    draw.polygon([base, (left + w * 0.55, top + 4), (left + w * 0.85, top + 4)], fill=tuple(min(255, c + 40)
                                                                                              for c in sky))
    # skyline
    heights = (0.30, 0.46, 0.26, 0.58, 0.38, 0.50, 0.22, 0.42, 0.34)
    step = w / len(heights)
    for i, fh in enumerate(heights):
        x0 = left + i * step
        bh = h * fh
        draw.rectangle((x0, bottom - bh, x0 + step - 3, bottom - 3), fill=(20, 20, 26))
        for wy in range(int(bottom - bh + 10), int(bottom - 12), 16):
            for wx in range(int(x0 + 6), int(x0 + step - 10), 12):
                if (wx * 7 + wy * 3 + i) % 5 < 2:
                    draw.rectangle((wx, wy, wx + 4, wy + 6), fill=(236, 206, 110))
    cx, cy, r = left + w / 2, top + h * 0.36, min(w, h) * 0.24
    if winner == "heroes":
        shield = [(cx - r, cy - r), (cx + r, cy - r), (cx + r, cy + r * 0.2), (cx, cy + r * 1.25),
                  (cx - r, cy + r * 0.2)]
        draw.polygon(shield, fill=(230, 230, 236), outline=INK)
        draw.line(shield + [shield[0]], fill=INK, width=4)
        star = []
        for k in range(10):
            ang = -math.pi / 2 + k * math.pi / 5
            rad = r * (0.62 if k % 2 == 0 else 0.25)
            star.append((cx + rad * math.cos(ang), cy - r * 0.05 + rad * math.sin(ang)))
        draw.polygon(star, fill=HERO_INK)
    else:
        draw.ellipse((cx - r, cy - r, cx + r, cy + r), fill=(24, 22, 22), outline=(236, 120, 110), width=4)
        bolt = [(cx + r * 0.15, cy - r * 0.8), (cx - r * 0.35, cy + r * 0.1), (cx - r * 0.02, cy + r * 0.1),
                (cx - r * 0.2, cy + r * 0.85), (cx + r * 0.38, cy - r * 0.12), (cx + r * 0.04, cy - r * 0.12)]
        draw.polygon(bolt, fill=(246, 206, 70))


def render(lay: Layout) -> Image.Image:
    """Paint a layout on newsprint."""
    image = Image.new("RGB", lay.size, PAPER)
    draw = ImageDraw.Draw(image)
    for x0, y0, x1, y1, width in lay.rules:
        draw.line((x0, y0, x1, y1), fill=RULE, width=width)
    for box in lay.boxes:
        draw.rectangle(box, outline=INK_SOFT, width=2)
    if lay.emblem[2] > lay.emblem[0]:
        _emblem(draw, lay.emblem, lay.winner)
    for ln in lay.lines:
        draw.text((ln.x, ln.y), ln.text, font=font(ln.size, ln.bold), fill=ln.colour)
    return image


def front_page(view: Any) -> Image.Image:
    """The finished page for a final observation."""
    return render(lay_out(compose(view)))


# ----- keeping it --------------------------------------------------------------------------------------------


def newspaper_dir() -> Path:
    """Front pages sit beside saves and settings, in their own folder."""
    path = user_dir() / "newspapers"
    path.mkdir(parents=True, exist_ok=True)
    return path


def page_path(key: str, scenario: str, folder: Path | None = None) -> Path:
    """Where one game's page is kept: named by the scenario and the game's key (seed and final digest), so a game
    shown again, or resumed after its end, finds its page instead of printing another."""
    folder = folder if folder is not None else newspaper_dir()
    slug = re.sub(r"[^a-z0-9]+", "-", scenario.lower()).strip("-") or "game"
    key_slug = re.sub(r"[^A-Za-z0-9-]+", "-", key) or "game"
    return folder / f"chronicles_{slug}_{key_slug}.png"


def save_front_page(image: Image.Image, path: Path) -> Path:
    """Write the PNG (its folder made if needed) whole or not at all: a half-written page is never found."""
    path.parent.mkdir(parents=True, exist_ok=True)
    partial = path.with_name(path.name + ".part")
    image.save(partial, "PNG")
    os.replace(partial, path)
    return path
