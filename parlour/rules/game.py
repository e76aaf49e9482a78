"""What the table needs from a game: one `Game` value per game module, its functions named one by
one (rules/<game>/__init__.py).

Each game supplies pure functions over its own immutable state, which holds `players` (the names,
in seat order: the core reads them to say whose turn it is):

- `initial(players, options)` the state before set-up (the table then takes `Start()`);
- `to_act(state)` the seats that may act now: empty when the game is over, `(None,)` before
  set-up (only the table may act then, with `Start()`);
- `legal_actions(state, seat)` every action that seat may take now, none for a seat that is not
  to act (works on a view, too; `decide` accepts exactly these);
- `step(turn, seat, action)` carries out a legal action by emitting events on `turn` (seat None:
  the table's `Start`, and only it);
- `evolve(state, event)` the state after one event; never raises;
- `view(state, seat)` what that seat may know (None: everything);
- `redact(event, seat)` an event as that seat may see it;
- `result(state)` who won, once the game is over;
- `explain(state, seat, action)` why an action is not legal (optional, for clearer messages);
- `to_act_after(events)` `to_act` of the state a log's last events lead to, read from those events
  alone, or None when they do not tell (optional: the list of saves shows it without a replay).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import make_dataclass
from functools import cached_property
from operator import attrgetter
from typing import TYPE_CHECKING, Any, Generic, NoReturn, Protocol, TypeVar

from .records import SHARED_RECORDS, Acted, Action, Event, Rejected, Start, record

if TYPE_CHECKING:
    from .chance import Chance


@record
class Result:
    """The end of a game: the winners (several on a shared win), scores where the game has them."""

    winners: tuple[int, ...]
    scores: tuple[int, ...] | None = None
    reason: str = ""


class Seated(Protocol):
    """What the core reads of every game's state itself: the players' names, in seat order."""

    @property
    def players(self) -> tuple[str, ...]: ...


State = TypeVar("State", bound=Seated)  # a game's state
View = TypeVar("View")  # what one seat may know of it (the three games: a State with the secrets hidden)


@record(slots=False)  # not slotted: `kinds` is a cached_property, kept in the instance's __dict__
class Game(Generic[State, View]):
    """One game's rules, typed by its state and its view (`Game[garfield.State, garfield.State]`):
    the questions a seat asks (who acts, what is legal, why not, who won) are answered from a
    view as from the state."""

    id: str
    title: str
    min_players: int
    max_players: int
    records: tuple[type, ...]  # the game's own actions and events
    initial: Callable[[tuple[str, ...], Mapping[str, object]], State]
    to_act: Callable[[State | View], tuple[int | None, ...]]  # (None,) before the set-up (Start)
    legal_actions: Callable[[State | View, int], list[Action]]  # none for a seat not to act
    step: Callable[[Turn, int | None, Action], None]
    evolve: Callable[[State, Event], State]
    view: Callable[[State, int | None], View]
    redact: Callable[[Event, int | None], Event]
    result: Callable[[State | View], Result | None]
    explain: Callable[[State | View, int, Action], str | None] = lambda state, seat, action: None
    to_act_after: Callable[[Sequence[Event]], tuple[int, ...] | None] = lambda events: None
    rules_version: int = 1  # counts changes to the rules; saves record it (rules/versions.py)

    @cached_property  # read for every event decoded
    def kinds(self) -> Mapping[str, type]:
        """Record name -> class, for decoding this game's JSON."""
        return {cls.__name__: cls for cls in SHARED_RECORDS + self.records}


# ---- evolve -------------------------------------------------------------------------------

S = TypeVar("S")


class Evolver:
    """A game's `evolve(state, event)`: each event goes to the handler for its exact type, which
    returns the new state; an event with none (dice, coins, or one that means nothing to the
    state) leaves the state as it is.

    A Turn and a fold go through `start`, `apply` (once per event) and `finish`: here the state
    is the working value and the first and last do nothing; `InPlace` works on a mutable copy."""

    def __init__(self, handlers: Mapping[type, Callable[[Any, Any], Any]]):
        self.handlers = dict(handlers)

    def __call__(self, state: S, event: Event) -> S:
        new: S = self.finish(self.apply(self.start(state), event))
        return new

    def start(self, state: Any) -> Any:
        return state

    def apply(self, working: Any, event: Event) -> Any:
        handler = self.handlers.get(type(event))
        return handler(working, event) if handler is not None else working

    def finish(self, working: Any) -> Any:
        return working

    def fold(self, state: S, events: Iterable[Event]) -> S:
        """The state after `events` from `state` (loads and replays), as event by event."""
        working = self.start(state)
        apply = self.apply
        for event in events:
            working = apply(working, event)
        new: S = self.finish(working)
        return new


class InPlace(Evolver):
    """An `Evolver` whose handlers change a mutable copy of the state (a NamedTuple) and return
    nothing: a Turn copies the state once per action and makes one new state when the step is
    done, instead of a new tuple for every event; a fold of a whole save copies once too. The
    copy (`working`) has the state's fields, settable, and its properties, so the rules read it
    as they read the state. (Garfield's and Smurf's: 4-player random Garfield games take 6.6 M
    instructions a game so, 11.3 M with a new state per event: tools/core_side_by_side.py.)"""

    def __init__(self, state_class: Any, handlers: Mapping[type, Callable[[Any, Any], None]]):  # a NamedTuple class
        super().__init__(handlers)
        self.state_class = state_class
        properties = {name: value for name, value in vars(state_class).items() if isinstance(value, property)}
        self.working = make_dataclass(
            f"Working{state_class.__name__}", state_class._fields, namespace=properties, eq=False, slots=True
        )
        self._values = attrgetter(*state_class._fields)  # a working copy's fields, in order, as a tuple

    def start(self, state: Any) -> Any:
        return self.working(*state)

    def apply(self, working: Any, event: Event) -> Any:
        handler = self.handlers.get(type(event))
        if handler is not None:
            handler(working, event)
        return working

    def finish(self, working: Any) -> Any:
        return self.state_class._make(self._values(working))


class GameOver(Exception):
    """Raised inside a step when the game has just ended: nothing after that event happens."""


class Turn:
    """The working context of one decision: events emitted so far and the state they lead to.

    Every event is folded in as it is emitted, so the rules always look at the current state and
    the state a decision produces is, by construction, the fold of its events. (For a game whose
    evolve is `InPlace`, `state` is the working copy while the step runs, and the new state once
    `carry_out` is done; `before` never changes.)
    """

    __slots__ = ("game", "before", "state", "events", "chance", "_handlers", "_in_place")

    def __init__(self, game: Game[Any, Any], state: Any, chance: Chance):
        self.game = game
        self.before = state  # the state the action was taken in
        self.events: list[Event] = []
        self.chance = chance
        evolve = game.evolve
        self._handlers = evolve.handlers if isinstance(evolve, Evolver) else None  # None: a plain function
        self._in_place = isinstance(evolve, InPlace)
        self.state = evolve.start(state) if isinstance(evolve, InPlace) else state

    def emit(self, event: Event) -> None:
        # `self.state = game.evolve.apply(self.state, event)` written out, one call less per event:
        # 4-player random Garfield games take 5 % fewer instructions (tools/core_side_by_side.py)
        self.events.append(event)
        if self._handlers is None:
            self.state = self.game.evolve(self.state, event)
            return
        handler = self._handlers.get(type(event))
        if handler is None:
            return
        if self._in_place:
            handler(self.state, event)
        else:
            self.state = handler(self.state, event)

    def emit_two(self, first: Event, second: Event) -> None:
        """`emit(first)`, then `emit(second)` (a turn's end and the next one's start)."""
        self.emit(first)
        self.emit(second)

    def end_game(self, event: Event) -> NoReturn:
        """Emit the event that ends the game and stop the step."""
        self.emit(event)
        raise GameOver


class KeptTurn(Turn):
    """A Turn that also keeps the state each event was applied to (`befores`), for a reader who
    tells the events with the game as it was before each (the log's Story): so the events are
    folded once, here, not again to be told. Only a table someone follows asks for it: a copy
    per event costs a game played by bots alone (see `InPlace`)."""

    __slots__ = ("befores",)

    def __init__(self, game: Game[Any, Any], state: Any, chance: Chance):
        super().__init__(game, state, chance)
        self.befores: list[Any] = []

    def emit(self, event: Event) -> None:
        evolve = self.game.evolve
        self.befores.append(evolve.finish(self.state) if isinstance(evolve, InPlace) else self.state)
        Turn.emit(self, event)


def decide(
    game: Game[State, View], state: State, seat: int | None, action: Action, chance: Chance, kind: type[Turn] = Turn
) -> Turn:
    """Check `action` for `seat` and carry it out. Raises Rejected (changing nothing) when the
    action is not legal now; otherwise returns the Turn holding the events and the new state
    (`kind` KeptTurn: also the state before each event)."""
    if isinstance(action, Start):  # the table's, once: never a legal action of a seat
        if game.to_act(state) != (None,):
            raise Rejected("the game has already been set up")
        if seat is not None:
            raise Rejected("the game has not been set up yet")
    elif seat is None or action not in game.legal_actions(state, seat):  # none for a seat not to act
        raise Rejected(_why_not(game, state, seat, action))
    return carry_out(game, state, seat, action, chance, kind)


def _why_not(game: Game[State, View], state: State, seat: int | None, action: Action) -> str:
    """Why `action` (not a Start) is not legal for `seat` in `state`, in plain words."""
    waiting = game.to_act(state)
    if waiting == (None,):
        return "the game has not been set up yet"
    if seat is None or seat not in waiting:  # (None is in `waiting` only before the set-up)
        return _not_your_turn(game, state, seat)
    return game.explain(state, seat, action) or f"{type(action).__name__} is not a legal action now"


def carry_out(
    game: Game[State, View], state: State, seat: int | None, action: Action, chance: Chance, kind: type[Turn] = Turn
) -> Turn:
    """Carry out `action`, known to be legal for `seat` in `state` (`decide` checks it): the
    Turn holding its events, `Acted(seat, action)` first, and the state they lead to."""
    turn = kind(game, state, chance)
    turn.emit(Acted(seat, action))
    try:
        game.step(turn, seat, action)
    except GameOver:
        pass
    evolve = game.evolve
    if isinstance(evolve, InPlace):
        turn.state = evolve.finish(turn.state)
    return turn


def _not_your_turn(game: Game[State, View], state: State, seat: int | None) -> str:
    if game.result(state) is not None:
        return "the game is over"
    waiting = game.to_act(state)
    names = ", ".join(state.players[s] for s in waiting if s is not None)
    return f"it is not your turn (waiting for {names})" if names else "it is not your turn"
