"""Turn order, shared by every game: the opening roll, and the seat on a player's left."""

from __future__ import annotations


from .game import Turn
from .records import DiceRolled


def opening_roll(turn: Turn, sides: tuple[int, ...]) -> int:
    """Everyone rolls dice with these sides (each roll an event); the highest total starts, and
    only the players tied for it roll again. Returns the starting seat."""
    contenders = list(range(len(turn.state.players)))
    while len(contenders) > 1:
        totals = {}
        for seat in contenders:
            dice = turn.chance.dice(len(sides), sides[0]) if len(set(sides)) == 1 else tuple(
                [turn.chance.roll(n) for n in sides])
            turn.emit(DiceRolled(seat, dice))
            totals[seat] = sum(dice)
        best = max(totals.values())
        contenders = [seat for seat in contenders if totals[seat] == best]
    return contenders[0]


def left_of(seat: int, players: int) -> int:
    """The player on your left is the next seat in turn order (RULES.md §4)."""
    return (seat + 1) % players
