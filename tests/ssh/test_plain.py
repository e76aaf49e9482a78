"""Plain mode over SSH: a client that asks for no terminal (`ssh -T`) or has TERM=dumb gets the
lobby and the game as lines, played in full on loopback with a real SSH client."""

from __future__ import annotations

import random
import re

import asyncssh

from parlour.services import saves
from parlour.services.config import data_dir, saves_dir

from .harness import Terminal, server

OPTION = re.compile(r"^(\d+)\. ", re.M)
ASKED = re.compile(r"^Your (turn\.|decision \()", re.M)  # a question put to the seat


class LineClient(Terminal):
    """An SSH client without a PTY (like `ssh -T`): what the server says, as text, and lines typed."""

    def __init__(self, conn, process):
        super().__init__(conn, process, 80, 24)

    def text(self) -> str:
        return self.raw.decode("utf-8", "replace")

    def type(self, line: str) -> None:
        self.process.stdin.write((line + "\n").encode())

    async def said(self, predicate) -> None:
        """Until `predicate(all it said)` holds."""
        await self.wait_for(lambda client: predicate(client.text()))


async def connect_plain(hub, name: str, term: str | None = None, lang: str = "en_GB.UTF-8") -> LineClient:
    conn = await asyncssh.connect(
        "127.0.0.1", hub.port, username=name, known_hosts=None, client_keys=None, agent_path=None
    )
    options = {"term_type": term} if term else {}
    process = await conn.create_process(env={"LANG": lang}, encoding=None, **options)
    return LineClient(conn, process)


async def test_a_whole_game_over_ssh_without_a_terminal():
    async with server() as hub:
        table = hub.lobby.create("smurf", ["human", "bot:random"], seed=1)
        ann = await connect_plain(hub, "Ann")
        await ann.said(lambda text: "Tables (Ann):" in text and f"{table.id}. The Smurf Game" in text)
        ann.type(f"join {table.id}")
        await ann.said(lambda text: "Your turn." in text)
        rng, turns = random.Random(1), 0
        while "Game over" not in ann.text():
            turns += 1
            assert turns < 5000, "the game did not end"
            told = ann.text()
            last = max(told.rfind("Your turn."), told.rfind("Your decision ("))  # (a cat: out of turn)
            ann.type(rng.choice(OPTION.findall(told[last:])))
            await ann.said(lambda text: len(ASKED.findall(text)) > len(ASKED.findall(told)) or "Game over" in text)
        assert table.status == "finished"
        assert "\x1b" not in ann.text() and "\r" not in ann.text()  # lines, never a redraw
        saved = list(saves_dir().glob("*.jsonl"))
        assert len(saved) == 1 and saves.read(saved[0]).header.game == "smurf"
        ann.type("leave")
        await ann.said(lambda text: text.count("Tables (Ann):") == 2)
        await ann.close()
    log = (data_dir() / "serve.log").read_text()
    assert "Ann connected from 127.0.0.1 (plain mode, en)" in log and "could not tell" not in log


async def test_the_plain_lobby_lists_tables_and_watches_and_dumb_terminals_get_it_too():
    async with server() as hub:
        ann = await connect_plain(hub, "Ann", term="dumb")
        await ann.said(lambda text: "No tables yet." in text and "join N" in text)
        ann.type("new chess")
        ann.type("join 7")
        await ann.said(
            lambda text: "Not allowed: unknown game" in text and "Not allowed: there is no such table" in text
        )
        ann.type("new garfield bot:random")  # Ann sits at a new table with a bot: it starts
        await ann.said(lambda text: "Your turn." in text or "Odie" in text)
        table = next(iter(hub.lobby.tables.values()))
        bob = await connect_plain(hub, "Bob", lang="sv_SE.UTF-8")
        await bob.said(lambda text: f"{table.id}. Garfield, Ann, Odie (dator, random), spelar" in text)
        bob.type(f"watch {table.id}")
        await bob.said(lambda text: "Du tittar på Garfield" in text)
        bob.type("hand")
        await bob.said(lambda text: "Händerna är dolda" in text)
        bob.type("1")
        await bob.said(lambda text: "Det är inte din tur" in text)
        ann.type("board")
        await ann.said(lambda text: "Ann: space " in text and "Ahead of you: " in text)
        ann.type("quit")
        await ann.said(lambda text: ann.closed)
        assert "\x1b" not in ann.text() + bob.text()
        await bob.close()
