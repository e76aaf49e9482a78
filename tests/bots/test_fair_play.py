"""Bots play fair: they choose from the seat's view, never from hidden information."""

from __future__ import annotations

from collections import Counter
from dataclasses import replace

import pytest

from parlour.fronts import simulate
from parlour.rules import registry
from parlour.rules.bots import LEVELS, make
from parlour.rules.chance import Chance
from parlour.rules.game import decide
from parlour.rules.records import HIDDEN
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver

# ---- Filmis: the raid ----------------------------------------------------------------------


def _filmis_state(rival_home: tuple[str, ...]):
    """Two players; seat 0 starts its turn holding a Whistle and a James Dean (it may call the
    raid), with 11 points at home; seat 1's home pile is `rival_home` (hidden from seat 0)."""
    from parlour.games.filmis.rules import GAME, cards

    state = Table.new("filmis", ["Ann", "Bob"], seed=3).state
    hands = ((cards.WHISTLE, cards.JAMES_DEAN), ())
    homes = ((cards.SICKAN, cards.DORIS, cards.HARRY), rival_home)
    rest = Counter(cards.DECK)
    for pile in hands + homes:
        rest.subtract(pile)
    assert all(n >= 0 for n in rest.values()), "more of a card than the game has"
    pile = tuple(sorted(rest.elements()))
    return GAME, state._replace(
        hands=hands,
        homes=homes,
        turn=0,
        pending=None,
        swap=None,
        skips=(0, 0),
        deck=replace(state.deck, pile=pile, discard=()),
    )


def test_filmis_raid_choice_does_not_depend_on_hidden_home_piles():
    from parlour.games.filmis.rules import cards
    from parlour.games.filmis.rules.records import CallRaid

    game, poor = _filmis_state((cards.WALL_ENBERG,) * 4)  # -8 points
    _, rich = _filmis_state((cards.JAMES_DEAN,) * 2 + (cards.SICKAN,) * 2)  # 30 points
    # peeking would change the choice: the raid wins in one position and loses in the other
    outcome = {}
    for name, state in (("poor", poor), ("rich", rich)):
        after = decide(game, state, 0, CallRaid(), Chance(0)).state
        outcome[name] = game.result(after).winners
    assert outcome == {"poor": (0,), "rich": (1,)}
    # the seat cannot tell the two positions apart...
    assert game.view(poor, 0) == game.view(rich, 0)
    assert game.view(poor, 1) != game.view(rich, 1)
    # ...and the bot decides the same in both, even when handed the whole state by mistake
    for level in LEVELS:
        choices = {make(level, 7).choose(game, state, 0) for state in (poor, rich)}
        assert len(choices) == 1, (level, choices)
        viewed = {make(level, 7).choose(game, game.view(state, 0), 0) for state in (poor, rich)}
        assert viewed == choices


# ---- Garfield: the hands of the others and the Player deck ------------------------------


def test_garfield_choices_do_not_depend_on_hidden_cards():
    """At every decision of a smart-bot game, the same position with the others' hands and the
    deck's order dealt differently gets the same choice (from the whole state, too)."""
    table = Table.new("garfield", ["A", "B", "C", "D"], seed=11)
    bots = [make("smart", seat) for seat in range(4)]
    driver = TableDriver(table)  # the bots are asked here, to compare their answers
    checked = 0
    while table.result() is None and checked < 400:
        (seat,) = table.to_act()
        state = table.state
        hidden = [c for s, h in enumerate(state.hands) if s != seat for c in h] + list(state.player_deck.pile)
        moved = hidden[::-1]  # the same hidden cards, dealt in another order
        hands, i = [], 0
        for s, hand in enumerate(state.hands):
            if s == seat:
                hands.append(hand)
            else:
                hands.append(tuple(moved[i : i + len(hand)]))
                i += len(hand)
        twin = state._replace(hands=tuple(hands), player_deck=replace(state.player_deck, pile=tuple(moved[i:])))
        assert table.game.view(twin, seat) == table.view(seat)
        mine = bots[seat].choose(table.game, table.view(seat), seat)
        probe = make("smart", 99)
        assert probe.choose(table.game, state, seat) == probe.choose(table.game, twin, seat) == mine
        driver.submit(seat, mine)
        checked += 1
    assert checked > 50


# ---- simulate hands bots views, and they answer every question --------------------------


class Spy:
    """A bot level that checks what it is given: exactly the seat's view, no other seat's cards."""

    level = "spy"
    table: Table | None = None
    asked: set[int] = set()  # the seats it was asked for

    def __init__(self, seed=None):
        self._inner = make("smart", seed)

    def choose(self, game, view, seat):
        Spy.asked.add(seat)
        hands = getattr(view, "hands", None)
        if hands is not None and game.id != "smurf" and game.result(view) is None:
            for other, hand in enumerate(hands):
                if other != seat:
                    assert set(hand) <= {HIDDEN}, f"seat {seat} was shown seat {other}'s hand"
        action = self._inner.choose(game, view, seat)
        assert action in game.legal_actions(view, seat)
        return action


@pytest.mark.parametrize("seats", [["spy", "spy"], ["spy", "random", "spy"], ["spy", "spy", "random", "spy"]])
@pytest.mark.parametrize("game_id", registry.available())
def test_simulate_gives_bots_views_and_they_answer_every_decision(game_id, seats, monkeypatch):
    monkeypatch.setitem(LEVELS, "spy", Spy)
    for index in range(2):
        Spy.asked = set()
        one = simulate.play_one(game_id, seats, seed=5, index=index)
        assert one["finished"], one
        assert Spy.asked == {seat for seat, level in enumerate(seats) if level == "spy"}  # each spy, in each game
