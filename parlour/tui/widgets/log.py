"""The game's log: what happened, newest last. It follows the end as lines come, unless the
player has scrolled back to read (then new lines wait below until they go back to the end), and
it stays at the end when the terminal is resized.

Drawn with the Line API: it keeps the told lines as text and wraps them for its width when the
width is known or changes (a line that fits takes one row and costs nothing; a longer one is
wrapped as Rich wraps it, so rows read as a RichLog's did), and draws only the rows in view.
A long game's screen therefore opens without rendering hundreds of lines through Rich."""

from __future__ import annotations

from typing import Any

from rich.cells import cell_len
from rich.console import Console
from rich.segment import Segment
from rich.text import Text
from textual.geometry import Size
from textual.message import Message
from textual.scroll_view import ScrollView
from textual.strip import Strip

from parlour.compat.textual import scroll_extent_in_place
from parlour.services.words.i18n import asciify


def rows_of(line: str, width: int, console: Console) -> list[str]:
    """The rows one line makes at `width` cells, as Rich wraps text (a line that fits is its own
    row: only a longer one goes through Rich). The lobby's list wraps its lines so too."""
    if width <= 0 or cell_len(line) <= width:
        return [line]
    return [row.plain for row in Text(line).wrap(console, width)]


def wrapped(lines: list[str], width: int, console: Console, keep: int) -> list[str]:
    """The last `keep` rows `lines` make at `width` cells (`rows_of`)."""
    rows: list[str] = []
    for line in reversed(lines):
        rows += reversed(rows_of(line, width, console))
        if len(rows) >= keep:
            break
    return rows[keep - 1 :: -1] if len(rows) > keep else rows[::-1]


class GameLog(ScrollView):
    class LaidOut(Message):
        """The log knows its size and shows its end: the table is drawn in full."""

    DEFAULT_CSS = """
    GameLog { background: $surface; color: $foreground; overflow-y: scroll; }
    """
    can_focus = False  # the keys belong to the game; the screen's log keys scroll it
    KEEP = 500  # the rows kept (the oldest go first); each told line makes at least one

    def __init__(self, **kw: Any) -> None:
        super().__init__(**kw)
        self.texts: list[str] = []  # the told lines, oldest first (at most KEEP)
        self._rows: list[str] = []  # the rows they wrap to at `_width` (the last KEEP)
        self._width = 0  # 0: not wrapped yet (the width is not known, or lines came since)
        self.reading = False  # scrolled back by the player: new lines do not pull the view down
        self._laid_out = False

    def tell(self, lines: list[str], ascii_only: bool) -> None:
        """Add lines; the view stays where the player left it when they are reading back."""
        if not lines:
            return
        text = "\n".join(lines)
        told = (asciify(text) if ascii_only else text).split("\n")
        self.texts += told
        del self.texts[: -self.KEEP]
        if self._width:
            self._rows += self._wrap(told, self._width)
            del self._rows[: -self.KEEP]
        self._lay_out()

    def clear(self) -> None:
        self.texts, self._rows = [], []
        self._lay_out()
        self.refresh()

    @property
    def lines(self) -> list[Strip]:
        """The rows kept, as drawn (without the padding to the width)."""
        return [Strip([Segment(row)], cell_len(row)) for row in self._rows]

    def _rows_at(self, width: int) -> list[str]:
        if width != self._width:
            self._rows, self._width = self._wrap(self.texts, width), width
        return self._rows

    def _lay_out(self) -> None:
        """The rows for the width (once it is known), and the end in view unless reading."""
        width = self.scrollable_content_region.width
        # Before the first layout the width is not known: one row a line is the likely height
        # (the scrollbar is then right in the first frame); on_resize makes it exact.
        size = Size(0, len(self._rows_at(width)) if width > 0 else len(self.texts))
        if self.virtual_size != size and self._laid_out:
            # Its box stays as it is (the scrollbar is always there): no need to lay the whole
            # screen out again for each line, as setting `virtual_size` would.
            scroll_extent_in_place(self, size)
        elif self.virtual_size != size:
            self.virtual_size = size
        if not self.reading:
            self.scroll_end(animate=False, immediate=True, x_axis=False)
        if width > 0 and not self._laid_out:
            self._laid_out = True
            self.post_message(self.LaidOut())

    def _wrap(self, lines: list[str], width: int) -> list[str]:
        return wrapped(lines, width, self.app.console, self.KEEP)

    def render_line(self, y: int) -> Strip:
        region = self.scrollable_content_region
        rows = self._rows_at(region.width)
        top = self.scroll_offset.y
        if not self.reading and self.virtual_size.height != len(rows):  # laid out next: the end already
            top = max(0, len(rows) - region.height)
        row = rows[top + y] if top + y < len(rows) else ""
        return Strip([Segment(row)], cell_len(row)).adjust_cell_length(region.width).apply_style(self.rich_style)

    def page(self, step: int) -> None:
        """PageUp/PageDown: a page back or on; reaching the end follows the game again."""
        self.scroll_to(
            y=self.scroll_y + step * max(1, self.scrollable_content_region.height - 1), animate=False, immediate=True
        )
        self.reading = self.scroll_y < self.max_scroll_y

    def to_start(self) -> None:
        self.scroll_home(animate=False, immediate=True)
        self.reading = self.max_scroll_y > 0

    def to_end(self) -> None:
        self.reading = False
        self.scroll_end(animate=False, immediate=True)

    def on_resize(self) -> None:
        """A new size re-wraps the lines: keep showing the end unless the player is reading back."""
        self._lay_out()
