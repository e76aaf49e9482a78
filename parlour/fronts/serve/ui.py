"""One SSH session's Parlour app, run inside the server process.

Each session's app runs in its own asyncio task, made from the session's task after the player's
language is set, so the app, its driver and everything it starts share that one context (the
language, Textual's active app). The app draws on a `ChannelDriver` bound to the session's SSH
channel and talks to the lobby through a `Link` of two queues (the typed messages of
parlour/services/wire.py, never the player's terminal).

A failing app ends only its own session: Textual catches what a handler raises and exits the
app; the traceback goes to the server log (the app's error console is a buffer), never to the
player, who is told in one sentence."""

from __future__ import annotations

import asyncio
import gc
import io
import logging
import sys
from collections.abc import Callable
from typing import TYPE_CHECKING, Any

from rich.console import Console

from parlour.compat.textual import capture_output_into, keep_parts_at_close, share_parsed_css

from .channel import Channel, ChannelDriver
from .cpu import METER

if TYPE_CHECKING:
    from parlour.services.wire import Listing, ToServer
    from parlour.tui.remote import RemoteApp

log = logging.getLogger("parlour.fronts.serve")

EXIT_GRACE = 3.0  # seconds an app has to close after it is asked to, before its task is cancelled


def warm_up() -> Callable[[], None]:
    """Import what every session's app needs once, when the server starts (not at a connect),
    make the scrollbars' ASCII mode per app, and let the apps share their parsed CSS. Returns
    what puts Textual's scrollbar renderer back as it was, for when the server stops."""
    from textual.scrollbar import ScrollBar

    import parlour.tui.remote  # noqa: F401
    from parlour.tui.app import per_app_scrollbars
    from parlour.tui.games import Presenter  # noqa: F401
    from parlour.tui.screens import game, lobby  # noqa: F401

    share_parsed_css()
    previous = ScrollBar.renderer
    per_app_scrollbars()
    thresholds = gc.get_threshold()
    collect_less_often()

    def cool_down() -> None:
        ScrollBar.renderer = previous
        gc.set_threshold(*thresholds)
        gc.unfreeze()  # what was frozen may be collected again (a process that serves again)

    return cool_down


# Python's are (700, 10, 10). No full collection of Python's own (the third): one walks every
# player's objects while everyone waits; the server's give-back passes freeze what lives on and
# collect in full only when nobody is connected (parlour/fronts/serve/memory.py, issue 41).
GC_THRESHOLDS = (5000, 20, 1_000_000_000)


def collect_less_often() -> None:
    """The server keeps every player's app, so its heap is large and long-lived, and each start
    makes tens of thousands of objects: with Python's thresholds a burst of 49 starts spent 0.5 s
    (a quarter of its CPU) in cyclic collections walking the same old objects. What the start
    imported is frozen (never walked again) and the young generations are collected less often
    (`GC_THRESHOLDS`: 0.14 s for the same burst; a few MB more garbage held between collections),
    the old one never by Python itself (memory.py's passes do it)."""
    gc.collect()
    gc.freeze()
    gc.set_threshold(*GC_THRESHOLDS)


class Ui:
    """A session's app: started by `start`, ended by `close` (on every path, once)."""

    def __init__(
        self,
        name: str,
        channel: Channel,
        lang: str,
        ascii_only: bool,
        env: dict[str, str],
        to_server: Callable[[ToServer], None],
    ):
        from parlour.tui.remote import Link

        self.name, self.channel = name, channel
        self.lang, self.ascii_only, self.env = lang, ascii_only, env
        self.link = Link(to_server)
        self.app: RemoteApp | None = None
        self.task: asyncio.Task[Any] | None = None
        self.errors = io.StringIO()
        self.closed = False
        # the app's own objects, kept as it closes (`_kept`), and once it has closed cleanly
        # (`parts`) handed over to have their cycles broken (parlour/fronts/serve/memory.py), so
        # that no full collection is needed to free it
        self._kept: list[object] = []
        self.parts: list[object] = []

    def start(self, lobby: Listing | None = None) -> asyncio.Task[Any]:
        """Make the app and run it in a task of its own (its context: a copy of the caller's), and
        return that task (also `task`). `lobby` is the lobby's listing for this player, for
        the app's first frame."""
        from parlour.tui.remote import make_remote_app

        self.app = app = make_remote_app(
            self.lang, self.link, ascii_only=self.ascii_only, environ=self.env, lobby=lobby
        )
        app.channel = self.channel  # type: ignore[attr-defined]  # read by ChannelDriver; RemoteApp does not declare it
        app.driver_class = ChannelDriver
        app.error_console = Console(file=self.errors, markup=False, highlight=False, width=100)
        # Textual points sys.stdout/stderr (process-wide) at the app while it runs; with many apps
        # starting and ending in any order they would be left pointing at a closed one. Each app
        # "captures" into the server's own streams instead, so the swap changes nothing.
        capture_output_into(app, sys.stdout, sys.stderr)
        keep_parts_at_close(app, self._kept)
        METER.set(self.channel.cpu)  # every task of the app is charged to this session (cpu.py)
        self.task = task = asyncio.create_task(
            app.run_async(mouse=False, size=self.channel.size), name=f"ui {self.name}"
        )
        return task

    @property
    def failed(self) -> bool:
        """The app ended with an error (logged by `close`)."""
        if self.task is None or self.app is None or not self.task.done():
            return False
        return self.task.cancelled() is False and (self.task.exception() is not None or bool(self.app.return_code))

    async def close(self) -> None:
        """Ask the app to exit, give it EXIT_GRACE seconds, then cancel it; log a failure."""
        if self.closed:
            return
        self.closed = True
        if self.task is None or self.app is None:  # (start sets both)
            return
        self._kept.extend(self.app.workers)  # (the link's worker ends as the link closes)
        self.link.close()
        if not self.task.done():
            self.app.exit()
            await asyncio.wait({self.task}, timeout=EXIT_GRACE)
        if not self.task.done():
            log.warning("%s's UI did not close within %g s: cancelled", self.name, EXIT_GRACE)
            self.task.cancel()
            await asyncio.wait({self.task}, timeout=EXIT_GRACE)
        self.channel.close()
        if self.task.done() and not self.task.cancelled():  # (else its own tasks may still run: left whole)
            self.parts = self._kept
        if self.task.done() and not self.task.cancelled() and (error := self.task.exception()) is not None:
            log.error("%s's UI failed", self.name, exc_info=error)
        elif self.failed:
            log.error("%s's UI failed:\n%s", self.name, self.errors.getvalue().rstrip() or "(no details)")
