"""Every text that names a key follows the keymap: Filmis' and the Smurf Game's help (their own
keys too, named by binding id), the Smurf legend beside the board, and the hints of the title,
set-up, saves list, replay, pass-the-keyboard and served lobby screens (keys the keymap cannot
move, such as a list's ↑↓ and Enter, stay as written). ASCII mode keeps those texts ASCII."""

from __future__ import annotations

from contextlib import asynccontextmanager

import pytest

from parlour.services.seats import Seat
from parlour.services.wire import Listing, Notice, SeatLine, TableLine
from parlour.tui.screens.help import HelpScreen
from parlour.tui.widgets.panels import HandPanel

from .driving import app_for, settle
from .reading import screen_rows

KEYMAP = '[keys]\nroll = "x"\nconfirm = "o"\nhelp = "f1"\nundo = "y"\nfilmis_raid = "z"\nsmurf_wheel1 = "v"\nsmurf_wheel2 = "b"\n'


def help_text(app) -> str:
    return str(app.screen.query_one("#help-text").content)


@pytest.mark.parametrize("game", ["garfield", "filmis", "smurf"])
async def test_the_help_names_the_keys_the_keymap_gives(parlour_dirs, game):
    (parlour_dirs / "config").mkdir()
    (parlour_dirs / "config" / "keymap.toml").write_text(KEYMAP)
    seats = [Seat("You", None, "red"), Seat("Bot", "random", "blue")]
    app = app_for(seats, game=game, seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.keymap_warnings == []
        await pilot.press("f1")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = help_text(app)
        assert "{" not in text and "Space/" not in text and "Enter" not in text, text
        assert ("Press x (or o)" in text or "(x or o)" in text) and "confirm with o" in text
        assert "Undo (y)" in text
        if game != "garfield":
            assert "F1 " in text
        if game == "filmis":
            assert "press z to call the razzia" in text and "z calls the razzia" in text
        if game == "smurf":
            assert "key v for wheel 1, b for wheel 2" in text


@pytest.mark.parametrize(
    "keymap, said, unsaid",
    [
        (KEYMAP, ["x  roll", "v / b  wheel 1 / 2"], ["Space", "w / e"]),
        (None, ["Space/r  roll", "w / e  wheel 1 / 2"], []),  # the default keys
    ],
)
async def test_the_smurf_legend_names_the_keys_the_keymap_gives(parlour_dirs, keymap, said, unsaid):
    if keymap:
        (parlour_dirs / "config").mkdir()
        (parlour_dirs / "config" / "keymap.toml").write_text(keymap)
    seats = [Seat("You", None, "red"), Seat("Bot", "random", "blue")]
    app = app_for(seats, game="smurf", seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        legend = str(app.screen.query_one(HandPanel).content)
        assert all(text in legend for text in said) and not any(text in legend for text in unsaid), legend


# ---- the other screens' hints: each key the keymap can move is named as it has it ----------------


def write_keymap(parlour_dirs, text: str) -> None:
    (parlour_dirs / "config").mkdir(exist_ok=True)
    (parlour_dirs / "config" / "keymap.toml").write_text("[keys]\n" + text)


def screen_app(parlour_dirs, keymap: str | None, lang: str = "en", **options):
    """The app at a screen (`start=`), with `keymap` (the [keys] lines) written first."""
    from parlour.tui.app import make_app

    if keymap:
        write_keymap(parlour_dirs, keymap)
    return make_app(lang=lang, animations=False, autosave=False, **options)


@asynccontextmanager
async def running(app, size=(80, 24)):
    """The app running and settled, its keymap taken whole (no entry left out)."""
    async with app.run_test(size=size) as pilot:
        await settle(pilot)
        assert app.keymap_warnings == []
        yield pilot


def static_text(app, selector: str) -> str:
    return str(app.screen.query_one(selector).content)


async def test_the_title_hint_and_help_name_the_keys_the_keymap_gives(parlour_dirs):
    app = screen_app(
        parlour_dirs,
        'title_help = "f2"\ntitle_resume = "o"\ntitle_history = "y"\nquit = "ctrl+x"\nconfirm = "p"\n',
        start="title",
    )
    async with running(app) as pilot:
        hint = static_text(app, "#title-hint")
        assert "o resume a saved game · y finished games · F2 help · Ctrl+X quit" in hint, hint
        assert "↑↓ choose · Enter set up" in hint  # the game list's own keys: fixed
        await pilot.press("f2")
        await settle(pilot)
        assert isinstance(app.screen, HelpScreen)
        text = help_text(app)
        # the game list is chosen with Enter whatever `confirm` is (that is the table's key)
        assert "press Enter to set it up" in text and "o continues a saved game" in text, text
        assert "Ctrl+X saves and quits" in text


async def test_the_saves_list_hint_names_the_keys_the_keymap_gives(parlour_dirs):
    app = screen_app(parlour_dirs, 'resume_delete = "x"\nresume_back = "f4"\nconfirm = "o"\n', start="resume")
    async with running(app):
        # Enter picks from the list whatever `confirm` (the table's key) is
        assert static_text(app, "#resume-hint") == "↑↓ choose · Enter resume · x delete · F4 back"


async def test_the_history_hint_names_the_keys_the_keymap_gives(parlour_dirs):
    app = screen_app(parlour_dirs, 'history_game = "x"\nhistory_back = "f4"\n', start="title")
    async with running(app) as pilot:
        await pilot.press("f")
        await settle(pilot)
        assert static_text(app, "#resume-hint") == "↑↓ choose · Enter watch it again · x game · F4 back"


async def test_the_set_up_hint_names_the_keys_the_keymap_gives(parlour_dirs):
    app = screen_app(
        parlour_dirs, 'setup_back = "f4"\nsetup_up = "ctrl+p"\nsetup_down = "ctrl+n"\n', start="setup", game="garfield"
    )
    async with running(app):
        hint = static_text(app, "#setup-hint")
        assert hint.startswith("Tab/Ctrl+P/Ctrl+N move ·") and hint.endswith("· F4 back"), hint
    app = screen_app(parlour_dirs, None, "sv", start="setup", game="garfield")
    async with running(app):
        assert "F4 tillbaka" in static_text(app, "#setup-hint")


async def test_the_replay_hint_names_the_keys_the_keymap_gives(parlour_dirs):
    from parlour.tui.screens.replay import ReplayScreen

    from .scenes_replay import _saved_game

    saved = _saved_game()
    app = screen_app(parlour_dirs, None, start="replay", resume=saved)
    async with running(app, (100, 30)):
        assert isinstance(app.screen, ReplayScreen)
        default = str(app.screen.query_one("ReplayBar").content)
        assert "← → action  PgUp/PgDn turn  Home/End  g turn  Space play  +/- speed  v eyes" in default, default
    app = screen_app(
        parlour_dirs, 'replay_play = "p"\nreplay_eyes = "e"\nreplay_goto = "t"\n', start="replay", resume=saved
    )
    async with running(app, (100, 30)) as pilot:
        bar = str(app.screen.query_one("ReplayBar").content)
        assert "t turn  p play  +/- speed  e eyes" in bar, bar
        await pilot.press("p")  # the key moved indeed
        await settle(pilot)
        assert app.screen.playing


async def test_the_replay_in_ascii_mode_is_ascii_footer_and_hint_too(parlour_dirs):
    from .scenes_replay import _saved_game

    app = screen_app(parlour_dirs, None, start="replay", resume=_saved_game(), ascii_only=True)
    async with running(app, (100, 30)):
        bar = str(app.screen.query_one("ReplayBar").content)
        assert "Left Right action" in bar, bar
        footer = [
            app.get_key_display(binding)
            for _, binding, enabled, _ in app.active_bindings.values()
            if binding.show and enabled
        ]
        assert "<>" in footer and all(key.isascii() for key in footer), footer  # the code's "←→"


async def test_the_pass_the_keyboard_screen_names_the_key_the_keymap_gives(parlour_dirs):
    from parlour.tui.screens.privacy import PassScreen

    write_keymap(parlour_dirs, 'pass_confirm = "o"\n')
    seats = [Seat("A{nn}", None, "red"), Seat("B{ob}", None, "blue")]  # braces in a name stay as typed
    app = app_for(seats, game="garfield", seed=1, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert app.keymap_warnings == [] and isinstance(app.screen, PassScreen)
        name = app.screen.player
        assert f"{name}, press o when only you can see the screen." in static_text(app, "#pass")
        await pilot.press("o")
        await settle(pilot)
        assert not isinstance(app.screen, PassScreen)


LOBBY = Listing(
    "Ann",
    (
        TableLine(
            1,
            "garfield",
            "waiting",
            (SeatLine("Ann", None), SeatLine(None, None), SeatLine("Odie", "smart")),
            watching=2,
        ),
    ),
)


async def served_lobby(ascii_only: bool) -> tuple:
    from parlour.tui.remote import Link, make_remote_app

    link = Link(lambda message: None)
    app = make_remote_app("en", link, ascii_only=ascii_only)
    return app, link


@pytest.mark.parametrize("ascii_only", [False, True])
async def test_the_served_lobby_names_the_quit_key_and_goes_ascii(parlour_dirs, ascii_only):
    write_keymap(parlour_dirs, 'quit = "ctrl+x"\n')
    app, link = await served_lobby(ascii_only)
    async with app.run_test(size=(100, 30)) as pilot:
        await settle(pilot)
        link.deliver(LOBBY)
        link.deliver(Notice("lobby.waiting_players", {"n": 1}))
        await settle(pilot)
        box = app.screen.query_one("#tables")
        [status] = [note.text for note in box.notes]  # the server's word
        heading, table = str(box.border_title), box.rows[0].text
        bar = " ".join(screen_rows(app)[-1].split())  # the footer names the keys, as on every screen
        texts = [bar, heading, table, status]
        assert status.startswith("You have a seat"), status
        if ascii_only:
            assert all(text.isascii() for text in texts), texts
            assert (
                bar == "^v choose | Enter take a seat | w watch | n new table | l ratings | h my games | Ctrl+X leave"
            )
            assert heading.endswith("the tables | you are Ann") and "| 2 watching" in table
        else:
            assert (
                bar == "↑↓ choose · Enter take a seat · w watch · n new table · l ratings · h my games · Ctrl+X leave"
            )
            assert "· 2 watching" in table
        await pilot.press("n")
        await settle(pilot)
        form = str(app.screen.query_one("#create-form").content)
        assert form.isascii() if ascii_only else "· Enter create ·" in form, form


SLOTS = 'slot_1 = "a"\nslot_2 = "s"\nslot_3 = "d"\n'


def slots_remapped(parlour_dirs, game: str):
    """A table of `game` (you and a bot) with the first three slot keys moved to a, s, d."""
    write_keymap(parlour_dirs, SLOTS)
    return app_for([Seat("You", None, "red"), Seat("Bot", "random", "blue")], game=game, seed=1, autosave=False)


async def test_remapped_slot_keys_number_the_hand_and_name_themselves_in_the_hint_footer_and_help(parlour_dirs):
    app = slots_remapped(parlour_dirs, "garfield")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        assert app.keymap_warnings == []
        hand = str(app.screen.query_one(HandPanel).content)
        assert "\na " in hand and "\n1 " not in hand, hand
        prompt = str(app.screen.query_one("#choices").content)
        # the keys of the three cards in hand: the keys that work now
        assert "a/s/d: play a card" in prompt and "1-9" not in prompt, prompt
        footer = str(app.screen.query_one("KeyBar").render())
        assert "a/s/d " in footer and "1-9" not in footer and "/4" not in footer, footer
        await pilot.press("a")  # the first card is chosen with its key
        await settle(pilot)
        assert app.screen.control.selected is not None
        await pilot.press("question_mark")
        await settle(pilot)
        assert "(or a/s/d/4-9)" in help_text(app)


async def test_remapped_slot_keys_label_the_numbered_options(parlour_dirs):
    app = slots_remapped(parlour_dirs, "smurf")
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        prompt = str(app.screen.query_one("#choices").content)
        assert "[a]" in prompt and "[1]" not in prompt and "↑↓/a/s/d choose" in prompt, prompt
        await pilot.press("s")
        await settle(pilot)
        assert app.screen.control.selected == 1
