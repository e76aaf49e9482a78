"""The footer of the table: the live keys on one line. Unlike Textual's Footer it does not
rebuild itself from widgets when the bindings are refreshed: it draws one line of text, and only
when that text changes (most key presses change none of it, and a cursor move must cost a few
hundred bytes, not a repainted footer and the layout that comes with it)."""

from __future__ import annotations

from typing import Any

from rich.text import Text
from textual.widgets import Static

from ..keymap import ascii_only as is_ascii_only


class KeyBar(Static):
    DEFAULT_CSS = """
    KeyBar { dock: bottom; height: 1; background: $footer-background; text-wrap: nowrap;
             text-overflow: clip; }
    """

    def __init__(self, **kw: Any) -> None:
        super().__init__("", **kw)
        self._shown = ""

    def on_mount(self) -> None:
        self.screen.bindings_updated_signal.subscribe(self, self._bindings_changed)
        self.call_after_refresh(self._bindings_changed)

    def on_unmount(self) -> None:
        self.screen.bindings_updated_signal.unsubscribe(self)

    def on_resize(self) -> None:
        self._bindings_changed()

    def _entries(self) -> list[tuple[str, str]]:
        """(key, what it does) for each key shown now, one per action; the slot keys that work
        now are one entry ("1-5", "3/6")."""
        from parlour.services.controller import named_together
        from parlour.services.words.i18n import asciify

        ascii_only = is_ascii_only(self.app)
        entries: list[tuple[str, str]] = []
        slots: list[str] = []  # the slot keys that work now
        shown, at = set(), 0
        for _node, binding, enabled, _tip in self.screen.active_bindings.values():
            if not binding.show or not enabled or binding.action in shown:
                continue
            shown.add(binding.action)
            key, label = self.app.get_key_display(binding), binding.description
            key, label = (asciify(key), asciify(label)) if ascii_only else (key, label)
            if (binding.id or "").startswith("slot_"):
                at = at if slots else len(entries)
                slots.append(key)
                if len(slots) > 1:
                    continue
            entries.append((key, label))
        if slots:
            entries[at] = (named_together(slots), entries[at][1])
        return entries

    def _bindings_changed(self, _screen: object = None) -> None:
        text = fitted(self._entries(), self.size.width or self.app.size.width)
        if text.markup != self._shown:
            self._shown = text.markup
            self.update(text, layout=False)


SHORTEST = 4  # letters of a label the crowded bar keeps at least


def first_word(label: str) -> str:
    """A label cut to its first word, without the comma or sign that joined it to the rest
    ("Save, quit" -> "Save")."""
    return label.split(" ")[0].rstrip(",;:&·/")


def fitted(entries: list[tuple[str, str]], width: int) -> Text:
    """The entries on one line of `width` cells: spaced out when there is room, closer when
    not, then labels cut to their first word one at a time (first those that then read as their
    neighbour's, "w/e Wheel", then the longest) until the line fits, then to their first letters
    as a last resort; never an entry cut in half."""
    from rich.cells import cell_len

    def size(listed: list[tuple[str, str]], key_form: str) -> int:
        return sum(cell_len(key_form.format(key=k)) + cell_len(f"{text} ") for k, text in listed)

    listed, key_form = entries, " {key} "
    if size(listed, key_form) > width - 1:
        key_form = "{key} "
    while size(listed, key_form) > width - 1:
        cuttable = [i for i, (_, label) in enumerate(listed) if first_word(label) != label]
        if not cuttable:  # the last resort (Swedish in ASCII, every key live): four letters of each word
            listed = [(key, label[:SHORTEST]) for key, label in listed]
            break
        cut = min(cuttable, key=lambda i: (not _joins(listed, i), -cell_len(listed[i][1]), i))
        word = first_word(listed[cut][1])  # (and the neighbours it then reads as, to join them)
        listed = _merged(
            [
                (key, word if i == cut or (abs(i - cut) == 1 and first_word(label) == word) else label)
                for i, (key, label) in enumerate(listed)
            ]
        )
    text = Text(no_wrap=True, overflow="crop")
    for key, label in listed:
        text.append(key_form.format(key=key), style="bold yellow")
        text.append(f"{label} ")
    return text


def _joins(listed: list[tuple[str, str]], i: int) -> bool:
    """True when entry i, cut to its first word, reads as a neighbour's (cut or not)."""
    word = first_word(listed[i][1])
    return any(0 <= j < len(listed) and first_word(listed[j][1]) == word for j in (i - 1, i + 1))


def _merged(entries: list[tuple[str, str]]) -> list[tuple[str, str]]:
    """Neighbours with the same label as one entry, their keys joined: "w/e Wheel"."""
    merged: list[tuple[str, str]] = []
    for key, label in entries:
        if merged and merged[-1][1] == label:
            merged[-1] = (f"{merged[-1][0]}/{key}", label)
        else:
            merged.append((key, label))
    return merged
