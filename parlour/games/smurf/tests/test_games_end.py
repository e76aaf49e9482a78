"""Smurf games between bots end (issue 17: two smart bots hemmed in by cats on square 16 turned
wheel 2 for ever, each sure that rolling was worse than waiting; so did bot-only tables).

The bound is generous and measured (scan of seed 17, levels drawn as here): the longest of 1,000
games per player count between smart and expert seats took 193 actions with 2 players, 1,713
with 3 and 2,050 with 4; with random seats among them (600 games each) 260, 1,066 and 1,622.
Before the fix 2 of the first 12 two-player smart games (indexes 5 and 7) never ended.
"""

from __future__ import annotations

import random

import pytest

from parlour.fronts.simulate import bot_seed, game_seed
from parlour.rules.bots import make
from parlour.rules.table import Table

from ..bots.smart import WAIT_LIMIT
from ..bots.waiting import CHANGES, LATER, NEVER, tiers
from ..rules.records import Roll, TurnWheel

MAX_ACTIONS = 6_000
STARTS = [Roll(), TurnWheel(1), TurnWheel(2)]


def actions_to_end(game_id: str, levels: list[str], seed: int, index: int) -> int | None:
    """Play one bot-only game as tools/head_to_head.py does; the actions it took to end, or None
    if it had not ended after MAX_ACTIONS."""
    table = Table.new(game_id, [f"P{s}" for s in range(len(levels))], seed=game_seed(seed, index))
    bots = [make(level, bot_seed(seed, index, s)) for s, level in enumerate(levels)]
    for taken in range(MAX_ACTIONS):
        if table.result() is not None:
            return taken
        seat = table.to_act()[0]
        table.submit(seat, bots[seat].choose(table.game, table.view(seat), seat))
    return None


@pytest.mark.parametrize("index", [5, 7])
def test_the_two_smart_games_that_went_on_for_ever_end(index):
    assert actions_to_end("smurf", ["smart", "smart"], 17, index) is not None


@pytest.mark.parametrize("players, games", [(2, 60), (3, 30), (4, 30)])
def test_bot_only_smurf_games_of_mixed_levels_end(players, games, monkeypatch):
    from ..bots import search as smurf_search

    # the expert searches the Smurf Game (issue 33): a small search here, as quick as the smart
    # level, so that these many long games stay a quick test
    monkeypatch.setattr(smurf_search, "PLAYOUTS", 3)
    monkeypatch.setattr(smurf_search, "HORIZON", 4)
    draw = random.Random(players)
    for index in range(games):
        levels = [draw.choice(["smart", "expert", "random"]) for _ in range(players)]
        if set(levels) == {"random"}:
            levels[0] = "smart"  # random bots alone take thousands of turns (parlour/games/smurf/tests/test_games.py)
        assert actions_to_end("smurf", levels, 17, index) is not None, (levels, index)


@pytest.mark.parametrize("game_id", ["garfield", "filmis"])
def test_two_smart_bots_end_garfield_and_filmis(game_id):
    for index in range(100):
        assert actions_to_end(game_id, ["smart", "smart"], 17, index) is not None, index


# ---- what the smart bot does at the start of a turn ----------------------------------------


def _smurf(**changes):
    table = Table.new("smurf", ["Ann", "Bob"], seed=1)
    return table.game, table.state._replace(turn=0, **changes)


def _choose(bot, game, state):
    return bot.choose(game, game.view(state, 0), 0)


def test_a_wheel_turn_that_changes_nothing_for_the_pawn_is_not_taken_over_a_roll():
    # the position of the endless game: both pawns on 16, the cats on 12 and 18 hem them in;
    # wheel 2's holes in reach (21) are behind the cat on 18, so turning it changes nothing
    game, state = _smurf(positions=(16, 16), held=((1, 1, 0, 0), (1, 1, 0, 0)), circles=(6, 6, 8, 8), wheels=(2, 2))
    assert {12, 18} <= state.cats
    # wheel 1 drops a cat on square 16
    assert tiers(state, 0, STARTS) == [CHANGES, CHANGES, LATER]  # roll, wheel 1, wheel 2
    assert _choose(make("smart", "a"), game, state) == Roll()


def test_a_pawn_boxed_in_by_cats_turns_the_wheel_that_opens_its_way_rather_than_roll():
    # on 9 between the cats on 8 and 10: no face moves, so a roll changes nothing
    game, state = _smurf(positions=(9, 0), held=((1, 0, 0, 0), (0, 0, 0, 0)), circles=(7, 8, 8, 8), wheels=(2, 0))
    assert {8, 10} <= state.cats
    # no hole of wheel 2 within a roll of 9
    assert tiers(state, 0, STARTS) == [NEVER, CHANGES, NEVER]
    assert _choose(make("smart", "a"), game, state) == TurnWheel(1)


def test_after_waiting_its_limit_at_one_place_the_bot_rolls():
    # in the acorn area, the cat on 8 blocking the way on: the bot turns wheel 1 ...
    game, state = _smurf(
        positions=(5, 0), inside=(True, False), held=((1, 0, 0, 0), (0, 0, 0, 0)), circles=(7, 8, 8, 8), wheels=(0, 0)
    )
    bot = make("smart", "a")
    assert [_choose(bot, game, state) for _ in range(WAIT_LIMIT)] == [TurnWheel(1)] * WAIT_LIMIT
    # ... but not for ever at the same place: then it rolls (a roll can move it)
    assert _choose(bot, game, state) == Roll()
    # another bot, or the same one elsewhere, starts counting afresh
    assert _choose(make("smart", "b"), game, state) == TurnWheel(1)


def test_with_a_needed_kind_gone_from_its_circle_the_bot_drops_a_cat_under_its_holder():
    # Ann lacks an acorn and Bob holds all eight; wheel 2 turned shows a cat on 21, under Bob,
    # who must give one back: the only way Ann can still win
    game, state = _smurf(positions=(10, 21), held=((0, 1, 1, 1), (8, 0, 0, 0)), circles=(0, 7, 7, 7), wheels=(0, 0))
    assert 21 not in state.cats
    assert _choose(make("smart", "a"), game, state) == TurnWheel(2)
