"""The fourth game (tests/race: one folder, one registration) played to a result through every
front: the engine protocol, plain mode, the Textual app (Pilot), `parlour simulate` and a served
table over SSH. Nothing outside tests/race knows the game: each front finds it in the registry.

The dice and the deck are rigged: Ann holds +6. She rolls 6+6 and keeps her card (12); the bot
rolls 1+1 (2, or 8 with its card); Ann rolls 1+1 and plays her card: 12 + 2 + 6 = 20, she wins."""

from __future__ import annotations

import json
import random
import re

import pytest

from parlour.rules import registry
from parlour.rules.chance import Rig
from parlour.rules.table import Table
from parlour.services import saves

from . import ENTRY
from .rules import GOAL, PlayCard

DICE = [6, 6, 1, 1, 1, 1]
DECK = ["+6", "+1"]  # Ann's card, then the bot's


@pytest.fixture(autouse=True)
def race(tmp_path, monkeypatch):
    """The one registration call (taken back after the test), and the test's own data folders."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    registry.register(ENTRY)
    yield
    registry.unregister(ENTRY.id)
    from parlour.services.words import i18n

    i18n.set_language("en")


def rig() -> Rig:
    return Rig(list(DICE), [], {"cards": [list(DECK)]}, [])


def test_fourth_game_through_the_engine_protocol(tmp_path):
    from parlour.fronts.engine import EngineSession

    engine = EngineSession()

    def ask(**request):
        answer = json.loads(engine.reply(json.dumps(request)))
        assert answer["ok"], answer
        return answer

    ask(cmd="new", game="race", players=["Ann", "Bob"], seed=1, rig={"dice": DICE, "decks": {"cards": DECK}})
    assert ask(cmd="view", seat=1)["view"]["cards"] == ["?", "+1"]  # Bob sees his card, not Ann's
    ask(cmd="act", seat=0, action={"type": "Roll"})
    assert ask(cmd="legal", seat=0)["actions"] == [
        {"type": "PlayCard", "play": True},
        {"type": "PlayCard", "play": False},
    ]
    ask(cmd="act", seat=0, action={"type": "PlayCard", "play": False})
    ask(cmd="act", seat=1, action={"type": "Roll"})
    ask(cmd="act", seat=1, action={"type": "PlayCard", "play": False})
    ask(cmd="act", seat=0, action={"type": "Roll"})
    done = ask(cmd="act", seat=0, action={"type": "PlayCard", "play": True})
    assert done["result"]["winners"] == [0] and done["to_act"] == []
    assert ask(cmd="view", seat=1)["view"]["positions"] == [GOAL, 2]
    # the same game saved and read back: the log replays to the same end
    path = tmp_path / "race.jsonl"
    ask(cmd="save", path=str(path))
    loaded = saves.read(path)
    assert loaded.header.game == "race" and registry.get("race").result(loaded.state).winners == (0,)


def test_fourth_game_in_plain_mode(tmp_path):
    from parlour.fronts.plain.local import PlainTable
    from parlour.services.seats import parse_seats
    from tests.plain.test_plain_table import Script

    seats = parse_seats("race", "Ann,bot:random")
    assert seats[1].name == "Dasher"  # the bots' names come from the game's registry entry
    live = Table.new("race", [s.name for s in seats], seed=1, rig=rig())
    script = Script("rules", "roll", "keep", "roll", "1")  # 1: the first option, play the card
    PlainTable(live, seats, script.lines, script.read, save_path=tmp_path / "race.jsonl").play()
    text = script.text
    assert "Race to 20: roll two dice (Space/r)" in text and "Keep the card with x." in text  # its keys, named
    assert "Your turn. You rolled 6 and 6. Play your card +6 now?" in text
    assert "Ann plays card +6." in text and "Ann moves to square 20." in text
    assert "Game over\nYou win!" in text and "Ann: square 20 of 20" in text
    assert live.result().winners == (0,)


async def test_fourth_game_in_the_textual_app():
    from parlour.services.seats import Seat
    from parlour.tui.screens.game import GameScreen
    from parlour.tui.screens.results import ResultsScreen
    from parlour.tui.widgets.panels import PromptBar
    from tests.tui.driving import app_for, settle

    seats = [Seat("Ann", None, "red"), Seat("Dasher", "random", "blue")]
    app = app_for(seats, game="race", dice=DICE, decks={"cards": DECK}, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        table = app.session.table
        await pilot.press("space")  # roll: 6 + 6
        await settle(pilot)
        assert "Play your card +6 now?" in str(game.query_one(PromptBar).content)
        await pilot.press("x")  # the game's own key (its registry entry names it): keep the card
        await settle(pilot, rounds=6)  # and the bot's turn
        assert table.state.positions[0] == 12 and table.state.turn == 0
        await pilot.press("space")  # 1 + 1, and the question again
        await settle(pilot)
        assert table.legal_actions(0) == [PlayCard(True), PlayCard(False)]
        await pilot.press("1")  # the first option: play the card
        await settle(pilot)
        assert table.result() is None  # a numbered option is chosen, and waits for Enter
        await pilot.press("enter")
        await settle(pilot)
        assert table.result().winners == (0,) and table.state.positions[0] == GOAL
        assert isinstance(app.screen, ResultsScreen)


def test_fourth_game_in_simulate(capsys):
    from parlour.cli import main

    assert main(["simulate", "race", "--seats", "smart,random", "--games", "40", "--seed", "1", "--json"]) == 0
    report = json.loads(capsys.readouterr().out)
    assert report["game"] == "race" and report["finished"] == 40 and report["unfinished"] == 0
    assert sum(seat["wins"] for seat in report["seat_wins"]) == 40  # every game has one winner


async def test_fourth_game_at_a_served_table_over_ssh():
    from tests.ssh.harness import server
    from tests.ssh.test_plain import OPTION, connect_plain

    async with server() as hub:
        table = hub.lobby.create("race", ["human", "bot:random"], seed=1)
        ann = await connect_plain(hub, "Ann")
        await ann.said(lambda text: f"{table.id}. Race to 20" in text)
        ann.type(f"join {table.id}")
        await ann.said(lambda text: "Your turn." in text)
        rng, turns = random.Random(1), 0
        while "Game over" not in ann.text():
            turns += 1
            assert turns < 200, "the game did not end"
            told = ann.text()
            ann.type(rng.choice(OPTION.findall(told[told.rindex("Your turn.") :])))
            await ann.said(lambda text: text.count("Your turn.") > told.count("Your turn.") or "Game over" in text)
        assert table.status == "finished"
        assert re.search(r"^\S+ reaches square 20 and wins!$", ann.text(), re.M)  # the game's own words
        await ann.close()
