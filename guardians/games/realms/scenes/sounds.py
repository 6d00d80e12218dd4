"""Which of realms' log events sound (`guardians.ui.sound_cues`). Realms rolls no dice; its combat is
two cards revealed against each other. By event kind, never by card."""

from __future__ import annotations

SOUNDS = {
    "spell": "card",
    "terrain": "card",
    "terrain_down": "card",
    "reinforce": "card",
    "shield": "card",
    "placed": "card",
    "upgrade": "card",
    "upcard": "card",
    "bribe": "card",
    "pick": "reveal",           # the combat's match-up, shown together
    "command": "reveal",
    "victor": "damage",
    "dispelled": "damage",
    "aoe": "damage",
    "shield_lost": "knockout",
    "rubble": "knockout",
}
