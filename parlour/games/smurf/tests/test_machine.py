"""The Smurf Game in the shared state machine: the 32 discs conserved after every event, pawns
and wheels where they may be, nothing hidden (views and redaction change nothing), decide accepts
an action exactly when legal_actions lists it, and the state round-trips through its JSON."""

import json

from parlour.rules.chance import Chance
from parlour.rules.codec import encode
from parlour.rules.game import decide
from parlour.rules.records import Rejected
from tests.properties.machine import GameMachine, machine_case

from ..rules import board, wheels
from ..rules.records import DirectionAsked, GiveUp, Move, Roll, TurnBegan, TurnEnded, TurnWheel
from ..rules.state import State

# every action the game knows, and some it does not allow at all
CANDIDATES = (
    [Roll()]
    + [TurnWheel(w) for w in (0, 1, 2, 3)]
    + [Move(d, food) for d in (1, -1, 0) for food in (None,) + board.KINDS]
    + [GiveUp(kind) for kind in board.KINDS]
)


def state_from_json(data: dict) -> State:
    """The state back from the JSON the engine shows for a view (lists become tuples)."""

    def tuples(value):
        return tuple(map(tuples, value)) if isinstance(value, list) else value

    assert data["type"] == "State" and set(data) == {"type", *State._fields}
    return State(**{name: tuples(data[name]) for name in State._fields})


def check_state(state: State) -> None:
    """32 discs conserved; pawns and wheels where they may be."""
    assert state.discs() == board.DISCS == 32
    assert all(0 <= n <= board.DISCS_PER_KIND for n in state.circles)
    assert all(n >= 0 for hand in state.held for n in hand)
    for square, inside in zip(state.positions, state.inside):
        assert 0 <= square < board.SIZE
        assert not inside or square in board.FOOD_AT  # a pawn in a food area sits at its entry
    assert all(0 <= r < wheels.POSITIONS for r in state.wheels)


class Smurf(GameMachine):
    game_id = "smurf"

    def check_event(self, before, event, after):
        check_state(after)
        for seat in range(len(after.players)):
            assert self.game.redact(event, seat) == event and self.game.view(after, seat) == after

    def check_state(self):
        state = self.state
        assert state_from_json(json.loads(json.dumps(encode(state)))) == state
        # the state folds neither Acted nor TurnEnded (parlour/games/smurf/rules/state.py): that holds because a
        # face waits for a direction exactly when the action stopped to ask for one, and every
        # TurnEnded is followed at once by the next player's TurnBegan
        assert (state.rolled is not None) == isinstance(self.events[-1], DirectionAsked), self.events[-3:]
        assert all(
            isinstance(after, TurnBegan)
            for ended, after in zip(self.events, self.events[1:])
            if isinstance(ended, TurnEnded)
        )
        assert not isinstance(self.events[-1], TurnEnded)
        waiting = self.game.to_act(state)
        if not waiting:
            return
        # the seats waited for, and one that is not (or is, the next round)
        for seat in set(waiting) | {(waiting[0] + 1) % len(self.players)}:
            legal = self.game.legal_actions(state, seat)
            assert len(set(legal)) == len(legal)
            for action in CANDIDATES:
                try:
                    decide(self.game, state, seat, action, Chance(1))
                    accepted = True
                except Rejected:
                    accepted = False
                assert accepted == (action in legal), (seat, action, legal)

    # a won game: the winner is home with all four kinds
    def teardown(self):
        result = self.game.result(self.state)
        if result is not None:
            winner = result.winners[0]
            assert self.state.positions[winner] == board.HOME
            assert len(self.state.kinds_held(winner)) == 4
        super().teardown()


TestSmurf = machine_case(Smurf)
