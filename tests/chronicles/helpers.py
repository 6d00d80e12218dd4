"""Shared set-up for the chronicles tests: fixture faces, small bases, a shipped 3×3 base.

Rulebook: ../shared/seeds/004_fe7a1a573f931c0d.txt (cited as 004_fe7a1a573f931c0d.txt L<n> in docstrings).
Fixtures (spec §2): tests/data/chronicles/tiles.yaml. A fixture placed alone at tile (0, 0) has global
coordinates equal to its local ones.
"""

from __future__ import annotations

import functools
from pathlib import Path

from guardians.games.chronicles import cards
from guardians.games.chronicles.cards import FaceDef
from guardians.games.chronicles.rules.board import Base, DoorSpec, Layout, Placement

DATA = Path(__file__).resolve().parents[1] / "data" / "chronicles"
FIXTURES = DATA / "tiles.yaml"
BROKEN = DATA / "broken"


@functools.cache
def fixture_faces() -> dict[str, FaceDef]:
    return cards.load_tiles(FIXTURES).faces


def shipped_faces() -> dict[str, FaceDef]:
    return cards.load_content().faces


def one_tile(face: str, rot: int = 0, faces: dict[str, FaceDef] | None = None) -> Base:
    """A base of one face at tile (0, 0)."""
    return Base(Layout((Placement(face, (0, 0), rot),)), faces if faces is not None else fixture_faces())


def fx_door(kind: str = "door", is_open: bool = False) -> Base:
    """FX-DOOR: tile L (fx_door_l) at (0, 0), tile R (fx_door_r) at (1, 0), one token between L's east socket
    (4, 2) and R's west socket (5, 2)."""
    lock = "showdown" if kind == "airlock" else None
    return Base(Layout((Placement("fx_door_l", (0, 0)), Placement("fx_door_r", (1, 0))),
                       (DoorSpec(((0, 0), (1, 0)), kind, is_open, lock),)), fixture_faces())


# A Difficult base (L93: Entrance, Control Room, 2 objectives + 5 traps) on a 3×3 grid with the Control Room in
# the centre, tiles turned every way, 8 doors (a spanning tree from the Entrance plus one loop) and one airlock.
SHIPPED_3X3 = {
    "tiles": [
        {"face": "laser_gallery", "at": [0, 0], "rot": 90},
        {"face": "reactor_core", "at": [1, 0], "rot": 0},
        {"face": "data_vault", "at": [2, 0], "rot": 270},
        {"face": "crusher_hall", "at": [0, 1], "rot": 180},
        {"face": "command_center", "at": [1, 1], "rot": 0},
        {"face": "robot_foundry", "at": [2, 1], "rot": 90},
        {"face": "cave_mouth", "at": [0, 2], "rot": 0},
        {"face": "magnet_lab", "at": [1, 2], "rot": 270},
        {"face": "electrified_walkway", "at": [2, 2], "rot": 180},
    ],
    "doors": [
        {"between": [[0, 2], [1, 2]]}, {"between": [[1, 2], [2, 2]]}, {"between": [[0, 2], [0, 1]]},
        {"between": [[0, 1], [0, 0]]}, {"between": [[0, 0], [1, 0]]}, {"between": [[1, 0], [2, 0]]},
        {"between": [[2, 0], [2, 1]]}, {"between": [[2, 2], [2, 1]]},
        {"between": [[2, 1], [1, 1]], "kind": "airlock", "id": "cr"},
    ],
}


@functools.cache
def shipped_3x3() -> Base:
    return Base(Layout.from_data(SHIPPED_3X3), shipped_faces())
