"""Tables outlive the server process: restored from their saves after a restart (players back in
their seats), clients' terminals given back on SIGTERM, abandoned tables closed (their slot freed,
their save kept for their players), and one player's app failing leaves the others playing."""

from __future__ import annotations

import asyncio
import os
import re
import signal
import subprocess
import sys

import pytest

from parlour.fronts.serve import tables
from parlour.fronts.serve.gametable import Member
from parlour.fronts.serve.limits import RESTORE_TERMINAL
from parlour.fronts.serve.tables import Lobby
from parlour.rules.records import Rejected
from parlour.services import saves
from parlour.services.config import data_dir, saves_dir
from parlour.services.wire import Create, Events, Listing, digest

from .harness import TIMEOUT, connect, member, server, until
from .test_serve import caught_up, play_one, rigged_table, seat_both


async def test_a_restart_restores_every_unfinished_table_and_its_players_seats():
    async with server() as hub:
        table = rigged_table(hub, standin=30)
        ann, bob = await seat_both(hub, table)
        terms = {"Ann": ann, "Bob": bob}
        for _ in range(5):
            await play_one(hub, table, terms)
        events, players = list(table.table.events), table.table.players
        await ann.close()
        await bob.close()
    async with server() as hub:  # a new process would see only the files: so does this server
        [again] = hub.lobby.tables.values()
        assert again.table.events == events and again.table.players == players
        assert again.status == "playing" and again.away == {0, 1} and again.standin == 30
        ann = await connect(hub, "Ann")
        await ann.wait_for("Your hand")
        await until(hub, lambda: caught_up(hub, again, "Ann"))
        assert member(hub, "Ann").seat == 0 and again.away == {1}
        assert member(hub, "Ann").digest == digest(again.table.view(0))
        bob = await connect(hub, "Bob")
        await bob.wait_for("Your hand")
        await play_one(hub, again, {"Ann": ann, "Bob": bob})
        [path] = saves_dir().glob("*-garfield.jsonl")  # the same save goes on
        assert saves.read(path).events == again.table.events and len(again.table.events) > len(events)
        await ann.close()
        await bob.close()


async def test_the_creator_of_a_table_sees_their_seat_on_its_line_at_once():
    sent = []
    lobby = Lobby(bot_delay=0, save=False)
    ann = Member("Ann", "open", sent.append)
    lobby.join(ann)
    lobby.handle(ann, Create("garfield", ("human", "human")))
    [line] = [m for m in sent if isinstance(m, Listing)][-1].tables
    assert [s.name for s in line.seats] == ["Ann", None]


async def test_an_abandoned_table_is_closed_frees_its_slot_and_reopens_for_its_players(monkeypatch):
    monkeypatch.setattr(tables, "MAX_TABLES", 1)
    now = [0.0]
    async with server(abandon_after=100) as hub:
        hub.lobby.clock = lambda: now[0]
        table = rigged_table(hub)
        ann, bob = await seat_both(hub, table)
        await play_one(hub, table, {"Ann": ann, "Bob": bob})
        events = list(table.table.events)
        await ann.close()
        now[0] = 50
        assert hub.lobby.sweep() == []  # Bob is still here
        await bob.close()
        await until(hub, lambda: table.away == {0, 1})
        with pytest.raises(Rejected):  # every slot is taken
            hub.lobby.create("garfield", ["human", "human"])
        now[0] = 149
        assert hub.lobby.sweep() == []
        now[0] = 150
        assert hub.lobby.sweep() == [table.id]
        assert table.id not in hub.lobby.tables and not table.timers
        [path] = saves_dir().glob("*-garfield.jsonl")
        assert saves.read(path).header.meta["shelved"] is True and saves.read(path).events == events
        other = hub.lobby.create("garfield", ["human", "human"])  # the slot is free
        del hub.lobby.tables[other.id]
        ann = await connect(hub, "Ann")  # one of its players is back: the table reopens
        await ann.wait_for("Your hand")
        [again] = hub.lobby.tables.values()
        assert again.table.events == events and member(hub, "Ann").seat == 0
        assert "shelved" not in saves.read(path).header.meta
        await ann.close()


async def test_one_failing_ui_leaves_the_others_playing(monkeypatch):
    from parlour.tui.remote import RemoteApp

    on_server = RemoteApp.on_server

    def fails_for_bob(app, message):  # a bug in Bob's UI, met when the next move arrives
        if app.me == "Bob" and isinstance(message, Events):
            raise RuntimeError("injected failure in Bob's UI")
        on_server(app, message)

    monkeypatch.setattr(RemoteApp, "on_server", fails_for_bob)
    async with server() as hub:
        table = rigged_table(hub)
        ann, bob = await seat_both(hub, table)
        await play_one(hub, table, {"Ann": ann, "Bob": bob})  # Bob's UI fails on this move's events
        await bob.wait_for(lambda term: term.closed)
        assert "something went wrong on the server" in bob.text()
        assert b"Traceback" not in bob.raw and b"injected" not in bob.raw  # only the sentence
        await until(hub, lambda: table.away == {1})
        await ann.wait_for("Bob is away")
        assert not ann.closed
        while 0 in table.table.to_act():  # Ann plays on
            await play_one(hub, table, {"Ann": ann}, names=("Ann",))
        monkeypatch.setattr(RemoteApp, "on_server", on_server)
        bob = await connect(hub, "Bob")  # and Bob comes back to his seat, on the same server
        await bob.wait_for("Your hand")
        await ann.close()
        await bob.close()
    log = (data_dir() / "serve.log").read_text()
    assert "Bob's UI failed" in log and "injected failure in Bob's UI" in log


async def test_sigterm_tells_every_client_and_gives_their_terminal_back(tmp_path):
    env = dict(os.environ, PARLOUR_DATA_DIR=str(tmp_path / "data"), PARLOUR_CONFIG_DIR=str(tmp_path / "config"))
    proc = await asyncio.create_subprocess_exec(
        sys.executable, "-m", "parlour", "serve", "--port", "0", env=env, stderr=subprocess.PIPE
    )
    try:
        port = await asyncio.wait_for(_listening_port(proc.stderr), TIMEOUT)
        drain = asyncio.create_task(proc.stderr.read())  # its log goes on to stderr: never let it fill
        hub = type("Remote", (), {"port": port})
        terms = [await connect(hub, name) for name in ("Ann", "Bob")]
        for term in terms:
            await term.wait_for("the tables")
            assert b"\x1b[?1049h" in term.raw and term.screen.cursor.hidden  # the UI took the screen
        proc.send_signal(signal.SIGTERM)
        for term in terms:
            await term.wait_for(lambda t: t.closed, timeout=TIMEOUT)
            assert "server is restarting" in term.text()
            after = term.raw[term.raw.rindex(b"\x1b[?1049h") :]
            assert RESTORE_TERMINAL.encode() in after  # the normal screen, the cursor, no mouse
            assert not term.screen.cursor.hidden
            await term.close()
        assert await asyncio.wait_for(proc.wait(), TIMEOUT) == 0
        assert b"stopping" in await drain
    finally:
        if proc.returncode is None:
            proc.kill()
            await proc.wait()


async def _listening_port(stderr) -> int:
    while line := await stderr.readline():
        if found := re.search(rb"Parlour serves on .* port (\d+)", line):
            return int(found.group(1))
    raise AssertionError("the server stopped before it listened")


async def test_apps_in_one_process_keep_their_own_language_and_charset():
    # Every app runs in the server process: the language is per app (a ContextVar), not global.
    async with server() as hub:
        ann = await connect(hub, "Ann", lang="sv_SE.UTF-8")
        bob = await connect(hub, "Bob", lang="en_GB.UTF-8")
        cid = await connect(hub, "Cid", lang="C")  # no UTF-8: ASCII mode
        await ann.wait_for("borden · du är Ann")
        await bob.wait_for("the tables · you are Bob")
        await cid.wait_for("you are Cid", "+-----")  # its box in ASCII
        ann.press("n")  # each app goes on in its own language after the others started
        await ann.wait_for("Ett nytt bord")
        assert "tables · you are Bob" in bob.text() and "du är" not in bob.text()
        assert "╭" in bob.text() and "╭" not in cid.text()
        for term in (ann, bob, cid):
            await term.close()
