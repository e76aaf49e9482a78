"""500 seeded games of random bots, each played until someone wins or a bound of 600 turns.

Random bots do not finish The Smurf Game reliably in a test's time: they turn a wheel two times
in three, wander both ways, and lose discs to the cats. Measured with tools/smurf_stats.py (see
parlour/games/smurf/README.md): 2 players take about 1700 turns on average with a long tail (p99 about 5600),
4 players about 9200 (max near 50000). So each game here runs to a bound of 600 turns (300
rounds) and has a clear result: WON, checked against the win rule, or UNFINISHED at exactly the
bound, checked to be sound and playable. Within that bound 9.2% of 1000 measured 2-player games
(other bot seeds) were won: 500 games should see about 46 wins (standard deviation 6.5); at least
20 must be won, so a broken win rule or a game that stalls cannot pass.
"""

from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver

from ..rules import board
from ..rules.records import TurnEnded, Won

GAMES = 500
BOUND = 600  # turns (TurnEnded events) per game
MIN_WON = 20


def play(seed: int) -> tuple[Table, int]:
    table = Table.new("smurf", ["Ann", "Bob"], seed=seed)
    driver = TableDriver(table, {seat: make("random", f"smurf-test/{seed}/{seat}") for seat in range(2)})
    ended = []
    driver.listen(lambda events: ended.extend(e for e in events if isinstance(e, TurnEnded)))
    while table.result() is None and len(ended) < BOUND:
        assert driver.step_bot() is not None  # someone is always to act until the game ends
    return table, len(ended)


def test_500_seeded_random_games_end_in_a_win_or_reach_the_bound_soundly():
    won = 0
    for seed in range(GAMES):
        table, turns = play(seed)
        state = table.state
        assert state.discs() == board.DISCS
        result = table.result()
        if result is None:  # UNFINISHED at the bound, and still playable
            assert turns == BOUND and table.to_act()
            continue
        won += 1
        winner = result.winners[0]
        assert table.events[-1] == Won(winner) and turns < BOUND
        assert state.positions[winner] == board.HOME and not state.inside[winner]
        assert len(state.kinds_held(winner)) == len(board.KINDS)
        assert sum(isinstance(e, Won) for e in table.events) == 1
    assert won >= MIN_WON, f"only {won} of {GAMES} games were won within {BOUND} turns"
