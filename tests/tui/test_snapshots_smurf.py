"""Snapshots of the Smurf table at 80x24: English, Swedish and --ascii (update with:
pytest tests/tui/test_snapshots_smurf.py --snapshot-update)."""

import pytest

from parlour.words import i18n

from .scenes_smurf import SCENES


@pytest.fixture(autouse=True)
def english_after():
    yield
    i18n.set_language("en")


@pytest.mark.parametrize("name", sorted(SCENES))
def test_smurf_table_looks_as_approved(name, snap_compare):
    app, keys = SCENES[name]()
    assert snap_compare(app, press=keys, terminal_size=(80, 24))
