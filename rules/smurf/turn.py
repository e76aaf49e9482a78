"""How a Smurf turn runs (RULES.md §3): set-up and the opening roll, the choice of a turn (roll
or turn a wheel), moving and the food areas, cats appearing under pawns, the win, and the end of
a turn. Each function emits events on the Turn; a decision stops the run with an event that
says what is asked (DirectionAsked, MustGiveUp)."""

from __future__ import annotations

from ..game import Turn
from ..order import left_of, opening_roll
from ..records import Action, DiceRolled, Start
from . import board, moves, wheels
from .records import (CatAppeared, DirectionAsked, DiscReturned, DiscTaken, GiveUp, Move, Moved,
                      MustGiveUp, Roll, Stayed, TurnBegan, TurnEnded, TurnWheel, WentIn,
                      WheelTurned, Won)
from .state import State

# ---- legal actions ------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now (the state and every view are the same here)."""
    if state.turn < 0 or state.winner is not None:
        return []
    if state.owing:
        return [_GIVE_UP[kind] for kind in state.kinds_held(seat)] if seat in state.owing else []
    if seat != state.turn:
        return []
    if state.rolled is not None:
        return [move for move, _ in _options(state, seat, state.rolled)]
    return list(_TURN_STARTS)


# actions are immutable values: the ones offered again and again are made once
_TURN_STARTS = (Roll(),) + tuple(TurnWheel(wheel) for wheel in wheels.WHEELS)
_GIVE_UP = {kind: GiveUp(kind) for kind in board.KINDS}


def _options(state: State, seat: int, die: int) -> tuple[tuple[Move, int], ...]:
    return moves.options(state.positions[seat], state.inside[seat], die, state.cats)


def explain(state: State, seat: int, action: Action) -> str | None:
    """Why `action` is not legal for `seat` now, in plain words."""
    if state.owing:
        if seat not in state.owing:
            return "waiting for the players under a cat to give up a disc"
        return "give up one disc of a kind you hold (GiveUp)"
    if state.rolled is not None:
        if isinstance(action, Move):
            return _why_not(state, seat, action)
        return f"you rolled {state.rolled}: choose a direction (Move)"
    if isinstance(action, TurnWheel):
        return "there are two wheels: 1 and 2"
    if isinstance(action, Move):
        return "roll the die first"
    return None


def _why_not(state: State, seat: int, move: Move) -> str:
    if move.direction not in board.DIRECTIONS:
        return "direction is 1 (forward) or -1 (back)"
    way = "forward" if move.direction == board.FORWARD else "back"
    path = moves.walk(state.positions[seat], state.inside[seat], state.rolled, move.direction)
    if move.food is not None and board.ENTRY.get(move.food) not in path.squares[path.leaving:]:
        return f"a {state.rolled} {way} does not reach the {move.food} area's entry"
    cats = [square for square in path.squares if square in state.cats]
    if cats:
        return f"the cat on square {cats[0]} blocks the way {way}"
    return f"a {state.rolled} {way} ends in a food area: Move with its food"


# ---- the step -----------------------------------------------------------------------------


def step(turn: Turn, seat: int | None, action: Action) -> None:
    if isinstance(action, Start):
        turn.emit(TurnBegan(opening_roll(turn, (6,))))
    elif isinstance(action, Roll):
        _roll(turn, seat)
    elif isinstance(action, Move):
        _move(turn, seat, turn.before.rolled, action)
    elif isinstance(action, TurnWheel):
        _turn_wheel(turn, seat, action.wheel)
    else:
        assert isinstance(action, GiveUp)
        turn.emit(DiscReturned(seat, action.kind))
        _end_turn_if_settled(turn)


# ---- rolling and moving -------------------------------------------------------------------


def _roll(turn: Turn, seat: int) -> None:
    """Roll; with no way open the pawn stays, with one it goes, with more the player chooses."""
    die = turn.chance.roll()
    turn.emit(DiceRolled(seat, (die,)))
    options = _options(turn.state, seat, die)
    if not options:
        turn.emit(Stayed(seat, die))
        _end_turn(turn, seat)
    elif len(options) == 1:
        _move(turn, seat, die, options[0][0])
    else:
        turn.emit(DirectionAsked(seat, die))


def _move(turn: Turn, seat: int, die: int, move: Move) -> None:
    """Walk the chosen way; in a food area take a disc; on HOME with four kinds, win."""
    state: State = turn.state
    to = moves.destination(state.positions[seat], state.inside[seat], die, move, state.cats)
    turn.emit(Moved(seat, to))
    if move.food is not None:
        turn.emit(WentIn(seat, move.food))
        if turn.state.circles[board.kind_index(move.food)]:
            turn.emit(DiscTaken(seat, move.food))
    elif to == board.HOME and len(turn.state.kinds_held(seat)) == len(board.KINDS):
        turn.end_game(Won(seat))
    _end_turn(turn, seat)


# ---- the wheels ---------------------------------------------------------------------------


def _turn_wheel(turn: Turn, seat: int, wheel: int) -> None:
    """Turn the wheel one space. Each pawn on a hole where a cat now appears (the hole showed
    none before) costs its owner one disc: with one kind held it goes back at once, with more
    kinds the owner chooses; all owners answer at once, in any order."""
    before = turn.state.wheels
    turn.emit(WheelTurned(wheel, wheels.turned(before[wheels.WHEELS.index(wheel)])))
    state: State = turn.state
    for square in wheels.appearing(before, state.wheels):
        seats = tuple(s for s in range(len(state.players))
                      if state.positions[s] == square and not state.inside[s])
        if not seats:
            continue
        turn.emit(CatAppeared(square, seats))
        for under in seats:
            kinds = turn.state.kinds_held(under)
            if len(kinds) == 1:
                turn.emit(DiscReturned(under, kinds[0]))
            elif kinds:
                turn.emit(MustGiveUp(under))
    _end_turn_if_settled(turn)


# ---- the end of a turn --------------------------------------------------------------------


def _end_turn_if_settled(turn: Turn) -> None:
    """End the turn unless someone still has to choose a disc to give up."""
    if not turn.state.owing:
        _end_turn(turn, turn.state.turn)


def _end_turn(turn: Turn, seat: int) -> None:
    turn.emit(TurnEnded(seat))
    turn.emit(TurnBegan(left_of(seat, len(turn.state.players))))
