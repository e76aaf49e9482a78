"""Many whole seeded random games (the invariants after every event of Hypothesis-drawn games
are checked by the shared state machine, parlour/games/garfield/tests/test_machine.py)."""

from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver

from .test_machine import check_conserved


def test_500_seeded_random_games_each_end_with_exactly_one_winner():
    for game in range(500):
        players = 2 + game % 3
        table = Table.new("garfield", ["Ann", "Bob", "Cid", "Dee"][:players], seed=game)
        driver = TableDriver(table, {seat: make("random", f"{game}/{seat}") for seat in range(players)})
        driver.play_bots(5000)
        assert table.result() is not None, f"game {game} does not end"
        result = table.result()
        assert len(result.winners) == 1
        winner = result.winners[0]
        assert table.state.rings[winner] == 3
        assert all(r < 3 for seat, r in enumerate(table.state.rings) if seat != winner)
        check_conserved(table.state)
