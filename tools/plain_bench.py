"""Plain mode beside the full-screen table: time until the first prompt (plain) or the first
frame (Textual), and the process's peak memory (max RSS), each as a fresh process.

    .venv/bin/python tools/plain_bench.py [--runs 7] [--game garfield] [--root CHECKOUT] [--only screen]

Plain mode runs with its stdin and stdout on pipes (as a screen reader's or a script's); the
full-screen table runs in an 80x24 PTY and counts as drawn once its players panel shows a
name. Each run is then told to quit (plain: `quit`; full screen: Ctrl+Q) and its peak RSS is
read from the kernel (wait4), with its CPU time (user + system, start to exit: on a busy machine
a steadier figure than the wall clock). Goals (issue 19): first prompt <= 0.15 s, under 20 MiB.
Bytecode caches are written (PYTHONDONTWRITEBYTECODE is dropped), as an installed Parlour has them."""

from __future__ import annotations

import argparse
import fcntl
import os
import pty
import statistics
import struct
import subprocess
import sys
import tempfile
import termios
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pty_bytes  # noqa: E402  (tools/pty_bytes.py: reading a PTY until a marker)

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))


def _env(folder: str) -> dict:
    env = dict(
        os.environ,
        PARLOUR_DATA_DIR=folder,
        PARLOUR_CONFIG_DIR=folder,
        LANG="C.UTF-8",
        TERM="xterm-256color",
        COLUMNS="80",
        LINES="24",
    )
    env.pop("TEXTUAL", None)
    env.pop("PYTHONDONTWRITEBYTECODE", None)  # measure with .pyc files, as installed
    return env


def _wait_for(fd: int, needle: bytes, limit: float = 30.0) -> bytes:
    try:
        return pty_bytes.until(fd, needle, limit)[0]
    except (TimeoutError, EOFError) as error:
        raise SystemExit(str(error)) from None


def _finish(pid: int) -> tuple[float, float]:
    """Peak RSS in MiB and CPU seconds of the child `pid` (reaped here)."""
    _, _, usage = os.wait4(pid, 0)
    return usage.ru_maxrss / 1024, usage.ru_utime + usage.ru_stime


def piped_run(args: list[str], folder: str, root: str) -> tuple[float, float, float]:
    """Seconds until `args` waits at its "> " prompt on a pipe, its peak RSS in MiB and CPU seconds."""
    start = time.perf_counter()
    child = subprocess.Popen(args, stdin=subprocess.PIPE, stdout=subprocess.PIPE, env=_env(folder), cwd=root)
    assert child.stdout and child.stdin  # piped
    _wait_for(child.stdout.fileno(), b"\n> ")
    first = time.perf_counter() - start
    child.stdin.write(b"quit\n")
    child.stdin.close()
    while child.stdout.read(65536):
        pass
    rss, cpu = _finish(child.pid)
    child.returncode = 0
    return first, rss, cpu


def plain_run(game: str, folder: str, root: str = ROOT) -> tuple[float, float, float]:
    return piped_run(
        [
            sys.executable,
            "-m",
            "parlour",
            "play",
            game,
            "--plain",
            "--seats",
            "Ann,bot",
            "--seed",
            "1",
            "--bot-delay",
            "0",
        ],
        folder,
        root,
    )


def baseline_run(game: str, folder: str, root: str = ROOT) -> tuple[float, float, float]:
    """The interpreter alone, measured the same way: what any Python program costs here."""
    script = "import sys; sys.stdout.write('\\n> '); sys.stdout.flush(); sys.stdin.readline()"
    return piped_run([sys.executable, "-c", script], folder, root)


def screen_run(game: str, folder: str, root: str = ROOT) -> tuple[float, float, float]:
    master, slave = pty.openpty()
    fcntl.ioctl(slave, termios.TIOCSWINSZ, struct.pack("HHHH", 24, 80, 0, 0))
    args = [sys.executable, "-m", "parlour", "play", game, "--seats", "Ann,bot", "--seed", "1", "--bot-delay", "0"]
    start = time.perf_counter()
    child = subprocess.Popen(
        args, stdin=slave, stdout=slave, stderr=slave, env=_env(folder), cwd=root, start_new_session=True
    )
    os.close(slave)
    _wait_for(master, b"Odie")
    first = time.perf_counter() - start
    os.write(master, b"\x11")  # Ctrl+Q: save and quit
    try:
        while os.read(master, 65536):
            pass
    except OSError:
        pass
    rss, cpu = _finish(child.pid)
    child.returncode = 0
    os.close(master)
    return first, rss, cpu


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=7)
    parser.add_argument("--game", default="garfield")
    parser.add_argument("--root", default=ROOT, help="the checkout whose parlour runs (default: this one)")
    parser.add_argument("--only", choices=("python", "plain", "screen"), help="measure only one of them")
    args = parser.parse_args()
    modes = (
        ("python", "bare python (the floor)", baseline_run),
        ("plain", "plain (--plain, pipes)", plain_run),
        ("screen", "full screen (Textual, PTY)", screen_run),
    )
    with tempfile.TemporaryDirectory() as folder:
        for key, name, run in modes:
            if args.only not in (None, key):
                continue
            run(args.game, folder, args.root)  # once to warm the bytecode caches
            results = [run(args.game, folder, args.root) for _ in range(args.runs)]
            times = [r[0] * 1000 for r in results]
            rss = [r[1] for r in results]
            cpu = [r[2] * 1000 for r in results]
            print(
                f"{name:28} first prompt/frame: median {statistics.median(times):6.0f} ms, "
                f"max {max(times):6.0f} ms · CPU {statistics.median(cpu):4.0f} ms · peak RSS: median "
                f"{statistics.median(rss):5.1f} MiB, max {max(rss):5.1f} MiB  ({args.runs} runs, {args.game})"
            )
    return 0


if __name__ == "__main__":
    sys.exit(main())
