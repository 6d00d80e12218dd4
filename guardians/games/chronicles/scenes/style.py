"""Colours of the chronicles table. Colour is never the only cue: figures carry emblems (a minion its number too), damage a number,
special spaces a letter or number, doors their state in the hover text.
"""

from __future__ import annotations

Colour = tuple[int, int, int]

BOARD_BG = (18, 20, 26)
FLOORS: tuple[Colour, ...] = ((92, 98, 104), (104, 96, 84), (84, 100, 96), (98, 92, 108), (106, 104, 92),
                              (88, 94, 112), (100, 88, 88), (90, 104, 86))
FLOOR_LINE = (0, 0, 0, 38)
AREA_LINE = (200, 206, 214)
WALL = (14, 14, 18)
MACHINE = (52, 56, 64)
MACHINE_HATCH = (70, 76, 86)
MACHINE_RIVET = (120, 126, 136)
ROCK = (66, 58, 50)
START = (60, 180, 90)
CHECK = (236, 140, 40)
LIGHT = (250, 220, 90)
REINFORCE = (120, 150, 230)
DOOR = (150, 102, 60)
AIRLOCK = (90, 140, 170)
DOOR_OPEN = (120, 210, 130)
LOCKED = (220, 70, 60)
PLAQUE = (20, 22, 30)
PLAQUE_EDGE = (150, 160, 180)

HERO_COLOURS: tuple[Colour, ...] = ((56, 120, 220), (50, 170, 110), (150, 90, 210), (30, 170, 190))
SKAROV = (170, 30, 40)
LIEUTENANT = (220, 110, 40)
MINIONS: tuple[Colour, ...] = ((130, 60, 60), (70, 80, 140), (110, 70, 40), (60, 110, 70))
HOSTAGE = (236, 226, 190)
DAMAGE = (200, 30, 36)
HEALTH = (70, 180, 90)
GOLD = (240, 196, 64)
