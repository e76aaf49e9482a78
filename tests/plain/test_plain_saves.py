"""Issue 28 in plain mode: "Saved" only when every move is on disk (finding 1), a failed
autosave is said, not raised (finding 3), and a data folder that is a file is a message."""

from __future__ import annotations

import errno

from parlour.fronts.plain.local import PlainTable
from parlour.services import saves
from parlour.services.config import new_save_path

from .test_plain_table import Script, table


def full_disk(*_args):
    raise OSError(errno.ENOSPC, "No space left on device")


class Disk:
    """The saves layer's write seam: full until `room()` is called."""

    def __init__(self, monkeypatch):
        self.monkeypatch = monkeypatch
        self.real = saves._write_all

    def fill(self) -> str:
        self.monkeypatch.setattr(saves, "_write_all", full_disk)
        return "roll"

    def room(self) -> str:
        self.monkeypatch.setattr(saves, "_write_all", self.real)
        return "r"


class Steps(Script):
    """A Script whose answers may be callables, run when their turn comes (to fill the disk)."""

    def read(self, prompt: str) -> str | None:
        if self.answers and callable(self.answers[0]):
            self.answers[0] = self.answers[0]()
        return super().read(prompt)


def test_a_full_disk_is_said_and_quitting_asks_until_every_move_is_saved(tmp_path, monkeypatch):
    disk = Disk(monkeypatch)
    live, seats = table("smurf", "Ann,bot:random", seed=4)
    path = tmp_path / "s.jsonl"
    script = Steps("roll", disk.fill, "quit", "", "quit", "r", disk.room)
    code = PlainTable(live, seats, script.lines, script.read, save_path=path).play()
    text = script.text
    assert code == 0
    assert "Not saved: s.jsonl: cannot be saved (No space left on device)" in text  # said, not raised
    asked = text.split("The game is not saved", 1)[1]
    assert "If you quit now, the last" in asked and "r to try again, w to write it elsewhere" in asked
    assert "Still not saved." in asked  # r while the disk is full
    assert text.rstrip().endswith("Saved. Resume it with: parlour resume --plain")
    assert text.count("Saved. Resume") == 1
    assert saves.read(path).events == live.events


def test_writing_the_game_elsewhere_and_quitting_without_saving(tmp_path, monkeypatch):
    disk = Disk(monkeypatch)
    live, seats = table("smurf", "Ann,bot:random", seed=4)
    other = tmp_path / "other.jsonl"
    real = saves._write_all

    def only_elsewhere(fd, data):
        import os

        if os.readlink(f"/proc/self/fd/{fd}").startswith(str(tmp_path / "full")):
            full_disk()
        real(fd, data)

    (tmp_path / "full").mkdir()
    monkeypatch.setattr(saves, "_write_all", only_elsewhere)
    script = Steps("roll", "quit", "w", str(other))
    PlainTable(live, seats, script.lines, script.read, save_path=tmp_path / "full" / "s.jsonl").play()
    assert f"Saved in {other}. Resume it with: parlour resume --plain {other}" in script.text
    assert saves.read(other).events == live.events
    del disk

    live, seats = table("smurf", "Ann,bot:random", seed=4)
    script = Steps("roll", "quit", "q")
    PlainTable(live, seats, script.lines, script.read, save_path=tmp_path / "full" / "t.jsonl").play()
    assert "Quit without saving: the last" in script.text and "Saved." not in script.text


def test_input_ending_while_not_saved_says_what_was_lost(tmp_path, monkeypatch):
    monkeypatch.setattr(saves, "_write_all", full_disk)
    live, seats = table("smurf", "Ann,bot:random", seed=4)
    script = Steps("roll")  # then the input ends
    PlainTable(live, seats, script.lines, script.read, save_path=tmp_path / "s.jsonl").play()
    assert "Quit without saving: the last" in script.text and "Saved." not in script.text


def test_a_data_folder_that_is_a_file_is_a_message(tmp_path, monkeypatch):
    a_file = tmp_path / "hostname"
    a_file.write_text("not a folder\n")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(a_file))
    live, seats = table("smurf", "Ann,bot:random", seed=4)
    script = Steps("roll", "quit", "q")
    PlainTable(live, seats, script.lines, script.read, save_path=new_save_path("smurf")).play()
    assert "Not saved: " in script.text and "Not a directory" in script.text
    assert "Quit without saving" in script.text


def test_a_data_folder_that_is_a_file_is_said_when_choosing_a_save(tmp_path, monkeypatch):
    from parlour.fronts.plain.local import choose_save

    a_file = tmp_path / "hostname"
    a_file.write_text("not a folder\n")
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(a_file))
    script = Steps()
    assert choose_save(script.lines, script.read) is None
    assert f"{a_file} is not a folder, so saves cannot be kept in {a_file / 'saves'}" in script.text
