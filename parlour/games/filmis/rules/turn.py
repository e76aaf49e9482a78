"""How a Filmis turn runs (parlour/games/filmis/README.md): set-up, the start of a turn (roll, raid or an owed
skip), moving (own nest and arrow tips stop a pawn), the squares, the decisions, the filmis swap
and the end of a turn. Each function emits events on the Turn; a decision stops the run with an
`Asked` (or `SwapBegan`) event, and the answer finishes the turn."""

from __future__ import annotations

from functools import cache

from parlour.rules.game import Turn
from parlour.rules.order import opening_roll, pass_turn
from parlour.rules.records import Action, DiceRolled, Picked, Shuffled

from . import board, cards
from .records import (
    Asked,
    CallRaid,
    CardsDrawn,
    CardTaken,
    CardUnder,
    Drop,
    Enter,
    HandBanked,
    Moved,
    PassTurn,
    PayFine,
    Pending,
    Raid,
    RefuseFine,
    Roll,
    Shown,
    SkipOwed,
    SwapBegan,
    SwapChosen,
    SwapDone,
    SwapTake,
    Take,
    TurnBegan,
    TurnSkipped,
)
from .state import DECK_NAME, State, Swap

# What a square asks for once it has been followed.
AGAIN = "again"  # a new move (own nest, GO_HOME, EXTRA_ROLL)
DONE = "done"  # the turn ends
WAIT = "wait"  # a decision is pending; its answer ends the turn

# How a walk stopped.
NEST_STOP, TIP_STOP, LANDED = "nest", "tip", "landed"


# ---- legal actions ------------------------------------------------------------------------


def legal_actions(state: State, seat: int) -> list[Action]:
    """Every action `seat` may take now; uses only what that seat can see."""
    if state.turn < 0 or state.over:
        return []
    if state.swap is not None:
        return _swap_options(state.swap, seat)
    pending = state.pending
    if pending is not None:
        return _options(state, seat, pending.kind) if seat == pending.seat else []
    if seat != state.turn:
        return []
    actions: list[Action] = [_PASS if state.skips[seat] else _ROLL]
    if cards.can_raid(state.hands[seat], state.homes[seat]):
        actions.append(_RAID)
    return actions


# actions are immutable values: the ones offered at every turn are made once
_ROLL, _PASS, _RAID = Roll(), PassTurn(), CallRaid()


def _kinds(hand: tuple[str, ...]) -> list[str]:
    return sorted(set(hand))


def _options(state: State, seat: int, kind: str) -> list[Action]:
    if kind == "cornflakes":
        return [Enter(True), Enter(False)]
    hand = _kinds(state.hands[seat])
    if kind == "fine":
        return [PayFine(card) for card in hand] + [RefuseFine()]
    return [Drop(card) for card in hand]  # drop


def _swap_options(swap: Swap, seat: int) -> list[Action]:
    i = swap.index(seat)
    if i is None or swap.chosen[i] is not None:
        return []
    return [SwapTake(card) for card in _kinds(swap.target(i).cards)]


def explain(state: State, seat: int, action: Action) -> str | None:
    """Why `action` is not legal for `seat` now, in plain words."""
    swap = state.swap
    if swap is not None:
        i = swap.index(seat)
        if i is None:
            return "you take no part in this filmis swap"
        if swap.chosen[i] is not None:
            return "you have already chosen your card in this filmis swap"
        giver = state.players[swap.target(i).seat]
        return f"choose one of the cards {giver} showed in the filmis swap"
    if state.pending is not None:
        return f"first answer the open question ({state.pending.kind})"
    if isinstance(action, CallRaid):
        return "a raid needs a Whistle and a James Dean, in your hand or home pile"
    if isinstance(action, Roll) and state.skips[seat]:
        return "you skip this turn (an unpaid fine)"
    if isinstance(action, (Enter, PayFine, RefuseFine, Drop, SwapTake)):
        return "there is no question to answer now: start your turn"
    return None


# ---- the step -----------------------------------------------------------------------------


def step(turn: Turn, seat: int | None, action: Action) -> None:
    if seat is None:  # the table's Start (once a game): every other action is a seat's (`decide`)
        _set_up(turn)
    elif type(action) is Roll:  # most turns (an action decide accepted is of this very class)
        _moves(turn, seat)
    elif isinstance(action, CallRaid):
        _raid(turn, seat)
    elif isinstance(action, PassTurn):
        turn.emit(TurnSkipped(seat))
        _end_turn(turn, seat)
    elif isinstance(action, SwapTake):
        turn.emit(SwapChosen(seat, action.card))
        if _swap_resolved(turn) == DONE:
            _end_turn(turn, turn.state.turn)
    else:
        _answer(turn, seat, action)
        _end_turn(turn, seat)


def _set_up(turn: Turn) -> None:
    state: State = turn.state
    turn.emit(Shuffled(DECK_NAME, turn.chance.shuffle(DECK_NAME, state.deck.discard)))
    _begin_turn(turn, opening_roll(turn, (cards.SMALL_DIE, cards.BIG_DIE)))


def _roll(turn: Turn, seat: int) -> int:
    """Roll both dice; their sum."""
    small, big = turn.chance.roll(cards.SMALL_DIE), turn.chance.roll(cards.BIG_DIE)
    turn.emit(_DICE[seat][small][big])
    return small + big


# The events of every turn are immutable values too: each is made once, looked up by its fields.
_SEATS = range(4)  # the most seats a Filmis game has
_DICE = tuple(
    tuple(
        tuple(DiceRolled(seat, (small, big)) for big in range(cards.BIG_DIE + 1))
        for small in range(cards.SMALL_DIE + 1)
    )
    for seat in _SEATS
)  # [seat][small][big]
_MOVED = tuple(tuple(Moved(seat, square) for square in range(board.SIZE)) for seat in _SEATS)


# ---- moving -------------------------------------------------------------------------------


def _moves(turn: Turn, seat: int) -> None:
    """Roll and move, follow the square, and again while a square gives a new move."""
    outcome = AGAIN
    while outcome == AGAIN:
        stop = _walk(turn, seat, _roll(turn, seat))
        outcome = _follow(turn, seat, stop)
    if outcome == DONE:
        _end_turn(turn, seat)


def _walk(turn: Turn, seat: int, steps: int) -> str:
    """Move clockwise `steps` squares (see `_walk_end`)."""
    state: State = turn.state
    square, stop = _walk_end(state.positions[seat], steps, state.colours[seat])
    turn.emit(_MOVED[seat][square])
    return stop


@cache  # 48 squares x 8 sums of the dice x 4 colours
def _walk_end(start: int, steps: int, colour: int) -> tuple[int, str]:
    """Where a walk of `steps` from `start` ends, and how: stepping onto the own nest or an arrow
    tip stops the pawn there, whatever is left of the roll; otherwise it lands `steps` squares on."""
    own = board.nest(colour)
    for k in range(1, steps + 1):
        square = (start + k) % board.SIZE
        if square == own:
            return square, NEST_STOP
        if board.SQUARES[square] == board.ARROW_TIP:
            return square, TIP_STOP
    return (start + steps) % board.SIZE, LANDED


def _occupied(state: State, square: int, seat: int) -> bool:
    """Another pawn stands on `square`."""
    return state.positions.count(square) > (state.positions[seat] == square)


# ---- the squares --------------------------------------------------------------------------


def _follow(turn: Turn, seat: int, stop: str) -> str:
    """Follow the square the pawn stopped on; returns AGAIN, DONE or WAIT."""
    state: State = turn.state
    square = state.positions[seat]
    if stop == NEST_STOP:  # own nest, reached or passed: bank the hand, a new move
        _bank(turn, seat)
        return AGAIN
    if stop == TIP_STOP:  # inside the factory; only the first pawn at the tip gets cards
        if not _occupied(state, square, seat):
            _into_factory(turn, seat)
        return DONE
    kind = board.SQUARES[square]
    if kind == board.PLAIN or kind == board.ARROW:
        return DONE  # nothing happens (asked first: most landings)
    if kind == board.NEST:  # an opponent's nest (or a colour nobody plays: a plain square)
        owner = state.nest_owner(square)
        if owner is not None and owner != seat:
            _take_from(turn, seat, owner)
        return DONE
    if kind == board.CORNFLAKES:
        if _occupied(state, board.tip_for_cornflakes(square), seat):
            return DONE  # cannot go in: the pawn simply stays
        turn.emit(Asked(Pending(seat, "cornflakes")))
        return WAIT
    if kind == board.FILMIS:
        _draw(turn, seat, 1)
        return DONE
    if kind == board.GO_HOME:
        turn.emit(Moved(seat, state.own_nest(seat)))
        _bank(turn, seat)
        return AGAIN
    if kind == board.SWAP:
        return _begin_swap(turn, seat)
    if kind == board.FINE_OR_SKIP:
        if state.hands[seat]:
            turn.emit(Asked(Pending(seat, "fine")))
            return WAIT
        turn.emit(SkipOwed(seat))  # cannot pay
        return DONE
    if kind == board.EXTRA_ROLL:
        return AGAIN
    if kind == board.DROP:  # asked even when the hand holds one kind: the others see no more
        if state.hands[seat]:
            turn.emit(Asked(Pending(seat, "drop")))
            return WAIT
        return DONE
    return DONE  # (never reached: PLAIN and ARROW are answered first)


def _bank(turn: Turn, seat: int) -> None:
    turn.emit(HandBanked(seat, len(turn.state.hands[seat])))


def _into_factory(turn: Turn, seat: int) -> None:
    """Roll the 1-3 die and take that many cards."""
    count = turn.chance.roll(cards.SMALL_DIE)
    turn.emit(DiceRolled(seat, (count,)))
    _draw(turn, seat, count)


def _draw(turn: Turn, seat: int, count: int) -> None:
    """Take cards from the top of the deck (what is left, if fewer); a draw that empties the
    deck ends the game with an automatic raid."""
    taken = turn.state.deck.pile[:count]
    if taken:
        turn.emit(CardsDrawn(seat, taken))
    if not turn.state.deck.pile:
        _raid(turn, None)


def _raid(turn: Turn, caller: int | None) -> None:
    """The game ends; everyone lays down their cards (only the home piles score)."""
    turn.end_game(Raid(caller, turn.state.hands, turn.state.homes))


def _take_from(turn: Turn, seat: int, owner: int) -> None:
    """A blind pick from the owner's home pile; if it is empty, from their hand; else nothing."""
    state: State = turn.state
    from_home = bool(state.homes[owner])
    pile = state.homes[owner] if from_home else state.hands[owner]
    if not pile:
        return
    index = turn.chance.pick(len(pile))
    turn.emit(Picked(seat, index))
    turn.emit(CardTaken(seat, owner, from_home, pile[index]))


# ---- decisions ----------------------------------------------------------------------------


def _answer(turn: Turn, seat: int, action: Action) -> None:
    """The answer to a cornflakes, fine or drop question (the turn ends after it)."""
    if isinstance(action, Enter):
        if action.go:
            turn.emit(Moved(seat, board.tip_for_cornflakes(turn.state.positions[seat])))
            _into_factory(turn, seat)
    elif isinstance(action, (PayFine, Drop)):
        turn.emit(CardUnder(seat, action.card))
    else:
        assert isinstance(action, RefuseFine)
        turn.emit(SkipOwed(seat))


# ---- the filmis swap ----------------------------------------------------------------------


def _begin_swap(turn: Turn, seat: int) -> str:
    """Everyone shows the hand (no hand: the home pile; no cards: takes no part). Each taking
    part takes one card from the next taking part on the left; a choice with only one kind of
    card on offer is made at once, the others are asked of all those seats together."""
    state: State = turn.state
    shown = tuple(
        Shown(s, not hand, tuple(sorted(hand or home)))
        for s, (hand, home) in enumerate(zip(state.hands, state.homes))
        if hand or home
    )
    if len(shown) < 2:
        return DONE  # nobody to swap with
    turn.emit(SwapBegan(seat, shown))
    for i, taker in enumerate(shown):
        offer = _kinds(turn.state.swap.target(i).cards)
        if len(offer) == 1:
            turn.emit(SwapChosen(taker.seat, offer[0]))
    return _swap_resolved(turn)


def _swap_resolved(turn: Turn) -> str:
    """Once everyone taking part has chosen, the cards change hands (all at once)."""
    swap = turn.state.swap
    if any(card is None for card in swap.chosen):
        return WAIT
    takes = []
    for i, (taker, card) in enumerate(zip(swap.shown, swap.chosen)):
        giver = swap.target(i)
        takes.append(Take(taker.seat, giver.seat, giver.from_home, card))
    turn.emit(SwapDone(tuple(takes)))
    return DONE


# ---- turns --------------------------------------------------------------------------------


def _end_turn(turn: Turn, seat: int) -> None:
    pass_turn(turn, seat)  # its TurnBegan is _begin_turn's


def _begin_turn(turn: Turn, seat: int) -> None:
    """The seat's turn begins. A seat that owes a skip is asked like any other (pass, or call
    a raid if it can), so that the others do not learn whether it holds what a raid needs."""
    turn.emit(TurnBegan(seat))
