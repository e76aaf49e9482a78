"""The fourth game (tests/race: one folder, its own distribution) installed from outside the
repository and played to a result through every front: the engine protocol, plain mode, the
Textual app from its title screen and set-up (Pilot), `parlour simulate` in a process of its own
and a served table over SSH. Nothing in Parlour names the game and nothing registers it by hand:
each front finds it in the registry, which finds it through its entry point (docs/adding-a-game.md
is this fixture, step by step).

The dice and the deck are rigged: Ann holds +6. She rolls 6+6 and keeps her card (12); the bot
rolls 1+1 (2, or 8 with its card); Ann rolls 1+1 and plays her card: 12 + 2 + 6 = 20, she wins."""

from __future__ import annotations

import dataclasses
import importlib
import json
import os
import random
import re
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path

import pytest

from parlour.rules import registry
from parlour.rules.chance import Rig
from parlour.rules.table import Table
from parlour.services import saves

SEED = Path(__file__).resolve().parent  # the game's one folder
ROOT = SEED.parent.parent
PACKAGE = "parlour_race"  # the name it installs as (its modules say their own package's name)
DICE = [6, 6, 1, 1, 1, 1]
DECK = ["+6", "+1"]  # Ann's card, then the bot's


def lay_out(where: Path) -> Path:
    """The folder as a project: its pyproject.toml beside the package (its modules and catalogues;
    the tests stay behind)."""
    project = where / "parlour-race"
    shutil.copytree(SEED, project / PACKAGE, ignore=shutil.ignore_patterns("test_*", "__pycache__", "pyproject.toml"))
    shutil.copy(SEED / "pyproject.toml", project)
    return project


def install(project: Path, site: Path) -> None:
    """What `pip install ./parlour-race` puts in site-packages, made from its pyproject.toml: the
    package, and its dist-info with the entry points the registry reads."""
    meta = tomllib.loads((project / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    shutil.copytree(project / PACKAGE, site / PACKAGE)
    info = site / f"{meta['name'].replace('-', '_')}-{meta['version']}.dist-info"
    info.mkdir()
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {meta['name']}\nVersion: {meta['version']}\n")
    points = "".join(f"{name} = {target}\n" for name, target in meta["entry-points"]["parlour.games"].items())
    (info / "entry_points.txt").write_text(f"[parlour.games]\n{points}")


@pytest.fixture(scope="module")
def site(tmp_path_factory):
    """The race installed in a folder of its own, outside the repository, on this process's path
    and its children's; found by the registry as any installed game is, and taken away after."""
    where = tmp_path_factory.mktemp("outside")
    assert not where.resolve().is_relative_to(ROOT)
    site = where / "site-packages"
    site.mkdir()
    if os.environ.get("PARLOUR_GAME_PIP"):  # built and installed by pip itself (its cache or the network)
        command = [
            sys.executable,
            "-m",
            "pip",
            "install",
            "-q",
            "--no-deps",
            "--target",
            str(site),
            str(lay_out(where)),
        ]
        subprocess.run(command, check=True, capture_output=True, timeout=600)
    else:
        install(lay_out(where), site)
    assert "race" not in registry.GAMES  # nothing else knows it
    with pytest.MonkeyPatch.context() as patch:
        patch.syspath_prepend(str(site))
        patch.setenv("PYTHONPATH", str(site))
        registry.discover()
        yield site
    registry.unregister("race")
    for name in [m for m in sys.modules if m == PACKAGE or m.startswith(PACKAGE + ".")]:
        del sys.modules[name]
    importlib.invalidate_caches()


@pytest.fixture(autouse=True)
def race(site, tmp_path, monkeypatch):
    """The test's own data folders; the language put back after."""
    monkeypatch.setenv("PARLOUR_DATA_DIR", str(tmp_path / "data"))
    monkeypatch.setenv("PARLOUR_CONFIG_DIR", str(tmp_path / "config"))
    yield
    from parlour.services.words import i18n

    i18n.set_language("en")


def test_the_installed_game_is_found_by_its_entry_point():
    entry = registry.entry("race")
    assert entry.rules == f"{PACKAGE}.rules:GAME" and "race" in registry.available()
    assert list(registry.GAMES)[-1] == "race"  # after Parlour's own (its `order` is the default)
    assert registry.get("race").title == "Race to 20"


def rules():
    """The installed game's rules module (imported from its installed place)."""
    return importlib.import_module(f"{PACKAGE}.rules")


def rig() -> Rig:
    return Rig(list(DICE), [], {"cards": [list(DECK)]}, [])


def test_its_smart_bot_is_its_own():
    from parlour.rules.bots import make

    assert registry.strategy("race") is importlib.import_module(f"{PACKAGE}.bots").RaceSmart
    game, bot = registry.get("race"), make("smart", 1)
    state = rules().State(("Ann", "Bob"), (12, 0), ("+6", "+1"), turn=0, dice=(1, 1), asked=True)
    assert bot.choose(game, game.view(state, 0), 0) == rules().PlayCard(True)  # 12 + 2 + 6: the goal
    early = dataclasses.replace(state, positions=(4, 0))
    assert bot.choose(game, game.view(early, 0), 0) == rules().PlayCard(False)  # kept for later


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
    assert ask(cmd="view", seat=1)["view"]["positions"] == [rules().GOAL, 2]
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


async def test_fourth_game_from_the_title_screen_and_the_set_up():
    from parlour.tui.app import make_app
    from parlour.tui.screens.game import GameScreen
    from parlour.tui.screens.results import ResultsScreen
    from parlour.tui.screens.setup import SetupScreen
    from parlour.tui.screens.title import TitleScreen
    from parlour.tui.widgets.panels import PromptBar
    from tests.tui.driving import settle

    play_card = rules().PlayCard
    app = make_app(seed=1, rig=rig(), bot_delay=0, animations=False, autosave=False)
    async with app.run_test(size=(80, 24)) as pilot:
        await settle(pilot)
        assert isinstance(app.screen, TitleScreen)
        await pilot.press(*["down"] * (len(registry.GAMES) - 1), "enter")  # the last game listed
        await settle(pilot)
        assert isinstance(app.screen, SetupScreen) and app.screen.game.id == "race"
        await pilot.click("#remove")  # two seats: you and a bot
        await pilot.press("ctrl+s")
        await settle(pilot)
        game = next(s for s in app.screen_stack if isinstance(s, GameScreen))
        table = app.session.table
        assert table.players == ("You", "Dasher")  # the bot's name from the game's entry
        await pilot.press("space")  # roll: 6 + 6
        await settle(pilot)
        assert "Play your card +6 now?" in str(game.query_one(PromptBar).content)
        await pilot.press("x")  # the game's own key (its registry entry names it): keep the card
        await settle(pilot, rounds=6)  # and the bot's turn
        assert table.state.positions[0] == 12 and table.state.turn == 0
        await pilot.press("space")  # 1 + 1, and the question again
        await settle(pilot)
        assert table.legal_actions(0) == [play_card(True), play_card(False)]
        await pilot.press("1")  # the first option: play the card
        await settle(pilot)
        assert table.result() is None  # a numbered option is chosen, and waits for Enter
        await pilot.press("enter")
        await settle(pilot)
        assert table.result().winners == (0,) and table.state.positions[0] == rules().GOAL
        assert isinstance(app.screen, ResultsScreen)


def test_fourth_game_in_simulate_in_a_process_of_its_own(tmp_path):
    # A new process finds the game as an installed one: its entry point on the path (PYTHONPATH).
    run = subprocess.run(
        [
            sys.executable,
            "-m",
            "parlour",
            "simulate",
            "race",
            "--seats",
            "smart,random",
            "--games",
            "40",
            "--seed",
            "1",
            "--json",
        ],
        capture_output=True,
        text=True,
        timeout=120,
        cwd=tmp_path,
    )
    assert run.returncode == 0, run.stderr
    report = json.loads(run.stdout)
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
