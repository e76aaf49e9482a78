"""A served player's own history: `h` in the lobby (the Textual app over SSH) and `history` in
the plain lobby show the finished games of the server's saves folder at which that player sat,
newest first, and nobody else's games, nor a game they have not finished, nor a save's path."""

from __future__ import annotations

from parlour.rules.table import Table
from parlour.services import saves
from parlour.services.config import saves_dir

from ..test_standings import served
from .harness import connect, server
from .test_plain import connect_plain

ANNS = ["Ann, Bob", "Ann, Odie (bot)"]  # her games, newest first (their players, as the list tells them)
OTHERS = ["Bob, Cid", "Dee, Ann (bot)", "Ann, Eve"]  # not hers, or not finished


def games() -> None:
    """Ann's two finished games, two others' (one with a bot named Ann), and an unfinished one of hers."""
    folder = saves_dir()
    served(folder, "1.jsonl", [("Ann", None, "key:a"), ("Odie", "smart", None)], 100)
    served(folder, "2.jsonl", [("Bob", None, "key:b"), ("Cid", None, "key:c")], 200)
    served(folder, "3.jsonl", [("Dee", None, "key:d"), ("Ann", "smart", None)], 300)
    served(folder, "4.jsonl", [("Ann", None, "key:a"), ("Bob", None, "key:b")], 400)
    table = Table.new("smurf", ["Ann", "Eve"], seed=3)  # begun, never finished
    saves.write(folder / "5.jsonl", table.header, table.events)


def shows_only_anns(text: str) -> None:
    assert all(players in text for players in ANNS), text
    assert text.index(ANNS[0]) < text.index(ANNS[1]), text  # newest first
    assert not any(players in text for players in OTHERS), text
    assert ".jsonl" not in text and str(saves_dir()) not in text, text


async def test_h_in_the_served_lobby_shows_only_the_players_own_finished_games():
    games()
    async with server() as hub:
        ann = await connect(hub, "Ann", width=120)
        await ann.wait_for("you are Ann")
        assert "h my games" in ann.text()
        ann.press("h")
        await ann.wait_for("Your finished games here", *ANNS)
        shows_only_anns(ann.text())
        ann.press("escape")
        await ann.wait_for("h my games")
        cid = await connect(hub, "Cid", width=120)
        await cid.wait_for("you are Cid")
        cid.press("h")
        await cid.wait_for("Your finished games here", "Bob, Cid")
        assert not any(players in cid.text() for players in ANNS), cid.text()
        await ann.close()
        await cid.close()


async def test_history_in_the_plain_lobby_says_only_the_players_own_finished_games():
    games()
    async with server() as hub:
        ann = await connect_plain(hub, "Ann")
        await ann.said(lambda text: "Tables (Ann):" in text or "No tables yet." in text)
        ann.type("history")
        await ann.said(lambda text: all(players in text for players in ANNS))
        shows_only_anns(ann.text())
        gus = await connect_plain(hub, "Gus")
        await gus.said(lambda text: "No tables yet." in text)
        gus.type("history")
        await gus.said(lambda text: "No finished games yet." in text)
        assert not any(players in gus.text() for players in ANNS + OTHERS)
        await ann.close()
        await gus.close()


async def test_ratings_in_the_plain_lobby_are_read_off_the_servers_loop(monkeypatch):
    # Folding the ratings reads saves: done on the server's loop it would stall every player.
    import threading

    from parlour.services import standings as standings_module

    games()
    threads = []
    fold = standings_module.standings

    def recorded(folder):
        threads.append(threading.current_thread())
        return fold(folder)

    monkeypatch.setattr(standings_module, "standings", recorded)
    async with server() as hub:
        ann = await connect_plain(hub, "Ann")
        await ann.said(lambda text: "Tables (Ann):" in text or "No tables yet." in text)
        ann.type("ratings")
        await ann.said(lambda text: "Ann" in text.split("ratings", 1)[-1] and "±" in text)
        assert threads and all(thread is not threading.main_thread() for thread in threads)
        await ann.close()
