"""The base of every game's board: a fixed-size widget drawn row by row with the Line API.

A game's board sets WIDTH and HEIGHT, keeps what it shows in reactive vars whose watchers
refresh only the regions that changed, and implements `show(view, dice)` and `render_line(y)`."""

from __future__ import annotations

from rich.style import Style
from textual.geometry import Size
from textual.widget import Widget


class LineBoard(Widget):
    WIDTH = HEIGHT = 0

    def __init__(self, marks: list[str], colours: list[str], ascii_only: bool = False,
                 names: tuple[str, ...] | None = None, **kw):
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

    def render_lines(self, crop):
        """The rows as the game draws them; in ASCII mode any sign a game's words let through
        (a separator, an accented name) becomes plain ASCII, cell for cell."""
        strips = super().render_lines(crop)
        if not self.ascii_only:
            return strips
        from rich.segment import Segment
        from textual.strip import Strip

        from parlour.words.i18n import asciify

        return [strip if strip.text.isascii() else
                Strip([Segment(asciify(s.text), s.style, s.control) for s in strip], strip.cell_length)
                for strip in strips]

    def show(self, view, dice: tuple[int, ...]) -> None:
        """Update from a view (and the last dice rolled)."""
        raise NotImplementedError
