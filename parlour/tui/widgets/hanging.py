"""Text whose wrapped lines keep their indent: a line that begins with spaces wraps to rows
indented as far, and two more (a hanging indent), so a wrapped breakdown still reads as part of
the block above it. The players panel and the results use it, at their width."""

from __future__ import annotations

from rich.cells import cell_len
from rich.console import Console
from rich.text import Text

MORE = 2  # a continued row is indented this much further than its line


def hang(text: Text, width: int, console: Console, more: int = MORE) -> Text:
    """`text` wrapped at `width` cells, each line's continued rows indented past its start."""
    rows: list[Text] = []
    for line in text.split("\n", allow_blank=True):
        plain = line.plain
        indent = len(plain) - len(plain.lstrip(" "))
        if width <= 0 or cell_len(plain) <= width:
            rows.append(line)
            continue
        body = line[indent:]
        room = max(1, width - indent - more)
        for i, row in enumerate(body.wrap(console, room, overflow="fold")):
            row.rstrip()
            rows.append(Text(" " * (indent if i == 0 else indent + more)) + row)
    return Text("\n").join(rows)
