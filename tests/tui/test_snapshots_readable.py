"""Snapshots for issue 16 at 80x24 and 120x40: a Filmis result with the longest scoring lines, a
15-card hand, a long log, the saves list, the title's help, and a terminal too small (40x15)."""

import pytest

from parlour.words import i18n

from .scenes_readable import SCENES
from .sizes import SNAPSHOT_SIZES, sizes_of


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("size", SNAPSHOT_SIZES + [(40, 15)], ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_readable_screen_looks_as_approved(name, size, snap_compare):
    if size not in sizes_of(SCENES, name):
        pytest.skip("shown at its own sizes")
    app, keys = SCENES[name]()
    assert snap_compare(app, press=keys, terminal_size=size)
