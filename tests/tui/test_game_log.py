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


async def test_new_lines_in_the_log_do_not_lay_the_screen_out_again(monkeypatch):
    """Issue 44: the log's box does not change with its lines, so telling them repaints the log
    (and its scrollbar) only; the screen was laid out again for each batch a bot's move told."""
    from textual.screen import Screen

    from parlour.services.seats import Seat
    from parlour.tui.widgets.log import GameLog

    from .driving import app_for, settle

    app = app_for([Seat("You", None, "red"), Seat("Odie", "random", "blue")], seed=2, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        layouts = []
        lay_out = Screen._refresh_layout
        monkeypatch.setattr(
            Screen, "_refresh_layout", lambda screen, *a, **k: layouts.append(1) or lay_out(screen, *a, **k)
        )
        for batch in range(30):
            log.tell([f"move {batch}", "what it led to"], False)
            await settle(pilot)
        assert layouts == []
        rows = log.virtual_size.height
        assert rows > log.scrollable_content_region.height and log.scroll_y == log.max_scroll_y
        assert log.vertical_scrollbar.window_virtual_size == rows  # the scrollbar's thumb follows
        shown = ["".join(segment.text for segment in log.render_line(y)).strip() for y in range(log.size.height)]
        assert shown[-2:] == ["move 29", "what it led to"]  # the end in view
