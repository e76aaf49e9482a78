"""Issue 39, point by point (the full screen's part): each test reads what the player is shown in
a situation that went wrong before. The property tests over many seeded games that would have
caught each point are in test_screens_read.py (tests/tui/reading.py's rules)."""

from __future__ import annotations

from parlour.cli import main
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.seats import parse_seats
from parlour.services.table_driver import TableDriver
from parlour.tui.app import make_app

from . import reading
from .driving import your_last_turn


async def test_1_your_last_turn_names_your_move_not_garfields_card():
    # The issue's own game: Space, and the bots wait (a long pause) so the line stays in view.
    seats = parse_seats("garfield", "You,bot,bot")
    app = make_app(
        start="play", game="garfield", seats=seats, seed=1091763037, bot_delay=1000, animations=False, autosave=False
    )
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        told = await your_last_turn(app, pilot)
        assert told.startswith("You "), told  # what you did, not "Garfield changes his mind."


def _finished(game: str, tmp_path):
    table = Table.new(game, ["Ann", "Bob", "Cid"], seed=4)
    TableDriver(table, {s: make("random", s) for s in range(3)}).play_bots()
    path = tmp_path / f"{game}.jsonl"
    saves.write(path, table.header, table.events)
    return path


def test_2_replay_text_keeps_the_results_line_breaks(tmp_path, capsys):
    path = _finished("filmis", tmp_path)
    for lang in ("en", "sv"):
        assert main(["replay", str(path), "--text", "--lang", lang]) == 0
        out = capsys.readouterr().out
        assert "\\x0a" not in out and "\\u" not in out, out[-600:]
        ranking = out.splitlines()[-9:]
        assert any(line.startswith("    ") for line in ranking), ranking  # each pile on a line of its own


ANN_AND_ODIE = parse_seats("garfield", "Ann,bot")


def _bar(app) -> str:
    return " ".join(reading.screen_rows(app)[-1].split())


async def test_4_a_lasagna_question_numbers_the_lasagna_by_its_slot():
    # Seed 2: Ann's first roll lands where a Lasagna may be played; hers is in slot 3.
    app = make_app(start="play", game="garfield", seats=ANN_AND_ODIE, seed=2, bot_delay=1000, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        await pilot.press("space")
        await pilot.pause()
        prompt, slots = reading.prompt_text(app), reading.hand_slots(app)
        assert "Lasagna" in prompt and slots.get("3") == "Lasagna", (prompt, slots)
        assert "[3] Play a Lasagna" in prompt and "[4] Keep it" in prompt, prompt
        assert "3-4 Choose" in _bar(app) and "1-9" not in _bar(app), _bar(app)  # the digits that work
        await pilot.press("3", "enter")
        await pilot.pause()
        assert "You play Lasagna." in "\n".join(app.screen.query_one("#log").texts), prompt


async def test_5_space_does_not_roll_while_a_card_is_chosen():
    app = make_app(start="play", game="garfield", seats=ANN_AND_ODIE, seed=2, bot_delay=1000, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        events = len(app.session.table.events)
        await pilot.press("1")
        await pilot.pause()
        assert "Enter:" in reading.prompt_text(app) and "Roll" not in _bar(app), (reading.prompt_text(app), _bar(app))
        await pilot.press("space")
        await pilot.pause()
        assert len(app.session.table.events) == events and "Enter:" in reading.prompt_text(app)
        await pilot.press("escape", "space")
        await pilot.pause()
        assert len(app.session.table.events) > events  # backed out: Space rolls again


async def test_6_the_footer_cuts_a_label_only_when_it_must():
    # Smurf at 80 columns, a move made (Ctrl+Q saves): the wheels share one word, Save & quit stays whole.
    for lang, save in (("en", "^q Save & quit"), ("sv", "^q Spara, avsluta")):
        seats = parse_seats("smurf", "Ann,bot")
        app = make_app(lang=lang, start="play", game="smurf", seats=seats, seed=3, bot_delay=0, animations=False)
        async with app.run_test(size=(80, 24)) as pilot:
            await pilot.pause()
            await pilot.press("1", "enter")
            for _ in range(20):
                await pilot.pause(0.02)
                if app.session.humans_to_act():
                    break
            assert save in _bar(app), _bar(app)


async def test_6_the_pass_screen_and_the_delete_question_name_their_keys(tmp_path):
    seats = parse_seats("garfield", "Ann,Bob")
    app = make_app(start="play", game="garfield", seats=seats, seed=3, bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "PassScreen"
        assert "⏎ Confirm" in _bar(app), _bar(app)
        await pilot.press("enter", "space")
        await pilot.pause()
    app = make_app(start="resume", bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeScreen"
        await pilot.press("d")
        await pilot.pause()
        assert type(app.screen).__name__ == "ConfirmScreen"
        assert "y Delete" in _bar(app) and "n Keep" in _bar(app), _bar(app)
        await pilot.press("n")
        await pilot.pause()
        assert type(app.screen).__name__ == "ResumeScreen"


async def test_6_every_code_on_a_roomy_board_is_in_its_legend():
    for game in ("garfield", "filmis"):
        seats = parse_seats(game, "Ann,bot")
        app = make_app(start="play", game=game, seats=seats, seed=3, bot_delay=1000, animations=False)
        async with app.run_test(size=(120, 40)) as pilot:
            await pilot.pause()
            board = "\n".join(reading.rows_in(app, reading.visible_region(app, app.screen.query_one("#board"))))
            assert ("GR" in board) if game == "garfield" else ("FB" in board), board  # codes are drawn
            assert reading.unexplained_codes(app, game) == [], board
            assert "Swap" not in board, board  # Filmis: the legend's word, filmisbyte


async def test_6_a_wrapped_blurb_on_the_title_keeps_its_indent():
    app = make_app(start="title", animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await pilot.pause()
        rows = [row for row in reading.screen_rows(app) if "Four food" in row or "count." in row]
        assert len(rows) == 2, rows  # the Smurf Game's blurb wraps at 80 columns
        indents = [len(row) - len(row.lstrip("│ ")) for row in rows]
        assert indents[0] == indents[1], rows
