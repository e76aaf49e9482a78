"""Resuming shows the table at once and checks the save after the first frame (rules/log.py
open_lines): until the check is done nothing is played, undone or saved; a save the check refuses
takes the player back to the list of saves with the message loading it whole gives, unchanged."""

import asyncio
import json

import pytest

from parlour.rules.bots import make
from parlour.rules.records import Rejected
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.config import saves_dir
from parlour.services.controller import NOTHING, TableController
from parlour.services.table_driver import TableDriver
from parlour.tui.app import make_app
from parlour.tui.local_game import LocalGame
from parlour.tui.screens.game import TOLD_BATCHES, GameScreen
from parlour.tui.screens.resume import ResumeScreen
from parlour.tui.widgets.panels import PromptBar

from .driving import settle

SEATS = {"seats": [{"bot": None, "colour": "red"}, {"bot": "random", "colour": "blue"}]}


def saved_game(actions: int = 120) -> tuple:
    """A Smurf game of Ann (at this keyboard) and a bot, saved where Ann must act."""
    table = Table.new("smurf", ["Ann", "Bob"], seed=11, meta=SEATS)
    driver = TableDriver(table, {0: make("random", "a"), 1: make("random", "b")})
    driver.play_bots(actions)
    del driver.bots[0]
    driver.play_bots()  # Bob plays on until Ann must act
    saves_dir().mkdir(parents=True, exist_ok=True)
    path = saves_dir() / "long.jsonl"
    saves.write(path, table.header, table.events)
    return path, table


def tampered(path, table) -> int:
    """Give one event in the middle of the save a seat nobody has: it folds (the rules pass it
    by), only re-deciding its action refuses it. Returns its line."""
    lines = path.read_text(encoding="utf-8").splitlines(keepends=True)
    index = next(i for i, e in enumerate(table.events) if i > 30 and type(e).__name__ == "WentIn")
    data = json.loads(lines[index + 1])
    data["event"]["seat"] = 7
    lines[index + 1] = json.dumps(data) + "\n"
    path.write_text("".join(lines), encoding="utf-8")
    return index + 2


@pytest.mark.parametrize("actions", [120, 600])  # the event among the actions the log tells, or before them
async def test_a_save_its_check_refuses_goes_back_to_the_list_saying_why_and_stays_as_it_was(actions, monkeypatch):
    checked_after, check_save = [], GameScreen._check_save

    async def noted(screen):
        checked_after.append(screen)
        await check_save(screen)

    monkeypatch.setattr(GameScreen, "_check_save", noted)
    path, table = saved_game(actions)
    line = tampered(path, table)
    assert (sum(type(e).__name__ == "Acted" for e in table.events[line - 2 :]) > TOLD_BATCHES) == (actions == 600)
    before = path.read_bytes()
    with pytest.raises(saves.SaveError) as whole:
        saves.read(path)
    assert str(whole.value).startswith(f"long.jsonl: line {line}: ")
    app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen) and app.session is None
        assert [n.message for n in app._notifications] == [str(whole.value)]
    assert path.read_bytes() == before
    assert bool(checked_after) == (actions == 600)  # else refused on opening: the log tells that action


async def test_nothing_is_played_until_the_check_is_done(monkeypatch):
    path, table = saved_game()
    before = path.read_bytes()
    may_check = asyncio.Event()
    check_save = GameScreen._check_save

    async def held(screen):  # the check waits until the test lets it run
        await may_check.wait()
        await check_save(screen)

    monkeypatch.setattr(GameScreen, "_check_save", held)
    app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = app.screen
        assert isinstance(game, GameScreen) and game.session.checking is not None
        assert "Checking the save…" in str(game.query_one(PromptBar).content)
        assert not app.has_something_to_save() and not game.check_action("undo", ())
        events = list(game.table.events)
        await pilot.press("space", "enter", "1", "w", "u")
        await settle(pilot)
        assert game.table.events == events and path.read_bytes() == before
        with pytest.raises(Rejected):
            game.session.submit(0, game.table.legal_actions(0)[0])
        assert game.session.step_bot() is None and game.session.undo() == "checking"
        may_check.set()
        await settle(pilot)
        assert game.session.checking is None and game.control.options  # Ann's turn, offered now
        await pilot.press("space")  # the roll
        await settle(pilot)
        assert len(game.table.events) > len(events) and path.read_bytes().startswith(before)


def test_a_session_resumed_to_check_later_is_the_one_loading_gives():
    path, table = saved_game(300)
    session = LocalGame.resume(path, check_later=True, recent=10)
    assert session.table.state == table.state and session.table.events == table.events
    assert session.recent[0] < len(table.events)
    while not session.check_some():
        pass
    assert session.checking is None and session.submit(0, session.table.legal_actions(0)[0])


async def test_a_table_that_cannot_be_drawn_before_the_check_is_checked_at_once(monkeypatch):
    path, table = saved_game(600)
    tampered(path, table)
    show = GameScreen.redraw

    def fragile(screen, step=None):  # a drawing that fails on what the check would refuse
        if screen.control.checking:
            raise IndexError("no seat 7")
        show(screen, step)

    monkeypatch.setattr(GameScreen, "redraw", fragile)
    app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen) and app.session is None
        assert [n.message for n in app._notifications] == [str(pytest.raises(saves.SaveError, saves.read, path).value)]


async def test_a_check_ending_while_the_app_shuts_down_does_not_go_on_with_the_game(monkeypatch):
    """The app may close while the save is checked (a test's end, a closed terminal): a check
    ending then must not go on to draw a table whose widgets are already gone."""
    path, table = saved_game()
    check_some, advanced = LocalGame.check_some, []

    def at_shutdown(session):  # the check runs to its end only once the app is shutting down
        if app.is_running:
            return False
        while not check_some(session):
            pass
        return True

    monkeypatch.setattr(LocalGame, "check_some", at_shutdown)
    monkeypatch.setattr(TableController, "advance", lambda control: advanced.append(control) or NOTHING)
    app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.session.checking is not None
    assert app.session.checking is None and advanced == []


async def test_a_check_failing_while_the_app_shuts_down_does_not_show_the_list_of_saves(monkeypatch):
    """As above, for a check that fails then: the list of saves is not pushed onto a closing app."""
    path, table = saved_game()
    refused = []

    def at_shutdown(session):  # the check fails only once the app is shutting down
        if app.is_running:
            return False
        raise saves.SaveError("line 9: edited")

    monkeypatch.setattr(LocalGame, "check_some", at_shutdown)
    app = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    monkeypatch.setattr(app, "refuse_save", lambda message: refused.append(message))
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.screen.session.checking is not None
    assert refused == []
