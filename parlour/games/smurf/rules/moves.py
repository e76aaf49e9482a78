"""Where a roll can take a pawn (parlour/games/smurf/README.md, "Set-up and a turn" and its rulings).

A pawn on the path steps `die` squares in the chosen direction. A pawn in a food area leaves it:
its first step is onto its entry square, then it goes on along the path. Every square stepped
onto must be free of cats (the starting square does not count: a pawn under a cat may leave).

The choices after a roll are `Move(direction, food)` actions:
- `Move(d, None)`: the full count in direction d, ending on the path; legal when none of the
  squares on the way (landing included) shows a cat.
- `Move(d, kind)`: the move ends in the food area `kind`: either it stops at that entry on the
  way (legal when the squares up to and including the entry are free of cats; cats beyond the
  entry do not matter, the pawn never goes there), or the full count lands on the entry (a move
  that ends on an entry square always goes into the food area).
The first step of a pawn leaving a food area, onto its own entry, is no chance to stop: it may
come back into the same area on a later turn, not on the turn it leaves. Ways that end alike
are offered once (leaving with a 1, both ways end on the entry: that is a forced move).
"""

from __future__ import annotations

from functools import cache, lru_cache

from parlour.rules.records import record

from . import board
from .records import Move


@record
class Path:
    """One way a roll can be walked: the squares stepped onto, in order."""

    direction: int
    squares: tuple[int, ...]
    leaving: bool  # the pawn starts in a food area; squares[0] is its own entry


@cache  # 44 places x 6 faces x 2 ways at most; Path is immutable
def walk(position: int, inside: bool, die: int, direction: int) -> Path:
    """The squares a pawn at `position` (in the food area there if `inside`) steps onto when it
    moves `die` steps in `direction`."""
    if inside:
        squares = (position,) + tuple(board.ahead(position, direction, i) for i in range(1, die))
    else:
        squares = tuple(board.ahead(position, direction, i) for i in range(1, die + 1))
    return Path(direction, squares, inside)


def stops(path: Path, cats: frozenset[int]) -> list[tuple[Move, int]]:
    """The legal endings of `path` with those cats showing: each as (Move, steps taken)."""
    endings: list[tuple[Move, int]] = []
    for step, square in enumerate(path.squares, 1):
        if square in cats:
            return endings  # blocked: nothing from here on, and no full count
        if square in board.FOOD_AT and not (path.leaving and step == 1):
            endings.append((Move(path.direction, board.FOOD_AT[square]), step))
    if not endings or endings[-1][1] != len(path.squares):
        endings.append((Move(path.direction, None), len(path.squares)))
    return endings


@lru_cache(maxsize=8192)  # a pure function of small values, asked twice for every roll
def options(position: int, inside: bool, die: int, cats: frozenset[int]) -> tuple[tuple[Move, int], ...]:
    """Every legal ending of a roll of `die`, forward ways first: (Move, steps taken). Two ways
    that end alike (leaving a food area with a 1: both end on its entry) are one choice, the
    forward one."""
    found: list[tuple[Move, int]] = []
    seen: set[tuple[int, str | None]] = set()
    for direction in board.DIRECTIONS:
        path = walk(position, inside, die, direction)
        for move, steps in stops(path, cats):
            end = (path.squares[steps - 1], move.food)
            if end not in seen:
                seen.add(end)
                found.append((move, steps))
    return tuple(found)


@lru_cache(maxsize=8192)  # asked for every move made; a pure function of small values
def destination(position: int, inside: bool, die: int, move: Move, cats: frozenset[int]) -> int | None:
    """The path square `move` ends on (for a food area: its entry), or None if it is not legal."""
    for ending, steps in stops(walk(position, inside, die, move.direction), cats):
        if ending == move:
            return walk(position, inside, die, move.direction).squares[steps - 1]
    return None
