"""What the table needs from a game: one `Game` value per game module.

Each game supplies pure functions over its own immutable state:

- `initial(players, options)` the state before set-up (the table then takes `Start()`);
- `to_act(state)` the seats that may act now: empty when the game is over, `(None,)` before
  set-up (only the table may act then, with `Start()`);
- `legal_actions(state, seat)` every action that seat may take now, none for a seat that is not
  to act (works on a view, too);
- `step(turn, seat, action)` carries out a legal action by emitting events on `turn`;
- `evolve(state, event)` the state after one event; never raises;
- `view(state, seat)` what that seat may know (None: everything);
- `redact(event, seat)` an event as that seat may see it;
- `result(state)` who won, once the game is over;
- `explain(state, seat, action)` why an action is not legal (optional, for clearer messages);
- `to_act_after(events)` `to_act` of the state a log's last events lead to, read from those events
  alone, or None when they do not tell (optional: the list of saves shows it without a replay).
"""

from __future__ import annotations

from functools import cached_property
from typing import Any, Callable, Mapping, Sequence, TypeVar

from .records import Acted, Action, Event, Rejected, SHARED_RECORDS, Start
from .tuples import working_twin
from .values import frozen


@frozen
class Result:
    """The end of a game: the winners (several on a shared win), scores where the game has them."""

    winners: tuple[int, ...]
    scores: tuple[int, ...] | None = None
    reason: str = ""


@frozen
class Game:
    __slots__ = ("__dict__",)  # where cached_property keeps `kinds`

    id: str
    title: str
    min_players: int
    max_players: int
    records: tuple[type, ...]  # the game's own actions and events
    initial: Callable[[tuple[str, ...], Mapping[str, Any]], Any]
    to_act: Callable[[Any], tuple[int, ...]]
    legal_actions: Callable[[Any, int], list[Action]]
    step: Callable[["Turn", int | None, Action], None]
    evolve: Callable[[Any, Event], Any]
    view: Callable[[Any, int | None], Any]
    redact: Callable[[Event, int | None], Event]
    result: Callable[[Any], Result | None]
    explain: Callable[[Any, int, Action], str | None] = lambda state, seat, action: None
    to_act_after: Callable[[Sequence[Event]], tuple[int, ...] | None] = lambda events: None
    rules_version: int = 1  # counts changes to the rules; saves record it (rules/versions.py)

    @classmethod
    def from_modules(cls, id: str, title: str, records: tuple[type, ...], *modules,
                     players: tuple[int, int] = (2, 4), rules_version: int = 1) -> "Game":
        """A game whose functions (initial, to_act, legal_actions, step, evolve, view, redact,
        result and, if it has them, explain and to_act_after) are found by name in its rule modules."""
        def find(name: str):
            for module in modules:
                if hasattr(module, name):
                    return getattr(module, name)
            return None

        functions = {name: find(name) for name in _FUNCTIONS}
        missing = [name for name, f in functions.items() if f is None and name not in _OPTIONAL]
        if missing:
            raise TypeError(f"{title}: its rule modules define no {', '.join(missing)}")
        for name in _OPTIONAL:
            if functions[name] is None:
                del functions[name]
        functions["view"] = _last_view(functions["view"])
        functions["legal_actions"] = _last_answer(functions["legal_actions"], functions["view"].last)
        return cls(id, title, players[0], players[1], records, **functions, rules_version=rules_version)

    @cached_property  # these two are read for every action decided
    def listed(self) -> Callable[[Any, int | None, Action], bool]:
        """Whether an action is one that `legal_actions` just listed (see `_last_answer`)."""
        return getattr(self.legal_actions, "listed", _never)

    @cached_property
    def fresh_legal_actions(self) -> Callable[[Any, int], list[Action]]:
        """`legal_actions` itself, not remembered: a new list each call (Table.submit_pick)."""
        return getattr(self.legal_actions, "fresh", self.legal_actions)

    @cached_property
    def carry_out(self) -> Callable[["Game", Any, int | None, Action, Any], "Turn"]:
        """`carry_out(game, state, seat, action, chance)`: the Turn of an action known to be legal,
        its `Acted` and the step's events folded (see `carry_out` below): an `evolver_in_place`'s
        own, else the plain one."""
        return getattr(self.evolve, "carry_out", carry_out)

    @cached_property  # read for every event decoded
    def kinds(self) -> Mapping[str, type]:
        """Record name -> class, for decoding this game's JSON."""
        return {cls.__name__: cls for cls in SHARED_RECORDS + self.records}


_FUNCTIONS = ("initial", "to_act", "legal_actions", "step", "evolve", "view", "redact", "result", "explain",
              "to_act_after")
_OPTIONAL = ("explain", "to_act_after")


def _last_answer(legal_actions: Callable[[Any, int], list[Action]],
                 views: list) -> Callable[[Any, int], list[Action]]:
    """`legal_actions` remembering its last answer by the state's identity: states are immutable,
    so a bot that asks about the state it will act in and `decide`, which checks the action
    against the same state, share one computation; and `listed` (below) tells `decide` whether
    the action the bot took is one of the very objects in that answer. `views`: the entry of the
    game's `_last_view`."""
    last = [(None, None, ())]  # one (state kept alive so its id is not reused, seat, answer),
    # swapped whole so that threads sharing a game never see a mixed entry

    def remembered(state: Any, seat: int) -> list[Action]:
        entry = last[0]
        if entry[0] is not state or entry[1] != seat:
            entry = last[0] = (state, seat, legal_actions(state, seat))  # a new list, ours alone
        return entry[2].copy()  # a fresh list each time: callers may change theirs

    def listed(state: Any, seat: int | None, action: Action) -> bool:
        """True when `action` is one of the very objects that were last listed for `seat` in
        `state`, or in the view of `state` that `view` last gave `seat`: a view gives the same
        legal actions as the state (tests/properties checks it after every action), so an action
        taken from that list needs no second legality check, nor a look at who is to act (a seat
        not to act has no legal action; Start is never listed). Anything else (another state, an
        action built by hand or decoded) is checked as usual."""
        asked, asked_seat, answer = last[0]
        if asked_seat != seat:
            return False
        if asked is not state:
            viewed, viewed_seat, seen = views[0]
            if viewed is not state or viewed_seat != seat or seen is not asked:
                return False
        for offered in answer:
            if offered is action:
                return True
        return False

    remembered.listed, remembered.fresh = listed, legal_actions
    return remembered


def _never(state: Any, seat: int | None, action: Action) -> bool:
    return False


def _last_view(view: Callable[[Any, int | None], Any]) -> Callable[[Any, int | None], Any]:
    """`view` remembering its last answer by the state's identity (views are immutable too), so
    that `decide` can tell that the bot's legal list was made from a view of the very state it
    acts in."""
    last = [(None, None, None)]  # (state, seat, view), swapped whole as in `_last_answer`

    def remembered(state: Any, seat: int | None) -> Any:
        entry = last[0]
        if entry[0] is not state or entry[1] != seat:
            entry = last[0] = (state, seat, view(state, seat))
        return entry[2]

    remembered.last = last
    return remembered


S = TypeVar("S")


def evolver(handlers: Mapping[type, Callable[[S, Any], S]]) -> Callable[[S, Event], S]:
    """A game's `evolve`: each event goes to the handler for its exact type; an event with none
    (dice, coins, or one that means nothing to the state) leaves the state as it is."""
    table = dict(handlers)

    def evolve(state: S, event: Event) -> S:
        handler = table.get(type(event))
        return handler(state, event) if handler else state

    evolve.handlers = table  # Turn.emit dispatches on it itself: one call less per event
    return evolve


def evolver_in_place(state_class: type, handlers: Mapping[type, Callable[[Any, Any], None]]) -> Callable[[S, Event], S]:
    """A game's `evolve` from handlers that change a working twin of the state (a NamedTuple
    class) in place and return nothing (rules/tuples.py `working_twin`; `evolve.working` is its
    class). A Turn folds all of one action's events into one twin, thawed from the state before
    the action and frozen once when the step is done; a single `evolve(state, event)` (replays,
    views) thaws, folds and freezes. Either way the new state is the fold of the events, by the
    same handlers. (The twin is the Turn itself, `turn.state is turn` while the step runs: one
    object per action instead of two.)"""
    table = dict(handlers)
    working = working_twin(state_class, base=_TurnInPlace)
    thaw, get = working.thaw, table.get
    # `carry_out` (below) for this state, with the twin's thaw and freeze written in: it runs once
    # per action, and a Python call costs as much as ~40 quick steps, so it makes none of its own
    # but the Acted handler's and the step.
    fields = "".join(f"turn.{name}, " for name in state_class._fields)
    scope = {"_new": tuple.__new__, "Working": working, "State": state_class,
             "acted_handler": table.get(Acted), "GameOver": GameOver, "_ACTED": _ACTED, "_acted": _acted}
    exec(compile(
        "def carry_out(game, before, seat, action, chance):\n"
        "    acted = _ACTED.get((seat, id(action)))  # as in the plain carry_out\n"
        "    if acted is None or acted.action is not action:\n"
        "        acted = _acted(seat, action)\n"
        "    turn = Working()\n"
        f"    {fields}= before\n"
        "    turn.game, turn.before, turn.state, turn.events, turn.chance = game, before, turn, [acted], chance\n"
        "    if acted_handler is not None:\n"
        "        acted_handler(turn, acted)\n"
        "    try:\n"
        "        game.step(turn, seat, action)\n"
        "    except GameOver:\n"
        "        pass\n"
        f"    turn.state = _new(State, ({fields}))\n"
        "    return turn\n",
        f"<carry out in place of {state_class.__name__}>", "exec"), scope)

    def emit(turn: _TurnInPlace, event: Event) -> None:
        # the twin class's own (the handlers' look-up is a closure's, not an attribute's):
        # every event of every action comes through here
        turn.events.append(event)
        handler = get(type(event))
        if handler is not None:
            handler(turn, event)

    def emit_two(turn: _TurnInPlace, first: Event, second: Event) -> None:
        # `emit` twice in one call: a turn's end and the next one's start come as a pair
        turn.events += (first, second)
        handler = get(type(first))
        if handler is not None:
            handler(turn, first)
        handler = get(type(second))
        if handler is not None:
            handler(turn, second)

    working.emit, working.emit_two = emit, emit_two

    def evolve(state: S, event: Event) -> S:
        handler = table.get(type(event))
        if handler is None:
            return state
        twin = thaw(state)
        handler(twin, event)
        return twin.freeze()

    def fold(state: S, events) -> S:
        """The state after `events` from `state` (loads and replays): one twin for them all,
        frozen once, by the same handlers in the same order as event by event."""
        twin = thaw(state)
        for event in events:
            handler = get(type(event))
            if handler is not None:
                handler(twin, event)
        return twin.freeze()

    evolve.working, evolve.carry_out = working, scope["carry_out"]  # (a plain Turn folds by evolve)
    evolve.fold = fold
    return evolve


class GameOver(Exception):
    """Raised inside a step when the game has just ended: nothing after that event happens."""


class Turn:
    """The working context of one decision: events emitted so far and the state they lead to.

    Every event is folded in as it is emitted, so the rules always look at the current state and
    the state a decision produces is, by construction, the fold of its events.
    """

    __slots__ = ("game", "before", "state", "events", "chance", "_handlers")

    def __init__(self, game: Game, state: Any, chance):
        self.game = game
        self.before = state  # the state the action was taken in
        self.state = state
        self.events: list[Event] = []
        self.chance = chance
        self._handlers = getattr(game.evolve, "handlers", None)  # an `evolver`'s, else None

    def emit(self, event: Event) -> None:
        self.events.append(event)
        if self._handlers is None:
            self.state = self.game.evolve(self.state, event)
            return
        handler = self._handlers.get(type(event))  # what game.evolve does, one call less
        if handler is not None:
            self.state = handler(self.state, event)

    def emit_two(self, first: Event, second: Event) -> None:
        """`emit(first)`, then `emit(second)`."""
        self.emit(first)
        self.emit(second)

    def end_game(self, event: Event):
        """Emit the event that ends the game and stop the step."""
        self.emit(event)
        raise GameOver


class _TurnInPlace(Turn):
    """A Turn of a game whose evolve is an `evolver_in_place`, made by its `evolve.carry_out`: the
    Turn is also the working twin of the state (its class extends this one with the state's
    fields). While the step runs `state` is the Turn itself, read like the state, and the handlers
    change its fields as each event is emitted; they were thawed from the state before, which
    never changes. Once the step is done they are frozen into the new state, `state`. (Its `emit`
    is the twin class's own: `evolver_in_place`.)"""

    __slots__ = ()
    __init__ = object.__init__  # made empty, `Working()`: quicker than object.__new__(Working)


def decide(game: Game, state: Any, seat: int | None, action: Action, chance) -> Turn:
    """Check `action` for `seat` and carry it out. Raises Rejected (changing nothing) when the
    action is not legal now; otherwise returns the Turn holding the events and the new state."""
    if not game.listed(state, seat, action):  # else legal as it stands: no check to repeat
        waiting = game.to_act(state)
        if isinstance(action, Start) or waiting == (None,):
            if waiting != (None,):
                raise Rejected("the game has already been set up")
            if not isinstance(action, Start) or seat is not None:
                raise Rejected("the game has not been set up yet")
        elif seat not in waiting:
            raise Rejected(_not_your_turn(game, state, seat))
        elif action not in game.legal_actions(state, seat):
            raise Rejected(game.explain(state, seat, action) or f"{type(action).__name__} is not a legal action now")
    return game.carry_out(game, state, seat, action, chance)


def carry_out(game: Game, state: Any, seat: int | None, action: Action, chance) -> Turn:
    """Carry out `action`, known to be legal for `seat` in `state` (`decide` checks it; a table
    knows it for an action picked from the list it just made, Table.submit_pick): the Turn
    holding its events, `Acted(seat, action)` first, and the state they lead to. (A game whose
    evolve is an `evolver_in_place` has its own, `Game.carry_out`, doing the same.)"""
    acted = _ACTED.get((seat, id(action)))  # most actions are a few shared objects: see _acted
    if acted is None or acted.action is not action:
        acted = _acted(seat, action)
    turn = Turn(game, state, chance)
    turn.emit(acted)
    try:
        game.step(turn, seat, action)
    except GameOver:
        pass
    return turn


def _acted(seat: int | None, action: Action) -> Acted:
    """`Acted(seat, action)`, kept for the next time that seat takes that very action object.
    Making a record costs as much as a hundred quick steps, and most actions are a few objects
    that the games make once and list again and again (legal_actions), so `carry_out` looks the
    event up first, by the seat and the action's identity; the kept event holds its action, so
    no other object takes that identity while it is kept. Actions made anew (decoded, typed)
    pass through; the store is emptied when full."""
    acted = Acted(seat, action)
    if len(_ACTED) >= 4096:
        _ACTED.clear()
    _ACTED[seat, id(action)] = acted
    return acted


_ACTED: dict[tuple[int | None, int], Acted] = {}  # (seat, id(action)) -> Acted(seat, action), see _acted


def _not_your_turn(game: Game, state: Any, seat: int | None) -> str:
    if game.result(state) is not None:
        return "the game is over"
    waiting = game.to_act(state)
    names = ", ".join(state.players[s] for s in waiting if s is not None)
    return f"it is not your turn (waiting for {names})" if names else "it is not your turn"
