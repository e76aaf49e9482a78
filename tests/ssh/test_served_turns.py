"""A served table's turns, without SSH: the lobby hands typed messages (parlour/services/wire.py) to its
members, and the table's bots move through the turn control every front shares
(parlour/services/controller.py's TurnControl), on the table's clock."""

from __future__ import annotations

import asyncio
import logging

from parlour.fronts.serve.gametable import Member
from parlour.fronts.serve.tables import Lobby
from parlour.rules.records import Event
from parlour.services import wire


def seated(sent: list) -> list[wire.Seated]:
    return [m for m in sent if isinstance(m, wire.Seated)]


async def bots_moved(table) -> None:
    """Let the event loop run the table's bot timers (delay 0) until none is pending."""
    for _ in range(10_000):
        if "bot" not in table.timers:
            return
        await asyncio.sleep(0)
    raise AssertionError("the bots never stopped")


async def test_a_served_game_is_played_to_the_end_with_its_bot_moving_on_the_tables_clock():
    lobby = Lobby(bot_delay=0, save=False)
    sent: list = []
    ann = Member("Ann", "open", sent.append)
    lobby.handle(ann, wire.Hello())
    lobby.handle(ann, wire.Create("smurf", ("human", "bot:random")))
    [table] = lobby.tables.values()
    [start] = seated(sent)
    assert start.seat == 0 and start.bots == (None, "random") and start.players[1] == "Odie"
    folded: list[Event] = list(start.events)
    moves = 0
    while table.table.result() is None:
        moves += 1
        assert moves < 5000, "the game should have ended"
        await bots_moved(table)
        if table.table.result() is not None:
            break
        assert not table.turns.bot_pending and table.turns.session.bot_to_act() is None
        [seat] = table.table.to_act()
        assert seat == 0
        lobby.handle(ann, wire.Act(table.table.legal_actions(0)[0]))
        table.schedule_bot()  # asked again (a member came back): still one move at a time
        assert len([t for t in table.timers if t == "bot"]) <= 1
    for message in sent:
        if isinstance(message, wire.Events):
            folded += message.events
    # everything Ann was told, redacted for her seat, is the table's log as her seat may see it
    assert folded == [table.table.game.redact(e, 0) for e in table.table.events]
    assert not table.timers and table.status == "finished"


async def test_a_bot_that_fails_is_logged_and_the_lobby_goes_on():
    class Broken:
        def choose(self, game, view, seat):
            raise RuntimeError("a bug in a bot")

    lobby = Lobby(bot_delay=0, save=False)
    sent: list = []
    ann = Member("Ann", "open", sent.append)
    lobby.join(ann)
    lobby.handle(ann, wire.Create("garfield", ("human", "bot:random")))
    [table] = lobby.tables.values()
    table.driver.bots[1] = Broken()
    said: list[str] = []
    listener = logging.Handler(logging.ERROR)
    listener.emit = lambda record: said.append(
        f"{record.getMessage()} ({record.exc_info[1] if record.exc_info else ''})"
    )
    logger = logging.getLogger("parlour.fronts.serve")  # (an earlier server may have stopped its propagation)
    logger.addHandler(listener)
    try:
        while table.table.to_act() != (1,):
            await bots_moved(table)
            lobby.handle(ann, wire.Act(table.table.legal_actions(0)[0]))
        await bots_moved(table)
    finally:
        logger.removeHandler(listener)
    assert said == ["table 1: the bot for seat 1 failed (a bug in a bot)"]
    assert table.table.to_act() == (1,) and not table.turns.bot_pending  # it may be asked again
    lobby.handle(ann, wire.Leave())
    assert isinstance(sent[-1], wire.Listing) and sent[-1].tables[0].seats[0].away


async def test_a_request_of_no_known_type_is_refused_in_words():
    lobby = Lobby(bot_delay=0, save=False)
    sent: list = []
    ann = Member("Ann", "open", sent.append)
    lobby.handle(ann, {"t": "hello"})  # the old dict wire is not understood
    lobby.handle(ann, wire.Sit(99))
    assert sent == [wire.Refused("unknown message dict"), wire.Refused("there is no such table")]
