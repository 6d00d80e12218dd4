"""Pictures the program draws itself (no image files): emblems for heroes, monsters, creature classes and
figures, the stat icons, card backs, game covers and the window icon. All cached in memory per size
(`cache.CACHE`), so a table redraw only blits.

- `emblems`: `emblem(game, group, key, size)` from `assets/art/<game>.yaml` hints
- `icons`: `icon(name, size, colour)`, `icon_for_label("HP")`
- `backs`: `card_back(deck, size)`
- `covers`: `cover(game, size)`, `window_icon()`
"""

from guardians.ui.art.backs import card_back, crest  # noqa: F401
from guardians.ui.art.cache import CACHE  # noqa: F401
from guardians.ui.art.covers import cover, window_icon  # noqa: F401
from guardians.ui.art.emblems import EmblemSpec, emblem, paint_emblem, spec_for  # noqa: F401
from guardians.ui.art.icons import icon, icon_for_label  # noqa: F401
