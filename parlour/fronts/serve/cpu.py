"""The CPU each session's app costs the loop every player shares (issue 41: key pacing bounds
keys, not what they cost). Every task a session's app starts is metered: each step of its
coroutine is timed on the thread's CPU clock and charged to the session's `Bucket` (RATE
seconds of CPU a second, BURST saved up). A session in debt has its keys held back by its
driver (parlour/fronts/serve/channel.py) until it is out of debt, while the loop is busy (all
sessions together over BUSY): only the session over its share is slowed, the others' keys go on
at once, and on a quiet server nobody is.

The meter travels in a context variable: a session sets it before its app starts, and every
task made in that context (the app's, its widgets', its timers') inherits it."""

from __future__ import annotations

import asyncio
import time
from collections.abc import Callable, Coroutine, Generator
from contextvars import Context, ContextVar
from typing import Any

from .pace import Bucket

# Seconds of CPU a second one session's app may use, sustained, while the loop is busy: a tenth
# of a core, several times what an ordinary player uses (a move every 2 s, 10-50 ms each with
# its bot's answer), so that only a session making the loop do far more than the others is
# slowed (a lower share slowed every player of a full server alike: 50 players at a move every
# 2 s waited seconds); and at once (a new screen, a game's first frames, a burst of keys).
RATE = 0.1
BURST = 1.0

# Seconds of CPU a second all sessions' apps together may use before the ones over their share
# are slowed: below it the loop has room for everyone, and nobody is held back.
BUSY = 0.6
ALL = Bucket(BUSY, BUSY)  # what every session's app costs the loop (one loop per process)

METER: ContextVar[Bucket | None] = ContextVar("parlour_session_cpu", default=None)


def held_for(meter: Bucket) -> float:
    """Seconds a session's keys must wait: while the loop is busy (all sessions' apps together
    over BUSY) and this session has used more than its share, until it is back within it."""
    return meter.wait(0) if ALL.wait(0) > 0 else 0.0


def meter() -> Bucket:
    """A new session's meter (the context's `METER` is set to it by the session)."""
    return Bucket(RATE, BURST)


class _Metered(Coroutine[Any, Any, Any]):
    """A coroutine whose every step's CPU is charged to a meter."""

    __slots__ = ("coro", "meter")  # (ALL is charged too)

    def __init__(self, coro: Coroutine[Any, Any, Any], meter: Bucket):
        self.coro, self.meter = coro, meter

    def send(self, value: Any) -> Any:
        began = time.thread_time()
        try:
            return self.coro.send(value)
        finally:
            self._charge(time.thread_time() - began)

    def throw(self, *args: Any) -> Any:
        began = time.thread_time()
        try:
            return self.coro.throw(*args)
        finally:
            self._charge(time.thread_time() - began)

    def _charge(self, seconds: float) -> None:
        self.meter.wait(seconds)
        ALL.wait(seconds)

    def close(self) -> None:
        self.coro.close()

    def __await__(self) -> Generator[Any, None, Any]:  # (never awaited: a task runs it by send and throw)
        return self.coro.__await__()


def install(loop: asyncio.AbstractEventLoop) -> Callable[[], None]:
    """Meter the tasks made in a session's context on `loop`; returns what undoes it."""
    previous = loop.get_task_factory()

    def factory(loop: asyncio.AbstractEventLoop, coro: Any, context: Context | None = None) -> asyncio.Future[Any]:
        bucket = context.get(METER) if context is not None else METER.get()
        if bucket is not None:
            coro = _Metered(coro, bucket)
        if previous is not None:
            return previous(loop, coro) if context is None else previous(loop, coro, context=context)  # type: ignore[call-arg]
        return asyncio.Task(coro, loop=loop, context=context)

    loop.set_task_factory(factory)
    return lambda: loop.set_task_factory(previous)
