"""`parlour serve`: no one player (or one password, or one crowd of silent sockets) can hurt the
others (issue 27, findings 3, 4, 5, 6 and 9), through real SSH connections on loopback. Other
loopback addresses (127.0.0.2 and up) stand for other people's addresses. Nothing waits on the
clock: every wait is for a condition (a guard's clock is moved by hand where time must pass)."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from dataclasses import replace

import asyncssh
import pytest

from parlour.fronts.serve import ssh_door as ssh_door_module
from parlour.fronts.serve.names import NameBook
from parlour.fronts.serve.server import Hub, ServeError, Settings
from parlour.services.config import data_dir
from parlour.services.wire import Create

from .harness import TIMEOUT, connect, member, server, until, write


async def login(hub, name: str, *, address: str = "127.0.0.1", **options):
    """A logged-in connection (no session yet)."""
    options.setdefault("client_keys", None)
    return await asyncio.wait_for(
        asyncssh.connect(
            "127.0.0.1", hub.port, username=name, known_hosts=None, agent_path=None, local_addr=(address, 0), **options
        ),
        TIMEOUT,
    )


async def refused(hub, name: str, **options) -> str:
    """Log in and expect a refusal; returns the reason the server gave."""
    with pytest.raises((asyncssh.PermissionDenied, asyncssh.DisconnectError, asyncssh.ConnectionLost)) as error:
        conn = await login(hub, name, **options)
        conn.close()
    return str(error.value)


def count_judged(hub) -> list[int]:
    """How many password tries the server judges (compares) from now on."""
    judged = [0]
    check = hub.check_password

    def counted(*args):
        judged[0] += 1
        return check(*args)

    hub.check_password = counted
    return judged


# 3: guessing is bounded per password as well as per address ----------------------------------------


async def test_3_logging_in_as_oneself_between_guesses_does_not_reset_the_back_off(tmp_path):
    passwords = write(tmp_path / "passwords", "ann:apple\neve:pear\n")
    async with server(password_file=passwords) as hub:
        hub.backoff.base = 0.05  # its waits, shortened for the test
        for i in range(3):
            await refused(hub, "ann", password=f"wrong{i}")
            (await login(hub, "eve", password="pear")).close()  # Eve, logging in as herself
        # today: each of Eve's logins wiped her address's record, so she never waits
        assert hub.backoff.records["127.0.0.1"].failures == 3
        assert hub.backoff.turn("127.0.0.1") > 0  # its next try waits,
        assert hub.backoff.turn("127.0.0.1") is None  # and one at a time: a second may not queue behind it
        hub.backoff.records["127.0.0.1"].waiting_until = 0  # (the try reserved above never comes)
        await refused(hub, "eve", password="typo")
        (await login(hub, "eve", password="pear")).close()
        assert hub.backoff.records["127.0.0.1"].failures == 3  # her own typo is forgiven, not the rest


async def test_3_one_password_takes_a_few_guesses_from_anywhere_then_only_a_key_or_waiting_passes(tmp_path):
    ann_key = asyncssh.generate_private_key("ssh-ed25519")
    passwords = write(tmp_path / "passwords", "ann:apple\n")
    keys = write(tmp_path / "keys", ann_key.export_public_key().decode())
    async with server(password_file=passwords, authorized_keys=keys) as hub:
        (await login(hub, "ann", address="127.0.0.99", password="apple")).close()  # Ann, at home
        judged = count_judged(hub)
        for i in range(20):  # one guess from each of 20 addresses: each its first, free, failure
            await refused(hub, "ann", address=f"127.0.0.{i + 2}", password=f"wrong{i}")
        assert judged[0] <= 5  # today: all 20 judged
        reason = await refused(hub, "ann", address="127.0.0.40", password="apple")
        assert "wait a few minutes, or log in with your key" in reason  # locked, even for the right one
        (await login(hub, "ann", client_keys=[ann_key])).close()  # her key still lets her in,
        (await login(hub, "ann", address="127.0.0.99", password="apple")).close()  # and her home,
        hub.guesses.clock = lambda: 10**6  # ... and, anywhere, waiting
        (await login(hub, "ann", address="127.0.0.40", password="apple")).close()
    log = (data_dir() / "serve.log").read_text()
    assert "password:ann is locked after too many wrong passwords" in log


# 9: Ctrl+Q leaves a served table in every state; the keys file is checked -------------------------


async def gone(term) -> None:
    await asyncio.wait_for(term.process.wait_closed(), TIMEOUT)


async def test_9_ctrl_q_leaves_a_served_table_in_every_state():
    async with server() as hub:
        table = hub.lobby.create("garfield", ["human", "human"], seed=3)
        ann = await connect(hub, "Ann")
        await ann.wait_for("#1 Garfield")
        ann.press("enter")
        await ann.wait_for("You have a seat")  # seated, waiting for a second player
        ann.press("ctrl+q")
        await gone(ann)  # today: nothing happens
        await ann.close()
        await until(hub, lambda: member(hub, "Ann") is None)
        table = hub.lobby.create("garfield", ["human", "human"], seed=3)  # the first closed as she left
        ann, bob = await connect(hub, "Ann"), await connect(hub, "Bob")
        for term in (ann, bob):
            await term.wait_for(f"#{table.id} Garfield")
            term.press("enter")
        await ann.wait_for("Your hand")
        await bob.wait_for("Your hand")
        waiting = {0: bob, 1: ann}[table.plan.index(next(s for s in table.plan if s.name == "Ann"))]
        acting = bob if waiting is ann else ann
        waiting.press("ctrl+q")  # in play, not their turn
        await gone(waiting)
        acting.press("ctrl+q")  # in play, their turn (the other away)
        await gone(acting)
        for term in (ann, bob):
            await term.close()


def test_9_an_authorized_keys_file_others_can_read_or_write_is_refused(tmp_path):
    keys = write(tmp_path / "keys", asyncssh.generate_private_key("ssh-ed25519").export_public_key().decode())
    for mode in (0o644, 0o620):
        keys.chmod(mode)
        with pytest.raises(ServeError, match=f"others \\(mode {mode:o}\\); run: chmod 600"):
            Hub(Settings(authorized_keys=keys))


# 5: quotas per credential ---------------------------------------------------------------------------


async def session_text(hub, name: str, **options) -> str:
    """What a plain (no PTY) session as `name` is told, up to its first pause or its end."""
    conn = await login(hub, name, **options)
    try:
        process = await conn.create_process(encoding=None)
        text = b""
        try:
            while chunk := await asyncio.wait_for(process.stdout.read(65536), 0.3 if text else TIMEOUT):
                text += chunk
        except (TimeoutError, asyncssh.Error, ConnectionError):
            pass
        return text.decode("utf-8", "replace")
    finally:
        conn.close()


def keys_file(tmp_path, *keys):
    return write(tmp_path / "keys", "".join(k.export_public_key().decode() for k in keys))


async def test_5_one_key_holds_a_few_connections_and_the_shared_password_never_all(tmp_path):
    ann_key, bob_key = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    passwords = write(tmp_path / "passwords", "open-sesame\n")
    async with server(
        password_file=passwords, authorized_keys=keys_file(tmp_path, ann_key, bob_key), max_connections=12
    ) as hub:
        held = [await login(hub, "ann", client_keys=[ann_key]) for _ in range(3)]
        reason = await refused(hub, "ann", client_keys=[ann_key])  # today: in, up to all 64
        assert "your login has 3 connections here already" in reason
        from parlour.fronts.serve.quotas import SHARED, Quotas

        hub.settings.quotas = Quotas(shared=replace(SHARED, connections=8))  # 8 of 12, in a short test
        for i in range(0, 8, 4):
            held += await asyncio.gather(*(login(hub, f"p{i + j}", password="open-sesame") for j in range(4)))
        reason = await refused(hub, "p9", password="open-sesame")
        assert "the shared password's players have 8 connections here already" in reason
        held.append(await login(hub, "bob", client_keys=[bob_key]))  # another key still finds room
        held[0].close()
        await until(hub, lambda: hub.connections == len(held) - 1)
        held.append(await login(hub, "ann", client_keys=[ann_key]))  # a connection closed is given back
        for conn in held:
            conn.close()


async def test_5_one_key_sets_up_a_few_tables_and_takes_a_few_names(tmp_path):
    ann_key, bob_key = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    async with server(authorized_keys=keys_file(tmp_path, ann_key, bob_key)) as hub:
        ann, bob = await connect(hub, "Ann", client_keys=[ann_key]), await connect(hub, "Bob", client_keys=[bob_key])
        await ann.wait_for("the tables")
        await bob.wait_for("the tables")
        create = Create("garfield", ("human", "bot:random"))
        for _ in range(4):  # each starts at once (a bot fills it), and she is away from the one before
            hub.lobby.handle(member(hub, "Ann"), create)
        assert len(hub.lobby.tables) == 3  # today: 4, and on up to all 40
        hub.lobby.handle(member(hub, "Bob"), create)  # another key still may
        assert len(hub.lobby.tables) == 4
        await ann.close()
        await bob.close()
        taken = [await session_text(hub, f"ann{i}", client_keys=[ann_key]) for i in range(10)]  # and "Ann"
        assert "took 10 new names in the last hour" in taken[-1]  # today: every name, to the 100,000 cap
        assert all("took" not in text for text in taken[:-1])
    log = (data_dir() / "serve.log").read_text()
    assert "refused create from Ann: you have 3 tables open that you set up" in log


async def test_5_a_reconnect_reopens_no_more_shelved_tables_than_the_quota_of_open_ones(tmp_path):
    ann_key = asyncssh.generate_private_key("ssh-ed25519")
    now = [0.0]
    async with server(authorized_keys=keys_file(tmp_path, ann_key), abandon_after=100) as hub:
        hub.lobby.clock = lambda: now[0]
        create = Create("garfield", ("human", "bot:random"))
        for name in ("Ann", "Ann2"):  # three tables set up, left and closed as abandoned; then three
            ann = await connect(hub, name, client_keys=[ann_key])  # more, by the same key as Ann2
            await ann.wait_for("the tables")
            for _ in range(3):
                hub.lobby.handle(member(hub, name), create)
            await ann.close()
            await until(hub, lambda: member(hub, name) is None)
            if not now[0]:
                now[0] = 1000
                assert len(hub.lobby.sweep()) == 3
        ann = await connect(hub, "Ann", client_keys=[ann_key])  # today: all six open again
        await ann.wait_for("the tables")
        assert len([t for t in hub.lobby.tables.values() if t.status != "finished"]) == 3
        assert len(hub.lobby.shelf) == 3  # kept, to reopen as her other tables finish
        await ann.close()


# 6: look-alike names -----------------------------------------------------------------------------------

LOOK_ALIKES = {
    "\u0410nn": "mixes the letters of different scripts",  # Cyrillic А
    "\u0391\u043f\u043f": "mixes the letters of different scripts",  # Greek Α, Cyrillic пп
    "Ann\u0335": "drawn as nothing or only changes the look",  # a combining overlay
    "Ann\u1160": "drawn as nothing",  # a Hangul filler
    "\u1160": "drawn as nothing",
    "\uff21\uff4e\uff4e": "belongs to another player",  # full-width: "Ann" once NFKC'd
    "\u0410\u0441\u0435": "looks like the name ace",
}  # all Cyrillic, drawn as "Ace"


async def test_6_a_name_that_looks_like_an_owned_one_is_refused_and_real_names_still_work(tmp_path):
    ann_key, eve_key = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    async with server(authorized_keys=keys_file(tmp_path, ann_key, eve_key)) as hub:
        for name in ("Ann", "Ace"):
            await session_text(hub, name, client_keys=[ann_key])
        for name, reason in LOOK_ALIKES.items():
            assert reason in await session_text(hub, name, client_keys=[eve_key]), name  # today: let in
        for name in ("Åsa", "Jönsson", "Ørjan", "Łucja"):
            await session_text(hub, name, client_keys=[eve_key])
            assert hub.names.owner(name) == f"key:{eve_key.get_fingerprint()}"


def test_6_a_name_book_from_before_keeps_every_owner_and_refuses_new_look_alikes(tmp_path):
    path = tmp_path / "names.json"
    write(path, '{"version": 1, "names": {"ace": "key:A", "\u0430\u0441\u0435": "key:B"}}')
    book = NameBook(path)
    assert book.claim("Ace", "key:A") and book.claim("\u0410\u0441\u0435", "key:B")  # both kept
    assert not book.claim("ACE", "key:B") and not book.claim("\u0410\u0441\u0435", "key:A")
    assert book.claim("Cab", "key:C") and not book.claim("\u0421\u0430\u0432", "key:D")  # today: taken
    assert "looks like the name cab" in book.refusal("\u0421\u0430\u0432", "key:D")  # Cyrillic, drawn as "Cab"


# 4: pre-authentication fairness ------------------------------------------------------------------------


async def settled(predicate) -> None:
    """Wait until `predicate()` holds (connections arriving change no lobby, so it is polled)."""
    for _ in range(int(TIMEOUT / 0.02)):
        if predicate():
            return
        await asyncio.sleep(0.02)
    raise AssertionError("timed out waiting for the server")


def logging_in(hub) -> int:
    slots = hub.logging_in
    return len(slots.holders) if hasattr(slots, "holders") else sum(slots.counts.values())  # today's Slots


def waiting(hub) -> int:
    return len(getattr(hub.logging_in, "waiting", ()))


def silent(hub, address: str) -> socket.socket:
    """A connection that never says a word, from `address`."""
    sock = socket.socket()
    sock.bind((address, 0))
    sock.connect(("127.0.0.1", hub.port))
    return sock


async def test_4_silent_sockets_from_other_addresses_do_not_lock_a_fresh_address_out():
    async with server() as hub:  # 32 login slots, 4 per address
        socks = [silent(hub, f"127.0.0.{2 + i // 4}") for i in range(32)]  # 8 addresses x 4: all slots
        await settled(lambda: logging_in(hub) == 32)
        for i in range(3):  # today: refused, "too many connections are logging in from your address"
            conn = await login(hub, f"fresh{i}", address=f"127.0.1.{i + 1}")
            conn.close()
        more = [silent(hub, "127.0.0.2") for _ in range(4)]  # an address past its share waits
        await settled(lambda: waiting(hub) == 3)  # (one of its four made room for a fresh one)
        assert hub.logging_in.sources["127.0.0.2"] == 4
        for sock in socks + more:
            sock.close()


async def test_4_a_fifth_person_behind_one_address_waits_a_moment_then_is_told_the_true_reason(monkeypatch):
    monkeypatch.setattr(ssh_door_module, "WAIT", 0.5, raising=False)  # its wait, shortened
    async with server() as hub:
        socks = [silent(hub, "127.0.0.1") for _ in range(4)]  # four logging in from one address
        await settled(lambda: logging_in(hub) == 4)
        fifth = asyncio.ensure_future(login(hub, "fifth"))
        await settled(lambda: waiting(hub) == 1)
        socks.pop().close()  # one of the four is done: the fifth goes on, not refused (today: refused)
        (await fifth).close()
        socks.append(silent(hub, "127.0.0.1"))
        await settled(lambda: logging_in(hub) == 4)
        reason = await refused(hub, "sixth")  # nobody finishes within the wait: told why
        assert "too many connections are logging in from your address" in reason
        for sock in socks:
            sock.close()


# the long versions (PARLOUR_SSH_LONG=1) ----------------------------------------------------------------

LONG = pytest.mark.skipif(os.environ.get("PARLOUR_SSH_LONG") != "1", reason="a long attack: PARLOUR_SSH_LONG=1")


@LONG
async def test_3_long_a_minute_of_guesses_at_one_password_from_ever_new_addresses_judges_at_most_30(tmp_path):
    async with server(password_file=write(tmp_path / "passwords", "ann:apple\n")) as hub:
        judged = count_judged(hub)
        stop, tried = asyncio.get_running_loop().time() + 60, [0]

        async def guesser():
            while asyncio.get_running_loop().time() < stop:
                tried[0] += 1
                address = f"127.0.{2 + tried[0] // 250}.{1 + tried[0] % 250}"
                with contextlib.suppress(asyncssh.Error, OSError, asyncio.TimeoutError):
                    (await login(hub, "ann", address=address, password=f"wrong{tried[0]}")).close()

        await asyncio.gather(*(guesser() for _ in range(4)))
        assert judged[0] <= 30 < tried[0]


@LONG
async def test_4_long_a_fresh_address_gets_in_28_times_while_8_addresses_keep_4_silent_sockets_each():
    async with server() as hub:
        socks, done = [], asyncio.Event()

        async def refill():  # as the server closes (or queues) a silent socket, another is opened
            while not done.is_set():
                for i in range(8):
                    address = f"127.0.0.{2 + i}"
                    while (
                        hub.logging_in.sources.get(address, 0)
                        + sum(1 for s in hub.logging_in.waiting.values() if s == address)
                        < 4
                        and len(socks) < 2000
                    ):
                        socks.append(silent(hub, address))
                        await asyncio.sleep(0.01)
                await asyncio.sleep(0.05)

        filler = asyncio.ensure_future(refill())
        await settled(lambda: logging_in(hub) == 32)
        for i in range(28):
            (await login(hub, f"fresh{i}", address="127.0.1.1")).close()
        done.set()
        await filler
        for sock in socks:
            sock.close()
