"""The game log draws only its rows in view (Line API): its rows are the lines wrapped as Rich
wraps them, the last KEEP kept; and a long game's log is told from the state the save's loading
kept before its last actions, exactly as telling the whole game would end."""

from hypothesis import given, settings, strategies as st
from rich.console import Console
from rich.text import Text

from parlour.rules import log
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services.table_driver import TableDriver
from parlour.services.words.base import Story
from parlour.tui.games import Presenter
from parlour.tui.widgets.log import wrapped

CONSOLE = Console(width=200)
words = st.text(st.sampled_from("abcdefghij ÅÄÖåäö—·“”'.,:0123456789 "), max_size=120)


@given(st.lists(words, max_size=12), st.integers(8, 100))
@settings(max_examples=200, deadline=None)
def test_rows_are_the_lines_as_rich_wraps_them(lines, width):
    rich_rows = [row.plain for line in lines for row in Text(line).wrap(CONSOLE, width)]
    assert wrapped(lines, width, CONSOLE, keep=10_000) == rich_rows
    assert wrapped(lines, width, CONSOLE, keep=7) == rich_rows[-7:]


def test_a_long_log_is_told_from_the_state_before_its_last_actions_as_the_whole_telling_ends():
    table = Table.new("smurf", ["Ann", "Bob", "Cid"], seed=8)
    TableDriver(table, {s: make("random", s) for s in range(3)}).play_bots(500)
    text = log.dumps(table.header, table.events).encode()
    loaded = log.open_lines(text.splitlines(keepends=True), recent=40)
    start, before = loaded.recent
    words, game = Presenter.of("smurf").words, table.game
    for seat in (0, None):
        whole = Story(game, words, table.players, seat, game.initial(table.players, {}))
        tail = Story(game, words, table.players, seat, before)
        assert tail.tell_log(table.events[start:]) == whole.tell_log(table.events, last=40)
