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

KEYS = {"Enter": "\r", "Control+q": "\x11"}  # Playwright's names of the keys pressed here, as bytes


class Tab(WatchedScreen):
    """One tab: the WebSocket the page opens, its screen bytes fed to a terminal of its size."""

    reader: asyncio.Future

    def __init__(self, websocket, width: int, height: int):
        super().__init__(width, height)
        self.websocket = websocket

    @classmethod
    async def open(cls, session: aiohttp.ClientSession, url: str, width: int = 100, height: int = 30) -> Tab:
        websocket = await session.ws_connect(  # from the page's own origin, as the page's script (web_server.py)
            f"{url.replace('http', 'ws', 1)}ws?width={width}&height={height}", origin=url.rstrip("/")
        )
        tab = cls(websocket, width, height)
        tab.reader = asyncio.ensure_future(tab._read())
        return tab

    async def _read(self) -> None:
        async for message in self.websocket:
            if message.type == aiohttp.WSMsgType.BINARY:
                self.feed(message.data)
        self.close_screen()

    async def press(self, *keys: str) -> None:
        """Keys as Playwright names them (as PageTerminal takes them), sent as the page's terminal sends them."""
        for key in keys:
            await self.websocket.send_str(json.dumps(["stdin", KEYS.get(key, key)]))

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


async def resume_the_save(tab) -> None:
    """From the title screen, the first save of the list opened (`press`: Playwright's key names)."""
    await tab.wait_for("Choose a game")
    await tab.press("r")
    await tab.wait_for("Saved games", "Ann, Bob")
    await tab.press("Enter")


async def one_plays_the_other_watches(open_tab, path) -> None:
    """Two tabs opened by `open_tab()` on the save at `path`: the first plays it; the second is
    told the game is open elsewhere and watches it until the first leaves. Every move of the
    first is saved, none of the second."""
    before = moves(path)
    first = await open_tab()
    await resume_the_save(first)
    await first.wait_for("Bob's turn", lambda t: save_lock.holder(path) is not None)
    holder = save_lock.holder(path)
    assert holder.front == "app" and holder.host == socket.gethostname()

    second = await open_tab()
    await resume_the_save(second)
    told = f"ann-bob.jsonl is open elsewhere (the full-screen app on host {holder.host}, process {holder.pid}, "
    await second.wait_for(lambda t: told in said(t) and "w watch it" in said(t))
    await second.press("w")
    await second.wait_for("Action ", "Watching ann-bob.jsonl")
    watched = position(second)

    for n in range(1, 4):  # the first tab plays on: each move is saved as it is made
        await first.press("Enter")  # the selected answer, whatever is asked
        await first.wait_for(lambda t, n=n: moves(path) >= before + n)
    await second.wait_for(lambda t: position(t) > watched)  # shown as they were saved

    await first.press("Control+q")  # saved, and the tab's game is left
    await second.wait_for("The other window has left the game")
    await first.close()
    await second.close()
    assert moves(path) == before + 3  # every move of the first tab, and none of the second


@pytest.mark.skipif(not LONG, reason="three app processes: PARLOUR_LOCK_LONG=1")
async def test_a_second_tab_is_told_and_watches_while_the_first_keeps_every_move(tmp_path, parlour_env):
    path = tmp_path / "data" / "saves" / "ann-bob.jsonl"
    path.parent.mkdir(parents=True)
    hot_seat_save(path)
    with web_server(parlour_env) as (url, _):
        async with aiohttp.ClientSession() as session:
            await one_plays_the_other_watches(lambda: Tab.open(session, url), path)


@pytest.mark.browser
@pytest.mark.usefixtures("browser_ready")
async def test_two_chromium_tabs_on_one_save_the_second_is_told_and_watches(tmp_path, parlour_env):
    path = tmp_path / "data" / "saves" / "ann-bob.jsonl"
    path.parent.mkdir(parents=True)
    hot_seat_save(path)
    with web_server(parlour_env) as (url, _):
        async with chromium() as context:  # two tabs of the same browser
            await one_plays_the_other_watches(lambda: PageTerminal.open(context, url), path)
