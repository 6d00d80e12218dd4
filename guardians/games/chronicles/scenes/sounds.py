"""Which of chronicles' log events sound (`guardians.ui.sound_cues`: its defaults cover `play`,
`damage`, `ko`, `eliminated`, `roll` and `reveal`). By event kind, never by card."""

from __future__ import annotations

SOUNDS = {
    "event_st": "card",
    "event": "card",
    "flip": "card",
    "check": "dice",
    "mission": "dice",
    "wound": "damage",
    "objective": "reveal",
    "showdown": "reveal",
}
