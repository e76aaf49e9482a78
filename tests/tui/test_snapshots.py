"""Snapshots of the key screens at 80x24 and 120x40 (update with: pytest --snapshot-update)."""

import pytest

from .scenes import SCENES
from .sizes import SNAPSHOT_SIZES, looks_as_approved


@pytest.mark.parametrize("size", SNAPSHOT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_screen_looks_as_approved(name, size, snap_compare):
    assert looks_as_approved(SCENES, name, size, snap_compare)
