"""The Smurf smart bot reads its value tables from parlour/games/smurf/bots/tables.py (written by
tools/smurf_tables.py) instead of working them out: the file must hold exactly what
`worked_out` gives today, float for float, for every set of empty circles."""

from __future__ import annotations

import pytest

from ..bots import smart as smurf_smart


@pytest.mark.parametrize("empty", range(smurf_smart.FULL + 1))
def test_the_stored_table_is_the_table_worked_out(empty):
    smurf_smart.table.cache_clear()
    assert smurf_smart.table(empty) == smurf_smart.worked_out(empty), "run python tools/smurf_tables.py"
