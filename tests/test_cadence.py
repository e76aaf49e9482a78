"""parlour/services/cadence.py (issue 44): playing on at a pace takes one step a tick on time and
every step due at a late tick, so a slow machine skips frames rather than falling behind."""

from parlour.services import cadence
from parlour.services.cadence import Cadence


def test_a_late_tick_takes_every_step_due_and_jitter_changes_nothing(monkeypatch):
    clock = [0.0]
    monkeypatch.setattr(cadence, "now", lambda: clock[0])
    pace = Cadence(4)  # a tick every 0.25 s
    taken = []
    for since in (0.25, 0.24, 0.26, 0.2, 0.3, 1.0, 0.25, 0.6):
        clock[0] += since
        taken.append(pace.steps())
    assert taken == [1, 1, 1, 1, 1, 4, 1, 2]
    assert sum(taken) == round(clock[0] * 4)  # the pace kept: as many steps as the time says


def test_a_tick_takes_a_step_even_at_once(monkeypatch):
    monkeypatch.setattr(cadence, "now", lambda: 5.0)
    pace = Cadence(0.5)
    assert [pace.steps() for _ in range(3)] == [1, 1, 1]  # the timer's tick is the step's time
