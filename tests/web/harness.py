"""`parlour web` in a child process and a real Chromium (Debian's, driven by Playwright) on
its page. What the page's terminal shows is read from the bytes the page receives on its
WebSocket, fed into a pyte terminal of the size the page reported."""

from __future__ import annotations

import contextlib
import json
import os
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from urllib.parse import parse_qs, urlparse

from ..screen import TIMEOUT, WatchedScreen

CHROMIUM = os.environ.get("PARLOUR_CHROMIUM", "/usr/bin/chromium")
# A browser that reaches nothing beyond the page: no updates, no sync, no QUIC, no first-run.
CHROMIUM_ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


def browser_missing() -> str | None:
    """Why the browser tests cannot run here, or None."""
    try:
        import playwright  # noqa: F401
    except ImportError:
        return "playwright is not installed (pip install -e '.[test]')"
    if not Path(CHROMIUM).exists():
        return f"no Chromium at {CHROMIUM} (apt-get install chromium)"
    return None


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


@contextlib.contextmanager
def web_server(env: dict[str, str], *options: str):
    """`parlour web` on a free loopback port; yields its address and process id. Bots move at once."""
    port = free_port()
    process = subprocess.Popen(
        [sys.executable, "-m", "parlour", "web", "--port", str(port), "--bot-delay", "0", "--no-animations", *options],
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
    )
    try:
        _until_listening(process, port)
        yield f"http://127.0.0.1:{port}/", process.pid
    finally:
        process.terminate()
        try:
            process.wait(TIMEOUT)
        except subprocess.TimeoutExpired:
            process.kill()
            process.wait()
        process.stdout.close()


def _until_listening(process: subprocess.Popen, port: int) -> None:
    deadline = time.monotonic() + TIMEOUT
    while time.monotonic() < deadline:
        if process.poll() is not None:
            raise AssertionError(f"parlour web exited: {process.stdout.read().decode(errors='replace')}")
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.05)  # polling a socket for a condition, not waiting out a guess
    raise AssertionError("parlour web did not listen")


@contextlib.asynccontextmanager
async def chromium():
    """Debian's Chromium, headless, with a fresh profile; never a downloaded browser."""
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory(prefix="parlour-chromium-") as profile:
        async with async_playwright() as driver:
            context = await driver.chromium.launch_persistent_context(
                profile,
                executable_path=CHROMIUM,
                args=CHROMIUM_ARGS,
                headless=True,
                viewport={"width": 1280, "height": 800},
            )
            try:
                yield context
            finally:
                await context.close()


class PageTerminal(WatchedScreen):
    """One browser tab on `parlour web`: its terminal's text, and keys typed into the page."""

    def __init__(self, page):
        super().__init__(80, 24)
        self.page = page
        self.size: tuple[int, int] | None = None
        page.on("websocket", self._attach)

    @classmethod
    async def open(cls, context, url: str) -> PageTerminal:
        page = await context.new_page()
        term = cls(page)
        await page.goto(url)
        return term

    def _attach(self, websocket) -> None:
        query = parse_qs(urlparse(websocket.url).query)
        self._resize(int(query["width"][0]), int(query["height"][0]))
        websocket.on("framereceived", self._received)
        websocket.on("framesent", self._sent)
        websocket.on("close", lambda _: self.close_screen())

    def _resize(self, width: int, height: int) -> None:
        self.size = (width, height)
        self.resize(width, height)

    def _received(self, payload) -> None:
        if isinstance(payload, bytes):  # the app's screen; text frames are pings and metadata
            self.feed(payload)

    def _sent(self, payload) -> None:
        if isinstance(payload, str) and payload.startswith('["resize"'):
            size = json.loads(payload)[1]
            self._resize(size["width"], size["height"])

    async def press(self, *keys: str) -> None:
        """Keys typed into the page, as Playwright names them: "Enter", "Control+s", "?"."""
        for key in keys:
            await self.page.keyboard.press(key)

    async def close(self) -> None:
        await self.page.close()
