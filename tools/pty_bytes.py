"""Bytes the app sends to a real terminal per key, and its time to the first frame, measured in a
PTY (80x24 unless told):

    python tools/pty_bytes.py                      # the standard keys, on the standard game
    python tools/pty_bytes.py --keys "space,1,down" --game filmis --seats "You,bot,bot"

The app runs as `python -m parlour play GAME --seats ... --seed N --bot-delay 600`, so bots never
move while keys are measured (a key's bytes are the key's own redraw). After each key the tool
reads until the terminal has been quiet for `--quiet` seconds; the byte count does not depend on
how long that is, only on when the app is done drawing. First-frame time is the wall time from
launch to the last byte of the first drawing, and the CPU the app used to get there (the
process quits at once after it: its whole CPU time, from getrusage).

Run it for another checkout with `PYTHONPATH=/path/to/checkout python tools/pty_bytes.py`.
"""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import select
import signal
import struct
import sys
import tempfile
import termios
import time
from typing import Any

KEYS = {
    "space": b" ",
    "enter": b"\r",
    "down": b"\x1b[B",
    "up": b"\x1b[A",
    "right": b"\x1b[C",
    "left": b"\x1b[D",
    "escape": b"\x1b",
    "pagedown": b"\x1b[6~",
    "pageup": b"\x1b[5~",
    "home": b"\x1b[H",
    "end": b"\x1b[F",
    "ctrl+q": b"\x11",
    "tab": b"\t",
}


FRAME = 1500  # a first frame at 80x24 is more than this; the terminal's set-up alone is less


def spawn(argv: list[str], size: tuple[int, int], env: dict[str, str]) -> tuple[int, int]:
    """Start `argv` on a new PTY of `size` (columns, rows): (pid, the master's fd)."""
    pid, fd = pty.fork()
    if pid == 0:
        os.execvpe(argv[0], argv, env)
    fcntl.ioctl(fd, termios.TIOCSWINSZ, struct.pack("HHHH", size[1], size[0], 0, 0))
    os.kill(pid, signal.SIGWINCH)
    return pid, fd


def drain(fd: int, quiet: float, first_wait: float = 20.0, at_least: int = 0) -> tuple[bytes, float]:
    """Read until nothing came for `quiet` seconds (waiting up to `first_wait` for the first byte,
    and for `at_least` bytes): the bytes and the time the last of them came."""
    data, last = b"", time.monotonic()
    wait = first_wait
    while True:
        ready, _, _ = select.select([fd], [], [], wait)
        if not ready and len(data) >= at_least:
            return data, last
        if not ready:
            continue
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            return data, last
        if not chunk:
            return data, last
        data += chunk
        last = time.monotonic()
        wait = quiet


def until(fd: int, marker: bytes, limit: float) -> tuple[bytes, float]:
    """Read until `marker` has come (at most `limit` seconds): the bytes and the time it came."""
    data, deadline = b"", time.monotonic() + limit
    while marker not in data:
        left = deadline - time.monotonic()
        ready, _, _ = select.select([fd], [], [], max(0.0, left))
        if not ready:
            raise TimeoutError(f"{marker!r} did not come within {limit:.0f} s; last bytes {data[-200:]!r}")
        try:
            chunk = os.read(fd, 65536)
        except OSError:
            chunk = b""
        if not chunk:
            raise EOFError(f"the program ended before {marker!r}; last bytes {data[-300:]!r}")
        data += chunk
    return data, time.monotonic()


def measure(args: argparse.Namespace) -> dict[str, Any]:
    env = dict(os.environ)
    env.update(TERM=args.term, COLUMNS=str(args.size[0]), LINES=str(args.size[1]))
    for name in ("LANG", "LC_ALL", "LC_CTYPE"):
        if getattr(args, name.lower()):
            env[name] = getattr(args, name.lower())
    env.setdefault("PARLOUR_DATA_DIR", tempfile.mkdtemp())
    env.setdefault("PARLOUR_CONFIG_DIR", tempfile.mkdtemp())
    argv = [sys.executable, "-m", "parlour", "--bot-delay", "600", "--no-animations"]
    if args.start == "play":
        argv += ["play", args.game, "--seats", args.seats, "--seed", str(args.seed)]
    elif args.start == "setup":
        argv += ["play", args.game]
    elif args.start == "resume":
        argv += ["resume"]
    argv += args.extra
    start = time.monotonic()
    pid, fd = spawn(argv, args.size, env)
    first, last = drain(fd, args.quiet, at_least=FRAME)  # the terminal set-up comes first
    result: dict[str, Any] = {
        "first_frame_s": round(last - start, 3),
        "first_frame_bytes": len(first),
        "keys": [],
        "sent": first,
    }
    for key in args.keys:
        os.write(fd, KEYS.get(key, key.encode()))
        data, _ = drain(fd, args.quiet, first_wait=args.quiet)
        result["keys"].append((key, len(data)))
        if args.dump:
            print(f"--- {key}: {len(data)} B\n{data!r}")
        result["sent"] += data
    os.write(fd, KEYS["ctrl+q"])
    try:
        result["sent"] += drain(fd, args.quiet, first_wait=2)[0]
    finally:
        _, status, usage = os.wait4(pid, 0)
        os.close(fd)
    result["cpu_s"] = round(usage.ru_utime + usage.ru_stime, 3)
    return result


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--game", default="garfield")
    p.add_argument("--seats", default="You,bot,bot")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--keys", default="", type=lambda s: [k for k in s.split(",") if k])
    p.add_argument("--size", default=(80, 24), type=lambda s: tuple(int(n) for n in s.split("x")))
    p.add_argument("--quiet", type=float, default=0.5, help="seconds of silence that end a key's redraw")
    p.add_argument("--term", default="xterm-256color")
    p.add_argument("--lang", default=None)
    p.add_argument("--lc_all", default=None)
    p.add_argument("--lc_ctype", default=None)
    p.add_argument("--runs", type=int, default=1, help="repeat and report each run (first-frame time varies)")
    p.add_argument("--start", default="play", choices=("play", "setup", "title", "resume"))
    p.add_argument("--check-ascii", action="store_true", help="count the bytes above 127 sent")
    p.add_argument("--dump", action="store_true", help="print what each key sent (escapes shown)")
    p.add_argument("extra", nargs="*", help="more arguments for `parlour` (after --)")
    return p


def main() -> None:
    args = parser().parse_args()
    for _ in range(args.runs):
        result = measure(args)
        keys = " ".join(f"{k}={n}" for k, n in result["keys"])
        if args.check_ascii:
            bad = sorted({b for b in result["sent"] if b > 127})
            print(
                f"non-ASCII bytes: {len([b for b in result['sent'] if b > 127])}"
                + (f" e.g. {result['sent'][result['sent'].index(bytes([bad[0]])) - 40 :][:80]!r}" if bad else "")
            )
        print(
            f"first frame {result['first_frame_s']} s wall, {result['cpu_s']} s CPU (to quit), "
            f"{result['first_frame_bytes']} B | {keys}"
        )


if __name__ == "__main__":
    main()
