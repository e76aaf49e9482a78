"""Snapshots of the key screens at 80x24 and 120x40 (update with: pytest --snapshot-update)."""

import pytest

from .scenes import SCENES
from .sizes import SNAPSHOT_SIZES, sizes_of


@pytest.mark.parametrize("size", SNAPSHOT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_looks_as_approved(name, size, snap_compare):
    if size not in sizes_of(SCENES, name):
        pytest.skip("shown at its own size")
    app, keys = SCENES[name]()
    assert snap_compare(app, press=keys, terminal_size=size)
