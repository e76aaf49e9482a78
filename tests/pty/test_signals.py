"""Every way out gives the terminal back as it was found and keeps every move: SIGTERM, SIGHUP,
SIGINT and SIGQUIT sent in a real pseudo-terminal, at seeded random moments, to the full-screen
app (during a bot's move, an undo, a save), to replay and to `parlour replay FILE --text
--analysis`. The terminal's modes are read back from it: its termios (cooked mode) and what the
program wrote to it, read as a terminal reads it (tests/ssh/openssh.py `terminal_modes`: the
main screen, the cursor shown, line wrap on, mouse and paste reports off).

A moment is a seeded number of keys from a seeded pool, each but the last answered in full, then
the signal sent right after the last key, once a seeded number of bytes of its answer have come
(0: at once). The default run tries each signal on the table and the analysis, and the two a
shutdown and a closed terminal send on replay; PARLOUR_SIGNAL_MOMENTS=N tries N moments per
signal and command."""

from __future__ import annotations

import fcntl
import os
import random
import select
import signal
import struct
import subprocess
import sys
import termios
import time
from pathlib import Path

import pytest

from parlour.rules.bots import make
from parlour.rules.records import Acted
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.table_driver import TableDriver

from ..ssh.openssh import terminal_modes

pytestmark = pytest.mark.skipif(sys.platform != "linux", reason="needs a Linux PTY")

SIGNALS = (signal.SIGTERM, signal.SIGHUP, signal.SIGINT, signal.SIGQUIT)
MOMENTS = int(os.environ.get("PARLOUR_SIGNAL_MOMENTS", "1"))
HANG = 60.0  # seconds: only so that a program that never ends fails the test instead of hanging it
QUIET = 0.4  # seconds of silence that end a key's answer (as tools/pty_bytes.py reads one)
KEYS = {"space": b" ", "enter": b"\r", "down": b"\x1b[B", "up": b"\x1b[A", "right": b"\x1b[C", "left": b"\x1b[D"}
KEYS.update({"end": b"\x1b[F", "home": b"\x1b[H"})
# The table's keys: a roll (saved), the Lasagna question's answers, an undo (the save rewritten)
# and the bots' moves that follow each (no pause before them).
TABLE_KEYS = ["space", "1", "2", "enter", "down", "u", "u"]
REPLAY_KEYS = ["right", "left", "end", "home", "right"]


class Terminal:
    """A pseudo-terminal of 80x24 with a program on it as its controlling terminal; `raw`: all
    the program wrote to it. The terminal's own end stays open here, so its modes can be read
    back after the program has ended."""

    def __init__(self, argv: list[str], env: dict[str, str]):
        self.master, self.slave = os.openpty()
        fcntl.ioctl(self.slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
        self.found = termios.tcgetattr(self.slave)
        self.raw = b""

        def own_terminal() -> None:
            fcntl.ioctl(0, termios.TIOCSCTTY, 0)

        self.process = subprocess.Popen(
            argv,
            stdin=self.slave,
            stdout=self.slave,
            stderr=self.slave,
            env=env,
            start_new_session=True,
            preexec_fn=own_terminal,
        )

    def read(self, quiet: float = QUIET, at_least: int = 0, until: bytes = b"") -> None:
        """Read until nothing came for `quiet` seconds once `at_least` bytes (and `until`) came."""
        start, wanted = len(self.raw), len(self.raw) + at_least
        deadline = time.monotonic() + HANG
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.master], [], [], quiet)
            if ready:
                self.raw += os.read(self.master, 65536)
            elif len(self.raw) >= wanted and until in self.raw[start:]:
                return
            elif self.process.poll() is not None:
                return
        pytest.fail(f"no answer; the screen's last bytes: {self.raw[-300:]!r}")

    def read_bytes(self, count: int) -> None:
        """Read until `count` more bytes came, or the answer ended before (`QUIET`)."""
        wanted = len(self.raw) + count
        while len(self.raw) < wanted and select.select([self.master], [], [], QUIET)[0]:
            self.raw += os.read(self.master, 65536)

    def press(self, key: str) -> None:
        os.write(self.master, KEYS.get(key, key.encode()))

    def ended(self) -> int:
        """The program's exit status once it has ended (its last bytes read)."""
        deadline = time.monotonic() + HANG
        while self.process.poll() is None:
            if time.monotonic() > deadline:
                self.process.kill()
                pytest.fail(f"still running {HANG:.0f} s after the signal; last bytes {self.raw[-300:]!r}")
            ready, _, _ = select.select([self.master], [], [], 0.05)
            if ready:
                self.raw += os.read(self.master, 65536)
        while select.select([self.master], [], [], 0)[0]:
            self.raw += os.read(self.master, 65536)
        return self.process.returncode

    def as_found(self) -> dict:
        """What differs from the terminal as it was found: its termios, and the modes written."""
        changed = terminal_modes(self.raw)
        if termios.tcgetattr(self.slave) != self.found:
            changed["termios"] = "changed (raw mode left on)"
        return changed

    def close(self) -> None:
        if self.process.poll() is None:
            self.process.kill()
            self.process.wait()
        os.close(self.master)
        os.close(self.slave)


def parlour(tmp_path: Path, *args: str) -> Terminal:
    env = dict(os.environ, TERM="xterm-256color", COLUMNS="80", LINES="24")
    env.update(PARLOUR_DATA_DIR=str(tmp_path / "data"), PARLOUR_CONFIG_DIR=str(tmp_path / "config"))
    return Terminal([sys.executable, "-m", "parlour", "--no-animations", *args], env)


def moments(kind: str, signals=SIGNALS) -> list[tuple[int, int]]:
    """(signal, seed) for each moment tried: MOMENTS per signal, seeded by the command's kind.
    `signals`: the ones tried by default (every one when more moments are asked for)."""
    rng = random.Random(f"signals-{kind}")
    tried = signals if MOMENTS == 1 else SIGNALS
    return [(signum, rng.randrange(1 << 30)) for signum in tried for _ in range(MOMENTS)]


def at_a_moment(terminal: Terminal, rng: random.Random, pool: list[str]) -> list[str]:
    """Press a seeded number of keys from `pool`, each answered in full but the last, which is
    answered only in part (a seeded number of bytes): the signal comes next. The keys pressed."""
    keys = [rng.choice(pool) for _ in range(rng.randrange(1, 6))]
    for key in keys[:-1]:
        terminal.press(key)
        terminal.read()
    terminal.press(keys[-1])
    terminal.read_bytes(rng.choice([0, 0, 1, 200, 2000]))
    return keys


def on_disk(folder: Path) -> tuple[int, list[str]]:
    """The moves in the one save in `folder` (0 for none), and what is wrong there (a save not
    read whole, a temporary file left)."""
    wrong = [f"{path.name} left" for path in folder.glob(".*.tmp")]
    found = [path for path in folder.glob("*.jsonl") if path.stat().st_size]
    if not found:
        return 0, wrong
    assert len(found) == 1, found
    loaded = saves.read(found[0])
    wrong += loaded.warnings
    return sum(1 for event in loaded.events if type(event) is Acted and event.seat is not None), wrong


@pytest.fixture(scope="module")
def finished_game(tmp_path_factory) -> Path:
    """A game three bots played to its end, saved."""
    table = Table.new("garfield", ["Ann", "Odie", "Nermal"], seed=4)
    TableDriver(table, {seat: make("smart", seat) for seat in range(3)}).play_bots()
    path = tmp_path_factory.mktemp("finished") / "finished.jsonl"
    saves.write(path, table.header, table.events)
    return path


@pytest.mark.parametrize(("signum", "seed"), moments("table"), ids=lambda v: str(v))
def test_a_signal_to_the_table_gives_the_terminal_back_and_keeps_every_move(tmp_path, signum, seed):
    rng = random.Random(seed)
    terminal = parlour(tmp_path, "--bot-delay", "0", "play", "garfield", "--seats", "You,bot,bot", "--seed", "2")
    try:
        terminal.read(at_least=1500)  # the first frame
        keys = at_a_moment(terminal, rng, TABLE_KEYS)
        before, _ = on_disk(tmp_path / "data" / "saves")  # every move answered in full is on disk
        terminal.process.send_signal(signum)
        status = terminal.ended()
        assert terminal.as_found() == {}, keys
        assert status == 128 + signum, (keys, terminal.raw[-400:])
        moves, wrong = on_disk(tmp_path / "data" / "saves")
        assert wrong == [], keys
        assert moves >= before or keys[-1] == "u", (keys, before, moves)
    finally:
        terminal.close()


@pytest.mark.parametrize(("signum", "seed"), moments("replay", (signal.SIGTERM, signal.SIGHUP)), ids=lambda v: str(v))
def test_a_signal_to_replay_gives_the_terminal_back_and_leaves_the_save_as_it_was(
    tmp_path, finished_game, signum, seed
):
    path = finished_game
    kept = path.read_bytes()
    terminal = parlour(tmp_path, "replay", str(path))
    try:
        terminal.read(at_least=1500)
        keys = at_a_moment(terminal, random.Random(seed), REPLAY_KEYS)
        terminal.process.send_signal(signum)
        status = terminal.ended()
        assert terminal.as_found() == {}, keys
        assert status == 128 + signum, (keys, terminal.raw[-400:])
        assert path.read_bytes() == kept
    finally:
        terminal.close()


@pytest.mark.parametrize(("signum", "seed"), moments("analysis"), ids=lambda v: str(v))
def test_a_signal_to_the_analysis_gives_the_cursor_back(tmp_path, finished_game, signum, seed):
    path = finished_game
    terminal = parlour(tmp_path, "replay", str(path), "--text", "--analysis")
    try:
        terminal.read(until=b"\x1b[?25l", quiet=0.05)  # the progress bar is up: the cursor hidden
        terminal.read_bytes(random.Random(seed).choice([0, 1, 100, 400]))
        terminal.process.send_signal(signum)
        status = terminal.ended()
        assert terminal.as_found() == {}
        assert status == 128 + signum, terminal.raw[-400:]
    finally:
        terminal.close()


def test_a_closed_terminal_ends_the_app_even_when_no_sighup_comes(tmp_path):
    """The terminal's other end closed while the app is not its controlling process (a job in
    the background): its input reads as ended at once, and the app ends instead of spinning."""
    env = dict(os.environ, TERM="xterm-256color")
    env.update(PARLOUR_DATA_DIR=str(tmp_path / "data"), PARLOUR_CONFIG_DIR=str(tmp_path / "config"))
    master, slave = os.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    argv = [sys.executable, "-m", "parlour", "--bot-delay", "0", "play", "garfield", "--seats", "You,bot,bot"]
    process = subprocess.Popen(argv, stdin=slave, stdout=slave, stderr=slave, env=env, start_new_session=True)
    os.close(slave)
    try:
        raw = b""
        while len(raw) < 1500 and select.select([master], [], [], HANG)[0]:
            raw += os.read(master, 65536)
        os.write(master, b" ")
        os.close(master)
        try:
            process.wait(HANG)
        except subprocess.TimeoutExpired:
            pytest.fail("the app went on running on a closed terminal")
        assert process.returncode == 128 + signal.SIGHUP
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
