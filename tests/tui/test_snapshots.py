"""Snapshots of the key screens at 80x24 (update with: pytest --snapshot-update)."""

import pytest

from .scenes import SCENES


@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_looks_as_approved(name, snap_compare):
    app, keys = SCENES[name]()
    assert snap_compare(app, press=keys, terminal_size=(80, 24))
