"""Snapshots of replay mode, the chances chart under the board filled in, at 80x24 (and 120x40)
and in ASCII mode (update with: pytest tests/tui/test_snapshots_replay.py --snapshot-update)."""

import pytest

from .scenes_replay import SCENES


async def _chart_done(pilot):
    """Wait for the chart's analysis (a worker thread) to hand over every point."""
    await pilot.app.screen.workers.wait_for_complete()
    await pilot.pause()


@pytest.mark.parametrize("name", sorted(SCENES))
def test_replay_looks_as_approved(name, snap_compare):
    app, keys = SCENES[name]()
    assert snap_compare(app, press=keys, terminal_size=(80, 24), run_before=_chart_done)


def test_the_replay_and_its_chart_at_120x40(snap_compare):
    app, keys = SCENES["replay"]()
    assert snap_compare(app, press=keys, terminal_size=(120, 40), run_before=_chart_done)
