"""Issue 42's findings 2, 3 and 6 through real clients (aiohttp's WebSocket client on loopback, and
asyncssh): a browser's large messages hold the loop everyone shares no longer than an SSH read
does, a logout revokes its cookie for good and closes its WebSockets, and a takeover, the Host
header, the Server header and the name errors are what the web door says they are."""

from __future__ import annotations

import asyncio
import json

import aiohttp
import yarl

from parlour.fronts.serve import cookie
from parlour.fronts.serve.channel import PUMP_MOST
from parlour.fronts.serve.server import READ_SIZE
from parlour.services.config import data_dir

from .harness import TIMEOUT, member, server, until, write
from .test_web_door import PASSWORDS, client, log_in, open_ws, soon, url

BIG = 30_000  # characters of one `stdin` message (a paste, or keys flat out): under the 32 KiB bound


def log_text() -> str:
    return "".join(p.read_text() for p in sorted(data_dir().glob("serve.log*")))


class Turns:
    """Counts the turns of the event loop (a callback that schedules itself for the next one), and
    the characters a channel's driver parsed in each (what `Channel.take` handed it)."""

    def __init__(self, channel):
        self.turn = 0
        self.parsed: dict[int, int] = {}
        self.fed: list[int] = []  # the size of each piece of text handed to the channel
        self.loop = asyncio.get_running_loop()
        self.handle = self.loop.call_soon(self._tick)
        take, keys = channel.take, channel.keys

        def counted_take(most: int) -> str:
            text = take(most)
            self.parsed[self.turn] = self.parsed.get(self.turn, 0) + len(text)
            return text

        def counted_keys(text: str) -> None:
            self.fed.append(len(text))
            keys(text)

        channel.take, channel.keys = counted_take, counted_keys

    def _tick(self) -> None:
        self.turn += 1
        self.handle = self.loop.call_soon(self._tick)

    def stop(self) -> None:
        self.handle.cancel()


async def test_a_large_message_is_taken_in_slices_and_parsed_a_little_each_turn(tmp_path):
    async with server(password_file=write(tmp_path / "p", PASSWORDS), web_port=0) as hub, client() as session:
        await log_in(session, hub, "Ann", "ann-secret")
        term = await open_ws(session, hub)
        await term.until("you are Ann")
        [ui] = hub.uis
        turns = Turns(ui.channel)
        try:
            await term.ws.send_str(json.dumps(["stdin", "~" * BIG]))  # keys flat out
            paste = "\x1b[200~" + "ж" * (BIG // 2) + "\x1b[201~"  # (2 bytes a character in UTF-8)
            await term.ws.send_str(json.dumps(["stdin", paste], ensure_ascii=False))
            await soon(lambda: sum(turns.fed) == BIG + len(paste) and not ui.channel.waiting)
        finally:
            turns.stop()
        # as an SSH read reaches it: READ_SIZE characters at a time, never a whole message at once
        assert max(turns.fed) <= READ_SIZE and len(turns.fed) >= (BIG + len(paste)) // READ_SIZE
        # and Textual's parser (~15 µs a key on a busy machine) gets a bounded share of each turn
        assert max(turns.parsed.values()) <= PUMP_MOST
        assert member(hub, "Ann") is not None  # a large paste is no reason to disconnect


async def test_a_browser_flooding_its_input_is_cut_off_and_what_it_queued_is_dropped(tmp_path):
    async with server(password_file=write(tmp_path / "p", PASSWORDS), web_port=0) as hub, client() as session:
        await log_in(session, hub, "Ann", "ann-secret")
        term = await open_ws(session, hub)
        await term.until("you are Ann")
        [ui] = hub.uis
        turns = Turns(ui.channel)
        reading = asyncio.ensure_future(term.closed())  # it takes its screen: only its input is at fault
        sent = 0
        try:
            for _ in range(40):  # 1.2 MB, which the server would take 2.5 minutes to read at its pace
                if term.ws.closed:
                    break
                await term.ws.send_str(json.dumps(["stdin", "~" * BIG]))
                sent += BIG
            await reading
        finally:
            turns.stop()
        assert "sends faster than" in log_text()
        # cut off within its burst and a little more: the rest was dropped, not read at the pace
        assert sum(turns.fed) < 4 * BIG < sent
        await until(hub, lambda: member(hub, "Ann") is None and hub.connections == 0)
