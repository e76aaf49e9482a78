"""The turn's lookups (parlour/games/smurf/rules/turn.py) answer as the plain rules do: a roll's endings are
remembered by one integer key (the place, the face and the cats in the roll's reach only), and a
wheel turn's event and uncovered cats are made once for the wheel and both positions; both must
agree with moves.options / wheels.appearing everywhere. The cases are asked one after another,
so a key that leaves something out (the face, `inside`, a direction's cats) answers one case with
another's endings and fails here."""

from __future__ import annotations

from itertools import product

from ..rules import board, moves, turn, wheels
from ..rules.records import CatAppeared, TurnWheel, WheelTurned
from .scene import act, counts, scene

PLACES = [(square, False) for square in range(board.SIZE)] + [(square, True) for square in board.FOOD_AT]


# every position of each wheel, each beside three of the other's (all 256 pairs take seconds)
SOME_WHEEL_POSITIONS = sorted(
    {
        (r, other)
        for r in range(wheels.POSITIONS)
        for other in (r, (5 * r + 3) % wheels.POSITIONS, (7 * r + 11) % wheels.POSITIONS)
    }
)


def test_a_roll_ends_where_the_plain_rules_say_for_every_place_and_face():
    for wheel_positions in SOME_WHEEL_POSITIONS:
        cats = wheels.showing(wheel_positions)
        for (square, inside), die in product(PLACES, range(1, 7)):
            state = scene(positions=(square, 0), wheels=wheel_positions)._replace(inside=(inside, False))
            expected = tuple(
                (move, moves.walk(square, inside, die, move.direction).squares[steps - 1])
                for move, steps in moves.options(square, inside, die, cats)
            )
            assert turn._endings(state, 0, die) == (expected, tuple(move for move, _ in expected)), (
                square,
                inside,
                die,
                wheel_positions,
            )


def test_a_wheel_turn_uncovers_the_cats_the_plain_rules_say_for_every_position():
    for wheel, before in product(wheels.WHEELS, product(range(wheels.POSITIONS), repeat=2)):
        i = wheels.WHEELS.index(wheel)
        after = list(before)
        after[i] = wheels.turned(before[i])
        event, appearing = turn._turning(wheel, before)
        assert event == WheelTurned(wheel, after[i])
        assert tuple(sorted(appearing)) == wheels.appearing(before, tuple(after))


HOLES = sorted(wheels.HOLE_SQUARES)


def test_every_wheel_turn_played_shows_its_cats_where_the_plain_rules_say():
    # all 512 turns one after another through the turn's table (made as they are first asked):
    # an index that mixed up the wheels or their positions would answer one with another's cats
    for case, (wheel, before) in enumerate(product(wheels.WHEELS, product(range(wheels.POSITIONS), repeat=2))):
        i = wheels.WHEELS.index(wheel)
        after = list(before)
        after[i] = wheels.turned(before[i])
        standing = tuple(HOLES[(case + k) % len(HOLES)] for k in range(3))  # three pawns on holes
        state = scene(
            4,
            positions=(0,) + standing,
            held=(counts(), counts("ACORN"), counts("ACORN"), counts("ACORN")),
            wheels=before,
        )
        events, state = act(state, 0, TurnWheel(wheel))
        assert events[0] == WheelTurned(wheel, after[i]) and state.wheels == tuple(after)
        caught = [square for square in wheels.appearing(before, tuple(after)) if square in standing]
        assert [e.square for e in events if isinstance(e, CatAppeared)] == caught, (wheel, before)
