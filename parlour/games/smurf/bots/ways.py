"""The endings of a Smurf roll as the bots see them: walked once on a board without cats, each
with the squares it steps onto as a bit mask, so that under any cats (also a bit mask) an ending
is legal exactly when it steps on none of them (moves.stops). The rules' walk is then done once
per place and face, not once per wheel position (parlour/games/smurf/tests/test_smart_ways.py checks the
shortcut against the rules for every wheel position, place and face)."""

from __future__ import annotations

from collections.abc import Iterable
from functools import cache, lru_cache

from ..rules import board, moves, wheels
from ..rules.records import Move

ENTRY_SQUARES = tuple(board.ENTRY[k] for k in board.KINDS)


def places() -> list[tuple[int, bool]]:
    """Every (square, inside) a pawn can be in."""
    return [(sq, False) for sq in range(board.SIZE)] + [(sq, True) for sq in ENTRY_SQUARES]


def bits(squares: Iterable[int]) -> int:
    return sum(1 << sq for sq in squares)


@cache  # 44 places x 6 faces
def ways(sq: int, inside: bool, die: int) -> tuple[tuple[Move, int, int], ...]:
    """Every ending of a roll of `die` on a board without cats, as (Move, end square, the
    squares it steps onto as a bit mask)."""
    found = []
    for move, n in moves.options(sq, inside, die, frozenset()):
        squares = moves.walk(sq, inside, die, move.direction).squares[:n]
        found.append((move, squares[-1], bits(squares)))
    return tuple(found)


@cache  # 44 places x 6 faces
def ends_of(sq: int, inside: bool, die: int) -> dict[Move, int]:
    """Each way of a roll (a Move) with its end square: the legal ones under any cats are
    among them."""
    return {move: end for move, end, _ in ways(sq, inside, die)}


@cache  # 44 places
def every_way(sq: int, inside: bool) -> tuple[int, ...]:
    """The squares (bit mask) each ending of each face steps onto, faces in order."""
    return tuple(steps for die in range(1, 7) for _, _, steps in ways(sq, inside, die))


@cache  # 44 places
def reach(sq: int, inside: bool) -> int:
    """Every square a roll of the pawn could step onto, as a bit mask: the only cats that
    matter to its next roll."""
    found = 0
    for steps in every_way(sq, inside):
        found |= steps
    return found


@cache  # 256 pairs of wheel positions
def cat_bits(wheel_positions: tuple[int, ...]) -> int:
    """The squares showing a cat, as a bit mask."""
    return bits(wheels.showing(wheel_positions))


def options(sq: int, inside: bool, die: int, wheel_positions: tuple[int, ...]) -> list[tuple[Move, int]]:
    """The legal endings of a roll, as (Move, end square)."""
    cats = cat_bits(wheel_positions)
    return [(move, end) for move, end, steps in ways(sq, inside, die) if not steps & cats]


@lru_cache(maxsize=16384)  # 44 places x the cats they meet: a few thousand in practice
def open_ways(sq: int, inside: bool, cats: int) -> int:
    """Which endings of every face (every_way's order) the cats (bit mask) leave open, as bits."""
    return sum(1 << i for i, steps in enumerate(every_way(sq, inside)) if not steps & cats)


@cache  # 256 pairs of positions x 2 wheels
def turned(wheel_positions: tuple[int, ...], wheel: int) -> tuple[int, ...]:
    """The wheel positions after `wheel` is turned one step."""
    i = wheels.WHEELS.index(wheel)
    return wheel_positions[:i] + (wheels.turned(wheel_positions[i]),) + wheel_positions[i + 1 :]


@cache  # 256 pairs of wheel positions
def cats_around(wp: tuple[int, ...]) -> tuple[int, int, int, int, int]:
    """The cats showing (bit masks) now, after turning wheel 1 and after turning wheel 2; and the
    squares where turning wheel 1, and wheel 2, makes a cat appear."""
    first, second = (turned(wp, wheel) for wheel in wheels.WHEELS)
    return (
        cat_bits(wp),
        cat_bits(first),
        cat_bits(second),
        bits(wheels.appearing(wp, first)),
        bits(wheels.appearing(wp, second)),
    )
