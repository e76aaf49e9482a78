"""Issue 37, item 1: one writer per save, on every front. A game open anywhere holds its save's
lock (parlour/services/save_lock.py); a second copy opening it is told who holds it and since
when, and offered to watch it or go back; nothing appends to a save it does not hold; a lock
left by a dead process is taken over without asking. Real processes, through pipes; the long
run (100 alternating rounds) is opt-in: PARLOUR_LOCK_LONG=1."""

from __future__ import annotations

import json
import os
import random
import signal
import socket
import subprocess
import sys
import textwrap

import pytest

from parlour.rules.bots import make
from parlour.rules.records import Acted
from parlour.rules.table import Table
from parlour.services import save_lock, saves
from parlour.services.table_driver import TableDriver

from .plain.conversation import choose, read_until_prompt
from .plain.test_plain_cli import command, environment

HOT_SEAT = {"seats": [{"bot": None, "colour": "red"}, {"bot": None, "colour": "blue"}]}
LONG = os.environ.get("PARLOUR_LOCK_LONG") == "1"
ROUNDS = 100 if LONG else 2  # two: each copy opens first once


def hot_seat_save(path, seed: int = 5, actions: int = 8) -> int:
    """A Smurf game of Ann and Bob at one keyboard, a few moves in, saved at `path`; returns
    how many moves it holds."""
    table = Table.new("smurf", ["Ann", "Bob"], seed=seed, meta=HOT_SEAT)
    TableDriver(table, {0: make("random", "a"), 1: make("random", "b")}).play_bots(actions)
    saves.write(path, table.header, table.events)
    return moves(path)


def moves(path) -> int:
    """The players' moves in a save that loads whole (no warning: nothing torn, nothing dropped)."""
    loaded = saves.read(path)
    assert loaded.warnings == []
    return sum(1 for e in loaded.events if type(e) is Acted and e.seat is not None)


class Plain:
    """`parlour resume --plain FILE` as its own process, answered through pipes."""

    def __init__(self, path, env):
        self.process = subprocess.Popen(
            command("resume", "--plain", str(path), "--bot-delay", "0"),
            stdin=subprocess.PIPE,
            stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT,
            env=env,
        )
        self.out = bytearray()
        self.told = 0  # characters of the output read before the last answer
        self.asked = 0  # bytes of the output before the last answer: a prompt after them is new

    @property
    def pid(self) -> int:
        return self.process.pid

    @property
    def text(self) -> str:
        return self.out.decode("utf-8", "replace")

    def waits(self) -> bool:
        """Read until it asks something (True) or ends (False)."""
        return read_until_prompt(self.process.stdout.fileno(), self.out, self.asked)

    def answer(self, line: str) -> None:
        self.told, self.asked = len(self.text), len(self.out)
        self.process.stdin.write(line.encode() + b"\n")
        self.process.stdin.flush()

    def play(self, count: int, rng: random.Random) -> int:
        """Answer `count` questions with offered options; returns the moves made."""
        made = 0
        for _ in range(count):
            assert self.waits(), self.text
            choice = choose(self.text[self.told :], rng)
            assert choice, self.text[self.told :]  # Ann and Bob are asked in turn: options each time
            self.answer(choice)
            made += 1
        return made

    def end(self) -> int:
        """Quit (saving) and wait for it to end."""
        if self.process.poll() is None and self.waits():
            self.answer("quit")
        self.process.stdin.close()
        while self.waits():  # (only to read its last words)
            self.answer("")
        code = self.process.wait(timeout=30)
        self.process.stdout.close()
        return code


def holding(path, front: str = "") -> subprocess.Popen:
    """Another process that holds `path` (as `front`) until its input ends."""
    holder = subprocess.Popen(
        [
            sys.executable,
            "-c",
            textwrap.dedent(f"""
                import sys
                from parlour.services import save_lock
                save_lock.use_front({front!r})
                lock = save_lock.take({str(path)!r})
                print(lock.held, flush=True)
                sys.stdin.read()
            """),
        ],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert holder.stdout.readline() == "True\n"
    return holder


def told_open_elsewhere(text: str, path, front: str, pid: int) -> bool:
    return f"{path.name} is open elsewhere ({front} on host {socket.gethostname()}, process {pid}, since " in text


def test_a_second_plain_mode_is_told_and_the_first_keeps_every_move(tmp_path):
    path, env = tmp_path / "ann-bob.jsonl", environment(tmp_path)
    before = hot_seat_save(path)
    first = Plain(path, env)
    assert first.waits() and "Resumed." in first.text
    made = first.play(3, random.Random(1))
    second = Plain(path, env)
    assert second.waits()  # asked: watch it, or go back
    assert told_open_elsewhere(second.text, path, "plain mode", first.pid), second.text
    assert "Answer w to watch it" in second.text
    second.answer("1")  # a move, as the second copy would have made it: not a watch, so back
    assert second.end() == 0
    made += first.play(4, random.Random(2))
    assert first.end() == 0 and "Saved. Resume it with:" in first.text
    assert moves(path) == before + made  # every move of the writer, and nothing else
    assert not save_lock.lock_path(path).exists()  # let go on quitting


def test_the_second_may_watch_the_game_as_it_is_played(tmp_path):
    path, env = tmp_path / "ann-bob.jsonl", environment(tmp_path)
    hot_seat_save(path)
    first = Plain(path, env)
    assert first.waits()
    watcher = Plain(path, env)
    assert watcher.waits()
    watcher.answer("w")
    first.play(2, random.Random(3))
    assert first.end() == 0
    last_move = [line for line in first.text.splitlines() if line.startswith(("Ann ", "Bob "))][-1]
    # the writer left: the watcher says so and ends by itself, having told the moves as they were made
    while read_until_prompt(watcher.process.stdout.fileno(), watcher.out, len(watcher.out)):
        pass  # (to its end)
    assert watcher.process.wait(timeout=30) == 0
    watcher.process.stdin.close()
    assert "Watching ann-bob.jsonl: its moves are shown as they are made." in watcher.text
    assert last_move in watcher.text.split("Watching", 1)[1]  # the writer's last move, told
    assert watcher.text.rstrip().endswith("The other window has left the game: resume it to play on.")


class Engine:
    """`parlour engine` as its own process."""

    def __init__(self, env):
        self.process = subprocess.Popen(
            command("engine"), stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=env, text=True
        )

    def ask(self, **request) -> dict:
        self.process.stdin.write(json.dumps(request) + "\n")
        self.process.stdin.flush()
        return json.loads(self.process.stdout.readline())

    def end(self) -> None:
        self.ask(cmd="quit")
        self.process.wait(timeout=30)


def test_the_engine_holds_the_save_it_loaded(tmp_path):
    path, env = tmp_path / "ann-bob.jsonl", environment(tmp_path)
    before = hot_seat_save(path)
    first, second = Engine(env), Engine(env)
    try:
        to_act = first.ask(cmd="load", path=str(path))["to_act"]
        for request in ({"cmd": "load", "path": str(path)}, {"cmd": "new", "game": "smurf", "players": ["X", "Y"]}):
            reply = second.ask(**request)
        assert reply["ok"]  # refused the first, then a game of its own
        refused = second.ask(cmd="save", path=str(path))  # never written over by another
        assert refused["error"] == "held"
        assert (
            f"open elsewhere (the engine on host {socket.gethostname()}, process {first.process.pid}"
            in (refused["message"])
        )
        refused = second.ask(cmd="load", path=str(path))
        assert refused["error"] == "held"
        made = 0
        for _ in range(5):
            seat = to_act[0]
            action = first.ask(cmd="legal", seat=seat)["actions"][0]
            to_act = first.ask(cmd="act", seat=seat, action=action)["to_act"]
            made += 1
        assert first.ask(cmd="save", path=str(path))["ok"]
        first.end()
        assert second.ask(cmd="save", path=str(tmp_path / "other.jsonl"))["ok"]  # its own game, elsewhere
        assert second.ask(cmd="load", path=str(path))["ok"]  # let go when the first ended
    finally:
        first.process.kill()
        second.end()
    assert moves(path) == before + made


def test_a_lock_left_by_a_dead_process_is_taken_over_without_asking(tmp_path):
    path = tmp_path / "ann-bob.jsonl"
    hot_seat_save(path)
    holder = holding(path)
    with pytest.raises(save_lock.Held) as held:
        save_lock.take(path)
    assert held.value.holder.pid == holder.pid
    os.kill(holder.pid, signal.SIGKILL)
    holder.wait(timeout=30)
    assert save_lock.lock_path(path).exists()  # its words are left behind; its lock died with it
    assert save_lock.holder(path) is None
    lock = save_lock.take(path)
    assert lock.held and save_lock.holder(path).pid == os.getpid()
    lock.release()


def test_nothing_is_appended_to_a_save_held_elsewhere(tmp_path):
    """A Writer that finds its save held (by another game here or another process) writes
    nothing to it, ever, and says why."""
    path = tmp_path / "ann-bob.jsonl"
    hot_seat_save(path)
    loaded = saves.read(path)
    table = Table.resume(loaded)
    other = save_lock.take(path)  # another game (in this process: POSIX locks would not tell)
    before = path.read_bytes()
    writer = saves.Writer(path, table.header, table.events, on_disk=True)
    TableDriver(table, {0: make("random", "a"), 1: make("random", "b")}, writer).play_bots(6)
    assert path.read_bytes() == before
    assert "ann-bob.jsonl is open elsewhere" in writer.problem and "not saved here" in writer.problem
    other.release()
    writer.sync(table.events)  # let go since: still not taken over (the other may have written)
    assert path.read_bytes() == before


@pytest.mark.parametrize("round_", range(ROUNDS))
def test_alternating_rounds_leave_no_save_corrupt(tmp_path, round_):
    """Two copies open one save, one after the other, and both answer as if they played: the
    first holds it and keeps every move; the second is told. Who is first alternates."""
    path, env = tmp_path / "ann-bob.jsonl", environment(tmp_path)
    before = hot_seat_save(path, seed=round_)
    rng = random.Random(round_)
    copies = [Plain(path, env), None]
    assert copies[0].waits()
    copies[1] = Plain(path, env)
    if round_ % 2:  # the second opener answers first
        assert copies[1].waits()
        copies[1].answer(choose(copies[1].text, rng) or "1")
    made = copies[0].play(3, rng)
    if not round_ % 2:
        assert copies[1].waits()
        copies[1].answer(choose(copies[1].text, rng) or "1")
    assert all(copy.end() == 0 for copy in copies)
    assert told_open_elsewhere(copies[1].text, path, "plain mode", copies[0].pid)
    assert moves(path) == before + made
