"""The progress bar of the long commands (`parlour simulate`, `parlour replay --text --analysis`):
drawn on stderr, and only when stderr is a terminal (Rich is imported only then)."""

from __future__ import annotations

import sys
from collections.abc import Callable, Iterator
from contextlib import contextmanager


class Steps:
    """How many steps are done, shown on the bar if there is one."""

    def __init__(self, show: Callable[[int], object] = lambda done: None):
        self.show = show
        self.count = 0

    def done(self, count: int) -> None:
        self.count = count
        self.show(count)

    def advance(self) -> None:
        self.done(self.count + 1)


@contextmanager
def progress(description: str, total: int, shown: bool = True) -> Iterator[Steps]:
    """Steps of a task of `total` steps, with a bar on stderr while it runs if `shown` and stderr
    is a terminal."""
    if not (shown and sys.stderr.isatty()):
        yield Steps()
        return
    from rich.console import Console
    from rich.progress import BarColumn, MofNCompleteColumn, Progress, TextColumn, TimeRemainingColumn

    with Progress(
        TextColumn("{task.description}"),
        BarColumn(),
        MofNCompleteColumn(),
        TimeRemainingColumn(),
        console=Console(stderr=True),
        transient=True,
    ) as bar:
        task = bar.add_task(description, total=total)
        yield Steps(lambda done: bar.update(task, completed=done))
