"""Issue 28, findings 2 and 6: names and file names are shown as text on every screen. The
hostile corpus (tests/hostile.py) goes through the list of saves, the table, the results and
the replay, read from the screen as composed; nothing is interpreted, nothing raises, and every
line keeps the screen's width (no border is broken)."""

from __future__ import annotations

import os

from textual.widgets import OptionList

from parlour.rules.bots import make
from parlour.rules.log import Loaded
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.config import saves_dir
from parlour.services.seats import Seat, seats_meta
from parlour.services.shown import shown
from parlour.services.table_driver import TableDriver
from parlour.tui.app import make_app
from parlour.tui.local_game import LocalGame
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.replay import ReplayScreen
from parlour.tui.screens.results import ResultsScreen
from parlour.tui.screens.resume import ResumeScreen
from tests.hostile import FILE_NAMES, NAMES, raw_controls

from .composed import read_screen, terminal_widths
from .driving import app_for, settle

WIDTH, HEIGHT = 100, 30  # wide enough that a name is not cut short on the table


def seated(names, bots=("random",) * 4) -> list[Seat]:
    return [Seat(name, bot, colour) for name, bot, colour in zip(names, bots, ("red", "blue", "green", "yellow"))]


def finished_table(names, game: str = "smurf", seed: int = 3) -> Table:
    seats = seated(names)
    table = Table.new(game, [s.name for s in seats], seed=seed, meta={"seats": seats_meta(seats)})
    TableDriver(table, {i: make("random", f"{seed}/{i}") for i in range(len(seats))}).play_bots()
    assert table.result() is not None
    return table


def intact(app, text: str) -> None:
    """No raw control character, and every line of the screen exactly its width in cells."""
    assert raw_controls(text) == []
    assert terminal_widths(app) == {WIDTH}


async def test_the_list_of_saves_shows_hostile_names_and_file_names_as_text():
    saves_dir().mkdir(parents=True)
    groups = [NAMES[i : i + 2] for i in range(0, len(NAMES), 2)]
    for name, players in zip(FILE_NAMES, groups + [NAMES[-2:]] * len(FILE_NAMES)):
        table = Table.new("smurf", players, seed=1, meta={"seats": seats_meta(seated(players, (None, "random")))})
        saves.write(saves_dir() / name, table.header, table.events)
    (saves_dir() / "[b]broken[b]\x1b[2J.jsonl").write_bytes(b"\x1b[2J[/] not a save\n")
    (saves_dir() / os.fsdecode(b"bad-\xfe\xff\xe2\x80\xae.jsonl")).write_bytes(b"\xfe\xff\n")
    app = make_app(start="resume", bot_delay=0, animations=False)
    async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        listed = app.screen.query_one("#saves", OptionList)
        assert listed.option_count == len(FILE_NAMES) + 2
        texts = []
        for row in range(listed.option_count):  # every row scrolled into view
            listed.highlighted = row
            texts.append(await read_screen(pilot))
            intact(app, texts[-1])
        text = "\n".join(texts)
        for players in groups:
            assert ", ".join(map(shown, players)) in text
        assert "[b]broken[b]\\x1b[2J.jsonl: " in text  # the broken ones, named as text
        assert "bad-\\xfe\\xff\\u202e.jsonl: " in text
        listed.highlighted = next(i for i, row in enumerate(app.screen.rows) if row[0].name.startswith("bad-"))
        await pilot.press("d")  # delete it? the question names it as text
        asked = await read_screen(pilot)
        assert "Delete the save bad-\\xfe\\xff\\u202e.jsonl?" in asked
        intact(app, asked)


async def test_the_table_results_and_replay_show_hostile_names_as_text():
    for names in (NAMES[:4], NAMES[4:8]):
        app = app_for(seated(names, (None, "random", "random", "random")), game="smurf", seed=2, autosave=False)
        async with app.run_test(size=(WIDTH, HEIGHT)) as pilot:
            await settle(pilot)
            assert isinstance(app.screen, GameScreen)
            text = await read_screen(pilot)
            intact(app, text)
            for name in names[1:]:  # the players panel names each; seat 0 is "You"
                assert shown(name) in text, name
            finished = finished_table(names)
            app.session = LocalGame(finished, seated(names, (None, "random", "random", "random")), None)
            app.push_screen(ResultsScreen(app.session))
            text = await read_screen(pilot)
            assert isinstance(app.screen, ResultsScreen)
            intact(app, text)
            assert any(shown(name) in text for name in names)
            app.show_replay(Loaded(finished.header, list(finished.events), finished.state, []))
            text = await read_screen(pilot)
            assert isinstance(app.screen, ReplayScreen)
            intact(app, text)
            assert any(shown(name) in text for name in names)
