"""`decide` skips its second legality check only for the very action object that `legal_actions`
listed for the same state (or for the view of it that `view` last gave that seat); anything else
is checked as before."""

from __future__ import annotations

import pytest

from rules import registry
from rules.chance import Chance
from rules.game import decide
from rules.garfield.records import PlayCard
from rules.records import Acted, Rejected, Start
from rules.table import Table

GAME = registry.get("garfield")


def started(seed: int = 4):
    """A Garfield state at the start of a turn whose player holds a card it may play."""
    for seed in range(seed, seed + 50):
        state = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=seed).state
        (seat,) = GAME.to_act(state)
        if any(isinstance(a, PlayCard) for a in GAME.legal_actions(state, seat)):
            return state, seat
    raise AssertionError("no seed gives a playable card")


def test_an_action_taken_from_the_views_list_gives_what_an_equal_new_action_gives():
    state, seat = started()
    listed = next(a for a in GAME.legal_actions(GAME.view(state, seat), seat) if isinstance(a, PlayCard))
    taken = decide(GAME, state, seat, listed, Chance.for_log(1, 0))
    fresh = decide(GAME, state, seat, PlayCard(listed.card), Chance.for_log(1, 0))
    assert taken.events == fresh.events and taken.state == fresh.state


def test_an_action_listed_for_another_state_is_checked_against_this_one():
    state, seat = started()
    listed = next(a for a in GAME.legal_actions(GAME.view(state, seat), seat) if isinstance(a, PlayCard))
    # the same seat, but it no longer holds the card: the very object listed before is refused
    emptied = state._replace(hands=tuple(() if s == seat else h for s, h in enumerate(state.hands)))
    with pytest.raises(Rejected):
        decide(GAME, emptied, seat, listed, Chance.for_log(1, 0))
    GAME.view(emptied, seat)  # even once the view of the new state is the one remembered
    with pytest.raises(Rejected):
        decide(GAME, emptied, seat, listed, Chance.for_log(1, 0))


def test_an_action_not_listed_is_still_refused_with_the_reason():
    state, seat = started()
    GAME.legal_actions(GAME.view(state, seat), seat)  # the lists are remembered for this state
    with pytest.raises(Rejected, match="Lasagna"):
        decide(GAME, state, seat, PlayCard("LASAGNA"), Chance.for_log(1, 0))
    with pytest.raises(Rejected):  # listed for this seat, taken by another
        other = (seat + 1) % 3
        decide(GAME, state, other, GAME.legal_actions(GAME.view(state, seat), seat)[0], Chance.for_log(1, 0))


def test_an_action_folded_in_place_leaves_the_state_it_was_decided_in_as_it_was():
    """Garfield folds an action's events into a working twin (rules/game.py evolver_in_place):
    the state before, held by the table, views and bots, never changes, even when the step stops
    halfway (here: a checked replay that has no dice for the roll the rules ask for)."""
    from rules.chance import RigError
    from rules.garfield import cards
    from rules.garfield.records import FollowGarfield

    state = next(state for seed in range(100)  # a turn that begins with a plain roll of the dice
                 if (state := Table.new("garfield", ["Ann", "Bob"], seed=seed).state).face_up == cards.G_NAPPING)
    (seat,) = GAME.to_act(state)
    kept = tuple(state)
    with pytest.raises(RigError):
        decide(GAME, state, seat, FollowGarfield(), Chance.replaying([]))
    turn = decide(GAME, state, seat, FollowGarfield(), Chance.for_log(1, 0))
    assert tuple(state) == kept and type(turn.state) is type(state)
    folded = state
    for event in turn.events:
        folded = GAME.evolve(folded, event)
    assert folded == turn.state and len(turn.events) > 2


def test_the_acted_event_decide_makes_is_an_ordinary_frozen_acted():
    from rules.records import Acted
    from rules.values import FrozenInstanceError

    state, seat = started()
    action = GAME.legal_actions(state, seat)[0]
    acted = decide(GAME, state, seat, action, Chance.for_log(1, 0)).events[0]
    assert acted == Acted(seat, action) and hash(acted) == hash(Acted(seat, action))
    assert repr(acted) == repr(Acted(seat, action))
    with pytest.raises(FrozenInstanceError):
        acted.seat = 0


def test_a_table_carries_out_unchecked_only_the_very_action_picked_from_its_own_list():
    """Table.submit_pick skips the legality check for the object picked from the list it made
    for its state; an action picked from elsewhere (another state's list, made by hand) is
    checked as `submit` checks it, and refused when it is not legal."""
    state, seat = started()
    table = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=1)
    table.state = state  # a state whose player holds a card to play
    stale = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, PlayCard))
    table.state = state._replace(hands=tuple(() if s == seat else h for s, h in enumerate(state.hands)))
    events = len(table.events)
    with pytest.raises(Rejected, match="you do not hold"):
        table.submit_pick(seat, lambda actions: stale)  # a card the seat no longer holds
    with pytest.raises(Rejected):
        table.submit_pick(seat, lambda actions: PlayCard("LASAGNA"))
    assert len(table.events) == events
    emptied, handed = table.state, []
    table.submit_pick(seat, lambda actions: handed.append(actions) or actions[0])
    assert handed == [GAME.legal_actions(emptied, seat)]
    assert table.events[events] == Acted(seat, handed[0][0]) and table.state != emptied


def test_a_start_after_the_set_up_is_refused_as_such_from_any_seat():
    table = Table.new("garfield", ["Ann", "Bob"], seed=1)
    for seat in (None, 0, 1):
        with pytest.raises(Rejected, match="already been set up"):
            table.submit(seat, Start())


def test_the_in_place_carry_out_gives_the_plain_turns_events_and_state():
    """Garfield's own `carry_out` (thaw, fold, step and freeze written into one function:
    rules/game.py evolver_in_place) against the plain one, whose Turn folds each event with
    `evolve` alone, over every action of a few whole games."""
    from rules.game import carry_out

    for seed in range(5):
        table = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=seed)
        while table.result() is None:
            (seat,) = table.to_act()
            action = GAME.legal_actions(table.state, seat)[seed % 2 - 1]
            plain = carry_out(GAME, table.state, seat, action, Chance.for_log(seed, len(table.events)))
            own = GAME.carry_out(GAME, table.state, seat, action, Chance.for_log(seed, len(table.events)))
            assert type(plain).__name__ == "Turn" and own.state is not own  # frozen, not the working twin
            assert own.events == plain.events and own.state == plain.state and type(own.state) is type(plain.state)
            table.submit(seat, action)


def test_the_acted_event_is_of_the_very_action_taken_whether_kept_or_made_anew():
    """`carry_out` keeps the Acted of each (seat, action object) to use again (rules/game.py
    `_acted`): an action made anew, equal or not, and another seat taking the same object each
    get their own event, also once the store has been emptied for being full."""
    from rules.game import _ACTED, carry_out

    state, seat = started()
    for round in range(3):
        listed = GAME.legal_actions(state, seat)
        for action in listed + [type(a)(*[getattr(a, f) for f in a.__value_fields__]) for a in listed]:
            for plain in (True, False):
                turn = (carry_out if plain else GAME.carry_out)(GAME, state, seat, action, Chance.for_log(1, 0))
                assert turn.events[0].action is action and turn.events[0].seat == seat
        card = next(a.card for a in listed if isinstance(a, PlayCard))
        for _ in range(5000 if round == 1 else 0):  # fill the store with actions made and dropped
            action = PlayCard(card)
            assert GAME.carry_out(GAME, state, seat, action, Chance.for_log(1, 0)).events[0].action is action
        assert len(_ACTED) <= 4096
    other = (seat + 1) % 3
    acted = GAME.carry_out(GAME, state, other, listed[0], Chance.for_log(1, 0)).events[0]  # (not legal: never checked here)
    assert acted.seat == other and acted.action is listed[0]
