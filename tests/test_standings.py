"""Ratings at served tables (parlour/services/standings.py): a fixed set of served games rated as
worked out by hand, guests and takeovers unrated, a table abandoned while losing counted as a
loss, and the same numbers again from the saves alone once the ratings file is deleted."""

from __future__ import annotations

import json
import math
import os
from pathlib import Path

import pytest

from parlour import cli
from parlour.rules.bots import make
from parlour.rules.table import Table
from parlour.services import saves, standings
from parlour.services.table_driver import TableDriver

# One game between two new players moves each by this much (docs/ratings.md; tests/bots/test_arena.py
# works it out): sigma^2 / c / 2 with sigma^2 = (25/3)^2 + (25/300)^2, c^2 = 2 sigma^2 + 2 (25/6)^2.
SIGMA2 = (25 / 3) ** 2 + (25 / 300) ** 2
STEP = SIGMA2 / math.sqrt(2 * SIGMA2 + 2 * (25 / 6) ** 2) / 2


def served(folder: Path, name: str, seats: list[tuple[str, str | None, str | None]], when: float, moves=None, **meta):
    """A served game saved as `name`: seats are (name, bot level, credential); played by bots to
    the end (or `moves` actions), ending at `when`. Returns the table."""
    plan = [{"bot": bot, "colour": "red", "cred": cred} for _, bot, cred in seats]
    header_meta = {"served": True, "seats": plan, "standin": 0, **meta}
    table = Table.new("smurf", [n for n, _, _ in seats], seed=len(name) * 7 + int(when) % 97, meta=header_meta)
    TableDriver(table, {i: make("smart", i) for i in range(len(seats))}).play_bots(moves)
    folder.mkdir(parents=True, exist_ok=True)
    saves.write(folder / name, table.header, table.events)
    os.utime(folder / name, (when, when))
    return table


def winner_loser(table: Table) -> tuple[str, str]:
    (won,) = table.result().winners
    return table.players[won], table.players[1 - won]


@pytest.fixture
def games(tmp_path):
    folder = tmp_path / "saves"
    # rated: two named players (personal credentials), each new: STEP each way
    one = winner_loser(served(folder, "1.jsonl", [("Ann", None, "key:a"), ("Bob", None, "password:bob")], 100))
    # rated: a named player against a bot, rated under its level
    two = winner_loser(served(folder, "2.jsonl", [("Cid", None, "key:c"), ("Odie", "smart", None)], 200))
    # unrated: a guest (the shared password), a takeover (the stand-in's player came back)
    served(folder, "3.jsonl", [("Ann", None, "key:a"), ("Gus", None, "password")], 300)
    served(folder, "4.jsonl", [("Bob", None, "password:bob"), ("Cid", None, "key:c")], 400, stood_in=[1])
    # a loss for leaving: Dee left and a bot played her seat out; Eve takes the win whoever won
    served(folder, "5.jsonl", [("Dee", None, "key:d"), ("Eve", None, "key:e")], 500, stood_in=[0], left=[0])
    # abandoned: closed with both away, waiting for Fay: Fay loses, Hal wins
    table = served(folder, "6.jsonl", [("Fay", None, "key:f"), ("Hal", None, "key:h")], 600, moves=6, shelved=True)
    waiting = table.to_act()
    # not served at all: a game on one computer
    table = Table.new("smurf", ["Ann", "Bob"], seed=9)
    TableDriver(table, {0: make("smart", 0), 1: make("smart", 1)}).play_bots()
    saves.write(folder / "7.jsonl", table.header, table.events)
    return folder, one, two, [["Fay", "Hal"][s] for s in waiting if s is not None]


def test_served_games_are_rated_as_worked_out_by_hand(games):
    folder, (won1, lost1), (won2, lost2), waiting = games
    assert waiting == ["Fay"]  # (the seeded game stopped on Fay's turn)
    rows = {row["name"]: row for row in standings.standings(folder)["smurf"]}
    bot = {"Cid": "Cid", "Odie": "smart (bot)"}
    expected = {
        won1: 25 + STEP,
        lost1: 25 - STEP,
        bot[won2]: 25 + STEP,
        bot[lost2]: 25 - STEP,
        "Eve": 25 + STEP,
        "Dee": 25 - STEP,
        "Hal": 25 + STEP,
        "Fay": 25 - STEP,
    }
    assert set(rows) == set(expected)  # Gus (a guest) is not rated; 3, 4 and 7 moved nobody
    for name, rating in expected.items():
        assert rows[name]["rating"] == pytest.approx(rating, abs=1e-4), name
        assert rows[name]["games"] == 1
    assert round(STEP, 4) == 2.6354


def test_the_ratings_come_back_the_same_from_the_saves_alone(games):
    folder = games[0]
    first = standings.standings(folder)
    assert json.loads((folder / standings.RATINGS).read_text())["games"] == first
    (folder / standings.RATINGS).unlink()
    (folder / ".history-index.json").unlink()
    assert standings.standings(folder) == first
    # the file is a cache: a stale one (a save changed since) is folded again, not believed
    cached = json.loads((folder / standings.RATINGS).read_text())
    cached["games"]["smurf"][0]["rating"] = 99.0
    (folder / standings.RATINGS).write_text(json.dumps(cached))
    assert standings.standings(folder)["smurf"][0]["rating"] == 99.0  # (believed while up to date)
    os.utime(folder / "1.jsonl", (700, 700))  # game 1 now ended last: folded again
    again = standings.standings(folder)
    assert again["smurf"][0]["rating"] != 99.0 and {r["name"] for r in again["smurf"]} == {
        r["name"] for r in first["smurf"]
    }


def test_parlour_ratings_prints_the_boards(games, monkeypatch, capsys):
    folder = games[0]
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder.parent))
    assert cli.main(["ratings", "--lang", "en"]) == 0
    out = capsys.readouterr().out.splitlines()
    assert out[0] == "The Smurf Game" and len([line for line in out if "±" in line]) == 8
    assert cli.main(["ratings", "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == standings.standings(folder)


async def test_the_served_lobby_shows_the_leaderboard_with_your_own_line(games, monkeypatch):
    import asyncio

    from parlour.services.wire import Listing
    from parlour.tui.remote import Link, make_remote_app
    from parlour.tui.screens.leaderboard import LeaderboardScreen

    folder = games[0]
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(folder.parent))
    link = Link(lambda message: None)
    app = make_remote_app("en", link)
    async with app.run_test(size=(100, 30)) as pilot:
        link.deliver(Listing("Fay"))
        await pilot.pause()
        await pilot.press("l")
        for _ in range(100):
            await pilot.pause()
            screen = app.screen
            text = (
                str(screen.query_one("#leaderboard .told-text").content)
                if isinstance(screen, LeaderboardScreen)
                else ""
            )
            if "The Smurf Game" in text:
                break
            await asyncio.sleep(0.02)
        lines = text.splitlines()
        assert lines[0] == "Ratings" and lines[2] == "The Smurf Game"
        [mine] = [line for line in lines if line.endswith("◀")]
        assert "Fay" in mine and "22.4 ± " in mine and "1 game, 0 won" in mine
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, LeaderboardScreen)
