"""Replay mode (tui/screens/replay.py over parlour/services/replay.py): the same table as the live game at
every point, seeking in a long game, whose eyes (never another seat's hand in an unfinished
game), and `parlour replay --text`."""

from __future__ import annotations

import contextlib
import os
import random

from parlour.cli import main
from parlour.rules.bots import make
from parlour.rules.log import Loaded, fold
from parlour.rules.table import Table
from parlour.services import cadence, saves
from parlour.services.replay import Replay
from parlour.services.seats import Seat
from parlour.services.table_driver import TableDriver
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.replay import ReplayScreen
from parlour.tui.widgets.panels import HandPanel, PlayersPanel
from parlour.tui.widgets.replay_bar import ReplayBar

from .driving import app_for, settle


def table_text(screen) -> str:
    """What the table shows: the board's lines, the players panel and the hand panel."""
    board = screen.query_one("#board")
    lines = [board.render_line(y).text for y in range(board.size.height)]
    return "\n".join([*lines, str(screen.query_one(PlayersPanel).content), str(screen.query_one(HandPanel).content)])


def log_lines(screen) -> list[str]:
    return [strip.text.rstrip() for strip in screen.query_one("#log").lines]


def same_story(replay_screen, live_lines: list[str]) -> bool:
    """The replay's log is the end of the live log at that point (it tells the recent story)."""
    lines = log_lines(replay_screen)
    return bool(lines) and live_lines[-len(lines) :] == lines


async def test_replay_shows_the_live_table_at_every_point_forward_and_back():
    seats = [Seat("Ann", None, "red"), Seat("Bob", "random", "blue"), Seat("Cid", "random", "green")]
    app = app_for(seats, seed=5)
    live: dict[int, str] = {}
    live_log: dict[int, list[str]] = {}
    # 80 columns: the live table and the replay (whose chart takes lines of the board's column)
    # both draw the 80x24 board; with more room each grows to what it has (tui/widgets/board.py).
    async with app.run_test(size=(80, 30)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen)
        table = app.session.table

        def capture(events):
            live.setdefault(len(table.events), table_text(game))
            live_log.setdefault(len(table.events), log_lines(game))

        app.session.listen(capture)
        person = random.Random(5)
        for _ in range(12):  # Ann's moves, the bots' replies in between
            await settle(pilot)
            if app.session.over or not app.session.humans_to_act():
                break
            app.session.submit(0, person.choice(table.legal_actions(0)))
        await settle(pilot)
        app.session.driver.play_bots(0)
        loaded = saves.read(app.session.save_path)
        assert loaded.events == table.events
        app.show_replay(loaded, eyes=0)
        await settle(pilot)
        replay = app.screen
        assert isinstance(replay, ReplayScreen) and replay.eyes == 0
        stops = replay.replay.stops
        await pilot.press("end")
        compared = 0
        for stop in range(len(stops) - 1, -1, -1):  # back to the start, one action at a time
            assert replay.stop == stop
            if stops[stop] in live:
                assert table_text(replay) == live[stops[stop]], f"at event {stops[stop]}"
                assert same_story(replay, live_log[stops[stop]]), f"the log at event {stops[stop]}"
                compared += 1
            await pilot.press("left")
        assert replay.stop == 0
        for stop in range(len(stops)):  # and forward to the end
            assert replay.stop == stop
            if stops[stop] in live:
                assert table_text(replay) == live[stops[stop]]
                assert same_story(replay, live_log[stops[stop]])
            await pilot.press("right")
        assert replay.stop == len(stops) - 1 and compared >= 12


def long_game(events: int = 10_000) -> Loaded:
    table = Table.new("smurf", ["Ann", "Bob", "Cid", "Dee"], seed=7)
    driver = TableDriver(table, {s: make("random", s) for s in range(4)})
    while len(table.events) < events and not driver.over:
        driver.play_bots(200)
    return Loaded(table.header, table.events, table.state, [])


@contextlib.asynccontextmanager
async def replaying(loaded: Loaded):
    """The replay of `loaded` as its second seat saw it, on its screen at 100x30, and the pilot."""
    app = app_for([Seat("Ann", None, "red"), Seat("Bob", None, "blue")], autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.show_replay(loaded, eyes=1)
        await settle(pilot)
        yield app.screen, pilot


def test_seeking_gives_the_fold_of_the_log_at_any_point():
    loaded = long_game(3000)
    replay = Replay(loaded, every=100)
    for stop in random.Random(1).sample(range(len(replay.stops)), 40) + [0, len(replay.stops) - 1]:
        assert replay.state_at(stop) == fold(replay.game, loaded.header, loaded.events[: replay.stops[stop]])


async def test_seek_in_a_long_game_by_keys(monkeypatch):
    monkeypatch.setattr(cadence, "now", lambda: 0.0)  # each tick on time, however slow the machine
    loaded = long_game()
    async with replaying(loaded) as (screen, pilot):
        replay = screen.replay
        assert len(replay.events) >= 10_000
        await pilot.press("end")
        assert screen.stop == len(replay.stops) - 1
        await pilot.press("g", "4", "0", "enter")
        assert screen.stop == replay.turn_start(40) and replay.turn_of(screen.stop) == 40
        await pilot.press("pagedown")
        assert replay.turn_of(screen.stop) == 41 and screen.stop == replay.turn_start(41)
        await pilot.press("pageup", "pageup")
        assert replay.turn_of(screen.stop) == 39
        await pilot.press("home")
        assert screen.stop == 0
        state = fold(replay.game, loaded.header, loaded.events[: replay.stops[0]])
        assert screen.view() == replay.game.view(state, 1)
        # playing on: the timer's step is tick(); Space starts it, + makes it faster
        await pilot.press("space", "plus")
        assert screen.playing and "Playing (4x)" in str(screen.query_one(ReplayBar).content)
        screen.tick()
        screen.tick()
        assert screen.stop == 2
        await pilot.press("space")
        assert not screen.playing


async def test_an_unfinished_hot_seat_save_never_shows_another_seats_hand():
    seats = [Seat("Ann", None, "red"), Seat("Bob", None, "blue")]
    table = Table.new("garfield", ["Ann", "Bob"], seed=3)
    driver = TableDriver(table, {})
    person = random.Random(3)
    for _ in range(8):
        seat = table.to_act()[0]
        driver.submit(seat, person.choice(table.legal_actions(seat)))
    loaded = Loaded(table.header, table.events, table.state, [])
    assert table.result() is None
    app = app_for(seats, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.show_replay(loaded)
        await settle(pilot)
        screen = app.screen
        assert screen.replay.eyes() == [0, 1]  # no "all hands open" for a game not over
        seen = []
        for _ in range(4):
            for stop in range(len(screen.replay.stops)):
                screen.seek(stop)
                view = screen.view()
                other = 1 - screen.eyes
                assert all(card == "?" for card in view.hands[other])  # the other hand stays hidden
                hand = str(screen.query_one(HandPanel).content)
                assert screen.names[screen.eyes] in hand and screen.names[other] not in hand
            seen.append(screen.eyes)
            bar = str(screen.query_one(ReplayBar).content)
            assert f"As {screen.names[screen.eyes]} saw it" in bar  # the choice is on screen
            await pilot.press("v")
        assert seen == [0, 1, 0, 1]


def test_replay_text_tells_the_game_as_the_log_does(tmp_path, capsys):
    table = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=4)
    TableDriver(table, {s: make("random", s) for s in range(3)}).play_bots()
    path = tmp_path / "g.jsonl"
    saves.write(path, table.header, table.events)
    assert main(["replay", str(path), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Garfield · Ann, Bob, Cid · ") and lines[2].startswith("Garfield now says")
    assert len(lines) > 50
    assert main(["replay", str(path), "--text", "--seat", "2"]) == 0
    as_bob = capsys.readouterr().out.splitlines()
    assert len(as_bob) == len(lines) and as_bob != lines  # the same story, without the others' cards
    # an unfinished game: only with --seat
    saves.write(path, table.header, table.events[:60])
    assert main(["replay", str(path), "--text"]) == 2
    assert "--seat" in capsys.readouterr().err
    # a bad file: the same words as resume
    path.write_text("not a save\n")
    assert main(["replay", str(path), "--text"]) == 1
    err = capsys.readouterr().err
    try:
        saves.read(path)
    except saves.SaveError as error:
        assert str(error) in err


async def test_watch_again_from_the_results_and_from_the_saves_list():
    from parlour.tui.local_game import LocalGame
    from parlour.tui.localized import localized
    from parlour.tui.screens.results import ResultsScreen
    from parlour.tui.screens.resume import ResumeScreen

    seats = [Seat("Ann", "random", "red"), Seat("Bob", "random", "blue")]
    finished = LocalGame.start("garfield", seats, seed=2, autosave=False)
    finished.driver.play_bots()
    unfinished = LocalGame.start("filmis", seats, seed=2)  # saved in the data folder
    unfinished.driver.play_bots(30)
    app = app_for(seats, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(localized(ResultsScreen)(finished))
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.eyes is None  # over: all open
        assert app.screen.replay.events == finished.table.events
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, ResultsScreen)
        app.show_resume()
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.eyes in (0, 1)
        assert app.screen.replay.events == unfinished.table.events
        await pilot.press("escape")
        await settle(pilot)
        # a finished game in the list can be watched too
        from parlour.services.config import saves_dir

        path = saves_dir() / "finished.jsonl"
        saves.write(path, finished.table.header, finished.table.events)
        os.utime(path, (2e9, 2e9))  # the newest: first in the list
        app.show_resume()
        await settle(pilot)
        await pilot.press("w")
        await settle(pilot)
        assert isinstance(app.screen, ReplayScreen) and app.screen.eyes is None
        assert app.screen.replay.events == finished.table.events


async def test_a_served_table_has_no_undo_and_its_help_says_so():
    from parlour.tui.localized import localized
    from parlour.tui.remote import RemoteGame, RemoteTable
    from parlour.tui.screens.help import HelpScreen

    live = Table.new("garfield", ["Ann", "Bob"], seed=3)
    remote = RemoteTable("garfield", ["Ann", "Bob"], {}, seat=0)
    remote.fold([live.game.redact(e, 0) for e in live.events])
    sent = []
    session = RemoteGame(remote, [Seat("Ann", None, "red"), Seat("Bob", None, "blue")], sent.append)
    app = app_for([Seat("Ann", None, "red"), Seat("Bob", None, "blue")], autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        app.push_screen(localized(GameScreen)(session, 0))
        await settle(pilot)
        screen = app.screen
        events = list(remote.events)
        assert screen.check_action("undo", ()) is False  # the key is off
        await pilot.press("u")
        await settle(pilot)
        assert remote.events == events and sent == []
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        assert "There is no undo at a served table" in str(app.screen.query_one("#help-text").content)


async def test_replay_of_a_bad_file_says_what_resume_says(tmp_path):
    from parlour.tui.app import make_app

    path = tmp_path / "bad.jsonl"
    path.write_text('{"format": "parlour-log", "format_version": 99}\n')
    try:
        saves.read(path)
    except saves.SaveError as error:
        message = str(error)
    app = make_app(start="replay", resume=path, bot_delay=0, animations=False, autosave=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        assert not isinstance(app.screen, ReplayScreen)
        assert [n.message for n in app._notifications] == [message]


async def test_playing_on_keeps_its_pace_by_skipping_the_frames_that_would_come_late(monkeypatch):
    """Issue 44: on a slow machine a tick comes late (drawing a step took longer than the time
    between two); the replay then goes to the step due by now and draws only that one, instead
    of playing on ever slower than its speed (the timer drops the ticks it missed)."""
    clock = [100.0]
    monkeypatch.setattr(cadence, "now", lambda: clock[0])
    async with replaying(long_game(2000)) as (screen, _):
        drawn = []
        show = screen.show_stop
        monkeypatch.setattr(screen, "show_stop", lambda: drawn.append(screen.stop) or show())
        screen.action_play()  # playing on at 2 actions a second: a tick every 0.5 s
        screen._timer.stop()  # (at once: the ticks are the test's)
        drawn.clear()
        start = screen.stop
        for late in (0.5, 0.5, 0.45, 0.55, 2.0, 0.5, 1.6):  # seconds since the tick before
            clock[0] += late
            screen.tick()
        assert [stop - start for stop in drawn] == [1, 2, 3, 4, 8, 9, 12]  # 2 s late: 4 steps, 3 never drawn
