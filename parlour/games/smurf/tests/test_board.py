"""The board as data: the path, the food areas, the holes, and which holes show a cat for every
position of both wheels, checked against parlour/games/smurf/README.md "The board"."""

from ..rules import board, wheels

# parlour/games/smurf/README.md "The board", written out here on its own so the test does not read the rules' data:
# hole square -> wheel angle, and each wheel's cat angles.
RULES_HOLES = {1: {8: 0, 10: 2, 12: 7, 16: 11, 18: 12}, 2: {21: 0, 23: 2, 27: 5, 29: 7, 31: 10, 36: 12, 38: 14}}
RULES_CATS = {1: {0, 3, 5, 8, 10, 13, 14}, 2: {1, 4, 6, 9, 12, 15}}

# The squares showing a cat for each wheel position r = 0..15, worked out by hand from
# "a hole at angle a shows a cat when (a - r) mod 16 is one of the wheel's cat angles".
TABLE = {
    1: [
        {8},
        {16},
        {8, 10, 12, 18},
        {8, 16},
        {10, 12, 18},
        {10},
        {8, 16},
        {12, 18},
        {8, 10, 16},
        {12, 18},
        {10, 12},
        {8, 16},
        {18},
        {8, 10, 12, 16},
        {16, 18},
        {10, 12, 18},
    ],
    2: [
        {36},
        {21, 23, 27, 29, 31},
        {38},
        {23, 29, 36},
        {21, 27, 31},
        {38},
        {23, 27, 29, 31, 36},
        {21},
        {29, 36, 38},
        {23, 27, 31},
        {21, 38},
        {29, 31, 36},
        {21, 23, 27},
        {36, 38},
        {23, 29, 31},
        {21, 27, 38},
    ],
}


def test_the_table_follows_the_rule_of_rules_md():
    for wheel in (1, 2):
        for r in range(16):
            by_rule = {sq for sq, a in RULES_HOLES[wheel].items() if (a - r) % 16 in RULES_CATS[wheel]}
            assert TABLE[wheel][r] == by_rule, (wheel, r)


def test_visible_cats_for_every_position_of_each_wheel():
    for wheel in (1, 2):
        for r in range(16):
            assert wheels.showing_on(wheel, r) == TABLE[wheel][r], (wheel, r)


def test_visible_cats_for_every_pair_of_positions():
    for r1 in range(16):
        for r2 in range(16):
            assert wheels.showing((r1, r2)) == TABLE[1][r1] | TABLE[2][r2]


def test_wheel_data_matches_rules_md():
    assert wheels.CATS == {w: frozenset(c) for w, c in RULES_CATS.items()}
    assert len(wheels.CATS[1]) == 7 and len(wheels.CATS[2]) == 6
    assert {w: dict(h) for w, h in wheels.HOLES.items()} == RULES_HOLES
    assert len(wheels.HOLE_SQUARES) == 12
    assert wheels.POSITIONS == 16
    assert [wheels.turned(r) for r in (0, 7, 15)] == [1, 8, 0]


def test_at_the_start_one_cat_shows_on_each_wheel():
    assert wheels.showing((0, 0)) == {8, 36}


def test_path_home_and_food_areas():
    assert board.SIZE == 40 and board.HOME == 0
    assert board.ENTRY == {"ACORN": 5, "STRAWBERRY": 14, "APPLE": 25, "GRAPE": 34}
    assert board.DISCS == 32 and board.DISCS_PER_KIND == 8
    # no entry square is a cat hole, and HOME is neither
    assert not set(board.FOOD_AT) & wheels.HOLE_SQUARES
    assert board.HOME not in wheels.HOLE_SQUARES | set(board.FOOD_AT)
    assert board.ahead(1, board.BACKWARD, 3) == 38 and board.ahead(38, board.FORWARD, 3) == 1
