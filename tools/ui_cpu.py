"""CPU the server spends on one player's app, measured in one process, as `parlour serve` runs it
(the app on a ChannelDriver, its output counted, nothing sent anywhere):

    python tools/ui_cpu.py                   # CPU per app start (to the lobby) and per key at the table
    python tools/ui_cpu.py --profile keys    # the same, with a cProfile of the keys (or: starts)

Starts: `--starts` served apps (RemoteApp through parlour/fronts/serve/ui.py's `Ui`), one after another,
each until its lobby is drawn; the first is not counted (imports, caches).
Keys: a Garfield table (You and two bots, seed 2, bots answering at once as the server's do),
the keys of `--keys` pressed in turn for `--rounds` rounds; each key's CPU is the process's CPU
from the key until the app has been quiet for a moment (the bots' moves included, as a served
player's screen follows them too). CPU time, not wall time: the figure depends little on load.
Environment: UI_CPU_EACH=1 prints each key's CPU and bytes; with --profile, UI_CPU_SORT=tottime
sorts the profile and UI_CPU_CALLEES=REGEX prints what the matching functions call.
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
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    import cProfile

    from parlour.fronts.serve.channel import Channel

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

KEYS = {"space": " ", "enter": "\r", "down": "\x1b[B", "up": "\x1b[A", "escape": "\x1b"}
SIZE = (100, 32)


async def quiet(sent: list[int], seconds: float = 0.05) -> None:
    """Wait until nothing has been written for `seconds`."""
    while True:
        before = sent[0]
        await asyncio.sleep(seconds)
        if sent[0] == before:
            return


def channel() -> tuple[Channel, list[int]]:
    from parlour.fronts.serve.channel import Channel

    sent = [0]

    def write(data: bytes) -> None:
        sent[0] += len(data)

    return Channel(write, *SIZE), sent


async def starts(count: int, profiler: cProfile.Profile | None) -> list[float]:
    from parlour.fronts.serve.ui import Ui

    cpus, uis = [], []
    for i in range(count + 1):
        ch, sent = channel()
        to_server: asyncio.Queue = asyncio.Queue()
        ui = Ui(f"p{i}", ch, "en", False, {"TERM": "xterm-256color"}, to_server.put_nowait)
        if i and profiler:
            profiler.enable()
        cpu = time.process_time()
        listing: Any  # a Listing, or a dict before issue 30
        try:  # the lobby's message: typed since issue 30, a dict before
            from parlour.services.wire import Listing

            listing = Listing(f"p{i}")
        except ImportError:
            listing = {"t": "lobby", "you": f"p{i}", "tables": []}
        try:
            ui.start(listing)  # the server gives the app the lobby it starts with
        except TypeError:  # older code: the lobby comes only as the answer to hello
            ui.start()
        await to_server.get()  # the app's hello
        ui.link.deliver(listing)
        await quiet(sent)
        if i:
            cpus.append(time.process_time() - cpu)
        if profiler:
            profiler.disable()
        uis.append(ui)
    for ui in uis:
        await ui.close()
    return cpus


async def keys(names: list[str], rounds: int, profiler: cProfile.Profile | None) -> tuple[list[float], int]:
    from parlour.compat.textual import capture_output_into
    from parlour.fronts.serve.channel import ChannelDriver
    from parlour.fronts.serve.ui import warm_up
    from parlour.services.seats import Seat
    from parlour.tui.app import make_app

    warm_up()
    ch, sent = channel()
    seats = [Seat("You"), Seat("Bot A", bot="random"), Seat("Bot B", bot="random")]
    app = make_app(
        "en", start="play", game="garfield", seats=seats, seed=2, bot_delay=0, autosave=False, animations=False
    )
    app.channel = ch  # type: ignore[attr-defined]  # read by ChannelDriver, as serve/ui.py sets it
    app.driver_class = ChannelDriver
    capture_output_into(app, sys.stdout, sys.stderr)
    task = asyncio.create_task(app.run_async(mouse=False, size=SIZE))
    await asyncio.sleep(0.5)
    await quiet(sent)
    cpus, before = [], sent[0]
    for _ in range(rounds):
        for name in names:
            if app.session is not None and app.session.over:
                break
            if profiler:
                profiler.enable()
            cpu = time.process_time()
            ch.keys(KEYS.get(name, name))
            await quiet(sent)
            cpus.append(time.process_time() - cpu)
            if profiler:
                profiler.disable()
            if os.environ.get("UI_CPU_EACH"):
                print(name, f"{cpus[-1] * 1000:.1f}", sent[0] - before)
    byte_count = sent[0] - before
    app.exit()
    await task
    return cpus, byte_count


def main() -> None:
    p = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--starts", type=int, default=10)
    p.add_argument("--keys", default="1,escape,down,1,enter,space", type=lambda s: [k for k in s.split(",") if k])
    p.add_argument("--rounds", type=int, default=8)
    p.add_argument("--profile", choices=("starts", "keys"))
    args = p.parse_args()
    home = tempfile.mkdtemp()
    os.environ["PARLOUR_DATA_DIR"], os.environ["PARLOUR_CONFIG_DIR"] = f"{home}/data", f"{home}/config"
    import cProfile
    import pstats

    profiler = cProfile.Profile() if args.profile else None
    from parlour.fronts.serve.ui import warm_up

    warm_up()
    cpus = asyncio.run(starts(args.starts, profiler if args.profile == "starts" else None))
    print(
        f"app start to lobby: CPU median {statistics.median(cpus) * 1000:.0f} ms, "
        f"mean {statistics.mean(cpus) * 1000:.0f} ms over {len(cpus)}"
    )
    cpus, sent = asyncio.run(keys(args.keys, args.rounds, profiler if args.profile == "keys" else None))
    print(
        f"key at the table: CPU median {statistics.median(cpus) * 1000:.1f} ms, "
        f"mean {statistics.mean(cpus) * 1000:.1f} ms over {len(cpus)} keys, {sent} bytes sent"
    )
    if profiler:
        pstats.Stats(profiler).sort_stats(os.environ.get("UI_CPU_SORT", "cumulative")).print_stats(45)
        if os.environ.get("UI_CPU_CALLEES"):
            pstats.Stats(profiler).sort_stats("cumulative").print_callees(os.environ["UI_CPU_CALLEES"])


if __name__ == "__main__":
    main()
