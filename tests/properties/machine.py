"""One Hypothesis state machine for every game: Hypothesis draws the seats, the actions and every
chance outcome (dice, coins, blind picks, deck orders), so a failing game shrinks to a short one
with small dice, early picks and decks close to their printed order.

What holds for every game is checked here: the fold of the events is the live state (after every
single event), a seat that folds the events as it sees them keeps exactly its view, views give
the same legal actions and the same seats to act, every event and legal action round-trips
through the codec, and the saved log loads back to the same state. A game's own test subclasses
`GameMachine`, names its `game_id` and adds its invariants in `check_event` / `check_state`.

Run it longer with `HYPOTHESIS_PROFILE=long` (see tests/__init__.py).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from typing import Any

from hypothesis import HealthCheck, settings, strategies as st
from hypothesis.stateful import RuleBasedStateMachine, initialize, invariant, precondition, rule

from parlour.rules import log, registry
from parlour.rules.chance import Chance
from parlour.rules.game import decide
from parlour.rules.log import Header
from parlour.rules.records import Action, Event, Start, TurnBegan
from tests.helpers import round_trips

NAMES = ("Ann", "Bob", "Cid", "Dee")


class DrawnChance(Chance):
    """Chance whose every outcome Hypothesis draws, so it can shrink them: dice toward 1, coins
    toward face down, picks toward the first, deck orders toward the order the rules pass in."""

    def __init__(self, data):
        super().__init__(0)
        self.data = data

    def roll(self, sides: int = 6) -> int:
        # sampled_from spreads the faces evenly (integers favours the ends, and an opening roll
        # re-rolls ties); it still shrinks toward 1
        return self.data.draw(st.sampled_from(range(1, sides + 1)), label="die")

    def flip(self) -> bool:
        return self.data.draw(st.booleans(), label="coin")

    def pick(self, count: int) -> int:
        return self.data.draw(st.integers(0, count - 1), label="pick")

    def shuffle(self, deck: str, cards: Sequence[str]) -> tuple[str, ...]:
        return tuple(self.data.draw(st.permutations(list(cards)), label=f"order of {deck}"))


# How many games and how many actions each: quick in the normal run, long on request.
MACHINE_SETTINGS = {
    "ci": dict(max_examples=10, stateful_step_count=100),
    "long": dict(max_examples=500, stateful_step_count=400),
}


def machine_case(machine: type[RuleBasedStateMachine]):
    """The pytest test case of a game's machine, with the settings of the chosen profile."""
    case = machine.TestCase
    # a deck order is a permutation of the whole deck: its smallest example is large by nature
    suppress = [HealthCheck.too_slow, HealthCheck.large_base_example, HealthCheck.data_too_large]
    case.settings = settings(
        **MACHINE_SETTINGS[os.environ.get("HYPOTHESIS_PROFILE", "ci")], suppress_health_check=suppress
    )
    return case


class GameMachine(RuleBasedStateMachine):
    game_id: str  # each game's subclass names its game

    def __init__(self):
        super().__init__()
        self.game = registry.get(self.game_id)
        self.players: tuple[str, ...] = ()
        self.events: list[Event] = []
        self.state: Any = None  # the state decide returns
        self.folded: Any = None  # the fold of self.events, one event at a time

    # ---- what a game adds ------------------------------------------------------------------

    def check_event(self, before: Any, event: Event, after: Any) -> None:
        """The game's invariants after one event (`before` and `after` are full states)."""

    def check_state(self) -> None:
        """The game's invariants after each action (self.state is the live state)."""

    # ---- playing ---------------------------------------------------------------------------

    @initialize(players=st.integers(2, 4), data=st.data())
    def set_up(self, players: int, data) -> None:
        self.players = NAMES[:players]
        self.state = self.folded = self.game.initial(self.players, {})
        self._decide(None, Start(), data)

    @precondition(lambda self: self.game.result(self.state) is None)
    @rule(data=st.data())
    def act(self, data) -> None:
        seat = data.draw(st.sampled_from(self.game.to_act(self.state)), label="seat")
        action = data.draw(st.sampled_from(self.game.legal_actions(self.state, seat)), label="action")
        self._decide(seat, action, data)

    @precondition(lambda self: self.game.result(self.state) is not None)
    @rule()
    def game_over(self) -> None:
        result = self.game.result(self.state)
        assert result.winners and all(0 <= w < len(self.players) for w in result.winners)
        assert self.game.to_act(self.state) == ()

    def _decide(self, seat: int | None, action: Action, data) -> None:
        turn = decide(self.game, self.state, seat, action, DrawnChance(data))
        for event in turn.events:
            before, self.folded = self.folded, self.game.evolve(self.folded, event)
            self.events.append(event)
            assert round_trips(self.game, event), event
            self._check_views_follow(before, event, self.folded)
            self._check_who_acts_from_the_tail()
            self.check_event(before, event, self.folded)
        self.state = turn.state

    def _check_views_follow(self, before: Any, event: Event, after: Any) -> None:
        """A seat that folds the events as it sees them into its view keeps exactly its view of
        the game (so a remote player can follow from redacted events alone)."""
        game = self.game
        for seat in range(len(self.players)):
            seen = game.view(after, seat)
            assert game.view(game.evolve(game.view(before, seat), game.redact(event, seat)), seat) == seen

    def _check_who_acts_from_the_tail(self) -> None:
        """The seats to act as the list of saves reads them from the last events alone are the
        folded state's whenever those events tell, and the events since a turn began always tell."""
        game, events = self.game, self.events
        expected = game.to_act(self.folded)
        for last in (1, 2, 3, 5, 8, len(events)):
            told = game.to_act_after(events[-last:])
            assert told is None or told == expected, (events[-last:], told, expected)
        if any(isinstance(event, TurnBegan) for event in events):
            assert game.to_act_after(events) == expected

    # ---- what holds for every game ---------------------------------------------------------

    @invariant()
    def replay_equals_live(self) -> None:
        assert self.folded == self.state
        self.check_state()

    @invariant()
    def views_agree_on_who_acts_and_how(self) -> None:
        game, state = self.game, self.state
        for seat in range(len(self.players)):
            seen = game.view(state, seat)
            assert game.to_act(seen) == game.to_act(state)
            assert game.legal_actions(seen, seat) == game.legal_actions(state, seat)
            if seat not in game.to_act(state):  # what lets `decide` check legality alone (rules/game.py)
                assert game.legal_actions(state, seat) == []
        assert game.legal_actions(state, None) == []
        for seat in game.to_act(state):
            legal = game.legal_actions(state, seat)
            assert legal, "a seat that is waited for must have something to do"
            assert all(round_trips(game, action) for action in legal)

    def teardown(self) -> None:
        if self.events:  # the saved log loads (every action re-decided) to the same state
            header = Header(self.game.id, self.players, 0, rules_version=self.game.rules_version)
            assert log.loads(log.dumps(header, self.events)).state == self.state
