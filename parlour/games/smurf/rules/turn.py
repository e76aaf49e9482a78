"""How a Smurf turn runs (parlour/games/smurf/README.md): set-up and the opening roll, the choice of a turn (roll
or turn a wheel), moving and the food areas, cats appearing under pawns, the win, and the end of
a turn. Each function emits events on the Turn; a decision stops the run with an event that
says what is asked (DirectionAsked, MustGiveUp)."""

from __future__ import annotations

from functools import cache

from parlour.rules.game import Turn
from parlour.rules.order import opening_roll, pass_turn
from parlour.rules.records import Action, DiceRolled
from parlour.rules.tuples import put

from . import board, moves, wheels
from .records import (
    CatAppeared,
    DirectionAsked,
    DiscReturned,
    DiscTaken,
    GiveUp,
    Move,
    Moved,
    MustGiveUp,
    Roll,
    Stayed,
    TurnBegan,
    TurnWheel,
    WentIn,
    WheelTurned,
    Won,
)
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
        return list(_endings(state, seat, state.rolled)[1])
    return list(_TURN_STARTS)


# actions are immutable values: the ones offered again and again are made once
_TURN_STARTS = (Roll(),) + tuple(TurnWheel(wheel) for wheel in wheels.WHEELS)
_GIVE_UP = {kind: GiveUp(kind) for kind in board.KINDS}


def _endings(state: State, seat: int, die: int) -> tuple[tuple[tuple[Move, int], ...], tuple[Move, ...]]:
    """The legal endings of `seat`'s roll of `die` (moves.options), each as (Move, the path
    square it ends on), and the Moves alone. They depend on the cats only where the roll may
    step: remembered by the place, the face and the cats in reach."""
    position, inside = state.positions[seat], state.inside[seat]
    return _endings_among(position, inside, die, _cat_bits(state.wheels) & _reach_bits(position, inside, die))


# Each answer below is made once, at first use (functools.cache): making them all would cost the
# import ~9 ms, and it is part of a resume's first frame. (place, face, cats in reach) -> endings:
# 40 squares x 2 x 6 faces x the few cat holes in reach.
@cache
def _endings_among(
    position: int, inside: bool, die: int, cats: int
) -> tuple[tuple[tuple[Move, int], ...], tuple[Move, ...]]:
    showing = frozenset(square for square in range(board.SIZE) if cats >> square & 1)
    endings = tuple(
        (move, moves.walk(position, inside, die, move.direction).squares[steps - 1])
        for move, steps in moves.options(position, inside, die, showing)
    )
    return endings, tuple(move for move, _ in endings)


@cache  # 16 x 16 wheel positions
def _cat_bits(wheel_positions: tuple[int, ...]) -> int:
    """The squares showing a cat, as bits (bit n: square n)."""
    return sum(1 << square for square in wheels.showing(wheel_positions))


@cache  # 40 squares x 2 x 6 faces
def _reach_bits(position: int, inside: bool, die: int) -> int:
    """The squares a roll of `die` may step onto, either way, as bits."""
    return sum(
        {
            1 << square
            for direction in board.DIRECTIONS
            for square in moves.walk(position, inside, die, direction).squares
        }
    )


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
    if move.food is not None and board.ENTRY.get(move.food) not in path.squares[path.leaving :]:
        return f"a {state.rolled} {way} does not reach the {move.food} area's entry"
    cats = [square for square in path.squares if square in state.cats]
    if cats:
        return f"the cat on square {cats[0]} blocks the way {way}"
    return f"a {state.rolled} {way} ends in a food area: Move with its food"


# ---- the step -----------------------------------------------------------------------------


def step(turn: Turn, seat: int | None, action: Action) -> None:
    # an action that passed decide's check is one of these very classes
    if seat is None:  # the table's Start (once a game): every other action is a seat's (`decide`)
        turn.emit(TurnBegan(opening_roll(turn, (6,))))
    elif type(action) is TurnWheel:  # half the actions of a game: done here, without further calls
        turned, appearing = _turning(action.wheel, turn.state.wheels)
        turn.emit(turned)
        if appearing.isdisjoint(turn.state.positions):  # mostly so: nobody stands where a cat appears
            pass_turn(turn, seat)
        else:
            _cats_appear(turn, appearing)
    elif type(action) is Roll:
        _roll(turn, seat)
    elif type(action) is Move:
        _move(turn, seat, action, _destination(turn.before, seat, action))
    else:
        assert type(action) is GiveUp
        turn.emit(_RETURNED[seat][action.kind])
        _end_turn_if_settled(turn)


# The events of every turn are immutable values too: each is made once, looked up by its fields.
_SEATS = range(4)  # the most seats a Smurf game has
_DICE = tuple(tuple(DiceRolled(seat, (die,)) for die in range(7)) for seat in _SEATS)  # [seat][die]
_STAYED = tuple(tuple(Stayed(seat, die) for die in range(7)) for seat in _SEATS)
_ASKED = tuple(tuple(DirectionAsked(seat, die) for die in range(7)) for seat in _SEATS)
_MOVED = tuple(tuple(Moved(seat, square) for square in range(board.SIZE)) for seat in _SEATS)
_WENT_IN = tuple({kind: WentIn(seat, kind) for kind in board.KINDS} for seat in _SEATS)
_TAKEN = tuple({kind: DiscTaken(seat, kind) for kind in board.KINDS} for seat in _SEATS)
_RETURNED = tuple({kind: DiscReturned(seat, kind) for kind in board.KINDS} for seat in _SEATS)


# ---- rolling and moving -------------------------------------------------------------------


def _roll(turn: Turn, seat: int) -> None:
    """Roll; with no way open the pawn stays, with one it goes, with more the player chooses."""
    die = turn.chance.roll()
    turn.emit(_DICE[seat][die])
    endings = _endings(turn.state, seat, die)[0]
    if not endings:
        turn.emit(_STAYED[seat][die])
        pass_turn(turn, seat)
    elif len(endings) == 1:
        _move(turn, seat, *endings[0])
    else:
        turn.emit(_ASKED[seat][die])


def _destination(state: State, seat: int, chosen: Move) -> int:
    """Where the legal move `chosen` ends, for the roll waiting in `state`."""
    rolled = state.rolled
    if rolled is not None:  # (a Move is legal only while a roll waits for one)
        for move, to in _endings(state, seat, rolled)[0]:
            if move is chosen or move == chosen:  # mostly the very Move legal_actions listed
                return to
    raise AssertionError(f"{chosen} is not legal here")  # decide checked it: never happens


def _move(turn: Turn, seat: int, move: Move, to: int) -> None:
    """Walk the chosen way to `to`; in a food area take a disc; on HOME with four kinds, win."""
    turn.emit(_MOVED[seat][to])
    food = move.food
    if food is not None:
        turn.emit(_WENT_IN[seat][food])
        if turn.state.circles[board.KIND_INDEX[food]]:
            turn.emit(_TAKEN[seat][food])
    elif to == board.HOME and all(turn.state.held[seat]):  # a disc of every kind
        turn.end_game(Won(seat))
    pass_turn(turn, seat)


# ---- the wheels ---------------------------------------------------------------------------


@cache  # made once each, at first use: 2 wheels x 16 x 16 positions
def _turning(wheel: int, before: tuple[int, ...]) -> tuple[WheelTurned, frozenset[int]]:
    """The event of turning `wheel` with the wheels at `before`, and the squares where a cat
    appears (wheels.appearing)."""
    i = wheels.WHEELS.index(wheel)
    position = wheels.turned(before[i])
    return WheelTurned(wheel, position), frozenset(wheels.appearing(before, put(before, i, position)))


def _cats_appear(turn: Turn, appearing: frozenset[int]) -> None:
    """The wheel just turned shows cats on `appearing`, where some pawn stands. Each pawn on a hole
    where a cat now appears (the hole showed none before) costs its owner one disc: with one kind
    held it goes back at once, with more kinds the owner chooses; all owners answer at once, in
    any order. (A pawn in a food area is not on the path: the cat does not catch it.)"""
    state: State = turn.state
    for square in sorted(appearing):
        seats = tuple(
            [s for s, (at, within) in enumerate(zip(state.positions, state.inside)) if at == square and not within]
        )
        if not seats:
            continue
        turn.emit(CatAppeared(square, seats))
        for under in seats:
            kinds = [kind for kind, n in zip(board.KINDS, turn.state.held[under]) if n]
            if len(kinds) == 1:
                turn.emit(_RETURNED[under][kinds[0]])
            elif kinds:
                turn.emit(MustGiveUp(under))
    _end_turn_if_settled(turn)


# ---- the end of a turn --------------------------------------------------------------------


def _end_turn_if_settled(turn: Turn) -> None:
    """End the turn unless someone still has to choose a disc to give up."""
    if not turn.state.owing:
        pass_turn(turn, turn.state.turn)
