"""Playing plain mode as a person would: read what it says until it waits at its prompt, then
answer. A seeded random player picks one of the numbered options it was offered (or presses
Enter when nothing is offered, as at a "pass to Bob" line). No clock: every read waits for
output, bounded by a timeout that only fails the test."""

from __future__ import annotations

import os
import random
import re
import select

PROMPT = "> "
OPTION = re.compile(r"^(\d+)\. ", re.M)
TIMEOUT = 30.0  # seconds any one read may wait for output before the test fails


def choose(told: str, rng: random.Random) -> str:
    """An answer to what was told since the last answer: a random offered option, else Enter."""
    numbers = OPTION.findall(told)
    return rng.choice(numbers) if numbers else ""


def read_until_prompt(fd: int, buffer: bytearray, start: int = 0) -> bool:
    """Read from `fd` into `buffer` until the output after `start` waits at the prompt (True) or
    the output ends (False)."""
    while True:
        if len(buffer) > start and buffer.decode("utf-8", "replace").endswith(PROMPT):
            return True
        ready, _, _ = select.select([fd], [], [], TIMEOUT)
        assert ready, (
            f"plain mode said nothing for {TIMEOUT} s; last output:\n{buffer[-2000:].decode(errors='replace')}"
        )
        try:
            data = os.read(fd, 65536)
        except OSError:  # a PTY whose other end closed
            return False
        if not data:
            return False
        buffer.extend(data)


def play(read_fd: int, write, rng: random.Random, max_answers: int = 5000) -> str:
    """Answer until the program ends; the whole output as text."""
    out = bytearray()
    seen = 0
    for _ in range(max_answers):
        if not read_until_prompt(read_fd, out, len(out)):
            return out.decode("utf-8", "replace")
        text = out.decode("utf-8", "replace")
        write((choose(text[seen:], rng) + "\n").encode())
        seen = len(text)
    raise AssertionError(f"the game did not end; last output:\n{out[-3000:].decode(errors='replace')}")
