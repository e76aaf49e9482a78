"""The game's log: what happened, newest last. It follows the end as lines come, unless the
player has scrolled back to read (then new lines wait below until they go back to the end), and
it stays at the end when the terminal is resized."""

from __future__ import annotations

from textual.widgets import RichLog

from parlour.words.i18n import asciify


class GameLog(RichLog):
    can_focus = False  # the keys belong to the game; the screen's log keys scroll it

    def __init__(self, **kw):
        super().__init__(max_lines=500, wrap=True, markup=False, min_width=20, **kw)
        self.reading = False  # scrolled back by the player: new lines do not pull the view down

    def tell(self, lines: list[str], ascii_only: bool) -> None:
        """Add lines; the view stays where the player left it when they are reading back."""
        if not lines:
            return
        # One write for the batch (one measure, one new size), and the scroll to the end in the
        # same screen update (RichLog's own scroll waits for the next refresh: a second update).
        text = "\n".join(lines)
        self.write(asciify(text) if ascii_only else text, scroll_end=False)
        if not self.reading:
            self.scroll_end(animate=False, immediate=True, x_axis=False)

    def page(self, step: int) -> None:
        """PageUp/PageDown: a page back or on; reaching the end follows the game again."""
        self.scroll_to(y=self.scroll_y + step * max(1, self.scrollable_content_region.height - 1),
                       animate=False, immediate=True)
        self.reading = self.scroll_y < self.max_scroll_y

    def to_start(self) -> None:
        self.scroll_home(animate=False, immediate=True)
        self.reading = self.max_scroll_y > 0

    def to_end(self) -> None:
        self.reading = False
        self.scroll_end(animate=False, immediate=True)

    def on_resize(self) -> None:
        """A new size re-wraps the lines: keep showing the end unless the player is reading back."""
        if not self.reading:
            self.call_after_refresh(self.scroll_end, animate=False, immediate=True)
