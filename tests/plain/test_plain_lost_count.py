"""Issue 37, item 5: the moves plain mode says are lost are exactly the ones not on disk. A save
resumed where it cannot be written (a read-only folder or disk, at the saves layer's write seam)
still holds every move it was resumed with: quitting loses only the moves made since, as the
full-screen app says."""

from __future__ import annotations

import argparse
import errno

from parlour.fronts.plain import local
from parlour.rules.records import Acted
from parlour.services import saves

from ..test_one_writer import hot_seat_save
from .test_plain_table import Script


def read_only(*_args):
    raise OSError(errno.EROFS, "Read-only file system")


def test_resuming_a_save_that_cannot_be_written_counts_only_the_moves_since(tmp_path, monkeypatch):
    path = tmp_path / "ann-bob.jsonl"
    on_disk = hot_seat_save(path, actions=60)
    before = path.read_bytes()
    monkeypatch.setattr(saves, "_write_all", read_only)
    script = Script("1", "1", "1", "quit", "q")
    monkeypatch.setattr(local, "terminal_io", lambda ascii_only=None: (script.lines, script.read))
    args = argparse.Namespace(command="resume", save=path, ascii=False, color=False, bot_delay=0.0)
    assert local.run(args) == 0
    text = script.text
    assert "Not saved: ann-bob.jsonl: cannot be saved (Read-only file system)" in text
    assert "If you quit now, the last 3 moves are lost." in text
    assert "Quit without saving: the last 3 moves are lost." in text
    assert f"the last {on_disk + 3} moves" not in text
    assert path.read_bytes() == before  # and it loads as it was: those moves were never lost
    assert sum(1 for e in saves.read(path).events if type(e) is Acted and e.seat is not None) == on_disk
