"""A corpus of hostile text for issue 28: what a careless or hostile player, file or client may
bring, to be shown as text everywhere (parlour/services/shown.py).

NAMES pass the rules' name check (1 to 24 printable characters), so they reach every screen.
TEXTS are anything else a save, a file name or a client may carry. FILE_NAMES are save names."""

from __future__ import annotations

import os
import unicodedata

NAMES = [
    "[/]",  # closes a markup tag that was never opened: MarkupError
    "[link='x]y",  # a broken link tag
    "[b]Bo[/b]",  # markup that would style, and hide its brackets
    "[@click=app.quit]Q",  # a Textual action link
    "e\u0301\u0301\u0301x",  # combining marks piled on a letter
    "\u0301Cid",  # a combining mark with nothing before it
    "山田太郎",  # wide characters: two cells each
    "Ann\\x1b",  # a backslash that looks like an escape
]
TEXTS = [
    "\x1b[2J\x1b[31mred",  # clear the screen, change colours
    "a\nb\rc\td",  # line breaks and a tab
    "\u202eevil\u202c",  # a bidi override reversing what follows
    "zero\u200bwidth\u2066iso\u2069",
    "nul\x00del\x7fcsi\x9b",  # NUL, DEL and the 8-bit CSI
    "line\u2028para\u2029",
    *NAMES,
]
FILE_NAMES = [
    "esc\x1b[2J\x1b[31m.jsonl",
    "[link='x]y.jsonl",
    "[@click=app.quit]q[b].jsonl",  # no "/" in a file name: markup that needs none
    "\u202egnp.exe.jsonl",
    os.fsdecode(b"caf\xe9-\xfe\xff.jsonl"),  # not UTF-8: a byte the file system gives as is
    "wide-山田.jsonl",
]

_RAW = {"Cc", "Cf", "Cs", "Zl", "Zp"}


def raw_controls(text: str) -> list[str]:
    """The characters of `text` that would act on a terminal or a layout if shown as they are
    (the line ends a program writes itself are not counted)."""
    return [ch for ch in text if ch != "\n" and unicodedata.category(ch) in _RAW]
