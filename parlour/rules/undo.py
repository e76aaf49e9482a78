"""How far back a move may be taken back: decided from the log alone.

Undo never crosses a chance event (a die is never rolled again, no deck shuffled again, no coin
flipped again, no blind pick made again) nor a moment when something hidden was shown to someone
(any event that some seat sees redacted: a card drawn, given, shown in a swap), except a seat's
own card leaving its own hand unseen by others (a discard, a card put under the deck): that seat
knew it already. It takes back whole actions: the last action a seat at this keyboard chose (an
only possible answer is passed over), and every action after it (the bots' replies).
In hot-seat play (several people at one keyboard) it reaches back only within the current
player's own turn: every action taken back must be that player's own.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping

from .game import Game, State, View
from .log import Header, fold
from .records import Acted, CoinFlipped, DiceRolled, Event, Picked, Shuffled, record

# Why undo stops at an event: the word a screen explains it with (catalogue key undo.<why>).
_WHY_BY_TYPE = ((DiceRolled, "dice"), (CoinFlipped, "coin"), (Shuffled, "shuffle"), (Picked, "pick"))

# Events that only the seat that acted sees whole, about a card leaving that seat's own hand: the
# seat knew the card already, so nothing hidden is shown to anyone (its Acted record is alike).
_OWN_CARD_OUT = frozenset({"CardDiscarded", "CardUnder"})


@record
class UndoPoint:
    """Where undo would cut the log: `to` is the number of events kept (None: it cannot), and
    `why` names what stops it: dice, coin, shuffle, pick, shown, nothing or not_yours."""

    to: int | None
    why: str = ""


def barrier(game: Game[State, View], event: Event, seats: int, actor: int | None = None) -> str | None:
    """Why undo may not cross `event`, told in the batch of `actor`'s action (None: it may):
    a chance outcome, or something hidden that some seat was shown."""
    if event.draws():
        return next((why for cls, why in _WHY_BY_TYPE if isinstance(event, cls)), "shuffle")
    seers = {seat for seat in range(seats) if game.redact(event, seat) == event}
    if len(seers) == seats:
        return None  # everyone sees it all: nothing hidden
    own = isinstance(event, Acted) or type(event).__name__ in _OWN_CARD_OUT
    # (getattr: the core reads a game's record by its field's name, as it names the record above)
    if own and seers <= {actor} and getattr(event, "seat", None) == actor:
        return None
    return "shown"


def undo_point(
    game: Game[State, View],
    header: Header,
    events: list[Event],
    humans: Collection[int],
    hot_seat: bool = False,
    now: int | None = None,
    known: Mapping[int, State] | None = None,
) -> UndoPoint:
    """Where undo takes the log back to: the start of the last action one of `humans` chose, if
    no barrier lies after that start. An answer that was the seat's only choice is passed over
    (taking it back would only put the same question again, and a screen may answer it by
    itself). `now` is the seat to act (hot seat: only its own moves this turn). `known` maps an
    action's first event to the state before it where the caller has it (`Table.starts`): the
    log is folded to that point only where it is not known."""
    seats = len(header.players)
    end = len(events)
    for start in range(len(events) - 1, -1, -1):
        acted = events[start]
        if not isinstance(acted, Acted):
            continue
        if acted.seat is None:  # the set-up: nothing before it
            break
        for event in events[start:end]:
            stop = barrier(game, event, seats, acted.seat)
            if stop:
                return UndoPoint(None, stop)
        if hot_seat and acted.seat != now:  # another player's move: this turn began after it
            return UndoPoint(None, "not_yours")
        if acted.seat in humans and not _only_choice(game, header, events, start, acted.seat, known or {}):
            return UndoPoint(start)
        end = start
    return UndoPoint(None, "nothing")


def _only_choice(
    game: Game[State, View], header: Header, events: list[Event], start: int, seat: int, known: Mapping[int, State]
) -> bool:
    state = known[start] if start in known else fold(game, header, events[:start])
    return len(game.legal_actions(state, seat)) == 1
