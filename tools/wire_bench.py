"""The served wire's own cost: seeded games at a served lobby played to the end by plain-mode
sessions (parlour/fronts/serve/plain_session.py: the real code at both ends of the wire, no SSH, no Textual),
one seated player and a few watchers per table, every message handed over as the server does.

    .venv/bin/python tools/wire_bench.py --games 20 --watchers 3
    # another checkout's code (e.g. before a change), with this script:
    .venv/bin/python tools/wire_bench.py --code /path/to/before

It prints the CPU seconds for all the games, the messages the lobby sent, and how much JSON the
messages would be as text: before issue 30 every message was a JSON-ready dict, its events
encoded for each member and decoded again by each UI, and each batch was answered with a SHA-256
digest of the UI's view; the typed wire hands the same objects over.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import sys
import time
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from parlour.fronts.serve.plain_session import PlainSession

ROOT = Path(__file__).resolve().parent.parent
if "--code" in sys.argv:  # measure another checkout: its code first on the path
    ROOT = Path(sys.argv[sys.argv.index("--code") + 1]).resolve()
sys.path.insert(0, str(ROOT))


class Sink:
    """A session's output stream: the bytes are counted, not kept."""

    def __init__(self) -> None:
        self.bytes = 0

    def write(self, data: bytes) -> None:
        self.bytes += len(data)

    async def drain(self) -> None:
        return None


class Process:
    def __init__(self) -> None:
        self.stdout = Sink()


def as_json(message: Any) -> int:
    """The size of a message as JSON text (a dict before issue 30; a wire dataclass now)."""
    if isinstance(message, dict):
        return len(json.dumps(message))
    from parlour.rules.codec import encode

    return len(json.dumps(encode(message), default=list))


def tell(session: PlainSession, message: Any) -> None:
    """Hand a lobby message to a plain session as its own task would."""
    told = session.told
    if hasattr(told, "handle"):  # the typed wire: one dispatcher
        told.handle(message, session)
    else:
        told(message)


async def play(games: int, watchers: int, measure_size: bool) -> None:
    from parlour.fronts.serve.plain_session import PlainSession
    from parlour.fronts.serve.tables import Lobby

    lobby = Lobby(bot_delay=0, save=False)
    sent = [0, 0]  # messages, their JSON size

    def session(name: str) -> PlainSession:
        one = PlainSession(lobby, Process(), name, "open")  # type: ignore[arg-type]  # a stand-in process
        put = one.member.send

        def send(message: Any) -> None:
            sent[0] += 1
            if measure_size:
                sent[1] += as_json(message)
            put(message)

        one.member.send = send
        return one

    async def drain(sessions: list[PlainSession]) -> None:
        """Until every session has told all it was sent and the bots have moved."""
        while True:
            await asyncio.sleep(0)  # the bots' timers (delay 0)
            busy = False
            for one in sessions:
                while not one.inbox.empty():
                    busy = True
                    tell(one, one.inbox.get_nowait())
            if not busy and not any("bot" in t.timers for t in lobby.tables.values()):
                return

    cpu, start = time.process_time(), time.perf_counter()
    for seed in range(games):
        table = lobby.create("garfield", ["human", "bot:random", "bot:random", "bot:random"], seed=seed)
        player = session(f"Ann{seed}")
        chairs = [session(f"Watcher{seed}x{i}") for i in range(watchers)]
        everyone = [player, *chairs]
        for one in everyone:
            lobby.join(one.member)
        await drain(everyone)
        player.answer(f"join {table.id}")
        for one in chairs:
            one.answer(f"watch {table.id}")
        await drain(everyone)
        moves = 0
        while table.table is not None and table.table.result() is None:
            moves += 1
            if moves > 5000:
                raise SystemExit("a game did not end")
            player.answer("1" if player._actions() else "")
            await drain(everyone)
        for one in everyone:
            lobby.leave(one.member)
    cpu, wall = time.process_time() - cpu, time.perf_counter() - start
    import parlour

    print(f"code: {Path(parlour.__file__).parent.parent}")
    print(
        f"{games} Garfield games (1 player, 3 random bots, {watchers} watchers each): CPU {cpu:.2f} s "
        f"({cpu / games * 1000:.0f} ms a game), wall {wall:.2f} s"
    )
    size = f", {sent[1] / 1e6:.1f} MB as JSON text ({sent[1] / games / 1000:.0f} kB a game)" if measure_size else ""
    print(f"messages from the lobby: {sent[0]} ({sent[0] // games} a game){size}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--watchers", type=int, default=3)
    parser.add_argument("--code", type=Path, help="the checkout whose code is measured (default: this one)")
    parser.add_argument("--size", action="store_true", help="also measure the messages as JSON (costs CPU)")
    args = parser.parse_args()
    asyncio.run(play(args.games, args.watchers, args.size))


if __name__ == "__main__":
    main()
