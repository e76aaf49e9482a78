"""rules/game.py InPlace: a game's evolve whose handlers change a working copy of the state."""

from typing import NamedTuple

from parlour.rules.game import InPlace
from parlour.rules.records import TurnBegan, TurnEnded
from parlour.rules.tuples import put, without


class State(NamedTuple):
    turn: int
    seen: tuple = ()

    @property
    def last(self):
        return self.seen[-1] if self.seen else None


def _began(s, e: TurnBegan) -> None:
    s.turn = e.seat
    s.seen = s.seen + (e.seat,)


EVOLVE = InPlace(State, {TurnBegan: _began})


def test_a_working_copy_has_the_fields_and_properties_and_leaves_the_state_alone():
    state = State(0)
    working = EVOLVE.start(state)
    assert (working.turn, working.seen, working.last) == (0, (), None)
    EVOLVE.apply(working, TurnBegan(2))
    assert working.last == 2 and state == State(0)
    done = EVOLVE.finish(working)
    assert done == State(2, (2,)) and type(done) is State


def test_evolve_and_fold_give_the_same_state_and_pass_unknown_events_by():
    events = [TurnBegan(1), TurnEnded(1), TurnBegan(2)]
    state = State(0)
    for event in events:
        state = EVOLVE(state, event)
    assert state == EVOLVE.fold(State(0), events) == State(2, (1, 2))


def test_put_and_without():
    assert put((1, 2, 3), 1, 9) == (1, 9, 3)
    assert without(("A", "B", "A"), "A") == ("B", "A") and without(("?", "B"), "C") == ("B",)


def test_the_working_copies_the_type_checker_sees_are_the_states():
    from parlour.games.garfield.rules import state as garfield
    from parlour.games.smurf.rules import state as smurf

    for module in (garfield, smurf):
        assert isinstance(module.evolve, InPlace)
        assert list(module.Working.__annotations__) == list(module.State._fields), module.__name__
        properties = {name for name, value in vars(module.State).items() if isinstance(value, property)}
        assert properties <= set(vars(module.Working)), module.__name__
