"""The served lobby's list of tables (tui/widgets/line_list.py): cursor, keys, wrapping, scrolling."""

from __future__ import annotations

from textual.app import App
from textual.strip import Strip

from parlour.tui.widgets.line_list import LineList, Note, Row


class ListApp(App):
    CSS = "LineList { width: 24; padding: 0 1; }"

    def __init__(self, rows, notes=(), most_rows=4):
        super().__init__()
        self.rows, self.notes, self.most_rows = rows, notes, most_rows

    def compose(self):
        yield LineList(self.rows, self.notes, most_rows=self.most_rows, id="list")


def _drawn(widget: LineList) -> list:
    """The widget's lines as the screen now shows them (not as it would draw them if asked:
    a change that is not redrawn must show here)."""
    strips = widget.app.screen._compositor.render_update(full=True).strips
    region = widget.content_region
    return [Strip.join(strips[y]).crop(region.x, region.right) for y in range(region.y, region.bottom)]


def shown(widget: LineList) -> list[str]:
    return [line.text.rstrip() for line in _drawn(widget)]


def cursor_lines(widget: LineList) -> list[str]:
    """The lines drawn in the cursor's style."""
    style = widget.get_component_rich_style("line-list--cursor")
    return [line.text.rstrip() for line in _drawn(widget) if any(seg.style == style for seg in line)]


ROWS = [Row(f"table {n}", str(n)) for n in range(1, 8)]


async def test_the_cursor_moves_over_the_rows_and_stays_within_them():
    app = ListApp(ROWS)
    async with app.run_test() as pilot:
        widget = app.query_one(LineList)
        widget.focus()
        assert widget.chosen == "1" and cursor_lines(widget) == ["table 1"]
        await pilot.press("down", "down")
        assert widget.chosen == "3" and cursor_lines(widget) == ["table 3"]
        await pilot.press("up", "up", "up")
        assert widget.chosen == "1"
        await pilot.press("end")
        assert widget.chosen == "7"
        await pilot.press("down")
        assert widget.chosen == "7"
        await pilot.press("home")
        assert widget.chosen == "1"


async def test_the_cursor_row_is_always_in_view():
    app = ListApp(ROWS)
    async with app.run_test() as pilot:
        widget = app.query_one(LineList)
        widget.focus()
        await pilot.pause()
        assert widget.size.height == 4 and shown(widget) == ["table 1", "table 2", "table 3", "table 4"]
        await pilot.press("down", "down", "down", "down", "down")  # to table 6: the view follows
        assert shown(widget)[-1] == "table 6" and cursor_lines(widget) == ["table 6"]
        await pilot.press("home")
        assert shown(widget)[0] == "table 1"
        await pilot.press("pagedown")
        assert widget.chosen == "4" and "table 4" in shown(widget)


async def test_a_line_to_read_cannot_be_chosen():
    app = ListApp([Row("No tables yet", None)])
    async with app.run_test() as pilot:
        widget = app.query_one(LineList)
        widget.focus()
        await pilot.press("down")
        assert widget.chosen is None and cursor_lines(widget) == []
        assert shown(widget) == ["No tables yet"]


async def test_a_long_row_wraps_and_is_chosen_whole():
    rows = [Row("table 1", "1"), Row("table 2 with Ann, Bob and Cid waiting", "2")]
    app = ListApp(rows)
    async with app.run_test() as pilot:
        widget = app.query_one(LineList)
        widget.focus()
        await pilot.pause()
        assert shown(widget) == ["table 1", "table 2 with Ann, Bob", "and Cid waiting"]  # 22 cells inside
        await pilot.press("down")
        assert cursor_lines(widget) == ["table 2 with Ann, Bob", "and Cid waiting"]


async def test_new_rows_keep_the_cursor_at_its_place():
    app = ListApp(ROWS)
    async with app.run_test() as pilot:
        widget = app.query_one(LineList)
        widget.focus()
        await pilot.press("down", "down")
        widget.show(ROWS[:5] + [Row("table 9", "9")])
        await pilot.pause()
        assert widget.chosen == "3"
        widget.show(ROWS[:2])  # the cursor's row is gone: the nearest one
        await pilot.pause()
        assert widget.chosen == "2" and shown(widget) == ["table 1", "table 2"]
        widget.show([Row("No tables yet", None)])
        await pilot.pause()
        assert widget.chosen is None


async def test_the_notes_stay_under_the_rows_while_they_scroll():
    notes = [Note("You have a seat."), Note("up/down choose · Enter sit", muted=True)]
    app = ListApp(ROWS, notes, most_rows=3)
    async with app.run_test() as pilot:
        widget = app.query_one(LineList)
        widget.focus()
        await pilot.pause()
        assert shown(widget) == [
            "table 1",
            "table 2",
            "table 3",
            "",
            "You have a seat.",
            "up/down choose · Enter",
            "sit",
        ]
        await pilot.press("end")
        assert shown(widget) == [
            "table 5",
            "table 6",
            "table 7",
            "",
            "You have a seat.",
            "up/down choose · Enter",
            "sit",
        ]
        muted = widget.get_component_rich_style("line-list--muted")
        assert [seg.style for seg in widget.render_line(5)] == [muted]
        widget.note([notes[1]])
        await pilot.pause()
        assert shown(widget)[3:] == ["", "up/down choose · Enter", "sit"]


async def test_a_short_screen_shows_fewer_rows_and_every_note():
    app = ListApp(ROWS, [Note("You have a seat.")], most_rows=14)
    async with app.run_test(size=(30, 6)) as pilot:
        widget = app.query_one(LineList)
        widget.styles.max_height = "100%"
        widget.focus()
        await pilot.pause()
        assert shown(widget) == ["table 1", "table 2", "table 3", "table 4", "", "You have a seat."]
        await pilot.press("down", "down", "down", "down")
        assert shown(widget)[:4] == ["table 2", "table 3", "table 4", "table 5"] and widget.chosen == "5"


async def test_the_screen_follows_when_new_rows_or_a_resize_scroll_the_list():
    # the view scrolls to keep the cursor's row in it: what the screen shows must scroll too
    app = ListApp(ROWS)
    async with app.run_test(size=(30, 12)) as pilot:
        widget = app.query_one(LineList)
        widget.focus()
        await pilot.press("down", "down")  # table 3, the view still at the top
        widget.show([Row("table 1 with a very long name that wraps twice over", "1")] + ROWS[1:])
        await pilot.pause()
        assert widget.chosen == "3" and "table 3" in shown(widget) and cursor_lines(widget) == ["table 3"]
    app = ListApp(ROWS, most_rows=14)
    async with app.run_test(size=(30, 12)) as pilot:
        widget = app.query_one(LineList)
        widget.styles.max_height = "100%"
        widget.focus()
        await pilot.press("end")
        await pilot.resize_terminal(30, 5)
        await pilot.pause()
        assert shown(widget)[-1] == "table 7" and cursor_lines(widget) == ["table 7"]
