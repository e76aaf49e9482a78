"""`parlour serve --web-port`: a browser player (a real Chromium) and an SSH player (asyncssh) at
the same table of one server, in the test's event loop; a watcher in a third browser."""

from __future__ import annotations

import contextlib
import tempfile

import pytest

from parlour.services.wire import digest

from ..screen import off_the_board
from ..ssh.harness import connect, member, server, until, write
from ..ssh.test_serve import ANN, BOB, PRESENTER, caught_up, labels, rigged_table
from .harness import CHROMIUM, CHROMIUM_ARGS, PageTerminal

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("browser_ready")]


@pytest.fixture(autouse=True)
def parlour_dirs(tmp_path, monkeypatch):
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    return tmp_path


@contextlib.asynccontextmanager
async def browser():
    """Debian's Chromium, headless; each `new_context()` is a browser of its own (its own cookies)."""
    from playwright.async_api import async_playwright

    with tempfile.TemporaryDirectory(prefix="parlour-chromium-"):
        async with async_playwright() as driver:
            chromium = await driver.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS, headless=True)
            try:
                yield chromium
            finally:
                await chromium.close()


class Tab(PageTerminal):
    """A tab on the web door; each new WebSocket (a reload) starts from a blank screen."""

    def _attach(self, websocket) -> None:
        self.screen.reset()
        self.closed = False
        self.raw = bytearray()
        super()._attach(websocket)

    def _received(self, payload) -> None:
        if isinstance(payload, bytes):
            self.raw.extend(payload)
        super()._received(payload)


async def log_in(chromium, url: str, name: str, password: str) -> Tab:
    context = await chromium.new_context(viewport={"width": 1280, "height": 800})
    page = await context.new_page()
    tab = Tab(page)
    tab.raw = bytearray()
    await page.goto(url)
    await page.fill("input[name=name]", name)
    await page.fill("input[name=password]", password)
    await page.click("button[type=submit]")
    return tab


class Keys:
    """An SSH terminal or a browser tab, pressed alike."""

    def __init__(self, term):
        self.term = term

    async def press(self, key: str) -> None:
        if isinstance(self.term, Tab):
            await self.term.press({"space": " ", "enter": "Enter"}.get(key, key))
        else:
            self.term.press(key)


async def play_one(hub, table, terms: dict) -> None:
    await until(hub, lambda: caught_up(hub, table, *terms))
    seat = table.table.to_act()[0]
    options = table.table.legal_actions(seat)
    term = terms[table.table.players[seat]]
    before = len(table.table.events)
    await Keys(term).press("space" if PRESENTER.roll_action(options) is not None else "enter")
    await until(hub, lambda: len(table.table.events) > before)


async def test_an_ssh_player_and_a_browser_player_play_a_game_and_a_browser_watches(tmp_path):
    passwords = write(tmp_path / "passwords", "ann:ann-secret\nbob:bob-secret\ncid:cid-secret\n")
    async with server(password_file=passwords, web_port=0) as hub, browser() as chromium:
        url = f"http://127.0.0.1:{hub.web.port}/"
        table = rigged_table(hub)
        ann = await connect(hub, "Ann", password="ann-secret")
        await ann.wait_for(f"#{table.id} Garfield")
        ann.press("enter")
        await ann.wait_for("You have a seat")
        bob = await log_in(chromium, url, "Bob", "bob-secret")
        await bob.wait_for(f"#{table.id} Garfield · Ann")
        await bob.press("Enter")
        await ann.wait_for("Your hand")
        await bob.wait_for("Your hand")
        terms = {"Ann": ann, "Bob": bob}
        for label in labels(ANN):
            assert label in off_the_board(ann.text()) and label not in off_the_board(bob.text())
        for label in labels(BOB):
            assert label in off_the_board(bob.text()) and label not in off_the_board(ann.text())
        for _ in range(4):
            await play_one(hub, table, terms)
        # the browser player reloads the page mid-game: back in the seat, the whole view restored
        await bob.page.reload()
        await until(hub, lambda: member(hub, "Bob") is not None and member(hub, "Bob").seat == 1)
        await bob.wait_for("Your hand")
        await until(hub, lambda: caught_up(hub, table, "Bob") and table.away == set())
        assert member(hub, "Bob").digest == digest(table.table.view(1))
        # a watcher in a third browser sees no hand
        cid = await log_in(chromium, url, "Cid", "cid-secret")
        await cid.wait_for(f"#{table.id} Garfield")
        await cid.press("w")
        await cid.wait_for("Hands are hidden")
        actions = 0
        while table.table.result() is None:
            actions += 1
            assert actions < 400, "the game should have ended"
            await play_one(hub, table, terms)
            assert "Bob's hand" not in ann.text() and "Ann's hand" not in bob.text()
            assert "'s hand" not in cid.text()
        winner = table.table.players[table.table.result().winners[0]]
        await ann.wait_for("You win!" if winner == "Ann" else f"{winner} wins!")
        await bob.wait_for("You win!" if winner == "Bob" else f"{winner} wins!")
        await until(hub, lambda: caught_up(hub, table, "Ann", "Bob", "Cid"))
        # never, in all that was sent to a screen, another's hand
        assert b"Bob's hand" not in ann.raw and b"Ann's hand" not in bob.raw
        assert b"'s hand" not in cid.raw and b"Your hand" not in cid.raw
        await ann.close()


async def test_the_door_says_tables_not_ssh_sends_nothing_before_its_socket_opens_and_aligns_the_form(tmp_path):
    """Issue 39: the browser's lobby is not "over SSH"; a page load logs no "send ... Still in
    CONNECTING state" (the keys are focused once the socket is open); the login form's two
    inputs start at the same place."""
    passwords = write(tmp_path / "passwords", "ann:ann-secret\n")
    async with server(password_file=passwords, web_port=0) as hub, browser() as chromium:
        url = f"http://127.0.0.1:{hub.web.port}/"
        context = await chromium.new_context(viewport={"width": 1280, "height": 800})
        page = await context.new_page()
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        page.on("pageerror", lambda error: errors.append(str(error)))
        await page.goto(url)
        name, password = page.locator("input[name=name]"), page.locator("input[name=password]")
        assert (await name.bounding_box())["x"] == (await password.bounding_box())["x"]
        tab = Tab(page)
        tab.raw = bytearray()
        await name.fill("Ann")
        await password.fill("ann-secret")
        await page.click("button[type=submit]")
        await tab.wait_for("Parlour: the tables")
        assert "over SSH" not in tab.text()
        await page.reload()
        await tab.wait_for("Parlour: the tables")
        assert not [e for e in errors if "CONNECTING" in e], errors
