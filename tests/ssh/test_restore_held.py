"""Issue 37, item 1, at a served table: a server does not restore a table from a save another
process holds (one writer per save, parlour/services/save_lock.py), and says so in its log; once
that process has let it go, the next start restores it."""

from __future__ import annotations

import logging

from parlour.fronts.serve.tables import Lobby
from parlour.services import save_lock
from parlour.services.config import saves_dir

from ..test_one_writer import holding
from .harness import connect, server, until


class Kept(logging.Handler):
    """The server log's lines, kept (its logger does not pass them on: server.py)."""

    def __init__(self):
        super().__init__(logging.INFO)
        self.lines: list[str] = []

    def emit(self, record: logging.LogRecord) -> None:
        self.lines.append(record.getMessage())


async def test_a_table_whose_save_is_open_elsewhere_is_not_restored():
    async with server() as hub:
        table = hub.lobby.create("smurf", ["human", "bot:random"], seed=3)
        ann = await connect(hub, "Ann")
        await ann.wait_for(f"#{table.id} The Smurf Game")
        ann.press("enter")
        await until(hub, lambda: table.table is not None)
        await ann.close()
    [path] = saves_dir().glob("*.jsonl")
    assert save_lock.holder(path) is None  # the server let it go as it stopped
    holder = holding(path, "plain")  # another window plays it
    try:
        before = path.read_bytes()
        logger, kept = logging.getLogger("parlour.fronts.serve"), Kept()
        level, logger.level = logger.level, logging.INFO
        logger.addHandler(kept)
        try:
            assert Lobby(bot_delay=0, save=False).restore(saves_dir()) == 0
        finally:
            logger.removeHandler(kept)
            logger.setLevel(level)
        said = "\n".join(kept.lines)
        assert f"not restored: {path.name} is open elsewhere (plain mode on host " in said
        assert f"process {holder.pid}, since " in said
        assert path.read_bytes() == before
    finally:
        holder.stdin.close()
        holder.wait(timeout=30)
    again = Lobby(bot_delay=0, save=False)
    assert again.restore(saves_dir()) == 1
    for table in again.tables.values():
        for timer in table.timers.values():
            timer.cancel()
        table.driver.close()
