"""The expert level searches the Smurf Game (parlour/games/smurf/bots/search.py): the same choices for
the same seed, choices of its own where the race calls for them, a race valued as chances that
add up, and a level the Smurf menus offer (and only theirs)."""

from __future__ import annotations

import pytest

from parlour.rules.bots import levels, make
from parlour.rules.table import Table
from parlour.services.seats import parse_seats

from ..bots.search import race


def _positions(count: int = 40):
    """Turn starts and answers of a seeded two-player Smurf game between smart bots."""
    table = Table.new("smurf", ["A", "B"], seed=5)
    bots = [make("smart", seat) for seat in range(2)]
    found = []
    while table.result() is None and len(found) < count:
        (seat,) = table.to_act()
        if len(table.legal_actions(seat)) > 1:
            found.append((table.state, seat))
        table.submit(seat, bots[seat].choose(table.game, table.view(seat), seat))
    return table.game, found


def test_the_expert_searches_the_smurf_game_the_same_way_for_the_same_seed():
    game, positions = _positions(20)
    first = [make("expert", 7).choose(game, state, seat) for state, seat in positions]
    again = [make("expert", 7).choose(game, state, seat) for state, seat in positions]
    smart = [make("smart", 7).choose(game, state, seat) for state, seat in positions]
    assert first == again
    assert first != smart  # it does not merely play as smart


def test_the_race_gives_chances_that_add_up_and_a_won_game_all():
    game, positions = _positions(10)
    for state, _ in positions:
        assert sum(race(state, seat) for seat in range(2)) == pytest.approx(1.0)
    state = positions[-1][0]._replace(winner=1)
    assert (race(state, 0), race(state, 1)) == (0.0, 1.0)


def test_expert_is_offered_for_the_smurf_game_only():
    assert "expert" in levels("smurf") and "expert" not in levels("garfield") and "expert" not in levels("filmis")
    assert [seat.bot for seat in parse_seats("smurf", "Ann,bot:expert")] == [None, "expert"]
    with pytest.raises(ValueError, match="unknown bot level 'expert'"):
        parse_seats("garfield", "Ann,bot:expert")
