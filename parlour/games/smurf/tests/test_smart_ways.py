"""The Smurf smart bot's own shortcut for the endings of a roll (walked once, checked against
the cats with a bit mask) agrees with the rules for every wheel position, place and face."""

from __future__ import annotations

from itertools import product

from ..bots.ways import options as _options, places as _states
from ..rules import moves, wheels


def test_the_bots_endings_are_the_rules_endings_for_every_wheel_position():
    for wp in product(range(wheels.POSITIONS), repeat=2):
        cats = wheels.showing(wp)
        for (sq, inside), die in product(_states(), range(1, 7)):
            rules = [
                (move, moves.walk(sq, inside, die, move.direction).squares[n - 1])
                for move, n in moves.options(sq, inside, die, cats)
            ]
            assert _options(sq, inside, die, wp) == rules, (wp, sq, inside, die)
