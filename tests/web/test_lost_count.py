"""Issue 37, item 5, in a `parlour web` tab in a real Chromium: a torn save (its last line cut
while saving) resumed where it cannot be written loses only the moves made since, and quitting
says so. Every move before the torn line is still on disk.

The save cannot be written because `parlour web` and its app processes run with a file size
limit (RLIMIT_FSIZE) below the save's size: writing the save whole again fails with EFBIG
("File too large"; Python ignores SIGXFSZ), while its small lock file is written as usual."""

from __future__ import annotations

import resource

import pytest

from parlour.rules.records import Acted
from parlour.services import saves

from ..test_one_writer import hot_seat_save
from .harness import PageTerminal, chromium, web_server
from .test_two_tabs import resume_the_save, said

pytestmark = [pytest.mark.browser, pytest.mark.usefixtures("browser_ready")]


def moves(path) -> int:
    return sum(1 for e in saves.read(path).events if type(e) is Acted and e.seat is not None)


async def test_a_torn_save_that_cannot_be_written_counts_only_the_move_since(tmp_path, parlour_env):
    folder = tmp_path / "data" / "saves"
    folder.mkdir(parents=True)
    path = folder / "ann-bob.jsonl"
    on_disk = hot_seat_save(path, actions=60)
    seq = len(saves.read(path).events) + 1
    with open(path, "a", encoding="utf-8") as file:
        file.write(f'{{"seq":{seq},"event":{{"type":"Act')  # cut while saving
    before = path.read_bytes()
    soft, hard = resource.getrlimit(resource.RLIMIT_FSIZE)
    resource.setrlimit(resource.RLIMIT_FSIZE, (len(before) // 2, hard))  # inherited by `parlour web`
    try:
        server = web_server(parlour_env)
        url, _ = server.__enter__()
    finally:
        resource.setrlimit(resource.RLIMIT_FSIZE, (soft, hard))  # (this process writes as before)
    try:
        async with chromium() as context:
            term = await PageTerminal.open(context, url)
            await resume_the_save(term)
            await term.wait_for("'s turn")
            await term.press("Enter")  # one move: the selected answer, whatever is asked
            await term.wait_for("cannot be saved", "File too large")
            await term.press("Control+q")
            await term.wait_for("The game is not saved")
            assert "the last move is lost" in said(term), term.text()
            await term.page.close()
    finally:
        server.__exit__(None, None, None)
    assert path.read_bytes() == before and moves(path) == on_disk  # those moves were never lost
