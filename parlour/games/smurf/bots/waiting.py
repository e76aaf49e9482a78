"""When a Smurf bot may let a turn pass: the start of a turn ranked by what each action changes.

The smart bot's search looks two of its own turns ahead and then trusts a table made for a board
without cats. Seen from there, a turn spent waiting always looks cheap: the cats that hem the
pawn in now are past the horizon one turn later. Two bots hemmed in the same way then turn a
wheel that changes nothing for ever (found with seed 17, games 5 and 7, in two-player games).
A good player knows better: waiting a turn that changes nothing leaves the same choice next turn,
so if it is right once it is right for ever, and the game never ends. So the start of a turn is
ranked in tiers, and the search only chooses within the best tier there is:

- CHANGES: a roll that some face can move on; a wheel turn that opens or closes an ending of
  some face for this seat's pawn, or drops a cat under a pawn that holds a disc.
- LATER: a wheel turn that changes nothing now, but whose wheel has a hole within a roll of the
  pawn, so turning it on does (a pawn boxed in by cats needs such turns, not rolls).
- NEVER: a roll when no face can move (the die changes nothing), or a wheel turn whose holes are
  all out of the pawn's reach.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from parlour.rules.records import Action

from ..rules import wheels
from ..rules.records import TurnWheel
from ..rules.state import State
from .ways import bits, cats_around, open_ways, reach

CHANGES, LATER, NEVER = 0, 1, 2

HOLE_BITS = {wheel: bits(square for square, _ in holes) for wheel, holes in wheels.HOLES.items()}


def tiers(view: State, seat: int, actions: Sequence[Action]) -> list[int]:
    """How much each start-of-turn action of `seat` changes (CHANGES, LATER or NEVER)."""
    now, first, second, *appearing = cats_around(view.wheels)
    plain = start_tiers(view.positions[seat], view.inside[seat], now, first, second)
    found = []
    for action in actions:
        if isinstance(action, TurnWheel):
            i = wheels.WHEELS.index(action.wheel)
            found.append(CHANGES if drops_on_discs(view, appearing[i]) else plain[1 + i])
        else:  # the Roll (a turn's start offers nothing else: the rules' _TURN_STARTS)
            found.append(plain[0])
    return found


def start_tiers(sq: int, inside: bool, now: int, first: int, second: int) -> tuple[int, ...]:
    """The tiers of Roll, TurnWheel(1) and TurnWheel(2) (the rules' order) for a pawn at this
    place when no cat drops under a pawn with a disc; the cats showing now, after turning wheel
    1 and after turning wheel 2 as bit masks. Only the cats within a roll of the pawn matter, so
    they alone are the key of what is remembered."""
    close = reach(sq, inside)
    return _start_tiers(sq, inside, now & close, first & close, second & close)


@cache  # 44 places x the cats within a roll of them: a few thousand at most
def _start_tiers(sq: int, inside: bool, now: int, first: int, second: int) -> tuple[int, ...]:
    open_now = open_ways(sq, inside, now)
    found = [CHANGES if open_now else NEVER]
    for wheel, after in zip(wheels.WHEELS, (first, second)):
        if open_ways(sq, inside, after) != open_now:
            found.append(CHANGES)
        else:  # the turn changes nothing now; turning on may, if the wheel has a hole in reach
            found.append(LATER if HOLE_BITS[wheel] & reach(sq, inside) else NEVER)
    return tuple(found)


def drops_on_discs(view: State, appearing: int) -> bool:
    """A cat appears (on the squares `appearing`, a bit mask) under a pawn not in a food area
    whose player holds a disc."""
    for square, within, discs in zip(view.positions, view.inside, view.held):
        if appearing >> square & 1 and not within and any(discs):
            return True
    return False
