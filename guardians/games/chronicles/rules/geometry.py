"""Integer geometry shared by the tile loader and the board: tile size, sides, sockets, edges, rotation.

Coordinates are *doubled* so that every point that matters is an integer: cell (x, y) spans [2x, 2x+2] ×
[2y, 2y+2], its centre is (2x+1, 2y+1), grid vertices have two even coordinates and the midpoint of a cell
edge has one odd and one even coordinate. An edge is named by its midpoint (an `Edge`), so the same edge
seen from either cell has one name. A leaf module: it imports nothing of the game.
"""

from __future__ import annotations

SIZE = 5                                   # a tile face is SIZE × SIZE cells
SPAN = 2 * SIZE                            # the same in doubled coordinates
SIDES: tuple[str, ...] = ("N", "E", "S", "W")
DELTA: dict[str, tuple[int, int]] = {"N": (0, -1), "E": (1, 0), "S": (0, 1), "W": (-1, 0)}
SOCKETS: dict[str, tuple[int, int]] = {"N": (2, 0), "E": (4, 2), "S": (2, 4), "W": (0, 2)}
ROTATIONS: tuple[int, ...] = (0, 90, 180, 270)

Cell = tuple[int, int]
Edge = tuple[int, int]                     # doubled midpoint of a cell edge


def edge_of(x: int, y: int, side: str) -> Edge:
    """The edge on `side` of cell (x, y)."""
    dx, dy = DELTA[side]
    return (2 * x + 1 + dx, 2 * y + 1 + dy)


def edge_cells(edge: Edge) -> tuple[Cell, Cell]:
    """The two cells an edge separates (west/east or north/south); one may lie outside any grid."""
    ex, ey = edge
    if ex % 2 == 0:                        # vertical edge on the line x = ex/2
        return (ex // 2 - 1, (ey - 1) // 2), (ex // 2, (ey - 1) // 2)
    return ((ex - 1) // 2, ey // 2 - 1), ((ex - 1) // 2, ey // 2)


def border_edges(ox: int = 0, oy: int = 0) -> list[Edge]:
    """The 4 × SIZE edges of a tile's outer border; (ox, oy) is the tile's top-left corner in cells."""
    bx, by = 2 * ox, 2 * oy
    edges = []
    for i in range(SIZE):
        edges += [(bx + 2 * i + 1, by), (bx + 2 * i + 1, by + SPAN), (bx, by + 2 * i + 1), (bx + SPAN, by + 2 * i + 1)]
    return edges


def rotate_point(px: int, py: int, rot: int) -> tuple[int, int]:
    """A doubled point of a tile turned clockwise by `rot` degrees about the tile's centre.

    One formula for cell centres, edge midpoints and vertices, so cells, walls and marks turn together and
    a quarter turn done four times is the identity.
    """
    for _ in range((rot // 90) % 4):
        px, py = SPAN - py, px
    return px, py


def rotate_cell(x: int, y: int, rot: int) -> Cell:
    """A local cell after turning the tile clockwise by `rot` degrees."""
    px, py = rotate_point(2 * x + 1, 2 * y + 1, rot)
    return (px - 1) // 2, (py - 1) // 2


def rotate_side(side: str, rot: int) -> str:
    return SIDES[(SIDES.index(side) + rot // 90) % 4]
