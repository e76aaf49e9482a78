"""Chances to win, turn by turn (parlour/services/analysis.py): shares that add up, a game's end and a
forced win at 100 %, estimates made from the watching seat's view alone, luck and decisions that
add up to each player's whole change, and the words of `parlour replay --text --analysis` for
each game."""

from __future__ import annotations

from pathlib import Path

import pytest

from parlour.cli import main
from parlour.rules import registry
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.analysis import Analysis, estimate, key_moments, steps, summaries
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
    assert len(points) == 9 and points[0].turn == 1 and points[0].turn_start  # 8 points, and the end
    for point in points:
        shown = point.shown()
        assert sum(shown.chances) == pytest.approx(1.0)  # (an unfinished playout is shared evenly)
        for p, low, high in zip(shown.chances, shown.low, shown.high):
            assert low <= p <= high
    (winner,) = replay.game.result(replay.state_at(len(replay.stops) - 1)).winners
    end = points[-1].shown()
    assert end.end and end.games == 0 and end.chances[winner] == 1.0
    assert list(analysis.run()) == points  # seeded: the same numbers again


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
def test_luck_and_decisions_add_up_to_each_players_whole_change(game, tmp_path):
    """Point after point, a player's chance moves by the decision taken there (the chosen option
    against the best) and the luck of what followed (the next point against the chosen option):
    over the game they add up to the whole change, from the first point to the result."""
    replay = Replay(saves.read(_saved(tmp_path, game)))
    points = list(Analysis(replay, games=GAMES, most=16).run())
    found = steps(points, replay)
    assert found and points[-1].end
    for seat in range(3):
        luck = sum(step.luck(seat) for step in found)
        decisions = sum(step.decision(seat) for step in found)
        whole = points[-1].chances[seat] - points[0].chances[seat]
        assert luck + decisions == pytest.approx(whole, abs=1e-9)
        assert summaries(found, 3)[seat].luck == pytest.approx(luck)
    # both parts are there: choices were weighed, and luck moved someone
    assert any(step.choice for step in found) and any(step.luck(s) != 0 for step in found for s in range(3))
    for step in found:  # a choice costs the chooser nothing or more, never less than nothing
        assert step.cost >= 0 and step.decision(step.seat) == -step.cost


def test_a_forced_move_has_no_decision_cost(tmp_path):
    """Where the seat to act had one legal action, the step costs nobody anything: all the
    change there is luck."""
    replay = Replay(saves.read(_saved(tmp_path, "garfield")))
    points = list(Analysis(replay, games=GAMES, most=30).run())
    forced = [step for step in steps(points, replay) if len(step.start.options) == 1]
    assert forced
    for step in forced:
        assert not step.choice and step.cost == 0 and step.cost_margin == 0
        assert all(step.decision(seat) == 0 for seat in range(3))
        for seat in range(3):
            assert step.luck(seat) == pytest.approx(step.end.chances[seat] - step.start.chances[seat])


def test_the_numbers_are_the_same_whatever_the_number_of_workers(tmp_path):
    replay = Replay(saves.read(_saved(tmp_path, "garfield")))
    alone = list(Analysis(replay, games=4, most=6).run())
    pooled = list(Analysis(replay, games=4, most=6, workers=2).run())
    assert pooled == alone


def test_the_chosen_and_the_best_option_are_played_in_full(tmp_path):
    from parlour.services.playouts import FEWEST

    replay = Replay(saves.read(_saved(tmp_path, "garfield")))
    games = FEWEST + 6
    points = [p for p in Analysis(replay, games=games, most=8).run() if not p.end]
    for point in points:
        played = [len(option) for option in point.samples]
        assert len(point.samples[point.chosen]) == len(point.samples[point.best]) == max(played)
        assert all(FEWEST <= n <= games for n in played)


def test_a_point_stops_early_only_where_every_chance_is_known_to_3_points(tmp_path):
    """Fewer games where the margin is already small: a point stops before its budget only once
    every option still played on gives every seat a chance known to ±3 points (SURE) where playouts
    are valued (Garfield; elsewhere as well as the budget knows one of 50 %)."""
    from parlour.services.analysis import SURE, _margin

    replay = Replay(saves.read(_saved(tmp_path, "garfield")))
    games = 400
    points = [p for p in Analysis(replay, games=games, most=8).run() if not p.end]
    early = [p for p in points if len(p.samples[p.chosen]) < games]
    assert early and len(early) < len(points)
    for point in early:
        for option in point.samples:
            if len(option) == len(point.samples[point.chosen]):  # (still running when it stopped)
                assert all(_margin(option, s) <= SURE for s in range(3))


def test_a_choice_is_played_in_the_same_games_as_its_alternatives(tmp_path):
    """Common random numbers: game k from every point and option throws the same dice in every
    turn after it, so where nothing is left to chance between two points (a choice whose dice
    come later in the turn) the games come out the same: the luck is exactly 0, with no margin."""
    replay = Replay(saves.read(_saved(tmp_path, "garfield")))
    found = steps(list(Analysis(replay, games=3, most=10**6).run()), replay)
    calm = [step for step in found if not step.left_to_chance]
    assert calm
    for step in calm:
        assert all(step.luck(seat) == 0 and step.luck_margin(seat) == 0 for seat in range(3))


def test_a_position_whose_winner_is_forced_gives_that_winner_100_percent():
    """The Smurf Game, set up by hand: Ann holds all four kinds three squares from HOME, no cat
    on the way, and has rolled a 3: going back HOME wins, and every smart player takes it."""
    from parlour.games.smurf.rules import GAME
    from parlour.games.smurf.rules.state import initial

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


def test_a_point_worked_out_for_one_seat_reads_only_that_seats_view():
    """Every option at a point, played on as one seat saw the game: two positions the seat cannot
    tell apart give the same games, where the whole states give different ones."""
    from parlour.services.analysis import _Task, _work

    table = Table.new("garfield", ["A", "B", "C"], seed=11)
    bots = [make("smart", seat) for seat in range(3)]
    while True:
        (seat,) = table.to_act()
        if seat == 0 and len(table.game.legal_actions(table.view(0), 0)) > 1 and len(table.events) > 60:
            break
        table.submit(seat, bots[seat].choose(table.game, table.view(seat), seat))
    state = table.state
    twin = _garfield_twin(state, 0)
    assert twin != state and table.game.view(twin, 0) == table.game.view(state, 0)
    options = tuple(table.game.legal_actions(table.game.view(state, 0), 0))

    def work(s, eyes):
        return _work(_Task("garfield", s, eyes, options, 3, GAMES, 9, 0, 0))

    assert work(state, 0) == work(twin, 0)
    assert work(state, None) != work(twin, None)  # the check has teeth: the whole states differ


def test_a_game_in_progress_is_analysed_as_the_watching_seat_saw_it(tmp_path):
    replay = Replay(saves.read(_saved(tmp_path, "filmis", cut=120)))
    assert not replay.finished
    analysis = Analysis(replay, eyes=1, games=GAMES, most=4)
    points = list(analysis.run())
    assert points and not any(point.end for point in points)
    assert all(sum(point.chances) == pytest.approx(1.0) for point in points)


def test_key_moments_are_the_biggest_changes_beyond_their_own_margin_in_game_order(tmp_path):
    replay = Replay(saves.read(_saved(tmp_path, "smurf")))
    found = steps(list(Analysis(replay, games=GAMES, most=12).run()), replay)
    moments = key_moments(found, count=3)
    assert moments
    assert [m.step.start.stop for m in moments] == sorted(m.step.start.stop for m in moments)
    for moment in moments:
        assert moment.kind in ("luck", "decision") and abs(moment.change) > moment.margin
        if moment.kind == "decision":
            assert moment.seat == moment.step.seat and moment.change == -moment.step.cost
        else:
            assert moment.change == moment.step.luck(moment.seat)
    # nothing left out was bigger and beyond its margin
    smallest = min(abs(m.change) for m in moments)
    for step in found:
        for seat in range(3):
            if abs(step.luck(seat)) > step.luck_margin(seat):
                assert abs(step.luck(seat)) <= smallest or any(m.step is step for m in moments)


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
def test_replay_text_analysis_tells_turns_choices_luck_moments_and_players(game, tmp_path, capsys, monkeypatch):
    from parlour.services import analysis

    monkeypatch.setattr(analysis, "games_on", lambda game_id: GAMES)
    monkeypatch.setattr(analysis, "MOST_POINTS", 12)
    path = _saved(tmp_path, game)
    assert main(["replay", str(path), "--text", "--analysis"]) == 0
    header, blank, *lines = capsys.readouterr().out.splitlines()
    assert header.startswith(f"{registry.get(game).title} · Ann, Odie, Nermal · last played ") and blank == ""
    assert lines[0].startswith("Chances to win at the start of each turn and at each choice (6 games")
    assert lines[1].startswith("(A long game: 12 points worked out")
    assert lines[2].startswith("Turn 1: Ann ") and "%" in lines[2] and "Nermal" in lines[2]
    turns = [line for line in lines if line.startswith("Turn ")]
    assert len(turns) >= 2 and any(line.startswith("End: ") and "100 %" in line for line in lines)
    assert any(line.startswith("  ") and " chose " in line for line in lines)  # the choices
    assert any(line.startswith("  ") and "Luck: Ann " in line for line in lines)  # the luck of each step
    players = lines.index(
        "Per player (luck: what the dice and cards gave against their average; accuracy: the share of choices within 5 points of the best, or within the margin):"
    )
    assert [line.split(":")[0] for line in lines[players + 1 :]] == ["  Ann", "  Odie", "  Nermal"]
    assert all(" luck " in line and ("accuracy" in line or "no choice" in line) for line in lines[players + 1 :])
    if "Key moments:" in lines:
        moments = lines[lines.index("Key moments:") + 1 : players]
        assert moments and all(", luck: " in line or ", decision: " in line for line in moments)
    assert not any("…" in line for line in lines)  # every sentence whole


def test_the_lines_are_the_numbers_in_words(tmp_path):
    replay = Replay(saves.read(_saved(tmp_path, "smurf")))
    analysis = Analysis(replay, games=GAMES, most=3)
    points = list(analysis.run())
    lines = tell(analysis, points, Words.of("smurf"))
    first = points[0].shown()
    assert lines[2] == (
        "Turn 1: "
        + " · ".join(
            f"{name} {round(p * 100)} % ({round(low * 100)}–{round(high * 100)})"
            for name, p, low, high in zip(replay.names, first.chances, first.low, first.high)
        )
    )
    step = steps(points, replay)[0]
    if step.choice:
        assert lines[3].startswith(f"  {replay.names[step.seat]} chose ")


def test_each_turns_chances_are_known_to_3_points_at_the_games_own_budget(tmp_path):
    """Issue 38: intervals per turn within ±3 points at 95 % (Garfield: playouts valued two rounds
    on, a point played on until its chances are known that well, at most `games_on` games)."""
    from parlour.services.analysis import games_on

    replay = Replay(saves.read(_saved(tmp_path, "garfield")))
    points = [p for p in Analysis(replay, games=games_on("garfield"), most=6).run() if not p.end]
    shown = [p.shown() for p in points if p.turn_start]
    assert shown
    assert all(c.margin(s) <= 0.03 for c in shown for s in range(3)), [
        [round(c.margin(s), 3) for s in range(3)] for c in shown
    ]
