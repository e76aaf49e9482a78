"""Snapshots of the Smurf table at 80x24 and 120x40: English, Swedish and --ascii (update with:
pytest tests/tui/test_snapshots_smurf.py --snapshot-update)."""

import pytest

from .scenes_smurf import SCENES
from .sizes import SNAPSHOT_SIZES, looks_as_approved


@pytest.mark.parametrize("size", SNAPSHOT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_smurf_table_looks_as_approved(name, size, snap_compare):
    assert looks_as_approved(SCENES, name, size, snap_compare)
