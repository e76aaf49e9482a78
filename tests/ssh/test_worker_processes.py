"""`parlour serve --broker … --workers N` as processes (issue 41): a worker killed mid-game is
replaced and its table reopens from its save in another worker; two hosts (two servers on other
ports) sharing one broker and one saves folder: a table opened through A is joined through B,
A is killed, and the table goes on through B. Real SSH clients in plain mode, a real Redis."""

from __future__ import annotations

import asyncio
import contextlib
import os
import re
import signal
import socket
import subprocess
import sys
import time

import pytest

from parlour.services import saves
from parlour.services.config import data_dir, saves_dir

from .broker import free_port
from .test_plain import connect_plain
from .test_workers import Answers


class Port:
    """What the clients connect to: a server's port (`harness.connect_plain` takes a hub)."""

    def __init__(self, port: int):
        self.port = port


def start(broker: str, port: int, workers: int) -> subprocess.Popen:
    args = [sys.executable, "-m", "parlour", "serve", "--port", str(port), "--broker", broker]
    args += ["--workers", str(workers), "--bot-delay", "0"]
    data_dir().mkdir(parents=True, exist_ok=True)
    with open(data_dir() / f"serve-{port}.stderr", "wb") as said:  # (read when a test fails)
        return subprocess.Popen(args, stderr=said, start_new_session=True)


def serving(broker: str, workers: int) -> tuple[subprocess.Popen, int]:
    """A `parlour serve` process listening, and its port. A port found free may be taken by another
    test's connection before the server binds it (the suite runs on every core): a server that
    ends before it listens is started again on another port."""
    said = ""
    for _ in range(3):
        port = free_port()
        process = start(broker, port, workers)
        deadline = time.monotonic() + 60  # a start on a loaded machine
        while process.poll() is None and time.monotonic() < deadline:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                return process, port
            except OSError:
                time.sleep(0.05)
        stop(process)
        said = (data_dir() / f"serve-{port}.stderr").read_text(errors="replace")[-2000:]
    raise AssertionError(f"parlour serve never listened; it said:\n{said}")


def holders(pattern: str) -> list[tuple[str, int]]:
    """The processes whose log has a line matching `pattern`, in time order, with its time (each
    worker's log names its process when it starts: a replaced worker writes on in the same log)."""
    found = []
    for path in data_dir().glob("serve-worker-*.log"):
        pid = 0
        for line in path.read_text().splitlines():
            started = re.search(r"worker \d+ is process (\d+)", line)
            if started:
                pid = int(started.group(1))
            elif re.search(pattern, line):
                found.append((line[:23], pid))
    return sorted(found)


def workers_started() -> list[int]:
    """The worker processes started, from their logs."""
    text = "".join(path.read_text() for path in data_dir().glob("serve-worker-*.log"))
    return [int(pid) for pid in re.findall(r"worker \d+ is process (\d+)", text)]


async def again(hub: Port, name: str):
    """A player connects again, as people do when a connection just dropped: one the dead worker
    had not accepted yet is reset, and they try once more."""
    for _ in range(5):
        try:
            return await connect_plain(hub, name)
        except ConnectionResetError:
            continue
    raise AssertionError(f"{name} could not connect again")


async def until_true(predicate, timeout: float = 20) -> None:
    """Until `predicate()` holds (read from the servers' logs: checked every 50 ms)."""
    deadline = time.monotonic() + timeout
    while not predicate():
        assert time.monotonic() < deadline, "timed out"
        await asyncio.sleep(0.05)


def saved_events() -> int:
    return len(saves.read(next(saves_dir().glob("*.jsonl"))).events)


HANGS = pytest.param(
    signal.SIGSTOP,
    marks=pytest.mark.skipif(not os.environ.get("PARLOUR_SSH_LONG"), reason="long: set PARLOUR_SSH_LONG=1"),
    id="hangs",
)


@pytest.mark.parametrize("how", [pytest.param(signal.SIGKILL, id="killed"), HANGS])
async def test_a_worker_killed_or_hung_mid_game_is_replaced_and_its_players_find_their_seats(broker_url, how):
    """SIGKILL: it ends, and is replaced. SIGSTOP: it hangs (its loop runs no more); its heartbeat
    in the broker lapses, the first process kills it, and it is replaced as one that ended."""
    server, port = serving(broker_url, 2)
    try:
        hub = Port(port)
        ann = await connect_plain(hub, "Ann")
        await ann.said(lambda text: "Tables (Ann):" in text)
        ann.type("new garfield human")
        await ann.said(lambda text: "You have a seat." in text)
        number = int(re.search(r"(\d+)\. Garfield, Ann", ann.text()).group(1))
        bob = await connect_plain(hub, "Bob")
        await bob.said(lambda text: f"{number}. Garfield, Ann" in text)
        bob.type(f"join {number}")
        answers = Answers(5)
        await answers.play([ann, bob], moves=10)
        before = saved_events()
        (_, holder), *_ = holders(rf"table {number} created")
        os.kill(holder, how)
        killed = time.monotonic()
        if how == signal.SIGSTOP:  # their connections end when the hung worker is killed
            for player in (ann, bob):
                await player.wait_for(lambda client: client.closed)
        await ann.close()
        await bob.close()
        await until_true(lambda: len(workers_started()) == 3)  # the killed one was replaced
        # they connect again (the kernel may send each to either worker) and find their seats
        ann = await again(hub, "Ann")
        bob = await again(hub, "Bob")
        for player in (ann, bob):
            await player.said(lambda text: "Garfield: Ann, Bob." in text)
        seated = time.monotonic() - killed
        assert seated < (10 if how == signal.SIGKILL else 15), f"the table reopened {seated:.1f} s after"
        assert saved_events() >= before  # no move lost (the last answers may have been saved since)
        reopened = [pid for _, pid in holders("reopened from")]
        assert len(reopened) == 1 and reopened[0] != holder  # once, by another worker (or its replacement)
        await answers.play([ann, bob], moves=10)
        assert saved_events() > before  # and the game goes on
        await ann.close()
        await bob.close()
    finally:
        stop(server)


def stop(server: subprocess.Popen) -> None:
    server.terminate()  # the supervisor stops its workers
    try:
        server.wait(30)
    except subprocess.TimeoutExpired:
        print(
            subprocess.run(
                ["ps", "-o", "pid,ppid,stat,wchan:20,cmd", "-g", str(server.pid)], capture_output=True, text=True
            ).stdout
        )
        for path in data_dir().glob("serve-*"):
            print(path.name, path.read_text()[-3000:])
        raise
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(server.pid, signal.SIGKILL)  # (whatever is left of it, if the test failed)


async def test_two_hosts_share_a_broker_and_a_table_moves_to_b_when_a_dies(broker_url):
    host_a, a_port = serving(broker_url, 1)  # the two share one saves folder
    host_b: subprocess.Popen | None = None
    try:
        host_b, b_port = serving(broker_url, 1)
        ann = await connect_plain(Port(a_port), "Ann")
        ann.type("new garfield human")
        await ann.said(lambda text: "You have a seat." in text)
        number = int(re.search(r"(\d+)\. Garfield, Ann", ann.text()).group(1))
        bob = await connect_plain(Port(b_port), "Bob")  # through host B: A's table is listed there
        await bob.said(lambda text: f"{number}. Garfield, Ann" in text)
        bob.type(f"join {number}")
        await bob.said(lambda text: "Garfield: Ann, Bob." in text)
        answers = Answers(7)
        await answers.play([ann, bob], moves=12)
        before = saved_events()
        os.killpg(host_a.pid, signal.SIGKILL)  # host A is gone, its supervisor and worker at once
        host_a.wait()
        killed = time.monotonic()
        await ann.close()
        # Bob, still connected to B, is seated again when B reopens the table from its save
        await bob.said(lambda text: text.count("Garfield: Ann, Bob.") == 2)
        moved = time.monotonic() - killed
        assert moved < 10, f"the table reopened through B {moved:.1f} s after A was killed"
        assert saved_events() >= before  # no move lost
        ann = await again(Port(b_port), "Ann")  # Ann connects to B and finds her seat
        await ann.said(lambda text: "Garfield: Ann, Bob." in text)
        await answers.play([ann, bob], moves=12)
        assert saved_events() > before  # the game goes on
        await ann.close()
        await bob.close()
    finally:
        with contextlib.suppress(ProcessLookupError):
            os.killpg(host_a.pid, signal.SIGKILL)
        if host_b is not None:
            stop(host_b)
