"""`parlour serve`: no one player (or one password, or one crowd of silent sockets) can hurt the
others (issue 27, findings 3, 4, 5, 6 and 9), through real SSH connections on loopback. Other
loopback addresses (127.0.0.2 and up) stand for other people's addresses. Nothing waits on the
clock: every wait is for a condition (a guard's clock is moved by hand where time must pass)."""

from __future__ import annotations

import asyncio

import asyncssh
import pytest

from parlour.serve.server import Hub, ServeError, Settings
from parlour.config import data_dir

from .harness import TIMEOUT, connect, member, server, until, write


async def login(hub, name: str, *, address: str = "127.0.0.1", **options):
    """A logged-in connection (no session yet)."""
    options.setdefault("client_keys", None)
    return await asyncio.wait_for(asyncssh.connect(
        "127.0.0.1", hub.port, username=name, known_hosts=None, agent_path=None,
        local_addr=(address, 0), **options), TIMEOUT)


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
        for i in range(3):
            await refused(hub, "ann", password=f"wrong{i}")
            (await login(hub, "eve", password="pear")).close()  # Eve, logging in as herself
        # today: each of Eve's logins wiped her address's record, so she never waits
        assert hub.backoff.records["127.0.0.1"].failures == 3
        hub.backoff.turn("127.0.0.1")
        assert hub.backoff.turn("127.0.0.1") > 0  # its tries are one at a time, a second apart
        await refused(hub, "eve", password="typo")
        (await login(hub, "eve", password="pear")).close()
        assert hub.backoff.records["127.0.0.1"].failures == 3  # her own typo is forgiven, not the rest


async def test_3_one_password_takes_a_few_guesses_from_anywhere_then_only_a_key_or_waiting_passes(tmp_path):
    ann_key = asyncssh.generate_private_key("ssh-ed25519")
    passwords = write(tmp_path / "passwords", "ann:apple\n")
    keys = write(tmp_path / "keys", ann_key.export_public_key().decode())
    async with server(password_file=passwords, authorized_keys=keys) as hub:
        judged = count_judged(hub)
        for i in range(20):  # one guess from each of 20 addresses: each its first, free, failure
            await refused(hub, "ann", address=f"127.0.0.{i + 2}", password=f"wrong{i}")
        assert judged[0] <= 5  # today: all 20 judged
        reason = await refused(hub, "ann", address="127.0.0.40", password="apple")
        assert "wait a few minutes, or log in with your key" in reason  # locked, even for the right one
        (await login(hub, "ann", client_keys=[ann_key])).close()  # her key still lets her in
        hub.guesses.clock = lambda: 10**6  # ... and so does waiting
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
