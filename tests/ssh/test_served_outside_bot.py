"""The server operator's own bots at a served table (`parlour serve --bot NAME=COMMAND`): the
new-table form offers their names, a player picks one by name and can never make the server run
a command of theirs; the program plays in a thread (the server goes on meanwhile) and is stopped
with the game."""

from __future__ import annotations

import asyncio
import shlex
import sys
from pathlib import Path

import pytest

from parlour.fronts.serve.gametable import Member
from parlour.fronts.serve.tables import Lobby
from parlour.rules.records import Acted
from parlour.services import wire
from parlour.services.outside_bot import OutsideBot, listed

EXAMPLE = Path(__file__).resolve().parents[2] / "docs" / "examples" / "bot.py"
COMMAND = f"{shlex.quote(sys.executable)} {shlex.quote(str(EXAMPLE))} 4"


async def test_an_operators_bot_plays_a_served_table_to_the_end_and_is_stopped():
    lobby = Lobby(bot_delay=0, save=False, outside={"example": COMMAND})
    sent: list = []
    ann = Member("Ann", "open", sent.append)
    lobby.handle(ann, wire.Hello())
    assert [m.bots for m in sent if isinstance(m, wire.Listing)][-1] == ("example",)  # the form offers it
    lobby.handle(ann, wire.Create("smurf", ("human", "bot:example")))
    [table] = lobby.tables.values()
    program = table.driver.bots[1]
    assert isinstance(program, OutsideBot) and program.command[-1] == "4"
    for _ in range(4000):
        if table.table.result() is not None:
            break
        if table.table.to_act() == (0,) and not table.turns.bot_pending:
            lobby.handle(ann, wire.Act(table.table.legal_actions(0)[0]))
        await asyncio.sleep(0.001)
    assert table.table.result() is not None and table.status == "finished"
    assert any(type(e) is Acted and e.seat == 1 for e in table.table.events)
    assert program.trouble is None and program._process.poll() is not None  # stopped with the game
    assert not [m for m in sent if isinstance(m, wire.Notice)]


@pytest.mark.parametrize("spec", ["bot:cmd:./evil", "bot:nobody", "cmd:./evil", "bot:example "])
def test_a_player_cannot_seat_a_program_the_operator_did_not_list(spec):
    lobby = Lobby(bot_delay=0, save=False, outside={"example": COMMAND})
    sent: list = []
    ann = Member("Ann", "open", sent.append)
    lobby.handle(ann, wire.Hello())
    lobby.handle(ann, wire.Create("smurf", ("human", spec)))
    assert not lobby.tables
    [refused] = [m for m in sent if isinstance(m, wire.Refused)]
    assert "levels: random, smart, expert, example" in refused.reason


def test_the_operators_list_is_checked_when_the_server_starts():
    assert listed(["deep=./deep --fast", "quick=python3 q.py"]) == (
        ("deep", "./deep --fast"),
        ("quick", "python3 q.py"),
    )
    for bad in (["deep"], ["=./x"], ["smart=./x"], ["a=./x", "A=./y"], ["deep="], ["de ep=./x"]):
        with pytest.raises(ValueError):
            listed(bad)


async def test_the_new_table_form_offers_the_operators_bots_by_name(tmp_path, monkeypatch):
    from parlour.tui.remote import Link, make_remote_app

    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path))
    sent: list = []
    link = Link(sent.append)
    app = make_remote_app("en", link)
    async with app.run_test(size=(100, 30)) as pilot:
        link.deliver(wire.Listing("Ann", (), ("deep",)))
        await pilot.pause()
        await pilot.press("n")
        await pilot.pause()
        offered = []
        for _ in range(5):  # seat 2: human, then each level, then the operator's bot
            await pilot.press("2")
            await pilot.pause()
            offered.append(str(app.screen.query_one("#create-form").content).split("Seat 2: ")[1].split("\n")[0])
        assert "bot (deep)" in offered
        while "bot (deep)" not in str(app.screen.query_one("#create-form").content):
            await pilot.press("2")
            await pilot.pause()
        await pilot.press("enter")
        await pilot.pause()
    [create] = [m for m in sent if isinstance(m, wire.Create)]
    assert create.seats == ("you", "bot:deep")
