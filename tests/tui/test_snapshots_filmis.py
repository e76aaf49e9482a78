"""Snapshots of the Filmis table at 80x24 and 120x40: in English, in Swedish, in --ascii, a filmisbyte
choice, and the scoring screen (update with: pytest --snapshot-update)."""

import pytest

from .scenes_filmis import SCENES
from .sizes import SNAPSHOT_SIZES, looks_as_approved


@pytest.mark.parametrize("size", SNAPSHOT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_filmis_screen_looks_as_approved(name, size, snap_compare):
    assert looks_as_approved(SCENES, name, size, snap_compare)
