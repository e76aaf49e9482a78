"""Chances to win, turn by turn (parlour/services/analysis.py): shares that add up, a game's end and a
forced win at 100 %, estimates made from the watching seat's view alone, and the words of
`parlour replay --text --analysis` for each game."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.cli import main
from parlour.rules import registry
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.analysis import Analysis, estimate, key_moments
from parlour.services.analysis_text import tell
from parlour.services.replay import Replay
from parlour.services.table_driver import TableDriver
from parlour.services.words.base import Words

from ..bots.test_expert import _garfield_twin

GAMES = 6  # games played on per turn in these tests: few, seeded


def _saved(tmp_path: Path, game: str, seed: int = 4, cut: int | None = None) -> Path:
    """A seeded game among three smart bots, saved (cut after `cut` events: a game in progress)."""
    table = Table.new(game, ["Ann", "Odie", "Nermal"], seed=seed)
    TableDriver(table, {seat: make("smart", seat) for seat in range(3)}).play_bots()
    path = tmp_path / f"{game}.jsonl"
    saves.write(path, table.header, table.events[:cut])
    return path


def test_each_turns_chances_add_up_to_one_and_the_end_gives_the_winner_all(tmp_path):
    replay = Replay(saves.read(_saved(tmp_path, "garfield")))
    analysis = Analysis(replay, games=GAMES, most=8)
    points = list(analysis.run())
    assert len(points) == 9 and points[0].turn == 1  # 8 turns sampled, and the end
    for point in points:
        assert sum(point.chances) == pytest.approx(1.0)  # (an unfinished playout is shared evenly)
        for p, low, high in zip(point.chances, point.low, point.high):
            assert low <= p <= high
    (winner,) = replay.game.result(replay.state_at(len(replay.stops) - 1)).winners
    end = points[-1]
    assert end.end and end.games == 0 and end.chances[winner] == 1.0
    assert list(analysis.run()) == points  # seeded: the same numbers again


def test_a_position_whose_winner_is_forced_gives_that_winner_100_percent():
    """The Smurf Game, set up by hand: Ann holds all four kinds three squares from HOME, no cat
    on the way, and has rolled a 3: going back HOME wins, and every smart player takes it."""
    from parlour.rules.smurf import GAME
    from parlour.rules.smurf.state import initial

    state = initial(("Ann", "Bob"), {})._replace(
        positions=(3, 20), held=((1, 1, 1, 1), (0, 0, 0, 0)), circles=(7, 7, 7, 7), wheels=(0, 0), turn=0, rolled=3
    )
    found = estimate(GAME, state, GAMES, seed=1)
    assert found.chances == (1.0, 0.0) and found.games == GAMES
    assert found.low[0] > 0.5 and found.high[1] < 0.5  # and the interval says how sure


def test_an_estimate_for_one_seat_reads_only_that_seats_view():
    """Two Garfield positions the seat cannot tell apart (the others' hands and the pile dealt
    otherwise) get the same chances: the hidden cards are dealt afresh from the view."""
    table = Table.new("garfield", ["A", "B", "C"], seed=11)
    bots = [make("smart", seat) for seat in range(3)]
    for _ in range(30):
        (seat,) = table.to_act()
        table.submit(seat, bots[seat].choose(table.game, table.view(seat), seat))
    state, seat = table.state, 0
    twin = _garfield_twin(state, seat)
    assert twin != state and table.game.view(twin, seat) == table.game.view(state, seat)
    seen = {estimate(table.game, s, GAMES, seed=3, seat=seat) for s in (state, twin)}
    assert len(seen) == 1
    # the check has teeth: played on from the whole of each, the two differ
    assert estimate(table.game, state, 40, seed=3) != estimate(table.game, twin, 40, seed=3)


def test_a_game_in_progress_is_analysed_as_the_watching_seat_saw_it(tmp_path):
    replay = Replay(saves.read(_saved(tmp_path, "filmis", cut=120)))
    assert not replay.finished
    analysis = Analysis(replay, eyes=1, games=GAMES, most=4)
    points = list(analysis.run())
    assert points and not any(point.end for point in points)
    assert all(sum(point.chances) == pytest.approx(1.0) for point in points)


def test_key_moments_are_the_biggest_moves_in_game_order(tmp_path):
    replay = Replay(saves.read(_saved(tmp_path, "smurf")))
    points = list(Analysis(replay, games=GAMES, most=10).run())
    moments = key_moments(points, count=3)
    assert len(moments) == 3
    assert [m.before.stop for m in moments] == sorted(m.before.stop for m in moments)
    biggest = max(abs(a.chances[s] - b.chances[s]) for b, a in zip(points, points[1:]) for s in range(3))
    assert max(abs(m.change) for m in moments) == pytest.approx(biggest)


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
def test_replay_text_analysis_tells_each_turn_and_the_key_moments(game, tmp_path, capsys, monkeypatch):
    from parlour.services import analysis

    monkeypatch.setattr(analysis, "games_on", lambda game_id: GAMES)
    monkeypatch.setattr(analysis, "MOST_POINTS", 12)
    path = _saved(tmp_path, game)
    assert main(["replay", str(path), "--text", "--analysis"]) == 0
    header, blank, *lines = capsys.readouterr().out.splitlines()
    assert header.startswith(f"{registry.get(game).title} · Ann, Odie, Nermal · last played ") and blank == ""
    assert lines[0].startswith("Chances to win from the start of each turn (6 games")
    assert lines[1].startswith("Turn 1: Ann ") and "%" in lines[1] and "Nermal" in lines[1]
    assert [line.split(":")[0] for line in lines[1:13]] == [f"Turn {n}" for n in _turns(path, 12)]
    assert lines[13].startswith("End: ") and "100 %" in lines[13]
    assert lines[14] == "Key moments:"
    assert len(lines) == 18 and all(" % → " in line for line in lines[15:])


def _turns(path: Path, most: int) -> list[int]:
    """The turns a long game's analysis samples: evenly spread, the first and the last."""
    turns = len(Replay(saves.read(path)).turns)
    return [1 + round(i * (turns - 1) / (most - 1)) for i in range(most)]


def test_the_lines_are_the_numbers_in_words(tmp_path):
    replay = Replay(saves.read(_saved(tmp_path, "smurf")))
    analysis = Analysis(replay, games=GAMES, most=3)
    points = list(analysis.run())
    lines = tell(analysis, points, Words.of("smurf"))
    first = points[0]
    assert lines[1] == (
        "Turn 1: "
        + " · ".join(
            f"{name} {round(p * 100)} % ({round(low * 100)}–{round(high * 100)})"
            for name, p, low, high in zip(replay.names, first.chances, first.low, first.high)
        )
    )
