"""Snapshots of the Filmis table at 80x24: in English, in Swedish, in --ascii, a filmisbyte
choice, and the scoring screen (update with: pytest --snapshot-update)."""

import pytest

from parlour.words import i18n

from .scenes_filmis import SCENES


@pytest.fixture(autouse=True)
def english_afterwards():
    yield
    i18n.set_language("en")  # the Swedish scene switches the global language


@pytest.mark.parametrize("name", sorted(SCENES))
def test_filmis_screen_looks_as_approved(name, snap_compare):
    app, keys = SCENES[name]()
    assert snap_compare(app, press=keys, terminal_size=(80, 24))
