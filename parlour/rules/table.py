"""The table: one live game. It holds the log and the state and takes actions from any seat
(human, bot or remote, all alike). Saving, listeners and bots are the driver's (parlour/services/table_driver.py)."""

from __future__ import annotations

import random
from collections.abc import Iterable
from typing import Any, Generic

from . import registry
from .chance import Chance, Rig
from .game import Game, KeptTurn, Result, State, View, decide
from .log import Header, Loaded, check_players, fold
from .records import Action, Event, Rejected, Start


class Table(Generic[State, View]):
    """Typed by its game's state and view, as its `Game` is: a table made with a game's own GAME is
    `Table[garfield.State, garfield.State]`; one found by the game's id (`new`, `resume`) may be
    any game's."""

    def __init__(self, game: Game[State, View], header: Header, events: list[Event], state: State, chance: Chance):
        self.game = game
        self.header = header
        self.events = events
        self.state = state
        self._chance = chance
        # The last batch of events and, when its submit asked to keep them, the states it went
        # through: the state before each event, then the state after the last (see `states`).
        self._batch: list[Event] = []
        self._states: list[State] | None = None
        # The state before each followed action since the last one that drew from chance (undo
        # never crosses a draw: rules/undo.py), by the index of its first event: undo's check and
        # `take_back` read these instead of folding the log from the start.
        self.starts: dict[int, State] = {}

    @classmethod
    def new(
        cls,
        game_id: str,
        players: Iterable[str],
        *,
        seed: int | None = None,
        rig: Rig | None = None,
        options: dict[str, Any] | None = None,
        meta: dict[str, Any] | None = None,
    ) -> Table[Any, Any]:
        """Set up a new game. Raises Rejected (or registry.UnknownGame) for bad arguments."""
        game = registry.get(game_id)
        names = check_players(game, list(players))
        if seed is None:
            seed = random.SystemRandom().randrange(2**31)
        options = dict(options or {})
        header = Header(game.id, names, seed, rig, options, dict(meta or {}), game.rules_version)
        table = cls(game, header, [], game.initial(names, options), Chance.for_log(seed, 0, rig))
        table._apply(None, Start())
        return table

    @classmethod
    def resume(cls, loaded: Loaded) -> Table[Any, Any]:
        """Continue a loaded game; its chance goes on from where the log stops."""
        game = registry.get(loaded.header.game)
        if not loaded.events:  # the save stops before its set-up: deal it as it would have been
            chance = Chance.for_log(loaded.header.seed, 0, loaded.header.rig)
            table = cls(game, loaded.header, [], loaded.state, chance)
            table._apply(None, Start())
            return table
        chance = Chance.for_log(loaded.header.seed, len(loaded.events))
        return cls(game, loaded.header, list(loaded.events), loaded.state, chance)

    # ---- acting ---------------------------------------------------------------------------

    def submit(self, seat: int, action: Action) -> list[Event]:
        """Carry out `action` for `seat`: the new events, or Rejected (nothing changes; a table is
        set up when made, so `decide` refuses a Start)."""
        turn = decide(self.game, self.state, seat, action, self._chance)  # as _apply, one call less
        self.events += turn.events
        self.state = turn.state
        return turn.events

    def submit_kept(self, seat: int, action: Action) -> list[Event]:
        """`submit`, keeping the states the events go through until the next batch (`states`):
        for a table someone follows, whose reader tells them without folding them again."""
        turn = decide(self.game, self.state, seat, action, self._chance, KeptTurn)
        assert isinstance(turn, KeptTurn)
        # (a batch of `submit` is a new list: `states` never hands these for it; the starts stay
        # true of the log until `take_back`)
        self._batch, self._states = turn.events, turn.befores + [turn.state]
        if any(event.draws() for event in turn.events):
            self.starts.clear()  # undo never crosses a draw: the states before it are not asked for
        else:
            self.starts[len(self.events)] = turn.before
        self.events += turn.events
        self.state = turn.state
        return turn.events

    def states(self, events: list[Event], seat: int | None) -> list[State] | None:
        """The states `events` went through (the one before each event, then the one after the
        last) as `seat` may read them through `view`, when `events` is the last batch and its
        submit kept them (None otherwise: fold the events instead). A local table's states are
        whole, so any seat may read them."""
        return self._states if events is self._batch and self._states is not None else None

    def _apply(self, seat: int | None, action: Action) -> list[Event]:
        turn = decide(self.game, self.state, seat, action, self._chance)
        self.events.extend(turn.events)
        self.state = turn.state
        return turn.events

    def take_back(self, keep: int) -> None:
        """Go back to the game after its first `keep` events (undo: see rules/undo.py, which
        says how far back that may be). The state is the fold of the shorter log; the chance
        source is kept as it is, since undo never crosses a draw from it."""
        if not 1 <= keep <= len(self.events):
            raise Rejected("nothing to take back")
        del self.events[keep:]
        self._states = None
        state = self.starts.get(keep)
        self.starts = {start: before for start, before in self.starts.items() if start < keep}
        self.state = state if state is not None else fold(self.game, self.header, self.events)

    # ---- asking ---------------------------------------------------------------------------

    @property
    def players(self) -> tuple[str, ...]:
        return self.header.players

    @property
    def options(self) -> dict[str, Any]:
        return self.header.options

    def to_act(self) -> tuple[int | None, ...]:
        return self.game.to_act(self.state)

    def legal_actions(self, seat: int) -> list[Action]:
        return self.game.legal_actions(self.state, seat) if seat in self.to_act() else []

    def view(self, seat: int | None) -> View:
        return self.game.view(self.state, seat)

    def result(self) -> Result | None:
        return self.game.result(self.state)
