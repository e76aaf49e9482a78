"""Measure whether `parlour serve` stalls everyone when many players leave at once (issue 41):
the longest the server's event loop was held, and the others' key-to-screen, before and after
`--leave` players close their connections at the same moment.

    .venv/bin/python tools/ssh_stall.py --players 50 --leave 20
    # another checkout's code (e.g. before a change), run from that checkout:
    cd /tmp/before && /path/to/.venv/bin/python /path/to/tools/ssh_stall.py --code /tmp/before

The server runs in a process of its own (tools/ssh_bench.py's server: temporary folders, a free
port on 127.0.0.1, bots without delay) with a ticker in its loop that notes every time the loop
came back late (a hold: how late, and the server's CPU meanwhile). `--players` players and
`--leave` others sit at Garfield tables with a bot, each making a move every 2 s (the pace of
tools/ssh_session_attacks.py --capacity); after `--before` seconds the leavers close their
connections at once, and the others play on for `--after` seconds. A closed session's memory
is given back a little later (parlour/fronts/serve/memory.py): the hold that matters is that pass's.
"""

from __future__ import annotations

import argparse
import asyncio
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path

TOOLS = Path(__file__).resolve().parent
sys.path.insert(0, str(TOOLS))
import ssh_bench  # noqa: E402  (sets up the path of the code measured, --code included)
from ssh_bench import quantile  # noqa: E402
from ssh_session_attacks import PACE, Asker, paced_player  # noqa: E402


def ms(values: list[float]) -> str:
    if not values:
        return "no moves"
    return (
        f"median {statistics.median(values) * 1000:.0f}, p95 {quantile(values, 0.95) * 1000:.0f}, "
        f"max {max(values) * 1000:.0f} ms ({len(values)} moves)"
    )


async def one_run(players: int, leave: int, before: float, after: float, code: Path | None, folder: Path) -> str:
    from tests.ssh.harness import Terminal, connect

    class Client(Terminal):
        def feed(self, data: bytes) -> None:  # bytes only: no terminal emulator in this process
            self._poke()

    holds = folder / "holds"
    os.environ["PARLOUR_BENCH_HOLDS"] = str(holds)
    srv = ssh_bench.Server()
    await srv.start(players + leave, code)
    hub = type("Hub", (), {"port": srv.port})()
    terms = []
    for first in range(0, players + leave, 10):  # ten at a time: the lobby, not the logins, is measured
        batch = range(first, min(first + 10, players + leave))
        terms += await asyncio.gather(*(connect(hub, f"p{i}", terminal=Client) for i in batch))
    for term in terms:
        while b"the tables" not in term.raw:
            await asyncio.wait_for(term._changed.wait(), 300)
    await srv.ask("members", n=players + leave)
    await srv.ask("seat")
    asker = Asker(srv)
    stayers, leavers = terms[:players], terms[players:]
    moves: list[tuple[float, float]] = []
    start = time.monotonic()
    leave_at = start + before
    deadline = leave_at + after
    playing = [
        asyncio.ensure_future(paced_player(asker, f"p{i}", term, deadline, [], moves)) for i, term in enumerate(stayers)
    ]
    going = [
        asyncio.ensure_future(paced_player(asker, f"p{players + i}", term, leave_at, []))
        for i, term in enumerate(leavers)
    ]
    await asyncio.gather(*going)
    left = time.time()
    for term in leavers:
        term.conn.close()
    await asyncio.gather(*playing)
    asker.reader.cancel()
    passes = await srv.ask("passes")
    load = Path("/proc/loadavg").read_text().split()[0]
    for term in stayers:
        await term.close()
    await srv.stop()
    lates = ssh_bench.read_holds(holds)
    collections = holds.with_suffix(".gc")
    full = [float(line.split()[1]) for line in collections.read_text().splitlines()] if collections.exists() else []
    quiet = [m for at, m in moves if start + PACE <= at < leave_at]
    hit = [m for at, m in moves if at >= leave_at]
    played = left - before  # (the wall clock: the holds' own)
    held_before = [h for t, _, h in lates if played + PACE <= t < left]
    held_after = [h for t, _, h in lates if t >= left]
    late_after = [late for t, late, _ in lates if t >= left]
    return (
        f"{players} at tables, {leave} leave at once: others' key-to-screen before {ms(quiet)}; after {ms(hit)}; "
        f"longest loop hold (server CPU) before {max(held_before, default=0):.0f} ms, after "
        f"{max(held_after, default=0):.0f} ms ({sum(1 for h in held_after if h > 50)} over 50 ms; the loop came "
        f"back at most {max(late_after, default=0):.0f} ms late); give-back passes {passes['passes']}, full "
        f"collections in them {passes['collections']} (in the server {passes['full']}), the last pass "
        f"{passes['ms']:.0f} ms (its collection {passes.get('collect_ms', 0):.0f}, malloc_trim "
        f"{passes.get('trim_ms', 0):.0f}), the longest step freeing one app {passes.get('step_ms', 0):.0f} ms; "
        f"full collections in all (the server's start, the passes', Python's own) took "
        f"{', '.join(f'{ms:.0f}' for ms in full) or 'none'} ms; load average {load}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=50, help="players who stay (default 50)")
    parser.add_argument("--leave", type=int, default=20, help="players who leave at once (default 20)")
    parser.add_argument("--before", type=float, default=12, help="seconds of play before they leave")
    parser.add_argument("--after", type=float, default=15, help="seconds of play after they leave")
    parser.add_argument("--code", type=Path, help="the checkout whose code is measured (default: this one)")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        print(f"code: {ssh_bench.ROOT}; load average before: {' '.join(Path('/proc/loadavg').read_text().split()[:3])}")
        print(asyncio.run(one_run(args.players, args.leave, args.before, args.after, args.code, Path(folder))))


if __name__ == "__main__":
    main()
