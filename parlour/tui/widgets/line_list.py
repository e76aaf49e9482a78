"""A list of one-line choices with a cursor and a few notes under it, drawn line by line: the
served lobby's tables, what the server tells you, and the keys.

Textual's OptionList does much more (scrollbars, mouse hover, separators, a cache per option), and
the lobby is the first screen of every served player: when many connect at once, each widget's
start is paid by everyone waiting (the OptionList and the notes' Static were a quarter of an app's
start). This widget keeps its rows and notes as text, wraps a line that is too long as Rich wraps
text, and draws only the lines in view. At most `most_rows` lines of rows are shown; the cursor's
row is always among them (there is no scrollbar: the cursor keys scroll). The notes stay in view
below the rows, after a blank line."""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from rich.cells import cell_len
from rich.segment import Segment
from textual.binding import Binding
from textual.geometry import Size
from textual.strip import Strip
from textual.widget import Widget

from .log import rows_of


class Row(NamedTuple):
    text: str
    key: str | None  # what choosing it means; None: a line to read, not to choose


class Note(NamedTuple):
    text: str
    muted: bool = False


class LineList(Widget, can_focus=True):
    COMPONENT_CLASSES = {"line-list--cursor", "line-list--disabled", "line-list--muted"}
    DEFAULT_CSS = """
    LineList { height: auto; background: $surface; }
    LineList > .line-list--cursor { color: $block-cursor-blurred-foreground;
        background: $block-cursor-blurred-background; text-style: $block-cursor-blurred-text-style; }
    LineList:focus > .line-list--cursor { color: $block-cursor-foreground; background: $block-cursor-background;
        text-style: $block-cursor-text-style; }
    LineList > .line-list--disabled { color: $text-disabled; }
    LineList > .line-list--muted { color: $text-muted; }
    """
    BINDINGS = [
        Binding("down", "move(1)", show=False),
        Binding("up", "move(-1)", show=False),
        Binding("pagedown", "page(1)", show=False),
        Binding("pageup", "page(-1)", show=False),
        Binding("home", "move(-1000000)", show=False),
        Binding("end", "move(1000000)", show=False),
    ]

    def __init__(
        self, rows: Iterable[Row] = (), notes: Iterable[Note] = (), *, most_rows: int = 1000, id: str | None = None
    ):
        super().__init__(id=id)
        self.rows: list[Row] = list(rows)
        self.notes: list[Note] = list(notes)
        self.most_rows = most_rows
        self.cursor: int | None = next((i for i, row in enumerate(self.rows) if row.key is not None), None)
        self.top = 0  # the first line of rows in view
        self._lines: list[tuple[int, str]] = []  # (row, text) of each line of rows at `_width`
        self._note_lines: list[tuple[int, str]] = []  # (note, text) of each line of notes
        self._width = -1

    # ---- what the list holds -----------------------------------------------------------------

    def show(self, rows: list[Row]) -> None:
        """New rows; the cursor stays at its place (within the new rows)."""
        if list(rows) == self.rows:
            return
        at = self.cursor
        self.rows = list(rows)
        choices = self._choices()
        self.cursor = None if not choices else min(choices, key=lambda i: abs(i - (at or 0)))
        self._changed()

    def note(self, notes: list[Note]) -> None:
        """New notes under the rows."""
        if list(notes) != self.notes:
            self.notes = list(notes)
            self._changed()

    def _changed(self) -> None:
        self._width = -1
        if self.is_mounted:  # (before that, the first layout takes the new text as it is)
            self.refresh(layout=True)
            self.call_after_refresh(self._into_view)

    @property
    def chosen(self) -> str | None:
        """The key of the row at the cursor (None when there is nothing to choose)."""
        return None if self.cursor is None else self.rows[self.cursor].key

    def _choices(self) -> list[int]:
        return [i for i, row in enumerate(self.rows) if row.key is not None]

    # ---- keys ----------------------------------------------------------------------------------

    def action_move(self, step: int) -> None:
        choices = self._choices()
        if not choices:
            return
        at = choices.index(self.cursor) if self.cursor in choices else 0
        cursor, self.cursor = self.cursor, choices[max(0, min(len(choices) - 1, at + step))]
        if not self._into_view() and self.cursor != cursor:
            self.refresh()  # the same lines in view, the cursor on another

    def action_page(self, direction: int) -> None:
        self.action_move(direction * max(1, self._window() - 1))

    # ---- layout --------------------------------------------------------------------------------

    def _wrap(self, width: int) -> None:
        if width == self._width:
            return
        self._width = width

        def lines(texts: list[str]) -> list[tuple[int, str]]:
            return [(i, row) for i, text in enumerate(texts) for row in rows_of(text, width, self.app.console)]

        self._lines = lines([row.text for row in self.rows])
        self._note_lines = lines([note.text for note in self.notes])

    def _notes_height(self) -> int:
        return 1 + len(self._note_lines) if self._note_lines else 0

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._wrap(width)
        return min(len(self._lines), self.most_rows) + self._notes_height()

    def _window(self) -> int:
        """How many lines of rows are in view."""
        self._wrap(self.size.width)
        return max(1, min(self.most_rows, self.size.height - self._notes_height()))

    def _into_view(self) -> bool:
        """Scroll so that every line of the cursor's row is in view (redrawn if that scrolled):
        whether it scrolled."""
        height, top = self._window(), self.top
        self.top = min(self.top, max(0, len(self._lines) - height))
        mine = [n for n, (row, _) in enumerate(self._lines) if row == self.cursor]
        if mine and mine[0] < self.top:
            self.top = mine[0]
        elif mine and mine[-1] >= self.top + height:
            self.top = min(mine[0], mine[-1] - height + 1)
        if self.top == top:
            return False
        self.refresh()
        return True

    def on_resize(self) -> None:
        self._into_view()

    # ---- drawing -------------------------------------------------------------------------------

    def render_line(self, y: int) -> Strip:
        width = self.size.width
        window = self._window()
        style = self.rich_style
        text = ""
        if y < window:
            if self.top + y < len(self._lines):
                row, text = self._lines[self.top + y]
                if row == self.cursor:
                    style = self.get_component_rich_style("line-list--cursor")
                elif self.rows[row].key is None:
                    style = self.get_component_rich_style("line-list--disabled")
        elif 0 <= y - window - 1 < len(self._note_lines):
            note, text = self._note_lines[y - window - 1]
            if self.notes[note].muted:
                style = self.get_component_rich_style("line-list--muted")
        return Strip([Segment(text, style)], cell_len(text)).adjust_cell_length(width, style)
