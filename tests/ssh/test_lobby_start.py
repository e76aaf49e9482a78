"""A served app's start, in the server's process without SSH: the lobby's first frame is the
whole lobby (the tables the server gave at the start), and its hello goes with that frame."""

from __future__ import annotations

import asyncio

import pyte

from parlour.fronts.serve.channel import Channel
from parlour.fronts.serve.ui import Ui
from parlour.services.wire import Hello, Listing, SeatLine, TableLine

from ..screen import TIMEOUT

LOBBY = Listing("Ann", (TableLine(7, "smurf", "waiting", (SeatLine("Ann", None), SeatLine(None, None))),))


async def test_the_first_frame_already_shows_the_tables_and_hello_goes_with_it(parlour_dirs):
    writes: list[bytes] = []
    to_server: asyncio.Queue = asyncio.Queue()
    ui = Ui("Ann", Channel(writes.append, 100, 32), "en", False, {"TERM": "xterm-256color"}, to_server.put_nowait)
    ui.start(LOBBY)
    try:
        assert await asyncio.wait_for(to_server.get(), TIMEOUT) == Hello()
        await asyncio.sleep(0)  # the driver writes what the app drew once per turn of the loop
        first = next(i for i, w in enumerate(writes) if len(w) > 1000)  # after the modes and the pointer
        screen = pyte.Screen(100, 32)
        pyte.ByteStream(screen).feed(b"".join(writes[: first + 1]))
        text = "\n".join(screen.display)
        # the whole lobby in the first frame: not an empty one, then the list after the hello
        assert "#7 The Smurf Game" in text and "you are Ann" in text and "You have a seat" in text, text
    finally:
        await ui.close()
