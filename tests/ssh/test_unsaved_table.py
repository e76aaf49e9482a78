"""Issue 28 at a served table: the server's own log says which table could not be saved, each
time a save fails and once more as the server stops with moves not on disk."""

from __future__ import annotations

import errno
import logging
from types import SimpleNamespace

from parlour.fronts.serve.tables import Lobby
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.table_driver import TableDriver


def test_the_server_log_names_the_tables_that_could_not_be_saved(tmp_path, monkeypatch):
    def full_disk(*_args):
        raise OSError(errno.ENOSPC, "No space left on device")

    lobby = Lobby(bot_delay=0, save=False)
    for number, failing in ((3, False), (7, True)):
        table = Table.new("smurf", ["Ann", "Bob"], seed=number)
        driver = TableDriver(table, writer=saves.Writer(tmp_path / f"t{number}.jsonl", table.header, table.events))
        with monkeypatch.context() as m:
            if failing:
                m.setattr(saves, "_write_all", full_disk)
            for _ in range(2):
                seat = next(iter(table.to_act()))
                driver.submit(seat, table.legal_actions(seat)[0])
        lobby.tables[number] = SimpleNamespace(id=number, driver=driver)
    said: list[str] = []
    listener = logging.Handler(logging.WARNING)
    listener.emit = lambda record: said.append(record.getMessage())
    logger = logging.getLogger("parlour.fronts.serve")  # (an earlier server may have stopped its propagation)
    logger.addHandler(listener)
    try:
        lobby.log_unsaved()
    finally:
        logger.removeHandler(listener)
    assert len(said) == 1 and said[0].startswith("table 7 could not be saved: its last 2 moves are lost")
    assert "No space left on device" in said[0]
