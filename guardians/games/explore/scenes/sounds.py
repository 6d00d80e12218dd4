"""Which of explore's log events sound (`guardians.ui.sound_cues`: its defaults cover `play`, `damage`
and `reveal`, the Power Up cards shown together). By event kind and data, never by card."""

from __future__ import annotations


def _boss(event) -> str | None:
    """A boss battle won chimes, one lost falls; the boss's attack announcement is silent."""
    won = event.get("won")
    return None if won is None else ("reveal" if won else "knockout")


SOUNDS = {
    "draft": "card",
    "battle": "damage",
    "invade": "damage",
    "trophy": "knockout",       # a monster defeated
    "overrun": "knockout",
    "boss": _boss,
}
