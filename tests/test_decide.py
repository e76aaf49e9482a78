"""`decide` is the one way an action is carried out: it checks the action against the legal
actions of the state it is taken in (an action listed for another state, or made by hand, is
refused when it is not legal there), then folds its events into the new state."""

from __future__ import annotations

import pytest

from parlour.games.garfield.rules.records import PlayCard
from parlour.rules import registry
from parlour.rules.chance import Chance
from parlour.rules.game import decide
from parlour.rules.records import Acted, Rejected, Start
from parlour.rules.table import Table

GAME = registry.get("garfield")


def started(seed: int = 4):
    """A Garfield state at the start of a turn whose player holds a card it may play."""
    for tried in range(seed, seed + 50):
        state = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=tried).state
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
    with pytest.raises(Rejected, match="you do not hold"):
        decide(GAME, emptied, seat, listed, Chance.for_log(1, 0))


def test_an_action_not_listed_is_still_refused_with_the_reason():
    state, seat = started()
    with pytest.raises(Rejected, match="Lasagna"):
        decide(GAME, state, seat, PlayCard("LASAGNA"), Chance.for_log(1, 0))
    with pytest.raises(Rejected, match="not your turn"):  # listed for this seat, taken by another
        other = (seat + 1) % 3
        decide(GAME, state, other, GAME.legal_actions(GAME.view(state, seat), seat)[0], Chance.for_log(1, 0))


def test_an_action_folded_in_place_leaves_the_state_it_was_decided_in_as_it_was():
    """Garfield folds an action's events into a working copy (rules/game.py InPlace):
    the state before, held by the table, views and bots, never changes, even when the step stops
    halfway (here: a checked replay that has no dice for the roll the rules ask for)."""
    from parlour.games.garfield.rules import cards
    from parlour.games.garfield.rules.records import FollowGarfield
    from parlour.rules.chance import RigError

    state = next(
        state
        for seed in range(100)  # a turn that begins with a plain roll of the dice
        if (state := Table.new("garfield", ["Ann", "Bob"], seed=seed).state).face_up == cards.G_NAPPING
    )
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


def test_the_acted_event_decide_makes_is_an_ordinary_frozen_acted_of_the_very_action():
    from dataclasses import FrozenInstanceError

    state, seat = started()
    action = GAME.legal_actions(state, seat)[0]
    acted = decide(GAME, state, seat, action, Chance.for_log(1, 0)).events[0]
    assert acted == Acted(seat, action) and hash(acted) == hash(Acted(seat, action)) and acted.action is action
    assert repr(acted) == repr(Acted(seat, action))
    with pytest.raises(FrozenInstanceError):
        acted.seat = 0


def test_a_table_refuses_a_stale_action_and_changes_nothing():
    """An action listed for an earlier state (here: a card the seat no longer holds) is checked
    against the state it is taken in, as any other."""
    state, seat = started()
    table = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=1)
    stale = next(a for a in GAME.legal_actions(state, seat) if isinstance(a, PlayCard))
    table.state = emptied = state._replace(hands=tuple(() if s == seat else h for s, h in enumerate(state.hands)))
    events = len(table.events)
    with pytest.raises(Rejected, match="you do not hold"):
        table.submit(seat, stale)
    with pytest.raises(Rejected):
        table.submit(seat, PlayCard("LASAGNA"))
    assert len(table.events) == events and table.state is emptied
    action = GAME.legal_actions(emptied, seat)[0]
    table.submit(seat, action)
    assert table.events[events] == Acted(seat, action) and table.state != emptied


def test_a_start_after_the_set_up_is_refused_as_such_from_any_seat():
    table = Table.new("garfield", ["Ann", "Bob"], seed=1)
    for seat in (None, 0, 1):
        with pytest.raises(Rejected, match="already been set up"):
            table.submit(seat, Start())


@pytest.mark.parametrize("game_id", ["garfield", "filmis", "smurf"])
def test_an_actions_new_state_is_the_fold_of_its_events_one_by_one(game_id):
    """A Turn folds an action's events as they are emitted (Garfield and Smurf into one working
    copy: rules/game.py InPlace); `evolve` event by event gives the same state, of the same type."""
    game = registry.get(game_id)
    for seed in range(3):
        table = Table.new(game_id, ["Ann", "Bob", "Cid"], seed=seed)
        for _ in range(300):
            if table.result() is not None:
                break
            seat = table.to_act()[0]
            action = game.legal_actions(table.state, seat)[seed % 2 - 1]
            before = folded = table.state
            for event in table.submit(seat, action):
                folded = game.evolve(folded, event)
            assert folded == table.state and type(table.state) is type(before)


def test_the_reasons_for_a_refusal_are_what_they_were():
    """`decide` checks legality alone (a seat not to act has no legal action) and works out the
    reason only for a refusal."""
    game = GAME
    before = game.initial(("Ann", "Bob"), {})
    with pytest.raises(Rejected, match="not been set up yet"):
        decide(game, before, 0, PlayCard("NAP_ATTACK"), Chance.for_log(1, 0))
    with pytest.raises(Rejected, match="not been set up yet"):
        decide(game, before, 0, Start(), Chance.for_log(1, 0))
    state, seat = started()
    with pytest.raises(Rejected, match="is not a legal action now|not your turn"):
        decide(game, state, None, game.legal_actions(state, seat)[0], Chance.for_log(1, 0))
    over = state._replace(winner=seat)
    with pytest.raises(Rejected, match="the game is over"):
        decide(game, over, seat, game.legal_actions(state, seat)[0], Chance.for_log(1, 0))
