"""`parlour simulate`: reproducible for a fixed seed, and its arguments are checked."""

from __future__ import annotations

import argparse
import json

import pytest

from parlour.fronts import simulate
from parlour.rules import registry


def _run(capsys, *argv: str) -> tuple[int, str, str]:
    parser = argparse.ArgumentParser()
    simulate.add_arguments(parser)
    code = simulate.run(parser.parse_args(list(argv)))
    out, err = capsys.readouterr()
    return code, out, err


def _without_timing(summary: dict) -> dict:
    return {k: v for k, v in summary.items() if k not in simulate.TIMING_FIELDS}


@pytest.mark.parametrize("game_id", registry.available())
def test_json_output_is_reproducible_for_a_fixed_seed(game_id, capsys):
    seats = "smart,random,smart" if game_id != "smurf" else "smart,smart"
    games = "12" if game_id != "smurf" else "3"
    runs = [_run(capsys, game_id, "--seats", seats, "--games", games, "--seed", "9", "--json") for _ in range(2)]
    assert [code for code, _, _ in runs] == [0, 0]
    first, second = (json.loads(out) for _, out, _ in runs)
    assert _without_timing(first) == _without_timing(second)
    assert first["games"] == 12 if game_id != "smurf" else 3
    assert sum(row["wins"] for row in first["seat_wins"]) == pytest.approx(first["finished"])
    assert first["length"]["median"] <= first["length"]["p95"]
    # and another seed gives another run
    _, other, _ = _run(capsys, game_id, "--seats", seats, "--games", games, "--seed", "10", "--json")
    assert _without_timing(json.loads(other)) != _without_timing(first)


def test_the_table_names_levels_and_lengths(capsys):
    code, out, err = _run(capsys, "garfield", "--seats", "smart,random", "--games", "5", "--seed", "1")
    assert code == 0
    assert "smart" in out and "random" in out and "95th percentile" in out and "games/s" in out
    assert err == ""  # no progress bar when stderr is not a terminal


@pytest.mark.parametrize(
    "argv, message",
    [
        (("chess",), "unknown game"),
        (("garfield", "--seats", "smart,genius"), "unknown bot level"),
        (("garfield", "--seats", "smart"), "2 to 4"),
        (("garfield", "--games", "0"), "at least 1"),
    ],
)
def test_bad_arguments_are_refused_with_a_message(capsys, argv, message):
    code, out, err = _run(capsys, *argv)
    assert code == 2 and message in err and out == ""


def test_percentile_is_nearest_rank():
    assert simulate.percentile([5, 1, 3, 2, 4], 95) == 5
    assert simulate.percentile(list(range(1, 101)), 95) == 95
    assert simulate.percentile([7], 50) == 7


def test_simulate_loads_neither_textual_nor_rich_without_a_terminal():
    import subprocess
    import sys

    code = (
        "import sys; from parlour.fronts import simulate; simulate.main(['garfield', '--games', '2', '--json']);"
        "print(','.join(sorted(m for m in sys.modules if m.split('.')[0] in ('textual', 'rich'))))"
    )
    run = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=60)
    assert run.returncode == 0, run.stderr
    assert run.stdout.strip().splitlines()[-1] == "}"  # the JSON ends the output: nothing loaded


def test_the_text_output_has_the_charts_beside_the_table(capsys):
    code, out, _ = _run(capsys, "garfield", "--seats", "smart,random", "--games", "6", "--seed", "1")
    assert code == 0
    assert "win rate, 95 % interval" in out and "game length (turns)" in out
    assert "●" in out and "├" in out  # each seat's rate and its interval are drawn


def test_wilson_interval_and_length_bins():
    from parlour.fronts.simulate.charts import bins, wilson

    low, high = wilson(50, 100)
    assert low == pytest.approx(0.4038, abs=1e-3) and high == pytest.approx(0.5962, abs=1e-3)
    assert wilson(0, 20)[0] == 0.0 and 0 < wilson(0, 20)[1] < 0.2  # stays inside 0..1
    assert wilson(20, 20)[1] == 1.0
    rows = bins([10, 11, 19, 30, 30], count=3)
    assert sum(c for _, _, c in rows) == 5
    assert rows[0][0] == 10 and rows[-1][1] >= 30
    assert all(high - low + 1 == 7 for low, high, _ in rows)


def test_the_games_run_with_fewer_collections_and_the_collector_is_left_as_it_was(monkeypatch):
    import gc

    seen = []
    played = simulate.play_one

    def play_one(*args):
        seen.append(gc.get_threshold()[0])
        return played(*args)

    monkeypatch.setattr(simulate, "play_one", play_one)
    before = gc.get_threshold()
    simulate.simulate("garfield", ["random", "random"], 3, 1)
    assert seen == [simulate.YOUNG_COLLECTION_EVERY] * 3
    assert gc.get_threshold() == before

    def failing(*args):
        raise RuntimeError("a bot's bug")

    monkeypatch.setattr(simulate, "play_one", failing)
    with pytest.raises(RuntimeError):  # and so it is when a game fails
        simulate.simulate("garfield", ["random", "random"], 3, 1)
    assert gc.get_threshold() == before
