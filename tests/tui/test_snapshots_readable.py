"""Snapshots for issue 16 at 80x24 and 120x40: a Filmis result with the longest scoring lines, a
15-card hand, a long log, the saves list, the title's help, and a terminal too small (40x15)."""

import pytest

from .scenes_readable import SCENES
from .sizes import SNAPSHOT_SIZES, looks_as_approved


@pytest.mark.parametrize("size", SNAPSHOT_SIZES + [(40, 15)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_readable_screen_looks_as_approved(name, size, snap_compare):
    assert looks_as_approved(SCENES, name, size, snap_compare)
