"""The footer of the table: the live keys on one line. Unlike Textual's Footer it does not
rebuild itself from widgets when the bindings are refreshed: it draws one line of text, and only
when that text changes (most key presses change none of it, and a cursor move must cost a few
hundred bytes, not a repainted footer and the layout that comes with it)."""

from __future__ import annotations

from rich.text import Text
from textual.widgets import Static


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $footer-background; text-wrap: nowrap;
             text-overflow: clip; }
    """

    def __init__(self, **kw):
        super().__init__("", **kw)
        self._shown = ""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def _bindings_changed(self, _screen=None) -> None:
        text = Text(no_wrap=True, overflow="crop")
        shown: set[str] = set()
        for _node, binding, enabled, _tip in self.screen.active_bindings.values():
            if not binding.show or not enabled or binding.action in shown:
                continue
            shown.add(binding.action)  # one entry per action (1-9 is one key group)
            text.append(f" {self.app.get_key_display(binding)} ", style="bold yellow")
            text.append(f"{binding.description} ")
        if text.markup != self._shown:
            self._shown = text.markup
            self.update(text, layout=False)
