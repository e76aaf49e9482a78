"""The game and plain mode in a cgroup capped at 64 MiB without swap (tools/small_machine.py), as on
a small single-board computer: what does not depend on the machine's speed is checked here (no
OOM kill, the resident peak under the 48 MiB goal, every key drawn); the times are the tool's to
print (README, "Small machines"). Skipped where no cgroup can be made (not root, no controllers)."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
spec = importlib.util.spec_from_file_location("small_machine", ROOT / "tools" / "small_machine.py")
small_machine = importlib.util.module_from_spec(spec)
sys.modules["small_machine"] = small_machine  # its dataclasses look their module up
spec.loader.exec_module(small_machine)


@pytest.fixture(scope="module")
def runs():
    # A whole core, so the test takes seconds; the cap is the small machine's.
    args = small_machine.parser().parse_args(["--cpu", "1", "--runs", "1", "--only", "game,plain", "--quiet", "0.3"])
    try:
        probe = small_machine.Cgroup(args.cpu, args.memory)
    except small_machine.NoCgroup as error:
        pytest.skip(str(error))
    probe.remove()
    return {run.what: run for run in small_machine.measure(args)}


def test_the_game_fits_in_64_mib_and_draws_every_key(runs):
    game = runs["game"]
    assert not game.note, game.note
    assert game.oom_kills == 0
    assert game.rss_mib <= 48, f"{game.rss_mib:.1f} MiB resident"
    assert [key for key, *_ in game.keys] == [*small_machine.GAME_KEYS, "i"]
    assert all(sent > 0 for *_, sent in game.keys), game.keys  # each key's own frame came
    cursor = [sent for key, *_, sent in game.keys if key in ("down", "up")]
    assert max(cursor) <= 600, cursor  # a cursor move redraws the options line only


def test_plain_mode_fits_in_64_mib(runs):
    plain = runs["plain"]
    assert not plain.note, plain.note
    assert plain.oom_kills == 0
    assert plain.rss_mib <= 32, f"{plain.rss_mib:.1f} MiB resident"
    assert plain.first_frame_s > 0


def test_a_cgroup_is_removed_after_its_run(runs):
    mounts = small_machine._mounts()
    folders = [mounts[c] for c in ("cpu", "memory") if c in mounts] or [mounts["cgroup2"]]
    assert not [p for folder in folders for p in folder.glob("parlour-small-*")]
