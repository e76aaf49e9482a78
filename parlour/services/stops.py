"""The signals that end a program ending it as its own quit does: SIGTERM (a shutdown, `timeout`,
systemd), SIGHUP (a closed terminal window, a dropped SSH link), SIGINT and SIGQUIT. Left to
their defaults they end the process where it stands, and a full-screen app leaves the terminal
raw, in the alternate screen, with the mouse reported and the cursor hidden.

`in_loop` hands each of them to an event loop (the Textual app's), which quits as Ctrl+Q does;
`raising` turns each into a `Stopped` exception where the program is (a long text command), so
its `with` blocks (a progress bar) give the terminal back. Either way, a program that has not
ended GRACE seconds after the signal (a terminal that takes no more output, a write blocked for
ever) is ended by a last resort that puts the terminal's modes back first. Every move is on disk
already: a save is appended to and fsynced after every action (parlour/services/saves.py)."""

from __future__ import annotations

import os
import signal
import sys
import threading
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import asyncio
    from types import FrameType

# The ending signals this platform has (Windows has neither SIGHUP nor SIGQUIT).
SIGNALS = tuple(getattr(signal, name) for name in ("SIGTERM", "SIGHUP", "SIGINT", "SIGQUIT") if hasattr(signal, name))
GRACE = 5.0  # seconds from a signal to the last resort
# What a full-screen app turns on, turned off: the main screen, the cursor shown, line wrap on,
# mouse, focus and paste reports off, the kitty keyboard's entry popped.
RESET = (
    "\x1b[?1049l\x1b[?25h\x1b[?7h\x1b[?1000l\x1b[?1002l\x1b[?1003l\x1b[?1006l\x1b[?1015l\x1b[?1004l\x1b[?2004l\x1b[<u"
)


class Stopped(BaseException):
    """A signal ended the program (`raising`); a BaseException, as KeyboardInterrupt is, so no
    `except Exception` on the way swallows it."""

    def __init__(self, signum: int):
        super().__init__(signum)
        self.signum = signum

    @property
    def exit_code(self) -> int:
        return 128 + self.signum  # as the shell reports a process a signal ended


@contextmanager
def raising() -> Iterator[None]:
    """While inside, each ending signal raises Stopped where the program is (the first one: a
    second while the first is being handled is left to the last resort)."""
    stopping: list[int] = []

    def stop(signum: int, frame: FrameType | None) -> None:
        if stopping:
            return
        stopping.append(signum)
        _last_resort(signum)
        raise Stopped(signum)

    before = {signum: signal.signal(signum, stop) for signum in SIGNALS}
    try:
        yield
    finally:
        for signum, handler in before.items():
            signal.signal(signum, handler)


def in_loop(loop: asyncio.AbstractEventLoop, stop: Callable[[int], object]) -> Callable[[], None]:
    """Each ending signal calls `stop(signum)` in `loop` (an asyncio loop run in this, the main,
    thread), once. Returns what puts the signals back as they were, for after the loop."""
    stopping: list[int] = []

    def told(signum: int) -> None:
        if stopping:
            return
        stopping.append(signum)
        _last_resort(signum)
        stop(signum)

    for signum in SIGNALS:
        loop.add_signal_handler(signum, told, signum)
    ended = threading.Event()
    # (getattr: Windows has no SIGHUP)
    _on_hang_up(lambda: ended.is_set() or loop.call_soon_threadsafe(told, getattr(signal, "SIGHUP", 1)))

    def undo() -> None:
        ended.set()
        for signum in SIGNALS:
            loop.remove_signal_handler(signum)

    return undo


def _on_hang_up(call: Callable[[], object]) -> None:
    """`call()` when the terminal on stdin hangs up, even when no SIGHUP comes (a job in the
    background, nohup): its input then reads as ended at once, and a program reading it for keys
    would spin. A daemon thread waits in poll(), which reports the hang-up and nothing else, so
    it costs nothing until then."""
    import select

    try:
        fd = sys.stdin.fileno()
        if not (hasattr(select, "poll") and os.isatty(fd)):
            return
    except (OSError, ValueError, AttributeError):
        return

    def wait() -> None:
        poller = select.poll()
        poller.register(fd, 0)  # no events asked for: a hang-up or an error is reported all the same
        try:
            poller.poll()
            call()
        except (OSError, RuntimeError):  # the loop closed meanwhile: the program is ending anyway
            pass

    threading.Thread(target=wait, name="parlour-hang-up", daemon=True).start()


_modes: list = []  # the terminal's modes as found, when there is one (`remember_terminal`)


def remember_terminal() -> None:
    """Keep the terminal's modes as they are now, for the last resort to put back."""
    try:
        import termios
    except ImportError:  # Windows
        return
    try:
        _modes[:] = [termios.tcgetattr(sys.stdin.fileno())]
    except (termios.error, OSError, ValueError, AttributeError):
        pass  # no terminal (a pipe)


def _last_resort(signum: int) -> None:
    """In GRACE seconds, unless the program has ended by then: the terminal's modes put back and
    the process ended, as the signal would have ended it."""
    timer = threading.Timer(GRACE, _end_now, (signum,))
    timer.daemon = True  # never keeps a program that ended in time
    timer.start()


def _end_now(signum: int) -> None:
    try:
        if _modes:
            import termios

            try:
                termios.tcsetattr(sys.stdin.fileno(), termios.TCSANOW, _modes[0])
            except termios.error:
                pass
        os.set_blocking(sys.stdout.fileno(), False)  # a terminal that takes nothing must not hold this
        os.write(sys.stdout.fileno(), RESET.encode("ascii"))
    except (OSError, ValueError, AttributeError, ImportError):
        pass  # the terminal is gone: nothing to give back
    os._exit(128 + signum)
