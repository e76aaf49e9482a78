"""The position valuation (rules/bots/valuation.py) that cuts the hint's playouts short in Garfield
and Filmis: calibrated on seeded games it was not fitted on (of the positions valued at about p,
about p were won), better than an even chance, and every seat's chances summing to 1; a Filmis
raid that the smart bot to move will call is valued as the result it gives."""

from __future__ import annotations

import importlib.util
from pathlib import Path

import pytest

from parlour.rules.bots import valuation

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("valuation_fit", ROOT / "tools" / "valuation_fit.py")
fit = importlib.util.module_from_spec(spec)
spec.loader.exec_module(fit)

HELD_OUT = range(5_000, 5_150)  # seeds the weights were not fitted on (tools/valuation_fit.py: 0..399)


@pytest.mark.parametrize("game_id", ["garfield", "filmis"])
def test_the_valuation_is_calibrated_on_games_it_was_not_fitted_on(game_id):
    for players in (2, 4):
        samples = fit.positions(game_id, HELD_OUT, 2, players)
        low, high = [0.0, 0.0, 0], [0.0, 0.0, 0]  # valued below / above an even chance: value, won, count
        loss = even = 0.0
        for facts, won in samples:
            state_value = valuation.weighed(valuation.of(game_id).weights[players], facts)
            assert abs(sum(state_value) - 1) < 1e-9
            for s, p in enumerate(state_value):
                side = low if p < 1 / players else high
                side[0] += p
                side[1] += won[s]
                side[2] += 1
                loss += (p - won[s]) ** 2
                even += (1 / players - won[s]) ** 2
        for value_sum, won_sum, count in (low, high):
            assert count >= 100
            assert abs(value_sum - won_sum) / count <= 0.06, (game_id, players, value_sum / count, won_sum / count)
        assert loss < 0.9 * even, (game_id, players, loss, even)  # it knows more than an even chance


@pytest.mark.parametrize("game_id", ["garfield", "filmis"])
def test_a_valued_position_gives_every_seat_a_chance_and_those_chances_sum_to_one(game_id):
    samples = fit.positions(game_id, range(3), 5, 3)
    assert samples
    for facts, _ in samples:
        chances = valuation.weighed(valuation.of(game_id).weights[3], facts)
        assert len(chances) == 3 and abs(sum(chances) - 1) < 1e-9 and all(0 < c < 1 for c in chances)


def test_a_game_without_a_valuation_has_none():
    from parlour.rules.table import Table

    table = Table.new("smurf", ["Ann", "Bob"], seed=1)
    assert valuation.value("smurf", table.state) is None


def test_a_filmis_raid_the_smart_bot_to_move_will_call_is_valued_as_the_result_it_gives():
    """The valuation knows the smart bot's raid (parlour/games/filmis/bots/__init__.py): where the seat to move calls one,
    the position's value is the raid's result, not a guess from the facts."""
    from parlour.games.filmis.rules.records import CallRaid
    from parlour.rules.bots import make
    from parlour.rules.bots.playout import shares
    from parlour.rules.table import Table

    raids = 0
    for seed in range(30):
        players = 2 + seed % 3
        table = Table.new("filmis", fit.NAMES[:players], seed=seed)
        bots = {s: make("smart", f"{seed}/{s}") for s in range(players)}
        while table.result() is None:
            who = table.to_act()[0]
            action = bots[who].choose(table.game, table.view(who), who)
            before = table.state
            table.submit(who, action)
            if isinstance(action, CallRaid):
                assert valuation.value("filmis", before) == shares(table.result(), players), seed
                raids += 1
    assert raids >= 10
