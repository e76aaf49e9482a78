"""The base of every game's board: a fixed-size widget drawn row by row with the Line API.

A game's board sets WIDTH and HEIGHT, keeps what it shows in reactive vars whose watchers
refresh only the regions that changed, and implements `show(view, dice)` and `render_line(y)`."""

from __future__ import annotations

from typing import Any

from rich.style import Style
from textual.geometry import Region, Size
from textual.message import Message
from textual.strip import Strip
from textual.widget import Widget


class LineBoard(Widget):
    WIDTH = HEIGHT = 0

    def __init__(
        self,
        marks: list[str],
        colours: list[str],
        ascii_only: bool = False,
        names: tuple[str, ...] | None = None,
        **kw: Any,
    ) -> None:
        super().__init__(**kw)
        self.names = names  # the players as the table tells them (the one at the keyboard a You)
        self.marks = marks  # each seat's pawn letter
        self.colours = colours
        self.pawn_styles = [Style(color=c, bold=True) for c in colours]
        self.ascii_only = ascii_only

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.WIDTH

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.HEIGHT

    def render_lines(self, crop: Region) -> list[Strip]:
        """The rows as the game draws them; in ASCII mode any sign a game's words let through
        (a separator, an accented name) becomes plain ASCII, cell for cell."""
        strips = super().render_lines(crop)
        if not self.ascii_only:
            return strips
        from rich.segment import Segment
        from textual.strip import Strip

        from parlour.services.words.i18n import asciify

        return [
            strip
            if strip.text.isascii()
            else Strip([Segment(asciify(s.text), s.style, s.control) for s in strip], strip.cell_length)
            for strip in strips
        ]

    def show(self, view: Any, dice: tuple[int, ...]) -> None:
        """Update from a view (and the last dice rolled)."""
        raise NotImplementedError


class Loop(tuple):
    """The geometry of a loop board of 40 spaces (11 along the top, 9 down each side, 11 along
    the bottom) sized to the room it gets: `cell` columns per top/bottom space, `corner` columns
    per corner and side space, `edge` lines per top/bottom space (its label lines, then its pawn
    line) and `side` lines per side space. The smallest (59 x 13) is the 80x24 board."""

    __slots__ = ()

    def __new__(cls, cell: int = 5, corner: int = 7, edge: int = 2, side: int = 1) -> Loop:
        return super().__new__(cls, (cell, corner, edge, side))

    cell = property(lambda self: self[0])
    corner = property(lambda self: self[1])
    edge = property(lambda self: self[2])
    side = property(lambda self: self[3])
    width = property(lambda self: 9 * self[0] + 2 * self[1])
    height = property(lambda self: 2 * self[2] + 9 * self[3])
    inner_x = property(lambda self: self[1])
    inner_y = property(lambda self: self[2])
    inner_w = property(lambda self: 9 * self[0])
    inner_h = property(lambda self: 9 * self[3])

    @property
    def big(self) -> bool:
        """Roomier than the smallest board: the spaces have room for names."""
        return self != Loop()

    def cells(self) -> list[tuple[int, int, int, int]]:
        """(x, y, width, lines) of each space: 0-10 along the top, 11-19 down the right side,
        20-30 back along the bottom (right to left), 31-39 up the left side."""
        cell, corner, edge, side = self
        xs = [0] + [corner + i * cell for i in range(9)] + [corner + 9 * cell]
        widths = [corner] + [cell] * 9 + [corner]
        out = [(xs[i], 0, widths[i], edge) for i in range(11)]
        out += [(self.width - corner, edge + side * r, corner, side) for r in range(9)]
        out += [(xs[10 - i], self.height - edge, widths[10 - i], edge) for i in range(11)]
        out += [(0, self.height - edge - side * (r + 1), corner, side) for r in range(9)]
        return out


def fit_loop(width: int, height: int) -> Loop:
    """The roomiest loop board within `width` x `height`, leaving at least 8 lines of `height`
    for the log under it; the smallest board when nothing bigger fits."""
    cell = max(5, min(12, (width - 4) // 11))
    if cell == 5:
        return Loop()
    corner = max(cell + 2, min((width - 9 * cell) // 2, cell + 8))
    for edge, side in ((3, 2), (3, 1)):
        if height - (2 * edge + 9 * side) >= 8:
            return Loop(cell, corner, edge, side)
    return Loop()


def label_lines(names: list[str], width: int, lines: int) -> list[str] | None:
    """The first of `names` that fits in `lines` lines of `width` (words kept whole), wrapped."""
    import textwrap

    for name in names:
        wrapped = textwrap.wrap(name, width, break_long_words=False) or [""]
        if len(wrapped) <= lines and all(len(w) <= width for w in wrapped):
            return wrapped
    return None


class LoopBoard(LineBoard):
    """A loop board that takes the room it gets: as wide as its place (CSS `width: 1fr`), as high
    as `fit_loop` finds room for; the smallest loop (59 x 13) at 80x24. `self.loop` is the geometry
    now and `self.spaces` each space's (x, y, width, lines) in it."""

    class Refitted(Message):
        """The board changed its geometry (the table may tell less beside it: its squares name
        themselves)."""

    def __init__(self, *args: Any, **kw: Any) -> None:
        super().__init__(*args, **kw)
        self.loop = Loop()
        self.spaces = self.loop.cells()

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return max(self.loop.width, container.width)

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        self._fit(fit_loop(width, container.height - self._fixed_beside()))
        return self.loop.height

    def _fixed_beside(self) -> int:
        """The lines the board's neighbours in its column take whatever happens (a replay's chart
        of fixed height): the log under the board gets its lines after them."""
        taken = 0
        for widget in self.parent.children if self.parent is not None else ():
            height = widget.styles.height
            if (
                widget is not self
                and widget.display
                and widget.styles.layer in ("", "default")
                and height is not None
                and height.is_cells
            ):
                taken += int(height.value)
        return taken

    def _fit(self, loop: Loop) -> None:
        if loop != self.loop:
            self.loop, self.spaces = loop, loop.cells()
            self.refit()
            self.refresh()
            self.post_message(self.Refitted())

    def refit(self) -> None:
        """The geometry changed: a game redoes what depends on it (its middle's lines, its panels)."""
