"""Snapshots of replay mode at 80x24 (update with:
pytest tests/tui/test_snapshots_replay.py --snapshot-update)."""

import pytest

from .scenes_replay import SCENES


@pytest.mark.parametrize("name", sorted(SCENES))
def test_replay_looks_as_approved(name, snap_compare):
    app, keys = SCENES[name]()
    assert snap_compare(app, press=keys, terminal_size=(80, 24))
