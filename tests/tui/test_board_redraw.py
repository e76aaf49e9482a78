"""The Garfield and Filmis boards redraw only the rows a change touches (Line API + partial refresh)."""

from textual.app import App, ComposeResult

from parlour.games.filmis.table import FilmisBoard
from parlour.games.garfield.table import CELLS, GarfieldBoard
from parlour.rules.table import Table


class BoardOnly(App):
    """The board alone, in the 59 columns it has on the 80x24 table (or in all the room)."""

    def __init__(self, width: int | None = 59):
        super().__init__()
        self.rows: list[int] = []
        self.width = width

    def compose(self) -> ComposeResult:
        board = CountingBoard(["A", "B"], ["red", "blue"])
        if self.width:
            board.styles.width = self.width
        yield board


class Counting:
    """A board that notes each row it draws in its app's `rows`."""

    def render_line(self, y):
        self.app.rows.append(y)
        return super().render_line(y)


class CountingBoard(Counting, GarfieldBoard):
    pass


async def test_a_pawn_move_redraws_only_the_rows_of_the_two_spaces():
    view = Table.new("garfield", ["Ann", "Bob"], seed=1).view(0)
    app = BoardOnly()
    async with app.run_test(size=(80, 24)) as pilot:
        board = app.query_one(CountingBoard)
        board.show(view, (3, 4))
        await pilot.pause()
        assert set(app.rows) == set(range(13))  # the first paint draws every row
        app.rows.clear()
        board.show(view._replace(positions=(9, 0)), (3, 4))  # Ann moves along the top row
        await pilot.pause()
        assert set(app.rows) == {0, 1}  # the top row's two lines, nothing else
        app.rows.clear()
        board.show(view._replace(positions=(9, 15)), (3, 4))  # Bob to a right-side space
        await pilot.pause()
        assert set(app.rows) == {0, 1, CELLS[15][1]}
        app.rows.clear()
        board.show(view._replace(positions=(9, 15)), (6, 6))  # only the dice line changes
        await pilot.pause()
        assert len(set(app.rows)) == 1


async def test_a_grown_board_still_redraws_only_the_lines_of_the_two_spaces():
    view = Table.new("garfield", ["Ann", "Bob"], seed=1).view(0)
    app = BoardOnly(width=None)
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(CountingBoard)
        board.show(view, (3, 4))
        await pilot.pause()
        assert board.loop.big and board.size.height > 13
        app.rows.clear()
        board.show(view._replace(positions=(9, 15)), (3, 4))  # Ann along the top, Bob down the right
        await pilot.pause()
        x, y, w, lines = board.spaces[15]
        top = board.loop.edge
        assert set(app.rows) == set(range(top)) | set(range(y, y + lines))
        app.rows.clear()
        board.show(view._replace(positions=(9, 15)), (6, 6))  # only the dice line changes
        await pilot.pause()
        assert len(set(app.rows)) == 1


class FilmisOnly(App):
    """The Filmis board alone, in all the room it gets."""

    def __init__(self):
        super().__init__()
        self.rows: list[int] = []

    def compose(self) -> ComposeResult:
        yield CountingFilmisBoard(["A", "B"], ["red", "blue"])


class CountingFilmisBoard(Counting, FilmisBoard):
    pass


async def test_a_grown_filmis_board_redraws_only_the_lines_of_the_squares_that_changed():
    view = Table.new("filmis", ["Ann", "Bob"], seed=1).view(0)
    app = FilmisOnly()
    async with app.run_test(size=(120, 40)) as pilot:
        board = app.query_one(CountingFilmisBoard)
        board.show(view, (1, 3))
        await pilot.pause()
        geo = board.geo
        assert geo.big and board.size.height == geo.height > 13
        assert set(view.positions) <= {0, 12}, view.positions  # both in their nests, on the top row
        app.rows.clear()
        board.show(view._replace(positions=(5, 15)), (1, 3))  # Ann along the top, Bob down the right
        await pilot.pause()
        assert set(app.rows) == set(range(geo.label + 1)) | {board.squares[15][1]}
        app.rows.clear()
        board.show(view._replace(positions=(5, 15)), (2, 6))  # only the dice line changes
        await pilot.pause()
        assert len(set(app.rows)) == 1
