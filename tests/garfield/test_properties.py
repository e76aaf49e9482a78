"""Many whole seeded random games (the invariants after every event of Hypothesis-drawn games
are checked by the shared state machine, tests/properties/test_garfield.py)."""

from rules.bots import make
from rules.garfield import GAME
from rules.table import Table
from tests.properties.test_garfield import check_conserved


def test_500_seeded_random_games_each_end_with_exactly_one_winner():
    for game in range(500):
        players = 2 + game % 3
        table = Table.new("garfield", ["Ann", "Bob", "Cid", "Dee"][:players], seed=game)
        bots = [make("random", f"{game}/{seat}") for seat in range(players)]
        actions = 0
        while table.result() is None:
            seat = table.to_act()[0]
            table.submit(seat, bots[seat].choose(GAME, table.view(seat), seat))
            actions += 1
            assert actions < 5000, f"game {game} does not end"
        result = table.result()
        assert len(result.winners) == 1
        winner = result.winners[0]
        assert table.state.rings[winner] == 3
        assert all(r < 3 for seat, r in enumerate(table.state.rings) if seat != winner)
        check_conserved(table.state)
