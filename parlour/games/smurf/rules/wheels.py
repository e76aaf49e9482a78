"""The two wheels and the 12 cat holes (parlour/games/smurf/README.md "The board", layout reconstructed).

A wheel has 16 positions (its finger holes). Turned r steps counter-clockwise, a cat hole at
wheel angle a shows a cat when (a - r) mod 16 is one of the wheel's cat angles. Which holes show
a cat is always computed from the two wheel positions; the state stores only the positions.
"""

from __future__ import annotations

from functools import cache

POSITIONS = 16  # finger holes per wheel: a turn is r -> (r + 1) mod 16
WHEELS = (1, 2)  # the wheels as the book numbers them

# wheel -> the angles its cats sit at
CATS: dict[int, frozenset[int]] = {
    1: frozenset({0, 3, 5, 8, 10, 13, 14}),  # 7 cats, under the bridge (areas C and D)
    2: frozenset({1, 4, 6, 9, 12, 15}),  # 6 cats, under the mountains (areas E-H)
}

# wheel -> its cat holes as (path square, wheel angle)
HOLES: dict[int, tuple[tuple[int, int], ...]] = {
    1: ((8, 0), (10, 2), (12, 7), (16, 11), (18, 12)),
    2: ((21, 0), (23, 2), (27, 5), (29, 7), (31, 10), (36, 12), (38, 14)),
}

HOLE_SQUARES: frozenset[int] = frozenset(square for holes in HOLES.values() for square, _ in holes)


def turned(position: int) -> int:
    """The wheel position after one step counter-clockwise."""
    return (position + 1) % POSITIONS


def showing_on(wheel: int, position: int) -> frozenset[int]:
    """The squares where `wheel`, turned to `position`, shows a cat."""
    cats = CATS[wheel]
    return frozenset(square for square, angle in HOLES[wheel] if (angle - position) % POSITIONS in cats)


@cache  # 256 pairs of positions at most; a pure function of them
def showing(positions: tuple[int, ...]) -> frozenset[int]:
    """The squares showing a cat with the wheels at `positions` (wheel 1's, wheel 2's)."""
    return frozenset().union(*(showing_on(wheel, r) for wheel, r in zip(WHEELS, positions)))


@cache  # asked at every wheel turn; 256 x 2 pairs at most
def appearing(before: tuple[int, ...], after: tuple[int, ...]) -> tuple[int, ...]:
    """The squares that show a cat with the wheels at `after` and did not at `before`, in order."""
    return tuple(sorted(showing(after) - showing(before)))
