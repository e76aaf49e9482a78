"""The Filmis board: a loop of 48 squares around the cornflakes factory, four quarters of 12
(layout reconstructed, parlour/games/filmis/README.md "The board"; rules version 2 moved the specials off offset 6).
Square ids are plain strings; their names live in the message catalogues."""

from __future__ import annotations

NEST, PLAIN, ARROW, ARROW_TIP, CORNFLAKES = "NEST", "PLAIN", "ARROW", "ARROW_TIP", "CORNFLAKES"
FILMIS, GO_HOME, SWAP, FINE_OR_SKIP, EXTRA_ROLL, DROP = (
    "FILMIS",
    "GO_HOME",
    "SWAP",
    "FINE_OR_SKIP",
    "EXTRA_ROLL",
    "DROP",
)

SIZE = 48
QUARTER = 12

# The colours, in the order seats take them by default; colour q has its nest at square 12q.
RED, BLUE, GREEN, YELLOW = 0, 1, 2, 3
COLOURS = ("red", "blue", "green", "yellow")

NEST_OFFSET, TIP_OFFSET, CORNFLAKES_OFFSET = 0, 5, 8
ARROW_OFFSETS = (3, 4)
SPECIAL_OFFSETS = (1, 2, 7, 9, 10, 11)
# Offset 6, the way out of the factory, stays plain: every pawn stops at the tip (offset 5) and
# the smallest roll is 2, so no pawn ever lands there (parlour/games/filmis/README.md, "The board").

# The special squares of each quarter, at SPECIAL_OFFSETS [design].
SPECIALS: tuple[tuple[str, ...], ...] = (
    (PLAIN, FILMIS, DROP, SWAP, EXTRA_ROLL, FINE_OR_SKIP),  # q0, red
    (FILMIS, FINE_OR_SKIP, EXTRA_ROLL, GO_HOME, FILMIS, PLAIN),  # q1, blue
    (DROP, FILMIS, FINE_OR_SKIP, SWAP, PLAIN, EXTRA_ROLL),  # q2, green
    (FILMIS, DROP, GO_HOME, FILMIS, PLAIN, PLAIN),  # q3, yellow
)


def _quarter(q: int) -> tuple[str, ...]:
    squares = [PLAIN] * QUARTER
    squares[NEST_OFFSET] = NEST
    for offset in ARROW_OFFSETS:
        squares[offset] = ARROW
    squares[TIP_OFFSET] = ARROW_TIP
    squares[CORNFLAKES_OFFSET] = CORNFLAKES
    for offset, kind in zip(SPECIAL_OFFSETS, SPECIALS[q]):
        squares[offset] = kind
    return tuple(squares)


SQUARES: tuple[str, ...] = tuple(kind for q in range(4) for kind in _quarter(q))


def nest(colour: int) -> int:
    """The nest square of a colour."""
    return colour * QUARTER


def tip_for_cornflakes(square: int) -> int:
    """The arrow tip a cornflakes package lies past (three squares back)."""
    return square - (CORNFLAKES_OFFSET - TIP_OFFSET)


TIPS: tuple[int, ...] = tuple(q * QUARTER + TIP_OFFSET for q in range(4))
