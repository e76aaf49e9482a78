"""The race's rules. Set-up: the six cards +1..+6 are shuffled and each seat is dealt one, face
down. A turn: roll two dice; a seat still holding its card is asked whether to play it now (the
one question, put whatever the card is, so it tells nothing), and moves on by the dice, plus the
card if played. The first pawn on square 20 wins."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from parlour.rules.game import Game, Result, Turn
from parlour.rules.records import (
    HIDDEN,
    Action,
    DiceRolled,
    Event,
    Moved,
    Roll,
    Shuffled,
    Start,
    TurnBegan,
    Won,
)

GOAL = 20
CARDS = ("+1", "+2", "+3", "+4", "+5", "+6")


@dataclass(frozen=True, slots=True)
class PlayCard(Action):
    """The answer to the question: play the hidden card on this move (True) or keep it."""

    play: bool


@dataclass(frozen=True, slots=True)
class Dealt(Event):
    """The seat's card, face down (others see HIDDEN)."""

    seat: int
    card: str


@dataclass(frozen=True, slots=True)
class CardAsked(Event):
    """The seat, holding its card, is asked whether to play it on this roll."""

    seat: int


@dataclass(frozen=True, slots=True)
class CardPlayed(Event):
    seat: int
    card: str


RECORDS: tuple[type, ...] = (Roll, PlayCard, Dealt, CardAsked, CardPlayed, Moved)


@dataclass(frozen=True, slots=True)
class State:
    players: tuple[str, ...]
    positions: tuple[int, ...]
    cards: tuple[str | None, ...]  # each seat's card (HIDDEN: another's; None: played, or not dealt)
    deck: tuple[str, ...] = ()  # the cards left, top first (hidden in every view)
    turn: int | None = None  # None before the set-up
    dice: tuple[int, ...] = ()  # the last roll
    asked: bool = False  # the seat to act is asked whether to play its card
    winner: int | None = None


def initial(players: tuple[str, ...], options: Any) -> State:
    return State(tuple(players), (0,) * len(players), (None,) * len(players))


def to_act(state: State) -> tuple[int | None, ...]:
    if state.winner is not None:
        return ()
    return (state.turn,)


def legal_actions(state: State, seat: int | None) -> list[Action]:
    if state.winner is not None or state.turn is None or seat != state.turn:
        return []
    if state.asked:
        return [PlayCard(True), PlayCard(False)]
    return [Roll()]


def step(turn: Turn, seat: int | None, action: Action) -> None:
    state: State = turn.state
    if isinstance(action, Start):
        order = turn.chance.shuffle("cards", CARDS)
        turn.emit(Shuffled("cards", order))
        for s in range(len(state.players)):
            turn.emit(Dealt(s, order[s]))
        turn.emit(TurnBegan(0))
        return
    assert seat is not None
    if isinstance(action, Roll):
        turn.emit(DiceRolled(seat, turn.chance.dice(2)))
        if state.cards[seat] is not None:
            turn.emit(CardAsked(seat))
            return
        _move(turn, seat, sum(turn.state.dice))
    elif isinstance(action, PlayCard):
        extra = 0
        card = state.cards[seat]
        if action.play and card is not None:
            turn.emit(CardPlayed(seat, card))
            extra = int(card)
        _move(turn, seat, sum(state.dice) + extra)


def _move(turn: Turn, seat: int, steps: int) -> None:
    to = min(GOAL, turn.state.positions[seat] + steps)
    turn.emit(Moved(seat, to))
    if to == GOAL:
        turn.end_game(Won(seat))
    turn.emit(TurnBegan((seat + 1) % len(turn.state.players)))


def _put(values: tuple, seat: int, value: Any) -> tuple:
    return values[:seat] + (value,) + values[seat + 1 :]


def evolve(state: State, event: Event) -> State:
    match event:
        case Shuffled():
            return replace(state, deck=event.order)
        case Dealt():
            return replace(state, cards=_put(state.cards, event.seat, event.card), deck=state.deck[1:])
        case DiceRolled():
            return replace(state, dice=event.dice)
        case CardAsked():
            return replace(state, asked=True)
        case CardPlayed():
            return replace(state, cards=_put(state.cards, event.seat, None))
        case Moved():
            return replace(state, positions=_put(state.positions, event.seat, event.to), asked=False)
        case TurnBegan():
            return replace(state, turn=event.seat)
        case Won():
            return replace(state, winner=event.seat)
    return state


def view(state: State, seat: int | None) -> State:
    """Others' cards are hidden until the end; the deck always."""
    if seat is None:
        return state
    over = state.winner is not None
    cards = tuple(c if c is None or s == seat or over else HIDDEN for s, c in enumerate(state.cards))
    return replace(state, cards=cards, deck=(HIDDEN,) * len(state.deck))


def redact(event: Event, seat: int | None) -> Event:
    if seat is None:
        return event
    match event:
        case Shuffled():
            return Shuffled(event.deck, (HIDDEN,) * len(event.order))
        case Dealt() if event.seat != seat:
            return Dealt(event.seat, HIDDEN)
    return event


def result(state: State) -> Result | None:
    return Result((state.winner,)) if state.winner is not None else None


GAME = Game(
    id="race",
    title="Race to 20",
    min_players=2,
    max_players=4,
    records=RECORDS,
    initial=initial,
    to_act=to_act,
    legal_actions=legal_actions,
    step=step,
    evolve=evolve,
    view=view,
    redact=redact,
    result=result,
)
