"""Replay mode worth a picture, as (app, keys to press) pairs: used by the snapshot tests
(tests/tui/test_snapshots_replay.py) and by tools/screenshots.py."""

from __future__ import annotations

import tempfile
from pathlib import Path

from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.seats import Seat, seats_meta
from parlour.services.table_driver import TableDriver
from parlour.services.words import i18n
from parlour.tui.app import make_app

TRIO = [Seat("Ann", "random", "red"), Seat("Odie", "random", "blue"), Seat("Nermal", "random", "green")]


def _saved_game() -> Path:
    """A finished, seeded Garfield game among three bots, saved in a fresh folder."""
    table = Table.new("garfield", [s.name for s in TRIO], seed=4, meta={"seats": seats_meta(TRIO)})
    TableDriver(table, {seat: make("random", seat) for seat in range(3)}).play_bots()
    path = Path(tempfile.mkdtemp()) / "garfield.jsonl"
    saves.write(path, table.header, table.events)
    return path


def replay(seat: int | None = None, ascii_only: bool = False):
    i18n.set_language("en")
    app = make_app(
        start="replay",
        resume=_saved_game(),
        eyes=seat,
        bot_delay=0,
        animations=False,
        autosave=False,
        ascii_only=ascii_only,
    )
    return app, ["g", "1", "2", "enter", "right", "right"]


def replay_ascii():
    """The same, with the chances chart, in ASCII mode."""
    return replay(ascii_only=True)


def replay_as_seat():
    app, keys = replay(1)
    return app, keys + ["v"]


def replay_chart():
    """The chances chart on its own key (`c`), in the board's and the log's place, key moments marked."""
    app, keys = replay()
    return app, keys + ["c"]


SCENES = {"replay": replay, "replay-seat": replay_as_seat, "replay-ascii": replay_ascii, "replay-chart": replay_chart}
SIZES = {"replay": [(80, 24), (120, 40)]}  # for tools/screenshots.py; 80x24 unless said
