"""Snapshots of the Filmis table at 80x24 and 120x40: in English, in Swedish, in --ascii, a filmisbyte
choice, and the scoring screen (update with: pytest --snapshot-update)."""

import pytest

from parlour.words import i18n

from .scenes_filmis import SCENES
from .sizes import SNAPSHOT_SIZES, sizes_of


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")  # the Swedish scene switches the global language


@pytest.mark.parametrize("size", SNAPSHOT_SIZES, ids=lambda s: f"{s[0]}x{s[1]}")
@pytest.mark.parametrize("name", sorted(SCENES))
def test_filmis_screen_looks_as_approved(name, size, snap_compare):
    if size not in sizes_of(SCENES, name):
        pytest.skip("shown at its own size")
    app, keys = SCENES[name]()
    assert snap_compare(app, press=keys, terminal_size=size)
