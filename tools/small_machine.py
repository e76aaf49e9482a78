"""Parlour on a small machine: each command runs in a cgroup limited to a share of one core and a
memory cap with no swap (cgroup v2 where its cpu and memory controllers can be used, else v1),
beside a bare Textual app under the same limits.

    python tools/small_machine.py                        # a quarter of one core, 64 MiB
    python tools/small_machine.py --cpu 0.1 --runs 5     # a tenth of a core, five runs of each
    python tools/small_machine.py --only game,bare --json

Measured, each in a real terminal (a PTY, 80x24) as a player starts it:
- bare: a Textual app showing one word: its first frame, the yardstick for the others;
- game: `parlour play garfield --seats You,bot,bot` (bots never move while keys are measured:
  their pause is 600 s): the first frame, then each key's frame (a card, back, a roll, cursor
  moves, the hint): time to its first and to its last byte, and its bytes;
- plain: `parlour --plain play ...`: time to the first prompt;
- replay: `parlour replay SAVE` of a finished bot game: the first frame, then steps back and forth;
- serve: `parlour serve` with `--players` SSH players, each at a Garfield table with a bot
  (tools/ssh_bench.py, its server alone in a cgroup capped at `--serve-memory`): once, after
  the others, with ssh_bench's own report (time to the lobby, memory, key to screen).
For each: the peak memory (the largest resident size of the process, and the cgroup's peak,
which counts the page cache too), OOM kills, and the CPU seconds the cgroup used.

A frame is over when the terminal has been quiet for `--quiet` seconds; its time is that of its
last byte, so the wait itself is not counted. Needs root (or a cgroup delegated to this user):
without one it says why and exits 2. The figures and the goals they answer are in the README's
"Small machines".
"""

from __future__ import annotations

import argparse
import json
import os
import select
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
import pty_bytes  # noqa: E402  (tools/pty_bytes.py: a PTY's spawn and drain)

HELLO = (
    "from textual.app import App\n"
    "from textual.widgets import Static\n"
    "class Hello(App):\n"
    "    def compose(self):\n"
    "        yield Static('Hello')\n"
    "Hello().run()\n"
)
# Seed 2: You act first, holding a card in slot 1 (tests/pty/test_terminal_bytes.py uses the same).
GAME_KEYS = ["1", "escape", "space", "down", "up", "down", "up"]
REPLAY_KEYS = ["right", "right", "right", "left", "left", "end", "home"]


class NoCgroup(Exception):
    """No cgroup can be made here: why, in words."""


def _mounts() -> dict[str, Path]:
    """Where each cgroup controller is mounted: {"cpu": …, "memory": …, "cgroup2": …}."""
    found: dict[str, Path] = {}
    for line in Path("/proc/self/mountinfo").read_text().splitlines():
        before, _, after = line.partition(" - ")
        kind, _, options = after.split(" ", 2)
        point = Path(before.split()[4])
        if kind == "cgroup2":
            found.setdefault("cgroup2", point)
        elif kind == "cgroup":
            for option in options.split()[-1].split(","):
                found.setdefault(option, point)
    return found


class Cgroup:
    """A fresh cgroup with a CPU quota (a share of one core) and a memory cap without swap."""

    def __init__(self, cpu: float, memory_mib: int) -> None:
        self.name = f"parlour-small-{uuid.uuid4().hex[:8]}"
        mounts = _mounts()
        limit = str(memory_mib * 1024 * 1024)
        period = 100_000
        quota = max(1000, int(cpu * period))
        try:
            v2 = mounts.get("cgroup2")
            if v2 and {"cpu", "memory"} <= set((v2 / "cgroup.controllers").read_text().split()):
                self.version, self.dirs = 2, [v2 / self.name]
                (v2 / "cgroup.subtree_control").write_text("+cpu +memory")
                self.dirs[0].mkdir()
                self._write("cpu.max", f"{quota} {period}")
                self._write("memory.max", limit)
                self._write("memory.swap.max", "0", missing_ok=True)
            elif {"cpu", "cpuacct", "memory"} <= set(mounts):
                self.version = 1
                self.cpu_dir, self.acct_dir, self.memory_dir = (
                    mounts[c] / self.name for c in ("cpu", "cpuacct", "memory")
                )
                self.dirs = list(dict.fromkeys([self.cpu_dir, self.acct_dir, self.memory_dir]))
                for folder in self.dirs:
                    folder.mkdir()
                (self.cpu_dir / "cpu.cfs_period_us").write_text(str(period))
                (self.cpu_dir / "cpu.cfs_quota_us").write_text(str(quota))
                (self.memory_dir / "memory.limit_in_bytes").write_text(limit)
                swap = self.memory_dir / "memory.memsw.limit_in_bytes"
                if swap.exists():
                    swap.write_text(limit)
                (self.memory_dir / "memory.swappiness").write_text("0")
            else:
                raise NoCgroup("no cgroup with the cpu and memory controllers is mounted")
        except OSError as error:
            self.remove()
            raise NoCgroup(f"cannot make a cgroup ({error.strerror}: {error.filename})") from error

    def _write(self, name: str, value: str, missing_ok: bool = False) -> None:
        path = self.dirs[0] / name
        if missing_ok and not path.exists():
            return
        path.write_text(value)

    def argv(self, argv: list[str]) -> list[str]:
        """`argv` as run inside this cgroup: a shell moves itself in, then becomes the command."""
        moves = "; ".join(f"echo $$ > {folder / 'cgroup.procs'}" for folder in self.dirs)
        return ["/bin/sh", "-c", f'{moves}; exec "$@"', "sh", *argv]

    def peak_mib(self) -> float:
        name = "memory.peak" if self.version == 2 else "memory.max_usage_in_bytes"
        path = (self.dirs[0] if self.version == 2 else self.memory_dir) / name
        return int(path.read_text()) / 2**20 if path.exists() else float("nan")

    def oom_kills(self) -> int:
        if self.version == 2:
            text = (self.dirs[0] / "memory.events").read_text()
        else:
            text = (self.memory_dir / "memory.oom_control").read_text()
        counts = dict(line.split() for line in text.splitlines() if line.strip())
        return int(counts.get("oom_kill", 0))

    def cpu_seconds(self) -> float:
        if self.version == 2:
            stat = dict(line.split() for line in (self.dirs[0] / "cpu.stat").read_text().splitlines())
            return int(stat["usage_usec"]) / 1e6
        return int((self.acct_dir / "cpuacct.usage").read_text()) / 1e9

    def remove(self) -> None:
        """Remove the cgroup, first ending what still runs in it (a run that failed half-way: a
        cgroup with a process in it cannot be removed, and would stay behind)."""
        for folder in reversed(getattr(self, "dirs", [])):
            for _ in range(50):
                try:
                    left = [int(pid) for pid in (folder / "cgroup.procs").read_text().split()]
                except OSError:
                    break
                if not left:
                    break
                for pid in left:
                    try:
                        os.kill(pid, 9)
                    except ProcessLookupError:
                        pass
                time.sleep(0.02)  # (the kernel takes them out as they end)
            try:
                folder.rmdir()
            except OSError:
                pass


@dataclass
class Run:
    """What one command did inside its cgroup."""

    what: str
    first_frame_s: float = float("nan")
    keys: list[tuple[str, float, float, int]] = field(default_factory=list)  # key, first, last, bytes
    rss_mib: float = float("nan")
    cgroup_peak_mib: float = float("nan")
    oom_kills: int = 0
    cpu_s: float = float("nan")
    note: str = ""


def _key(fd: int, key: str, quiet: float) -> tuple[float, float, int]:
    """Press `key`: seconds to its frame's first and last byte, and the frame's bytes."""
    start = time.monotonic()
    os.write(fd, pty_bytes.KEYS.get(key, key.encode()))
    ready, _, _ = select.select([fd], [], [], 30.0)
    if not ready:
        return float("nan"), float("nan"), 0
    first = time.monotonic()
    data, last = pty_bytes.drain(fd, quiet, first_wait=quiet)
    return first - start, last - start, len(data)


def _peak_resident_mib(pid: int) -> float:
    """The process's largest resident size since its exec (VmHWM). Not getrusage's ru_maxrss: that
    keeps the size of the process it was forked from (this one), as it was before the exec."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmHWM:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def run(
    what: str, argv: list[str], marker: bytes, keys: list[str], args: argparse.Namespace, env: dict[str, str]
) -> Run:
    """Start `argv` in a fresh cgroup on an 80x24 PTY, wait for `marker`, press `keys`, quit."""
    group = Cgroup(args.cpu, args.memory)
    result = Run(what)
    try:
        start = time.monotonic()
        pid, fd = pty_bytes.spawn(group.argv(argv), (80, 24), env)
        try:
            _, seen = pty_bytes.until(fd, marker, args.limit)
            _, last = pty_bytes.drain(fd, args.quiet, first_wait=args.quiet)
            result.first_frame_s = (max(seen, last) if last > seen else seen) - start
            for key in keys:
                first, done, sent = _key(fd, key, args.hint_quiet if key == "i" else args.quiet)
                result.keys.append((key, first, done, sent))
        except (TimeoutError, EOFError) as error:
            result.note = str(error)
        finally:
            result.rss_mib = _peak_resident_mib(pid)
            try:
                os.write(fd, pty_bytes.KEYS["ctrl+q"])
                pty_bytes.drain(fd, 0.3, first_wait=2)
            except OSError:
                pass
            try:
                os.kill(pid, 9)
            except ProcessLookupError:
                pass
            os.waitpid(pid, 0)
            os.close(fd)
        result.cgroup_peak_mib = group.peak_mib()
        result.oom_kills = group.oom_kills()
        result.cpu_s = group.cpu_seconds()
    finally:
        group.remove()
    return result


def as_installed(env: dict[str, str]) -> None:
    """Start each program as an installed Parlour starts: its bytecode compiled (pip compiles it
    at install) and the message catalogues' cache written. Under PYTHONDONTWRITEBYTECODE neither
    is ever kept, and every start compiles the sources and parses the TOML again: a third more
    CPU for plain mode's start."""
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    root = Path(__file__).resolve().parent.parent
    folders = [str(root / name) for name in ("parlour", "rules", "tui") if (root / name).is_dir()]
    # (not checked: a read-only install has its bytecode already, and a failing start is the runs' to say)
    subprocess.run([sys.executable, "-m", "compileall", "-q", *folders], env=env, stdout=subprocess.DEVNULL)
    warm = "from parlour.services.words import i18n\nfor lang in i18n.LANGUAGES: i18n.catalogue(lang)"
    subprocess.run([sys.executable, "-c", warm], env=env)


def finished_save(env: dict[str, str], folder: Path) -> Path:
    """A finished Garfield game of three bots (seed 2), played outside any cgroup."""
    subprocess.run(
        [sys.executable, "-m", "parlour", "--plain", "play", "garfield", "--seats", "bot,bot,bot"]
        + ["--seed", "2", "--bot-delay", "0"],
        env={**env, "PARLOUR_DATA_DIR": str(folder)},
        stdin=subprocess.DEVNULL,
        stdout=subprocess.DEVNULL,
        check=True,
    )
    return next((folder / "saves").glob("*.jsonl"))


def serve(args: argparse.Namespace) -> Run:
    """tools/ssh_bench.py with its server process in a cgroup of its own."""
    import asyncio

    import ssh_bench

    group = Cgroup(args.cpu, args.serve_memory)
    try:
        with tempfile.TemporaryDirectory() as temp:
            os.environ.update(PARLOUR_DATA_DIR=f"{temp}/data", PARLOUR_CONFIG_DIR=f"{temp}/config")
            print(f"serve: {args.players} players, the server in {args.cpu:g} of one core and {args.serve_memory} MiB")
            asyncio.run(ssh_bench.bench(args.players, False, None, True, inside=group.argv))
        return Run("serve", cgroup_peak_mib=group.peak_mib(), oom_kills=group.oom_kills(), cpu_s=group.cpu_seconds())
    finally:
        group.remove()


def measure(args: argparse.Namespace) -> list[Run]:
    with tempfile.TemporaryDirectory() as temp:
        env = dict(os.environ, TERM="xterm-256color", LANG="C.UTF-8", COLUMNS="80", LINES="24")
        env.pop("LC_ALL", None)
        env.update(PARLOUR_DATA_DIR=f"{temp}/data", PARLOUR_CONFIG_DIR=f"{temp}/config")
        as_installed(env)
        parlour = [sys.executable, "-m", "parlour"]
        game = ["play", "garfield", "--seats", "You,bot,bot", "--seed", "2"]
        slow = ["--bot-delay", "600", "--no-animations"]
        plans = {
            "bare": lambda: ([sys.executable, "-c", HELLO], b"Hello", []),
            "game": lambda: ([*parlour, *slow, *game], b"Your turn", [*GAME_KEYS, "i"]),
            "plain": lambda: ([*parlour, "--plain", *slow, *game], b"\n> ", []),
            "replay": lambda: (
                [*parlour, "--no-animations", "replay", str(finished_save(env, Path(temp, "bots")))],
                b"hands open",
                REPLAY_KEYS,
            ),
        }
        runs = []
        for _ in range(args.runs):
            for what in args.only:  # alternated, so a change in the machine's load touches each alike
                if what in plans:
                    argv, marker, keys = plans[what]()
                    runs.append(run(what, argv, marker, keys, args, env))
    if "serve" in args.only:
        runs.append(serve(args))
    return runs


def quantile(values: list[float], q: float) -> float:
    ordered = sorted(v for v in values if v == v)
    return ordered[min(len(ordered) - 1, round(q * (len(ordered) - 1)))] if ordered else float("nan")


def report(runs: list[Run], args: argparse.Namespace) -> None:
    bare = [r.first_frame_s for r in runs if r.what == "bare"]
    for what in args.only:
        mine = [r for r in runs if r.what == what]
        if what == "serve":
            print(
                f"\nserve (the server's cgroup): peak {mine[0].cgroup_peak_mib:.1f} MiB with page cache, "
                f"OOM kills {mine[0].oom_kills}, CPU {mine[0].cpu_s:.2f} s in all"
            )
            continue
        frame = statistics.median(r.first_frame_s for r in mine)
        ratio = f" ({frame / statistics.median(bare):.2f}x the bare app)" if bare and what != "bare" else ""
        label = "first prompt" if what == "plain" else "first frame"
        print(
            f"\n{what}: {label} {frame:.2f} s median (runs: {', '.join(f'{r.first_frame_s:.2f}' for r in mine)}){ratio}"
        )
        print(
            f"  memory: {max(r.rss_mib for r in mine):.1f} MiB resident at most "
            f"(cgroup peak with page cache {max(r.cgroup_peak_mib for r in mine):.1f} MiB); "
            f"OOM kills {sum(r.oom_kills for r in mine)}; CPU {statistics.median(r.cpu_s for r in mine):.2f} s median"
        )
        for r in mine:
            if r.note:
                print(f"  ! {r.note}")
        keys = [k for r in mine for k in r.keys]
        for key in dict.fromkeys(k[0] for k in keys):
            same = [k for k in keys if k[0] == key]
            print(
                f"  key {key:>7}: first byte {statistics.median(k[1] for k in same) * 1000:5.0f} ms, "
                f"frame complete {statistics.median(k[2] for k in same) * 1000:5.0f} ms median, "
                f"{quantile([k[2] for k in same], 0.95) * 1000:5.0f} ms p95; "
                f"{statistics.median(k[3] for k in same):.0f} B"
            )
        if keys and what != "bare":
            done = [k[2] for k in keys if k[0] != "i"]
            print(f"  every key but the hint: frame complete p95 {quantile(done, 0.95) * 1000:.0f} ms")


def parser() -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--cpu", type=float, default=0.25, help="share of one core (default 0.25)")
    p.add_argument("--memory", type=int, default=64, help="memory cap in MiB, no swap (default 64)")
    p.add_argument("--runs", type=int, default=3)
    p.add_argument("--only", default="bare,game,plain,replay,serve", type=lambda s: s.split(","))
    p.add_argument("--players", type=int, default=8, help="SSH players for serve (default 8)")
    p.add_argument("--serve-memory", type=int, default=128, help="the server's memory cap in MiB (default 128)")
    p.add_argument("--quiet", type=float, default=0.5, help="seconds of silence that end a frame")
    p.add_argument("--hint-quiet", type=float, default=2.0, help="the same for the hint, which thinks first")
    p.add_argument("--limit", type=float, default=60.0, help="seconds to wait for a first frame")
    p.add_argument("--json", action="store_true", help="print each run as JSON")
    return p


def main() -> None:
    args = parser().parse_args()
    if not args.json:
        print(f"limits: {args.cpu:g} of one core, {args.memory} MiB, no swap; {args.runs} run(s) each")
        print(f"load average: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
    try:
        runs = measure(args)
    except NoCgroup as error:
        print(f"small_machine: {error}", file=sys.stderr)
        raise SystemExit(2) from None
    if args.json:
        print(json.dumps([r.__dict__ for r in runs], indent=1))
    else:
        report(runs, args)


if __name__ == "__main__":
    main()
