"""The list of saves reads each row from the save's ends (saves.glance) and checks a save in full
only when it is opened (a save damaged in its middle, tests/test_glance.py); a save changed
within the ends it reads is read whole and listed as broken, the line named, also when chosen;
a long list keeps its height and still opens the row chosen."""

import os
import time

from textual.widgets import OptionList

from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.config import saves_dir
from parlour.services.table_driver import TableDriver
from parlour.tui.app import make_app
from parlour.tui.screens.game import GameScreen
from parlour.tui.screens.resume import LIST_LINES, ResumeScreen

from .driving import settle


def _save(name: str, game: str, seed: int, actions: int | None, age: int) -> Table:
    table = Table.new(
        game,
        ["Ann", "Bob"],
        seed=seed,
        meta={"seats": [{"bot": None, "colour": "red"}, {"bot": "random", "colour": "blue"}]},
    )
    TableDriver(table, {1: make("random", seed)}).play_bots(actions)  # the bot plays until Ann must act
    path = saves_dir() / name
    saves.write(path, table.header, table.events)
    stamp = time.time() - age * 60
    os.utime(path, (stamp, stamp))
    return table


async def test_a_long_list_lists_every_save_and_opens_the_one_chosen():
    saves_dir().mkdir(parents=True)
    tables = {
        f"game-{i:02d}.jsonl": _save(f"game-{i:02d}.jsonl", ("garfield", "filmis", "smurf")[i % 3], i, None, i)
        for i in range(14)
    }  # game-00 is the newest
    damaged = saves_dir() / "game-01.jsonl"
    lines = damaged.read_text(encoding="utf-8").splitlines(keepends=True)
    lines[2] = '{"seq": 2, "event": {"type": "Nonsense"}}\n'
    damaged.write_text("".join(lines), encoding="utf-8")
    stamp = time.time() - 60
    os.utime(damaged, (stamp, stamp))  # where it was in the list
    app = make_app(start="resume", bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        listed = app.screen.query_one("#saves", OptionList)
        assert listed.option_count == 14 and listed.size.height == LIST_LINES
        for (path, line, ok), name in zip(app.screen.rows, sorted(tables)):
            if path == damaged:  # within the ends the list reads, changed since it was marked: read whole
                assert not ok and "game-01.jsonl: line 3:" in line
                continue
            table = tables[name]
            waiting = [table.players[s] for s in table.to_act()]
            assert path.name == name and ok and line.endswith(f"in progress, {', '.join(waiting)} to play")
        listed.highlighted = 1  # the damaged save: it cannot be opened, and Enter says why
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert any("game-01.jsonl: line 3:" in n.message for n in app._notifications)
        listed = app.screen.query_one("#saves", OptionList)
        listed.highlighted = 13  # the oldest, below the fold
        await pilot.press("enter")
        await settle(pilot)
        assert isinstance(app.screen, GameScreen)
        assert app.session.table.events[: len(tables["game-13.jsonl"].events)] == tables["game-13.jsonl"].events


async def test_every_row_broken_or_not_is_reached_by_the_keys_and_a_broken_one_deleted():
    """19 broken saves above a good one: the arrows reach every row (the good one below the box
    too), Enter on a broken one says why and stays, and `d` deletes a broken one."""
    saves_dir().mkdir(parents=True)
    _save("good.jsonl", "smurf", 3, None, 60)  # the oldest: listed last
    for i in range(19):
        broken = saves_dir() / f"broken-{i:02d}.jsonl"
        broken.write_bytes(b"\x00not a save\n")
        stamp = time.time() - i * 60
        os.utime(broken, (stamp, stamp))
    app = make_app(start="resume", bot_delay=0, animations=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        listed = app.screen.query_one("#saves", OptionList)
        assert listed.highlighted == 19  # the one that can be played
        await pilot.press("home")
        await settle(pilot)
        assert listed.highlighted == 0
        await pilot.press("enter")  # a broken one: its reason, and the list stays
        await settle(pilot)
        assert isinstance(app.screen, ResumeScreen)
        assert any("broken-00.jsonl" in n.message for n in app._notifications)
        for _ in range(19):
            await pilot.press("down")
        await settle(pilot)
        assert listed.highlighted == 19 and app.screen.rows[19][0].name == "good.jsonl"
        for _ in range(5):
            await pilot.press("up")
        await pilot.press("d")
        await settle(pilot)
        await pilot.press("y")
        await settle(pilot)
        assert not (saves_dir() / "broken-14.jsonl").exists()
        assert len(list(saves_dir().glob("*.jsonl"))) == 19
