"""Turn order, shared by every game: the opening roll, and the seat on a player's left."""

from __future__ import annotations


from .game import Turn
from .records import DiceRolled, TurnBegan, TurnEnded


def opening_roll(turn: Turn, sides: tuple[int, ...]) -> int:
    """Everyone rolls dice with these sides (each roll an event); the highest total starts, and
    only the players tied for it roll again. Returns the starting seat."""
    contenders = list(range(len(turn.state.players)))
    alike = len(set(sides)) == 1
    while len(contenders) > 1:
        totals = {}
        for seat in contenders:
            dice = turn.chance.dice(len(sides), sides[0]) if alike else tuple([turn.chance.roll(n) for n in sides])
            rolled = _ROLLED.get((seat, dice))
            if rolled is None:
                rolled = _ROLLED[seat, dice] = DiceRolled(seat, dice)
            turn.emit(rolled)
            totals[seat] = sum(dice)
        best = max(totals.values())
        contenders = [seat for seat in contenders if totals[seat] == best]
    return contenders[0]


# (seat, dice) -> the event, made at first use: every game begins with several, and an event is
# an immutable value (the seats and the faces are few)
_ROLLED: dict[tuple[int, tuple[int, ...]], DiceRolled] = {}


def left_of(seat: int, players: int) -> int:
    """The player on your left is the next seat in turn order (RULES.md §4)."""
    return (seat + 1) % players


def pass_turn(turn: Turn, seat: int) -> None:
    """`seat`'s turn ends and the turn of the player on its left begins (two events)."""
    players = len(turn.state.players)
    pair = _TURN_OVER.get((players, seat))
    if pair is None:
        pair = _TURN_OVER[players, seat] = (TurnEnded(seat), TurnBegan(left_of(seat, players)))
    turn.emit_two(pair[0], pair[1])


# (players, seat) -> its two events, made at first use: a turn ends about every other action
_TURN_OVER: dict[tuple[int, int], tuple[TurnEnded, TurnBegan]] = {}
