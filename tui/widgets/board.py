"""The base of every game's board: a fixed-size widget drawn row by row with the Line API.

A game's board sets WIDTH and HEIGHT, keeps what it shows in reactive vars whose watchers
refresh only the regions that changed, and implements `show(view, dice)` and `render_line(y)`."""

from __future__ import annotations

from rich.style import Style
from textual.geometry import Size
from textual.widget import Widget


class LineBoard(Widget):
    WIDTH = HEIGHT = 0

    def __init__(self, marks: list[str], colours: list[str], ascii_only: bool = False, **kw):
        super().__init__(**kw)
        self.marks = marks  # each seat's pawn letter
        self.colours = colours
        self.pawn_styles = [Style(color=c, bold=True) for c in colours]
        self.ascii_only = ascii_only

    def get_content_width(self, container: Size, viewport: Size) -> int:
        return self.WIDTH

    def get_content_height(self, container: Size, viewport: Size, width: int) -> int:
        return self.HEIGHT

    def show(self, view, dice: tuple[int, ...]) -> None:
        """Update from a view (and the last dice rolled)."""
        raise NotImplementedError
