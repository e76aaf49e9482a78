"""Issue 16: what a player reads at the table. The log's keys and its end after a resize, long
hands, "you" for the one person at the keyboard, keys named as the keymap has them, the keymap's
warnings, saves from the first action, the results ranked, the title's help, deleting a save."""

from __future__ import annotations

from parlour.services.config import saves_dir
from parlour.services.controller import grouped
from parlour.services.seats import Seat
from parlour.tui.app import make_app
from parlour.tui.screens.help import HelpScreen
from parlour.tui.screens.resume import ConfirmScreen, ResumeScreen
from parlour.tui.screens.setup import SetupScreen
from parlour.tui.widgets.log import GameLog
from parlour.tui.widgets.panels import HandPanel, PromptBar

from .driving import app_for, settle

ME_AND_BOTS = [Seat("You", None, "red"), Seat("Odie", "random", "blue"), Seat("Nermal", "random", "green")]


def footer(app) -> str:
    from parlour.tui.widgets.keybar import KeyBar

    return str(app.screen.query_one(KeyBar).content)


async def test_the_log_scrolls_with_its_own_keys_and_keeps_its_end_after_a_resize():
    app = app_for(ME_AND_BOTS, seed=2, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        log = app.screen.query_one(GameLog)
        log.tell([f"line {i}" for i in range(60)], False)
        await settle(pilot)
        assert log.scroll_y == log.max_scroll_y > 0
        await pilot.resize_terminal(80, 24)  # from large to small: still the newest lines
        await settle(pilot)
        assert log.max_scroll_y > 0 and log.scroll_y == log.max_scroll_y
        await pilot.press("pageup")
        await settle(pilot)
        assert log.scroll_y < log.max_scroll_y and log.reading
        log.tell(["a bot's move"], False)  # the player reads on: new lines wait below
        await settle(pilot)
        assert log.scroll_y < log.max_scroll_y
        await pilot.press("home")
        assert log.scroll_y == 0
        await pilot.press("end")
        await settle(pilot)
        assert log.scroll_y == log.max_scroll_y and not log.reading
        assert app.session.table.events  # the game keys did nothing meanwhile
        assert app.screen.control.options  # still the player's question


async def test_one_person_is_you_and_texts_follow_the_keymap(parlour_dirs):
    config = parlour_dirs / "config"
    config.mkdir()
    (config / "keymap.toml").write_text(
        '[keys]\nroll = "x"\nrol = "z"\nhelp = "x"\nquit = "question_mark"\nconfirm = 5\n'
    )
    app = app_for(ME_AND_BOTS, seed=2, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        prompt = str(app.screen.query_one(PromptBar).content)
        assert prompt.startswith("Your turn.") and "[x] Roll" in prompt
        assert "Your hand (3)" in str(app.screen.query_one(HandPanel).content)
        warnings = app.keymap_warnings
        assert any("line 3: unknown key id 'rol'" in w for w in warnings), warnings
        assert any("line 4: help" in w and "x is already roll" in w for w in warnings), warnings
        assert any("line 5: quit" in w and "question_mark is already" in w for w in warnings), warnings
        assert any("line 6: confirm ignored" in w for w in warnings), warnings
        assert app._keymap == {"roll": "x"}  # the good entry is kept
        before = len(app.session.table.events)
        assert all(not n.markup for n in app._notifications)  # "[keys]" would be shown as written
        await pilot.press("x")
        await settle(pilot)
        assert len(app.session.table.events) > before  # x rolled


async def test_a_game_is_saved_from_its_first_action_on(parlour_dirs):
    app = app_for(ME_AND_BOTS, seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert not saves_dir().exists() or not list(saves_dir().glob("*.jsonl"))
        assert "Quit" in footer(app) and "Save" not in footer(app)
        await pilot.press("space")
        await settle(pilot)
        assert len(list(saves_dir().glob("*.jsonl"))) == 1
        assert "Save & quit" in footer(app)


def test_equal_cards_are_shown_once_with_their_number():
    assert grouped(["Harry", "Doris", "Harry", "Harry"]) == ["Harry ×3", "Doris"]


async def test_a_long_hand_scrolls_and_its_count_agrees():
    app = make_app(
        start="play",
        game="filmis",
        seats=[Seat("Ann", None, "red"), Seat("Bob", "random", "blue")],
        seed=1,
        bot_delay=0,
        animations=False,
        autosave=False,
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        screen = app.screen
        from parlour.games.filmis.rules.cards import DORIS, HARRY, SICKAN

        hand = (HARRY,) * 9 + (DORIS,) * 4 + (SICKAN,) * 2
        hands = (hand,) + screen.table.state.hands[1:]
        screen.table.state = screen.table.state._replace(hands=hands)
        screen.redraw()
        await settle(pilot)
        text = str(screen.query_one(HandPanel).content)
        assert "(15)" in text and "×9" in text and "×4" in text and "×2" in text


async def test_the_title_has_help_and_nothing_to_save():
    app = make_app(bot_delay=0, animations=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)

        assert "Save" not in str(
            [
                b.description
                for b in app.screen.active_bindings
                and [a.binding for a in app.screen.active_bindings.values() if a.enabled]
            ]
        )
        await pilot.press("question_mark")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)


async def test_the_set_up_of_another_game_has_that_games_bots():
    app = make_app(start="play", game="garfield", seats=ME_AND_BOTS, bot_delay=0, animations=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        app.show_setup("filmis")
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen)
        names = [s.name for s in app.screen.seats]
        assert "Odie" not in names and "Nermal" not in names


async def test_a_save_is_deleted_only_after_a_yes(parlour_dirs):
    app = app_for(ME_AND_BOTS, seed=2)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        await pilot.press("space")
        await settle(pilot)
    (save,) = saves_dir().glob("*.jsonl")
    app = make_app(start="resume", bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        await pilot.press("d")
        await settle(pilot)
        assert isinstance(app.screen, ConfirmScreen)
        await pilot.press("n")
        await settle(pilot)
        assert save.exists()
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert not save.exists()
        assert isinstance(app.screen, ResumeScreen)
