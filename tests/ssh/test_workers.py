"""Many workers, one lobby (issue 41): workers or hosts sharing a real Redis broker
(tests/ssh/broker.py starts Debian's redis-server), played through real SSH clients in plain mode.

In this file's first tests two servers run in the test's own process, each with its own broker
link, as two workers do; `test_worker_processes.py` runs `parlour serve` processes."""

from __future__ import annotations

import asyncio
import contextlib
import random

import asyncssh

from parlour.fronts.serve.guard import GUESS_BURST
from parlour.fronts.serve.remote_seats import RemoteMember
from parlour.services import saves
from parlour.services.config import data_dir, saves_dir
from parlour.services.wire import digest

from .harness import member, server, until
from .test_plain import ASKED, OPTION, LineClient, connect_plain

GAME_OVER = "Game over"


async def until_in(hubs, predicate, timeout: float = 20) -> None:
    """Until `predicate()` holds, checked after every change in any of `hubs` (each lobby wakes
    only its own waiters)."""

    async def check() -> None:
        while not predicate():
            waits = [asyncio.ensure_future(hub.lobby.changes.wait()) for hub in hubs]
            try:
                await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED)
            finally:
                for wait in waits:
                    wait.cancel()

    try:
        await asyncio.wait_for(check(), timeout)
    except TimeoutError:
        raise AssertionError("timed out waiting for the servers") from None


async def log_in(hub, name: str, password: str) -> LineClient:
    """A plain-mode SSH client logging in with a password."""
    conn = await asyncssh.connect(
        "127.0.0.1", hub.port, username=name, password=password, known_hosts=None, client_keys=None, agent_path=None
    )
    return LineClient(conn, await conn.create_process(env={"LANG": "en_GB.UTF-8"}, encoding=None))


class Answers:
    """Clients answering every question put to them (a random option of the last one asked), each
    question once: what was asked of a client before is remembered across calls."""

    def __init__(self, seed: int):
        self.rng = random.Random(seed)
        # questions answered, by client (the object itself: a client made after another is freed may
        # reuse its id(), and would inherit its count)
        self.answered: dict[LineClient, int] = {}

    async def play(self, clients, moves: int | None = None) -> int:
        """Answer until the game is over, or `moves` answers were given; returns how many were given."""
        answered = self.answered
        for client in clients:
            answered.setdefault(client, 0)
        given = 0
        while moves is None or given < moves:
            if any(GAME_OVER in c.text() for c in clients):
                return given
            due = [c for c in clients if len(ASKED.findall(c.text())) > answered[c]]
            if not due:
                await self.asked(clients)
                continue
            for client in due:
                told = client.text()
                answered[client] = len(ASKED.findall(told))
                last = max(told.rfind("Your turn."), told.rfind("Your decision ("))
                client.type(self.rng.choice(OPTION.findall(told[last:])))
                given += 1
        return given

    async def asked(self, clients) -> None:
        """Until a client is asked something new (or the game is over)."""
        answered = self.answered
        waits = [
            asyncio.ensure_future(c.said(lambda text, c=c: len(ASKED.findall(text)) > answered[c] or GAME_OVER in text))
            for c in clients
        ]
        try:
            await asyncio.wait(waits, return_when=asyncio.FIRST_COMPLETED, timeout=20)
        finally:
            for wait in waits:
                wait.cancel()
                with contextlib.suppress(BaseException):
                    await wait
        assert any(w.done() and not w.cancelled() and w.exception() is None for w in waits), "nobody was asked:\n" + (
            "\n".join(f"--- {c.text()[-600:]}" for c in clients)
        )


async def test_players_in_two_workers_sit_at_one_table_each_seeing_only_their_own_hand(broker_url):
    async with server(broker=broker_url) as a, server(broker=broker_url) as b:
        ann = await connect_plain(a, "Ann")
        ann.type("new garfield human")
        await until(a, lambda: len(a.lobby.tables) == 1)
        table = next(iter(a.lobby.tables.values()))
        bob = await connect_plain(b, "Bob")  # through the other worker: the table is listed there too
        await bob.said(lambda text: f"{table.id}. Garfield, Ann" in text)
        bob.type(f"join {table.id}")
        await until(a, lambda: table.status == "playing")
        assert table.id not in b.lobby.tables  # one authoritative driver, in A
        bobs = [m for m in table.members if m.name == "Bob"]
        assert len(bobs) == 1 and isinstance(bobs[0], RemoteMember)
        answers = Answers(3)
        given = await answers.play([ann, bob], moves=16)
        assert given == 16 and "Your turn." in bob.text()
        await answers.asked([ann, bob])  # the last answer was taken (a new question is put): the table waits
        # Bob's UI, in B, shows his own seat's view of A's table (redacted for him), as Ann's does hers
        events = len(table.table.events)
        await until_in((a, b), lambda: member(b, "Bob").seen == events and member(a, "Ann").seen == events)
        assert member(b, "Bob").digest == digest(table.table.view(1))
        assert member(a, "Ann").digest == digest(table.table.view(0))
        saved = saves.read(next(saves_dir().glob("*.jsonl")))  # every move saved, by A
        assert list(saved.header.players) == ["Ann", "Bob"] and len(saved.events) == events
        await ann.close()
        await bob.close()


async def test_wrong_passwords_through_one_worker_count_in_the_others(broker_url, tmp_path):
    from .harness import write
    from .test_safety import guess

    passwords = write(tmp_path / "passwords", "ann:apple\n")
    async with (
        server(broker=broker_url, password_file=passwords) as a,
        server(broker=broker_url, password_file=passwords) as b,
    ):
        tried = await guess(a, "ann", [f"wrong{i}" for i in range(10)])  # three judged by A
        assert tried <= 4
        record = lambda hub: hub.backoff.records.get("127.0.0.1")  # noqa: E731
        await until(b, lambda: record(b) is not None and record(b).failures == 3, timeout=5)
        assert b.backoff.turn("127.0.0.1", "password:ann") > 0  # B makes the next guess wait too
        assert b.guesses.buckets["password:ann"][0] < GUESS_BURST - 1  # and counts A's tries at Ann's password


async def test_a_second_login_through_another_worker_closes_the_first_as_in_one(broker_url, tmp_path):
    from .harness import write

    passwords = write(tmp_path / "passwords", "ann:apple\nshared\n")
    async with (
        server(broker=broker_url, password_file=passwords) as a,
        server(broker=broker_url, password_file=passwords) as b,
    ):
        first = await log_in(a, "Ann", "apple")
        await first.said(lambda text: "Tables (Ann):" in text)
        again = await log_in(b, "Ann", "apple")  # Ann again, through B
        await again.said(lambda text: "Tables (Ann):" in text)
        await first.wait_for(lambda client: client.closed)
        assert "Ann" not in a.playing and "ann" in b.playing
        cid = await log_in(a, "Cid", "shared")  # a shared password's player keeps his name
        await cid.said(lambda text: "Tables (Cid):" in text)
        other = await log_in(b, "Cid", "shared")
        await other.said(lambda text: "Cid is playing from another connection" in text)
        assert not cid.closed
        for client in (again, cid, other):
            await client.close()
        playing = b.federation.broker.redis
        await until_in((a, b), lambda: "ann" not in b.playing and "cid" not in a.playing)
        for _ in range(100):  # the names are let go in the broker too (a moment after the sessions end)
            if not await playing.hlen("parlour:playing"):
                break
            await asyncio.sleep(0.02)
        assert await playing.hlen("parlour:playing") == 0
    assert "failed" not in (data_dir() / "serve.log").read_text()


async def test_full_screen_players_in_two_workers_play_one_rigged_table(broker_url):
    from .test_serve import PRESENTER, rigged_table, seat_both

    async with server(broker=broker_url) as a, server(broker=broker_url) as b:
        table = rigged_table(a)  # A holds the table; Ann plays through A, Bob through B
        ann, bob = await seat_both(a, table, b)
        hubs, terms = {"Ann": a, "Bob": b}, {"Ann": ann, "Bob": bob}

        def caught_up() -> bool:
            count = len(table.table.events)
            return all(member(hubs[n], n) is not None and member(hubs[n], n).seen == count for n in hubs)

        for _ in range(24):  # (the whole game takes half a minute: its first 24 actions show it)
            await until_in((a, b), caught_up)
            seat = table.table.to_act()[0]
            term = terms[table.table.players[seat]]
            term.press("space" if PRESENTER.roll_action(table.table.legal_actions(seat)) is not None else "enter")
            before = len(table.table.events)
            await until(a, lambda: len(table.table.events) > before)
            assert "Ann's hand" not in bob.text() and "Bob's hand" not in ann.text()
        await until_in((a, b), caught_up)
        assert member(a, "Ann").digest == digest(table.table.view(0))
        assert member(b, "Bob").digest == digest(table.table.view(1))
        assert b"Ann's hand" not in bob.raw and b"Bob's hand" not in ann.raw  # never, in all Bob's screen got
        assert len(table.table.events) > 24 and table.table.result() is None
        await ann.close()
        await bob.close()


async def test_a_web_logout_through_one_worker_ends_the_cookies_in_the_others(broker_url, tmp_path):
    from .harness import write
    from .test_web_door import PASSWORDS, client, log_in, origin, url
    from .test_web_door_holds import cookie_of, lobby_with

    passwords = write(tmp_path / "passwords", PASSWORDS)
    async with (
        server(broker=broker_url, password_file=passwords, web_port=0) as a,
        server(broker=broker_url, password_file=passwords, web_port=0) as b,
        client() as ann,
    ):
        await log_in(ann, a, "Ann", "ann-secret")
        kept = cookie_of(ann, a)  # a copy kept (another tab, or a thief), good in every worker
        assert await lobby_with(kept, a) == 200 and await lobby_with(kept, b) == 200
        assert (await ann.post(url(a, "/logout"), headers=origin(a), allow_redirects=False)).status == 303
        await until_in((a, b), lambda: b.web.logins.check(kept) is None)
        assert await lobby_with(kept, b) == 401 and await lobby_with(kept, a) == 401


async def test_the_tables_a_login_set_up_in_one_worker_count_in_the_others(broker_url, tmp_path):
    from parlour.fronts.serve.quotas import parse

    from .harness import write

    passwords = write(tmp_path / "passwords", "shared\n")
    quotas = parse(["shared.tables=1"])
    async with (
        server(broker=broker_url, password_file=passwords, quotas=quotas) as a,
        server(broker=broker_url, password_file=passwords, quotas=quotas) as b,
    ):
        cid = await log_in(a, "Cid", "shared")
        cid.type("new garfield human")  # the shared password's one open table, in A
        await cid.said(lambda text: "You have a seat." in text)
        dan = await log_in(b, "Dan", "shared")  # the same login, through B
        await dan.said(lambda text: "Garfield, Cid" in text)
        dan.type("new smurf human")
        await dan.said(lambda text: "the players of the shared password have 1 tables open" in text)
        assert not b.lobby.tables
        await cid.close()
        await dan.close()


def waited(heart, count: str, at_least: int) -> int:
    """Until the heartbeat thread's `count` (beats or withheld) reaches `at_least` (it notifies
    each); returns it."""
    with heart.changed:
        assert heart.changed.wait_for(lambda: getattr(heart, count) >= at_least, timeout=30), f"{count}: too few"
        return getattr(heart, count)


def test_a_loop_late_by_less_than_hung_beats_and_a_stuck_one_does_not(broker_url, monkeypatch):
    """broker.Heartbeat, with an injected clock: a worker whose event loop last ran 29 s ago is busy
    (its key and its saves' leases are renewed, lease after lease); past broker.HUNG it is stuck:
    no beat, so its key lapses (and the supervisor, workers.Watch, stops it) and so do its leases."""
    import redis

    from parlour.fronts.serve import broker

    monkeypatch.setattr(broker, "LEASE", 1.0)
    monkeypatch.setattr(broker, "HEARTBEAT", 0.1)
    client = redis.Redis.from_url(broker_url, decode_responses=True)
    alive, lease = broker.PREFIX + "worker:w1", broker.PREFIX + "lease:/saves/1.jsonl"
    client.set(lease, "w1", px=1000)
    now = [1000.0]
    heart = broker.Heartbeat(broker_url, "w1", lambda: ["/saves/1.jsonl"], clock=lambda: now[0])
    heart.start()
    try:
        now[0] += broker.HUNG - 1  # the loop has not run for 29 s: busy
        waited(heart, "beats", 2 * 10)  # two leases' time (each beat HEARTBEAT after the last)
        assert client.exists(alive) and client.get(lease) == "w1"
        now[0] += 2  # 31 s: hung
        waited(heart, "withheld", 2 * 10)  # two leases' time without a beat
        assert not client.exists(alive) and client.get(lease) is None
        beats = heart.beats
        heart.tick()  # the loop runs again: it beats again (the lapsed lease is not taken back)
        waited(heart, "beats", beats + 1)
        assert client.exists(alive) and client.get(lease) is None
    finally:
        heart.stop()
        heart.join()


async def test_a_worker_whose_loop_is_held_past_the_lease_is_busy_not_hung_and_keeps_its_table(broker_url, monkeypatch):
    """Issue 41: a crowd logging in held a worker's event loop for longer than broker.LEASE; its
    heartbeat lapsed, the supervisor killed it as hung, and its tables' leases lapsed ("closed
    here"). Here the loop of both workers (one process) is held for two leases: A's heartbeat
    and its table's lease are renewed meanwhile by its thread, so it is not taken for hung (what
    workers.Watch looks at), and afterwards A keeps its table, Ann her seat, and B takes nothing up."""
    import redis

    from parlour.fronts.serve import broker

    from .test_bounds import log_text

    monkeypatch.setattr(broker, "LEASE", 1.0)
    monkeypatch.setattr(broker, "HEARTBEAT", 0.1)  # (the thread's pace; the loop's own beat keeps its 1 s)
    async with server(broker=broker_url) as a, server(broker=broker_url) as b:
        ann = await connect_plain(a, "Ann")
        ann.type("new garfield bot")
        await ann.said(lambda text: "Garfield: Ann" in text)
        table = next(iter(a.lobby.tables.values()))
        await asyncio.gather(*a.federation.jobs)  # its save leased
        (key,) = a.federation.leases
        client = redis.Redis.from_url(broker_url, decode_responses=True)
        assert client.get(broker.PREFIX + f"lease:{key}") == a.federation.broker.id
        heart, seen = a.federation.heartbeat, {}

        def hold() -> None:  # the loop held (as a crowd's key exchanges hold it) for two leases' beats
            seen["alive"], seen["lease"] = set(), set()
            for beat in range(heart.beats + 1, heart.beats + 2 * 10 + 1):
                waited(heart, "beats", beat)
                seen["alive"].add(client.exists(broker.PREFIX + f"worker:{a.federation.broker.id}"))
                seen["lease"].add(client.get(broker.PREFIX + f"lease:{key}"))

        asyncio.get_running_loop().call_soon(hold)
        await asyncio.sleep(0)  # (the hold runs in this turn of the loop)
        assert seen == {"alive": {1}, "lease": {a.federation.broker.id}}
        await a.federation.beat()  # what each worker's next beat does: A renews its leases, B takes up lapsed ones
        await b.federation.beat()
        assert a.lobby.tables.get(table.id) is table and not table.closed
        assert member(a, "Ann").table is table and table.id not in b.lobby.tables
        assert "lease lapsed" not in log_text()
        await ann.close()


async def test_the_tables_an_hour_and_the_servers_table_cap_count_every_workers(broker_url, tmp_path, monkeypatch):
    """A credential's tables an hour (`--quota tables_per_hour=`) and the server's cap on open
    tables (tables.MAX_TABLES) count the tables set up in every worker, as in one process."""
    from parlour.fronts.serve import tables
    from parlour.fronts.serve.quotas import parse

    from .harness import write

    passwords = write(tmp_path / "passwords", "shared\n")
    quotas = parse(["shared.tables_per_hour=1"])
    async with (
        server(broker=broker_url, password_file=passwords, quotas=quotas) as a,
        server(broker=broker_url, password_file=passwords, quotas=quotas) as b,
        server(broker=broker_url) as c,
    ):
        cid = await log_in(a, "Cid", "shared")
        cid.type("new garfield human")  # the shared password's one table this hour, in A
        await cid.said(lambda text: "You have a seat." in text)
        cred = member(a, "Cid").cred
        await until_in((a, b, c), lambda: b.lobby.table_quota.hourly.count(cred) == 1)  # B was told
        dan = await log_in(b, "Dan", "shared")
        dan.type("new smurf human")
        await dan.said(lambda text: "set up 1 tables in the last hour" in text)
        assert not b.lobby.tables
        monkeypatch.setattr(tables, "MAX_TABLES", 1)  # the server's one table is A's
        await until_in((a, b, c), lambda: c.federation.tables_elsewhere() == 1)
        eve = await connect_plain(c, "Eve")
        eve.type("new smurf human")
        await eve.said(lambda text: "the server has as many tables as it can hold" in text)
        assert not c.lobby.tables
        for client in (cid, dan, eve):
            await client.close()
