"""Measure `parlour web` on loopback in Debian's Chromium: time from opening the page to the
title screen with no internet, and memory per browser player.

    .venv/bin/python tools/web_bench.py --players 5 --opens 5

It starts `parlour web` (temporary data and config folders, a free port on 127.0.0.1) and a
headless Chromium whose every request beyond that server is refused (no internet), then:
- time to title: from `page.goto` until the title screen's last line is on the page's
  terminal (median and worst over --opens fresh tabs, one at a time: --gap seconds apart, so the
  server's spare app process is ready as when a friend opens the page, then back to back); any
  request the page tried to make outside the server is listed;
- memory: with --players tabs open on the title screen, the mean PSS of the server's app
  processes (the tabs' and the spare, which is one more of the same), plus the web server
  process's growth divided by the number of tabs (compare with
  tools/ssh_bench.py). The browser's own memory is the player's machine's, not the server's.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import os
import statistics
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from tools.ssh_bench import memory_kb  # noqa: E402

TITLE_DONE = "Ctrl+Q quit"  # the hint at the foot of the title box: the screen is drawn


@contextlib.contextmanager
def scratch_folders() -> Iterator[None]:
    """Parlour's data and config folders in a temporary folder, for this process and its children."""
    with tempfile.TemporaryDirectory() as folder:
        os.environ["PARLOUR_DATA_DIR"] = str(Path(folder) / "data")
        os.environ["PARLOUR_CONFIG_DIR"] = str(Path(folder) / "config")
        yield


def children(pid: int) -> list[int]:
    found = []
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[1]) == pid:
            found.append(int(stat.parent.name))
    return found


async def bench(players: int, opens: int, gap: float) -> None:
    from tests.web.harness import PageTerminal, chromium, web_server
    from tests.web.test_browser import offline

    with web_server(dict(os.environ)) as (url, server_pid):
        async with chromium() as context:
            outside = await offline(context, url.rstrip("/"))
            for pause, when in (
                (gap, f"{gap:g} s apart (the spare app process ready)"),
                (0, "back to back (the spare still starting)"),
            ):
                times = []
                for _ in range(opens):
                    await asyncio.sleep(pause)
                    page = await context.new_page()
                    term = PageTerminal(page)
                    start = time.perf_counter()
                    await page.goto(url)
                    await term.wait_for("Choose a game", TITLE_DONE)
                    times.append(time.perf_counter() - start)
                    await page.close()
                print(
                    f"page open to title screen, no internet, {opens} opens {when}: "
                    f"median {statistics.median(times):.2f} s, worst {max(times):.2f} s"
                )
            print(f"requests the page tried beyond the server: {outside or 'none'}")

            while len(children(server_pid)) > 1:  # the closed tabs' app processes are gone; the spare stays
                await asyncio.sleep(0.05)
            base = memory_kb(server_pid)
            terms = [await PageTerminal.open(context, url) for _ in range(players)]
            for term in terms:
                await term.wait_for("Choose a game", TITLE_DONE)
            apps = [memory_kb(pid) for pid in children(server_pid)]  # the tabs' and the next spare
            growth = memory_kb(server_pid) - base
            print(f"players connected: {players} (app processes: {len(apps)}, one of them the spare)")
            print(
                f"memory per player: app process {statistics.mean(apps) / 1024:.1f} MiB (PSS), "
                f"web server +{growth / players / 1024:.2f} MiB each "
                f"(web server itself {memory_kb(server_pid) / 1024:.1f} MiB)"
            )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=5)
    parser.add_argument("--opens", type=int, default=5)
    parser.add_argument("--gap", type=float, default=3.0, help="seconds between opens, as between friends")
    args = parser.parse_args()
    with scratch_folders():
        asyncio.run(asyncio.wait_for(bench(max(1, args.players), max(1, args.opens), max(0.0, args.gap)), 600))


if __name__ == "__main__":
    main()
