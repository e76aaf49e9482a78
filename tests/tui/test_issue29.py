"""Issue 29, point by point: each test reads what the player is shown (the composed screen, the
printed text) in a situation that went wrong before. The property tests over many seeded games
are in test_screens_read.py."""

from __future__ import annotations

import sys

import pytest

from parlour.cli import main
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.seats import Seat, parse_seats
from parlour.services.table_driver import TableDriver
from parlour.services.words.i18n import set_language, t
from parlour.tui.app import make_app

from . import reading
from .driving import your_last_turn

ME_AND_BOTS = [Seat("Ann", None, "red"), Seat("Odie", "random", "blue"), Seat("Nermal", "random", "green")]


async def test_1_your_last_turn_tells_your_move_not_the_next_turns_heading():
    # The bots wait (a long pause): the table shows the status line between the player's move
    # and theirs. Seed 0: Ann begins.
    app = make_app(
        start="play", game="garfield", seats=ME_AND_BOTS, seed=0, bot_delay=1000, animations=False, autosave=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert app.session.humans_to_act() == [0]
        told = await your_last_turn(app, pilot)
        assert told and not told.startswith("—") and "turn —" not in told, told
        assert told.startswith("You "), told  # what your own move did


def test_5_the_command_is_named_as_the_player_can_run_it(tmp_path, monkeypatch):
    from parlour.services.command import command_for

    venv = tmp_path / ".venv" / "bin"
    venv.mkdir(parents=True)
    (venv / "parlour").write_text("")
    started = str(venv / "parlour")
    # Not on PATH: the path as typed from the folder the install was made in.
    assert command_for(started, sys.executable, found=lambda _: None, cwd=str(tmp_path)) == ".venv/bin/parlour"
    assert (
        command_for(".venv/bin/parlour", sys.executable, found=lambda _: None, cwd=str(tmp_path)) == ".venv/bin/parlour"
    )
    # On PATH (an activated venv, pipx): the bare name.
    assert command_for(started, sys.executable, found=lambda _: started, cwd=str(tmp_path)) == "parlour"
    assert (
        command_for(str(tmp_path / "parlour" / "__main__.py"), "/usr/bin/python3", cwd=str(tmp_path))
        == "/usr/bin/python3 -m parlour"
    )
    assert command_for("/x/site-packages/pytest/__main__.py", "/usr/bin/python3") == "parlour"  # another program


async def test_5_the_saved_message_names_that_command(monkeypatch, tmp_path):
    # Started as .venv/bin/parlour, with no parlour on PATH (the README's install).
    monkeypatch.setattr(sys, "argv", [".venv/bin/parlour"])
    monkeypatch.setenv("PATH", "/nowhere")
    app = make_app(start="play", game="garfield", seats=ME_AND_BOTS, seed=4, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        await pilot.press("ctrl+q")
    assert ".venv/bin/parlour resume" in app.exit_message, app.exit_message


def _finished_save(tmp_path):
    table = Table.new("garfield", ["Ann", "Bob", "Cid"], seed=4)
    TableDriver(table, {s: make("random", s) for s in range(3)}).play_bots()
    path = tmp_path / "g.jsonl"
    saves.write(path, table.header, table.events)
    return path


async def test_6_escape_in_replay_of_a_file_goes_back_to_the_shell(tmp_path):
    path = _finished_save(tmp_path)
    app = make_app(start="replay", resume=path, bot_delay=0, animations=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ReplayScreen"
        await pilot.press("escape")
        await pilot.pause()
        assert not app.is_running or app._exit, type(app.screen).__name__


def test_6_replay_text_has_a_header_and_a_final_ranking(tmp_path, capsys):
    path = _finished_save(tmp_path)
    assert main(["replay", str(path), "--text"]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0].startswith("Garfield · Ann, Bob, Cid · last played 20"), lines[0]
    assert (
        "Game over" in lines[-5:]
        and lines[-3].startswith(("Ann wins", "Bob wins", "Cid wins"))
        or any(line.startswith("1. ") for line in lines[-4:])
    ), lines[-6:]
    assert [line[:3] for line in lines[-3:]] == ["1. ", "2. ", "3. "], lines[-6:]


def test_8_swedish_smurfs_have_swedish_names():
    set_language("sv")
    assert [s.name for s in parse_seats("smurf", "Ann,bot,bot")[1:]] == ["Gammelsmurfen", "Smurfan"]
    set_language("en")
    assert [s.name for s in parse_seats("smurf", "Ann,bot,bot")[1:]] == ["Papa Smurf", "Smurfette"]


def test_8_one_swedish_word_for_the_opening_roll_and_filmis_words():
    from parlour.services.words.i18n import t

    set_language("sv")
    openings = [t(f"{game}.log.opening", name="A", dice="1+2", die="1") for game in ("garfield", "filmis", "smurf")]
    assert all("startslaget" in line for line in openings), openings
    assert "hemliga" in t("filmis.help.text")
    set_language("en")
    assert "landed on" in t("filmis.log.rolled", name="Sixten", dice="1+6", total=7, square="29")
    assert "secret" in t("filmis.help.text")


def test_8_plain_filmis_says_an_empty_home_pile_plainly():
    from parlour.rules import registry
    from parlour.services.words.base import Words

    set_language("sv")
    game = registry.get("filmis")
    state = game.initial(("Ann", "Bob"), {})
    aside = Words.of("filmis").aside(game.view(state, 0), 0, False)
    assert aside == "Hemmahög: tom", aside


def test_8_the_swap_prompt_shows_each_ones_place_and_rings():
    from parlour.games.garfield.rules.records import SwapWith
    from parlour.rules import registry
    from parlour.services.words.base import Words

    game = registry.get("garfield")
    view = game.view(game.initial(("Ann", "Odie", "Nermal"), {}), 0)
    label = Words.of("garfield").describe(SwapWith(1), view, 0, ("Ann", "Odie", "Nermal"))
    assert label.startswith("Odie (on 0") and label != "Odie", label


def test_8_simulate_says_turns_whole_wins_and_pads_no_line(capsys):
    from parlour.fronts.simulate import main as simulate

    assert simulate(["garfield", "--seats", "random,random", "--games", "6"]) == 0
    out = capsys.readouterr().out
    assert "TurnBegan" not in out and "seat(s)" not in out and "game length (turns):" in out
    assert not any(line != line.rstrip() for line in out.splitlines())
    assert ".0 " not in out.split("win rate", 1)[1].splitlines()[1]  # 4 wins, not 4.0


async def test_7_the_smurf_table_does_not_say_its_layout_is_reconstructed():
    # (That note belongs in the help, where it is; the boards growing: the tests below.)
    seats = [Seat("Ann", None, "red"), Seat("Papa Smurf", "random", "blue")]
    app = make_app(start="play", game="smurf", seats=seats, seed=1, bot_delay=0, animations=False, autosave=False)
    async with app.run_test(size=(120, 40)) as pilot:
        await pilot.pause()
        screen = "\n".join(reading.screen_rows(app))
        assert "Wheel 1" in screen and "reconstructed" not in screen


# ---- 7: the board uses a bigger terminal -------------------------------------------------------

GROWN = {  # words a square says by name on a grown board, per game and language
    ("garfield", "en"): ["Lasagna", "Take 1", "Back 7"],
    ("garfield", "sv"): ["Lasagne", "Ta 1", "bakåt"],
    ("smurf", "en"): ["Acorn", "hole 12", "HOME"],
    ("smurf", "sv"): ["Ekollon", "hål 12", "HEM"],
}


async def _board_rows(game: str, lang: str, size: tuple[int, int], ascii_only: bool = False):
    """The composed rows of the table's left column above the log (the board and what it shows),
    and that column's width (the log's top border is not counted)."""
    set_language(lang)
    try:
        app = make_app(
            start="play",
            game=game,
            seats=ME_AND_BOTS,
            seed=3,
            bot_delay=1000,
            animations=False,
            autosave=False,
            ascii_only=ascii_only,
        )
        async with app.run_test(size=size) as pilot:
            await pilot.pause()
            await pilot.pause(0.1)
            left = reading._region_of(app, "#left")
            log = reading._region_of(app, "#log")
            rows = reading.rows_in(app, left.intersection(left._replace(height=log.y - 1 - left.y)))
            return [row.replace("\xa0", " ") for row in rows], left.width  # (a no-break space shows as one)
    finally:
        set_language("en")


@pytest.mark.parametrize("game", ["garfield", "smurf"])
@pytest.mark.parametrize("lang", ["en", "sv"])
async def test_7_at_120x40_the_board_fills_its_column_and_its_squares_say_their_names(game, lang):
    rows, width = await _board_rows(game, lang, (120, 40))
    board = "\n".join(rows)
    used = max(len(row.rstrip()) for row in rows)
    assert used >= width - 3, f"the board uses {used} of {width} columns:\n{board}"
    assert len(rows) >= 20, f"the board is {len(rows)} lines high at 120x40:\n{board}"
    for name in GROWN[game, lang]:
        assert name in board, f"{name!r} not on the board:\n{board}"
    if game == "garfield":  # a space too narrow for its name shows its code: the legend stays (issue 39)
        set_language(lang)
        codes = {t(f"garfield.code.{kind}") for kind in ("GREEN", "LASAGNA_8", "RED", "TAKE_1", "TAKE_2")}
        assert not codes & set(board.split()) or t("garfield.legend.text")[:10] in board, board


@pytest.mark.parametrize("game", ["garfield", "smurf"])
async def test_7_the_grown_board_names_its_squares_in_ascii_too(game):
    rows, _ = await _board_rows(game, "en", (120, 40), ascii_only=True)
    board = "\n".join(rows)
    assert all(row.isascii() for row in rows)
    for name in GROWN[game, "en"]:
        assert name in board


@pytest.mark.parametrize("game", ["garfield", "smurf"])
async def test_7_at_80x24_the_board_is_as_it_was(game):
    rows, width = await _board_rows(game, "en", (80, 24))
    board = "\n".join(rows)
    assert len(rows) == 13 and max(len(row.rstrip()) for row in rows) <= 59
    codes = ["G?", "L8", "RD"] if game == "garfield" else ["Ac5", "(12)"]
    for code in codes:
        assert code in board


@pytest.mark.parametrize("size,shown", [((80, 24), True), ((120, 40), False)])
async def test_7_the_smurf_legend_shrinks_when_the_squares_name_themselves(size, shown):
    app = make_app(
        start="play", game="smurf", seats=ME_AND_BOTS, seed=3, bot_delay=1000, animations=False, autosave=False
    )
    async with app.run_test(size=size) as pilot:
        await pilot.pause()
        await pilot.pause(0.1)
        screen = "\n".join(reading.screen_rows(app))
        assert "cat: blocks" in screen  # what a square's name does not tell stays
        assert ("(12) hole, no cat" in screen) is shown, screen


FILMIS_GROWN = {  # the squares' names on the grown Filmis board at 120x40, per language
    "en": ["Extra", "roll", "Go home", "skip"],
    "sv": ["Extra", "slag", "Gå hem", "över"],
}


@pytest.mark.parametrize("lang", ["en", "sv"])
async def test_7_at_120x40_the_filmis_board_fills_its_column_and_its_squares_say_their_names(lang):
    rows, width = await _board_rows("filmis", lang, (120, 40))
    board = "\n".join(rows)
    used = max(len(row.rstrip()) for row in rows)
    assert used >= width - 3, f"the board uses {used} of {width} columns:\n{board}"
    assert len(rows) >= 17, f"the board is {len(rows)} lines high at 120x40:\n{board}"
    for name in FILMIS_GROWN[lang]:
        assert name in board, f"{name!r} not on the board:\n{board}"


@pytest.mark.parametrize("size", [(120, 40), (160, 50)])
async def test_7_the_filmis_legend_shrinks_as_the_squares_name_themselves(size):
    small, _ = await _board_rows("filmis", "en", (80, 24))
    grown, _ = await _board_rows("filmis", "en", size)
    small, grown = "\n".join(small), "\n".join(grown)
    assert "GH go" in small and "XR extra" in small and "FB filmisbyte" in small  # the codes need it
    assert "GH go" not in grown and "Go home" in grown, grown  # the square says it
    assert "FB filmisbyte" in grown and "Swap" not in grown, grown  # too long for its squares (issue 39)
    assert "[A] A's nest" in grown  # what the squares do not say stays
    if size == (160, 50):
        assert "CF cornflakes" not in grown and "XR extra" not in grown, grown


async def test_7_the_grown_filmis_board_names_its_squares_in_ascii_too():
    rows, _ = await _board_rows("filmis", "sv", (120, 40), ascii_only=True)
    board = "\n".join(rows)
    assert all(row.isascii() for row in rows), board
    for name in ["Extra", "slag", "Ga hem", "FB filmisbyte"]:
        assert name in board, board


async def test_7_at_80x24_the_filmis_board_is_as_it_was():
    rows, _ = await _board_rows("filmis", "en", (80, 24))
    board = "\n".join(rows)
    assert len(rows) == 13 and max(len(row.rstrip()) for row in rows) <= 58, board
    for code in ["CF", "F?", "XR", "FB", "GH"]:
        assert code in board
    assert "Go home" not in board and "Extra roll" not in board
