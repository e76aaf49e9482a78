"""The replay's chances chart (tui/widgets/chances_chart.py): the numbers it words are those of the
turn watched, never another turn's while the analysis is still working; the key moments are
marked; below 30 rows it is offered on its own key (`c`), in the board's and the log's place."""

from __future__ import annotations

from parlour.services.analysis import Chances
from parlour.tui.screens.replay import ReplayScreen
from parlour.tui.widgets.chances_chart import ChancesChart

from .scenes_replay import replay


def _chart() -> ChancesChart:
    chart = ChancesChart(("Ann", "Odie"), ["A", "O"], ["red", "blue"])
    chart.start(expected=3, turns=10)
    chart.add(Chances(1, 0, (0.6, 0.4), 100, (0.5, 0.3), (0.7, 0.5)))
    return chart


def test_the_words_are_the_turn_watched_or_that_it_is_still_being_worked_out():
    chart = _chart()
    assert chart._legend().startswith("Turn 1: Ann 60 % · Odie 40 %")
    chart.show_turn(5)  # not worked out yet: no other turn's numbers
    legend = chart._legend()
    assert legend.startswith("Turn 5: still being worked out") and "60 %" not in legend
    chart.add(Chances(5, 9, (0.2, 0.8), 100, (0.1, 0.7), (0.3, 0.9)))
    assert chart._legend().startswith("Turn 5: Ann 20 % · Odie 80 %")


def test_the_key_moments_are_marked_once_all_is_worked_out():
    chart = _chart()
    chart.finish([(1, "luck"), (10, "decision")])
    assert chart.moments == [(1, "luck"), (10, "decision")] and chart.done
    assert chart._legend().endswith("* luck, ! decision")


async def test_below_30_rows_the_chart_is_on_its_own_key_in_the_boards_place():
    app, _ = replay()
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        chart, board = screen.query_one(ChancesChart), screen.query_one("#board")
        assert not chart.display and board.display  # four rows of letters would not be read
        await pilot.press("c")
        await pilot.pause()
        assert chart.display and not board.display and chart.size.height >= 12
        await pilot.press("c")
        await pilot.pause()
        assert not chart.display and board.display
        await screen.workers.wait_for_complete()


async def test_the_chart_plays_on_the_chart_budget_not_the_text_analysis(monkeypatch):
    """A served table works the chart out again for each viewer: it plays `chart_games` games
    from each option (fewer than `parlour replay --text --analysis`), and says how many."""
    from parlour.services import analysis

    monkeypatch.setattr(analysis, "chart_games", lambda game_id: 3)  # (not the 6 of conftest)
    app, _ = replay()
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, ReplayScreen)
        await screen.workers.wait_for_complete()
        await pilot.pause()
        legend = screen.query_one(ChancesChart)._legend()
        assert "3 games" in legend and "6 games" not in legend
