"""The app around the table: saving and resuming, the list of saves, the title and set-up
screens, small terminals, the keymap, bots and the help."""

import json
import os

from parlour.games.garfield.rules import cards as C
from parlour.services import saves
from parlour.services.config import saves_dir
from parlour.services.seats import Seat
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.help import HelpScreen
from parlour.tui.screens.resume import ResumeScreen
from parlour.tui.screens.setup import SetupScreen
from parlour.tui.screens.small import TooSmallScreen
from parlour.tui.screens.title import TitleScreen

from .driving import app_for, settle

ME_AND_A_BOT = [Seat("Ann", None, "red"), Seat("Odie", "random", "blue")]


async def play_some(pilot, app, actions: int) -> None:
    for _ in range(actions):
        await pilot.press("enter")  # rolls at the start of a turn, confirms a choice otherwise
        await settle(pilot)


async def test_every_action_is_saved_and_the_game_resumes_where_it_was():
    app = app_for(ME_AND_A_BOT, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_some(pilot, app, 6)
        session = app.session
        path, state, events = session.save_path, session.table.state, list(session.table.events)
        assert len(events) > 20 and state.turn >= 0
        assert saves.read(path).events == events  # on disk after every action, before quitting
        await pilot.press("ctrl+q")
    assert app.exit_message and "parlour resume" in app.exit_message

    again = make_app(start="resume", resume=path, bot_delay=0, animations=False)
    async with again.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(again.screen, GameScreen)
        assert again.session.table.events[: len(events)] == events
        assert again.session.seats == ME_AND_A_BOT  # the bot is still a bot, colours kept
        await play_some(pilot, again, 2)
        assert saves.read(path).events == again.session.table.events


async def test_the_saves_list_shows_broken_files_and_still_loads_the_others():
    good = app_for(ME_AND_A_BOT, seed=9)
    async with good.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        good_path = good.session.save_path
    folder = saves_dir()
    (folder / "garbage.jsonl").write_bytes(b"\x00\xffnot a save")
    (folder / "foreign.jsonl").write_text(json.dumps({"hello": "world"}) + "\n")
    os.utime(good_path, (1_000_000_000, 1_000_000_000))  # the oldest: listed last

    app = make_app(start="resume", bot_delay=0, animations=False)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        screen = app.screen
        assert isinstance(screen, ResumeScreen)
        rows = {path.name: (line, ok) for path, line, ok in screen.rows}
        assert rows["garbage.jsonl"][1] is False and "not a Parlour save" in rows["garbage.jsonl"][0]
        assert rows["foreign.jsonl"][1] is False and "not a Parlour log header" in rows["foreign.jsonl"][0]
        assert rows[good_path.name][1] is True and "Ann, Odie" in rows[good_path.name][0]
        await pilot.press("enter")  # the highlighted (first loadable) save
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and app.session.save_path == good_path


async def test_title_lists_every_game_and_leads_to_set_up_and_a_game():
    app = make_app(bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and app.screen.game.id == "garfield"
        assert [s.human for s in app.screen.seats] == [True, False, False]
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen) and len(app.session.table.players) == 3


async def test_set_up_refuses_bad_seats_with_a_message():
    app = make_app(start="setup", game="garfield", bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        screen.query_one("#name-1").value = "you"  # the same name as seat 1, in other case
        await pilot.press("ctrl+s")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        assert "same name" in str(screen.query_one("#setup-error").content)


async def test_a_small_terminal_gets_a_message_that_goes_away_on_resize():
    app = app_for(ME_AND_A_BOT, seed=1, autosave=False)
    async with app.run_test(size=(60, 20)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TooSmallScreen)
        assert "60×20" in str(app.screen.query_one("#too-small").content)
        await pilot.resize_terminal(80, 24)
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_a_keymap_file_remaps_a_binding(parlour_dirs):
    config = parlour_dirs / "config"
    config.mkdir()
    (config / "keymap.toml").write_text('[keys]\nroll = "x"\n')
    app = app_for(
        [Seat("Ann", None, "red"), Seat("Bob", None, "blue")],
        dice=[6, 6, 1, 1, 6, 6],
        decks={"garfield": [C.G_NAPPING]},
        autosave=False,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("enter")  # past the privacy screen
        await settle(pilot)
        await pilot.press("space")  # no longer the roll key
        await settle(pilot)
        assert app.session.table.state.positions == (0, 0)
        await pilot.press("x")
        await settle(pilot)
        assert app.session.table.state.positions == (12, 0)


async def test_a_broken_keymap_file_is_ignored_with_a_warning(parlour_dirs):
    config = parlour_dirs / "config"
    config.mkdir()
    (config / "keymap.toml").write_text("[keys\nroll = ")
    app = app_for(ME_AND_A_BOT, seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.keymap_warning and "ignored" in app.keymap_warning
        assert isinstance(app.screen, GameScreen)


async def test_bots_play_their_turns_and_the_human_reads_it_in_the_log():
    app = app_for(
        [Seat("Ann", None, "red"), Seat("Odie", "random", "blue"), Seat("Nermal", "random", "green")],
        dice=[1, 1, 6, 6, 1, 2],
        seed=2,
        autosave=False,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot, 6)
        table = app.session.table
        assert table.to_act() == (0,)  # Odie started, both bots have played, Ann is to play
        lines = [str(line.text) for line in app.screen.query_one("#log").lines]
        assert any(line.startswith("Odie") for line in lines) and any(line.startswith("Nermal") for line in lines)


async def test_help_explains_the_game_and_says_the_board_is_reconstructed():
    app = app_for(ME_AND_A_BOT, seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = str(app.screen.query_one("#help-text").content)
        assert "three rings" in text and "reconstructed" in text
        await pilot.press("escape")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)


async def test_resuming_a_bad_file_says_why_and_shows_the_saves(parlour_dirs):
    bad = parlour_dirs / "bad.jsonl"
    bad.write_text("not a save\n")
    app = make_app(start="resume", resume=bad, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert any("bad.jsonl" in n.message for n in app._notifications)


async def test_a_failing_autosave_is_shown_and_play_goes_on(tmp_path):
    """Issue 15 finding 9: a full disk tells the player, the game goes on, saving resumes."""
    app = app_for(ME_AND_A_BOT, seed=5)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await play_some(pilot, app, 1)  # a game is saved from its first action on
        writer = app.session.driver.writer
        path = writer.path
        saved = path.read_bytes()
        writer.path = tmp_path / "gone" / path.name  # as if the disk refused every write
        await play_some(pilot, app, 2)
        assert isinstance(app.screen, GameScreen) and "Not saved" in app.screen.control.note
        assert path.read_bytes() == saved  # nothing saved is damaged
        writer.path = path  # space is back
        await play_some(pilot, app, 2)
        assert app.screen.control.note == "" or "Not saved" not in app.screen.control.note
        assert saves.read(path).events == app.session.table.events


async def test_the_command_starts_without_collecting_garbage_and_collects_from_the_first_frame_on():
    """parlour/cli.py `app_of`: the collector is paused for the start (nothing it would find),
    and the app turns it on again once its first frame is out, with what the start made frozen:
    no collection goes through those objects again (the first one, on the player's first key,
    went through all of them: 0.16 s; issue 44)."""
    import gc

    from parlour import cli

    try:
        app = cli.app_of(cli._parser([]).parse_args([]))
        assert not gc.isenabled()
        async with app.run_test(size=(80, 24)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, TitleScreen) and gc.isenabled()
            assert gc.get_freeze_count() > 10_000  # the modules, the app and its screen
            assert gc.get_count()[0] < 10_000  # the youngest generation holds no start's worth
    finally:
        gc.unfreeze()  # this test process's objects go back to the collector
        gc.enable()
