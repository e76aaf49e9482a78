"""What the app sends to a real terminal (a PTY, 80x24), counted in bytes, not timed: the bytes a
key costs (issue 17's goals) and that a C locale gets only ASCII. The app runs as a player runs
it (`python -m parlour play ...`), measured by tools/pty_bytes.py."""

from __future__ import annotations

import importlib.util
import os
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("pty_bytes", ROOT / "tools" / "pty_bytes.py")
pty_bytes = importlib.util.module_from_spec(spec)
spec.loader.exec_module(pty_bytes)

pytestmark = pytest.mark.skipif(os.name != "posix", reason="needs a PTY")


def run(tmp_path, keys: list[str], **options) -> dict:
    args = pty_bytes.parser().parse_args([])
    args.seed, args.keys = 2, keys  # Garfield, You first, holding Put 1 over: +10 in slot 1
    for name, value in options.items():
        setattr(args, name, value)
    os.environ["PARLOUR_DATA_DIR"] = str(tmp_path / "data")
    os.environ["PARLOUR_CONFIG_DIR"] = str(tmp_path / "config")
    try:
        return pty_bytes.measure(args)
    finally:
        del os.environ["PARLOUR_DATA_DIR"], os.environ["PARLOUR_CONFIG_DIR"]


def test_a_key_costs_only_what_it_changes(tmp_path):
    sent = dict(run(tmp_path, ["1", "escape", "space"])["keys"])
    assert 0 < sent["1"] <= 1024  # a card-slot key: the hand's rows, the hint, the new Back key
    assert 0 < sent["space"] <= 3 * 1024  # a roll with its pawn move, the log's new lines
    choice = run(tmp_path, ["1", "enter", "down", "up"])["keys"]  # the Lasagna question
    assert [key for key, _ in choice] == ["1", "enter", "down", "up"]
    assert all(0 < n <= 600 for key, n in choice[2:])  # a cursor move: the options line


def test_a_c_locale_gets_plain_ascii(tmp_path, monkeypatch):
    for name in ("LC_ALL", "LC_CTYPE", "LANG"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setenv("LANG", "C")
    result = run(tmp_path, ["1", "enter", "down", "?", "escape", "pageup"], lang="C")
    sent = result["sent"]
    assert len(sent) > 10_000  # the table, the help and back were drawn
    assert b"Your turn" in sent and b"How to play" in sent
    assert sent.isascii(), sent[[b > 127 for b in sent].index(True) - 60 :][:120]
