"""The Smurf Game path and food areas (layout reconstructed, parlour/games/smurf/README.md "The board").

A loop of 40 squares; square 0 is HOME, where every pawn starts. Pawns move either way round
the loop and may pass over HOME. Four food area circles hang off the path, each reached through
its entry square; each circle starts with 8 discs of its kind (32 in all).
"""

from __future__ import annotations

SIZE = 40
HOME = 0

ACORN, STRAWBERRY, APPLE, GRAPE = "ACORN", "STRAWBERRY", "APPLE", "GRAPE"
KINDS: tuple[str, ...] = (ACORN, STRAWBERRY, APPLE, GRAPE)  # the order of every per-kind tuple
DISCS_PER_KIND = 8
DISCS = DISCS_PER_KIND * len(KINDS)  # 32, conserved: circles + all held

ENTRY: dict[str, int] = {ACORN: 5, STRAWBERRY: 14, APPLE: 25, GRAPE: 34}  # kind -> entry square
FOOD_AT: dict[int, str] = {square: kind for kind, square in ENTRY.items()}  # entry square -> kind

FORWARD, BACKWARD = 1, -1
DIRECTIONS = (FORWARD, BACKWARD)


def ahead(square: int, direction: int, steps: int = 1) -> int:
    """The square `steps` steps from `square` in `direction`, round the loop."""
    return (square + direction * steps) % SIZE


KIND_INDEX = {kind: i for i, kind in enumerate(KINDS)}  # kind -> its place in KINDS


def kind_index(kind: str) -> int:
    """The place of `kind` in KINDS (and in every per-kind tuple)."""
    return KINDS.index(kind)
