"""Issue 37, item 1, in `parlour web`: two tabs (a process each, one data folder) resume the same
save. The first plays it; the second is told the game is open elsewhere and watches it, its
moves shown as they are saved, until the first leaves. Twice: in two tabs of a real Chromium
(Debian's, driven by Playwright: tests/web/harness.py; it runs wherever the browser is, and
`.ci/run` requires it), and over the page's WebSocket as the page's terminal does it (keys in,
screen bytes out into a pyte terminal), which runs without Chromium but takes three app
processes, half a minute on a small machine: opt-in, PARLOUR_LOCK_LONG=1."""

from __future__ import annotations

import asyncio
import json
import re
import socket

import aiohttp
import pytest

from parlour.services import save_lock

from ..screen import WatchedScreen
from ..test_one_writer import LONG, hot_seat_save, moves
from .harness import PageTerminal, chromium, web_server


class Tab(WatchedScreen):
    """One tab: the WebSocket the page opens, its screen bytes fed to a terminal of its size."""

    reader: asyncio.Future

    def __init__(self, websocket, width: int, height: int):
        super().__init__(width, height)
        self.websocket = websocket

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, url: str, width: int = 100, height: int = 30) -> Tab:
        websocket = await session.ws_connect(f"{url.replace('http', 'ws', 1)}ws?width={width}&height={height}")
        tab = cls(websocket, width, height)
        tab.reader = asyncio.ensure_future(tab._read())
        return tab

    async def _read(self) -> None:
        async for message in self.websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.feed(message.data)
        self.close_screen()

    async def keys(self, *keys: str) -> None:
        for key in keys:
            await self.websocket.send_str(json.dumps(["stdin", key]))

    async def close(self) -> None:
        await self.websocket.close()
        await self.reader


def said(tab: Tab) -> str:
    """The screen's words, lines joined (a dialog wraps its text)."""
    return " ".join(word for line in tab.text().splitlines() for word in line.strip("║│ ").split())


def position(tab: Tab) -> int:
    """The action the watching tab's replay bar shows ("Action 14 of 14")."""
    found = re.search(r"Action (\d+) of (\d+)", tab.text())
    assert found, tab.text()
    return int(found.group(1))


@pytest.mark.skipif(not LONG, reason="three app processes: PARLOUR_LOCK_LONG=1")
async def test_a_second_tab_is_told_and_watches_while_the_first_keeps_every_move(tmp_path, parlour_env):
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    path = saves / "ann-bob.jsonl"
    before = hot_seat_save(path)
    with web_server(parlour_env) as (url, _):
        async with aiohttp.ClientSession() as session:
            first = await Tab.open(session, url)
            await first.wait_for("Choose a game")
            await first.keys("r")
            await first.wait_for("Saved games", "Ann, Bob")
            await first.keys("\r")
            await first.wait_for("Bob's turn", lambda t: save_lock.holder(path) is not None)
            holder = save_lock.holder(path)
            assert holder.front == "app" and holder.host == socket.gethostname()

            second = await Tab.open(session, url)
            await second.wait_for("Choose a game")
            await second.keys("r")
            await second.wait_for("Saved games", "Ann, Bob")
            await second.keys("\r")
            await second.wait_for(lambda t: told_elsewhere(holder) in said(t) and "w watch it" in said(t))
            await second.keys("w")
            await second.wait_for("Action ", "Watching ann-bob.jsonl")
            watched = position(second)

            for n in range(1, 4):  # the first tab plays on: each move is saved as it is made
                await first.keys("\r")  # the selected answer, whatever is asked
                await first.wait_for(lambda t, n=n: moves(path) >= before + n)
            await second.wait_for(lambda t: position(t) > watched)  # shown as they were saved

            await first.keys("\x11")  # Ctrl+Q: saved, and the tab's game is left
            await second.wait_for("The other window has left the game")
            await first.close()
            await second.close()
    assert moves(path) == before + 3  # every move of the first tab, and none of the second


def told_elsewhere(holder: save_lock.Holder) -> str:
    return f"ann-bob.jsonl is open elsewhere (the full-screen app on host {holder.host}, process {holder.pid}, "


@pytest.mark.browser
@pytest.mark.usefixtures("browser_ready")
async def test_two_chromium_tabs_on_one_save_the_second_is_told_and_watches(tmp_path, parlour_env):
    saves = tmp_path / "data" / "saves"
    saves.mkdir(parents=True)
    path = saves / "ann-bob.jsonl"
    before = hot_seat_save(path)
    with web_server(parlour_env) as (url, _):
        async with chromium() as context:
            first = await PageTerminal.open(context, url)
            await first.wait_for("Choose a game")
            await first.press("r")
            await first.wait_for("Saved games", "Ann, Bob")
            await first.press("Enter")
            await first.wait_for("Bob's turn", lambda t: save_lock.holder(path) is not None)
            holder = save_lock.holder(path)
            assert holder.front == "app" and holder.host == socket.gethostname()

            second = await PageTerminal.open(context, url)  # a second tab of the same browser
            await second.wait_for("Choose a game")
            await second.press("r")
            await second.wait_for("Saved games", "Ann, Bob")
            await second.press("Enter")
            await second.wait_for(lambda t: told_elsewhere(holder) in said(t) and "w watch it" in said(t))
            await second.press("w")
            await second.wait_for("Action ", "Watching ann-bob.jsonl")
            watched = position(second)

            for n in range(1, 4):  # the first tab plays on: each move is saved as it is made
                await first.press("Enter")  # the selected answer, whatever is asked
                await first.wait_for(lambda t, n=n: moves(path) >= before + n)
            await second.wait_for(lambda t: position(t) > watched)  # shown as they were saved

            await first.press("Control+q")  # saved, and the tab's game is left
            await second.wait_for("The other window has left the game")
            await first.page.close()
            await second.page.close()
    assert moves(path) == before + 3  # every move of the first tab, and none of the second
