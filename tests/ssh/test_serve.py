"""`parlour serve` end to end: real SSH clients on 127.0.0.1, each with its own UI process in a
PTY, against one server in the test's event loop."""

from __future__ import annotations

import asyncio
import socket

import asyncssh
import pytest

from parlour.games.garfield.rules import cards as C
from parlour.games.garfield.rules.records import FollowGarfield
from parlour.rules.chance import Rig
from parlour.services import saves
from parlour.services.config import data_dir, saves_dir
from parlour.services.wire import Act, digest
from parlour.tui.games import Presenter

from ..screen import off_the_board
from .harness import TIMEOUT, connect, member, server, until, write

PRESENTER = Presenter.of("garfield")
WORDS = PRESENTER.words
ANN = (C.NAP_ATTACK, C.BLINDFOLD, C.PUT_ONE_OVER_TEN)
BOB = (C.PUT_ONE_OVER_SWAP, C.PUT_ONE_OVER_TWICE, C.LASAGNA)


def rigged_table(hub, **kw):
    """A two-seat Garfield table where Ann opens (12 against 2) and the hands are dealt as above."""
    rig = Rig(dice=[6, 6, 1, 1], decks={"player": [list(ANN + BOB)]})
    return hub.lobby.create("garfield", ["human", "human"], seed=11, rig=rig, **kw)


async def seat_both(hub, table, bobs_hub=None):
    """Ann and Bob sit at `table` (Bob through `bobs_hub`, another worker, if given)."""
    ann = await connect(hub, "Ann")
    await ann.wait_for(f"#{table.id} Garfield")
    ann.press("enter")
    await ann.wait_for("You have a seat")
    bob = await connect(bobs_hub or hub, "Bob")
    await bob.wait_for(f"#{table.id} Garfield · Ann")
    bob.press("enter")
    await ann.wait_for("Your hand")  # each player at their own keyboard is "you"
    await bob.wait_for("Your hand")
    return ann, bob


def caught_up(hub, table, *names) -> bool:
    """Every named player's UI has shown every event so far."""
    count = len(table.table.events)
    return all(member(hub, n) is not None and member(hub, n).seen == count for n in names)


async def play_one(hub, table, terms: dict, names=("Ann", "Bob")) -> None:
    """The seat to act presses the key its screen offers; wait until the table moved on."""
    await until(hub, lambda: caught_up(hub, table, *names))
    seat = table.table.to_act()[0]
    options = table.table.legal_actions(seat)
    term = terms[table.table.players[seat]]
    if PRESENTER.roll_action(options) is not None:
        term.press("space")
    else:
        term.press("enter")
    before = len(table.table.events)
    await until(hub, lambda: len(table.table.events) > before)


def labels(hand) -> list[str]:
    return [WORDS.card_label(card) for card in hand]


async def test_two_players_play_a_rigged_game_to_the_end_each_seeing_only_their_own_hand():
    async with server() as hub:
        table = rigged_table(hub)
        ann, bob = await seat_both(hub, table)
        terms = {"Ann": ann, "Bob": bob}
        for label in labels(ANN):
            assert label in off_the_board(ann.text()) and label not in off_the_board(bob.text())
        for label in labels(BOB):
            assert label in off_the_board(bob.text()) and label not in off_the_board(ann.text())
        actions = 0
        while table.table.result() is None:
            actions += 1
            assert actions < 400, "the game should have ended"
            await play_one(hub, table, terms)
            assert "Bob's hand" not in ann.text() and "Ann's hand" not in bob.text()
            assert "Your hand" in ann.text() and "Your hand" in bob.text()
        result = table.table.result()
        winner = table.table.players[result.winners[0]]
        await ann.wait_for("You win!" if winner == "Ann" else f"{winner} wins!")
        await bob.wait_for("You win!" if winner == "Bob" else f"{winner} wins!")
        await until(hub, lambda: caught_up(hub, table, "Ann", "Bob"))
        assert member(hub, "Ann").digest == digest(table.table.view(0))
        assert member(hub, "Bob").digest == digest(table.table.view(1))
        # never, in all that was sent to a screen, the other's hand
        assert b"Bob's hand" not in ann.raw and b"Ann's hand" not in bob.raw
        # saved like a local game
        [path] = saves_dir().glob("*-garfield.jsonl")
        assert saves.read(path).events == table.table.events
        await ann.close()
        await bob.close()
    log = (data_dir() / "serve.log").read_text()
    assert "Ann connected" in log and "Bob sits at table 1" in log and "finished" in log


async def test_a_dropped_player_reconnects_to_the_same_seat_and_state():
    async with server() as hub:
        table = rigged_table(hub)
        ann, bob = await seat_both(hub, table)
        terms = {"Ann": ann, "Bob": bob}
        for _ in range(6):
            await play_one(hub, table, terms)
        await bob.close()
        await until(hub, lambda: table.away == {1})
        await ann.wait_for("Bob is away")
        await ann.wait_for("Bob (away)")  # and in the players panel, for as long as he is gone
        while 0 in table.table.to_act():  # Ann plays on while Bob is away
            await play_one(hub, table, terms, names=("Ann",))
        events = len(table.table.events)
        bob = await connect(hub, "Bob")
        terms["Bob"] = bob
        await bob.wait_for("Your hand")
        await until(hub, lambda: caught_up(hub, table, "Bob"))
        assert member(hub, "Bob").seat == 1 and table.away == set()
        assert len(table.table.events) == events
        assert member(hub, "Bob").digest == digest(table.table.view(1))  # the whole view, restored
        for label in labels(table.table.state.hands[1]):
            assert label in off_the_board(bob.text())
        await ann.wait_for("Bob is back")
        await ann.wait_for(lambda term: "Bob (away)" not in term.text())
        for _ in range(4):
            await play_one(hub, table, terms)
        await until(hub, lambda: caught_up(hub, table, "Ann", "Bob"))
        assert member(hub, "Bob").digest == digest(table.table.view(1))
        await ann.close()
        await bob.close()


async def test_a_bot_stands_in_for_an_away_player_after_the_chosen_time():
    async with server() as hub:
        table = rigged_table(hub, standin=0.05)
        ann, bob = await seat_both(hub, table)
        await bob.close()
        await ann.wait_for("a bot plays for them")
        # Bob's turns are now played by the bot: Ann alone brings the game forward
        await until(hub, lambda: table.table.to_act() == (0,))
        start = table.table.state.turn
        terms = {"Ann": ann}
        while table.table.state.turn < start + 4 and table.table.result() is None:
            await play_one(hub, table, terms, names=("Ann",))
        await ann.close()


async def test_a_watcher_sees_no_hand_and_cannot_act():
    async with server() as hub:
        table = rigged_table(hub)
        ann, bob = await seat_both(hub, table)
        cid = await connect(hub, "Cid")
        await cid.wait_for("#1 Garfield")
        cid.press("w")
        await cid.wait_for("Hands are hidden")
        assert "'s hand" not in cid.text()
        for label in labels(ANN) + labels(BOB):
            assert label not in off_the_board(cid.text())
        events = len(table.table.events)
        cid.press("space", "enter", "1", "enter")  # nothing to do for a watcher
        await play_one(hub, table, {"Ann": ann, "Bob": bob}, names=("Ann", "Bob", "Cid"))
        await until(hub, lambda: caught_up(hub, table, "Cid"))
        assert all(e.seat == 0 for e in table.table.events[events:] if type(e).__name__ == "Acted")
        # and a forged request for a watcher is refused by the server
        before = len(table.table.events)
        hub.lobby.handle(member(hub, "Cid"), Act(FollowGarfield()))
        assert len(table.table.events) == before
        assert "a watcher cannot act" in (data_dir() / "serve.log").read_text()
        for term in (ann, bob, cid):
            await term.close()


async def test_a_wrong_password_and_an_unknown_key_are_refused(tmp_path):
    known, stranger = asyncssh.generate_private_key("ssh-ed25519"), asyncssh.generate_private_key("ssh-ed25519")
    keys = write(tmp_path / "authorized_keys", known.export_public_key().decode())
    passwords = write(tmp_path / "passwords", "ann:apple\nshared-secret\n")
    async with server(password_file=passwords, authorized_keys=keys) as hub:
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(hub, "Ann", password="pear")
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(hub, "Ann", password="shared-secret")  # Ann's name has its own password
        with pytest.raises(asyncssh.PermissionDenied):
            await connect(hub, "Eve", client_keys=[stranger])
        ann = await connect(hub, "Ann", password="apple")
        bob = await connect(hub, "Bob", password="shared-secret")
        dee = await connect(hub, "Dee", client_keys=[known])
        for term in (ann, bob, dee):
            await term.wait_for("the tables")
            await term.close()
    log = (data_dir() / "serve.log").read_text()
    assert "wrong password" in log and "unknown key" in log


async def test_without_credentials_it_listens_only_on_loopback():
    from parlour.fronts.serve.server import Hub, ServeError, Settings

    with pytest.raises(ServeError, match="loopback"):
        Hub(Settings(host="0.0.0.0"))


async def test_exec_and_no_terminal_get_a_sentence_not_a_shell():
    async with server() as hub:

        async def run(**request):
            async with asyncssh.connect(
                "127.0.0.1", hub.port, username="Ann", known_hosts=None, client_keys=None, agent_path=None
            ) as conn:
                return await asyncio.wait_for(conn.run(**request), TIMEOUT)

        result = await run(command="cat /etc/passwd")
        assert "only plays Parlour" in result.stdout and "root:" not in result.stdout
        result = await run(input="quit\n")  # a shell without a terminal: plain mode (tests/ssh/test_plain.py)
        assert "Tables (Ann):" in result.stdout
        async with asyncssh.connect(
            "127.0.0.1", hub.port, username="Ann", known_hosts=None, client_keys=None, agent_path=None
        ) as conn:
            with pytest.raises(asyncssh.ChannelOpenError):
                await conn.open_connection("127.0.0.1", 22)  # no port forwarding


async def test_garbage_a_huge_paste_and_silent_clients_do_not_disturb_a_game():
    async with server() as hub:
        table = rigged_table(hub)
        ann, bob = await seat_both(hub, table)
        silent_tcp = socket.create_connection(("127.0.0.1", hub.port))  # never says a word
        quiet = await connect(hub, "Zed")  # logs in, then never types
        eve = await connect(hub, "Eve")
        await eve.wait_for("the tables")
        eve.press("\x00\xff\x1b[999;999R\x1b]52;c;AAAA\x07\x1b[<0;1;1M" + "\x1b" * 50)
        eve.process.stdin.write(bytes(range(256)) * 16)
        eve.process.stdin.write(b"x" * 2_000_000)  # a huge paste
        terms = {"Ann": ann, "Bob": bob}
        for _ in range(8):
            await play_one(hub, table, terms)
        await until(hub, lambda: caught_up(hub, table, "Ann", "Bob"))
        assert member(hub, "Ann").digest == digest(table.table.view(0))
        late = await connect(hub, "Fay")  # the server still takes newcomers
        await late.wait_for("the tables")
        silent_tcp.close()
        for term in (ann, bob, quiet, eve, late):
            await term.close()
    assert "Traceback" not in eve.raw.decode("utf-8", "replace")


async def test_twenty_players_at_once_are_served():
    async with server(max_logins_per_address=20) as hub:  # all from one address, all at once

        async def one(i: int):
            term = await connect(hub, f"p{i}", width=80, height=24)
            await term.wait_for("the tables", timeout=60)
            return term

        terms = await asyncio.wait_for(asyncio.gather(*(one(i) for i in range(20))), 90)
        await until(hub, lambda: len(hub.lobby.members) == 20)
        for term in terms:
            await term.close()
        await until(hub, lambda: not hub.lobby.members)


async def test_the_ui_follows_the_client_window_and_locale():
    async with server() as hub:
        term = await connect(hub, "Ann", width=80, height=24, lang="C")
        await term.wait_for("the tables")
        assert "╭" not in term.text() and "+" in term.text()  # ASCII mode for a non-UTF-8 client
        term.process.change_terminal_size(120, 40)
        term.screen.resize(40, 120)
        await term.wait_for(lambda t: any(len(line.rstrip()) > 100 for line in t.screen.display))
        await term.close()
        sv = await connect(hub, "Bo", lang="sv_SE.UTF-8")
        await sv.wait_for("du är Bo")
        await sv.close()


async def test_a_full_server_refuses_one_more_connection_with_a_reason():
    async with server(max_connections=2) as hub:
        first, second = await connect(hub, "Ann"), await connect(hub, "Bob")
        await first.wait_for("Ann")
        with pytest.raises(asyncssh.DisconnectError, match="full"):
            await connect(hub, "Cid")
        await second.close()
        await until(hub, lambda: hub.connections == 1)
        third = await connect(hub, "Cid")  # a place is free again
        await third.wait_for("Cid")
        await first.close()
        await third.close()
    assert "the server is full" in (data_dir() / "serve.log").read_text()


async def test_an_idle_client_is_disconnected_and_leaves_the_lobby():
    async with server(idle_timeout=0.5) as hub:
        quiet = await connect(hub, "Ann")
        await quiet.wait_for(lambda term: term.closed)  # bounded by the harness timeout
        assert "Idle for too long" in quiet.text()
        assert member(hub, "Ann") is None
    log = (data_dir() / "serve.log").read_text()
    assert "Ann was idle" in log and "Ann left" in log
