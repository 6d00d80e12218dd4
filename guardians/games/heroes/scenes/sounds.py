"""Which of heroes' log events sound (`guardians.ui.sound_cues`: its defaults already cover `play`,
`damage`, `knockout` and `reveal`, the reactions shown together). By event kind and data, never by card."""

from __future__ import annotations

SOUNDS = {
    # A played Ultimate names no card instance: the big moment gets the chime instead of the swish.
    "play": lambda event: "card" if event.get("card") is not None else "reveal",
    "react": lambda event: "card" if event.get("card") is not None else None,   # a reaction card, not a pass
    "draft": "card",
    "score": "reveal",
}
